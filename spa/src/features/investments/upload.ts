/**
 * The browser's side of an import upload: the file checked as it is chosen (the server's size
 * limit and texts, not empty, a CSV or XLSX), and the presigned POST's fields in order.
 */
import type { ImportLimits } from './types';

/** What the file input offers: the exports portals give. */
export const IMPORT_ACCEPT = '.csv,.xlsx';

export const EMPTY_FILE = 'This file is empty. Choose the investor export of your portal.';
export const NOT_AN_EXPORT = 'Choose a CSV or Excel (XLSX) file: the investor export of your portal.';

/** Whether the file is named as a CSV or XLSX file (a dropped file skips the input's `accept`). */
export function isExportFile(name: string): boolean {
  return /\.(csv|xlsx)$/i.test(name.trim());
}

/**
 * Whether the file may be uploaded: null, or what to show. Without the limits yet, the size is
 * left to the server, which applies the same limit.
 */
export function checkImportFile(file: { name: string; size: number }, limits: ImportLimits | null | undefined): string | null {
  if (!isExportFile(file.name)) return NOT_AN_EXPORT;
  if (file.size === 0) return EMPTY_FILE;
  if (limits && file.size > limits.maxBytes) return limits.tooLarge;
  return null;
}

/**
 * The presigned POST's fields as ordered pairs, whether the server sends pairs (as the vault
 * does) or an object (its keys keep their order).
 */
export function uploadFields(fields: [string, string][] | Record<string, string>): [string, string][] {
  return Array.isArray(fields) ? fields : Object.entries(fields);
}
