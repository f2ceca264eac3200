import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type ReplyEncoding = 'br' | 'gzip' | 'identity';

/** One reply's bytes, and its compressed forms once a client has asked for them. */
export class BuiltReply {
  private readonly encoded = new Map<ReplyEncoding, Promise<Buffer>>();

  constructor(
    readonly bytes: Buffer,
    private readonly grew: (bytes: number) => void,
  ) {
    this.encoded.set('identity', Promise.resolve(bytes));
  }

  /**
   * The reply in an encoding, compressed once (off the event loop, in zlib's threads) and kept: the titles of
   * a large list took tens of milliseconds to compress on every request. Brotli at quality 5: a little above
   * the middleware's 4 for replies compressed per request, as this is done once.
   */
  in(encoding: ReplyEncoding): Promise<Buffer> {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes = encoding === 'br' ? brotli(this.bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzip(this.bytes);
      this.encoded.set(encoding, bytes);
      void bytes.then((b) => this.grew(b.length), () => this.encoded.delete(encoding));
    }
    return bytes;
  }
}

/**
 * Replies by their ETag, in this process's memory: a dataset reply of a version already built is sent again
 * without reading, encoding or compressing it (each request still reads the version, which checks access
 * first). The key names the dataset, the reply and the version, so an entry is never out of date: a change
 * raises the version, and the old entry is simply not asked for again and ages out. Bounded by bytes, least
 * recently used first out. Several server processes each keep their own.
 */
export class ReplyCache {
  private readonly entries = new Map<string, { reply: BuiltReply; bytes: number }>();
  private size = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): BuiltReply | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.reply;
  }

  /** Keeps a reply's text; it is sent as it is if too large to keep. */
  set(key: string, text: string): BuiltReply {
    const entry = { reply: null as unknown as BuiltReply, bytes: 0 };
    entry.reply = new BuiltReply(Buffer.from(text, 'utf8'), (more) => {
      if (this.entries.get(key) !== entry) return;
      entry.bytes += more;
      this.size += more;
      this.trim();
    });
    entry.bytes = entry.reply.bytes.length;
    if (entry.bytes > this.maxBytes) return entry.reply;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.size -= old.bytes;
    }
    this.entries.set(key, entry);
    this.size += entry.bytes;
    this.trim();
    return entry.reply;
  }

  private trim(): void {
    for (const [key, entry] of this.entries) {
      if (this.size <= this.maxBytes) break;
      this.entries.delete(key);
      this.size -= entry.bytes;
    }
  }
}
