import { contextFromOwnAddress, expect, PASSWORD, subscribedFounder, test, uniqueEmail, waitForMail } from './support/fixtures';
import { expectAccessible } from './support/a11y';

test('a visitor from a referral link signs up, pays, and the referrer earns a free month', async ({ page, browser }) => {
  test.slow();
  // The referrer (a paying customer, so the free month is credited to their balance).
  await subscribedFounder(page, 'Ada Lovelace');
  await expect(page.getByRole('link', { name: 'Earn Rewards' }).getByTestId('earn-rewards-pulse')).toBeVisible();
  await page.goto('/earn-rewards');
  await expect(page.getByTestId('earn-rewards-pulse')).toHaveCount(0);
  const link = await page.getByLabel('Your referral link').inputValue();
  expect(link).toMatch(/\/\?ref=[A-Z0-9]{8}$/);
  await expect(page.getByText('No referrals yet')).toBeVisible();
  await expectAccessible(page, 'Earn Rewards');
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Referral link copied').or(page.getByText(/Copy failed/))).toBeVisible();

  // A founder arrives through the link, browses, and signs up.
  const { context: visitorContext } = await contextFromOwnAddress(browser);
  const visitor = await visitorContext.newPage();
  await visitor.goto(new URL(link).pathname + new URL(link).search);
  await visitor.goto('/pricing');
  expect(await visitor.evaluate(() => localStorage.getItem('referral_id'))).toBe(new URL(link).searchParams.get('ref'));
  const email = uniqueEmail('referred');
  await visitor.goto('/register');
  await visitor.getByLabel('Full name').fill('Grace Hopper');
  await visitor.getByLabel('Email').fill(email);
  await visitor.getByLabel('Password').fill(PASSWORD);
  await visitor.getByRole('button', { name: 'Create account' }).click();
  await expect(visitor.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  const mail = await waitForMail(visitor.request, email, 'Confirm your RaiseSpark account');
  await visitor.goto(mail.links.find((l) => l.includes('/auth/callback'))!);
  await expect(visitor).toHaveURL(/\/dashboard$/);

  await page.reload();
  const referrals = page.getByRole('region', { name: 'People you referred' });
  await expect(referrals.getByRole('listitem')).toHaveCount(1);
  await expect(referrals).toContainText('Grace H.');
  await expect(referrals).not.toContainText('Hopper');
  await expect(referrals).toContainText('Signed up');

  // The referred founder starts a trial, then pays the first invoice (local payments).
  const { access_token } = await (await visitor.request.post('/api/auth/token')).json();
  const auth = { authorization: `Bearer ${access_token}` };
  const checkout = await visitor.request.post('/api/create-checkout-session', {
    headers: auth,
    data: { priceId: 'price_local_standard', successUrl: `${new URL(visitor.url()).origin}/dashboard` },
  });
  const { url } = await checkout.json();
  expect((await visitor.request.post(`${url}/complete`, { maxRedirects: 0 })).status()).toBe(303);
  await page.reload();
  await expect(referrals).toContainText('On trial');
  await expect(page.getByRole('region', { name: 'Rewards earned' })).toContainText('one free month of your plan');

  const portal = await (await visitor.request.post('/api/billing-portal', { headers: auth })).json();
  expect((await visitor.request.post(`${portal.url}/pay`, { maxRedirects: 0 })).status()).toBe(303);

  await page.reload();
  await expect(referrals).toContainText('Paying');
  const ledger = page.getByRole('region', { name: 'Rewards earned' });
  await expect(ledger.getByRole('row')).toHaveCount(2);
  await expect(ledger).toContainText('1 free month of RaiseSpark');
  await expect(ledger).toContainText('Grace H. became a paying customer');
  await expect(ledger).toContainText('$497');
  await expect(page.getByRole('group', { name: 'Free months earned' })).toContainText('1');
  await visitorContext.close();
});

test('the readiness guide saves each step per user', async ({ page }) => {
  await subscribedFounder(page);
  await page.goto('/raise-capital');
  await expect(page.getByText('0 of 6 steps complete')).toBeVisible();
  const steps = page.getByRole('list', { name: 'Steps' });
  await expect(steps.getByRole('heading', { level: 2 })).toHaveText([
    'Choose a funding portal',
    'Prepare your financials',
    'Test the waters',
    'File Form C',
    'Launch your campaign',
    'Close the round',
  ]);
  const testTheWaters = steps.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Test the waters' }) }).first();
  await expect(testTheWaters.getByRole('link', { name: 'Build an investor form' })).toHaveAttribute('href', '/forms');
  await testTheWaters.getByLabel('Mark as done').check();
  await expect(page.getByText('1 of 6 steps complete')).toBeVisible();
  await steps.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Choose a funding portal' }) }).first().getByLabel('Mark as done').check();
  await expect(page.getByText('2 of 6 steps complete')).toBeVisible();
  await page.reload();
  await expect(page.getByText('2 of 6 steps complete')).toBeVisible();
  await expect(testTheWaters.getByLabel('Done')).toBeChecked();
  await testTheWaters.getByLabel('Done').uncheck();
  await expect(page.getByText('1 of 6 steps complete')).toBeVisible();
  await page.reload();
  await expect(page.getByText('1 of 6 steps complete')).toBeVisible();
});
