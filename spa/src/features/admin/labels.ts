import type { BadgeTone } from '@/components/ui/badge';
import { formatDate } from '@/lib/dates';
import type { AuditRecord } from './api/impersonations';
import type { AdminUser } from './api/users';

type Label = { label: string; tone: BadgeTone };

const SUBSCRIPTION: Record<string, Label> = {
  active: { label: 'Paying', tone: 'green' },
  trialing: { label: 'Trial', tone: 'sky' },
  past_due: { label: 'Past due', tone: 'amber' },
  unpaid: { label: 'Unpaid', tone: 'red' },
  canceled: { label: 'Canceled', tone: 'gray' },
  incomplete: { label: 'Incomplete', tone: 'amber' },
  incomplete_expired: { label: 'Expired', tone: 'gray' },
};

/** The subscription of an account: 'Trial until Nov 30, 2026', 'Paying', 'No plan'. */
export function subscriptionLabel(user: Pick<AdminUser, 'subscription_status' | 'trial_end'>): Label {
  const status = user.subscription_status;
  if (!status) return { label: 'No plan', tone: 'gray' };
  const known = SUBSCRIPTION[status] ?? { label: status.replace(/_/g, ' '), tone: 'gray' as const };
  if (status === 'trialing' && user.trial_end) return { ...known, label: `Trial until ${formatDate(user.trial_end)}` };
  return known;
}

const ENDED_BY: Record<string, string> = { revert: 'Ended by admin', expiry: 'Timed out', signout: 'Signed out' };

/** An audit record's state: 'Link not used', 'Active', 'Ended by admin', 'Timed out', 'Signed out'. */
export function auditStatus(record: Pick<AuditRecord, 'status' | 'ended_by'>): Label {
  if (record.status === 'pending') return { label: 'Link not used', tone: 'amber' };
  if (record.status === 'active') return { label: 'Active', tone: 'green' };
  return { label: (record.ended_by && ENDED_BY[record.ended_by]) || 'Ended', tone: 'gray' };
}
