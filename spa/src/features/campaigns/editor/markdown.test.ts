import { describe, expect, it } from 'vitest';
import { getSchema, type JSONContent } from '@tiptap/core';
import { Node as PmNode } from '@tiptap/pm/model';
import { messageExtensions } from './extensions';
import { bodyToDoc, docToBody, unsupportedContent } from './markdown';

/** The starter templates' bodies (functions/campaigns/src/starters.rs), as founders get them. */
const STARTERS = [
  "Hi {{first_name|there}},\n\nThank you for telling us you might be interested in investing in {{company_name}}. Here is what we've been working on:\n\n- **Progress:** one or two sentences about the product or traction.\n- **Team:** who joined, what you learned.\n- **What's next:** the milestone you are working towards.\n\nWe are still testing the waters: we are not asking for money, and we won't accept any until our offering is live on a registered funding portal. If you have questions, just reply to this e-mail.\n\nThank you,\n{{company_name}}",
  "Hi {{first_name|there}},\n\n{{company_name}} has filed a Form C with the SEC for an offering under Regulation Crowdfunding.\n\n- **Issuer:** {{company_name}}\n- **Amount we are seeking:** the target amount and deadline from your Form C\n\nYou can read the offering materials and invest only through the funding portal: [view the offering](https://example.com/your-offering).\n\nThank you,\n{{company_name}}",
];

/** Everything the toolbar and the fields write, in the form the editor writes it. */
const EVERYTHING = [
  '## A heading',
  '### A subheading',
  'Hi {{first_name|there}}, this is **bold**, *italic*, ***both*** and ~~struck~~, with [a link](https://sunrise.example/raise?a=1&b=2).',
  '- **Progress:** one\n- Team',
  '1. First\n2. Second',
  '> A quote',
  '---',
  'Line one  \nline two, from {{name}} of {{company_name}} via {{form_name|our form}}.',
  'Prices: 5 \\* 3 \\[x\\] a\\_b &lt;b&gt; &amp; co',
  '1\\. not a list\n\n\\# not a heading',
].join('\n\n');

const nodes = (doc: JSONContent, type: string): JSONContent[] =>
  [doc, ...(doc.content ?? []).flatMap((child) => nodes(child, type))].filter((node) => node.type === type);

describe('the message between the stored Markdown and the editor', () => {
  it.each([...STARTERS.map((body, i) => [`starter ${i + 1}`, body]), ['every supported construct', EVERYTHING]])(
    'reads %s and writes it back unchanged',
    (_, body) => {
      expect(docToBody(bodyToDoc(body))).toBe(body);
    },
  );

  it('shows merge tags as chips with their fallback, and writes chips back as the tags the server fills in', () => {
    const doc = bodyToDoc('Hi {{first_name|there}}, from {{ company_name }} and {{ name | Sir }}.');
    expect(nodes(doc, 'mergeField').map((n) => n.attrs)).toEqual([
      { name: 'first_name', fallback: 'there' },
      { name: 'company_name', fallback: '' },
      { name: 'name', fallback: 'Sir' },
    ]);
    expect(docToBody(doc)).toBe('Hi {{first_name|there}}, from {{company_name}} and {{name|Sir}}.');
  });

  it('leaves a tag the server does not know as text, so the founder is told and it is never lost', () => {
    const doc = bodyToDoc('Hi {{nick_name}}, {{ first_name | x_y }} and {{first_name');
    expect(nodes(doc, 'mergeField').map((n) => n.attrs)).toEqual([{ name: 'first_name', fallback: 'xy' }]);
    // The unknown tag is written as it was (an escaped '_' would change the name the server reads).
    expect(docToBody(doc)).toBe('Hi {{nick_name}}, {{first_name|xy}} and {{first\\_name');
    expect(bodyToDoc(docToBody(doc))).toEqual(doc);
  });

  it('writes a chip inserted from the menu, and its fallback, as the server tag without characters that would break it', () => {
    const doc: JSONContent = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Hi ' },
            { type: 'mergeField', attrs: { name: 'first_name', fallback: ' there| friend}} ' } },
            { type: 'text', text: ', ' },
            { type: 'text', text: 'welcome', marks: [{ type: 'bold' }] },
            { type: 'mergeField', attrs: { name: 'form_name', fallback: '' } },
          ],
        },
      ],
    };
    expect(docToBody(doc)).toBe('Hi {{first_name|there friend}}, **welcome**{{form_name}}');
  });

  it.each([
    ['a bold run around a chip', '**Hi {{first_name|there}}, welcome**'],
    ['an italic run around a chip', '*Hi {{first_name|there}}, welcome*'],
    ['a chip at the start of a bold run', '**{{first_name}} welcome**'],
    ['a chip at the end of a bold run', 'Hi **welcome {{first_name|there}}**'],
    ['a bold run that is only a chip', '**{{company_name}}**'],
    ['bold and italic around a chip', '***Dear {{name}}***'],
    ['an italic chip inside a bold run', '**Hi *{{first_name}}* there**'],
    ['a chip beside bold and italic', '**bold**{{first_name}}*italic* and **bold** {{name}} *italic*'],
    ['struck and linked runs around a chip', '~~old {{name}} news~~ and [news from {{company_name}}](https://sunrise.example/news)'],
  ])('writes back %s unchanged: %s', (_, body) => {
    const doc = bodyToDoc(body);
    expect(docToBody(doc)).toBe(body);
    // The document is one the editor accepts (a chip may carry these marks).
    expect(() => PmNode.fromJSON(getSchema(messageExtensions()), doc).check()).not.toThrow();
  });

  it('gives a chip the marks of the run it sits in', () => {
    const doc = bodyToDoc('**Hi {{first_name|there}}, *dear {{name}}*** {{company_name}}');
    expect(nodes(doc, 'mergeField').map((n) => [n.attrs?.name, (n.marks ?? []).map((m) => m.type).sort()])).toEqual([
      ['first_name', ['bold']],
      ['name', ['bold', 'italic']],
      ['company_name', []],
    ]);
  });

  it('writes a chip made bold in the editor inside the bold run', () => {
    const bold = [{ type: 'bold' }];
    const doc: JSONContent = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Hi ', marks: bold },
            { type: 'mergeField', attrs: { name: 'first_name', fallback: 'there' }, marks: bold },
            { type: 'text', text: ', welcome', marks: bold },
            { type: 'text', text: ' and ' },
            { type: 'mergeField', attrs: { name: 'name', fallback: '' }, marks: bold },
          ],
        },
      ],
    };
    expect(docToBody(doc)).toBe('**Hi {{first_name|there}}, welcome** and **{{name}}**');
  });

  it('keeps what the founder typed as text: formatting characters and line starts never become formatting', () => {
    const typed = ['5 * 3 = 15, a_b_c, [draft] <b>bold?</b> & ~~', '1. not a list', '# not a heading', '- not a bullet', '> not a quote', '---'];
    const doc: JSONContent = { type: 'doc', content: typed.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })) };
    const body = docToBody(doc);
    expect(bodyToDoc(body)).toEqual(doc);
    expect(docToBody(bodyToDoc(body))).toBe(body);
  });

  it('reads every heading level the server renders, not only the two the toolbar offers', () => {
    const body = '# Title\n\n#### Small print';
    expect(nodes(bodyToDoc(body), 'heading').map((n) => n.attrs?.level)).toEqual([1, 4]);
    expect(docToBody(bodyToDoc(body))).toBe(body);
  });

  it('names what a stored body has that the editor cannot show', () => {
    expect(unsupportedContent(STARTERS[0]!)).toEqual([]);
    expect(unsupportedContent('| a | b |\n|---|---|\n| 1 | 2 |\n\n![logo](https://x.example/l.png)')).toEqual(['a table', 'an image']);
  });
});
