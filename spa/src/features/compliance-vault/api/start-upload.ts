import { api } from '@/lib/api-client';

export type StartUpload = {
  fileName: string;
  contentType: string;
  size: number;
  category: string;
  title: string;
  notes: string;
  /** The record this upload replaces. */
  supersedes?: string | null;
};

/** Where and how the browser posts the file: each field in order, then the file. */
export type PresignedPost = { uploadId: string; url: string; fields: [string, string][]; maxSize: number; expiresAt: string };

/** `POST /api/compliance-vault/uploads`: checks what is declared (type, size, category) and answers a presigned POST. */
export function startUpload(body: StartUpload) {
  return api<PresignedPost>('/compliance-vault/uploads', { method: 'POST', body });
}
