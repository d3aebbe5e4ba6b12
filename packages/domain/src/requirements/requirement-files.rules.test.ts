import { describe, expect, it } from 'vitest';
import { sniffFileType } from '../files/sniff.rules.ts';
import { getRequirementDefinition, REQUIREMENT_DEFINITIONS } from './requirement-definitions.data.ts';
import {
  acceptOf, describeFileTypes, fileRefsOf, fileTypesOf, fileValueWithout, fileValueWithUploads, isAllowedFileType,
  requirementFileDownloadPath,
} from './requirement-files.rules.ts';

const def = (k: string) => getRequirementDefinition(k)!;
const a = { id: 'a', name: 'a.pdf' };
const b = { id: 'b', name: 'b.pdf' };
const c = { id: 'c', name: 'c.pdf' };

describe('allowed file types', () => {
  it('every file requirement takes PNG, JPEG and PDF, except the contractor stamp: images only (spec §5)', () => {
    const files = REQUIREMENT_DEFINITIONS.filter((d) => d.type === 'file');
    expect(files.length).toBeGreaterThan(10);
    for (const d of files) expect(fileTypesOf(d)).toEqual(d.key === 'contractor_stamp' ? ['png', 'jpeg'] : ['png', 'jpeg', 'pdf']);
    expect(describeFileTypes(def('contractor_stamp'))).toBe('PNG or JPEG');
    expect(describeFileTypes(def('noa_cut_sheets'))).toBe('PNG, JPEG or PDF');
    expect(acceptOf(def('contractor_stamp'))).toBe('.png,image/png,.jpg,.jpeg,image/jpeg');
  });
  it('judges the sniffed content, not the name', () => {
    const png = sniffFileType(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    const pdf = sniffFileType(Buffer.from('%PDF-1.7\n'));
    const gif = sniffFileType(Buffer.from('GIF89a......'));
    expect(isAllowedFileType(def('contractor_stamp'), png.kind)).toBe(true);
    expect(isAllowedFileType(def('contractor_stamp'), pdf.kind)).toBe(false);
    expect(isAllowedFileType(def('cut_sheet_pv8a'), pdf.kind)).toBe(true);
    expect(isAllowedFileType(def('cut_sheet_pv8a'), gif.kind)).toBe(false);
    expect(isAllowedFileType(def('cut_sheet_pv8a'), 'executable')).toBe(false);
  });
});

describe('file values', () => {
  it('reads the references of any value shape', () => {
    expect(fileRefsOf(undefined)).toEqual([]);
    expect(fileRefsOf(null)).toEqual([]);
    expect(fileRefsOf(a)).toEqual([a]);
    expect(fileRefsOf([a, 'junk', b])).toEqual([a, b]);
  });
  it('an upload replaces the file of a one-file requirement and appends to a list', () => {
    expect(fileValueWithUploads(def('contractor_stamp'), a, [b])).toEqual(b);
    expect(fileValueWithUploads(def('contractor_stamp'), undefined, [b])).toEqual(b);
    expect(fileValueWithUploads(def('noa_cut_sheets'), [a], [b, c])).toEqual([a, b, c]);
    // An inherited list is not copied: the scope's own list starts empty.
    expect(fileValueWithUploads(def('noa_cut_sheets'), undefined, [c])).toEqual([c]);
    expect(fileValueWithUploads(def('noa_cut_sheets'), null, [c])).toEqual([c]);
  });
  it('removing leaves null for one file and the rest (maybe []) for a list', () => {
    expect(fileValueWithout(def('contractor_stamp'), a, 'a')).toBeNull();
    expect(fileValueWithout(def('noa_cut_sheets'), [a, b], 'a')).toEqual([b]);
    expect(fileValueWithout(def('noa_cut_sheets'), [b], 'b')).toEqual([]);
    expect(fileValueWithout(def('noa_cut_sheets'), [a, b], 'zzz')).toEqual([a, b]);
  });
  it('names the download path under /api', () => {
    expect(requirementFileDownloadPath('f/1')).toBe('/requirements/files/f%2F1/download');
  });
});
