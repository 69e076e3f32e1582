import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import axe from 'axe-core';

type Options = {
  /** CSS selectors left out of the scan (e.g. a third-party frame the page does not own). */
  exclude?: string[];
  /** Offending nodes listed per rule (the rest are counted). */
  nodes?: number;
  /**
   * axe-core run straight in the page, answering its violations only, instead of through
   * AxeBuilder (a run per frame, finished in a blank page of its own, every result sent back):
   * about half the time, for surveys of many pages. A page with a frame of another origin,
   * which a run in the page cannot reach, is scanned the full way.
   */
  inPage?: boolean;
};

const TAGS = ['wcag2a', 'wcag2aa'];

type Violation = Pick<axe.Result, 'id' | 'impact' | 'help' | 'helpUrl'> & { nodes: Pick<axe.NodeResult, 'target' | 'failureSummary'>[] };

async function violationsInPage(page: Page, exclude: string[]): Promise<Violation[]> {
  // Every frame gets axe-core: the run in the page reaches same-origin frames through them.
  for (const frame of page.frames()) await frame.evaluate(axe.source);
  return page.evaluate(
    async ({ tags, exclude }) => {
      const { axe: run } = window as unknown as { axe: typeof axe };
      const { violations } = await run.run({ exclude: exclude.map((selector) => [selector]) }, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return violations.map(({ id, impact, help, helpUrl, nodes }) => ({ id, impact, help, helpUrl, nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })) }));
    },
    { tags: TAGS, exclude },
  );
}

/**
 * Runs axe-core (WCAG 2 A and AA rules, colour contrast included) on the page as it is now,
 * frames included, and answers every violation of impact `serious` or `critical`, one entry per
 * rule with its help text and the offending nodes. The layout survey collects these over every
 * page; a journey calls `expectAccessible`.
 */
export async function accessibilityFailures(page: Page, options: Options = {}): Promise<string[]> {
  await page.waitForLoadState('domcontentloaded');
  const exclude = options.exclude ?? [];
  const origin = new URL(page.url()).origin;
  const sameOrigin = page.frames().every((frame) => ['', 'about:blank'].includes(frame.url()) || new URL(frame.url()).origin === origin);
  let violations: Violation[];
  if (options.inPage && sameOrigin) {
    violations = await violationsInPage(page, exclude);
  } else {
    let builder = new AxeBuilder({ page }).withTags(TAGS);
    for (const selector of exclude) builder = builder.exclude(selector);
    violations = (await builder.analyze()).violations;
  }
  const shown = options.nodes ?? 5;

  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const lines = v.nodes
        .slice(0, shown)
        .map((n) => `    - ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').trim()}`)
        .join('\n');
      const more = v.nodes.length > shown ? `\n    … and ${v.nodes.length - shown} more` : '';
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${lines}${more}`;
    });
}

/**
 * Fails on any serious or critical violation (see `accessibilityFailures`). Call it once the
 * page has rendered what the journey is about to check. A founder's form colours are no
 * exception: the server makes every theme readable (shared::theme), so a contrast failure on a
 * form is a bug.
 */
export async function expectAccessible(page: Page, label: string, options: Options = {}) {
  const failures = await accessibilityFailures(page, options);
  expect(failures.join('\n'), `serious or critical accessibility violations on ${label} (${page.url()})`).toBe('');
}
