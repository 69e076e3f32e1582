import { describe, expect, it } from 'vitest';
import { formatUpdated, groupBySection, headingId, relatedArticles, searchArticles, sectionHeadings, sectionOf, toArticle, type HelpArticle } from './articles';
import { HELP_ARTICLES } from './content';

function article(slug: string, title: string, tags: string[], body = '', summary = `About ${title}`): HelpArticle {
  return { slug, title, summary, tags, updated: '2026-11-23', body };
}

const WORDPRESS = article('embed-wordpress', 'Embed your investor form on WordPress', ['embed', 'wordpress', 'website', 'custom html'], 'Add a Custom HTML block.');
const WIX = article('embed-wix', 'Embed your investor form on Wix', ['embed', 'wix', 'website'], 'Use Embed HTML. Unlike WordPress, Wix wraps it in a frame.');
const TEMPERATURE = article('lead-temperature', 'How lead temperature works (hot, warm, cold)', ['leads', 'temperature', 'hot'], 'Hot leads mention $50,000.');
const RULES = article('test-the-waters-rules', 'What you may and may not say while testing the waters', ['testing the waters', 'rule 206', 'reg cf'], 'No money.');
const CREATE_FORM = article('create-investor-form', 'Create an investor form', ['forms', 'create form']);
const ARCHIVE = article('archive-delete-form', 'Archive or delete a form', ['forms', 'archive']);
const ODD = article('odd', 'Something else', ['miscellany']);

describe('toArticle', () => {
  it('reads the front matter and lower-cases the tags', () => {
    const source = '---\ntitle: A title\nslug: a-title\nsummary: In short.\ntags: [Embed, WordPress]\nupdated: 2026-11-23\n---\n\nBody.';
    expect(toArticle('../help/a-title.md', source)).toEqual({
      slug: 'a-title',
      title: 'A title',
      summary: 'In short.',
      tags: ['embed', 'wordpress'],
      updated: '2026-11-23',
      body: 'Body.',
    });
  });

  it('refuses a slug that is not the file name and a missing field', () => {
    const source = (slug: string, extra = 'summary: S\n') => `---\ntitle: T\nslug: ${slug}\n${extra}tags: []\nupdated: 2026-11-23\n---\nB`;
    expect(() => toArticle('help/other.md', source('a-title'))).toThrow('does not match the file name');
    expect(() => toArticle('help/a-title.md', source('a-title', ''))).toThrow('front matter needs "summary"');
  });
});

describe('sections', () => {
  it('puts an article in the section of its first tag that has one', () => {
    expect(sectionOf(WORDPRESS).id).toBe('embed');
    expect(sectionOf(TEMPERATURE).id).toBe('leads');
    expect(sectionOf(RULES).id).toBe('testing-the-waters');
    expect(sectionOf(ODD).id).toBe('more');
  });

  it('groups in page order, leading articles first, and leaves empty sections out', () => {
    const groups = groupBySection([ODD, ARCHIVE, WORDPRESS, CREATE_FORM, TEMPERATURE]);
    expect(groups.map((group) => group.section.id)).toEqual(['forms', 'embed', 'leads', 'more']);
    expect(groups[0]!.articles.map((a) => a.slug)).toEqual(['create-investor-form', 'archive-delete-form']);
  });

  it('places every article of the Help Center in a named section', () => {
    expect(HELP_ARTICLES.length).toBeGreaterThan(40);
    expect(HELP_ARTICLES.filter((a) => sectionOf(a).id === 'more').map((a) => a.slug)).toEqual([]);
  });
});

describe('searchArticles', () => {
  it('finds the articles containing every word, title matches first', () => {
    expect(searchArticles([WIX, TEMPERATURE, WORDPRESS], 'wordpress').map((a) => a.slug)).toEqual(['embed-wordpress', 'embed-wix']);
    expect(searchArticles([WIX, TEMPERATURE, WORDPRESS], 'WordPress custom').map((a) => a.slug)).toEqual(['embed-wordpress']);
    expect(searchArticles([WIX, TEMPERATURE, WORDPRESS], 'hot $50,000').map((a) => a.slug)).toEqual(['lead-temperature']);
    expect(searchArticles([WIX, TEMPERATURE, WORDPRESS], 'pizza')).toEqual([]);
  });

  it('returns everything for a blank query', () => {
    expect(searchArticles([WIX, WORDPRESS], '   ')).toHaveLength(2);
  });

  it('finds the WordPress article first in the real Help Center', () => {
    expect(searchArticles(HELP_ARTICLES, 'wordpress')[0]?.slug).toBe('embed-wordpress');
  });
});

describe('relatedArticles', () => {
  it('lists other articles by shared tags', () => {
    expect(relatedArticles(WORDPRESS, [WORDPRESS, TEMPERATURE, WIX, RULES]).map((a) => a.slug)).toEqual(['embed-wix']);
  });
});

describe('headings', () => {
  it('makes anchor ids and lists the ## headings outside code', () => {
    expect(headingId('Inline form on one page (block editor)')).toBe('inline-form-on-one-page-block-editor');
    expect(sectionHeadings('Intro\n\n## First *part*\n\n```md\n## not a heading\n```\n\n### Sub\n\n## [Linked](/x) end')).toEqual([
      { id: 'first-part', text: 'First part' },
      { id: 'linked-end', text: 'Linked end' },
    ]);
  });

  it('shows the updated date as a calendar date', () => {
    expect(formatUpdated('2026-11-23', new Date('2026-12-31T23:00:00Z'))).toBe('Nov 23');
    expect(formatUpdated('2025-01-01', new Date('2026-01-01T00:30:00Z'))).toBe('Jan 1, 2025');
    expect(formatUpdated('not-a-date')).toBe('—');
  });
});
