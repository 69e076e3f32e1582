import { describe, expect, it } from 'vitest';
import sitemap from '../../../public/sitemap.xml?raw';
import { HELP_ARTICLES } from './content';

describe('public/sitemap.xml (scripts/sitemap.mjs)', () => {
  it('lists the Help Center and every article with its updated date', () => {
    expect(sitemap).toContain('<loc>https://raisespark.com/help</loc>');
    for (const article of HELP_ARTICLES) {
      expect(sitemap).toContain(`<loc>https://raisespark.com/help/${article.slug}</loc>\n    <lastmod>${article.updated}</lastmod>`);
    }
    expect(sitemap.match(/<loc>https:\/\/raisespark\.com\/help\//g)).toHaveLength(HELP_ARTICLES.length);
  });

  it('keeps the other public pages', () => {
    for (const path of ['/', '/pricing', '/test-the-waters', '/equity-crowdfunding-costs', '/contact-us', '/privacy', '/terms']) {
      expect(sitemap).toContain(`<loc>https://raisespark.com${path}</loc>`);
    }
  });
});
