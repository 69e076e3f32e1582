import { expect, signedInFounder, test } from './support/fixtures';
import { expectAccessible } from './support/a11y';

test('the landing page loads with its sections and sign-in links', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/RaiseSpark/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('committed investors');
  for (const name of ['How It Works', 'Features', 'Pricing', 'FAQ', 'Rewards']) {
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
  await expectAccessible(page, 'the landing page');
});

test('the header turns translucent once the page scrolls past 10 px and anchors scroll to their sections', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header).toHaveAttribute('data-scrolled', 'false');
  await page.mouse.wheel(0, 400);
  await expect(header).toHaveAttribute('data-scrolled', 'true');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/#faq$/);
  await expect(page.getByRole('heading', { name: 'FAQ' })).toBeInViewport();
});

test('the login and register pages have no site header', async ({ page }) => {
  for (const path of ['/login', '/register']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expectAccessible(page, path);
  }
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/this-page-does-not-exist');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found | RaiseSpark');
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL('/');
});

test('missing API routes and assets are real 404s, app pages are not frameable', async ({ request }) => {
  const api = await request.get('/api/profiles/me');
  expect(api.status()).toBe(401);
  expect(await api.json()).toEqual({
    error: { code: 'unauthorized', message: 'Authentication required. Please sign in.' },
  });
  const unknownApi = await request.get('/api/no-such-function/x');
  expect(unknownApi.status()).toBe(404);
  expect((await unknownApi.json()).error.code).toBe('not_found');
  expect((await request.get('/assets/no-such-chunk.js')).status()).toBe(404);

  const page = await request.get('/dashboard');
  expect(page.status()).toBe(200);
  expect(page.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(page.headers()['x-content-type-options']).toBe('nosniff');
  expect(page.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const formView = await request.get('/form-view/abc');
  expect(formView.headers()['content-security-policy']).toContain('frame-ancestors *');
});

test('the sidebar toggles with Ctrl+B and keeps its state across reloads', async ({ page }) => {
  await signedInFounder(page);
  await expect(page).toHaveTitle('Dashboard | RaiseSpark');
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await expect(menu.getByText('Investor Forms')).toBeVisible();
  await expect(menu.getByRole('link')).toHaveText([
    'Dashboard', 'Investor Forms', 'Investor Leads', 'Campaigns', 'Compliance', 'Raise Capital', 'Settings', 'Earn Rewards',
  ]);

  await page.keyboard.press('Control+b');
  await expect(menu.getByText('Investor Forms')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open sidebar' })).toBeVisible();

  // The collapsed rail may still be settling when the pointer first arrives: hover again until
  // the tooltip shows (a fresh pointer entry each time).
  await expect(async () => {
    await page.mouse.move(600, 400);
    await menu.getByRole('link', { name: 'Investor Leads' }).hover();
    await expect(page.getByRole('tooltip', { name: 'Investor Leads' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });

  await page.reload();
  await expect(page.getByRole('button', { name: 'Open sidebar' })).toBeVisible();
  await expect(menu.getByText('Investor Forms')).toBeHidden();

  await page.keyboard.press('Control+b');
  await expect(menu.getByText('Investor Forms')).toBeVisible();
  await page.reload();
  await expect(menu.getByText('Investor Forms')).toBeVisible();
});

test('the Earn Rewards item pulses until it is first clicked', async ({ page }) => {
  await signedInFounder(page);
  await expect(page.getByTestId('earn-rewards-pulse')).toBeVisible();
  await page.getByRole('link', { name: 'Earn Rewards' }).click();
  await expect(page).toHaveURL('/earn-rewards');
  await expect(page.getByTestId('earn-rewards-pulse')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('earn-rewards-pulse')).toHaveCount(0);
});

test('a failed page chunk shows the page message and the global banner', async ({ page }) => {
  await signedInFounder(page);
  await page.route(/\/assets\/settings-[^/]*\.js$/, (route) => route.abort());
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByText('Failed to load settings page. Please refresh.')).toBeVisible();
  const banner = page.getByRole('alert').filter({ hasText: 'Failed to load application resources. Please refresh the page.' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Refresh Now' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the sidebar opens as a slide-over', async ({ page }) => {
    await signedInFounder(page);
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await expect(panel.getByRole('link', { name: 'Investor Leads' })).toBeVisible();
    await panel.getByRole('link', { name: 'Investor Leads' }).click();
    await expect(page).toHaveURL('/leads');
    await expect(panel).toBeHidden();
  });

  test('the public header opens a side sheet with Sign In and Sign Up', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    await expect(sheet.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(sheet.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  });
});
