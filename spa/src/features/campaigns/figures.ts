import type { CampaignStats } from './types';

/** The figures with zeros for those the server has not counted yet. */
export function statsOf(source: Partial<CampaignStats>): CampaignStats {
  const n = (value: number | undefined) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);
  return {
    recipients: n(source.recipients),
    sent: n(source.sent),
    failed: n(source.failed),
    suppressed: n(source.suppressed),
    unknown: n(source.unknown),
    delivered: n(source.delivered),
    bounced: n(source.bounced),
    complained: n(source.complained),
    opened: n(source.opened),
    clicked: n(source.clicked),
    unsubscribed: n(source.unsubscribed),
  };
}

/** A share as the page shows it: '42%', '0.4%' under 1 %, '—' with nothing to divide by. */
export function percent(part: number, whole: number): string {
  if (!(whole > 0)) return '—';
  const share = (Math.max(0, part) / whole) * 100;
  if (share === 0) return '0%';
  if (share < 1) return `${Math.max(0.1, Math.round(share * 10) / 10)}%`;
  return `${Math.min(100, Math.round(share))}%`;
}

/** Recipients whose outcome is recorded (sent, suppressed, failed or unknown). */
export function settled(stats: CampaignStats): number {
  return stats.sent + stats.suppressed + stats.failed + stats.unknown;
}

/** How far sending has come, 0–100 (whole percent; 100 only when every recipient is settled). */
export function progress(stats: CampaignStats): number {
  if (stats.recipients === 0) return 0;
  const done = settled(stats);
  if (done >= stats.recipients) return 100;
  return Math.min(99, Math.floor((done / stats.recipients) * 100));
}

/**
 * Engagement is measured against the messages handed to the mail service (sent): opens, clicks,
 * unsubscribes, bounces and complaints per sent message, and deliveries too.
 */
export function rates(stats: CampaignStats) {
  return {
    delivered: percent(stats.delivered, stats.sent),
    opened: percent(stats.opened, stats.sent),
    clicked: percent(stats.clicked, stats.sent),
    unsubscribed: percent(stats.unsubscribed, stats.sent),
    bounced: percent(stats.bounced, stats.sent),
    complained: percent(stats.complained, stats.sent),
  };
}

const COUNT = new Intl.NumberFormat('en-US');

export function formatCount(value: number): string {
  return COUNT.format(value);
}

/** '1 recipient', '1,204 recipients'. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
