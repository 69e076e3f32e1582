import { ProUpgradePrompt } from '@/components/ui/pro-upgrade-prompt';

export const PRO_REQUIRED_FALLBACK = 'E-mail campaigns are part of RaiseSpark Pro. Upgrade to write to your investor leads.';

const PRO_INCLUDES = [
  'Starter templates for each stage of a Reg CF raise',
  'Audiences by temperature, lead status, form, state and capture date',
  'Legend, postal address and one-click unsubscribe in every e-mail',
  'Delivery, open and click results per recipient',
];

/** A founder whose plan has no campaigns (the server answered 402). */
export function CampaignsUpgradePrompt({ message, returnTo = '/campaigns', compact = false }: { message?: string; returnTo?: string; compact?: boolean }) {
  return <ProUpgradePrompt message={message} fallback={PRO_REQUIRED_FALLBACK} includes={PRO_INCLUDES} returnTo={returnTo} compact={compact} />;
}
