import { describe, expect, it } from 'vitest';
import { buildUploadForm, checkUploadFile, defaultTitle, MAX_UPLOAD_BYTES, TOO_LARGE, UNSUPPORTED, uploadContentType } from './upload-file';

describe('uploadContentType', () => {
  it('reads the type from the extension, whatever the browser says', () => {
    expect(uploadContentType({ name: 'Form C.PDF', type: '' })).toBe('application/pdf');
    expect(uploadContentType({ name: 'deck.jpeg', type: 'image/jpeg' })).toBe('image/jpeg');
    expect(uploadContentType({ name: 'model.xlsx', type: '' })).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(uploadContentType({ name: 'memo.docx', type: 'application/octet-stream' })).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });

  it('falls back to an allowed type without a known extension, and refuses the rest', () => {
    expect(uploadContentType({ name: 'scan', type: 'image/png' })).toBe('image/png');
    expect(uploadContentType({ name: 'notes.txt', type: 'text/plain' })).toBeNull();
    expect(uploadContentType({ name: 'old.doc', type: 'application/msword' })).toBeNull();
  });
});

describe('checkUploadFile', () => {
  it('takes a PDF of at most 25 MB', () => {
    expect(checkUploadFile({ name: 'a.pdf', type: 'application/pdf', size: MAX_UPLOAD_BYTES })).toEqual({ ok: true, contentType: 'application/pdf' });
  });

  it('refuses a larger file with the server message', () => {
    expect(checkUploadFile({ name: 'a.pdf', type: 'application/pdf', size: MAX_UPLOAD_BYTES + 1 })).toEqual({ ok: false, error: TOO_LARGE });
    expect(TOO_LARGE).toBe('Files can be at most 25 MB.');
  });

  it('refuses another type with the server message, before the size', () => {
    expect(checkUploadFile({ name: 'movie.mp4', type: 'video/mp4', size: MAX_UPLOAD_BYTES * 4 })).toEqual({ ok: false, error: UNSUPPORTED });
    expect(UNSUPPORTED).toBe('Upload a PDF, PNG, JPEG, Word (DOCX) or Excel (XLSX) file.');
  });

  it('refuses an empty file', () => {
    expect(checkUploadFile({ name: 'a.png', type: 'image/png', size: 0 })).toEqual({ ok: false, error: 'The file is empty.' });
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
