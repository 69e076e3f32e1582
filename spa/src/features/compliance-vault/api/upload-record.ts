import useSWRMutation from 'swr/mutation';
import { useUserKey } from '@/features/auth/use-user-key';
import type { UserKey } from '@/lib/user-cache';
import type { VaultRecord } from '../types';
import { buildUploadForm } from '../upload-file';
import { completeUpload } from './complete-upload';
import { startUpload, type StartUpload } from './start-upload';

export type UploadStage = { stage: 'uploading'; percent: number } | { stage: 'recording' };

export type UploadArg = StartUpload & {
  file: Blob;
  /** The server's message for a file over its limit (storage refuses it in XML). */
  tooLarge?: string;
  onProgress?: (stage: UploadStage) => void;
};

const FAILED = 'The file could not be uploaded. Check your connection and try again.';

/**
 * Posts the file to the storage with the presigned fields (XMLHttpRequest, for the progress a
 * 25 MB file deserves). Storage answers XML; only "too large" has a message of ours.
 */
function postToStorage(url: string, form: FormData, tooLarge: string | undefined, onProgress: (percent: number) => void): Promise<void> {
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

/**
 * An upload to the vault: `POST /uploads` (the server checks what is declared and answers a
 * presigned POST), the file straight to storage, then `POST /uploads/{id}/complete`, which
 * checks, hashes and records it. Resolves to the new record.
 */
export function useUploadRecord() {
  return useSWRMutation(useUserKey('/compliance-vault/uploads'), async (_key: UserKey, { arg }: { arg: UploadArg }): Promise<VaultRecord> => {
    const { file, tooLarge, onProgress, ...declared } = arg;
    const presigned = await startUpload(declared);
    onProgress?.({ stage: 'uploading', percent: 0 });
    await postToStorage(presigned.url, buildUploadForm(presigned.fields, file, declared.fileName), tooLarge, (percent) => onProgress?.({ stage: 'uploading', percent }));
    onProgress?.({ stage: 'recording' });
    return completeUpload(presigned.uploadId);
  });
}
