import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { withDemoAudience } from './support/demo-audience';
import { contextFromOwnAddress, expect, signedInFounder, test, waitForMail } from './support/fixtures';

/**
 * The demo accounts the journeys' gateway seeds (SEED_DEMO in playwright.config.ts): the demo
 * administrator, whose id is the gateway's default ADMIN_USER_IDS, and the demo founder.
 */
const ADMIN = { id: '00000000-0000-4000-8000-00000000ad01', email: 'admin@raisespark.local', password: 'Demo-admin-2026!' };
const FOUNDER = { email: 'demo@raisespark.local', password: 'Demo-founder-2026!' };
const REASON = 'The founder asked why one of their leads shows the wrong status';
const RECORD_KEY = 'raisespark.impersonation';

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  // The URL changes before the lazy sign-in page replaces the previous one: wait for it.
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A session's views beyond the first few are collapsed: open them (when there are more). */
async function showAllViews(session: Locator) {
  const more = session.getByRole('button', { name: /^Show \d+ more views?$/ });
  if ((await more.count()) > 0) {
    await more.click();
    await expect(session.getByRole('button', { name: 'Show fewer' })).toHaveAttribute('aria-expanded', 'true');
  }
}

const storedRecord = (page: Page) => page.evaluate((key) => localStorage.getItem(key), RECORD_KEY);

test('a founder sees no Admin item and the not-found page at /admin, and the admin API refuses them', async ({ page }) => {
  await signedInFounder(page);
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Settings' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Admin' })).toHaveCount(0);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found | RaiseSpark');
  await expect(page.getByRole('tab', { name: 'Audit log' })).toHaveCount(0);
  await expectAccessible(page, 'admin for a founder');

  const { access_token } = await (await page.request.post('/api/auth/token')).json();
  const stats = await page.request.get('/api/admin/stats', { headers: { authorization: `Bearer ${access_token}` } });
  expect(stats.status()).toBe(403);
});

test.describe.serial('the demo administrator and the demo founder', () => {
  test('the administrator impersonates the founder in a new tab and exits back to the admin account', async ({ page, context }) => {
    // The longest journey (two tabs, four axe scans): on a loaded 2-core machine it has taken
    // just over the default 60 s.
    test.slow();
    await signIn(page, ADMIN);
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
    await expect(page).toHaveTitle('Admin | RaiseSpark');

    // Platform figures: the two demo accounts at least, the founder on a trial, the chart.
    const figures = page.getByRole('region', { name: 'Platform figures' });
    await expect(figures.getByRole('group', { name: 'Users' })).toContainText(/\d/);
    await expect(figures.getByRole('group', { name: 'MRR' })).toContainText('$');
    await expect(figures.getByRole('img', { name: /^Sign-ups per day, .+ to .+: / })).toBeVisible();
    await expect(figures.getByRole('region', { name: 'Leads captured' }).getByText('Last 30 days')).toBeVisible();

    // The users table, searched by e-mail prefix.
    await page.getByRole('searchbox', { name: 'Search users' }).fill('demo@');
    const founderRow = page.getByRole('row').filter({ hasText: FOUNDER.email });
    await expect(founderRow).toHaveCount(1);
    await expect(page.getByRole('row').filter({ hasText: ADMIN.email })).toHaveCount(0);
    await expectAccessible(page, 'admin overview');

    // The reason is required: 5 to 500 characters.
    await founderRow.getByRole('button', { name: `Impersonate ${FOUNDER.email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Impersonate user' });
    await expect(dialog).toContainText(FOUNDER.email);
    await dialog.getByLabel('Reason').fill('abc');
    await dialog.getByRole('button', { name: 'Impersonate' }).click();
    await expect(dialog.getByText('Please give a reason of 5 to 500 characters.')).toBeVisible();
    await expect(dialog.getByText('3/500')).toBeVisible();
    await expectAccessible(page, 'impersonate dialog');
    await dialog.getByLabel('Reason').fill(REASON);
    await expect(dialog.getByText(`${REASON.length}/500`)).toBeVisible();
    await expect(dialog.getByText('Please give a reason of 5 to 500 characters.')).toHaveCount(0);

    const [tab] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('button', { name: 'Impersonate' }).click()]);
    await expect(page.getByText(`Opened impersonation session for ${FOUNDER.email} in a new tab`)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    expect(JSON.parse((await storedRecord(page))!)).toEqual({
      isImpersonating: true,
      originalUser: { id: ADMIN.id, email: ADMIN.email },
    });

    // The new tab is the founder's dashboard, under the banner.
    await expect(tab).toHaveURL(/\/dashboard$/);
    const banner = tab.getByRole('region', { name: 'Impersonation' });
    await expect(banner.getByText(`You are impersonating ${FOUNDER.email}`)).toBeVisible();
    await expect(banner.getByText(/^\d+ min left$/)).toBeVisible();
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(/, Avery$/);
    await expect(tab.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await expectAccessible(tab, 'dashboard while impersonating');

    // Both tabs work at once: the administrator's tab keeps the administrator's session, even
    // after a reload (which restores it from the refresh cookie the support session never touched).
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Impersonation' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Admin' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search users' })).toBeVisible();
    // … and the support tab, reloaded, is still the founder's support session.
    await tab.reload();
    await expect(banner.getByText(`You are impersonating ${FOUNDER.email}`)).toBeVisible();
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(/, Avery$/);

    // A write made as the founder is recorded. It changes a lead's temperature, so not while
    // another journey counts this founder's hot leads (support/demo-audience.ts).
    await tab.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Investor Leads' }).click();
    await expect(banner).toBeVisible();
    await withDemoAudience(async () => {
      await tab.getByRole('button', { name: /^View / }).first().click();
      const status = tab.getByRole('dialog').getByRole('group', { name: 'Status' });
      await status.getByRole('button', { pressed: false }).first().click();
      await expect(tab.getByText(/^Lead marked as (hot|warm|cold)$/)).toBeVisible();
    });
    await tab.keyboard.press('Escape');

    // Exit: the revert signs the tab back in as the administrator.
    await banner.getByRole('button', { name: 'Exit Impersonation' }).click();
    await expect(tab.getByText('Returning to admin account')).toBeVisible();
    await expect(tab).toHaveURL(/\/admin$/);
    await expect(tab.getByRole('region', { name: 'Impersonation' })).toHaveCount(0);
    await expect(tab.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Admin' })).toBeVisible();
    expect(await storedRecord(tab)).toBeNull();
    // The administrator's first tab was the administrator's throughout.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Impersonation' })).toHaveCount(0);

    // The audit log lists the session, its reason and the write.
    await tab.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Admin' }).click();
    await tab.getByRole('tab', { name: 'Audit log' }).click();
    await expect(tab).toHaveURL(/\/admin\?tab=audit-log$/);
    const sessions = tab.getByRole('list', { name: 'Impersonation sessions' });
    const entry = sessions.getByRole('listitem').filter({ hasText: REASON });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(FOUNDER.email);
    await expect(entry).toContainText(`by ${ADMIN.email}`);
    await expect(entry).toContainText('Ended by admin');
    const toggle = entry.getByRole('button', { expanded: false });
    await toggle.click();
    await expect(entry.getByRole('button', { expanded: true })).toBeVisible();
    await expect(entry.getByText('User agent')).toBeVisible();
    await expect(entry.getByText('IP address')).toBeVisible();
    const write = entry.getByRole('row').filter({ hasText: /\/api\/leads\// });
    await expect(write).toContainText('PATCH');
    await expect(write).toContainText('200');
    await expect(write).toContainText('Updated a lead');
    // Reads are recorded too, grouped by route and apart from the writes.
    const reads = entry.getByRole('list', { name: 'Reads' });
    await expect(reads.getByRole('listitem').filter({ hasText: 'GET /api/leads' }).first()).toBeVisible();
    await expect(reads).toContainText('Viewed the leads');
    // The scan waits for the toast to close: mid-animation its colours are not its own.
    await expect(tab.getByText('Returning to admin account')).toBeHidden();
    await expectAccessible(tab, 'audit log');

    // Filters: by target e-mail, and a date range that excludes today.
    await tab.getByRole('searchbox', { name: 'Target user' }).fill(FOUNDER.email);
    await expect(tab).toHaveURL(/target=demo%40raisespark\.local/);
    await expect(entry).toHaveCount(1);
    await tab.getByRole('textbox', { name: 'To', exact: true }).fill('2020-01-01');
    await expect(tab.getByText('No sessions match these filters')).toBeVisible();
    await tab.getByRole('button', { name: 'Clear filters' }).click();
    await expect(entry).toHaveCount(1);
  });

  test('signing out while impersonating returns to the administrator instead', async ({ page, context }) => {
    await signIn(page, ADMIN);
    await page.goto('/admin');
    await page.getByRole('textbox', { name: 'Impersonate by e-mail' }).fill(FOUNDER.email);
    await page.getByRole('button', { name: 'Impersonate', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Impersonate user' });
    await dialog.getByLabel('Reason').fill('Second look at the dashboard figures');
    const [tab] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('button', { name: 'Impersonate' }).click()]);
    await expect(tab.getByRole('region', { name: 'Impersonation' })).toContainText(`You are impersonating ${FOUNDER.email}`);

    await tab.getByRole('button', { name: 'Sign out' }).click();
    await expect(tab.getByText('Returning to admin account')).toBeVisible();
    await expect(tab).toHaveURL(/\/admin$/);
    await expect(tab.getByRole('region', { name: 'Impersonation' })).toHaveCount(0);
    await expect(tab.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Admin' })).toBeVisible();
  });

  test('the founder sees the ended support sessions in Settings → Security', async ({ browser }) => {
    const { context } = await contextFromOwnAddress(browser);
    const page = await context.newPage();
    // The e-mail sent when a support session ends links to the security settings.
    const mail = await waitForMail(page.request, FOUNDER.email, 'A RaiseSpark support session on your account has ended');
    const link = mail.links.find((href) => href.includes('/settings'));
    expect(link).toMatch(/\/settings\?tab=security$/);

    await signIn(page, FOUNDER);
    await page.goto(link!);
    const security = page.getByRole('region', { name: 'Security' });
    const support = security.getByRole('region', { name: 'Support sessions' });
    await expect(support).toBeInViewport();
    const sessions = support.getByRole('list', { name: 'Support sessions' }).getByRole('listitem');
    const first = sessions.filter({ hasText: REASON });
    await expect(first).toHaveCount(1);
    await expect(first).toContainText('Ended by support');
    await expect(first).toContainText(/Lasted \d+ minutes?/);
    await expect(first.getByRole('list', { name: 'What was changed' })).toContainText(/Updated a lead/);
    await showAllViews(first);
    await expect(first.getByRole('list', { name: 'What was viewed' })).toContainText('Viewed the leads');
    // A session that only read: nothing was changed, and what was viewed is listed as views.
    const second = sessions.filter({ hasText: 'Second look at the dashboard figures' });
    await expect(second).toContainText('Ended by support');
    await expect(second).toContainText('Nothing was changed.');
    await expect(second.getByRole('list', { name: 'What was changed' })).toHaveCount(0);
    await showAllViews(second);
    await expect(second.getByRole('list', { name: 'What was viewed' })).toContainText('Viewed the forms');
    await expectAccessible(page, 'settings security');
    await context.close();
  });
});
