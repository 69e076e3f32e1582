import { ProUpgradePrompt } from '@/components/ui/pro-upgrade-prompt';

export const PRO_REQUIRED_FALLBACK = 'The compliance vault is part of RaiseSpark Pro. Upgrade to keep tamper-evident records of your raise.';

const PRO_INCLUDES = [
  'Every form publish and campaign kept exactly as investors saw it',
  'SHA-256 hash chain with one-click integrity checks',
  'A Form C exhibit pack of your testing-the-waters material',
  'Your Form C drafts, financials and pitch decks in one place',
];

/** A founder whose plan has no vault (the server answered 402). */
export function VaultUpgradePrompt({ message }: { message?: string }) {
  return <ProUpgradePrompt message={message} fallback={PRO_REQUIRED_FALLBACK} includes={PRO_INCLUDES} returnTo="/compliance-vault" />;
}
