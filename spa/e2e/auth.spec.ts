import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { contextFromOwnAddress, expect, PASSWORD, signedInFounder, test, uniqueEmail, waitForMail } from './support/fixtures';

const CONFIRM_SUBJECT = 'Confirm your RaiseSpark account';
const STRANGER_PASSWORD = 'a strangers password';
const INVALID_CREDENTIALS = "The email or password you entered doesn't match our records. Please double-check and try again.";
const NOT_CONFIRMED = 'Please verify your email address before logging in. Check your inbox for a confirmation email.';
const WRONG_SIGN_UP_PASSWORD = 'That is not the password you chose when you signed up. Please try again.';

/** A browser of its own (its own cookies and client address). */
async function newBrowser(browser: Browser, viewport?: { width: number; height: number }) {
  const { context } = await contextFromOwnAddress(browser, viewport ? { viewport } : {});
  return { context, page: await context.newPage() };
}

async function register(page: Page, email: string, password: string, name = 'Ada Lovelace') {
  await page.goto('/register');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
}

/** Every confirmation link mailed to `email` so far, oldest first, once `count` have arrived. */
async function confirmationLinks(page: Page, email: string, count: number): Promise<string[]> {
  let links: string[] = [];
  await expect
    .poll(async () => {
      const { messages } = (await (await page.request.get('/dev/mail.json')).json()) as { messages: { to: string; subject: string; links: string[] }[] };
      links = messages
        .filter((m) => m.to === email && m.subject === CONFIRM_SUBJECT)
        .map((m) => m.links.find((l) => l.includes('/auth/callback'))!)
        .reverse();
      return links.length;
    }, { message: `${count} confirmation mail(s) to ${email}` })
    .toBe(count);
  return links;
}

/**
 * Clicks `link` the way a mail client opens it: from a page on another site (a cross-site,
 * top-level navigation), so the sign-up cookie (SameSite=Strict) is not on the navigation
 * itself, only on the page's own request that follows.
 */
async function openFromMailClient(page: Page, link: string) {
  await page.route('http://mail.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>Inbox</title><a href="${link}">Confirm my e-mail</a>` }),
  );
  await page.goto('http://mail.example/inbox');
  await page.getByRole('link', { name: 'Confirm my e-mail' }).click();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

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
  await expect(page.getByText('in this browser it signs you in at once; on another device you will be asked for the password you just chose')).toBeVisible();
  await expectAccessible(page, 'register: check your inbox');

  const mail = await waitForMail(page.request, email, 'Confirm your RaiseSpark account');
  const link = mail.links.find((l) => l.includes('/auth/callback?token='))!;
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);
  // From the mail client, in the browser that signed up: no password asked.
  await openFromMailClient(page, link);

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

test('a stranger who signs up someone else\'s address gets nothing when its owner opens the mailed link', async ({ browser }) => {
  const email = uniqueEmail('victim');
  const stranger = await newBrowser(browser);
  await register(stranger.page, email, STRANGER_PASSWORD, 'Mallory');
  const [strangersLink] = await confirmationLinks(stranger.page, email, 1);

  // The owner opens the mail in their own browser: the link asks for the password chosen at
  // that sign-up, which only the stranger knows.
  const owner = await newBrowser(browser);
  await openFromMailClient(owner.page, strangersLink!);
  await expect(owner.page.getByRole('heading', { name: 'Finish creating your account' })).toBeVisible();
  await expect(owner.page.getByText('Enter the password you chose when you signed up.', { exact: true })).toBeVisible();
  await owner.page.getByLabel('Password').fill(PASSWORD);
  await owner.page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(owner.page.getByText(WRONG_SIGN_UP_PASSWORD)).toBeVisible();
  await expect(owner.page).toHaveURL(/\/auth\/callback/);

  // The stranger's password makes nothing: the sign-up still waits for its confirmation.
  await signIn(stranger.page, email, STRANGER_PASSWORD);
  await expect(stranger.page.getByRole('alert')).toContainText(NOT_CONFIRMED);

  // The owner signs up and confirms from the mail client: the account is theirs alone.
  await register(owner.page, email, PASSWORD);
  const links = await confirmationLinks(owner.page, email, 2);
  await openFromMailClient(owner.page, links[1]!);
  await expect(owner.page).toHaveURL(/\/dashboard$/);
  await expect(owner.page.getByRole('heading', { level: 1 })).toHaveText(/, Ada$/);

  await signIn(stranger.page, email, STRANGER_PASSWORD);
  await expect(stranger.page.getByRole('alert')).toHaveText(INVALID_CREDENTIALS);
  await openFromMailClient(stranger.page, strangersLink!);
  await expect(stranger.page.getByRole('alert')).toContainText('This link is invalid or has expired.');
  await Promise.all([stranger.context.close(), owner.context.close()]);
});

test('when the owner signed up first, a stranger signing up again never takes the account, whichever mail the owner opens first', async ({ browser }) => {
  const email = uniqueEmail('owner');
  const owner = await newBrowser(browser);
  await register(owner.page, email, PASSWORD);
  await confirmationLinks(owner.page, email, 1);
  const stranger = await newBrowser(browser);
  await register(stranger.page, email, STRANGER_PASSWORD, 'Mallory');
  const [ownersLink, strangersLink] = await confirmationLinks(owner.page, email, 2);

  // The newest mail is the stranger's: in the owner's browser it asks for a password, and the
  // owner's own is not it.
  await openFromMailClient(owner.page, strangersLink!);
  await expect(owner.page.getByRole('heading', { name: 'Finish creating your account' })).toBeVisible();
  await owner.page.getByLabel('Password').fill(PASSWORD);
  await owner.page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(owner.page.getByText(WRONG_SIGN_UP_PASSWORD)).toBeVisible();

  // The owner's own mail signs in at once.
  await openFromMailClient(owner.page, ownersLink!);
  await expect(owner.page).toHaveURL(/\/dashboard$/);

  await signIn(stranger.page, email, STRANGER_PASSWORD);
  await expect(stranger.page.getByRole('alert')).toHaveText(INVALID_CREDENTIALS);
  await Promise.all([stranger.context.close(), owner.context.close()]);
});

test('signing up on a laptop and opening the mail on a phone takes one extra step: the password chosen at sign-up', async ({ browser }) => {
  const email = uniqueEmail('laptop');
  const laptop = await newBrowser(browser, { width: 1280, height: 800 });
  await register(laptop.page, email, PASSWORD);
  const [link] = await confirmationLinks(laptop.page, email, 1);

  const phone = await newBrowser(browser, { width: 375, height: 740 });
  await openFromMailClient(phone.page, link!);
  await expect(phone.page.getByRole('heading', { name: 'Finish creating your account' })).toBeVisible();
  const password = phone.page.getByLabel('Password');
  await expect(password).toBeFocused();
  await expectAccessible(phone.page, 'confirmation on another device');
  await password.fill('not what I chose');
  await phone.page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(phone.page.getByText(WRONG_SIGN_UP_PASSWORD)).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(phone.page, 'confirmation on another device, wrong password');

  await password.fill(PASSWORD);
  await phone.page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(phone.page).toHaveURL(/\/dashboard$/);
  await expect(phone.page.getByRole('heading', { level: 1 })).toHaveText(/, Ada$/);

  // The link worked once: on the laptop it is used now.
  await openFromMailClient(laptop.page, link!);
  await expect(laptop.page.getByRole('alert')).toContainText('This link is invalid or has expired.');
  await signIn(laptop.page, email, PASSWORD);
  await expect(laptop.page).toHaveURL(/\/dashboard$/);
  await Promise.all([laptop.context.close(), phone.context.close()]);
});
