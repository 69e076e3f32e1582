/** The message between the stored Markdown and the editor's document (one conversion, tested). */
import type { JSONContent } from '@tiptap/core';
import { MarkdownManager } from '@tiptap/markdown';
import { messageExtensions } from './extensions';

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
  return manager;
}

export function bodyToDoc(body: string): JSONContent {
  return markdown().parse(body);
}

export function docToBody(doc: JSONContent): string {
  return markdown().serialize(doc);
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
