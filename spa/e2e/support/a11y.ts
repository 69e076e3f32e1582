import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

type Options = {
  /** CSS selectors left out of the scan (e.g. a third-party frame the page does not own). */
  exclude?: string[];
};

/**
 * Runs axe-core (WCAG 2 A and AA rules, colour contrast included) on the page as it is now,
 * frames included, and fails on any violation of impact `serious` or `critical`, listing each
 * rule with its help text and the offending nodes. Call it once the page has rendered what the
 * journey is about to check. A founder's form colours are no exception: the server makes every
 * theme readable (shared::theme), so a contrast failure on a form is a bug.
 */
export async function expectAccessible(page: Page, label: string, options: Options = {}) {
  await page.waitForLoadState('domcontentloaded');
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();

  const failures = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const lines = v.nodes
        .slice(0, 5)
        .map((n) => `    - ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').trim()}`)
        .join('\n');
      const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : '';
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${lines}${more}`;
    });
  expect(failures.join('\n'), `serious or critical accessibility violations on ${label} (${page.url()})`).toBe('');
}
