/**
 * Dates and times as the app shows them, one way everywhere (US English, the viewer's time
 * zone): 'Nov 24' in the current year, 'Nov 24, 2025' otherwise; 'Nov 24, 3:05 PM' where the
 * time matters; and in full, with the time zone, for a hover title:
 * 'Tuesday, November 24, 2026, 3:05 PM EST' (see components/ui/date-time.tsx). A date that
 * cannot be read shows as '—', never as the raw string.
 */

export type DateOptions = {
  /** What "this year" is measured against; the current time unless given (tests). */
  now?: Date;
  /** An IANA time zone; the viewer's own unless given (tests, calendar days in UTC). */
  timeZone?: string;
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Intl formatters are slow to build: one per shape and time zone, kept. */
function formatter(shape: string, options: Intl.DateTimeFormatOptions, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${shape}|${timeZone ?? ''}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', timeZone ? { ...options, timeZone } : options);
    formatters.set(key, found);
  }
  return found;
}

const SHAPES = {
  day: { month: 'short', day: 'numeric' },
  dayYear: { month: 'short', day: 'numeric', year: 'numeric' },
  dayTime: { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  dayYearTime: { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  year: { year: 'numeric' },
  time: { hour: 'numeric', minute: '2-digit', second: '2-digit' },
  longDate: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
  timeZoned: { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

function format(shape: keyof typeof SHAPES, date: Date, timeZone: string | undefined): string {
  return formatter(shape, SHAPES[shape], timeZone).format(date);
}

/** An instant from an ISO string, a Date or epoch milliseconds; null when it cannot be read. */
export function parseDate(value: string | Date | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function sameYear(date: Date, { now = new Date(), timeZone }: DateOptions): boolean {
  return format('year', date, timeZone) === format('year', now, timeZone);
}

/** 'Nov 24' this year, 'Nov 24, 2025' otherwise; '—' without a valid date. */
export function formatDate(value: string | Date | number | null | undefined, options: DateOptions = {}): string {
  const date = parseDate(value);
  if (!date) return '—';
  return format(sameYear(date, options) ? 'day' : 'dayYear', date, options.timeZone);
}

/** 'Nov 24, 3:05 PM' this year, 'Nov 24, 2025, 3:05 PM' otherwise; '—' without a valid date. */
export function formatDateTime(value: string | Date | number | null | undefined, options: DateOptions = {}): string {
  const date = parseDate(value);
  if (!date) return '—';
  return format(sameYear(date, options) ? 'dayTime' : 'dayYearTime', date, options.timeZone);
}

/** In full, with the time zone: 'Tuesday, November 24, 2026, 3:05 PM EST'; '' without a valid date. */
export function formatFullDateTime(value: string | Date | number | null | undefined, options: Pick<DateOptions, 'timeZone'> = {}): string {
  const date = parseDate(value);
  if (!date) return '';
  return `${format('longDate', date, options.timeZone)}, ${format('timeZoned', date, options.timeZone)}`;
}

/** A time within a day already named around it: '8:26:05 PM'; '—' without a valid date. */
export function formatTime(value: string | Date | number | null | undefined, options: Pick<DateOptions, 'timeZone'> = {}): string {
  const date = parseDate(value);
  return date ? format('time', date, options.timeZone) : '—';
}

/** '1 minute', '12 minutes', '1 h 5 min' for a whole number of minutes. */
export function formatMinutes(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 60) return `${whole} ${whole === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** Whole minutes from `from` to `to` (or now), rounded up, at least 1; null without a start. */
export function minutesBetween(from: string | null, to: string | null, now = Date.now()): number | null {
  const start = parseDate(from);
  if (!start) return null;
  const end = parseDate(to)?.getTime() ?? now;
  return Math.max(1, Math.ceil((end - start.getTime()) / 60_000));
}
