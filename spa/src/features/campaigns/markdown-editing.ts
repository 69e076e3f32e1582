/**
 * The message editor's toolbar as pure text edits: each takes the text and the selection and
 * returns the new text and the selection to restore, so the textarea keeps the caret where a
 * writer expects it (and undo-free logic is unit-tested).
 */

export type Selection = { start: number; end: number };
export type Edit = { text: string; selection: Selection };

/** The merge tags the server fills in (shared::campaigns::MERGE_TAGS). */
export const MERGE_TAGS = [
  { name: 'first_name', label: 'First name', fallback: 'there' },
  { name: 'name', label: 'Full name', fallback: 'there' },
  { name: 'company_name', label: 'Your company name', fallback: '' },
  { name: 'form_name', label: 'Form they filled in', fallback: '' },
] as const;

export type MergeTagName = (typeof MERGE_TAGS)[number]['name'];

const KNOWN = new Set<string>(MERGE_TAGS.map((tag) => tag.name));

/** '{{first_name}}', or with a fallback for recipients without one: '{{first_name|there}}'. */
export function mergeTag(name: MergeTagName, fallback = ''): string {
  const clean = fallback.replace(/[{}|]/g, '').trim();
  return clean ? `{{${name}|${clean}}}` : `{{${name}}}`;
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

function clamp(text: string, selection: Selection): Selection {
  const start = Math.max(0, Math.min(selection.start, text.length));
  const end = Math.max(start, Math.min(selection.end, text.length));
  return { start, end };
}

/** Replaces the selection with `insertion`; the caret lands after it. */
export function insertText(text: string, selection: Selection, insertion: string): Edit {
  const { start, end } = clamp(text, selection);
  const next = text.slice(0, start) + insertion + text.slice(end);
  const caret = start + insertion.length;
  return { text: next, selection: { start: caret, end: caret } };
}

/**
 * Wraps the selection in `marker` ('**' bold, '_' italic), or unwraps it when it already is.
 * Without a selection a placeholder is inserted, selected so typing replaces it.
 */
export function toggleWrap(text: string, selection: Selection, marker: string, placeholder: string): Edit {
  const { start, end } = clamp(text, selection);
  const m = marker.length;
  const before = text.slice(Math.max(0, start - m), start);
  const after = text.slice(end, end + m);
  if (start !== end && before === marker && after === marker) {
    const next = text.slice(0, start - m) + text.slice(start, end) + text.slice(end + m);
    return { text: next, selection: { start: start - m, end: end - m } };
  }
  const selected = text.slice(start, end);
  if (selected.length > 2 * m && selected.startsWith(marker) && selected.endsWith(marker)) {
    const inner = selected.slice(m, -m);
    return { text: text.slice(0, start) + inner + text.slice(end), selection: { start, end: start + inner.length } };
  }
  // Markdown emphasis may not start or end with a space: keep those outside the markers.
  const lead = selected.length - selected.trimStart().length;
  const trail = selected.length - selected.trimEnd().length;
  const core = selected.trim() || placeholder;
  const inserted = `${selected.slice(0, lead)}${marker}${core}${marker}${selected.slice(selected.length - trail)}`;
  const coreStart = start + lead + m;
  return { text: text.slice(0, start) + inserted + text.slice(end), selection: { start: coreStart, end: coreStart + core.length } };
}

/** '[selected text](https://)' with the address selected, ready to be typed or pasted. */
export function insertLink(text: string, selection: Selection, placeholder = 'link text'): Edit {
  const { start, end } = clamp(text, selection);
  const label = text.slice(start, end).trim() || placeholder;
  const url = 'https://';
  const inserted = `[${label}](${url})`;
  const urlStart = start + label.length + 3;
  return { text: text.slice(0, start) + inserted + text.slice(end), selection: { start: urlStart, end: urlStart + url.length } };
}

/**
 * Starts every line the selection touches with `prefix` ('## ' heading, '- ' list item), or
 * removes it when all of them already start with it.
 */
export function togglePrefix(text: string, selection: Selection, prefix: string): Edit {
  const { start, end } = clamp(text, selection);
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const endSearch = end > start && text[end - 1] === '\n' ? end - 1 : end;
  const nextBreak = text.indexOf('\n', endSearch);
  const lineEnd = nextBreak === -1 ? text.length : nextBreak;
  const lines = text.slice(lineStart, lineEnd).split('\n');
  const removing = lines.every((line) => line.startsWith(prefix));
  // Another kind of heading or bullet is replaced rather than stacked.
  const strip = (line: string) => line.replace(prefix.startsWith('#') ? /^#{1,6} / : /^(?:[-*+] |\d+\. )/, '');
  const changed = lines.map((line) => (removing ? line.slice(prefix.length) : `${prefix}${strip(line)}`));
  const block = changed.join('\n');
  const next = text.slice(0, lineStart) + block + text.slice(lineEnd);
  if (start === end && lines.length === 1) {
    const caret = Math.max(lineStart, start + (block.length - (lineEnd - lineStart)));
    return { text: next, selection: { start: caret, end: caret } };
  }
  return { text: next, selection: { start: lineStart, end: lineStart + block.length } };
}
