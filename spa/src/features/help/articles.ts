import { parseFrontMatter } from './front-matter';
import { formatDate } from '@/lib/dates';

/** A Help Center article (functions/ai-chat/help/<slug>.md, also Sparky's knowledge). */
export type HelpArticle = {
  slug: string;
  title: string;
  summary: string;
  tags: string[];
  /** ISO date, 'YYYY-MM-DD'. */
  updated: string;
  /** The Markdown after the front matter. */
  body: string;
};

/** Reads one article file; `file` is its path, whose name must be `<slug>.md`. */
export function toArticle(file: string, source: string): HelpArticle {
  const { data, body } = parseFrontMatter(source);
  const text = (key: string) => {
    const value = data[key];
    if (typeof value !== 'string' || value === '') throw new Error(`${file}: front matter needs "${key}"`);
    return value;
  };
  const tags = data.tags ?? [];
  if (!Array.isArray(tags)) throw new Error(`${file}: tags must be a list like [a, b]`);
  const slug = text('slug');
  const name = file.split('/').pop()?.replace(/\.md$/, '');
  if (name !== slug) throw new Error(`${file}: the slug "${slug}" does not match the file name`);
  const updated = text('updated');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(updated)) throw new Error(`${file}: updated must be a date like 2026-11-23`);
  return { slug, title: text('title'), summary: text('summary'), tags: tags.map((tag) => tag.toLowerCase()), updated, body };
}

export type HelpSectionId = 'getting-started' | 'forms' | 'embed' | 'leads' | 'dashboard' | 'testing-the-waters' | 'reg-cf' | 'billing' | 'more';

export type HelpSection = {
  id: HelpSectionId;
  title: string;
  description: string;
  /** Tags that put an article here, most telling first (the order within the section). */
  tags: string[];
};

/** The Help Center's sections, in page order. An article goes to the section of its first tag that has one. */
export const HELP_SECTIONS: readonly HelpSection[] = [
  {
    id: 'getting-started',
    title: 'Getting started & your account',
    description: 'Set up RaiseSpark, sign in and keep your account secure.',
    tags: ['getting started', 'account', 'sign up', 'settings', 'password', 'security', 'support'],
  },
  {
    id: 'forms',
    title: 'Investor forms',
    description: 'Build, style, preview and publish the forms investors fill in.',
    tags: ['forms'],
  },
  {
    id: 'embed',
    title: 'Embedding your form',
    description: 'Put your form on WordPress, Wix, Squarespace, Webflow, Shopify or any website.',
    tags: ['embed'],
  },
  {
    id: 'leads',
    title: 'Investor leads',
    description: 'Track, score, filter, export and follow up with interested investors.',
    tags: ['leads'],
  },
  {
    id: 'dashboard',
    title: 'Dashboard & rewards',
    description: 'Your figures, achievement badges and referral rewards.',
    tags: ['dashboard', 'rewards'],
  },
  {
    id: 'testing-the-waters',
    title: 'Testing the waters',
    description: 'What you may say and collect before you file Form C.',
    tags: ['testing the waters', 'rule 206', 'rule 241'],
  },
  {
    id: 'reg-cf',
    title: 'Regulation Crowdfunding',
    description: 'Form C, limits, funding portals, financial statements and life after your raise.',
    tags: [
      'reg cf',
      'regulation crowdfunding',
      'raise capital',
      'form c',
      'investor limits',
      'funding portal',
      'financial statements',
      'costs',
      'offering period',
      'rule 204',
      'bad actor',
      'annual report',
    ],
  },
  {
    id: 'billing',
    title: 'Plans & billing',
    description: 'Your trial, plans, invoices and special offers.',
    tags: ['billing', 'pricing'],
  },
];

const MORE: HelpSection = { id: 'more', title: 'More articles', description: 'Everything else.', tags: [] };

/** The first article of a section when it has one of these (then tag order, then title). */
const LEADING_ARTICLES = ['getting-started', 'create-investor-form', 'embed-options', 'lead-temperature', 'test-the-waters-rules', 'reg-cf-offering-limit', 'plans-pricing-trial'];

/** The section an article belongs to, and the rank of the tag that put it there. */
function placement(article: HelpArticle): { section: HelpSection; rank: number } {
  for (const tag of article.tags) {
    for (const section of HELP_SECTIONS) {
      const rank = section.tags.indexOf(tag);
      if (rank !== -1) return { section, rank };
    }
  }
  return { section: MORE, rank: 0 };
}

export function sectionOf(article: HelpArticle): HelpSection {
  return placement(article).section;
}

/** The sections with their articles, in page order; empty sections are left out. */
export function groupBySection(articles: readonly HelpArticle[]): { section: HelpSection; articles: HelpArticle[] }[] {
  const order = (article: HelpArticle) => {
    const lead = LEADING_ARTICLES.indexOf(article.slug);
    return [lead === -1 ? 1 : 0, placement(article).rank] as const;
  };
  return [...HELP_SECTIONS, MORE]
    .map((section) => ({
      section,
      articles: articles
        .filter((article) => sectionOf(article).id === section.id)
        .sort((a, b) => {
          const [leadA, rankA] = order(a);
          const [leadB, rankB] = order(b);
          return leadA - leadB || rankA - rankB || a.title.localeCompare(b.title);
        }),
    }))
    .filter((group) => group.articles.length > 0);
}

function words(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[^\p{L}\p{N}$%]+/u)
    .filter(Boolean);
}

/**
 * The articles whose title, summary, tags or body contain every word of `query` (anywhere,
 * so 'embed' finds 'embedding'), best first: a word in the title counts most, then the tags,
 * the summary and the body.
 */
export function searchArticles(articles: readonly HelpArticle[], query: string): HelpArticle[] {
  const terms = words(query);
  if (terms.length === 0) return [...articles];
  const scored: { article: HelpArticle; score: number }[] = [];
  for (const article of articles) {
    const title = article.title.toLowerCase();
    const tags = article.tags.join(' | ');
    const summary = article.summary.toLowerCase();
    const body = article.body.toLowerCase();
    let score = 0;
    let all = true;
    for (const term of terms) {
      const hits = [title.includes(term) ? 8 : 0, tags.includes(term) ? 5 : 0, summary.includes(term) ? 3 : 0, body.includes(term) ? 1 : 0];
      const best = hits.reduce((sum, value) => sum + value, 0);
      if (best === 0) {
        all = false;
        break;
      }
      score += best;
    }
    if (all) scored.push({ article, score });
  }
  return scored.sort((a, b) => b.score - a.score || a.article.title.localeCompare(b.article.title)).map(({ article }) => article);
}

/** Up to `limit` other articles sharing the most tags with `article` (same section breaks ties). */
export function relatedArticles(article: HelpArticle, articles: readonly HelpArticle[], limit = 3): HelpArticle[] {
  const section = sectionOf(article).id;
  return articles
    .filter((other) => other.slug !== article.slug)
    .map((other) => ({
      other,
      shared: other.tags.filter((tag) => article.tags.includes(tag)).length,
      sameSection: sectionOf(other).id === section ? 1 : 0,
    }))
    .filter(({ shared }) => shared > 0)
    .sort((a, b) => b.shared - a.shared || b.sameSection - a.sameSection || a.other.title.localeCompare(b.other.title))
    .slice(0, limit)
    .map(({ other }) => other);
}

/** The anchor id of a heading: 'Inline form on one page (block editor)' → 'inline-form-on-one-page-block-editor'. */
export function headingId(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The `## ` headings of a body (outside code blocks), for the article's 'On this page' list. */
export function sectionHeadings(body: string): { id: string; text: string }[] {
  const headings: { id: string; text: string }[] = [];
  let fenced = false;
  for (const line of body.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced && line.startsWith('## ')) {
      const text = line
        .slice(3)
        .replace(/[*_`]/g, '')
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .trim();
      headings.push({ id: headingId(text), text });
    }
  }
  return headings;
}

/**
 * '2026-11-23' → 'Nov 23' this year, 'Nov 23, 2025' otherwise, as every date of the app reads
 * (a calendar date: read in UTC, so it is the same day in every time zone); '—' for a date it
 * cannot read.
 */
export function formatUpdated(date: string, now = new Date()): string {
  return formatDate(`${date}T00:00:00Z`, { timeZone: 'UTC', now });
}
