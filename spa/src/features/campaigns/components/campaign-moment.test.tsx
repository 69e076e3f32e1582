import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatFullDateTime } from '@/lib/dates';
import { campaignMoment } from '../timeline';
import { CampaignMoment } from './campaign-moment';

describe('CampaignMoment', () => {
  it('reads as the campaign’s moment, with the date in full and its time zone on hover', () => {
    const campaign = { status: 'scheduled' as const, updatedAt: '2026-11-24T15:00:00Z', scheduledAt: '2026-12-01T14:30:00Z' };
    const html = renderToStaticMarkup(<CampaignMoment campaign={campaign} />);
    expect(html.replace(/<[^>]+>/g, '')).toBe(campaignMoment(campaign));
    expect(html).toContain(`title="${formatFullDateTime(campaign.scheduledAt)}"`);
    expect(formatFullDateTime(campaign.scheduledAt)).toMatch(/, \d{1,2}:30 [AP]M \S+$/);
  });
});
