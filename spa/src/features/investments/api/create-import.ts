import { api } from '@/lib/api-client';
import type { ImportJob } from '../types';

export type CreateImport = { fileName: string; size: number; portal: string };

/** Where and how the browser posts the file: each field in order, then the file. */
export type ImportUpload = { url: string; fields: [string, string][] | Record<string, string> };

/** `POST /api/leads/imports {fileName, size, portal}` → 201: the new import and its presigned POST. */
export function createImport(body: CreateImport) {
  return api<{ import: ImportJob; upload: ImportUpload }>('/leads/imports', { method: 'POST', body });
}
