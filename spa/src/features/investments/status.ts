import type { BadgeTone } from '@/components/ui/badge';
import type { ImportStatus, InvestmentStatus, MatchKind } from './types';

const STATUS_LOOKS: Record<ImportStatus, { label: string; tone: BadgeTone }> = {
  uploading: { label: 'Uploading', tone: 'gray' },
  reading: { label: 'Reading', tone: 'brand' },
  ready: { label: 'Ready to import', tone: 'sky' },
  applying: { label: 'Importing', tone: 'brand' },
  applied: { label: 'Imported', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
  replaced: { label: 'Replaced by a newer import', tone: 'gray' },
};

/** An import's status as the founder reads it, with its badge tone. */
export function importStatusLook(status: string): { label: string; tone: BadgeTone } {
  return STATUS_LOOKS[status as ImportStatus] ?? { label: status, tone: 'gray' };
}

/** The server is working on the import: it is read again every second. */
export function isWorking(status: string | null | undefined): boolean {
  return status === 'reading' || status === 'applying';
}

/** How far reading or importing has come, 0–100; null while the total is not known. */
export function progressPercent({ done, total }: { done: number; total: number }): number | null {
  if (!(total > 0) || !Number.isFinite(done)) return null;
  return Math.max(0, Math.min(100, Math.floor((done / total) * 100)));
}

/** The three steps of the page, and which one an import is at (3: all done). */
export const IMPORT_STEPS = ['Choose the file', 'Check the preview', 'Import'] as const;

export function stepOf(status: ImportStatus | null): number {
  switch (status) {
    case null:
    case 'uploading':
    case 'failed':
      return 0;
    case 'reading':
    case 'ready':
      return 1;
    case 'applying':
      return 2;
    default:
      // Applied (or replaced since): every step is done.
      return IMPORT_STEPS.length;
  }
}

const INVESTMENT_LOOKS: Record<InvestmentStatus, { label: string; tone: BadgeTone }> = {
  invested: { label: 'Invested', tone: 'green' },
  pending: { label: 'Pending', tone: 'amber' },
  cancelled: { label: 'Cancelled', tone: 'gray' },
};

/** A row's status on the portal. */
export function investmentStatusLook(status: string): { label: string; tone: BadgeTone } {
  return INVESTMENT_LOOKS[status as InvestmentStatus] ?? { label: status, tone: 'gray' };
}

const MATCH_LOOKS: Record<MatchKind, { label: string; tone: BadgeTone }> = {
  email: { label: 'Matched by e-mail', tone: 'green' },
  confirmed: { label: 'Confirmed by you', tone: 'green' },
  suggested: { label: 'Needs your confirmation', tone: 'amber' },
  unmatched: { label: 'Straight to the portal', tone: 'gray' },
};

/** How a row of the file was matched to a lead. */
export function matchLook(kind: string): { label: string; tone: BadgeTone } {
  return MATCH_LOOKS[kind as MatchKind] ?? { label: kind, tone: 'gray' };
}
