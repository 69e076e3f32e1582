import useSWRMutation from 'swr/mutation';
import { useUserKey } from '@/features/auth/use-user-key';
import { buildUploadForm, postToStorage } from '@/features/compliance-vault/upload-file';
import type { UserKey } from '@/lib/user-cache';
import type { ImportJob } from '../types';
import { uploadFields } from '../upload';
import { createImport, type CreateImport } from './create-import';
import { setImportJob } from './import-job';
import { IMPORTS_KEY, refreshImports } from './imports';
import { readImport } from './read-import';

export type UploadStage = { stage: 'starting' } | { stage: 'uploading'; percent: number } | { stage: 'reading' };

export type UploadImportArg = Omit<CreateImport, 'fileName' | 'size'> & {
  file: File;
  /** The server's message for a file over its limit (storage refuses it in XML). */
  tooLarge?: string;
  onProgress?: (stage: UploadStage) => void;
};

/**
 * A new import: `POST /imports` (the server checks what is declared and answers a presigned
 * POST), the file straight to storage, then `POST /imports/{id}/read {}`. Resolves to the
 * import, now `reading`, which the page then follows; the list is read again as it starts and
 * (the mutation's own revalidation of its key) as it ends.
 */
export function useUploadImport() {
  return useSWRMutation(useUserKey(IMPORTS_KEY), async (_key: UserKey, { arg }: { arg: UploadImportArg }): Promise<ImportJob> => {
    const { file, tooLarge, onProgress, portal } = arg;
    onProgress?.({ stage: 'starting' });
    const created = await createImport({ fileName: file.name, size: file.size, portal });
    void refreshImports();
    onProgress?.({ stage: 'uploading', percent: 0 });
    const form = buildUploadForm(uploadFields(created.upload.fields), file, file.name);
    await postToStorage(created.upload.url, form, tooLarge, (percent) => onProgress?.({ stage: 'uploading', percent }));
    onProgress?.({ stage: 'reading' });
    const answer = await readImport(created.import.id);
    await setImportJob(answer);
    return answer.import;
  });
}
