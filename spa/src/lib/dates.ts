/** Dates and times as the signed-in app shows them (the browser's time zone, US English). */

const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Nov 23, 2026'; '—' without a valid date. */
export function formatDate(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? DATE.format(date) : '—';
}

/** 'Nov 23, 2026, 8:26 PM'; '—' without a valid date. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? DATE_TIME.format(date) : '—';
}

/** '8:26:05 PM'; '—' without a valid date. */
export function formatTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? TIME.format(date) : '—';
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
  const start = parse(from);
  if (!start) return null;
  const end = parse(to)?.getTime() ?? now;
  return Math.max(1, Math.ceil((end - start.getTime()) / 60_000));
}
