import { contextFromOwnAddress, expect, PASSWORD, signedInFounder, test, uniqueEmail, waitForMail } from './support/fixtures';

test('a founder registers, confirms by e-mail, is greeted by first name and signs out', async ({ page }) => {
  const email = uniqueEmail();
  await page.goto('/register?utm_source=e2e');
  await expect(page.getByRole('banner')).toHaveCount(0);
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  const mail = await waitForMail(page.request, email, 'Confirm your RaiseSpark account');
  const link = mail.links.find((l) => l.includes('/auth/callback?token='))!;
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);
  await page.goto(link);

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle('Dashboard | RaiseSpark');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Good (morning|afternoon|evening), Ada$/);
  await expect(page.getByText('Manage your investor forms and leads')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/, Ada$/);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Successfully signed out')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('registering an address that has an account reveals nothing: the same "check your inbox", and the owner is told by e-mail', async ({ page }) => {
  const { email } = await signedInFounder(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Someone Else');
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByLabel('Password').fill('a squatter password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await waitForMail(page.request, email, 'Someone tried to sign up with your address');
});

test('signing in before confirming asks to verify the e-mail', async ({ page }) => {
  const email = uniqueEmail();
  await page.request.post('/api/auth/signup', { data: { email, password: PASSWORD, data: { name: 'Ada' } } });
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Please verify your email address before logging in. Check your inbox for a confirmation email.',
  );
  await expect(page.getByRole('button', { name: 'Resend confirmation email' })).toBeVisible();
});

test('a wrong password shows the catalogue text, and a sixth rapid attempt is rate limited while another address still signs in', async ({ page, browser }) => {
  const { email } = await signedInFounder(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not my password');
  for (let attempt = 1; attempt <= 5; attempt++) {
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      "The email or password you entered doesn't match our records. Please double-check and try again.",
    );
  }
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Too many login attempts. Please wait a few minutes before trying again.');

  const { context: elsewhere } = await contextFromOwnAddress(browser);
  const other = await elsewhere.newPage();
  await other.goto('/login');
  await other.getByLabel('Email').fill(email);
  await other.getByLabel('Password').fill(PASSWORD);
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(other).toHaveURL(/\/dashboard$/);
  await elsewhere.close();
});

test('anonymous visitors of the dashboard go to sign in, and come back after signing in', async ({ page }) => {
  const { email } = await signedInFounder(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/settings$/);
});

test('the header menu shows My Account with the name and signs out', async ({ page }) => {
  await signedInFounder(page, 'Grace Hopper');
  await page.goto('/');
  await page.getByRole('button', { name: 'Open account menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('My Account')).toBeVisible();
  await expect(menu.getByText('Grace Hopper')).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveText(['Dashboard', 'Settings', 'Sign out']);
  await menu.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Successfully signed out')).toBeVisible();
});

test('settings change the name, and signing out of all devices ends other sessions', async ({ page, browser }) => {
  const { email } = await signedInFounder(page);
  const { context: laptop } = await contextFromOwnAddress(browser);
  const other = await laptop.newPage();
  await other.goto('/login');
  await other.getByLabel('Email').fill(email);
  await other.getByLabel('Password').fill(PASSWORD);
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(other).toHaveURL(/\/dashboard$/);

  await page.goto('/settings');
  await page.getByLabel('Full name').fill('Augusta King');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Your name was updated')).toBeVisible();
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/, Augusta$/);

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Sign out of all devices' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await other.reload();
  await expect(other).toHaveURL(/\/login$/);
  await laptop.close();
});
