import type { Browser, Page } from '@playwright/test';
import { contextFromOwnAddress, expect, PASSWORD, signedInFounder, subscribedFounder, test, uniqueEmail, waitForMail } from './support/fixtures';

async function bearer(page: Page) {
  const { access_token } = await (await page.request.post('/api/auth/token')).json();
  return { authorization: `Bearer ${access_token}` };
}

/** A confirmed account made in a browser of its own, so the tab under test stays as it is. */
async function confirmedAccountElsewhere(browser: Browser, name: string) {
  const { context } = await contextFromOwnAddress(browser);
  const page = await context.newPage();
  const email = uniqueEmail('other');
  expect((await page.request.post('/api/auth/signup', { data: { email, password: PASSWORD, data: { name } } })).status()).toBe(201);
  const mail = await waitForMail(page.request, email, 'Confirm your RaiseSpark account');
  await page.goto(mail.links.find((link) => link.includes('/auth/callback'))!);
  await expect(page).toHaveURL(/\/dashboard$/);
  await context.close();
  return email;
}

async function signInHere(page: Page, email: string) {
  // The URL changes before the lazy sign-in page has replaced the previous one (the landing
  // page's sample form also has an e-mail field): wait for the page itself.
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test("signing A out and B in on one tab shows none of A's forms, leads, figures or name", async ({ page, browser }) => {
  const other = await confirmedAccountElsewhere(browser, 'Barbara Liskov');

  await subscribedFounder(page, 'Grace Hopper');
  const auth = await bearer(page);
  const form = await (await page.request.post('/api/forms', { headers: auth })).json();
  const saved = await page.request.put(`/api/forms/${form.id}`, {
    headers: auth,
    data: {
      version: form.version,
      name: 'Alpha Secret Fund',
      description: form.description,
      fields: form.fields,
      styling: form.styling,
      content_settings: form.content_settings,
      welcome_settings: form.welcome_settings,
      offering_settings: form.offering_settings,
      show_branding: true,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  expect((await page.request.post(`/api/forms/${form.id}/publish`, { headers: auth })).status()).toBe(200);
  const fields = (await saved.json()).fields as { id: string; label: string }[];
  const values: Record<string, string> = { 'Full Name': 'Zelda Privateinvestor', 'Email Address': 'zelda@example.com', 'Phone Number': '+1 555 010 0099' };
  const answers = Object.fromEntries(fields.flatMap((field) => (values[field.label] ? [[field.id, values[field.label]]] : [])));
  expect((await page.request.post(`/api/public-forms/${form.id}/leads`, { data: { answers } })).status()).toBe(201);

  // A sees their data: the forms list, the recent lead, the figures, the leads page.
  await page.goto('/dashboard');
  await expect(page.getByRole('article', { name: 'Alpha Secret Fund' })).toBeVisible();
  await expect(page.getByText('Zelda Privateinvestor')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/, Grace$/);
  await page.getByRole('link', { name: 'Investor Leads' }).click();
  await expect(page.getByText('Zelda Privateinvestor').first()).toBeVisible();
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('article', { name: 'Alpha Secret Fund' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Alpha Secret Fund')).toHaveCount(0);
  // From here on (same tab, no reload), any appearance of A's data in this tab is recorded.
  await page.evaluate(() => {
    const leaks: string[] = [];
    Object.assign(window, { leaks });
    const markers = ['Alpha Secret Fund', 'Zelda Privateinvestor', 'Grace'];
    new MutationObserver(() => {
      const text = document.body.innerText;
      for (const marker of markers) if (text.includes(marker) && !leaks.includes(marker)) leaks.push(marker);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });

  await signInHere(page, other);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/, Barbara$/);
  await expect(page.getByRole('heading', { name: 'No forms yet' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent Leads' }).getByText('No leads yet')).toBeVisible();
  await page.getByRole('link', { name: 'Investor Leads' }).click();
  await expect(page.getByRole('heading', { name: 'No leads yet' })).toBeVisible();
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'No forms yet' })).toBeVisible();

  expect(await page.evaluate(() => (window as unknown as { leaks: string[] }).leaks)).toEqual([]);
});

test('when the sign-out call fails the tab is signed out anyway, with the sidebar toast, and the session is not restored', async ({ page }) => {
  const { email } = await signedInFounder(page);
  await page.route('**/api/auth/signout', (route) => route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'Try again later' } } }));
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Failed to sign out', { exact: true })).toBeVisible();

  // The refresh cookie is still valid on the server, but this browser does not use it again.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);

  // Once the server answers, the pending global sign-out completes on the next start.
  await page.unroute('**/api/auth/signout');
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(async () => (await page.request.post('/api/auth/token')).status()).not.toBe(200);

  await signInHere(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the header menu says "please try again", and a failed local fallback says "try refreshing the page"', async ({ page }) => {
  const { email } = await signedInFounder(page, 'Grace Hopper');
  await page.route('**/api/auth/signout', (route) => route.abort('connectionreset'));
  await page.goto('/');
  await page.getByRole('button', { name: 'Open account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Failed to sign out, please try again')).toBeVisible();

  await page.unroute('**/api/auth/signout');
  await signInHere(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.route('**/api/auth/signout', (route) => route.abort('connectionreset'));
  await page.evaluate(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
  });
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Failed to sign out, please try refreshing the page')).toBeVisible();
});

test('toasts: one at a time, reachable with F8', async ({ page }) => {
  await subscribedFounder(page);
  const auth = await bearer(page);
  const form = await (await page.request.post('/api/forms', { headers: auth })).json();
  await page.goto('/dashboard');
  const card = page.getByRole('article', { name: form.name });
  await card.getByRole('button', { name: `Actions for ${form.name}` }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await expect(page.getByText('Form archived successfully')).toBeVisible();
  await page.getByRole('button', { name: 'Show Archived' }).click();
  await page.getByRole('article', { name: form.name }).getByRole('button', { name: `Actions for ${form.name}` }).click();
  await page.getByRole('menuitem', { name: 'Unarchive' }).click();
  await expect(page.getByText('Form unarchived successfully')).toBeVisible();

  const notifications = page.getByRole('region', { name: 'Notifications F8' });
  await expect(notifications).toBeAttached();
  // Two toasts exist, one is shown.
  await expect(notifications.getByRole('listitem')).toHaveCount(2);
  await expect(notifications.locator('[data-visible="true"]')).toHaveCount(1);
  await expect(notifications.locator('[data-visible="true"]')).toContainText('Form unarchived successfully');

  await page.keyboard.press('F8');
  await expect(notifications.getByRole('list')).toBeFocused();
  await page.keyboard.press('Escape');
});

test('returning from checkout with ?payment_success=true sends no Purchase conversion from the browser, and its toast closes after 5 s', async ({ page }) => {
  await signedInFounder(page);
  const conversions: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/facebook-conversions')) conversions.push(request.postDataJSON());
  });
  await page.mouse.move(0, 0);
  await page.goto('/pricing?payment_success=true&plan=pro&returnTo=%2Fdashboard');
  const toast = page.getByText('Payment successful! Your subscription is now active.');
  await expect(toast).toBeVisible();
  const shown = Date.now();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The toast closes by itself after 5000 ms (sonner's default would be 4000).
  await expect(toast).toHaveCount(0, { timeout: 10_000 });
  expect(Date.now() - shown).toBeGreaterThan(4_600);
  await page.waitForLoadState('networkidle');
  expect(conversions.filter((body) => (body as { event?: string }).event === 'Purchase')).toEqual([]);
});

/** The demo administrator the journeys' gateway seeds (its id is the default ADMIN_USER_IDS). */
const DEMO_ADMIN = { email: 'admin@raisespark.local', password: 'Demo-admin-2026!' };

test("a support session's token from before its revert reads and writes nothing, in any function", async ({ browser }) => {
  const founder = await confirmedAccountElsewhere(browser, 'Frances Allen');
  const { context } = await contextFromOwnAddress(browser);
  const page = await context.newPage();
  const signedIn = await page.request.post('/api/auth/signin', { data: DEMO_ADMIN });
  expect(signedIn.status()).toBe(200);
  const admin = { authorization: `Bearer ${(await signedIn.json()).access_token}` };
  const issued = await page.request.post('/api/impersonate-user', { headers: admin, data: { email: founder, reason: 'Checking the CSV export for the founder' } });
  expect(issued.status(), await issued.text()).toBe(200);
  const token = new URL((await issued.json()).signInLink).searchParams.get('token');
  const exchanged = await page.request.post('/api/auth/verify', { data: { token, type: 'impersonation' } });
  expect(exchanged.status()).toBe(200);
  const { access_token, user } = await exchanged.json();
  const support = { authorization: `Bearer ${access_token}` };

  // While the session runs: the whole CSV and the profile.
  const csv = await page.request.get('/api/leads/export', { headers: support });
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect((await page.request.get('/api/profiles/me', { headers: support })).status()).toBe(200);

  const reverted = await page.request.post('/api/revert-impersonation', { headers: support, data: { originalUserId: user.impersonation.admin_id } });
  expect(reverted.status()).toBe(200);

  // The same access token, minutes before its own expiry: every function refuses it.
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/leads/export'],
    ['GET', '/api/profiles/me'],
    ['GET', '/api/forms'],
    ['GET', '/api/leads'],
    ['GET', '/api/auth/user'],
    ['POST', '/api/check-subscription', {}],
    ['POST', '/api/forms', {}],
    ['PUT', '/api/raise-capital/progress/launch', { done: true }],
  ];
  for (const [method, path, data] of calls) {
    const answer = await page.request.fetch(path, { method, headers: support, data });
    expect(answer.status(), `${method} ${path}`).toBe(401);
    expect((await answer.json()).error.message, `${method} ${path}`).toBe('This support session has ended.');
  }
  // The administrator's own session in this browser was never replaced by the support session.
  const own = await page.request.post('/api/auth/token');
  expect(own.status()).toBe(200);
  expect((await own.json()).user.email).toBe(DEMO_ADMIN.email);
  await context.close();
});
