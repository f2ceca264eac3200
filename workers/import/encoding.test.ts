import { describe, expect, it } from 'vitest';
import { decodeText, detectEncoding } from './encoding.ts';

const utf16 = (text: string, bigEndian: boolean) => {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set(bigEndian ? [0xfe, 0xff] : [0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    bytes[2 + i * 2] = bigEndian ? code >> 8 : code & 0xff;
    bytes[3 + i * 2] = bigEndian ? code & 0xff : code >> 8;
  }
  return bytes;
};

describe('decodeText', () => {
  it('reads UTF-8 with a byte-order mark and drops the mark', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('Title,Salary £')]);
    expect(decodeText(bytes)).toEqual({ text: 'Title,Salary £', encoding: 'utf-8' });
  });

  it('reads UTF-8 without a byte-order mark', () => {
    expect(decodeText(new TextEncoder().encode('Zoë,Café'))).toEqual({ text: 'Zoë,Café', encoding: 'utf-8' });
  });

  it('reads UTF-16 little-endian by its byte-order mark', () => {
    expect(decodeText(utf16('Job title\tPay €', false))).toEqual({ text: 'Job title\tPay €', encoding: 'utf-16le' });
  });

  it('reads UTF-16 big-endian by its byte-order mark', () => {
    expect(decodeText(utf16('Job title\tPay €', true))).toEqual({ text: 'Job title\tPay €', encoding: 'utf-16be' });
  });

  it('falls back to Windows-1252 when the bytes are not valid UTF-8, with € and curly quotes from 0x80–0x9F', () => {
    const bytes = new Uint8Array([0x80, 0x35, 0x30, 0x2c, 0x93, 0x43, 0x61, 0x66, 0xe9, 0x94]);
    expect(decodeText(bytes)).toEqual({ text: '€50,“Café”', encoding: 'windows-1252' });
  });

  it('detects plain ASCII as UTF-8', () => expect(detectEncoding(new TextEncoder().encode('a,b'))).toBe('utf-8'));
});
