import type { Browser, Page, TestInfo } from '@playwright/test';
import { accessibilityFailures } from './support/a11y';
import { expect, test } from './support/fixtures';

/**
 * Every public page, and every app page as the demo founder (SEED_DEMO: forms, leads, campaigns
 * and a vault to fill them) and the demo administrator see it, on a phone (375 px) and on a
 * laptop (1280 px):
 * - no page scrolls sideways (at most as wide as the window);
 * - Sparky's floating button, scrolled to the end of the page, covers no control or heading;
 * - no date shows as an ISO string or a raw timestamp;
 * - axe finds no serious or critical accessibility violation (WCAG 2 A and AA, contrast included).
 * All offenders are reported at once, with the widest or covered element of each, so one run
 * shows the whole list. A screenshot of each page at each width is kept with the run's results
 * (test-results/, CI artefacts), and one scrolled to the end where Sparky covers something.
 * The phone and the laptop go through the pages side by side (two browser contexts): most of a
 * page visit is waiting for the network to settle.
 */

const DEMO = { email: 'demo@raisespark.local', password: 'Demo-founder-2026!' };
const ADMIN = { email: 'admin@raisespark.local', password: 'Demo-admin-2026!' };
const height = (width: number) => (width < 768 ? 812 : 800);

const PUBLIC_PATHS = ['/', '/pricing', '/test-the-waters', '/equity-crowdfunding-costs', '/login', '/register', '/forgot-password', '/privacy', '/terms', '/contact-us', '/help', '/no-such-page'];
const appPaths = (formId: string) => [
  '/dashboard',
  '/forms',
  `/forms/${formId}`,
  `/form-preview/${formId}`,
  `/embed-options/${formId}`,
  `/form-view/${formId}`,
  '/leads',
  '/campaigns',
  '/compliance-vault',
  '/raise-capital',
  '/earn-rewards',
  '/settings',
  '/reviews',
  '/help/embed-wordpress',
];

type Found = { overflow: string | null; covered: string[]; rawDates: string[]; sparky: boolean };

/**
 * Measured in the page: how far it reaches beyond the window (and the element reaching
 * furthest right), then, scrolled to the end, every visible control or heading whose box meets
 * Sparky's button, and any text that reads like an ISO date-time or a raw timestamp.
 */
function measure(): Found {
  const describe = (element: Element) => {
    const label = element.getAttribute('aria-label') ?? (element as HTMLElement).innerText?.trim().slice(0, 40) ?? '';
    return `<${element.tagName.toLowerCase()}> ${label}`;
  };
  let overflow: string | null = null;
  const width = document.documentElement.scrollWidth;
  if (width > window.innerWidth) {
    let right = window.innerWidth;
    let widest = '';
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.right > right + 1) {
        right = box.right;
        widest = `${describe(element)} class="${element.className}" (right edge ${Math.round(box.right)} px)`;
      }
    }
    overflow = `${width} px wide; widest ${widest}`;
  }

  const text = document.body.innerText;
  const rawDates = [
    ...(text.match(/\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?\b/g) ?? []),
    ...(text.match(/\b1\d{12}(\d{6})?\b/g) ?? []),
  ];

  const button = document.querySelector('button[aria-label="Open Sparky AI Assistant"]');
  const covered: string[] = [];
  if (button) {
    window.scrollTo(0, document.documentElement.scrollHeight);
    const b = button.getBoundingClientRect();
    const targets = 'a[href], button, input, select, textarea, summary, [role="button"], [role="tab"], [role="link"], [tabindex="0"], h1, h2, h3, h4, h5, h6';
    for (const element of Array.from(document.querySelectorAll(targets))) {
      if (element === button || element.contains(button) || button.contains(element)) continue;
      const r = element.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none' || element.closest('[aria-hidden="true"], .sr-only, [inert]')) continue;
      const left = Math.max(r.left, b.left);
      const right = Math.min(r.right, b.right);
      const top = Math.max(r.top, b.top);
      const bottom = Math.min(r.bottom, b.bottom);
      if (right - left < 1 || bottom - top < 1) continue;
      // Only what is really painted there: an element clipped away by a scroller does not count.
      const hit = document.elementsFromPoint((left + right) / 2, (top + bottom) / 2);
      if (!hit.some((under) => under === element || element.contains(under))) continue;
      covered.push(describe(element));
    }
  }
  return { overflow, covered, rawDates, sparky: Boolean(button) };
}

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

const shotName = (path: string) => path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';

/** Visits each path, keeps its screenshots, and adds what is wrong with it to `problems`. */
async function survey(page: Page, paths: string[], width: number, testInfo: TestInfo, problems: string[], who: string) {
  let sparkyPages = 0;
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: testInfo.outputPath(`${who}-${shotName(path)}-${width}.png`) });
    // Before `measure` scrolls to the end: the page as it opens.
    for (const failure of await accessibilityFailures(page, { nodes: 3, inPage: true })) problems.push(`${path} at ${width} px (${who}) is not accessible:\n${failure}`);
    const found = await page.evaluate(measure);
    if (found.overflow) problems.push(`${path} at ${width} px scrolls sideways: ${found.overflow}`);
    for (const element of found.covered) problems.push(`${path} at ${width} px: Sparky's button covers ${element}`);
    for (const raw of found.rawDates) problems.push(`${path} at ${width} px shows a raw date: ${raw}`);
    if (found.sparky) sparkyPages += 1;
    // Scrolled to the end: what Sparky's button was found covering.
    if (found.covered.length) await page.screenshot({ path: testInfo.outputPath(`${who}-${shotName(path)}-${width}-end.png`) });
  }
  return sparkyPages;
}

/** The whole survey at one width, in a context of its own; problems are added to `problems`. */
async function journey(page: Page, browser: Browser, width: number, testInfo: TestInfo, problems: string[]) {
  await survey(page, PUBLIC_PATHS, width, testInfo, problems, 'visitor');

  await signIn(page, DEMO);
  const { access_token } = await (await page.request.post('/api/auth/token')).json();
  const headers = { authorization: `Bearer ${access_token}` };
  const forms = (await (await page.request.get('/api/forms', { headers })).json()) as { forms?: { id: string }[] } | { id: string }[];
  const formId = (Array.isArray(forms) ? forms : forms.forms ?? [])[0]?.id;
  expect(formId, 'the demo founder has a form').toBeTruthy();
  const sparkyPages = await survey(page, appPaths(formId!), width, testInfo, problems, 'founder');
  expect(sparkyPages, `Sparky floats on the app pages at ${width} px, so its check ran`).toBeGreaterThan(8);

  if (width === 1280) {
    // Signed in, the Help Center's embed code is the founder's own: a form id, never the placeholder.
    await page.goto('/help/embed-wordpress');
    const code = page.getByLabel('HTML code example', { exact: true }).first();
    await expect(code).toContainText(/data-raisespark-form="[0-9a-f-]{36}"/);
    await expect(code).not.toContainText('YOUR_FORM_ID');

    // Charts follow the window both ways (a drawn SVG must not hold its box open): narrower
    // in the one-column layout (1000 then 800 px), then back to the first width.
    await page.goto('/dashboard');
    const chart = page.getByRole('img', { name: /^Leads per week/ });
    await expect(chart).toBeVisible();
    const chartWidth = async () => Math.round((await chart.boundingBox())?.width ?? 0);
    const wide = await chartWidth();
    await page.setViewportSize({ width: 1000, height: 800 });
    await expect.poll(chartWidth).not.toBe(wide);
    const at1000 = await chartWidth();
    await page.setViewportSize({ width: 800, height: 800 });
    await expect.poll(chartWidth, { message: 'the chart narrows with the window' }).toBeLessThanOrEqual(at1000 - 150);
    await page.setViewportSize({ width, height: height(width) });
    await expect.poll(chartWidth, { message: 'and widens again' }).toBe(wide);
  }

  const context = await browser.newContext({ viewport: { width, height: height(width) } });
  const admin = await context.newPage();
  await signIn(admin, ADMIN);
  await survey(admin, ['/admin', '/admin?tab=help-gaps'], width, testInfo, problems, 'admin');
  if (width === 1280) {
    await admin.goto('/admin');
    for (const name of ['Joined', 'Last sign-in', 'Actions']) await expect(admin.getByRole('columnheader', { name, exact: true })).toBeVisible();
    // The sign-ups chart draws every one of its 30 days, with or without sign-ups.
    await expect(admin.getByRole('img', { name: /^Sign-ups per day/ }).locator('rect')).toHaveCount(30);
  }
  await context.close();
}

test('no page scrolls sideways, hides a control under Sparky, shows a raw date or fails axe, at 375 or 1280 px', async ({ page, browser }, testInfo) => {
  // About 40 pages at two widths, each with axe: 3 minutes on CI's two cores is not enough.
  test.setTimeout(300_000);
  const problems: string[] = [];
  const laptop = await browser.newContext({ viewport: { width: 1280, height: height(1280) } });
  await page.setViewportSize({ width: 375, height: height(375) });
  await Promise.all([
    journey(page, browser, 375, testInfo, problems),
    journey(await laptop.newPage(), browser, 1280, testInfo, problems),
  ]);
  await laptop.close();
  expect(problems.join('\n'), 'pages at 375 and 1280 px').toBe('');
});
