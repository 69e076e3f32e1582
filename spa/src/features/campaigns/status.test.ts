import { describe, expect, it } from 'vitest';
import { allowedActions, statusLabel, statusTone } from './status';

describe('allowedActions', () => {
  it('edits and deletes drafts only', () => {
    expect(allowedActions('draft')).toMatchObject({ edit: true, delete: true, cancel: false, results: false });
    for (const status of ['scheduled', 'sending', 'paused', 'sent', 'cancelled']) {
      expect(allowedActions(status)).toMatchObject({ edit: false, delete: false, results: true, duplicate: true });
    }
  });

  it('cancels scheduled, sending and paused campaigns only', () => {
    expect(['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled'].filter((s) => allowedActions(s).cancel)).toEqual([
      'scheduled',
      'sending',
      'paused',
    ]);
  });
});

describe('labels', () => {
  it('names every state and keeps an unknown one readable', () => {
    expect(statusLabel('paused')).toBe('Paused');
    expect(statusTone('sent')).toBe('green');
    expect(statusLabel('archived')).toBe('archived');
    expect(statusTone('archived')).toBe('gray');
  });
});
