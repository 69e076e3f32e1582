import type { ReactNode } from 'react';
import { formatDate, formatDateTime, formatFullDateTime, parseDate } from '@/lib/dates';

/**
 * A date as the app shows it ('Nov 24', 'Nov 24, 2025', or with `withTime` 'Nov 24, 3:05 PM'),
 * machine-readable in `dateTime`, and in full with its time zone on hover
 * ('Tuesday, November 24, 2026, 3:05 PM EST'). `children` replaces the visible text where a
 * page has its own (the leads table's 'Mon 1st'); the hover title stays the same. '—' without
 * a valid date.
 */
export function DateTime({ value, withTime = false, className, children }: {
  value: string | Date | number | null | undefined;
  withTime?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  const date = parseDate(value);
  if (!date) return <span className={className}>—</span>;
  return (
    <time dateTime={date.toISOString()} title={formatFullDateTime(date)} className={className}>
      {children ?? (withTime ? formatDateTime(date) : formatDate(date))}
    </time>
  );
}
