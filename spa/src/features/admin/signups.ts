import type { DayCount } from './api/stats';

/** 'Nov 23' for '2026-11-23' (a calendar day: read as UTC so no time zone moves it). */
export function formatDay(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return parsed.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export type Bar = { x: number; y: number; width: number; height: number; day: DayCount };

/**
 * Bars of the sign-ups chart in a `width` × `height` box: one slot per day, a gap of
 * `gap` between bars, heights in proportion to the busiest day (which fills the box).
 */
export function signupBars(days: DayCount[], width: number, height: number, gap: number): Bar[] {
  if (days.length === 0) return [];
  const max = Math.max(...days.map((day) => day.count), 0);
  const slot = width / days.length;
  const barWidth = Math.max(slot - gap, 0);
  return days.map((day, index) => {
    const barHeight = max === 0 ? 0 : (Math.max(day.count, 0) / max) * height;
    return { x: index * slot + gap / 2, y: height - barHeight, width: barWidth, height: barHeight, day };
  });
}

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** The chart's text alternative: period, total and busiest day. */
export function describeSignups(days: DayCount[]): string {
  if (days.length === 0) return 'No sign-up figures yet.';
  const period = `${formatDay(days[0]!.date)} to ${formatDay(days[days.length - 1]!.date)}`;
  const total = days.reduce((sum, day) => sum + day.count, 0);
  if (total === 0) return `Sign-ups per day, ${period}: none.`;
  const busiest = days.reduce((best, day) => (day.count > best.count ? day : best));
  return `Sign-ups per day, ${period}: ${plural(total, 'sign-up', 'sign-ups')} in total, at most ${busiest.count.toLocaleString('en-US')} on ${formatDay(busiest.date)}.`;
}

export function signupTotal(days: DayCount[]): number {
  return days.reduce((sum, day) => sum + day.count, 0);
}
