import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { contextFromOwnAddress, expect, PASSWORD, signedInFounder, test, uniqueEmail, waitForMail } from './support/fixtures';

/**
 * Counsel's review: the owner invites a co-founder (admin) and their securities counsel from
 * Settings → Team; the co-founder drafts a campaign, and sending it waits for counsel; counsel
 * approves it from the review queue; the co-founder sends it and the investor gets it; the
 * approval is in the company's compliance vault.
 */

async function token(request: APIRequestContext) {
  return (await (await request.post('/api/auth/token')).json()).access_token as string;
}

/** A signed-in founder on a Pro trial, with a sender identity, a live form and one investor lead. */
async function proOwnerWithLead(page: Page, investor: string) {
  await signedInFounder(page, 'Priya Owner');
  const headers = { authorization: `Bearer ${await token(page.request)}` };
  const checkout = await page.request.post('/api/create-checkout-session', {
    headers,
    data: { priceId: 'price_local_pro', successUrl: `${new URL(page.url()).origin}/dashboard`, isExtendedTrial: false, discountPercentage: null },
  });
  const { url } = await checkout.json();
  expect((await page.request.post(`${url}/complete`, { maxRedirects: 0 })).status()).toBe(303);
  const sender = await page.request.put('/api/campaigns/sender', { headers, data: { companyName: 'Harbor Coffee', postalAddress: '1 Main St, Austin, TX 78701' } });
  expect(sender.status()).toBe(200);
  const form = await (await page.request.post('/api/forms', { headers })).json();
  expect((await page.request.post(`/api/forms/${form.id}/publish`, { headers })).status()).toBe(200);
  const answers: Record<string, string> = {};
  for (const field of form.fields as { id: string; label: string; type: string; required: boolean; options?: string[] }[]) {
    if (field.type === 'email') answers[field.id] = investor;
    else if (!field.required) continue;
    else if (field.options?.length) answers[field.id] = field.options[0]!;
    else if (field.type === 'phone') answers[field.id] = '+1 512 555 0100';
    else answers[field.id] = 'Ines Investor';
  }
  const lead = await page.request.post(`/api/public-forms/${form.id}/leads`, { data: { answers } });
  expect(lead.status(), await lead.text()).toBe(201);
  await page.reload();
}

/** Settings → Team: invites `email` as `role`. */
async function invite(page: Page, email: string, role: string) {
  const team = page.locator('#team');
  await team.getByLabel('E-mail address').fill(email);
  await team.getByLabel('Role of the invited person').selectOption(role);
  await team.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
}

/** The invited person, in their own browser: signs up with the invited address and joins. */
async function joins(browser: Browser, email: string, name: string) {
  const { context } = await contextFromOwnAddress(browser);
  const page = await context.newPage();
  expect((await page.request.post('/api/auth/signup', { data: { email, password: PASSWORD, data: { name } } })).status()).toBe(201);
  const confirm = await waitForMail(page.request, email, 'Confirm your RaiseSpark account');
  await page.goto(confirm.links.find((link) => link.includes('/auth/callback'))!);
  await expect(page).toHaveURL(/\/dashboard$/);
  const invitation = await waitForMail(page.request, email, /invited you to Priya Owner's company/);
  await page.goto(invitation.links.find((link) => link.includes('/invite?'))!);
  await page.getByRole('button', { name: "Join Priya Owner's company" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('company-switcher')).toContainText("Priya Owner's company");
  return { context, page };
}

test('a co-founder drafts a campaign, sending waits for counsel, counsel approves from the queue, it goes out and the approval is in the vault', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const investor = uniqueEmail('investor');
  await proOwnerWithLead(page, investor);

  const cofounderEmail = uniqueEmail('cofounder');
  const counselEmail = uniqueEmail('counsel');
  await page.goto('/settings?tab=team');
  await invite(page, cofounderEmail, 'admin');
  await invite(page, counselEmail, 'counsel');
  const cofounder = await joins(browser, cofounderEmail, 'Cole Founder');
  const counsel = await joins(browser, counselEmail, 'Dana Counsel');

  // With counsel on the team, review is on: the owner sees the switch set.
  await page.reload();
  await expect(page.getByRole('switch', { name: /Counsel reviews before investors see it/ })).toBeChecked();

  // The co-founder drafts a campaign from a starter.
  const author = cofounder.page;
  await author.goto('/campaigns');
  await author.getByRole('button', { name: 'New campaign' }).click();
  const chooser = author.getByRole('dialog', { name: 'New campaign' });
  await chooser.getByRole('button', { name: /Blank campaign/ }).waitFor();
  await chooser.getByRole('button', { name: /Testing-the-waters update/ }).click();
  await expect(author).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
  const banner = author.getByRole('region', { name: 'Counsel review' });
  await expect(banner).toContainText('Counsel reviews this first');

  // Sending now is refused by the server until counsel approves.
  await author.getByRole('button', { name: 'Send now' }).click();
  await author.getByRole('button', { name: /^Send to 1 recipient$/ }).click();
  await expect(author.getByText(/requires counsel's approval before sending this campaign/)).toBeVisible();
  await banner.getByRole('button', { name: 'Ask counsel to review' }).click();
  await expect(banner).toContainText("Waiting for counsel's review");

  // Counsel is mailed, opens the queue from the menu, reads the version and approves it.
  const asked = await waitForMail(counsel.page.request, counselEmail, /^Review requested: /);
  expect(asked.links.some((link) => link.endsWith('/reviews'))).toBe(true);
  const reviewer = counsel.page;
  await reviewer.goto('/dashboard');
  await reviewer.getByRole('link', { name: /Reviews/ }).first().click();
  await expect(reviewer).toHaveURL(/\/reviews$/);
  const card = reviewer.getByRole('listitem', { name: /^Campaign: / });
  await expect(card).toContainText("Priya Owner's company");
  await expect(card).toContainText(`Asked by ${cofounderEmail}`);
  await card.getByRole('button', { name: 'Approve' }).click();
  const dialog = reviewer.getByRole('dialog', { name: 'Approve this version?' });
  await dialog.getByLabel('Comment (optional)').fill('Legend and wording checked.');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(reviewer.getByText(`${cofounderEmail} has been e-mailed.`)).toBeVisible();
  await expect(reviewer.getByText('Nothing waits for you')).toBeVisible();
  await expect(reviewer.getByRole('listitem').filter({ hasText: 'Legend and wording checked.' })).toBeVisible();
  await waitForMail(author.request, cofounderEmail, /^Approved: /);
  // Counsel reads the draft but has no Send or Schedule: their role cannot send.
  await reviewer.goto(author.url());
  await expect(reviewer.getByRole('region', { name: 'Counsel review' })).toContainText('Approved by');
  await expect(reviewer.getByRole('button', { name: 'Send test' })).toBeVisible();
  await expect(reviewer.getByRole('button', { name: 'Send now' })).toHaveCount(0);

  // The co-founder sees the approval and sends.
  await author.reload();
  await expect(banner).toContainText(`Approved by ${counselEmail}`);
  await author.getByRole('button', { name: 'Send now' }).click();
  await author.getByRole('button', { name: /^Send to 1 recipient$/ }).click();
  await expect(author.getByText('Your campaign is on its way')).toBeVisible();
  await waitForMail(page.request, investor, /.+/);

  // The approval is filed in the company's vault, with the version's hash.
  await page.goto('/compliance-vault');
  const records = page.getByRole('list', { name: 'Vault records' });
  const approval = records.getByRole('listitem').filter({ hasText: 'Counsel approved:' });
  await expect(approval).toBeVisible();
  await expect(approval.getByText('Counsel review', { exact: true })).toBeVisible();

  await cofounder.context.close();
  await counsel.context.close();
});
