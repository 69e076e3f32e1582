import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * No page scrolls sideways on a phone: every public page, and every app page as the demo founder
 * (SEED_DEMO: forms, leads, campaigns and a vault to fill them) and the demo administrator see
 * it, is at most as wide as a 375 px window. All offenders are reported at once, with the widest
 * element of each, so one run shows the whole list.
 */
test.use({ viewport: { width: 375, height: 812 } });

const DEMO = { email: 'demo@raisespark.local', password: 'Demo-founder-2026!' };
const ADMIN = { email: 'admin@raisespark.local', password: 'Demo-admin-2026!' };

type Overflow = { path: string; width: number; widest: string };

/** The page's width beyond the window, and the element that reaches furthest right. */
async function overflow(page: Page, path: string, shot: string): Promise<Overflow | null> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: shot });
  const measured = await page.evaluate(() => {
    const width = document.documentElement.scrollWidth;
    let widest = '';
    let right = window.innerWidth;
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.right > right + 1) {
        right = box.right;
        const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
        widest = `<${element.tagName.toLowerCase()} class="${element.className}"> ${label} (right edge ${Math.round(box.right)} px)`;
      }
    }
    return { width, widest };
  });
  return measured.width > 375 ? { path, ...measured } : null;
}

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('no public or app page scrolls sideways at 375 px', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const offenders: Overflow[] = [];
  // Each page as a phone shows it, kept with the run's results (test-results/) to look at.
  const check = async (target: Page, path: string) => {
    const shot = testInfo.outputPath(`${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-375.png`);
    const found = await overflow(target, path, shot);
    if (found) offenders.push(found);
  };

  for (const path of ['/', '/pricing', '/test-the-waters', '/equity-crowdfunding-costs', '/login', '/register', '/forgot-password', '/privacy', '/terms', '/contact-us', '/help', '/no-such-page']) {
    await check(page, path);
  }

  await signIn(page, DEMO);
  const { access_token } = await (await page.request.post('/api/auth/token')).json();
  const headers = { authorization: `Bearer ${access_token}` };
  const forms = (await (await page.request.get('/api/forms', { headers })).json()) as { forms?: { id: string }[] } | { id: string }[];
  const formId = (Array.isArray(forms) ? forms : forms.forms ?? [])[0]?.id;
  expect(formId, 'the demo founder has a form').toBeTruthy();

  for (const path of [
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
    '/help/embed-wordpress',
  ]) {
    await check(page, path);
  }

  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const admin = await context.newPage();
  await signIn(admin, ADMIN);
  for (const tab of ['', '?tab=help-gaps']) await check(admin, `/admin${tab}`);
  await context.close();

  expect(offenders.map((o) => `${o.path}: ${o.width} px wide; widest ${o.widest}`).join('\n'), 'pages wider than 375 px').toBe('');
});
