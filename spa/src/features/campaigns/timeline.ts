import { formatDate } from '@/lib/dates';
import { browserTimeZone, formatInZone } from './schedule-time';
import type { Campaign } from './types';

/** The app's one way to write a day: 'Nov 24' this year, 'Nov 24, 2025' otherwise. */
function day(iso: string | undefined, timeZone: string): string {
  return formatDate(iso, { timeZone });
}

/**
 * The moment that matters for a campaign in its state, in the founder's time zone: when it was
 * last edited, when it is scheduled, when sending started or finished.
 */
export function campaignMoment(campaign: Pick<Campaign, 'status' | 'updatedAt' | 'scheduledAt' | 'startedAt' | 'finishedAt'>, timeZone: string = browserTimeZone()): string {
  switch (campaign.status) {
    case 'draft':
      return `Edited ${day(campaign.updatedAt, timeZone)}`;
    case 'scheduled':
      return `Scheduled for ${formatInZone(campaign.scheduledAt, timeZone)}`;
    case 'sending':
      return `Started ${formatInZone(campaign.startedAt, timeZone)}`;
    case 'paused':
      return `Paused ${day(campaign.updatedAt, timeZone)}`;
    case 'sent':
      return `Sent ${formatInZone(campaign.finishedAt ?? campaign.startedAt, timeZone)}`;
    case 'cancelled':
      return `Cancelled ${day(campaign.finishedAt ?? campaign.updatedAt, timeZone)}`;
    default:
      return `Updated ${day(campaign.updatedAt, timeZone)}`;
  }
}
