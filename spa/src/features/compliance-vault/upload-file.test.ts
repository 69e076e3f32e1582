import { describe, expect, it } from 'vitest';
import { acceptOf, buildUploadForm, checkUploadFile, defaultTitle, uploadContentType, type UploadLimits } from './upload-file';

/** The records page's `upload`, as the server answers it. */
const limits: UploadLimits = {
  maxBytes: 25 * 1024 * 1024,
  types: [
    { contentType: 'application/pdf', extensions: ['pdf'] },
    { contentType: 'image/png', extensions: ['png'] },
    { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
    { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['docx'] },
    { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['xlsx'] },
  ],
  tooLarge: 'Files can be at most 25 MB.',
  unsupported: 'Upload a PDF, PNG, JPEG, Word (DOCX) or Excel (XLSX) file.',
  empty: 'The file is empty.',
  hint: 'PDF, PNG, JPEG, Word (DOCX) or Excel (XLSX), at most 25 MB.',
};

describe('acceptOf', () => {
  it("offers every extension of the server's types", () => {
    expect(acceptOf(limits)).toBe('.pdf,.png,.jpg,.jpeg,.docx,.xlsx');
    expect(acceptOf({ ...limits, types: [{ contentType: 'application/pdf', extensions: ['pdf'] }] })).toBe('.pdf');
  });
});

describe('uploadContentType', () => {
  it('reads the type from the extension, whatever the browser says', () => {
    expect(uploadContentType({ name: 'Form C.PDF', type: '' }, limits)).toBe('application/pdf');
    expect(uploadContentType({ name: 'deck.jpeg', type: 'image/jpeg' }, limits)).toBe('image/jpeg');
    expect(uploadContentType({ name: 'model.xlsx', type: '' }, limits)).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(uploadContentType({ name: 'memo.docx', type: 'application/octet-stream' }, limits)).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });

  it('falls back to an allowed type without a known extension, and refuses the rest', () => {
    expect(uploadContentType({ name: 'scan', type: 'image/png' }, limits)).toBe('image/png');
    expect(uploadContentType({ name: 'notes.txt', type: 'text/plain' }, limits)).toBeNull();
    expect(uploadContentType({ name: 'old.doc', type: 'application/msword' }, limits)).toBeNull();
  });

  it('follows the server when it takes fewer types', () => {
    expect(uploadContentType({ name: 'deck.png', type: 'image/png' }, { ...limits, types: limits.types.slice(0, 1) })).toBeNull();
  });
});

describe('checkUploadFile', () => {
  it("takes a file at the server's limit", () => {
    expect(checkUploadFile({ name: 'a.pdf', type: 'application/pdf', size: limits.maxBytes }, limits)).toEqual({ ok: true, contentType: 'application/pdf' });
  });

  it("refuses a larger file with the server's message, at the server's limit", () => {
    expect(checkUploadFile({ name: 'a.pdf', type: 'application/pdf', size: limits.maxBytes + 1 }, limits)).toEqual({ ok: false, error: limits.tooLarge });
    const smaller = { ...limits, maxBytes: 1000, tooLarge: 'Files can be at most 1 KB.' };
    expect(checkUploadFile({ name: 'a.pdf', type: 'application/pdf', size: 1001 }, smaller)).toEqual({ ok: false, error: 'Files can be at most 1 KB.' });
  });

  it("refuses another type with the server's message, before the size", () => {
    expect(checkUploadFile({ name: 'movie.mp4', type: 'video/mp4', size: limits.maxBytes * 4 }, limits)).toEqual({ ok: false, error: limits.unsupported });
  });

  it('refuses an empty file', () => {
    expect(checkUploadFile({ name: 'a.png', type: 'image/png', size: 0 }, limits)).toEqual({ ok: false, error: 'The file is empty.' });
  });
});

describe('defaultTitle', () => {
  it('is the file name without its extension', () => {
    expect(defaultTitle('Form C (draft).pdf')).toBe('Form C (draft)');
    expect(defaultTitle('C:\\fakepath\\deck.v2.pdf')).toBe('deck.v2');
    expect(defaultTitle('README')).toBe('README');
    expect(defaultTitle('.pdf')).toBe('.pdf');
  });
});

describe('buildUploadForm', () => {
  it('puts the policy fields in order and the file last, under "file"', async () => {
    const fields: [string, string][] = [
      ['key', 'uploads/u1/x'],
      ['Content-Type', 'application/pdf'],
      ['x-amz-algorithm', 'AWS4-HMAC-SHA256'],
      ['policy', 'eyJ9'],
      ['x-amz-signature', 'abc'],
    ];
    const form = buildUploadForm(fields, new Blob(['%PDF-1.4'], { type: 'application/pdf' }), 'deck.pdf');
    const entries = [...form.entries()];
    expect(entries.map(([name]) => name)).toEqual(['key', 'Content-Type', 'x-amz-algorithm', 'policy', 'x-amz-signature', 'file']);
    expect(entries.slice(0, 5).map(([, value]) => value)).toEqual(fields.map(([, value]) => value));
    const file = entries[5]![1] as File;
    expect(file.name).toBe('deck.pdf');
    expect(await file.text()).toBe('%PDF-1.4');
  });
});
