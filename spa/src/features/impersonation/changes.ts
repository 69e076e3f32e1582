import type { SupportChange } from './api/support-sessions';

const NOUNS: Record<string, string> = {
  forms: 'a form',
  leads: 'a lead',
  profiles: 'the profile',
  'raise-capital': 'a Raise Capital step',
  campaigns: 'a campaign',
  'compliance-vault': 'a compliance document',
  rewards: 'rewards',
  auth: 'account details',
};

/** Whole-function calls (spec 7's functions), said as what they did. */
const CALLS: Record<string, string> = {
  'check-subscription': 'Checked the subscription',
  'create-checkout-session': 'Started a checkout',
  'billing-portal': 'Opened the billing portal',
  'facebook-conversions': 'Sent a conversion event',
  'send-event-notification': 'Sent a notification',
  'ai-chat': 'Asked the assistant',
  'generate-insights': 'Generated insights',
};

const ACTIONS: Record<string, string> = {
  publish: 'Published',
  unpublish: 'Unpublished',
  archive: 'Archived',
  unarchive: 'Unarchived',
};

const VERBS: Record<string, string> = { POST: 'Created', PUT: 'Updated', PATCH: 'Updated', DELETE: 'Deleted' };

/**
 * A recorded write in plain words, for the account owner and the audit log:
 * 'POST /api/forms/f1/publish' → 'Published a form'; a refused write (4xx/5xx) says so.
 */
export function describeChange({ method, path, status }: Pick<SupportChange, 'method' | 'path' | 'status'>): string {
  const segments = path.split('?')[0]!.replace(/^\/api\//, '').split('/').filter(Boolean);
  const [area = '', ...rest] = segments;
  const call = rest.length === 0 ? CALLS[area] : undefined;
  if (call) return status >= 400 ? `${call} (refused)` : call;
  const noun = NOUNS[area] ?? (area ? area.replace(/-/g, ' ') : 'something');
  const verb = area === 'auth' && rest[0] === 'signout' ? null : ACTIONS[rest[rest.length - 1] ?? ''] ?? VERBS[method.toUpperCase()] ?? 'Changed';
  const text = verb ? `${verb} ${noun}` : 'Signed out';
  return status >= 400 ? `${text} (refused)` : text;
}
