import { expectAccessible } from './support/a11y';
import { withDemoAudience } from './support/demo-audience';
import { expect, test } from './support/fixtures';

const DEMO = { email: 'demo@raisespark.local', password: 'Demo-founder-2026!' };

type Mail = { id: string; to: string; subject: string; links: string[]; headers?: [string, string][] };

test('an investor unsubscribes from a campaign e-mail and is left out of the next campaign', async ({ page }) => {
  // campaigns.spec.ts unsubscribes an investor of the same founder too: one at a time.
  test.setTimeout(150_000);
  await withDemoAudience(async () => {
    // The demo founder (a Pro trial) writes to its hot leads through the API.
    const session = await (await page.request.post('/api/auth/signin', { data: DEMO })).json();
    const headers = { Authorization: `Bearer ${session.access_token}` };
    const sender = await page.request.put('/api/campaigns/sender', { headers, data: { companyName: 'Sunrise Solar', postalAddress: '1 Main St, Austin, TX 78701' } });
    expect(sender.ok()).toBe(true);
    const hot = { temperatures: ['hot'] };
    const before = await (await page.request.post('/api/campaigns/audience', { headers, data: { segment: hot } })).json();
    const draft = await (await page.request.post('/api/campaigns', { headers, data: { template: 'ttw-update' } })).json();
    const saved = await (
      await page.request.put(`/api/campaigns/${draft.id}`, {
        headers,
        data: { version: draft.version, name: draft.name, subject: draft.subject, previewText: draft.previewText, body: draft.body, trackOpens: true, trackClicks: true, segment: hot },
      })
    ).json();
    const sent = await page.request.post(`/api/campaigns/${draft.id}/send`, { headers, data: { version: saved.version } });
    expect(sent.status()).toBe(202);
    await expect
      .poll(async () => (await (await page.request.get(`/api/campaigns/${draft.id}/results`, { headers })).json()).campaign.status, { message: 'campaign sent' })
      .toBe('sent');

    // One of its messages in the local outbox, with the RFC 8058 headers and the unsubscribe link.
    const { messages } = (await (await page.request.get('/dev/mail.json')).json()) as { messages: Mail[] };
    const mail = messages.find((m) => m.subject === 'An update from Sunrise Solar' && m.links.some((l) => l.includes('/unsubscribe/')))!;
    expect(mail).toBeTruthy();
    expect(mail.headers?.map(([name]) => name)).toEqual(['List-Unsubscribe', 'List-Unsubscribe-Post']);
    const link = mail.links.find((l) => l.includes('/unsubscribe/'))!;

    await page.goto(new URL(link).pathname);
    await expect(page.getByRole('heading', { name: 'Unsubscribe from Sunrise Solar?' })).toBeVisible();
    await expectAccessible(page, 'unsubscribe page');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { name: "You're unsubscribed" })).toBeVisible();
    await expect(page.getByText('will get no more campaign e-mails from Sunrise Solar')).toBeVisible();

    const after = await (await page.request.post('/api/campaigns/audience', { headers, data: { segment: hot } })).json();
    expect(after.count).toBe(before.count - 1);
    expect(after.excludedSuppressed).toBe(before.excludedSuppressed + 1);

    // Changed their mind: resubscribing brings the address back.
    await page.getByRole('button', { name: 'Resubscribe' }).click();
    await expect(page.getByRole('heading', { name: 'Unsubscribe from Sunrise Solar?' })).toBeVisible();
    const again = await (await page.request.post('/api/campaigns/audience', { headers, data: { segment: hot } })).json();
    expect(again.count).toBe(before.count);
  });
});

test('a forged unsubscribe link says so', async ({ page }) => {
  await page.goto('/unsubscribe/not-a-real-token');
  await expect(page.getByRole('heading', { name: "This link doesn't work" })).toBeVisible();
  await expect(page.getByText('This unsubscribe link is not valid.')).toBeVisible();
  await expectAccessible(page, 'invalid unsubscribe link');
});
