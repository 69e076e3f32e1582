import type { RenderedMessage, Sender } from './types';

export type ComplianceCheck = { key: string; label: string; ok: boolean; detail: string };

const hasHeader = (message: RenderedMessage, name: string) => message.headers.some(([header]) => header.toLowerCase() === name.toLowerCase());

/**
 * What the preview confirms every message carries, read from the rendered message itself: the
 * testing-the-waters legend, the sender's company and postal address (CAN-SPAM), an unsubscribe
 * link, and the RFC 8058 one-click headers.
 */
export function complianceChecks(message: RenderedMessage, sender: Sender | undefined): ComplianceCheck[] {
  const senderSet = Boolean(sender?.companyName.trim() && sender.postalAddress.trim());
  const firstAddressLine = sender?.postalAddress.split('\n')[0]?.trim() ?? '';
  return [
    {
      key: 'legend',
      label: 'Testing-the-waters legend',
      ok: message.text.includes('\n---\n'),
      detail: 'From your newest live form, or the default wording.',
    },
    {
      key: 'address',
      label: 'Company name and postal address',
      ok: senderSet && message.text.includes(firstAddressLine),
      detail: senderSet ? `${sender!.companyName}, ${firstAddressLine}` : 'Add them in Settings before sending.',
    },
    {
      key: 'unsubscribe',
      label: 'Unsubscribe link',
      ok: /\/unsubscribe\//.test(message.html) && message.text.includes('Unsubscribe:'),
      detail: 'In the footer of every message; one click, no sign-in.',
    },
    {
      key: 'headers',
      label: 'One-click unsubscribe headers',
      ok: hasHeader(message, 'List-Unsubscribe') && hasHeader(message, 'List-Unsubscribe-Post'),
      detail: 'List-Unsubscribe and List-Unsubscribe-Post (RFC 8058).',
    },
  ];
}
