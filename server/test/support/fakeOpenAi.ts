import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';

/** What the fake answers one request with: a chat completion, an HTTP error, or nothing for a while. */
export type FakeReply =
  | { content: string; usage?: { input: number; output: number }; model?: string }
  | { status: number; error?: string; headers?: Record<string, string> }
  | { hang: true };

export type FakeHandler = (body: any) => FakeReply | Promise<FakeReply>;

/**
 * A local server speaking the OpenAI chat-completions API on 127.0.0.1, so tests drive the real
 * `openai` SDK through real HTTP: every request body is kept for inspection, and the handler
 * decides each answer (good JSON, malformed text, 429, 500, or a hang past the timeout).
 */
export class FakeOpenAi {
  readonly requests: any[] = [];
  handler: FakeHandler = () => ({ status: 500, error: 'no handler set' });
  private readonly sockets = new Set<Socket>();

  private constructor(private readonly server: http.Server) {}

  static async start(): Promise<FakeOpenAi> {
    let fake!: FakeOpenAi;
    const server = http.createServer((req, res) => void fake.serve(req, res));
    fake = new FakeOpenAi(server);
    server.on('connection', (socket) => {
      fake.sockets.add(socket);
      socket.on('close', () => fake.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  /** The environment that points the service at this fake. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return { AI_PROVIDER: 'openai', AI_API_KEY: 'test-key', AI_BASE_URL: this.baseUrl, AI_MODEL: 'fake-model', ...extra };
  }

  private async serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    if (req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'unknown route' } }));
      return;
    }
    this.requests.push(body);
    const reply = await this.handler(body);
    if ('hang' in reply) return;
    if ('status' in reply) {
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers }).end(JSON.stringify({ error: { message: reply.error ?? 'error', type: 'server_error' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: reply.model ?? body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: reply.content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: reply.usage?.input ?? 100, completion_tokens: reply.usage?.output ?? 50, total_tokens: (reply.usage?.input ?? 100) + (reply.usage?.output ?? 50) },
      }),
    );
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The text of a request's system and user messages. */
export const messagesOf = (body: any): string => (body.messages as { content: string }[]).map((m) => m.content).join('\n');

/** The titles of a classifier request, read back from its numbered list. */
export function titlesSent(body: any): string[] {
  const user = (body.messages as { role: string; content: string }[]).find((m) => m.role === 'user')!.content;
  const list = user.slice(user.indexOf('Titles:'));
  return Array.from(list.matchAll(/^(\d+)\. (.*)$/gm), (m) => m[2]);
}

/** A classifier reply giving every title of the request the same codes, cited as the contract asks. */
export function codeEvery(body: any, pick: { u: string; k: string; c?: number }): { content: string } {
  const rows = titlesSent(body).map((_, n) => ({ i: n + 1, u: pick.u, k: pick.k, c: pick.c ?? 0.9, z: [`us-soc-2018:${pick.u}`, `uk-soc-2020:${pick.k}`] }));
  return { content: JSON.stringify({ rows }) };
}
