/**
 * How import figures read on screen. Portal amounts arrive in cents and are shown like every
 * amount of the app (whole US dollars, `formatUsd`); 'invested' is only ever said of money the
 * portal confirmed, 'indicated' of what investors told the founder on the form.
 */
import { formatDate, type DateOptions } from '@/lib/dates';
import { formatUsd } from '@/lib/format';
import type { LeadInvestment, PreviewChanges, PreviewCounts } from './types';

/** Cents as the app shows money: 250000 → '$2,500' (whole dollars). */
export function formatCents(cents: number): string {
  return formatUsd(Number.isFinite(cents) ? cents / 100 : 0);
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A portal's date: a calendar day ('2026-03-01') is that day wherever the viewer is; an
 * instant reads in the viewer's time zone. 'Mar 1' this year, 'Mar 1, 2025' otherwise.
 */
export function formatDay(value: string | null | undefined, options: Pick<DateOptions, 'now'> = {}): string {
  if (!value) return '—';
  if (CALENDAR_DAY.test(value)) return formatDate(`${value}T00:00:00Z`, { ...options, timeZone: 'UTC' });
  return formatDate(value, options);
}

/** 1 → '1 investment', 1200 → '1,200 investments'. */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/** The investments a preview will import: every row read, whatever its status. */
export function investmentCount(counts: PreviewCounts): number {
  return counts.invested + counts.pending + counts.cancelled;
}

/** 1 → 'matches', 2 → 'match': the verb after a count. */
const verb = (count: number, one: string, many: string) => (count === 1 ? one : many);

/**
 * The preview in one line: '412 investments · $1,204,500 invested · 380 match a lead by e-mail ·
 * 12 need your confirmation · 20 came straight to the portal'. Pending, cancelled, confirmed and
 * the last two only when there are some.
 */
export function importSummary(counts: PreviewCounts): string {
  const parts = [counted(investmentCount(counts), 'investment'), `${formatCents(counts.investedCents)} invested`];
  if (counts.pending > 0) parts.push(`${formatCents(counts.pendingCents)} pending`);
  if (counts.cancelled > 0) parts.push(`${counts.cancelled.toLocaleString('en-US')} cancelled`);
  parts.push(`${counts.byEmail.toLocaleString('en-US')} ${verb(counts.byEmail, 'matches', 'match')} a lead by e-mail`);
  if (counts.confirmed > 0) parts.push(`${counts.confirmed.toLocaleString('en-US')} ${verb(counts.confirmed, 'matches', 'match')} a lead you confirmed before`);
  if (counts.suggested > 0) parts.push(`${counts.suggested.toLocaleString('en-US')} ${verb(counts.suggested, 'needs', 'need')} your confirmation`);
  if (counts.unmatched > 0) parts.push(`${counts.unmatched.toLocaleString('en-US')} came straight to the portal`);
  return parts.join(' · ');
}

/**
 * What a re-import changes against the portal's applied import: '3 new · 1 now cancelled ·
 * 408 unchanged — re-importing never counts an investment twice'. Null on a first import.
 */
export function changesSummary(changes: PreviewChanges | null | undefined): string | null {
  if (!changes) return null;
  const n = (value: number) => value.toLocaleString('en-US');
  const parts = [
    changes.new > 0 ? `${n(changes.new)} new` : null,
    changes.changed > 0 ? `${n(changes.changed)} changed` : null,
    changes.cancelled > 0 ? `${n(changes.cancelled)} now cancelled` : null,
    changes.removed > 0 ? `${n(changes.removed)} no longer in the file` : null,
    changes.same > 0 ? `${n(changes.same)} unchanged` : null,
  ].filter((part): part is string => part !== null);
  return `${parts.length ? parts.join(' · ') : 'Nothing changed'} — re-importing never counts an investment twice`;
}

/** The apply button: 'Import 412 investments', 'Import 1 investment'. */
export function importLabel(count: number): string {
  return `Import ${counted(count, 'investment')}`;
}

/**
 * A lead's investment in one line: 'Invested $2,500 on Mar 1', 'Invested $5,000 in 2
 * investments, the first on Mar 1', '$500 pending on the portal', 'Not invested yet'.
 */
export function investedText(investment: LeadInvestment, options: Pick<DateOptions, 'now'> = {}): string {
  const invested = investment && investment.investedCents > 0 ? investment.investedCents : 0;
  const pending = investment && investment.pendingCents > 0 ? investment.pendingCents : 0;
  if (!investment || (invested === 0 && pending === 0)) return 'Not invested yet';
  const pendingText = `${formatCents(pending)} pending on the portal`;
  if (invested === 0) return pendingText;
  const day = investment.date ? formatDay(investment.date, options) : null;
  let text = `Invested ${formatCents(invested)}`;
  if (investment.count > 1) text += ` in ${counted(investment.count, 'investment')}${day ? `, the first on ${day}` : ''}`;
  else if (day) text += ` on ${day}`;
  return pending > 0 ? `${text} · ${pendingText}` : text;
}

/**
 * The two bars of 'Indicated vs invested', in percent of their scale: the target when there is
 * one (a bar past it is full), else the larger of the two. A bar with something in it is at
 * least 2 % wide, so it shows.
 */
export function indicatedBars({ indicated, investedCents, target }: { indicated: number; investedCents: number; target: number | null }) {
  const invested = Math.max(0, Number.isFinite(investedCents) ? investedCents / 100 : 0);
  const interest = Math.max(0, Number.isFinite(indicated) ? indicated : 0);
  const byTarget = target !== null && Number.isFinite(target) && target > 0;
  const scale = byTarget ? target : Math.max(interest, invested);
  const width = (value: number) => (scale > 0 && value > 0 ? Math.max(2, Math.min(100, (value / scale) * 100)) : 0);
  return {
    scale: byTarget ? ('target' as const) : ('largest' as const),
    indicated: width(interest),
    invested: width(invested),
    /** Whole percent of the target invested; null without a target. */
    investedOfTarget: byTarget ? Math.floor((invested / target) * 100) : null,
  };
}

/** A row problem's message without its 'Line 14: ' (the list shows the line beside it). */
export function problemText(problem: { line: number; message: string }): string {
  const text = problem.message.replace(new RegExp(`^Line ${problem.line}:\\s*`), '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
