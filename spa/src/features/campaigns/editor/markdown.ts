/** The message between the stored Markdown and the editor's document (one conversion, tested). */
import type { JSONContent } from '@tiptap/core';
import { MarkdownManager } from '@tiptap/markdown';
import { isMergeField, mergeTag } from '../merge-fields';
import { CHIP_MARKS, messageExtensions } from './extensions';

let manager: MarkdownManager | undefined;

/** A merge tag left as text (one the server does not know, or a half-typed one). */
const TAG_TEXT = /(\{\{[^{}]*\}\})/;

function markdown(): MarkdownManager {
  if (manager) return manager;
  manager = new MarkdownManager({ extensions: messageExtensions() });
  // @tiptap/markdown backslash-escapes formatting characters in text; inside a tag that stays
  // text, an escaped '_' would change the tag the server reads ({{nick\_name}}), so tags are
  // written as typed. (Unit-tested: an upgrade that renames this method fails the tests.)
  const internal = manager as unknown as { escapeMarkdownSyntax: (text: string) => string };
  const escape = internal.escapeMarkdownSyntax.bind(manager);
  internal.escapeMarkdownSyntax = (text) => text.split(TAG_TEXT).map((part, i) => (i % 2 ? part : escape(part))).join('');
  // Reading `**Hi {{first_name}}, welcome**`, the parser gives the run's mark to its text nodes
  // only: the chip would split the run in two. A chip takes the marks of the run it sits in.
  const marked = manager as unknown as { applyMarkToContent: (type: string, content: JSONContent[], attrs?: Record<string, unknown>) => JSONContent[] };
  const applyMark = marked.applyMarkToContent.bind(manager);
  marked.applyMarkToContent = (type, content, attrs) =>
    applyMark(type, content, attrs).map((node) =>
      node.type === 'mergeField' && CHIP_MARKS.includes(type) ? { ...node, marks: [...(node.marks ?? []), attrs ? { type, attrs } : { type }] } : node,
    );
  return manager;
}

export function bodyToDoc(body: string): JSONContent {
  return markdown().parse(body);
}

/** Stands in for a chip's tag while the document is written: see `docToBody`. */
const STAND_IN = /\uE000(\d+)\uE001/g;

function withStandIns(node: JSONContent, tags: string[]): JSONContent {
  if (node.type === 'mergeField') {
    const name = String(node.attrs?.name ?? '');
    tags.push(isMergeField(name) ? mergeTag(name, String(node.attrs?.fallback ?? '')) : '');
    return { type: 'text', text: `\uE000${tags.length - 1}\uE001`, ...(node.marks?.length ? { marks: node.marks } : {}) };
  }
  return node.content ? { ...node, content: node.content.map((child) => withStandIns(child, tags)) } : node;
}

/**
 * The writer closes every open mark before a node that is not text and opens them again after
 * it (`**Hi** {{first_name}}**, welcome**`, the chip left out of the run). Each chip is written
 * as a stand-in text with its marks, so a run reads as one, then the stand-ins become the tags.
 */
export function docToBody(doc: JSONContent): string {
  const tags: string[] = [];
  return markdown()
    .serialize(withStandIns(doc, tags))
    .replace(STAND_IN, (standIn, index: string) => tags[Number(index)] ?? standIn);
}

/** Markdown the server renders but the editor has no place for (it would drop them). */
const UNSUPPORTED: Record<string, string> = { table: 'a table', image: 'an image' };

/** What of a stored body the editor cannot show ('a table', 'an image'), each once. */
export function unsupportedContent(body: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: unknown[]) => {
    for (const token of tokens as { type?: string; tokens?: unknown[]; items?: unknown[] }[]) {
      if (token.type && UNSUPPORTED[token.type]) found.add(UNSUPPORTED[token.type]!);
      if (token.tokens) walk(token.tokens);
      if (token.items) walk(token.items);
    }
  };
  walk(markdown().instance.lexer(body));
  return [...found];
}
