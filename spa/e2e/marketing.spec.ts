import type { Page } from '@playwright/test';
import { expect, test, waitForMail } from './support/fixtures';

const SECTIONS = [
  { id: 'how-it-works', link: 'How It Works' },
  { id: 'dashboard-feature', link: 'Features' },
  { id: 'pricing', link: 'Pricing' },
  { id: 'faq', link: 'FAQ' },
  { id: 'rewards', link: 'Rewards' },
];

/** The landing page once the app has taken over from index.html's static first paint. */
async function openLanding(page: Page, path = '/') {
  await page.goto(path);
  await expect(page.getByRole('form', { name: 'Reserve your spot in our raise' })).toBeVisible();
  // The sections under the hero mount progressively; the footer comes last.
  await expect(page.getByRole('contentinfo')).toBeVisible();
}

/** The top of the section relative to the viewport, in CSS pixels. */
const sectionTop = (page: Page, id: string) =>
  page.evaluate((sectionId) => document.getElementById(sectionId)!.getBoundingClientRect().top, id);

test('each header anchor on the landing page scrolls its section to the top of the viewport', async ({ page }) => {
  await openLanding(page);
  // Pricing comes from the API: wait for it so the page no longer changes height.
  await expect(page.getByRole('heading', { name: 'RaiseSpark Pro' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const { id, link } of SECTIONS) {
    await nav.getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    // Smooth scrolling ends with the section just under the sticky header (scroll-margin).
    await expect.poll(() => sectionTop(page, id), { message: `#${id} near the top` }).toBeGreaterThanOrEqual(0);
    await expect.poll(() => sectionTop(page, id), { message: `#${id} near the top` }).toBeLessThan(140);
    await expect(page.locator(`#${id}`)).toBeInViewport();
  }
});

test('the landing page shows the plans from the API with the free trial', async ({ page, request }) => {
  const { plans } = (await (await request.get('/api/check-subscription/plans')).json()) as { plans: { name: string }[] };
  expect(plans.length).toBeGreaterThan(0);
  await openLanding(page);
  const pricing = page.getByRole('region', { name: 'Simple monthly plans, with a 7-day free trial' });
  for (const { name } of plans) {
    await expect(pricing.getByRole('heading', { name, exact: true })).toBeVisible();
    await expect(pricing.getByRole('link', { name: `Start 7-day free trial of ${name}`, exact: true })).toHaveAttribute('href', '/register');
  }
  await expect(pricing.getByRole('link', { name: 'Compare plans on the pricing page' })).toHaveAttribute('href', '/pricing');
});

test('the FAQ accordion opens and closes its answers', async ({ page }) => {
  await openLanding(page, '/#faq');
  await expect(page.locator('#faq')).toBeInViewport();
  const question = page.getByRole('button', { name: 'How does the embed work?' });
  const answer = page.getByRole('region', { name: 'How does the embed work?' });
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await expect(answer).toBeHidden();
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(answer).toContainText('floating button');
  await question.press('Enter');
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await expect(answer).toBeHidden();
});

test('the rewards section explains the referral programme and leads to sign-up', async ({ page }) => {
  await openLanding(page, '/#rewards');
  const rewards = page.getByRole('region', { name: 'Know another founder raising capital?' });
  await expect(rewards.getByText('One free month of your plan for each referred founder who becomes a paying customer.')).toBeVisible();
  await expect(rewards.getByRole('link', { name: 'Get your referral link' })).toHaveAttribute('href', '/register');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the mobile sheet opens with Sign In and Sign Up', async ({ page }) => {
    await openLanding(page);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await expect(sheet.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    await sheet.getByRole('link', { name: 'Pricing' }).click();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/#pricing$/);
    await expect(page.locator('#pricing')).toBeInViewport();
  });
});

test('the landing page paints its hero before the app loads, then hands over', async ({ page }) => {
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Turn website visitors into committed investors');
  await expect(page.getByRole('link', { name: 'Start your 7-day free trial' })).toHaveAttribute('href', '/register');
  await page.unrouteAll();
  await openLanding(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.locator('#landing-shell')).toHaveCount(0);
});

test.describe('on a slow phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a tap on the menu before the app has loaded opens the sheet once it has', async ({ page }) => {
    await page.route(/\/assets\/landing-.*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    await page.locator('#landing-shell').getByRole('button', { name: 'Open menu' }).click();
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
  });
});

test('other pages never show the landing hero while loading', async ({ page }) => {
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto('/pricing');
  await expect(page.locator('#landing-shell')).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Turn website visitors into committed investors' })).toHaveCount(0);
});

test('the public pages have their own titles', async ({ page }) => {
  const pages = [
    ['/', 'RaiseSpark — Capture investor interest for your Reg CF raise'],
    ['/test-the-waters', 'Testing the Waters under Regulation CF | RaiseSpark'],
    ['/equity-crowdfunding-costs', 'What Does an Equity Crowdfunding Raise Cost? | RaiseSpark'],
    ['/privacy', 'Privacy Policy | RaiseSpark'],
    ['/terms', 'Terms of Service | RaiseSpark'],
    ['/contact-us', 'Contact Us | RaiseSpark'],
  ] as const;
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(title);
  }
  await page.goto('/privacy');
  await expect(page.getByText('Last updated: November 22, 2026')).toBeVisible();
  await page.goto('/test-the-waters');
  await expect(page.getByText('This page is general information, not legal advice.')).toBeVisible();
});

test('the cost estimator itemises the costs of the amount entered and shows the server message out of range', async ({ page }) => {
  await page.goto('/equity-crowdfunding-costs');
  const amount = page.getByRole('spinbutton', { name: 'Raise amount (USD)' });
  const total = page.getByRole('region', { name: 'Estimated total cost' });
  await expect(total).toContainText('of $500,000 raised');
  const before = await total.textContent();
  await expect(page.getByRole('table', { name: 'Itemised cost estimate for raising $500,000' }).getByRole('row')).not.toHaveCount(0);

  await amount.fill('1200000');
  await expect(total).toContainText('of $1,200,000 raised');
  expect(await total.textContent()).not.toBe(before);
  await expect(page.getByRole('table', { name: 'Itemised cost estimate for raising $1,200,000' })).toBeVisible();
  await expect(page.getByRole('slider', { name: 'Raise amount' })).toHaveValue('1200000');

  for (const outside of ['5000', '6000000']) {
    await amount.fill(outside);
    const expected = await page.request.get(`/api/raise-capital/costs?amount=${outside}`);
    expect(expected.status()).toBe(400);
    const { error } = (await expected.json()) as { error: { message: string } };
    await expect(page.getByRole('alert')).toHaveText(error.message);
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
  }

  await amount.fill('250000');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(total).toContainText('of $250,000 raised');
});

test('the contact form sends a message to the support outbox', async ({ page }) => {
  await page.goto('/contact-us');
  const form = page.getByRole('form', { name: 'Contact form' });
  const honeypot = form.locator('input[name="website"]');
  await expect(honeypot).toHaveCount(1);
  await expect(honeypot).toHaveAttribute('tabindex', '-1');
  await expect(honeypot).toHaveAttribute('autocomplete', 'off');
  await expect(honeypot).not.toBeInViewport();
  await expect(form.locator('[aria-hidden="true"]').filter({ has: page.locator('input[name="website"]') })).toHaveCount(1);

  const topic = form.getByRole('combobox', { name: 'Topic' });
  await expect(topic).toBeEnabled();
  const topics = await topic.locator('option:not([value=""])').allTextContents();
  expect(topics.length).toBeGreaterThan(0);
  const chosen = topics[0]!;
  const name = `Grace Hopper ${Date.now().toString(36)}`;

  // An invalid e-mail is refused by the server; its message shows and the answers stay.
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await topic.selectOption(chosen);
  await form.getByRole('textbox', { name: 'Message' }).fill('We plan a $750,000 Reg CF raise in March. Can the inline form match our Webflow theme?');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('alert')).toContainText(/e-?mail/i);
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await expect(form.getByRole('textbox', { name: 'Message' })).toHaveValue(/\$750,000/);

  await form.getByRole('textbox', { name: 'Email' }).fill('grace@example.com');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();
  await expect(page.getByText("We'll reply to grace@example.com within one business day.")).toBeVisible();

  const mail = await waitForMail(
    page.request,
    'support@raisespark.local',
    new RegExp(`(?=.*${chosen.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})(?=.*${name})`),
  );
  expect(mail.text).toContain('Webflow theme');

  await page.getByRole('button', { name: 'Send another message' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('grace@example.com');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
});

test('robots.txt and sitemap.xml are served for crawlers', async ({ page }) => {
  const robots = await page.request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toContain('text/plain');
  const rules = await robots.text();
  expect(rules).toContain('Disallow: /api/');
  expect(rules).toContain('Disallow: /dashboard');
  expect(rules).toContain('Sitemap: https://raisespark.com/sitemap.xml');

  const sitemap = await page.request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toMatch(/xml/);
  const xml = await sitemap.text();
  for (const path of ['/', '/pricing', '/test-the-waters', '/equity-crowdfunding-costs', '/privacy', '/terms', '/contact-us', '/login', '/register']) {
    expect(xml).toContain(`<loc>https://raisespark.com${path}</loc>`);
  }
});
