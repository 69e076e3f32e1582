import { toArticle, type HelpArticle } from './articles';

/**
 * Every Help Center article, compiled in at build time from the same Markdown files Sparky
 * answers from (functions/ai-chat/help). Only the Help Center's own chunk imports this.
 */
const SOURCES = import.meta.glob<string>('../../../../functions/ai-chat/help/*.md', { query: '?raw', import: 'default', eager: true });

export const HELP_ARTICLES: readonly HelpArticle[] = Object.entries(SOURCES)
  .map(([file, source]) => toArticle(file, source))
  .sort((a, b) => a.title.localeCompare(b.title));

export function findArticle(slug: string | undefined): HelpArticle | undefined {
  return HELP_ARTICLES.find((article) => article.slug === slug);
}
