#!/usr/bin/env node
/**
 * Writes the Help Center into public/sitemap.xml: /help and one /help/<slug> per article of
 * functions/ai-chat/help/*.md (lastmod = the article's `updated`). Every other entry of the
 * file is kept as it is. Run by `npm run build` before Vite copies public/; the output only
 * changes when an article is added, removed or updated.
 *
 *   node spa/scripts/sitemap.mjs [--check]   (--check: exit 1 if the file is out of date)
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const spa = join(dirname(fileURLToPath(import.meta.url)), '..');
const helpDir = join(spa, '..', 'functions', 'ai-chat', 'help');
const sitemapPath = join(spa, 'public', 'sitemap.xml');
const ORIGIN = 'https://raisespark.com';

/** `slug` and `updated` from an article's front matter (simple `key: value` lines). */
function frontMatter(file) {
  const source = readFileSync(join(helpDir, file), 'utf8').replace(/\r\n?/g, '\n');
  const block = /^---\n([\s\S]*?)\n---\n/.exec(source);
  if (!block) throw new Error(`${file}: no front matter`);
  const value = (key) => new RegExp(`^${key}:\\s*['"]?([^'"\\n]+?)['"]?\\s*$`, 'm').exec(block[1])?.[1];
  const slug = value('slug');
  const updated = value('updated');
  if (slug !== file.replace(/\.md$/, '')) throw new Error(`${file}: slug ${slug} does not match the file name`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(updated ?? '')) throw new Error(`${file}: updated must be YYYY-MM-DD`);
  return { slug, updated };
}

const articles = readdirSync(helpDir)
  .filter((file) => file.endsWith('.md'))
  .sort()
  .map(frontMatter);
const latest = articles.map((a) => a.updated).sort().at(-1);

const entry = (path, lastmod, changefreq, priority) =>
  `  <url>\n    <loc>${ORIGIN}${path}</loc>\n    <lastmod>${lastmod}</lastmod>\n    <changefreq>${changefreq}</changefreq>\n    <priority>${priority}</priority>\n  </url>\n`;

const current = readFileSync(sitemapPath, 'utf8');
const kept = [...current.matchAll(/  <url>\n[\s\S]*?<\/url>\n/g)]
  .map((match) => match[0])
  .filter((block) => !/<loc>https:\/\/raisespark\.com\/help(\/[^<]*)?<\/loc>/.test(block));
const help = [entry('/help', latest, 'weekly', '0.7'), ...articles.map((a) => entry(`/help/${a.slug}`, a.updated, 'monthly', '0.6'))];
const next =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' + [...kept, ...help].join('') + '</urlset>\n';

if (next === current) {
  console.log(`sitemap.xml: up to date (${articles.length} Help Center articles)`);
} else if (process.argv.includes('--check')) {
  console.error('sitemap.xml is out of date: run `node spa/scripts/sitemap.mjs`');
  process.exit(1);
} else {
  writeFileSync(sitemapPath, next);
  console.log(`sitemap.xml: ${kept.length} pages and ${help.length} Help Center entries written`);
}
