import { DateTime } from '@/components/ui/date-time';
import { momentOf } from '../timeline';

/**
 * 'Scheduled for Dec 1, 9:30 AM' ('Edited Nov 24, 2025' from another year), in the viewer's
 * time zone, which the hover title names in full.
 */
export function CampaignMoment({ campaign }: { campaign: Parameters<typeof momentOf>[0] }) {
  const { label, at, withTime } = momentOf(campaign);
  return (
    <>
      {label} <DateTime value={at} withTime={withTime} />
    </>
  );
}
