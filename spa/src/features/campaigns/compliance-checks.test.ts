import { describe, expect, it } from 'vitest';
import { complianceChecks } from './compliance-checks';
import type { RenderedMessage } from './types';

const message: RenderedMessage = {
  subject: 'An update from Sunrise Solar',
  fromName: 'Sunrise Solar via RaiseSpark',
  replyTo: 'demo@raisespark.local',
  html: '<p>Hi</p><a href="http://localhost/unsubscribe/preview">Unsubscribe</a>',
  text: 'Hi\n\n---\nTesting the waters legend\n\n--\nSunrise Solar\n1 Main St, Austin, TX 78701\n\nYou receive this because… Unsubscribe: http://localhost/unsubscribe/preview\n',
  headers: [
    ['List-Unsubscribe', '<http://localhost/api/campaigns/unsubscribe/preview>, <mailto:demo@raisespark.local?subject=unsubscribe>'],
    ['List-Unsubscribe-Post', 'List-Unsubscribe=One-Click'],
  ],
};

describe('complianceChecks', () => {
  it('confirms the legend, the address, the unsubscribe link and the headers', () => {
    const checks = complianceChecks(message, { companyName: 'Sunrise Solar', postalAddress: '1 Main St, Austin, TX 78701' });
    expect(checks.map((c) => [c.key, c.ok])).toEqual([
      ['legend', true],
      ['address', true],
      ['unsubscribe', true],
      ['headers', true],
    ]);
  });

  it('flags the address while the sender identity is missing', () => {
    const address = complianceChecks(message, { companyName: '', postalAddress: '' }).find((c) => c.key === 'address')!;
    expect(address).toMatchObject({ ok: false, detail: 'Add them in Settings before sending.' });
  });

  it('flags missing headers', () => {
    const checks = complianceChecks({ ...message, headers: [] }, undefined);
    expect(checks.find((c) => c.key === 'headers')!.ok).toBe(false);
  });
});
