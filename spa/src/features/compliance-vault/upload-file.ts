/**
 * The browser's side of a vault upload: the server's limits (`upload` of the records page)
 * checked as a file is chosen, with the server's messages, and the multipart body of the
 * presigned POST. `POST /uploads` applies the same limits again before any byte is sent.
 */

/** The limits `POST /uploads` applies, as the records page answers them. */
export type UploadLimits = {
  maxBytes: number;
  types: { contentType: string; extensions: string[] }[];
  tooLarge: string;
  unsupported: string;
  empty: string;
  /** What the form says it takes. */
  hint: string;
};

type FileFacts = { name: string; size: number; type: string };

/** What the file input offers: the extensions of the types the vault keeps. */
export const acceptOf = (limits: UploadLimits) => limits.types.flatMap((t) => t.extensions.map((e) => `.${e}`)).join(',');

/**
 * The content type to declare for a file, from its extension (browsers leave `type` empty for
 * Office files on some systems), else its own type when that is one the vault keeps.
 */
export function uploadContentType(file: Pick<FileFacts, 'name' | 'type'>, limits: UploadLimits): string | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const byName = limits.types.find((t) => t.extensions.includes(extension));
  if (byName) return byName.contentType;
  const own = file.type.split(';')[0]!.trim().toLowerCase();
  return limits.types.some((t) => t.contentType === own) ? own : null;
}

/** Whether the vault will take this file: its content type, or the server's message to show. */
export function checkUploadFile(file: FileFacts, limits: UploadLimits): { ok: true; contentType: string } | { ok: false; error: string } {
  const contentType = uploadContentType(file, limits);
  if (!contentType) return { ok: false, error: limits.unsupported };
  if (file.size > limits.maxBytes) return { ok: false, error: limits.tooLarge };
  if (file.size === 0) return { ok: false, error: limits.empty };
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

const FAILED = 'The file could not be uploaded. Check your connection and try again.';

/**
 * Posts a file to the storage with the presigned fields (XMLHttpRequest, for the progress a
 * 25 MB file deserves): the vault's uploads and the portal imports. Storage answers XML;
 * only "too large" has a message of ours.
 */
export function postToStorage(url: string, form: FormData, tooLarge: string | undefined, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve();
      else reject(new Error(/EntityTooLarge/.test(request.responseText) ? (tooLarge ?? FAILED) : FAILED));
    };
    request.onerror = () => reject(new Error(FAILED));
    request.onabort = () => reject(new Error(FAILED));
    request.send(form);
  });
}
