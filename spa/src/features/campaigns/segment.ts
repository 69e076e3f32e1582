import type { Temperature } from '@/features/leads/api/leads';
import { formatDate } from '@/lib/dates';
import { stateName } from './us-states';
import type { Segment } from './types';

export const EVERYONE: Segment = { formIds: [], temperatures: [], states: [], createdFrom: null, createdTo: null, emailed: null, invested: null, indicated: null };

/** The segment as the server stores it, with every list present and empty dates as null. */
export function normalizeSegment(segment: Partial<Segment> | null | undefined): Segment {
  return {
    formIds: [...(segment?.formIds ?? [])],
    temperatures: [...(segment?.temperatures ?? [])],
    states: [...(segment?.states ?? [])],
    createdFrom: segment?.createdFrom || null,
    createdTo: segment?.createdTo || null,
    emailed: typeof segment?.emailed === 'boolean' ? segment.emailed : null,
    invested: typeof segment?.invested === 'boolean' ? segment.invested : null,
    indicated: segment?.indicated === true ? true : null,
  };
}

/** What is sent: lists sorted, empty dates left out (two equal segments give the same body). */
export function segmentBody(segment: Segment): Partial<Segment> {
  const body: Partial<Segment> = {
    formIds: [...segment.formIds].sort(),
    temperatures: [...segment.temperatures].sort(),
    states: [...segment.states].sort(),
  };
  if (segment.createdFrom) body.createdFrom = segment.createdFrom;
  if (segment.createdTo) body.createdTo = segment.createdTo;
  if (typeof segment.emailed === 'boolean') body.emailed = segment.emailed;
  if (typeof segment.invested === 'boolean') body.invested = segment.invested;
  if (segment.indicated === true) body.indicated = true;
  return body;
}

/** A stable text for a segment (cache keys, "changed?" checks). */
export function segmentKey(segment: Segment): string {
  return JSON.stringify(segmentBody(segment));
}

export function isEveryone(segment: Segment): boolean {
  return segmentKey(segment) === segmentKey(EVERYONE);
}

/** Adds or removes one value of a list. */
export function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}

const TEMPERATURE_ORDER: Temperature[] = ['hot', 'warm', 'cold'];
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function listed(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

/** A calendar day of the segment (a UTC day) the app's one way: 'Nov 1', 'Nov 1, 2025'. */
const day = (value: string) => formatDate(`${value}T00:00:00Z`, { timeZone: 'UTC' });

/**
 * The segment in words: 'All leads', or 'Hot or warm leads · Sunrise Solar form · in CA or TX ·
 * captured since Nov 1'. `formNames` maps form ids to names.
 */
export function describeSegment(segment: Segment, formNames: Record<string, string> = {}): string {
  if (isEveryone(segment)) return 'All leads';
  const parts: string[] = [];
  const temperatures = TEMPERATURE_ORDER.filter((t) => segment.temperatures.includes(t));
  parts.push(temperatures.length ? `${capital(listed(temperatures))} leads` : 'Leads');
  if (segment.formIds.length === 1) parts.push(`from ${formNames[segment.formIds[0]!] ?? 'one form'}`);
  else if (segment.formIds.length > 1) parts.push(`from ${segment.formIds.length} forms`);
  if (segment.states.length > 0 && segment.states.length <= 3) parts.push(`in ${listed([...segment.states].sort())}`);
  else if (segment.states.length > 3) parts.push(`in ${segment.states.length} states`);
  if (segment.createdFrom && segment.createdTo) parts.push(`captured ${day(segment.createdFrom)} – ${day(segment.createdTo)}`);
  else if (segment.createdFrom) parts.push(`captured since ${day(segment.createdFrom)}`);
  else if (segment.createdTo) parts.push(`captured until ${day(segment.createdTo)}`);
  if (segment.emailed === false) parts.push('not yet e-mailed');
  else if (segment.emailed === true) parts.push('already e-mailed');
  if (segment.invested === false) parts.push(segment.indicated ? 'indicated but not invested' : 'not invested yet');
  else if (segment.invested === true) parts.push('invested');
  else if (segment.indicated) parts.push('indicated an amount');
  return parts.join(' · ');
}

/** The investment choices of a segment (from the applied portal imports). */
export const INVESTMENT_CHOICES: { id: string; label: string; invested: boolean | null; indicated: boolean | null }[] = [
  { id: 'any', label: 'Any', invested: null, indicated: null },
  { id: 'not-invested', label: 'Not invested yet', invested: false, indicated: null },
  { id: 'indicated-not-invested', label: 'Indicated, not invested', invested: false, indicated: true },
  { id: 'invested', label: 'Invested', invested: true, indicated: null },
];

/** Which of [`INVESTMENT_CHOICES`] a segment is. */
export function investmentChoice(segment: Segment): string {
  const invested = segment.invested ?? null;
  const indicated = segment.indicated === true ? true : null;
  return INVESTMENT_CHOICES.find((c) => c.invested === invested && c.indicated === indicated)?.id ?? 'any';
}

export { stateName };
