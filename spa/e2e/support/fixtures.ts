import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { startIpProxy } from './ip-proxy';

let nextHost = 10;

/** A browser context whose requests come from its own loopback address. */
export async function contextFromOwnAddress(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const host = nextHost++;
  const address = `127.0.${(process.pid % 200) + 1}.${host}`;
  const proxy = await startIpProxy(address);
  const context = await browser.newContext({ ...options, proxy: { server: proxy.url, bypass: '<-loopback>' } });
  context.on('close', () => void proxy.close());
  return { context, address };
}

export const test = base.extend<{ context: BrowserContext }>({
  context: async ({ browser, contextOptions, viewport }, use) => {
    const { context } = await contextFromOwnAddress(browser, { ...contextOptions, viewport });
    await use(context);
    await context.close();
  },
});

export { expect };

export const PASSWORD = 'correct horse battery';

export function uniqueEmail(prefix = 'founder') {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

type Mail = { id: string; to: string; subject: string; text: string; links: string[] };

/** Waits for a message to `to` whose subject matches, in the local outbox (/dev/mail.json). */
export async function waitForMail(request: APIRequestContext, to: string, subject: string | RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const { messages } = (await (await request.get('/dev/mail.json')).json()) as { messages: Mail[] };
      found = messages.find((m) => m.to === to && (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)));
      return Boolean(found);
    }, { message: `mail "${subject}" to ${to}` })
    .toBe(true);
  return found!;
}

/** Creates and confirms an account through the API and signs the page in via the mailed link. */
export async function signedInFounder(page: Page, name = 'Ada Lovelace') {
  const email = uniqueEmail();
  const response = await page.request.post('/api/auth/signup', { data: { email, password: PASSWORD, data: { name } } });
  expect(response.status()).toBe(201);
  const mail = await waitForMail(page.request, email, 'Confirm your RaiseSpark account');
  await page.goto(mail.links.find((link) => link.includes('/auth/callback'))!);
  await expect(page).toHaveURL(/\/dashboard$/);
  return { email, name };
}

/** A signed-in founder on a trial, started through the local checkout like a real user. */
export async function subscribedFounder(page: Page, name = 'Ada Lovelace', priceId = 'price_local_standard') {
  const founder = await signedInFounder(page, name);
  const { access_token } = await (await page.request.post('/api/auth/token')).json();
  const checkout = await page.request.post('/api/create-checkout-session', {
    headers: { authorization: `Bearer ${access_token}` },
    data: { priceId, successUrl: `${new URL(page.url()).origin}/dashboard`, isExtendedTrial: false, discountPercentage: null },
  });
  const { url } = await checkout.json();
  expect((await page.request.post(`${url}/complete`, { maxRedirects: 0 })).status()).toBe(303);
  await page.reload();
  return founder;
}
