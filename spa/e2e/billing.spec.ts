import { expect, signedInFounder, subscribedFounder, test, waitForMail } from './support/fixtures';
import { expectAccessible } from './support/a11y';

test('a new user opening /forms is sent to pricing, starts the trial and comes back to /forms', async ({ page }) => {
  const { email } = await signedInFounder(page);
  await page.goto('/forms');
  await expect(page).toHaveURL(/\/pricing\?returnTo=%2Fforms$/);
  await expect(page.getByText('This feature requires a subscription. Starting your 7-day free trial is easy!')).toBeVisible();

  const standard = page.getByRole('region', { name: 'RaiseSpark', exact: true });
  await expect(standard.getByText('$497')).toBeVisible();
  await expectAccessible(page, 'pricing');
  await standard.getByRole('button', { name: 'Start 7-day free trial of RaiseSpark' }).click();

  await expect(page).toHaveURL(/\/dev\/checkout\/cs_local_/);
  await expect(page.getByRole('heading', { name: 'Start your 7-day free trial' })).toBeVisible();
  await page.getByRole('button', { name: 'Start trial' }).click();

  await expect(page.getByText('Payment successful! Your subscription is now active.')).toBeVisible();
  await expect(page).toHaveURL(/\/forms$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Investor Forms' })).toBeVisible();
  const mail = await waitForMail(page.request, email, 'Your 7-day RaiseSpark trial has started');
  expect(mail.text).toContain('Your 7-day free trial has started.');

  await page.goto('/settings');
  const billing = page.getByRole('region', { name: 'Billing' });
  await expect(billing.getByText('Free trial')).toBeVisible();
  await expect(billing.getByText('RaiseSpark', { exact: true })).toBeVisible();
  await expectAccessible(page, 'settings');

  // Cancelling in the billing portal ends access: the gate sends the user back to pricing.
  await billing.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL(/\/dev\/billing\/cus_local_/);
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByText('This subscription has ended.')).toBeVisible();
  await page.goto('/forms');
  await expect(page).toHaveURL(/\/pricing\?returnTo=%2Fforms$/);
});

test('the extended-trial offer reaches checkout with 14 days', async ({ page }) => {
  await signedInFounder(page);
  await page.goto('/pricing?extended=true');
  await expect(page.getByRole('heading', { name: 'Start your 14-day free trial' })).toBeVisible();
  await expect(page.getByText('Extended 14-day trial applied')).toBeVisible();
  const pro = page.getByRole('region', { name: 'RaiseSpark Pro' });
  await pro.getByRole('button', { name: 'Start 14-day free trial of RaiseSpark Pro' }).click();

  await expect(page).toHaveURL(/\/dev\/checkout\//);
  await expect(page.getByText('14 days', { exact: true })).toBeVisible();
  await expect(page.getByText('20% lifetime discount')).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('offers never stack: a link with both gets the 20% discount and the standard trial; other discounts are ignored', async ({ page }) => {
  await signedInFounder(page);
  await page.goto('/pricing?extended=true&discount=20');
  await expect(page.getByRole('heading', { name: 'Start your 7-day free trial' })).toBeVisible();
  await expect(page.getByText('20% lifetime discount applied')).toBeVisible();
  await expect(page.getByText('Extended 14-day trial applied')).toHaveCount(0);
  const pro = page.getByRole('region', { name: 'RaiseSpark Pro' });
  await expect(pro.getByText('$798')).toBeVisible();
  await pro.getByRole('button', { name: 'Start 7-day free trial of RaiseSpark Pro' }).click();
  await expect(page).toHaveURL(/\/dev\/checkout\//);
  await expect(page.getByText('7 days', { exact: true })).toBeVisible();
  await expect(page.getByText('20% lifetime discount')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/pricing?discount=90');
  await expect(page.getByText('90% lifetime discount applied')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'RaiseSpark Pro' }).getByText('$997')).toBeVisible();
});

test('anonymous visitors are asked to log in before subscribing', async ({ page }) => {
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Start 7-day free trial of RaiseSpark Pro' }).click();
  await expect(page.getByText('Please log in to subscribe')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the upsell banner appears after 5 s, counts down 180 s and then expires', async ({ page }) => {
  await page.clock.install();
  const checked = page.waitForResponse((response) => response.url().endsWith('/api/check-subscription'));
  await signedInFounder(page);
  await checked;
  const offer = page.getByRole('region', { name: 'Limited-time offer' });
  await expect(offer).toHaveCount(0);
  await page.clock.fastForward(5_000);
  await expect(offer).toBeVisible();
  // The page's clock also runs in real time while the assertions wait (seconds on a loaded
  // machine): a minute fast-forwarded shows as 2:00 down to 1:50.
  await expect(offer.getByRole('timer')).toHaveText(/^(3:00|2:5\d)$/);
  await page.clock.fastForward(60_000);
  await expect(offer.getByRole('timer')).toHaveText(/^(2:00|1:5\d)$/);
  await page.clock.fastForward(121_000);
  await expect(offer.getByRole('button', { name: 'Offer Expired' })).toHaveCount(2);
  for (const button of await offer.getByRole('button', { name: 'Offer Expired' }).all()) await expect(button).toBeDisabled();
  await page.reload();
  await page.clock.fastForward(6_000);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(offer).toHaveCount(0);
});

test('choosing an upsell option goes to pricing with the offer', async ({ page }) => {
  await page.clock.install();
  const checked = page.waitForResponse((response) => response.url().endsWith('/api/check-subscription'));
  await signedInFounder(page);
  await checked;
  await page.clock.fastForward(5_000);
  await page.getByRole('button', { name: '20% off for life' }).click();
  await expect(page.getByText('20% lifetime discount option selected!')).toBeVisible();
  await expect(page).toHaveURL(/\/pricing\?discount=20$/);
  await expect(page.getByText('20% lifetime discount applied')).toBeVisible();
});

test('a founder already on a trial who opens checkout again is sent to the billing portal, not a second subscription', async ({ page }) => {
  await subscribedFounder(page);
  await page.goto('/pricing');
  const pro = page.getByRole('region', { name: 'RaiseSpark Pro' });
  // The answer is read as it passes: the page goes on to the billing portal at once, after
  // which the browser no longer holds the response body.
  let refused: { status: number; body: { error: { message: string } } } | undefined;
  await page.route('**/api/create-checkout-session', async (route) => {
    const response = await route.fetch();
    refused = { status: response.status(), body: await response.json() };
    await route.fulfill({ response });
  });
  await pro.getByRole('button', { name: /of RaiseSpark Pro$/ }).click();
  await expect.poll(() => refused?.status).toBe(409);
  expect(refused!.body.error.message).toBe('You already have a subscription. Manage it from Billing in Settings.');
  await expect(page).toHaveURL(/\/dev\/billing\/cus_local_/);
  await expect(page.getByText('RaiseSpark Pro')).toHaveCount(0);
});
