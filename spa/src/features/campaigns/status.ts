import type { BadgeTone } from '@/components/ui/badge';
import type { CampaignStatus } from './types';

export const STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  paused: 'Paused',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

export const STATUS_TONES: Record<CampaignStatus, BadgeTone> = {
  draft: 'gray',
  scheduled: 'sky',
  sending: 'brand',
  paused: 'amber',
  sent: 'green',
  cancelled: 'red',
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status as CampaignStatus] ?? status;
}

export function statusTone(status: string): BadgeTone {
  return STATUS_TONES[status as CampaignStatus] ?? 'gray';
}

/** What the founder may do with a campaign in each state (the server enforces the same). */
export function allowedActions(status: string) {
  return {
    edit: status === 'draft',
    delete: status === 'draft',
    cancel: status === 'scheduled' || status === 'sending' || status === 'paused',
    results: status !== 'draft',
    duplicate: true,
  };
}

/** Still moving: the results refresh by themselves. */
export function isInFlight(status: string): boolean {
  return status === 'sending';
}
