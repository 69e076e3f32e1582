import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { campaignMoment } from './timeline';

const base = { updatedAt: '2026-11-24T15:00:00Z' };

describe('campaignMoment', () => {
  // Days of the current year are written without the year ('Nov 24'), others with it.
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z'), toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it('shows a scheduled time in the founder’s zone, the year only when it is not this one', () => {
    expect(campaignMoment({ ...base, status: 'scheduled', scheduledAt: '2026-12-01T14:30:00Z' }, 'America/New_York')).toBe('Scheduled for Dec 1, 9:30 AM');
    expect(campaignMoment({ ...base, status: 'scheduled', scheduledAt: '2026-12-01T14:30:00Z' }, 'America/Los_Angeles')).toBe('Scheduled for Dec 1, 6:30 AM');
    expect(campaignMoment({ ...base, status: 'scheduled', scheduledAt: '2027-01-05T14:30:00Z' }, 'America/New_York')).toBe('Scheduled for Jan 5, 2027, 9:30 AM');
  });

  it('dates sending by when it started, to the minute', () => {
    expect(campaignMoment({ ...base, status: 'sending', startedAt: '2026-11-26T11:58:00Z' }, 'UTC')).toBe('Started Nov 26, 11:58 AM');
  });

  it('dates drafts by their last edit and sent campaigns by when they finished', () => {
    expect(campaignMoment({ ...base, status: 'draft' }, 'UTC')).toBe('Edited Nov 24');
    expect(campaignMoment({ status: 'draft', updatedAt: '2025-11-24T15:00:00Z' }, 'UTC')).toBe('Edited Nov 24, 2025');
    expect(campaignMoment({ ...base, status: 'sent', startedAt: '2026-11-24T15:00:00Z', finishedAt: '2026-11-24T15:01:00Z' }, 'UTC')).toBe(
      'Sent Nov 24, 3:01 PM',
    );
    expect(campaignMoment({ ...base, status: 'sent', startedAt: '2025-12-31T23:59:00Z' }, 'UTC')).toBe('Sent Dec 31, 2025, 11:59 PM');
    expect(campaignMoment({ ...base, status: 'cancelled', finishedAt: '2026-11-25T01:00:00Z' }, 'America/New_York')).toBe('Cancelled Nov 24');
    expect(campaignMoment({ ...base, status: 'paused' }, 'UTC')).toBe('Paused Nov 24');
  });

  it('reads “—” for a moment the campaign does not have, never a raw value', () => {
    expect(campaignMoment({ ...base, status: 'scheduled' }, 'UTC')).toBe('Scheduled for —');
  });
});
