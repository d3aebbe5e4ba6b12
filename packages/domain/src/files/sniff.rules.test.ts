import { describe, expect, it } from 'vitest';
import { isExecutable, matchesFileName, sniffFileType } from './sniff.rules.ts';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));
const ftyp = (major: string, ...compat: string[]) => {
  const body = major + '\0\0\0\0' + compat.join('');
  const size = 8 + body.length;
  return bytes([0, 0, 0, size], 'ftyp' + body);
};

describe('sniffFileType', () => {
  it.each([
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF')],
    ['png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])],
    ['gif', bytes('GIF89a', [1, 0])],
    ['gif', bytes('GIF87a')],
    ['tiff', bytes([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0])],
    ['tiff', bytes([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8])],
    ['heic', ftyp('heic', 'mif1', 'heic')],
    ['heic', ftyp('mif1', 'mif1', 'heic')],
    ['heif', ftyp('mif1', 'mif1')],
    ['unknown', ftyp('avif', 'mif1', 'avif')],
    ['unknown', ftyp('isom', 'mp41')],
    ['pdf', bytes('%PDF-1.7\n%âãÏÓ\n')],
    ['pdf', bytes('junk before\n%PDF-1.4\n')],
    ['dwg', bytes('AC1032', [0, 0, 0])],
    ['dwg', bytes('AC1015', [0])],
    ['dxf', bytes('  0\r\nSECTION\r\n  2\r\nHEADER\r\n')],
    ['dxf', bytes('999\nmade by x\n0\nSECTION\n2\nENTITIES\n')],
    ['dxf', bytes('AutoCAD Binary DXF\r\n\x1a\0')],
    ['zip', bytes([0x50, 0x4b, 0x03, 0x04, 20, 0])],
    ['zip', bytes([0x50, 0x4b, 0x05, 0x06, 0, 0])],
    ['csv', bytes('name,qty,watts\nREC 400,20,400\n"Q, Cells",10,410\n')],
    ['text', bytes('Hello, world.\nThis is a note\n')],
    ['text', bytes('Just one line, with a comma')],
    ['executable', bytes('MZ', [0x90, 0])],
    ['executable', bytes([0x7f], 'ELF', [2, 1, 1])],
    ['executable', bytes([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1])],
    ['executable', bytes([0xfe, 0xed, 0xfa, 0xce])],
    ['executable', bytes([0xca, 0xfe, 0xba, 0xbe])],
    ['executable', bytes('#!/bin/sh\nrm -rf /\n')],
    ['executable', bytes([0xef, 0xbb, 0xbf], '#!/usr/bin/env node\n')],
    ['unknown', bytes([0, 1, 2, 3, 0xff, 0xfe])],
    ['unknown', new Uint8Array(0)],
  ])('%s', (kind, b) => {
    expect(sniffFileType(b).kind).toBe(kind);
  });

  it('gives the MIME type and executable detail', () => {
    expect(sniffFileType(bytes('%PDF-1.7'))).toEqual({ kind: 'pdf', mime: 'application/pdf' });
    expect(sniffFileType(bytes('MZ'))).toEqual({ kind: 'executable', mime: 'application/octet-stream', detail: 'pe' });
    expect(isExecutable(bytes([0x7f], 'ELF'))).toBe(true);
    expect(isExecutable(bytes('%PDF-'))).toBe(false);
  });

  it('checks bytes against the name', () => {
    expect(matchesFileName(sniffFileType(bytes([0xff, 0xd8, 0xff])), 'roof.JPG')).toBe(true);
    expect(matchesFileName(sniffFileType(bytes('MZ')), 'roof.jpg')).toBe(false);
    expect(matchesFileName(sniffFileType(bytes('%PDF-1.4')), 'roof.jpg')).toBe(false);
  });

  it('treats a long text cut mid-character as text', () => {
    const long = 'é'.repeat(5000); // 2-byte characters after 'x': the 8 192-byte sample ends mid-character
    expect(sniffFileType(new TextEncoder().encode(`x${long}`)).kind).toBe('text');
  });
});
