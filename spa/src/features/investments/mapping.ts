/**
 * The column mapping: which column of the portal's file holds each fact. The server guesses it
 * (and remembers it per portal); the founder corrects it. An import needs the amount, and the
 * e-mail or a name to match investors to leads.
 */
import type { Mapping, MappingField } from './types';

export type MappingFieldInfo = { key: MappingField; label: string; required: boolean; hint: string };

/** Every field, in the order the page lists them. */
export const MAPPING_FIELDS: readonly MappingFieldInfo[] = [
  { key: 'email', label: 'E-mail', required: false, hint: 'Matches investors to your leads.' },
  { key: 'name', label: 'Full name', required: false, hint: 'Or first and last name below.' },
  { key: 'firstName', label: 'First name', required: false, hint: '' },
  { key: 'lastName', label: 'Last name', required: false, hint: '' },
  { key: 'amount', label: 'Amount', required: true, hint: 'In US dollars.' },
  { key: 'date', label: 'Date', required: false, hint: 'When the investment was made.' },
  { key: 'status', label: 'Status', required: false, hint: 'Invested, pending or cancelled.' },
  { key: 'id', label: 'Investment ID', required: false, hint: 'Lets a re-import recognise each investment.' },
];

/** What the select shows for a field no column holds. */
export const NOT_IN_FILE = 'Not in this file';

export const NEEDS_AMOUNT = 'Choose the column with the amount invested.';
export const NEEDS_INVESTOR = "Choose the column with the investor's e-mail or name.";

const chosen = (value: string | null | undefined) => Boolean(value && value.trim());

/** What keeps the mapping from being read: none when the amount and the e-mail or a name are chosen. */
export function mappingProblems(mapping: Mapping): string[] {
  const problems: string[] = [];
  if (!chosen(mapping.amount)) problems.push(NEEDS_AMOUNT);
  if (!(chosen(mapping.email) || chosen(mapping.name) || chosen(mapping.firstName) || chosen(mapping.lastName))) problems.push(NEEDS_INVESTOR);
  return problems;
}

/** The mapping with one field set to a column's header, or to none (''). Headers the file lacks count as none. */
export function withColumn(mapping: Mapping, key: MappingField, header: string, headers: readonly string[]): Mapping {
  return { ...mapping, [key]: header && headers.includes(header) ? header : null };
}

/** The select's value for a field: its header when the file has it, else '' (not in this file). */
export function columnOf(mapping: Mapping, key: MappingField, headers: readonly string[]): string {
  const header = mapping[key];
  return header && headers.includes(header) ? header : '';
}

/** Every field of a mapping, null where no column is chosen (what `read` sends). */
export function completeMapping(mapping: Mapping): Required<Mapping> {
  return Object.fromEntries(MAPPING_FIELDS.map(({ key }) => [key, chosen(mapping[key]) ? mapping[key]! : null])) as Required<Mapping>;
}

/** Whether two mappings choose the same columns. */
export function sameMapping(a: Mapping, b: Mapping): boolean {
  const left = completeMapping(a);
  const right = completeMapping(b);
  return MAPPING_FIELDS.every(({ key }) => left[key] === right[key]);
}
