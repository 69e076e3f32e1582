import { contextFromOwnAddress, expect, PASSWORD, subscribedFounder, test, uniqueEmail, waitForMail } from './support/fixtures';

/**
 * Companies and teams: the owner invites a co-founder from Settings → Team; the co-founder
 * signs up with the invited address, opens the invitation and joins; the switcher offers both
 * companies and the co-founder sees the owner's work with a member's rights only. Removed,
 * they are back in their own company at their next request.
 */
test('an owner invites a co-founder, who joins, switches company and is removed at once', async ({ page, browser }) => {
  // Two accounts, each signed up and confirmed by mail.
  test.setTimeout(120_000);
  await subscribedFounder(page, 'Olivia Owner');
  await page.goto('/forms?create=true');
  await expect(page).toHaveURL(/\/forms\/[\w-]+$/);

  const invited = uniqueEmail('cofounder');
  await page.goto('/settings?tab=team');
  const team = page.locator('#team');
  await team.getByLabel('E-mail address').fill(invited);
  await team.getByLabel('Role of the invited person').selectOption('member');
  await team.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${invited}`)).toBeVisible();
  await expect(team.getByText(invited)).toBeVisible();
  await expect(team.getByText('2 of 3 seats used')).toBeVisible();

  // The co-founder, in their own browser: signs up with the invited address, then opens the link.
  const { context } = await contextFromOwnAddress(browser);
  const cofounder = await context.newPage();
  expect((await cofounder.request.post('/api/auth/signup', { data: { email: invited, password: PASSWORD, data: { name: 'Cole Founder' } } })).status()).toBe(201);
  const confirm = await waitForMail(cofounder.request, invited, 'Confirm your RaiseSpark account');
  await cofounder.goto(confirm.links.find((link) => link.includes('/auth/callback'))!);
  await expect(cofounder).toHaveURL(/\/dashboard$/);
  const invitation = await waitForMail(cofounder.request, invited, /invited you to Olivia Owner's company/);
  await cofounder.goto(invitation.links.find((link) => link.includes('/invite?'))!);
  await expect(cofounder.getByRole('heading', { name: "Join Olivia Owner's company" })).toBeVisible();
  await cofounder.getByRole('button', { name: "Join Olivia Owner's company" }).click();
  await expect(cofounder).toHaveURL(/\/dashboard$/);

  // Acting for the owner's company: its form is listed; a member cannot manage the team.
  const switcher = cofounder.getByTestId('company-switcher');
  await expect(switcher).toContainText("Olivia Owner's company");
  await cofounder.goto('/forms');
  await expect(cofounder.getByText('New Form', { exact: true }).first()).toBeVisible();
  await cofounder.goto('/settings?tab=team');
  await expect(cofounder.getByText('Only an owner or admin can invite people or change roles.')).toBeVisible();

  // Switching to their own company: billing is per company, and theirs has no plan yet.
  await cofounder.goto('/dashboard');
  await cofounder.getByTestId('company-switcher').click();
  await cofounder.getByRole('menuitem', { name: /Cole Founder's company/ }).click();
  await expect(cofounder.getByTestId('company-switcher')).toContainText("Cole Founder's company");
  await cofounder.goto('/forms');
  await expect(cofounder).toHaveURL(/\/pricing\?returnTo=/);
  await cofounder.goto('/dashboard');
  await cofounder.getByTestId('company-switcher').click();
  await cofounder.getByRole('menuitem', { name: /Olivia Owner's company/ }).click();

  // The owner removes them: their next page is their own company again.
  await page.reload();
  await team.getByRole('button', { name: `Remove ${invited}` }).click();
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText(`${invited} was removed`)).toBeVisible();
  await cofounder.goto('/dashboard');
  await expect(cofounder.getByTestId('company-switcher')).toContainText("Cole Founder's company");
  await cofounder.goto('/forms');
  await expect(cofounder).toHaveURL(/\/pricing\?returnTo=/);
  await context.close();
});
