import zlib from 'node:zlib';

/**
 * Just enough PDF reading for report tests: page count and sizes from the page objects, embedded images, and
 * the fill colours (`r g b rg`) used in the content streams, which Chromium deflates.
 */
export interface PdfFacts {
  pages: number;
  /** MediaBox width × height in points of each page. */
  pageSizes: [number, number][];
  images: number;
  /** Every fill colour set, as #rrggbb. */
  fillColours: Set<string>;
  /** The text of the content streams (deflated ones inflated). */
  streams: string;
}

const hex = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 255).toString(16).padStart(2, '0');

export function readPdf(bytes: Buffer): PdfFacts {
  const raw = bytes.toString('latin1');
  const pageObjects = raw.match(/\/Type\s*\/Page(?![s\w])/g) ?? [];
  const pageSizes = [...raw.matchAll(/\/Type\s*\/Page(?![s\w])[^]*?\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map(
    (m) => [Number(m[3]) - Number(m[1]), Number(m[4]) - Number(m[2])] as [number, number],
  );
  const streams: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) continue;
    const body = bytes.subarray(start, end);
    try {
      streams.push(zlib.inflateSync(body).toString('latin1'));
    } catch {
      streams.push(body.toString('latin1'));
    }
  }
  const text = streams.join('\n');
  const fillColours = new Set<string>();
  for (const m of text.matchAll(/(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+rg\b/g)) fillColours.add(`#${hex(Number(m[1]))}${hex(Number(m[2]))}${hex(Number(m[3]))}`);
  return { pages: pageObjects.length, pageSizes, images: (raw.match(/\/Subtype\s*\/Image/g) ?? []).length, fillColours, streams: text };
}

/** A solid-colour PNG of the given size, for a test logo. */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.concat(Array.from({ length: width }, () => Buffer.from(rgb)))]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}
