import useSWRMutation from 'swr/mutation';
import { useUserKey } from '@/features/auth/use-user-key';
import type { UserKey } from '@/lib/user-cache';
import type { VaultRecord } from '../types';
import { buildUploadForm, postToStorage } from '../upload-file';
import { completeUpload } from './complete-upload';
import { startUpload, type StartUpload } from './start-upload';

export type UploadStage = { stage: 'uploading'; percent: number } | { stage: 'recording' };

export type UploadArg = StartUpload & {
  file: Blob;
  /** The server's message for a file over its limit (storage refuses it in XML). */
  tooLarge?: string;
  onProgress?: (stage: UploadStage) => void;
};

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
