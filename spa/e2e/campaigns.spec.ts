import type { Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { withDemoAudience } from './support/demo-audience';
import { expect, subscribedFounder, test } from './support/fixtures';

/**
 * Seeded with SEED_DEMO=1: on a Pro trial, two published forms and 40 leads. Other journeys
 * (insights, unsubscribe, admin) use the same founder at the same time, so this one never
 * changes its leads, sets the same sender identity as unsubscribe.spec.ts, writes with another
 * template (its messages have another subject), and sends and unsubscribes while holding the
 * demo audience lock (support/demo-audience.ts), resubscribing the investor before letting go.
 */
const DEMO = { email: 'demo@raisespark.local', password: 'Demo-founder-2026!' };
const SENDER = { company: 'Sunrise Solar', address: '1 Main St, Austin, TX 78701' };
const LIVE_SUBJECT = 'Sunrise Solar is live: our offering is open';

type Mail = { id: string; to: string; subject: string; html: string; links: string[]; headers?: [string, string][] };

async function signInAsDemoFounder(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Settings → Sender identity, filled in unless it already reads the demo's company. */
async function ensureSenderIdentity(page: Page) {
  await page.goto('/settings?tab=sender');
  const section = page.getByRole('region', { name: 'Sender identity' });
  const company = section.getByLabel('Company name');
  await expect(company).toBeVisible();
  await expectAccessible(page, 'settings with the sender identity');
  const address = section.getByLabel('Postal address');
  if ((await company.inputValue()) === SENDER.company && (await address.inputValue()) === SENDER.address) return;
  await company.fill(SENDER.company);
  await address.fill(SENDER.address);
  await section.getByRole('button', { name: 'Save sender identity' }).click();
  await expect(page.getByText('Sender identity saved')).toBeVisible();
}

/** 'New campaign' → a starter template → the editor of the new draft. */
async function newCampaignFrom(page: Page, template: RegExp) {
  await page.goto('/campaigns');
  await page.getByRole('button', { name: 'New campaign' }).click();
  const chooser = page.getByRole('dialog', { name: 'New campaign' });
  await expect(chooser.getByRole('button', { name: /Blank campaign/ })).toBeVisible();
  await chooser.getByRole('button', { name: template }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('tab', { name: 'Compose' })).toHaveAttribute('aria-selected', 'true');
}

/** Chooses hot leads and reads the live count once it has settled. */
async function audienceOfHotLeads(page: Page) {
  const audience = page.getByRole('region', { name: 'Audience' });
  await audience.getByRole('group', { name: 'Temperature' }).getByRole('button', { name: 'Hot' }).click();
  await expect(audience.getByRole('button', { name: 'Hot', pressed: true })).toBeVisible();
  await expect(page.getByText(/^To Hot leads · \d+ recipients?$/)).toBeVisible();
  const status = audience.getByRole('status').filter({ hasText: 'Recipients' });
  await expect(status.getByLabel('Counting')).toHaveCount(0);
  const text = (await status.textContent()) ?? '';
  const count = Number(/([\d,]+) recipients?/.exec(text)?.[1]?.replace(/,/g, ''));
  const excluded = text.includes('No one excluded') ? 0 : Number(/([\d,]+) excluded/.exec(text)?.[1]?.replace(/,/g, ''));
  expect(count).toBeGreaterThan(1);
  return { status, count, excluded };
}

test('the demo founder writes to hot leads from a starter template, tests, sends and reads the results; an unsubscribed investor leaves the next audience', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsDemoFounder(page);
  await ensureSenderIdentity(page);

  // A campaign from the 'we are live' starter template, to hot leads.
  await newCampaignFrom(page, /We are live on the funding portal/);
  await expect(page.getByRole('heading', { level: 1, name: 'We are live on the funding portal' })).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue('{{company_name}} is live: our offering is open');
  await expect(page.getByRole('alert').filter({ hasText: 'Add your sender identity' })).toHaveCount(0);
  await audienceOfHotLeads(page);
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  // The message is written as in any mail app: bold from the toolbar, the investor's first
  // name as a chip from 'Insert field'. The founder sees neither Markdown nor tags.
  const message = page.getByRole('textbox', { name: 'Message' });
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  await message.click();
  await message.press('ControlOrMeta+End');
  await message.press('Enter');
  await toolbar.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('See you there');
  await expect(toolbar.getByRole('button', { name: 'Bold', pressed: true })).toBeVisible();
  await toolbar.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(', ');
  await page.getByRole('button', { name: 'Insert field' }).click();
  await page.getByRole('menuitem', { name: 'First name' }).click();
  const field = page.getByRole('form', { name: 'Insert field' });
  await expect(field.getByRole('textbox')).toHaveValue('there');
  await field.getByRole('button', { name: 'Insert' }).click();
  // The starter's greeting ('Hi {{first_name|there}},') and the one inserted.
  const chips = message.getByText("first name, or 'there'");
  await expect(chips).toHaveCount(2);
  await expect(message.locator('strong', { hasText: 'See you there' })).toBeVisible();
  await expect(message).not.toContainText('**');
  await expect(message).not.toContainText('{{');
  await expectAccessible(page, 'the campaign editor');

  // Saved as the Markdown the server renders, and loaded back intact.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Campaign saved')).toBeVisible();
  const id = new URL(page.url()).pathname.split('/').pop()!;
  const { access_token: token } = await (await page.request.post('/api/auth/token')).json();
  const stored = await (await page.request.get(`/api/campaigns/${id}`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(stored.body).toMatch(/\n\n\*\*See you there\*\*, \{\{first_name\|there\}\}\s*$/);
  await page.reload();
  await expect(message.locator('strong', { hasText: 'See you there' })).toBeVisible();
  await expect(chips).toHaveCount(2);
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);

  // A test to the founder's own address, with the subject and the message rendered.
  await page.getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByText(`Test sent to ${DEMO.email}`)).toBeVisible();
  // A test is never wrapped for click tracking and carries no one's live unsubscribe link.
  const { messages: outbox } = (await (await page.request.get('/dev/mail.json')).json()) as { messages: Mail[] };
  const testMail = outbox.find((m) => m.to === DEMO.email && m.subject === `[Test] ${LIVE_SUBJECT}`)!;
  expect(testMail).toBeTruthy();
  expect(testMail.html).toMatch(/<strong>See you there<\/strong>, (?!there)\p{Lu}\p{Ll}+/u);
  expect(testMail.html).not.toContain('{{');
  expect(testMail.links.filter((l) => l.includes('/api/campaigns/r/') || l.includes('/api/campaigns/o/'))).toEqual([]);
  expect(testMail.links.find((l) => l.includes('/unsubscribe/'))).toMatch(/\/unsubscribe\/RECIPIENT_TOKEN$/);

  // The preview: the renderer that sends, in a sandboxed frame, with the compliance footer.
  await page.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Message preview' });
  await expect(preview.getByText(LIVE_SUBJECT)).toBeVisible();
  await expect(preview.getByText('Sunrise Solar via RaiseSpark')).toBeVisible();
  const frame = page.getByTitle('E-mail preview, desktop width');
  await expect(frame).toHaveAttribute('sandbox', /^(?!.*allow-scripts).*$/);
  await expect(frame.contentFrame().getByText(SENDER.address)).toBeVisible();
  await expect(frame.contentFrame().getByRole('link', { name: 'Unsubscribe' })).toBeVisible();
  // The whole message shows, down to the footer: the frame is as tall as what it holds.
  const wholeMessageShows = (f: HTMLIFrameElement) => f.contentDocument!.documentElement.scrollHeight <= f.clientHeight + 1;
  await expect.poll(() => frame.evaluate(wholeMessageShows)).toBe(true);
  await preview.getByRole('button', { name: /Mobile/ }).click();
  const mobile = page.getByTitle('E-mail preview, mobile width (375 px)');
  await expect(mobile).toBeVisible();
  await expect(mobile.contentFrame().getByText(/You receive this because you told Sunrise Solar you might invest/)).toBeVisible();
  await expect.poll(() => mobile.evaluate(wholeMessageShows)).toBe(true);
  const compliance = page.getByRole('complementary', { name: 'Compliance' });
  for (const item of ['Testing-the-waters legend', 'Company name and postal address', 'Unsubscribe link', 'One-click unsubscribe headers']) {
    await expect(compliance.getByText(item)).toBeVisible();
  }
  await expect(compliance.getByLabel('Missing')).toHaveCount(0);
  await expectAccessible(page, 'the campaign preview', { exclude: ['iframe'] });

  // From sending to resubscribing, no other journey changes this founder's suppressions.
  await withDemoAudience(async () => {
    const { access_token } = await (await page.request.post('/api/auth/token')).json();
    const headers = { authorization: `Bearer ${access_token}` };
    const hot = (async () => (await page.request.post('/api/campaigns/audience', { headers, data: { segment: { temperatures: ['hot'] } } })).json());
    const baseline = (await hot()) as { count: number; excludedSuppressed: number };

    // Send now: the confirmation names the subject and the recipient count.
    await page.getByRole('tab', { name: 'Compose' }).click();
    await page.getByRole('button', { name: 'Send now' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send this campaign now?' });
    const send = confirm.getByRole('button', { name: /^Send to \d+ recipients$/ });
    await expect(send).toHaveText(`Send to ${baseline.count} recipients`);
    await expect(confirm).toContainText(`${baseline.count} recipients (hot leads) right away`);
    // Its subject as investors will read it: the company's name, never the tag.
    await expect(confirm).toContainText(`${LIVE_SUBJECT} goes to`);
    await expect(confirm).not.toContainText('{{');
    await send.click();
    await expect(page.getByText('Your campaign is on its way')).toBeVisible();
    await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}\/results$/);

    // The results refresh by themselves until every recipient is sent.
    await expect(page.getByRole('heading', { level: 1, name: 'We are live on the funding portal' })).toBeVisible();
    const figures = page.getByRole('region', { name: 'Figures' });
    await expect(figures.getByRole('group', { name: 'Recipients', exact: true })).toContainText(String(baseline.count));
    await expect(figures.getByRole('group', { name: 'Sent', exact: true })).toContainText(`${baseline.count}100% of recipients`, { timeout: 45_000 });
    await expect(figures.getByRole('group', { name: 'Waiting', exact: true })).toContainText('0');
    for (const figure of ['Delivered', 'Opened', 'Clicked', 'Unsubscribed', 'Bounced', 'Complained', 'Suppressed', 'Failed', 'Unknown']) {
      await expect(figures.getByRole('group', { name: figure, exact: true })).toBeVisible();
    }
    // The app's one date style: the year only when it is not this one, the time zone on hover.
    await expect(page.getByText(/· Sent \w{3} \d{1,2}(, \d{4})?, \d{1,2}:\d{2} [AP]M/)).toBeVisible();
    const recipients = page.getByRole('region', { name: 'Recipients' });
    await expect(recipients.getByRole('row')).toHaveCount(baseline.count + 1);
    await expect(recipients.getByRole('cell', { name: 'Sent', exact: true })).toHaveCount(baseline.count);
    await expectAccessible(page, 'the campaign results');

    // The list shows it sent, with its figures.
    await page.getByRole('link', { name: 'Campaigns' }).first().click();
    const row = page.getByRole('row').filter({ hasText: 'We are live on the funding portal' }).filter({ hasText: 'Sent' }).first();
    await expect(row).toContainText(String(baseline.count));
    // Its subject as investors read it: the company's name, never the tag.
    await expect(row).toContainText(LIVE_SUBJECT);
    await expect(page.getByRole('table')).not.toContainText('{{');
    await expectAccessible(page, 'the campaign list');

    // An investor opens the unsubscribe link of this campaign's e-mail and unsubscribes.
    let link = '';
    await expect
      .poll(async () => {
        const { messages } = (await (await page.request.get('/dev/mail.json')).json()) as { messages: Mail[] };
        const ours = messages.filter((m) => m.subject === LIVE_SUBJECT && m.to !== DEMO.email).sort((a, b) => a.to.localeCompare(b.to));
        link = ours[0]?.links.find((l) => l.includes('/unsubscribe/')) ?? '';
        return ours.length;
      }, { message: 'the campaign e-mails in the outbox' })
      .toBe(baseline.count);
    const token = new URL(link).pathname.split('/').pop()!;
    try {
      await page.goto(new URL(link).pathname);
      await expect(page.getByRole('heading', { name: 'Unsubscribe from Sunrise Solar?' })).toBeVisible();
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(page.getByRole('heading', { name: "You're unsubscribed" })).toBeVisible();

      // The next campaign to hot leads: one fewer recipient, one more excluded.
      await newCampaignFrom(page, /Testing-the-waters update/);
      const audience = page.getByRole('region', { name: 'Audience' });
      await audience.getByRole('group', { name: 'Temperature' }).getByRole('button', { name: 'Hot' }).click();
      const count = audience.getByRole('status').filter({ hasText: 'Recipients' });
      await expect(count).toContainText(`${baseline.count - 1} recipients`);
      await expect(count).toContainText(`${baseline.excludedSuppressed + 1} excluded (unsubscribed, bounced or complained)`);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Campaign saved')).toBeVisible();
    } finally {
      // The investor changes their mind: the demo founder's audience is as it was.
      const resubscribed = await page.request.post(`/api/campaigns/unsubscribe/${token}/resubscribe`);
      expect(resubscribed.ok()).toBe(true);
    }
    expect(((await hot()) as { count: number }).count).toBe(baseline.count);
  });

  // That draft is deleted from the list, after a confirmation.
  await page.getByRole('link', { name: 'Campaigns' }).first().click();
  const draft = page.getByRole('row').filter({ hasText: 'Testing-the-waters update' }).filter({ hasText: 'Draft' }).first();
  await draft.getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const deleting = page.getByRole('dialog', { name: 'Delete this draft?' });
  await deleting.getByRole('button', { name: 'Delete campaign' }).click();
  await expect(page.getByText('Campaign deleted')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Testing-the-waters update' }).filter({ hasText: 'Draft' })).toHaveCount(0);
});

test.describe('scheduling', () => {
  test.use({ contextOptions: { timezoneId: 'America/New_York' } });

  test('the founder schedules a campaign in their own time zone, sees it in the list, and cancels it', async ({ page }) => {
    await signInAsDemoFounder(page);
    await ensureSenderIdentity(page);
    await newCampaignFrom(page, /We have filed our Form C/);
    await audienceOfHotLeads(page);

    await page.getByRole('button', { name: 'Schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule this campaign' });
    await expect(dialog.getByText('Your time zone: Eastern')).toContainText('(America/New_York)');
    // Tomorrow at 9:30 in New York, whatever the machine's own zone.
    const tomorrow = new Date(Date.now() + 86_400_000);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(tomorrow);
    await dialog.getByLabel('Send at').fill(`${day}T09:30`);
    const request = page.waitForRequest((r) => r.url().endsWith('/schedule') && r.method() === 'POST');
    await dialog.getByRole('button', { name: 'Schedule campaign' }).click();
    const body = (await request).postDataJSON() as { scheduledAt: string };
    const local = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit', hourCycle: 'h23' }).format(new Date(body.scheduledAt));
    expect(body.scheduledAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00Z$/);
    expect(local).toBe('09:30');
    await expect(page.getByText('Campaign scheduled')).toBeVisible();
    // Just chosen, in a toast that has no hover: the time zone is named.
    await expect(page.getByText(/^It will be sent \w{3} \d{1,2}(, \d{4})?, 9:30 AM E[SD]T\.$/)).toBeVisible();
    await expect(page).toHaveURL(/\/results$/);
    // Elsewhere the app's one date style, the time zone in the hover title.
    const banner = page.getByText(/^Scheduled for \w{3} \d{1,2}(, \d{4})?, 9:30 AM\.$/);
    await expect(banner).toBeVisible();
    await expect(banner.getByTitle(/, 9:30 AM E[SD]T$/)).toBeVisible();

    await page.getByRole('link', { name: 'Campaigns' }).first().click();
    const row = page.getByRole('row').filter({ hasText: 'We have filed our Form C' }).filter({ hasText: 'Scheduled' }).first();
    await expect(row).toContainText(/Scheduled for \w{3} \d{1,2}(, \d{4})?, 9:30 AM/);
    await expect(row.getByTitle(/, 9:30 AM E[SD]T$/)).toBeVisible();
    await row.getByRole('button', { name: /^Actions for/ }).click();
    await page.getByRole('menuitem', { name: 'Cancel sending' }).click();
    await page.getByRole('dialog', { name: 'Cancel this campaign?' }).getByRole('button', { name: 'Cancel campaign' }).click();
    await expect(page.getByText('Campaign cancelled')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'We have filed our Form C' }).filter({ hasText: 'Cancelled' }).first()).toBeVisible();
  });
});

test('a draft changed in another tab is not overwritten: the founder is told and reloads it', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInAsDemoFounder(page);
  await newCampaignFrom(page, /Blank campaign/);
  await expect(page.getByRole('heading', { level: 1, name: 'Untitled campaign' })).toBeVisible();
  const id = new URL(page.url()).pathname.split('/').pop()!;
  // At 375 px the actions sit two by two (no button alone on a line) and nothing scrolls sideways.
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  const top = async (name: string) => (await page.getByRole('button', { name, exact: true }).boundingBox())!.y;
  expect(await top('Send now')).toBe(await top('Schedule'));
  expect(await top('Send test')).toBe(await top('Save'));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Another tab saves the draft first.
  const { access_token } = await (await page.request.post('/api/auth/token')).json();
  const headers = { authorization: `Bearer ${access_token}` };
  const elsewhere = await page.request.put(`/api/campaigns/${id}`, {
    headers,
    data: { version: 1, name: 'Renamed in another tab', subject: 'Hello {{first_name|there}}', body: 'Written elsewhere.', trackOpens: true, trackClicks: true },
  });
  expect(elsewhere.ok()).toBe(true);

  await page.getByLabel('Subject').fill('My own subject');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const conflict = page.getByRole('dialog', { name: 'This campaign changed elsewhere' });
  await expect(conflict).toContainText('Reloading replaces the changes you made here.');
  await expectAccessible(page, 'the changed-elsewhere dialog');
  await conflict.getByRole('button', { name: 'Reload campaign' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Renamed in another tab' })).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue('Hello {{first_name|there}}');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveText('Written elsewhere.');
  expect((await page.request.delete(`/api/campaigns/${id}`, { headers })).status()).toBe(204);
});

test('a standard-plan founder sees the upgrade prompt instead of campaigns, and no error', async ({ page }) => {
  await subscribedFounder(page);
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/campaigns' && r.request().method() === 'GET');
  await page.goto('/campaigns');
  expect((await answered).status()).toBe(402);
  const prompt = page.getByRole('region', { name: 'Upgrade to RaiseSpark Pro' });
  await expect(prompt.getByText(/E-mail campaigns are part of RaiseSpark Pro/)).toBeVisible();
  const upgrade = prompt.getByRole('link', { name: 'See Pro plans' });
  await expect(upgrade).toHaveAttribute('href', '/pricing?returnTo=%2Fcampaigns');
  await expect(page.getByRole('button', { name: 'New campaign' })).toHaveCount(0);
  await expect(page.getByText(/^Failed/)).toHaveCount(0);
  await expectAccessible(page, 'campaigns with the upgrade prompt');

  // Settings says the same about the sender identity.
  await page.goto('/settings');
  const sender = page.getByRole('region', { name: 'Sender identity' });
  await expect(sender.getByText('Upgrade to RaiseSpark Pro')).toBeVisible();
  await expect(sender.getByLabel('Company name')).toHaveCount(0);

  await page.goto('/campaigns');
  await prompt.getByRole('link', { name: 'See Pro plans' }).click();
  await expect(page).toHaveURL(/\/pricing\?returnTo=%2Fcampaigns$/);
});
