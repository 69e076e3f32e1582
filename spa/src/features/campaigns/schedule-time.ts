import { formatDateTime, parseDate } from '@/lib/dates';

/**
 * Scheduling happens in the founder's own time zone: a `datetime-local` value ('2026-12-01T09:30',
 * a wall-clock time with no zone) is read in that zone and sent as an RFC 3339 UTC instant. The
 * zone is explicit (an IANA name) so daylight-saving changes are handled and the rules can be
 * tested for any zone; the browser's own zone is the default.
 */

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(timeZone: string, instant: number) {
  let format = partsFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** Milliseconds to add to UTC to get the wall clock of `timeZone` at `instant`. */
function offsetAt(timeZone: string, instant: number): number {
  const p = partsIn(timeZone, instant);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * '2026-12-01T09:30' in `timeZone` → '2026-12-01T14:30:00Z' (New York, winter). A wall time
 * skipped by a spring-forward change is moved forward by the gap, as clocks do; an ambiguous
 * one (fall back) takes the first occurrence. Null when the value is not a local date-time.
 */
export function localInputToUtc(value: string, timeZone: string = browserTimeZone()): string | null {
  const match = LOCAL_INPUT.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second = '0'] = match.slice(1).map((part) => part ?? '0');
  const wall = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  if (Number.isNaN(wall)) return null;
  // The offset before and after the wall time; try both and keep one that reads back as asked.
  const candidates = [wall - offsetAt(timeZone, wall - 86_400_000), wall - offsetAt(timeZone, wall + 86_400_000)].sort((a, b) => a - b);
  const exact = candidates.find((instant) => instant + offsetAt(timeZone, instant) === wall);
  const instant = exact ?? wall - offsetAt(timeZone, wall - 86_400_000);
  return new Date(instant).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` value in `timeZone` ('2026-12-01T09:30'). */
export function utcToLocalInput(iso: string | Date, timeZone: string = browserTimeZone()): string {
  const instant = typeof iso === 'string' ? Date.parse(iso) : iso.getTime();
  if (Number.isNaN(instant)) return '';
  const p = partsIn(timeZone, instant);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** The time a new schedule suggests: the next whole hour at least 30 minutes away. */
export function suggestedSchedule(now: Date = new Date(), timeZone: string = browserTimeZone()): string {
  const next = new Date(now.getTime() + 30 * 60_000);
  next.setUTCMinutes(0, 0, 0);
  next.setUTCHours(next.getUTCHours() + 1);
  return utcToLocalInput(next, timeZone);
}

/** The server accepts a time at least 2 minutes ahead and within a year. */
export function scheduleProblem(utc: string | null, now: Date = new Date()): string | null {
  if (!utc) return 'Choose a date and time.';
  const at = Date.parse(utc);
  if (at < now.getTime() + 5 * 60_000) return 'Choose a time at least 5 minutes from now.';
  if (at > now.getTime() + 365 * 86_400_000) return 'Choose a time within the next year.';
  return null;
}

/** 'Eastern Standard Time' (the zone's long name at `at`), or the IANA name when unnamed. */
export function timeZoneLabel(timeZone: string = browserTimeZone(), at: Date = new Date()): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'long' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return name && !/^GMT[+-]/.test(name) ? name : timeZone;
}

/** 'EST': the zone's short name at `date` ('GMT+1' where it has none in US English). */
function zoneAbbreviation(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/**
 * A scheduled instant where the founder has just chosen it and no hover can name the zone (the
 * toast after scheduling): the app's one date style in `timeZone`, the zone named after it.
 * 'Dec 1, 9:30 AM EST' this year, 'Jan 5, 2027, 9:30 AM EST' otherwise. Elsewhere a time is
 * shown with `DateTime`, its zone in the hover title.
 */
export function formatInZone(iso: string | null | undefined, timeZone: string = browserTimeZone(), now: Date = new Date()): string {
  const date = parseDate(iso);
  if (!date) return '—';
  return `${formatDateTime(date, { timeZone, now })} ${zoneAbbreviation(date, timeZone)}`;
}
