import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { expect, signedInFounder, subscribedFounder, test } from './support/fixtures';

/** A small but real PDF (the one the API tests upload). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);

const UNSUPPORTED = 'Upload a PDF, PNG, JPEG, Word (DOCX) or Excel (XLSX) file.';

/** A founder of their own on a Pro trial, started through the local checkout (the demo founder is shared by parallel journeys). */
async function proFounder(page: Page) {
  const founder = await signedInFounder(page, 'Grace Hopper');
  const { access_token } = await (await page.request.post('/api/auth/token')).json();
  const checkout = await page.request.post('/api/create-checkout-session', {
    headers: { authorization: `Bearer ${access_token}` },
    data: { priceId: 'price_local_pro', successUrl: `${new URL(page.url()).origin}/dashboard`, isExtendedTrial: false, discountPercentage: null },
  });
  const { url } = await checkout.json();
  expect((await page.request.post(`${url}/complete`, { maxRedirects: 0 })).status()).toBe(303);
  await page.reload();
  return founder;
}

/**
 * axe on the page once any toast has gone: a toast fading in or out is measured at half its
 * opacity, which reads as low contrast.
 */
async function scan(page: Page, label: string, options?: Parameters<typeof expectAccessible>[2]) {
  await expect(page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem')).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page, label, options);
}

/** Today in the browser's zone, as a date input takes it. */
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

test('a Pro founder finds a published form in the vault, uploads a PDF, verifies, exports the pack, then goes live and the form links the portal', async ({ page, browser }) => {
  // The longest journey (two browsers, an upload, the pack, the offering's whole lifecycle):
  // 5 minutes, as it took close to 3 on a loaded 2-core machine.
  test.setTimeout(300_000);
  await proFounder(page);

  // Publish a form: the vault records it as investors see it.
  await page.goto('/forms');
  await page.getByRole('button', { name: 'Create Your First Form' }).click();
  await expect(page).toHaveURL(/\/forms\/[0-9a-f-]{36}$/);
  const formId = new URL(page.url()).pathname.split('/').pop()!;
  await page.getByLabel('Form name').fill('Harbor Coffee Seed');
  await page.getByLabel('Company name').fill('Harbor Coffee');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Form saved')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Form published')).toBeVisible();

  // An investor opens the form while the founder is still testing the waters.
  const investorContext = await browser.newContext();
  const early = await investorContext.newPage();
  await early.goto(`/form-view/${formId}`);
  await expect(early.getByRole('button', { name: 'Submit' })).toBeVisible();

  await page.getByRole('link', { name: 'Compliance' }).first().click();
  await expect(page).toHaveURL(/\/compliance-vault$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Compliance Vault' })).toBeVisible();
  const records = page.getByRole('list', { name: 'Vault records' });
  await expect(records.getByRole('listitem')).toHaveCount(2);
  // Titled for whoever reads the vault later: what happened, to which form, which version.
  const snapshotTitle = /^Form published: Harbor Coffee Seed \(version \d+\)$/;
  const snapshot = records.getByRole('listitem').filter({ hasText: 'Form published: Harbor Coffee Seed' });
  await expect(snapshot.getByText('Form published', { exact: true })).toBeVisible();
  await expect(snapshot.getByText('Testing-the-waters material')).toBeVisible();
  await expect(snapshot.getByText('Record #2')).toBeVisible();
  await expect(records.getByRole('link', { name: /^Legend / })).toBeVisible();
  await expect(page.getByRole('heading', { name: '2 records in your hash chain' })).toBeVisible();
  await scan(page, 'the compliance vault');

  // Its detail: the snapshot in a frame sandboxed without permissions, hashes in full.
  await snapshot.getByRole('link', { name: snapshotTitle }).click();
  await expect(page).toHaveURL(/\?record=[0-9a-f-]{36}$/);
  const detail = page.getByRole('dialog', { name: snapshotTitle });
  await expect(detail.getByRole('heading', { level: 2, name: snapshotTitle })).toHaveCount(1);
  const frame = detail.getByTitle('Preview of snapshot.html');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(frame.contentFrame().getByText('Harbor Coffee Seed').first()).toBeVisible();
  await expect(frame.contentFrame().getByText(/We are testing the waters/)).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Download snapshot.html' })).toBeVisible();
  await expect(detail.getByRole('heading', { name: 'Integrity' })).toBeVisible();
  await expect(detail.getByText('#2', { exact: true })).toBeVisible();
  await expect(detail.getByText(/^[0-9a-f]{64}$/).first()).toBeVisible();
  await scan(page, 'a vault record', { exclude: ['iframe'] });
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);
  await expect(page).toHaveURL(/\/compliance-vault$/);

  // Upload a PDF: a file of another type is refused before anything is sent.
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const upload = page.getByRole('dialog', { name: 'Upload to your vault' });
  await upload.getByLabel('File').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(upload.getByText(UNSUPPORTED)).toBeVisible();
  await upload.getByLabel('File').setInputFiles({ name: 'Form C draft.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(upload.getByText(UNSUPPORTED)).toHaveCount(0);
  await expect(upload.getByLabel('Title')).toHaveValue('Form C draft');
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload.getByText('Choose a category.')).toBeVisible();
  await upload.getByLabel('Category').selectOption({ label: 'Form C draft' });
  await upload.getByLabel('Notes (optional)').fill('First draft for counsel.');
  await scan(page, 'the upload dialog');
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Uploaded to your vault')).toBeVisible();
  await expect(upload).toHaveCount(0);
  const uploaded = records.getByRole('listitem').filter({ hasText: 'Form C draft' }).filter({ hasText: 'Upload' });
  await expect(uploaded).toBeVisible();
  await expect(uploaded.getByText('Record #3')).toBeVisible();
  await expect(page.getByRole('heading', { name: '3 records in your hash chain' })).toBeVisible();

  // Filters: uploads only, then a title search with nothing found.
  await page.getByLabel('Kind').selectOption({ label: 'Upload' });
  await expect(page).toHaveURL(/kind=upload/);
  await expect(records.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Search records by title' }).fill('no such title');
  await expect(page.getByText('No records match your filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(records.getByRole('listitem')).toHaveCount(3);

  // Verify integrity.
  await page.getByRole('button', { name: 'Verify integrity' }).click();
  await expect(page.getByText('Verified: 3 records, chain intact')).toBeVisible({ timeout: 20_000 });
  // Checked against its head and the copies in write-once storage; the head hash is the one the daily digest mails.
  const verified = page.getByRole('status').filter({ hasText: 'Verified: 3 records' });
  await expect(verified.getByText('Head record #3 · every record is also kept in write-once storage')).toBeVisible();
  await expect(verified.locator('code')).toHaveText(/^[0-9a-f]{64}$/);
  await scan(page, 'the verified vault');

  // Export the exhibit pack: the upload is ticked, the ZIP streams as a download.
  await page.getByRole('button', { name: 'Export exhibit pack' }).click();
  const pack = page.getByRole('dialog', { name: 'Export exhibit pack' });
  await expect(pack.getByText(/Testing-the-waters material is always included/)).toBeVisible();
  await expect(pack.getByRole('checkbox', { name: /Form C draft/ })).toBeChecked();
  await scan(page, 'the export dialog');
  const downloading = page.waitForEvent('download');
  await pack.getByRole('button', { name: 'Download pack' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^raisespark-exhibit-pack-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await readFile((await download.path())!);
  expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(zip.includes(Buffer.from('manifest.json'))).toBe(true);
  await expect(pack).toHaveCount(0);

  // Settings → Offering: the offering goes live.
  await page.goto('/settings');
  const offering = page.getByRole('region', { name: 'Offering' });
  await expect(offering.getByRole('radio', { name: /^Testing the waters/ })).toBeChecked();
  await expect(offering.getByText('Accepting indications of interest')).toBeVisible();
  await offering.getByRole('radio', { name: /^Live/ }).check({ force: true });
  await offering.getByLabel('Form C filing date').fill(today());
  await offering.getByLabel('Intermediary (funding portal)').fill('Wefunder');
  await offering.getByLabel('Offering page URL').fill('http://wefunder.com/harbor-coffee');
  await offering.getByRole('button', { name: 'Move to Live' }).click();
  await expect(offering.getByText("Enter the offering page's full address, starting with https://.")).toBeVisible();
  await offering.getByLabel('Offering page URL').fill('https://wefunder.com/harbor-coffee');
  await offering.getByRole('button', { name: 'Move to Live' }).click();
  const confirm = page.getByRole('dialog', { name: 'Move your offering to Live?' });
  await expect(confirm).toContainText('Your forms stop collecting indications of interest');
  await scan(page, 'the offering confirmation');
  await confirm.getByRole('button', { name: 'Move to Live' }).click();
  await expect(page.getByText('Offering moved to Live')).toBeVisible();
  await expect(offering.getByRole('radio', { name: /^Live/ })).toBeChecked();
  await expect(offering.getByRole('radio', { name: /^Testing the waters/ })).toBeDisabled();
  await expect(offering.getByText('Not accepting indications of interest')).toBeVisible();
  await expect(offering.getByText("Harbor Coffee's offering is live")).toBeVisible();
  await expect(offering.getByRole('link', { name: /View the offering on Wefunder/ })).toHaveAttribute('href', 'https://wefunder.com/harbor-coffee');
  await scan(page, 'settings with the live offering');

  // The investor who opened the form before is told, clearly, that interest is no longer collected.
  await early.getByLabel('Full Name').fill('Ada Lovelace');
  await early.getByLabel('Email Address').fill('ada@example.com');
  await early.getByLabel('Phone Number').fill('+1 555 0100');
  await early.getByRole('button', { name: 'Submit' }).click();
  await expect(early.getByRole('alert')).toContainText('This offering is no longer collecting indications of interest here');
  await expect(early.getByRole('link', { name: 'https://wefunder.com/harbor-coffee' })).toBeVisible();
  await expect(early.getByRole('button', { name: 'Submit' })).toHaveCount(0);

  // A new visitor sees the notice and the portal link instead of the form. (A new browser: the
  // public form is cacheable for 30 s, so the early visitor's browser may still hold the form
  // for a moment — which is why its submission above is refused with the same link.)
  const newcomerContext = await browser.newContext();
  const investor = await newcomerContext.newPage();
  await investor.goto(`/form-view/${formId}`);
  await expect(investor.getByRole('heading', { name: "Harbor Coffee's offering is live" })).toBeVisible();
  const portal = investor.getByRole('link', { name: /View the offering on Wefunder/ });
  await expect(portal).toHaveAttribute('href', 'https://wefunder.com/harbor-coffee');
  await expect(portal).toHaveAttribute('target', '_blank');
  await expect(portal).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(investor.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await expect(investor.getByLabel('Full Name')).toHaveCount(0);
  await expectAccessible(investor, 'the form view of a live offering');
  await newcomerContext.close();
  await investorContext.close();

  // The change is in the vault.
  await page.goto('/compliance-vault?kind=offering');
  await expect(records.getByRole('link', { name: 'Offering status: Testing the waters → Live' })).toBeVisible();

  // 'Notify your leads' starts a draft campaign from the launch template.
  await page.goto('/settings');
  await offering.getByRole('button', { name: 'Notify your leads' }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
});

test('a standard-plan founder sees the upgrade prompt instead of the vault, and no error', async ({ page }) => {
  await subscribedFounder(page);
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/compliance-vault/records' && r.request().method() === 'GET');
  await page.goto('/compliance-vault');
  expect((await answered).status()).toBe(402);
  const prompt = page.getByRole('region', { name: 'Upgrade to RaiseSpark Pro' });
  await expect(prompt.getByText(/The compliance vault is part of RaiseSpark Pro/)).toBeVisible();
  const upgrade = prompt.getByRole('link', { name: 'See Pro plans' });
  await expect(upgrade).toHaveAttribute('href', '/pricing?returnTo=%2Fcompliance-vault');
  await expect(page.getByRole('button', { name: 'Verify integrity' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Upload', exact: true })).toHaveCount(0);
  await expect(page.getByText(/^Failed/)).toHaveCount(0);
  await scan(page, 'the vault upgrade prompt');
  await upgrade.click();
  await expect(page).toHaveURL(/\/pricing\?returnTo=%2Fcompliance-vault$/);
});
