import { formatDate, formatDateTime } from '@/lib/dates';
import { browserTimeZone } from './schedule-time';
import type { Campaign } from './types';

type Timed = Pick<Campaign, 'status' | 'updatedAt' | 'scheduledAt' | 'startedAt' | 'finishedAt'>;

/**
 * The moment that matters for a campaign in its state: when it was last edited (a day), when it
 * is scheduled, when sending started or finished (a day and a time).
 */
export function momentOf(campaign: Timed): { label: string; at: string | undefined; withTime: boolean } {
  switch (campaign.status) {
    case 'draft':
      return { label: 'Edited', at: campaign.updatedAt, withTime: false };
    case 'scheduled':
      return { label: 'Scheduled for', at: campaign.scheduledAt, withTime: true };
    case 'sending':
      return { label: 'Started', at: campaign.startedAt, withTime: true };
    case 'paused':
      return { label: 'Paused', at: campaign.updatedAt, withTime: false };
    case 'sent':
      return { label: 'Sent', at: campaign.finishedAt ?? campaign.startedAt, withTime: true };
    case 'cancelled':
      return { label: 'Cancelled', at: campaign.finishedAt ?? campaign.updatedAt, withTime: false };
    default:
      return { label: 'Updated', at: campaign.updatedAt, withTime: false };
  }
}

/**
 * That moment as text in the app's one date style ('Scheduled for Dec 1, 9:30 AM' this year,
 * 'Edited Nov 24, 2025' another), in the founder's time zone. Pages show it with
 * `CampaignMoment`, the time zone in the hover title.
 */
export function campaignMoment(campaign: Timed, timeZone: string = browserTimeZone()): string {
  const { label, at, withTime } = momentOf(campaign);
  return `${label} ${withTime ? formatDateTime(at, { timeZone }) : formatDate(at, { timeZone })}`;
}
