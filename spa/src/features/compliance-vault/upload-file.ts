/**
 * The browser's side of a vault upload: the same checks as the server (size and type, same
 * messages) before anything is sent, and the multipart body of the presigned POST.
 */

/** Uploads are at most 25 MB (25 × 1,024 × 1,024 bytes, as the server counts). */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

export const TOO_LARGE = 'Files can be at most 25 MB.';
export const UNSUPPORTED = 'Upload a PDF, PNG, JPEG, Word (DOCX) or Excel (XLSX) file.';
export const EMPTY = 'The file is empty.';

/** What the file input offers. */
export const ACCEPT = '.pdf,.png,.jpg,.jpeg,.docx,.xlsx';

const TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const ALLOWED = new Set(Object.values(TYPES));

type FileFacts = { name: string; size: number; type: string };

/**
 * The content type to declare for a file, from its extension (browsers leave `type` empty for
 * Office files on some systems), else its own type when that is one the vault keeps.
 */
export function uploadContentType(file: Pick<FileFacts, 'name' | 'type'>): string | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const byName = TYPES[extension];
  if (byName) return byName;
  const own = file.type.split(';')[0]!.trim().toLowerCase();
  return ALLOWED.has(own) ? own : null;
}

/** Whether the vault will take this file: its content type, or the message to show. */
export function checkUploadFile(file: FileFacts): { ok: true; contentType: string } | { ok: false; error: string } {
  const contentType = uploadContentType(file);
  if (!contentType) return { ok: false, error: UNSUPPORTED };
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, error: TOO_LARGE };
  if (file.size === 0) return { ok: false, error: EMPTY };
  return { ok: true, contentType };
}

/** The title a record gets when the founder leaves it as is: the file's name without its extension. */
export function defaultTitle(fileName: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? fileName;
  const stem = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  return stem.trim() || base;
}

/**
 * The presigned POST's body: every policy field in the order given, then the file last under
 * `file` (S3 ignores fields after the file).
 */
export function buildUploadForm(fields: [string, string][], file: Blob, fileName: string): FormData {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  form.append('file', file, fileName);
  return form;
}
