/**
 * The message editor's document, as TipTap extensions: only what the server's renderer
 * (shared::campaigns, CommonMark through pulldown-cmark) turns into the same thing, each
 * read from and written back to the Markdown the server stores. Underline is left out:
 * Markdown has none.
 * Merge fields are chips that are stored as the server's tags (`{{first_name|there}}`).
 */
import { mergeAttributes, Node, nodeInputRule, nodePasteRule, type AnyExtension } from '@tiptap/core';
import Paragraph from '@tiptap/extension-paragraph';
import StarterKit from '@tiptap/starter-kit';
import { chipLabel, cleanFallback, isMergeField, MERGE_FIELDS, mergeTag, parseMergeTag, type MergeFieldName } from '../merge-fields';

/**
 * A paragraph line the server's Markdown parser would read as a block of its own ('1. ', '# ',
 * '- ', '> ', a '---' or '===' underline) gets its marker escaped: what the founder typed as
 * text stays text. (Inline characters such as `*` and `[` are escaped by @tiptap/markdown.)
 */
export function escapeBlockStarts(markdown: string): string {
  return markdown.replace(/^([ \t]{0,3})(#|>|[-+=]|\d{1,9}[.)])/gm, (_, space: string, marker: string) => `${space}${marker.slice(0, -1)}\\${marker.slice(-1)}`);
}

const MessageParagraph = Paragraph.extend({
  renderMarkdown(node, helpers, ctx) {
    return escapeBlockStarts(this.parent?.(node, helpers, ctx) ?? '');
  },
});

/** A tag of a field the server fills in, as written by hand. */
export const KNOWN_TAG = new RegExp(`\\{\\{\\s*(${MERGE_FIELDS.map((f) => f.name).join('|')})\\s*(?:\\|([^{}]*))?\\}\\}`);

function tagAttributes(match: RegExpMatchArray) {
  return { name: match[1], fallback: cleanFallback(match[2] ?? '') };
}

/** The marks a chip can carry: those of the text around it (code spans hold no chips). */
export const CHIP_MARKS = ['bold', 'italic', 'strike', 'link'];

// Medium weight, or bold inside a bold run (the chip's own weight would hide the mark).
const CHIP_CLASSES =
  'merge-chip mx-px inline-block cursor-default rounded-md bg-brand-50 px-1.5 text-sm leading-6 font-medium in-[strong]:font-bold whitespace-nowrap text-brand-700 ring-1 ring-brand-100 ring-inset select-none';

/** A merge field: an atom the writer sees as a chip ("first name, or 'there'"). */
export const MergeField = Node.create({
  name: 'mergeField',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  // A chip inside a bold, italic, struck or linked run carries it, so the run stays one
  // (`**Hi {{first_name|there}}, welcome**`); markdown.ts reads and writes such a run whole.
  marks: CHIP_MARKS.join(' '),

  addAttributes() {
    return {
      name: {
        default: 'first_name',
        parseHTML: (element: HTMLElement) => element.getAttribute('data-merge-field'),
        renderHTML: (attributes: { name: string }) => ({ 'data-merge-field': attributes.name }),
      },
      fallback: {
        default: '',
        parseHTML: (element: HTMLElement) => element.getAttribute('data-fallback') ?? '',
        renderHTML: (attributes: { fallback: string }) => (attributes.fallback ? { 'data-fallback': attributes.fallback } : {}),
      },
    };
  },

  parseHTML() {
    return [{ tag: 'span[data-merge-field]' }];
  },

  renderHTML({ node, HTMLAttributes }) {
    const name = node.attrs.name as MergeFieldName;
    return ['span', mergeAttributes(HTMLAttributes, { class: CHIP_CLASSES, 'aria-label': `Field: ${chipLabel(name, node.attrs.fallback)}` }), chipLabel(name, node.attrs.fallback)];
  },

  /** Copied as plain text, a chip is its tag. */
  renderText({ node }) {
    return mergeTag(node.attrs.name as MergeFieldName, node.attrs.fallback);
  },

  // A tag typed or pasted by hand ('{{first_name|there}}') becomes its chip.
  addInputRules() {
    return [nodeInputRule({ find: new RegExp(`${KNOWN_TAG.source}$`), type: this.type, getAttributes: tagAttributes })];
  },

  addPasteRules() {
    return [nodePasteRule({ find: new RegExp(KNOWN_TAG.source, 'g'), type: this.type, getAttributes: tagAttributes })];
  },

  markdownTokenizer: {
    name: 'mergeField',
    level: 'inline',
    start: (src: string) => src.indexOf('{{'),
    tokenize: (src: string) => {
      const match = /^\{\{[^{}]*\}\}/.exec(src);
      const tag = match && parseMergeTag(match[0]);
      if (!match || !tag) return undefined;
      return { type: 'mergeField', raw: match[0], name: tag.name, fallback: tag.fallback };
    },
  },

  parseMarkdown: (token, helpers) => helpers.createNode('mergeField', { name: token.name, fallback: token.fallback ?? '' }),

  renderMarkdown: (node) => {
    const name = String(node.attrs?.name ?? '');
    return isMergeField(name) ? mergeTag(name, String(node.attrs?.fallback ?? '')) : '';
  },
});

/** The extensions of the editor and of its Markdown conversion (the tests use the same). */
export function messageExtensions(): AnyExtension[] {
  return [
    StarterKit.configure({
      paragraph: false,
      underline: false,
      // No paragraph added behind the founder's back on load: opening a campaign changes nothing.
      trailingNode: false,
      // Every level the server renders is kept; the toolbar offers two.
      heading: { levels: [1, 2, 3, 4, 5, 6] },
      link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'], defaultProtocol: 'https' },
    }),
    MessageParagraph,
    MergeField,
  ];
}
