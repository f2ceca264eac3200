import http from 'node:http';

export interface HttpReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  body: any;
}

export interface RequestOptions {
  method?: string;
  /** An object is sent as JSON; a string or Buffer is sent as is. */
  body?: unknown;
  headers?: Record<string, string | undefined>;
  cookie?: string;
  token?: string;
}

/**
 * A raw HTTP client over node:http, so tests can send what browsers and attackers send:
 * any Host, Origin or Sec-Fetch-Site header, non-JSON bodies, malformed JSON.
 */
export function request(baseUrl: string, path: string, options: RequestOptions = {}): Promise<HttpReply> {
  const url = new URL(path, baseUrl);
  const headers: Record<string, string> = {};
  let payload: Buffer | undefined;
  if (options.body !== undefined) {
    if (typeof options.body === 'string' || Buffer.isBuffer(options.body)) {
      payload = Buffer.from(options.body as string | Buffer);
    } else {
      payload = Buffer.from(JSON.stringify(options.body));
      headers['content-type'] = 'application/json';
    }
    headers['content-length'] = String(payload.length);
  }
  if (options.cookie) headers.cookie = options.cookie;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === undefined) delete headers[name.toLowerCase()];
    else headers[name.toLowerCase()] = value;
  }
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? (payload ? 'POST' : 'GET'), headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
      });
    });
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}
