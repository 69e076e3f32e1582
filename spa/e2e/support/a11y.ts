import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** The colours of a new form's styling (primary and button colour), as the server creates it. */
export const DEFAULT_FORM_COLOURS = ['#6366f1'];

type Options = {
  /** CSS selectors left out of the scan (e.g. a third-party frame the page does not own). */
  exclude?: string[];
  /**
   * Colours a founder chose for their form (the form's styling). A colour-contrast failure whose
   * foreground or background is one of these is the founder's choice, not the product's: it is
   * printed as a warning instead of failing the journey. Everything else still fails.
   */
  founderColours?: string[];
};

type ContrastData = { fgColor?: string; bgColor?: string };

/**
 * Runs axe-core (WCAG 2 A and AA rules) on the page as it is now, frames included, and fails on
 * any violation of impact `serious` or `critical`, listing each rule with its help text and the
 * offending nodes. Call it once the page has rendered what the journey is about to check.
 */
export async function expectAccessible(page: Page, label: string, options: Options = {}) {
  await page.waitForLoadState('domcontentloaded');
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();

  const founder = new Set((options.founderColours ?? []).map((c) => c.toLowerCase()));
  const isFounderColour = (node: (typeof violations)[number]['nodes'][number]) =>
    node.any.some((check) => {
      const data = (check.data ?? {}) as ContrastData;
      return founder.has(String(data.fgColor).toLowerCase()) || founder.has(String(data.bgColor).toLowerCase());
    });

  const format = (v: (typeof violations)[number], nodes: typeof v.nodes) => {
    const lines = nodes
      .slice(0, 5)
      .map((n) => `    - ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').trim()}`)
      .join('\n');
    const more = nodes.length > 5 ? `\n    … and ${nodes.length - 5} more` : '';
    return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${lines}${more}`;
  };

  const failures: string[] = [];
  const warnings: string[] = [];
  for (const v of violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    if (v.id === 'color-contrast' && founder.size > 0) {
      const chosen = v.nodes.filter(isFounderColour);
      const ours = v.nodes.filter((n) => !isFounderColour(n));
      if (chosen.length) warnings.push(format(v, chosen));
      if (ours.length) failures.push(format(v, ours));
      continue;
    }
    failures.push(format(v, v.nodes));
  }
  if (warnings.length) {
    console.warn(`accessibility on ${label}: contrast of the founder's own form colours (not failing):\n${warnings.join('\n')}`);
  }
  expect(failures.join('\n'), `serious or critical accessibility violations on ${label} (${page.url()})`).toBe('');
}
