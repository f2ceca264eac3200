import http from 'node:http';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { distinctTitles, generateStaffList, rng } from '../../../bench/staffListGenerator.ts';
import { decodeTitlesList } from '../../../workers/classify/titlesList.ts';
import { asOwner } from '../../db/connection.ts';
import { listTitles } from '../../repositories/titlesRepository.ts';
import { newEngagement, readyDataset } from '../support/staffList.ts';
import { BACKENDS, serverFor } from '../support/testServer.ts';

/** A GET whose body is kept as the bytes that crossed the wire, not decoded. */
function getRaw(baseUrl: string, path: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; wire: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(path, baseUrl), { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, wire: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe.each(BACKENDS)('compressed replies on %s', (backend) => {
  const api = serverFor(backend, { lead: 'lead@example.com' });

  it('sends JSON as brotli when the client accepts it, else gzip, else as it is', async () => {
    const plain = await getRaw(api.server.url, '/api/openapi.json', { cookie: api.lead });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);

    const br = await getRaw(api.server.url, '/api/openapi.json', { cookie: api.lead, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.wire).equals(plain.wire)).toBe(true);
    expect(br.wire.length).toBeLessThan(plain.wire.length / 4);

    const gzip = await getRaw(api.server.url, '/api/openapi.json', { cookie: api.lead, 'accept-encoding': 'gzip, deflate' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.wire).equals(plain.wire)).toBe(true);
    expect(gzip.headers['cache-control']).toBe('no-store');
  });

  it("sends the app shell's script gzipped to a browser that accepts gzip", async () => {
    const script = await getRaw(api.server.url, '/app.js', { 'accept-encoding': 'gzip' });
    expect(script.status).toBe(200);
    expect(script.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(script.wire).toString('utf8')).toContain('customElements');
  });

  it('sends a dataset reply built already compressed as each client asks, the same bytes each time', async () => {
    const datasetId = await readyDataset(api.server, api.lead, await newEngagement(api.server, api.lead), generateStaffList(300, { titles: 60 }));
    const path = `/api/datasets/${datasetId}/titles`;
    const plain = await getRaw(api.server.url, path, { cookie: api.lead });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding, decode] of [['br', 'br', zlib.brotliDecompressSync], ['gzip, deflate', 'gzip', zlib.gunzipSync]] as const) {
      const first = await getRaw(api.server.url, path, { cookie: api.lead, 'accept-encoding': accept });
      const again = await getRaw(api.server.url, path, { cookie: api.lead, 'accept-encoding': accept });
      expect(first.headers['content-encoding'], accept).toBe(encoding);
      expect(first.headers.vary, accept).toMatch(/Accept-Encoding/i);
      expect(decode(first.wire).equals(plain.wire), accept).toBe(true);
      expect(again.wire.equals(first.wire), accept).toBe(true);
    }
    expect((await getRaw(api.server.url, path, { cookie: api.lead })).wire.equals(plain.wire)).toBe(true);
  });

  it("sends a dataset reply brotli-compressed to a browser's gzip, deflate, br, and gzipped to one rating gzip higher", async () => {
    const datasetId = await readyDataset(api.server, api.lead, await newEngagement(api.server, api.lead), generateStaffList(300, { titles: 60 }));
    const path = `/api/datasets/${datasetId}/titles`;
    for (const [accept, encoding] of [['gzip, deflate, br, zstd', 'br'], ['br;q=0.5, gzip', 'gzip'], ['*', 'br'], ['br;q=0, gzip;q=0', undefined]] as const) {
      expect((await getRaw(api.server.url, path, { cookie: api.lead, 'accept-encoding': accept })).headers['content-encoding'], accept).toBe(encoding);
    }
  });

  it('sends the titles of a 3,000-title list in under 300 KB gzipped, and the browser reads back the stored titles', async () => {
    const titles = distinctTitles(3000, rng(7));
    const rows = generateStaffList(6000).map((row, i) => ({ ...row, title: titles[i % titles.length] }));
    const datasetId = await readyDataset(api.server, api.lead, await newEngagement(api.server, api.lead), rows);

    const reply = await getRaw(api.server.url, `/api/datasets/${datasetId}/titles`, { cookie: api.lead, 'accept-encoding': 'gzip, deflate' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(reply.wire.length).toBeLessThan(300 * 1024);

    const read = decodeTitlesList(JSON.parse(zlib.gunzipSync(reply.wire).toString('utf8')));
    const stored = await asOwner(api.server.database, (tx) => listTitles(tx, datasetId));
    expect(read).toHaveLength(3000);
    expect(stored.some((t) => t.variants !== null) && stored.every((t) => t.alternatives.length > 0 || t.source !== 'rules')).toBe(true);
    expect(read).toEqual(stored);
  }, 120_000);
});
