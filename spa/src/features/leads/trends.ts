import type { Temperature } from './api/leads';
import type { DayCount, WeekCount } from './api/trends';

/** 'Sep 7' for '2026-09-07': a calendar day, read as UTC so no time zone moves it. */
export function formatShortDay(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return parsed.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

const count = (n: number) => n.toLocaleString('en-US');

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/**
 * What the server's week-on-week pace compared, in words: 'Mon–Wed vs the same days last
 * week', 'Mon vs last Monday', or, on a Monday, 'Last week vs the week before' (the server
 * compares whole UTC days only; see functions/leads/src/trends.rs).
 */
export function describePaceDays(from: string, to: string): string {
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return 'vs last week';
  const short = (d: Date) => WEEKDAY_NAMES[d.getUTCDay()]!.slice(0, 3);
  if (start.getUTCDay() === 1 && end.getUTCDay() === 0) return 'Last week vs the week before';
  if (from === to) return `${short(start)} vs last ${WEEKDAY_NAMES[start.getUTCDay()]}`;
  return `${short(start)}–${short(end)} vs the same days last week`;
}
export const leadsCount = (n: number) => `${count(n)} ${n === 1 ? 'lead' : 'leads'}`;

/**
 * Whole percentages of each count that add up to exactly 100 (largest remainder: the parts
 * that lost most to rounding down get the missing points, earlier parts first on a tie).
 * All zeros when there is nothing to split.
 */
export function percentSplit(counts: readonly number[]): number[] {
  const values = counts.map((n) => (Number.isFinite(n) && n > 0 ? n : 0));
  const total = values.reduce((sum, n) => sum + n, 0);
  if (total === 0) return values.map(() => 0);
  const exact = values.map((n) => (n / total) * 100);
  const floors = exact.map(Math.floor);
  let missing = 100 - floors.reduce((sum, n) => sum + n, 0);
  const order = exact.map((value, index) => ({ index, remainder: value - floors[index]! })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (missing <= 0) break;
    floors[index]! += 1;
    missing -= 1;
  }
  return floors;
}

const NICE_STEPS = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];

/**
 * The top of a chart's value axis: the smallest round number at or above `max` (1, 1.2, 1.5,
 * 2, 2.5, 3, 4, 5, 6, 8 times a power of ten), small counts as they are, at least 1.
 */
export function niceCeiling(max: number): number {
  if (!Number.isFinite(max) || max <= 1) return 1;
  if (max <= 5) return Math.ceil(max);
  const magnitude = 10 ** Math.floor(Math.log10(max));
  const step = NICE_STEPS.find((s) => s * magnitude >= max - 1e-9) ?? 10;
  return Math.round(step * magnitude);
}

export type BarSlot = { x: number; y: number; width: number; height: number; center: number };

/**
 * Bars in a `width` × `height` box: one equal slot per value, each bar centred in its slot
 * (at most `maxBar` wide, with a gap of at least 25% of the slot), heights against `top`.
 */
export function barSlots(values: readonly number[], width: number, height: number, top: number, maxBar = 40): BarSlot[] {
  if (values.length === 0 || width <= 0) return [];
  const slot = width / values.length;
  const barWidth = Math.max(Math.min(slot * 0.75, maxBar), 1);
  return values.map((value, index) => {
    const barHeight = top > 0 ? (Math.min(Math.max(value, 0), top) / top) * height : 0;
    const center = index * slot + slot / 2;
    return { x: center - barWidth / 2, y: height - barHeight, width: barWidth, height: barHeight, center };
  });
}

export type AxisLabel = { index: number; x: number; anchor: 'start' | 'middle' | 'end' };

/** About how wide a short date label ('Nov 23') is at 11 px, per character. */
const LABEL_CHAR_WIDTH = 6;
const LABEL_GAP = 6;

/**
 * The axis labels that fit under `slots` in a chart `width` px wide: every n-th, counted back
 * from the last (the current week or today is always labelled), each under its bar's centre
 * but kept inside the chart at both ends, and none overlapping its neighbour.
 */
export function axisLabels(slots: readonly { center: number }[], labels: readonly string[], width: number): AxisLabel[] {
  if (slots.length === 0 || width <= 0) return [];
  const widthOf = (index: number) => (labels[index]?.length ?? 0) * LABEL_CHAR_WIDTH;
  const widest = Math.max(...labels.map((_, index) => widthOf(index)));
  const slot = width / slots.length;
  const step = Math.max(1, Math.ceil((widest + LABEL_GAP) / slot));
  const placed: AxisLabel[] = [];
  let leftOfNext = Infinity;
  for (let index = slots.length - 1; index >= 0; index -= step) {
    const { center } = slots[index]!;
    const labelWidth = widthOf(index);
    const anchor = center + labelWidth / 2 > width ? 'end' : center - labelWidth / 2 < 0 ? 'start' : 'middle';
    const left = anchor === 'end' ? width - labelWidth : anchor === 'start' ? 0 : center - labelWidth / 2;
    if (left + labelWidth + LABEL_GAP > leftOfNext) continue;
    placed.unshift({ index, x: anchor === 'end' ? width : anchor === 'start' ? 0 : center, anchor });
    leftOfNext = left;
  }
  return placed;
}

function busiest<T extends { leads: number }>(entries: readonly T[]): T | undefined {
  return entries.reduce<T | undefined>((best, entry) => (entry.leads > (best?.leads ?? 0) ? entry : best), undefined);
}

const total = (entries: readonly { leads: number }[]) => entries.reduce((sum, entry) => sum + entry.leads, 0);

/** The weekly chart's text alternative, e.g. 'Leads per week, last 12 weeks: 3 this week, 5 last week, …'. */
export function describeWeeks(weeks: readonly WeekCount[]): string {
  const title = `Leads per week, last ${weeks.length} weeks`;
  if (weeks.length === 0) return `${title}: no figures yet.`;
  const sum = total(weeks);
  if (sum === 0) return `${title}: none.`;
  const current = weeks[weeks.length - 1]!;
  const previous = weeks[weeks.length - 2];
  const top = busiest(weeks)!;
  const parts = [`${count(current.leads)} this week`];
  if (previous) parts.push(`${count(previous.leads)} last week`);
  parts.push(`${leadsCount(sum)} in total`);
  parts.push(`busiest week of ${formatShortDay(top.start)} with ${count(top.leads)}`);
  return `${title}: ${parts.join(', ')}.`;
}

/** The daily chart's text alternative, naming the form it is for. */
export function describeDays(days: readonly DayCount[], scope: string): string {
  const title = `Leads per day, last ${days.length} days, ${scope}`;
  if (days.length === 0) return `${title}: no figures yet.`;
  const sum = total(days);
  if (sum === 0) return `${title}: none.`;
  const top = busiest(days)!;
  return `${title}: ${count(days[days.length - 1]!.leads)} today, ${leadsCount(sum)} in total, busiest day ${formatShortDay(top.date)} with ${count(top.leads)}.`;
}

export const TEMPERATURE_ORDER: readonly Temperature[] = ['hot', 'warm', 'cold'];

export type TemperatureShare = { temperature: Temperature; leads: number; percent: number };

/** Hot, warm and cold with their counts and whole percentages (adding up to 100). */
export function temperatureShares(split: Record<Temperature, number>): TemperatureShare[] {
  const counts = TEMPERATURE_ORDER.map((temperature) => Math.max(split[temperature] ?? 0, 0));
  const percents = percentSplit(counts);
  return TEMPERATURE_ORDER.map((temperature, index) => ({ temperature, leads: counts[index]!, percent: percents[index]! }));
}

/** 'Lead temperature: 5 hot (13%), 10 warm (25%), 25 cold (62%).' */
export function describeTemperatures(shares: readonly TemperatureShare[]): string {
  if (shares.every((share) => share.leads === 0)) return 'Lead temperature: no leads yet.';
  return `Lead temperature: ${shares.map((s) => `${count(s.leads)} ${s.temperature} (${s.percent}%)`).join(', ')}.`;
}
