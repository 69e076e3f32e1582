import { describe, expect, it } from 'vitest';
import { FrontMatterError, parseFrontMatter } from './front-matter';

const ARTICLE = `---
title: Embed your investor form on WordPress
slug: embed-wordpress
summary: How to add your RaiseSpark inline form or floating button to a WordPress page with the Custom HTML block, or to every page of the site.
tags: [embed, wordpress, website, custom html]
updated: 2026-11-23
---

You need a **published** form and its snippet from the Embed page.

## Inline form on one page (block editor)

1. In WordPress, open the page.
`;

describe('parseFrontMatter', () => {
  it('reads an article of the Help Center: keys, the tag list and the body', () => {
    const { data, body } = parseFrontMatter(ARTICLE);
    expect(data).toEqual({
      title: 'Embed your investor form on WordPress',
      slug: 'embed-wordpress',
      summary:
        'How to add your RaiseSpark inline form or floating button to a WordPress page with the Custom HTML block, or to every page of the site.',
      tags: ['embed', 'wordpress', 'website', 'custom html'],
      updated: '2026-11-23',
    });
    expect(body).toBe(
      'You need a **published** form and its snippet from the Embed page.\n\n## Inline form on one page (block editor)\n\n1. In WordPress, open the page.',
    );
  });

  it('keeps colons inside a value and reads quoted values and list items', () => {
    const { data } = parseFrontMatter(`---\ntitle: "Rule 206: what you may say"\nsummary: 'It''s simple: no money'\ntags: ["reg cf", 'form c, filing', rule 206]\n---\nBody`);
    expect(data.title).toBe('Rule 206: what you may say');
    expect(data.summary).toBe("It's simple: no money");
    expect(data.tags).toEqual(['reg cf', 'form c, filing', 'rule 206']);
  });

  it('accepts Windows line endings, a byte-order mark, comments, empty lists and an empty body', () => {
    const { data, body } = parseFrontMatter('\uFEFF---\r\n# a comment\r\ntitle: A\r\ntags: []\r\n---\r\n');
    expect(data).toEqual({ title: 'A', tags: [] });
    expect(body).toBe('');
  });

  it('does not take a --- inside the body for the end of the front matter', () => {
    const { body } = parseFrontMatter('---\ntitle: A\n---\nOne\n\n---\n\nTwo');
    expect(body).toBe('One\n\n---\n\nTwo');
  });

  it('rejects a file without front matter, an unclosed block and a line that is not key: value', () => {
    expect(() => parseFrontMatter('# Just Markdown')).toThrow(FrontMatterError);
    expect(() => parseFrontMatter('---\ntitle: A\nBody')).toThrow('not closed');
    expect(() => parseFrontMatter('---\ntitle A\n---\nBody')).toThrow('line 2: expected "key: value"');
    expect(() => parseFrontMatter('---\ntitle: A\n----\nBody')).toThrow('not closed');
  });
});
