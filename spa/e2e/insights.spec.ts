import type { Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { expect, signedInFounder, subscribedFounder, test } from './support/fixtures';

/** Seeded with SEED_DEMO=1: on a Pro trial, two published forms and 40 dated leads. */
const DEMO = { email: 'demo@raisespark.local', password: 'Demo-founder-2026!' };

const PANEL = 'AI-Driven Investment Insights';
const NO_DATA = 'No investor data available for analysis';
const NO_DATA_HINT = 'Collect lead data through your investment forms to receive personalized insights about your potential investors.';
const FAILED_TOAST = 'Failed to generate AI insights';
const FAILED_PANEL = 'Unable to generate insights at this time. Please try again later.';

async function signInAsDemoFounder(page: Page) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

const isInsightsCall = (url: string, method: string) => new URL(url).pathname === '/api/generate-insights' && method === 'POST';

/** Counts the page's calls to generate-insights from now on. */
function countInsightCalls(page: Page) {
  const calls = { count: 0 };
  page.on('request', (request) => {
    if (isInsightsCall(request.url(), request.method())) calls.count += 1;
  });
  return calls;
}

function panel(page: Page) {
  const region = page.getByRole('region', { name: PANEL });
  return { region, cards: region.getByRole('list', { name: 'Insights' }).getByRole('listitem') };
}

test('a Pro founder reads insight cards, refreshes them, and sees leads per week and the temperature split', async ({ page }) => {
  await signInAsDemoFounder(page);
  const { region, cards } = panel(page);
  await expect(region.getByRole('heading', { level: 2, name: PANEL })).toBeVisible();
  await expect(cards.first()).toBeVisible({ timeout: 20_000 });
  const count = await cards.count();
  expect(count).toBeGreaterThanOrEqual(5);
  for (let i = 0; i < count; i++) {
    const card = cards.nth(i);
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(/\S/);
    await expect(card.getByRole('paragraph')).toHaveText(/\S{3,}/);
  }
  const titles = await cards.getByRole('heading', { level: 3 }).allTextContents();
  expect(new Set(titles).size).toBe(titles.length);
  // Content is plain text with the founder's own figures, not markdown.
  await expect(region).toContainText('$');
  await expect(region).not.toContainText('**');

  // Refresh asks the server again; skeletons stand in until the answer is back.
  const request = page.waitForRequest((r) => isInsightsCall(r.url(), r.method()));
  await region.getByRole('button', { name: 'Refresh insights' }).click();
  await request;
  await expect(cards).toHaveCount(count, { timeout: 20_000 });
  await expect(region.getByRole('button', { name: 'Refresh insights' })).toBeEnabled();
  await expect(page.getByText(FAILED_TOAST)).toHaveCount(0);

  // Charts: each an image with a text alternative, values also as a hidden table.
  const activity = page.getByRole('region', { name: 'Lead activity' });
  const weekly = activity.getByRole('img', { name: /^Leads per week, last 12 weeks: \d+ this week, \d+ last week, \d+ leads in total/ });
  await expect(weekly).toBeVisible();
  await expect(activity.getByRole('table', { name: 'Leads per week, last 12 weeks' }).getByRole('row')).toHaveCount(13);
  // The week-on-week change says what it compared: the same whole days of both weeks.
  await expect(activity.getByRole('region', { name: 'Leads per week' })).toContainText(/Mon–\w{3} vs the same days last week|Mon vs last Monday|Last week vs the week before/);
  const split = activity.getByRole('img', { name: /^Lead temperature: \d+ hot \(\d+%\), \d+ warm \(\d+%\), \d+ cold \(\d+%\)\.$/ });
  await expect(split).toBeVisible();
  const percents = [...((await split.getAttribute('aria-label')) ?? '').matchAll(/\((\d+)%\)/g)].map((m) => Number(m[1]));
  expect(percents.reduce((a, b) => a + b, 0)).toBe(100);
  const legend = activity.getByRole('list', { name: 'Leads by temperature' }).getByRole('listitem');
  await expect(legend).toHaveText([/Hot\s*\d+\s*\d+%/, /Warm\s*\d+\s*\d+%/, /Cold\s*\d+\s*\d+%/]);

  await expectAccessible(page, 'the dashboard with insights and charts');

  // The hot-leads shortcut opens the leads page filtered to hot leads.
  await activity.getByRole('link', { name: /Follow up with your \d+ hot leads?/ }).click();
  await expect(page).toHaveURL(/\/leads\?temperature=hot$/);
  await expect(page.getByRole('button', { name: 'Hot', pressed: true })).toBeVisible();
});

test('the leads page charts leads per day for the selected form', async ({ page }) => {
  await signInAsDemoFounder(page);
  await page.goto('/leads');
  const allForms = page.getByRole('img', { name: /^Leads per day, last 30 days, all forms: \d+ today, \d+ leads? in total/ });
  await expect(allForms).toBeVisible();
  await expect(page.getByRole('table', { name: 'Leads per day, last 30 days, all forms' }).getByRole('row')).toHaveCount(31);
  const allLabel = await allForms.getAttribute('aria-label');

  const select = page.getByRole('combobox', { name: 'Form' });
  const formName = (await select.getByRole('option').nth(1).textContent())!.trim();
  await select.selectOption({ label: formName });
  await expect(page).toHaveURL(/formId=/);
  const oneForm = page.getByRole('img', { name: new RegExp(`^Leads per day, last 30 days, ${formName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `) });
  await expect(oneForm).toBeVisible();
  expect(await oneForm.getAttribute('aria-label')).not.toBe(allLabel);
  await expectAccessible(page, 'the leads page with the day chart');

  // Back to all forms: the chart follows the filter.
  await select.selectOption({ label: 'All forms' });
  await expect(allForms).toBeVisible();
});

test('a standard-plan founder with a form sees the upgrade prompt instead of insights', async ({ page }) => {
  await subscribedFounder(page);
  const { access_token } = await (await page.request.post('/api/auth/token')).json();
  expect((await page.request.post('/api/forms', { headers: { authorization: `Bearer ${access_token}` } })).status()).toBe(201);

  const answered = page.waitForResponse((r) => isInsightsCall(r.url(), r.request().method()));
  await page.goto('/dashboard');
  expect((await answered).status()).toBe(402);
  const { region, cards } = panel(page);
  await expect(region.getByText('Upgrade to RaiseSpark Pro')).toBeVisible();
  await expect(region.getByText(/AI-driven investment insights are part of RaiseSpark Pro/)).toBeVisible();
  const upgrade = region.getByRole('link', { name: 'See Pro plans' });
  await expect(upgrade).toHaveAttribute('href', '/pricing?returnTo=%2Fdashboard');
  await expect(cards).toHaveCount(0);
  await expect(region.getByRole('button', { name: 'Refresh insights' })).toHaveCount(0);
  await expect(page.getByText(FAILED_TOAST)).toHaveCount(0);
  await expectAccessible(page, 'the dashboard with the insights upgrade prompt');

  await upgrade.click();
  await expect(page).toHaveURL(/\/pricing\?returnTo=%2Fdashboard$/);
  await expect(page.getByRole('region', { name: 'RaiseSpark Pro' })).toBeVisible();
});

test('a founder without forms or leads is not analysed and reads the no-data message', async ({ page }) => {
  const calls = countInsightCalls(page);
  await signedInFounder(page);
  const { region, cards } = panel(page);
  await expect(region.getByText(NO_DATA)).toBeVisible();
  await expect(region.getByText(NO_DATA_HINT)).toBeVisible();
  await expect(cards).toHaveCount(0);
  await expectAccessible(page, 'the dashboard with no data to analyse');
  // No chart without a lead to chart.
  await expect(page.getByRole('region', { name: 'Lead activity' })).toHaveCount(0);
  await page.reload();
  await expect(region.getByText(NO_DATA)).toBeVisible();
  expect(calls.count).toBe(0);
});

test('a failed analysis shows the toast and the panel message, and trying again recovers', async ({ page }) => {
  let fail = true;
  let failures = 0;
  await page.route('**/api/generate-insights', (route) => {
    if (!fail) return route.continue();
    failures += 1;
    return route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"Something went wrong"}}' });
  });
  await signInAsDemoFounder(page);
  const { region, cards } = panel(page);
  await expect(page.getByText(FAILED_TOAST)).toBeVisible();
  await expect(region.getByText(FAILED_PANEL)).toBeVisible();
  await expect(cards).toHaveCount(0);
  await expectAccessible(page, 'the dashboard with failed insights');

  // Spec 9: one retry, and the message stays while it runs and after it fails too.
  await expect.poll(() => failures, { timeout: 15_000 }).toBe(2);
  await expect(region.getByText(FAILED_PANEL)).toBeVisible();

  fail = false;
  await region.getByRole('button', { name: 'Try again' }).click();
  await expect(cards.first()).toBeVisible({ timeout: 20_000 });
  await expect(region.getByText(FAILED_PANEL)).toHaveCount(0);
});
