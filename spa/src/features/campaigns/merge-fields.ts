/**
 * The merge fields the server fills in for each investor (shared::campaigns::MERGE_TAGS), as
 * the editor names them. The stored form stays the server's: `{{first_name}}`, or with a
 * fallback for investors without a value, `{{first_name|there}}`.
 */

export const MERGE_FIELDS = [
  { name: 'first_name', label: 'First name', spoken: 'first name', fallback: 'there' },
  { name: 'name', label: 'Full name', spoken: 'full name', fallback: 'there' },
  { name: 'company_name', label: 'Your company name', spoken: 'your company name', fallback: '' },
  { name: 'form_name', label: 'Form they filled in', spoken: 'the form they filled in', fallback: '' },
] as const;

export type MergeFieldName = (typeof MERGE_FIELDS)[number]['name'];

const KNOWN = new Set<string>(MERGE_FIELDS.map((field) => field.name));

export function isMergeField(name: string): name is MergeFieldName {
  return KNOWN.has(name);
}

/**
 * A fallback as it can be stored: no braces or bars (they would end the tag) and no Markdown
 * formatting characters (the server reads the tag inside Markdown), trimmed.
 */
export function cleanFallback(fallback: string): string {
  return fallback.replace(/[{}|\\`*_[\]~<>]/g, '').replace(/\s+/g, ' ').trim();
}

/** '{{first_name}}', or with a fallback: '{{first_name|there}}'. */
export function mergeTag(name: MergeFieldName, fallback = ''): string {
  const clean = cleanFallback(fallback);
  return clean ? `{{${name}|${clean}}}` : `{{${name}}}`;
}

/** A tag written by hand or stored ('{{ first_name | there }}'): its field and fallback, or null. */
export function parseMergeTag(tag: string): { name: MergeFieldName; fallback: string } | null {
  const match = /^\{\{([^{}]*)\}\}$/.exec(tag);
  if (!match) return null;
  const [name, ...rest] = match[1]!.split('|');
  const field = name!.trim();
  if (!isMergeField(field)) return null;
  return { name: field, fallback: cleanFallback(rest.join('|')) };
}

/** How a chip reads: "first name, or 'there'"; "your company name". */
export function chipLabel(name: MergeFieldName, fallback = ''): string {
  const field = MERGE_FIELDS.find((f) => f.name === name)!;
  const clean = cleanFallback(fallback);
  return clean ? `${field.spoken}, or '${clean}'` : field.spoken;
}

/** The tags of a text that the server would refuse (a typo such as {{firstname}}). */
export function unknownMergeTags(text: string): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(/\{\{([^}]*)\}\}/g)) {
    const name = match[1]!.split('|')[0]!.trim();
    if (!KNOWN.has(name)) unknown.add(name);
  }
  return [...unknown];
}
