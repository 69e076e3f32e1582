import type { OfferingStatus } from './types';

/** The statuses in the only order they can be taken. */
export const STATUSES: { id: OfferingStatus; label: string; caption: string }[] = [
  { id: 'testing_the_waters', label: 'Testing the waters', caption: 'Collecting indications of interest' },
  { id: 'form_c_filed', label: 'Form C filed', caption: 'Filed with the SEC' },
  { id: 'live', label: 'Live', caption: 'Accepting investments on the portal' },
  { id: 'closed', label: 'Closed', caption: 'No longer accepting investments' },
];

export const statusLabel = (status: OfferingStatus) => STATUSES.find((s) => s.id === status)?.label ?? status;

const rank = (status: OfferingStatus) => STATUSES.findIndex((s) => s.id === status);

/** The status only moves forward (or stays, to correct the details). */
export function canMoveTo(current: OfferingStatus, target: OfferingStatus): boolean {
  return rank(target) >= rank(current);
}

/** Whether a status shows investors the notice and takes no new indications of interest. */
export const pastTestingTheWaters = (status: OfferingStatus) => status !== 'testing_the_waters';

/** `https://` with a host that has a dot, no credentials, no spaces, at most 2,048 characters (as the server checks). */
export function isHttpsUrl(value: string): boolean {
  if (!value.startsWith('https://') || value.length > 2048) return false;
  if (/[\s\u0000-\u001f\u007f]/.test(value)) return false;
  const host = value.slice('https://'.length).split(/[/?#]/)[0] ?? '';
  return !host.includes('@') && host.includes('.') && !host.startsWith('.') && !host.endsWith('.') && /^[A-Za-z0-9.:-]+$/.test(host);
}

export type OfferingDraft = { status: OfferingStatus; filingDate: string; intermediary: string; offeringUrl: string };
export type DraftErrors = Partial<Record<'filingDate' | 'intermediary' | 'offeringUrl', string>>;

/** The server's rules, checked before sending: filing needs its date (not in the future), the portal and its https page. */
export function validateDraft(draft: OfferingDraft, today: string): DraftErrors {
  const errors: DraftErrors = {};
  const filed = pastTestingTheWaters(draft.status);
  const date = draft.filingDate.trim();
  if (date) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) errors.filingDate = 'Write the filing date as YYYY-MM-DD.';
    else if (date > today) errors.filingDate = 'The filing date cannot be in the future.';
  } else if (filed) {
    errors.filingDate = 'Enter the day your Form C was filed.';
  }
  if (draft.intermediary.trim().length > 120) errors.intermediary = "The intermediary's name can be at most 120 characters.";
  else if (filed && !draft.intermediary.trim()) errors.intermediary = 'Enter the funding portal your offering runs through.';
  const url = draft.offeringUrl.trim();
  if (url && !isHttpsUrl(url)) errors.offeringUrl = "Enter the offering page's full address, starting with https://.";
  else if (filed && !url) errors.offeringUrl = 'Enter the address of your offering page on the funding portal.';
  return errors;
}

/** What moving to `target` does to the founder's forms, for the confirmation. */
export function moveEffect(target: OfferingStatus, intermediary: string): string {
  const portal = intermediary.trim() || 'your funding portal';
  switch (target) {
    case 'form_c_filed':
    case 'live':
      return `Your forms stop collecting indications of interest. Investors see a notice that your offering is ${target === 'live' ? 'live' : 'filed'} on ${portal}, with a prominent link to your offering page. Leads you already captured are kept.`;
    case 'closed':
      return 'Your forms tell investors that your offering has closed and collect nothing more. Leads you already captured are kept.';
    default:
      return 'Your forms collect indications of interest with the testing-the-waters legend.';
  }
}

/** Today's date (YYYY-MM-DD) in the founder's time zone. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
