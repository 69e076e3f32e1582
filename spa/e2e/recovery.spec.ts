import { contextFromOwnAddress, expect, PASSWORD, signedInFounder, test, uniqueEmail, waitForMail } from './support/fixtures';

const NEW_PASSWORD = 'a brand new passphrase';
const RESET_SUBJECT = 'Reset your RaiseSpark password';
const INVALID_LINK = 'This password reset link is invalid or has expired. Please request a new one.';

async function signIn(page: import('@playwright/test').Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a founder who forgot the password resets it from the e-mailed link, other devices are signed out, only the new password works', async ({ page, browser }) => {
  const { email } = await signedInFounder(page, 'Ada Lovelace');

  // A laptop signed in before the reset.
  const { context: laptop } = await contextFromOwnAddress(browser);
  const other = await laptop.newPage();
  await signIn(other, email, PASSWORD);
  await expect(other).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page).toHaveTitle('Forgot your password? | RaiseSpark');
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  const mail = await waitForMail(page.request, email, RESET_SUBJECT);
  const link = mail.links.find((l) => l.includes('/auth/callback?') && l.includes('type=recovery'))!;
  expect(link).toBeTruthy();
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill('not the same passphrase');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText("The passwords don't match.")).toBeVisible();

  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Your password has been reset. You are signed in.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/, Ada$/);

  // The laptop's session ended: its refresh fails and a reload lands on sign in.
  expect((await other.request.post('/api/auth/token')).status()).toBe(401);
  await other.reload();
  await expect(other).toHaveURL(/\/login$/);
  await laptop.close();

  // The link works once.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(INVALID_LINK);
  await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');

  // Old password fails, new one works.
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(
    "The email or password you entered doesn't match our records. Please double-check and try again.",
  );
  await signIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the set-new-password page fires PASSWORD_RECOVERY for auth-state listeners', async ({ page }) => {
  const { email } = await signedInFounder(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.post('/api/auth/recover', { data: { email } })).status()).toBe(200);
  const mail = await waitForMail(page.request, email, RESET_SUBJECT);
  const link = mail.links.find((l) => l.includes('type=recovery'))!;

  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { authEvents: seen });
    window.addEventListener('raisespark:auth-state', (event) => seen.push((event as CustomEvent<{ event: string }>).detail.event));
  });
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const events = await page.evaluate(() => (window as unknown as { authEvents: string[] }).authEvents);
  expect(events).toEqual(['INITIAL_SESSION', 'PASSWORD_RECOVERY']);
});

test('forgot password answers the same for an unknown address, and a made-up link offers a new one', async ({ page }) => {
  await page.goto('/forgot-password');
  await expect(page.getByRole('banner')).toHaveCount(0);
  const nobody = uniqueEmail('nobody');
  await page.getByLabel('Email').fill(nobody);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(`If an account exists for ${nobody}`)).toBeVisible();

  await page.getByRole('button', { name: 'Send another link' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please wait a minute before requesting another email.');

  await page.goto('/auth/callback?type=recovery&token=made-up');
  await expect(page.getByRole('alert')).toHaveText(INVALID_LINK);
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('a too short new password shows the rule before anything is sent', async ({ page }) => {
  const { email } = await signedInFounder(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.request.post('/api/auth/recover', { data: { email } });
  const link = (await waitForMail(page.request, email, RESET_SUBJECT)).links.find((l) => l.includes('type=recovery'))!;
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('short');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password must be at least 8 characters long.')).toBeVisible();
  await expect(page).toHaveURL(/type=recovery/);
  // The link was not used up: the password can still be set.
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a reset link sent before the password was changed in settings can no longer be used', async ({ page }) => {
  const { email } = await signedInFounder(page);
  expect((await page.request.post('/api/auth/recover', { data: { email } })).status()).toBe(200);
  const link = (await waitForMail(page.request, email, RESET_SUBJECT)).links.find((l) => l.includes('type=recovery'))!;

  await page.goto('/settings');
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Password updated. Your other devices were signed out.')).toBeVisible();

  await page.goto(link);
  await expect(page.getByRole('heading', { name: "This link can't be used" })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(INVALID_LINK);
});

test('someone who signed up but never confirmed can set a password from a reset link, which creates the account', async ({ page, browser }) => {
  const email = uniqueEmail('unconfirmed');
  // Someone (perhaps not the owner) signed the address up in another browser; no account exists.
  const { context: elsewhere } = await contextFromOwnAddress(browser);
  const other = await elsewhere.newPage();
  expect((await other.request.post('/api/auth/signup', { data: { email, password: 'a password nobody here knows', data: { name: 'Mallory' } } })).status()).toBe(201);
  await waitForMail(page.request, email, 'Confirm your RaiseSpark account');
  await elsewhere.close();

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const link = (await waitForMail(page.request, email, RESET_SUBJECT)).links.find((l) => l.includes('type=recovery'))!;
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Your password has been reset. You are signed in.')).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, 'a password nobody here knows');
  await expect(page.getByRole('alert')).toHaveText(
    "The email or password you entered doesn't match our records. Please double-check and try again.",
  );
});
