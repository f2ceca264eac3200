/**
 * Text encoding of a CSV file: a byte-order mark decides (UTF-8, UTF-16 LE, UTF-16 BE); without one the
 * bytes are read as UTF-8 when they are valid UTF-8, else as Windows-1252 (what Excel on Windows saves as "CSV").
 */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export function detectEncoding(bytes: Uint8Array): TextEncodingName {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** The file's text without its byte-order mark, and the encoding it was read with. */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  const encoding = detectEncoding(bytes);
  const text = encoding === 'windows-1252' ? decodeWindows1252(bytes) : new TextDecoder(encoding).decode(bytes);
  return { text, encoding };
}

/** 0x80–0x9F, where Windows-1252 differs from Latin-1 (the five unassigned bytes keep their C1 code points). */
const HIGH_CONTROL_RANGE = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/** Decoded by table rather than TextDecoder, whose Windows-1252 in some runtimes is plain Latin-1. */
export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const step = 8192;
  for (let start = 0; start < bytes.length; start += step) {
    const codes = Array.from(bytes.subarray(start, start + step), (b) =>
      b >= 0x80 && b <= 0x9f ? HIGH_CONTROL_RANGE[b - 0x80]! : b,
    );
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}
