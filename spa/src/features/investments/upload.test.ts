import { describe, expect, it } from 'vitest';
import { checkImportFile, EMPTY_FILE, isExportFile, NOT_AN_EXPORT, uploadFields } from './upload';
import type { ImportLimits } from './types';

const limits: ImportLimits = { maxBytes: 20 * 1024 * 1024, tooLarge: 'Files can be at most 20 MB.', hint: 'CSV or XLSX, at most 20 MB.' };

describe('checkImportFile', () => {
  it("takes a CSV or XLSX file up to the server's limit", () => {
    expect(checkImportFile({ name: 'wefunder-investors.csv', size: 1200 }, limits)).toBeNull();
    expect(checkImportFile({ name: 'Republic Export.XLSX', size: limits.maxBytes }, limits)).toBeNull();
  });

  it("refuses a larger file with the server's text, at the server's limit", () => {
    expect(checkImportFile({ name: 'a.csv', size: limits.maxBytes + 1 }, limits)).toBe('Files can be at most 20 MB.');
    expect(checkImportFile({ name: 'a.csv', size: 1001 }, { ...limits, maxBytes: 1000, tooLarge: 'At most 1 KB.' })).toBe('At most 1 KB.');
  });

  it('refuses an empty file', () => {
    expect(checkImportFile({ name: 'a.csv', size: 0 }, limits)).toBe(EMPTY_FILE);
  });

  it('refuses a file that is not a CSV or XLSX export (a drop skips the input filter)', () => {
    expect(checkImportFile({ name: 'investors.pdf', size: 10 }, limits)).toBe(NOT_AN_EXPORT);
    expect(checkImportFile({ name: 'investors.xls', size: 10 }, limits)).toBe(NOT_AN_EXPORT);
    expect(isExportFile('csv')).toBe(false);
  });

  it('leaves the size to the server until the limits are known', () => {
    expect(checkImportFile({ name: 'a.csv', size: 10 ** 10 }, null)).toBeNull();
    expect(checkImportFile({ name: 'a.csv', size: 0 }, null)).toBe(EMPTY_FILE);
  });
});

describe('uploadFields', () => {
  it('keeps the order of the fields, sent as pairs or as an object', () => {
    const pairs: [string, string][] = [
      ['key', 'imports/c1/x'],
      ['policy', 'eyJ9'],
      ['x-amz-signature', 'abc'],
    ];
    expect(uploadFields(pairs)).toEqual(pairs);
    expect(uploadFields({ key: 'imports/c1/x', policy: 'eyJ9', 'x-amz-signature': 'abc' })).toEqual(pairs);
  });
});
