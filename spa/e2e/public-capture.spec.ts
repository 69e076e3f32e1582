import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, subscribedFounder, test, waitForMail } from './support/fixtures';
import { expectAccessible } from './support/a11y';

type FormOptions = { publish?: boolean; company?: string; styling?: Record<string, string>; content?: Record<string, string>; state?: boolean };

/** Creates a published form with the amount preset through the owner API; returns its id. */
async function publishedForm(page: Page, options: FormOptions = {}) {
  const request: APIRequestContext = page.request;
  const { access_token } = await (await request.post('/api/auth/token')).json();
  const auth = { authorization: `Bearer ${access_token}` };
  const form = await (await request.post('/api/forms', { headers: auth })).json();
  const { presets } = await (await request.get('/api/forms/presets', { headers: auth })).json();
  const preset = (key: string) => {
    const found = presets.find((p: { key: string }) => p.key === key);
    return { id: crypto.randomUUID(), type: found.type, label: found.label, placeholder: found.placeholder, options: found.options, required: true, preset: key };
  };
  const body = {
    version: form.version,
    name: 'Sunrise Fund II',
    description: 'Tell us about your interest in our next property.',
    fields: [...form.fields, preset('investment_amount'), ...(options.state ? [preset('location_state')] : [])],
    styling: { ...form.styling, ...options.styling },
    content_settings: { form_content: { company_name: options.company ?? 'Sunrise', headline: 'Sunrise Fund II', ...options.content } },
    welcome_settings: form.welcome_settings,
    offering_settings: form.offering_settings,
    show_branding: true,
  };
  const saved = await request.put(`/api/forms/${form.id}`, { headers: auth, data: body });
  expect(saved.status()).toBe(200);
  if (options.publish !== false) expect((await request.post(`/api/forms/${form.id}/publish`, { headers: auth })).status()).toBe(200);
  return form.id as string;
}

/** A founder's own website, on another origin, embedding both snippets. */
async function investorSite(gateway: string, floatingId: string, inlineId: string, draftId: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sunrise Properties</title></head>
<body style="font-family:sans-serif;margin:40px">
<h1>Sunrise Properties</h1><p>Our next fund is coming soon.</p>
<section aria-label="Inline form"><div data-raisespark-form="${inlineId}"></div></section>
<section aria-label="Draft form"><div data-raisespark-form="${draftId}"></div></section>
<script src="${gateway}/embed.js" data-form-id="${floatingId}" data-company-name="Sunrise" data-button-color="#6366f1" data-text-color="#ffffff" async></script>
</body></html>`;
  const server = http.createServer((_, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => new Promise((r) => server.close(r)) };
}

test('an investor on the founder site submits through the floating button, the inline form resizes, drafts are unavailable', async ({ page, browser, baseURL }) => {
  test.slow(); // three forms, an axe scan of a page with two form frames, a submission and its mail
  const { email } = await subscribedFounder(page);
  const floatingId = await publishedForm(page);
  const inlineId = await publishedForm(page);
  const draftId = await publishedForm(page, { publish: false });
  const site = await investorSite(baseURL!, floatingId, inlineId, draftId);

  const investorContext = await browser.newContext();
  const investor = await investorContext.newPage();
  await investor.goto(site.url);

  // Inline: the iframe grows to the form's height (at least 500 px + buffer).
  const inline = investor.getByRole('region', { name: 'Inline form' }).locator('iframe');
  await expect(inline.contentFrame().getByRole('heading', { name: 'Sunrise Fund II' })).toBeVisible();
  await expect.poll(async () => (await inline.boundingBox())!.height).toBeGreaterThan(700);
  // A draft's snippet says so.
  await expect(investor.getByRole('region', { name: 'Draft form' }).locator('iframe').contentFrame().getByText('This form is not available')).toBeVisible();

  // Floating button → accessible modal → submit. The snippet is one written before the
  // contrast rule (white on #6366f1, 4.47:1): the button shows a shade that reads.
  const button = investor.getByRole('button', { name: 'Invest in Sunrise' });
  await expect(button).toHaveCSS('background-color', 'rgb(99, 101, 240)');
  await expect(button).toHaveCSS('color', 'rgb(255, 255, 255)');
  await expectAccessible(investor, 'a founder site with the floating button and inline form');
  await button.click();
  const dialog = investor.getByRole('dialog', { name: 'Invest in Sunrise' });
  await expect(dialog).toBeVisible();
  await investor.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(button).toBeFocused();
  await button.click();
  const form = dialog.locator('iframe').contentFrame();
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Please enter your name.')).toBeVisible();
  await expect(form.getByText('Please choose an amount range.')).toBeVisible();
  await form.getByLabel('Full Name').fill('Grace Hopper');
  await form.getByLabel('Email Address').fill('grace@example.com');
  await form.getByLabel('Phone Number').fill('+1 555 123 4567');
  await form.getByLabel('How much might you invest? (non-binding indication of interest)').selectOption('Over $100,000');
  await expect(form.getByTestId('ttw-legend')).toContainText('An indication of interest involves no obligation or commitment of any kind.');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Thank you for your interest!')).toBeVisible();

  // The founder hears about it.
  const mail = await waitForMail(page.request, email, 'New investor lead: Sunrise Fund II');
  expect(mail.text).toContain('Temperature: hot');
  expect(mail.text).toContain('grace@example.com');
  // …and sees the lead in the app, hot, under the form it came through.
  await page.goto(`/leads?formId=${floatingId}`);
  const row = page.getByRole('row', { name: /Grace Hopper/ });
  await expect(row).toContainText('grace@example.com');
  await expect(row).toContainText('Hot');
  await expect(page.getByRole('combobox', { name: 'Form' })).toHaveValue(floatingId);
  await page.getByRole('combobox', { name: 'Form' }).selectOption(inlineId);
  await expect(page.getByText('No leads yet')).toBeVisible();

  await investorContext.close();
  await site.close();
});

test('a failed submission keeps the answers and can be retried', async ({ page, browser }) => {
  await subscribedFounder(page);
  const id = await publishedForm(page);
  const investorContext = await browser.newContext();
  const investor = await investorContext.newPage();
  let failures = 1;
  await investor.route('**/api/public-forms/*/leads', (route) => (failures-- > 0 ? route.abort() : route.continue()));
  await investor.goto(`${new URL(page.url()).origin}/form-view/${id}`);
  await investor.getByLabel('Full Name').fill('Ada Lovelace');
  await investor.getByLabel('Email Address').fill('ada@example.com');
  await investor.getByLabel('Phone Number').fill('5551234567');
  await investor.getByLabel(/How much might you invest/).selectOption('Under $10,000');
  await investor.getByRole('button', { name: 'Submit' }).click();
  await expect(investor.getByRole('alert')).toContainText('We could not reach the server');
  await expectAccessible(investor, 'the form view');
  await expect(investor.getByLabel('Full Name')).toHaveValue('Ada Lovelace');
  await investor.getByRole('button', { name: 'Submit' }).click();
  await expect(investor.getByText('Thank you for your interest!')).toBeVisible();
  await investorContext.close();
});

test('a busy server is asked again with the same key after its Retry-After: the investor sees the thank-you and the founder gets one lead', async ({ page, browser }) => {
  await subscribedFounder(page);
  const id = await publishedForm(page);
  const investorContext = await browser.newContext();
  const investor = await investorContext.newPage();
  const keys: string[] = [];
  const busy = [503, 429];
  await investor.route('**/api/public-forms/*/leads', async (route) => {
    keys.push(route.request().headers()['idempotency-key']);
    const status = busy.shift();
    if (status === undefined) return route.continue();
    // The first attempt reaches the server, then the answer is lost behind a busy one.
    if (status === 503) await route.fetch();
    return route.fulfill({ status, headers: { 'Retry-After': '1', 'Content-Type': 'application/json' }, body: JSON.stringify({ error: { code: 'service_unavailable', message: 'The service is busy right now. Please try again in a moment.' } }) });
  });
  await investor.goto(`${new URL(page.url()).origin}/form-view/${id}`);
  await investor.getByLabel('Full Name').fill('Grace Hopper');
  await investor.getByLabel('Email Address').fill('grace@example.com');
  await investor.getByLabel('Phone Number').fill('5551234567');
  await investor.getByLabel(/How much might you invest/).selectOption('Under $10,000');
  const started = Date.now();
  await investor.getByRole('button', { name: 'Submit' }).click();
  await expect(investor.getByText('Thank you for your interest!')).toBeVisible({ timeout: 15_000 });
  expect(Date.now() - started, 'each busy answer waited its Retry-After').toBeGreaterThanOrEqual(2000);
  expect(keys).toHaveLength(3);
  expect(new Set(keys).size, 'every attempt carried the same key').toBe(1);
  await investorContext.close();
  const { access_token } = await (await page.request.post('/api/auth/token')).json();
  const leads = await (await page.request.get(`/api/leads?formId=${id}`, { headers: { authorization: `Bearer ${access_token}` } })).json();
  expect(leads.leads.filter((lead: { data?: Record<string, string> }) => JSON.stringify(lead).includes('grace@example.com'))).toHaveLength(1);
});

test('the investor reads the founder headline, chooses a state, sees short errors next to each field, and the thank-you links the founder site', async ({ page, browser }) => {
  await subscribedFounder(page);
  const id = await publishedForm(page, {
    company: 'Harbor Coffee Co.',
    state: true,
    content: { headline: 'Back our second roastery', submit_label: 'Count me in', thank_you_url: 'https://harborcoffee.example/story' },
  });
  const investorContext = await browser.newContext();
  const investor = await investorContext.newPage();
  await investor.goto(`${new URL(page.url()).origin}/form-view/${id}`);
  await expect(investor.getByRole('heading', { level: 2 })).toHaveText('Back our second roastery');
  await expect(investor.getByText('Sunrise Fund II')).toHaveCount(0);
  // Empty: every required field says what to do, in the server's words, tied to its control.
  await investor.getByRole('button', { name: 'Count me in' }).click();
  const amount = investor.getByLabel(/How much might you invest/);
  await expect(amount).toHaveAccessibleDescription('Please choose an amount range.');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(investor.getByLabel('Email Address')).toHaveAccessibleDescription('Please enter your email.');
  await expect(investor.getByLabel('State')).toHaveAccessibleDescription('Please choose your state.');
  await expect(investor.getByLabel('Full Name')).toBeFocused();
  await expectAccessible(investor, 'the form view with errors');
  await investor.getByLabel('Full Name').fill('Ada Lovelace');
  await investor.getByLabel('Email Address').fill('ada@');
  await expect(investor.getByLabel('Email Address')).toHaveAccessibleDescription('Please enter a valid email address.');
  await investor.getByLabel('Email Address').fill('ada@example.com');
  await investor.getByLabel('Phone Number').fill('5551234567');
  await amount.selectOption('$25,000 - $50,000');
  // The state is a list (with "Outside the US"), not free text.
  const state = investor.getByLabel('State');
  await expect(state.locator('option')).toHaveCount(54);
  await state.selectOption('Outside the US');
  await state.selectOption('Texas');
  await investor.getByRole('button', { name: 'Count me in' }).click();
  await expect(investor.getByText('Thank you for your interest!')).toBeVisible();
  const site = investor.getByRole('link', { name: /Visit Harbor Coffee Co\./ });
  await expect(site).toHaveAttribute('href', 'https://harborcoffee.example/story');
  await expectAccessible(investor, 'the thank-you screen');
  await investorContext.close();
});

test('the server names every refused answer next to its field when the form let it through', async ({ page, browser }) => {
  await subscribedFounder(page);
  const id = await publishedForm(page, { state: true });
  const investorContext = await browser.newContext();
  const investor = await investorContext.newPage();
  // An answer the server refuses though the page sent it (an option renamed since it was opened).
  await investor.route('**/api/public-forms/*/leads', async (route) => {
    const body = route.request().postDataJSON();
    for (const key of Object.keys(body.answers)) if (body.answers[key] === 'Texas') body.answers[key] = 'Ontario';
    await route.continue({ postData: JSON.stringify(body) });
  });
  await investor.goto(`${new URL(page.url()).origin}/form-view/${id}`);
  await investor.getByLabel('Full Name').fill('Ada Lovelace');
  await investor.getByLabel('Email Address').fill('ada@example.com');
  await investor.getByLabel('Phone Number').fill('5551234567');
  await investor.getByLabel(/How much might you invest/).selectOption('Under $10,000');
  await investor.getByLabel('State').selectOption('Texas');
  await investor.getByRole('button', { name: 'Submit' }).click();
  await expect(investor.getByLabel('State')).toHaveAccessibleDescription('Please choose one of the options.');
  await expect(investor.getByLabel('State')).toBeFocused();
  await investorContext.close();
});

test('forms in unreadable colours reach investors readable: a pale yellow theme and a dark one pass axe', async ({ page, browser }) => {
  test.slow(); // two forms, two axe scans
  await subscribedFounder(page);
  const pale = await publishedForm(page, {
    styling: { backgroundColor: '#fefce8', textColor: '#a3a3a3', primaryColor: '#facc15', buttonColor: '#fde047', buttonTextColor: '#ffffff' },
  });
  const dark = await publishedForm(page, {
    styling: { backgroundColor: '#0f172a', textColor: '#334155', primaryColor: '#312e81', buttonColor: '#1e1b4b', buttonTextColor: '#0f172a' },
  });
  const investorContext = await browser.newContext();
  const investor = await investorContext.newPage();
  for (const [id, label] of [[pale, 'a pale yellow form'], [dark, 'a dark form']]) {
    await investor.goto(`${new URL(page.url()).origin}/form-view/${id}`);
    await expect(investor.getByRole('heading', { name: 'Sunrise Fund II' })).toBeVisible();
    // Errors and the required marks are on screen too.
    await investor.getByRole('button', { name: 'Submit' }).click();
    await expect(investor.getByText('Please enter your name.')).toBeVisible();
    await expect(investor.getByText('Please choose an amount range.')).toBeVisible();
    await investor.getByLabel('Full Name').focus();
    await expectAccessible(investor, `the form view of ${label}`);
  }
  await investorContext.close();
});

test('embed options show both snippets with live previews and platform steps', async ({ page, context }) => {
  await subscribedFounder(page);
  const id = await publishedForm(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/embed-options/${id}`);
  await expect(page.getByRole('heading', { name: 'Embed “Sunrise Fund II”' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(1);
  const floating = page.getByRole('region', { name: 'Floating button' }).locator('pre');
  await expect(floating).toContainText(`data-form-id="${id}"`);
  await expect(floating).toContainText('data-company-name="Sunrise"');
  // The snippet carries the colours investors see (the theme's), not the chosen #6366f1.
  await expect(floating).toContainText('data-button-color="#6365f0"');
  await expect(floating).toContainText('data-text-color="#ffffff"');
  await expect(page.getByRole('region', { name: 'Inline form' }).locator('pre')).toContainText(`data-raisespark-form="${id}"`);
  await page.getByRole('button', { name: 'Copy inline form snippet' }).click();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`data-raisespark-form="${id}"`);
  await expect(page.frameLocator('iframe[title="Inline form preview"]').getByRole('heading', { name: 'Sunrise Fund II' })).toBeVisible();
  await expectAccessible(page, 'embed options');
  await page.getByRole('button', { name: 'Invest in Sunrise' }).click();
  await expect(page.frameLocator('iframe[title="Floating form preview"]').getByRole('button', { name: 'Submit' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Invest in Sunrise' }).getByRole('button', { name: 'Close' }).click();
  await page.getByRole('tab', { name: 'Webflow' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Webflow' })).toContainText('Embed element');
  // Every platform's steps carry the form's own snippet (its id), never a placeholder.
  await expect(page.getByRole('tabpanel', { name: 'Webflow' }).getByLabel('Webflow inline snippet', { exact: true })).toContainText(`data-raisespark-form="${id}"`);
});

test('signed-in founders never see floating investor widgets on RaiseSpark pages other than the landing page', async ({ page }) => {
  await subscribedFounder(page);
  const inject = () =>
    page.evaluate(() => {
      const button = document.createElement('button');
      button.id = 'investor-form-button';
      button.textContent = 'Invest in Sunrise';
      document.body.appendChild(button);
    });
  await inject();
  await expect(page.locator('#investor-form-button')).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await inject();
  await expect(page.getByRole('button', { name: 'Invest in Sunrise' })).toBeVisible();
});

test('the founder uploads a logo in Settings and every form shows it above the headline, named by the company; a file that is not an image is refused with the reason', async ({ page, browser }) => {
  await subscribedFounder(page);
  const id = await publishedForm(page, { company: 'Harbor Coffee Co.', content: { headline: 'Back our second roastery' } });

  await page.goto('/settings');
  const brand = page.getByRole('region', { name: 'Brand' });
  await expect(brand.getByText('No logo yet')).toBeVisible();
  // An SVG (or anything but PNG, JPEG, WebP) is refused by the server, which says why.
  await brand.locator('input[type=file]').setInputFiles('public/favicon.svg');
  await expect(brand.getByRole('alert')).toHaveText('Please upload a PNG, JPEG or WebP image.');
  await expect(brand.getByText('No logo yet')).toBeVisible();
  // A 1200 × 630 picture is kept scaled to fit 96 px high (shown at 48).
  await brand.locator('input[type=file]').setInputFiles('public/marketing/og-image.png');
  await expect(page.getByText('Logo updated')).toBeVisible();
  const shown = brand.getByRole('img', { name: 'Your logo' });
  await expect(shown).toHaveJSProperty('naturalHeight', 96);
  await expect(brand.getByRole('button', { name: 'Replace logo' })).toBeVisible();
  await expectAccessible(page, 'Settings with a logo');

  // The investor's form: the logo first, its text alternative the company, at most 48 px high.
  const investorContext = await browser.newContext();
  const investor = await investorContext.newPage();
  await investor.goto(`${new URL(page.url()).origin}/form-view/${id}`);
  const logo = investor.getByRole('img', { name: 'Harbor Coffee Co.' });
  await expect(logo).toHaveJSProperty('naturalWidth', 183);
  const box = (await logo.boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(48);
  await expect(investor.getByRole('heading', { level: 2 })).toHaveText('Back our second roastery');
  const served = await investor.request.get(await logo.getAttribute('src').then((src) => new URL(src!, investor.url()).href));
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  await expectAccessible(investor, 'the form view with a logo');

  // Removed in Settings, it leaves the form (the company name stays).
  await brand.getByRole('button', { name: 'Remove' }).click();
  await expect(brand.getByText('No logo yet')).toBeVisible();
  await investorContext.close();
  // (A new visitor: the form's answer is cached for 30 s, as on the CDN.)
  const laterContext = await browser.newContext();
  const later = await laterContext.newPage();
  await later.goto(`${new URL(page.url()).origin}/form-view/${id}`);
  await expect(later.getByText('Harbor Coffee Co.')).toBeVisible();
  await expect(later.getByRole('img')).toHaveCount(0);
  await laterContext.close();
});
