import { formatDate, formatDateTime } from '@/lib/dates';
import type { RecordActor, VaultFile, VaultRecord } from './types';

/** '812 B', '4.2 KB', '18.6 MB' (1 KB = 1,024 bytes, as file managers show sizes). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}

/** The first characters of a SHA-256, enough to tell records apart at a glance. */
export function shortHash(hash: string, length = 12): string {
  return hash.length > length ? `${hash.slice(0, length)}…` : hash;
}

/** The title a record is shown with: the server's title for readers, else the filed one. */
export function recordTitle(record: Pick<VaultRecord, 'title' | 'display_title'>): string {
  return record.display_title || record.title;
}

/** Who made a record, as the founder reads it. */
export function actorLabel(actor: RecordActor): string {
  switch (actor.kind) {
    case 'founder':
      return 'You';
    case 'admin':
      return 'RaiseSpark support';
    default:
      return 'RaiseSpark';
  }
}

export type PreviewKind = 'html' | 'pdf' | 'image' | 'text' | 'none';

/**
 * How a file is previewed: HTML snapshots and text in a sandboxed frame, PDFs in a frame,
 * PNG and JPEG as images; Word and Excel files are downloaded.
 */
export function previewKind(file: Pick<VaultFile, 'content_type' | 'name'>): PreviewKind {
  const type = file.content_type.split(';')[0]!.trim().toLowerCase();
  if (type === 'text/html') return 'html';
  if (type === 'application/pdf') return 'pdf';
  if (type === 'image/png' || type === 'image/jpeg') return 'image';
  if (type.startsWith('text/') || type === 'application/json') return 'text';
  return 'none';
}

/** 'PDF', 'HTML', 'JSON', 'DOCX'… for a file's type. */
export function fileTypeLabel(file: Pick<VaultFile, 'content_type' | 'name'>): string {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toUpperCase() : '';
  if (extension && extension.length <= 4) return extension === 'JPEG' ? 'JPG' : extension;
  return file.content_type.split('/').pop()?.toUpperCase() ?? 'File';
}

const STATUS_VALUES: Record<string, string> = {
  testing_the_waters: 'Testing the waters',
  form_c_filed: 'Form C filed',
  live: 'Live',
  closed: 'Closed',
};

/**
 * The facts of a record's `meta` that read as text (strings, numbers, booleans, lists of
 * them), labelled; offering statuses by their names. Objects are left to the files.
 */
export function metaFacts(meta: Record<string, unknown> | null | undefined): [string, string][] {
  if (!meta) return [];
  const text = (value: unknown): string | null => {
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(`${value}T00:00:00Z`, { timeZone: 'UTC' });
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return formatDateTime(value);
    if (typeof value === 'string') return value.trim() ? (STATUS_VALUES[value] ?? value) : null;
    if (typeof value === 'number' && Number.isFinite(value)) return value.toLocaleString('en-US');
    if (typeof value === 'boolean') return value ? 'Yes' : 'No';
    return null;
  };
  return Object.entries(meta).flatMap(([key, value]): [string, string][] => {
    if (Array.isArray(value)) {
      const items = value.map(text).filter((item): item is string => item !== null);
      if (!items.length) return key in EMPTY_LISTS ? [[metaLabel(key), EMPTY_LISTS[key]!]] : [];
      return [[metaLabel(key), items.join(', ')]];
    }
    const shown = text(value);
    return shown === null ? [] : [[metaLabel(key), shown]];
  });
}

/**
 * Facts whose key alone does not say what they are. `embedded_on` is the pages this form was
 * seen on; records filed before forms were told apart kept `embed_hosts`, the pages of all the
 * founder's forms at the time, and say so.
 */
const META_LABELS: Record<string, string> = {
  embedded_on: 'Embedded on',
  embed_hosts: 'Pages showing any of your forms at the time',
};

/** What an empty list says (other empty lists are left out). */
const EMPTY_LISTS: Record<string, string> = { embedded_on: 'No page recorded yet' };

/** 'form_id' → 'Form ID', 'legendVersion' → 'Legend version'. */
export function metaLabel(key: string): string {
  if (META_LABELS[key]) return META_LABELS[key];
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => (['id', 'url', 'sha256', 'html'].includes(word.toLowerCase()) ? word.toUpperCase().replace('SHA256', 'SHA-256') : word.toLowerCase()));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
