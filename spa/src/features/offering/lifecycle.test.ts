import { describe, expect, it } from 'vitest';
import { canMoveTo, isHttpsUrl, localToday, moveEffect, validateDraft } from './lifecycle';

describe('canMoveTo', () => {
  it('allows staying and moving forward only', () => {
    expect(canMoveTo('testing_the_waters', 'testing_the_waters')).toBe(true);
    expect(canMoveTo('testing_the_waters', 'live')).toBe(true);
    expect(canMoveTo('form_c_filed', 'closed')).toBe(true);
    expect(canMoveTo('live', 'form_c_filed')).toBe(false);
    expect(canMoveTo('closed', 'testing_the_waters')).toBe(false);
  });
});

describe('isHttpsUrl', () => {
  it('takes a portal page over https', () => {
    expect(isHttpsUrl('https://wefunder.com/harbor')).toBe(true);
    expect(isHttpsUrl('https://www.startengine.com/offering/harbor?ref=1#top')).toBe(true);
  });

  it('refuses http, credentials, bare hosts and spaces', () => {
    expect(isHttpsUrl('http://wefunder.com/harbor')).toBe(false);
    expect(isHttpsUrl('https://user:pw@wefunder.com/x')).toBe(false);
    expect(isHttpsUrl('https://localhost/x')).toBe(false);
    expect(isHttpsUrl('https://wefunder.com/har bor')).toBe(false);
    expect(isHttpsUrl('https://.com')).toBe(false);
    expect(isHttpsUrl(`https://a.com/${'x'.repeat(2048)}`)).toBe(false);
  });
});

describe('validateDraft', () => {
  const today = '2026-11-25';
  const filed = { status: 'live' as const, filingDate: '2026-11-20', intermediary: 'Wefunder', offeringUrl: 'https://wefunder.com/harbor' };

  it('needs nothing while testing the waters', () => {
    expect(validateDraft({ status: 'testing_the_waters', filingDate: '', intermediary: '', offeringUrl: '' }, today)).toEqual({});
  });

  it('accepts a complete filing', () => {
    expect(validateDraft(filed, today)).toEqual({});
    expect(validateDraft({ ...filed, filingDate: today }, today)).toEqual({});
  });

  it('names each missing fact with the server message', () => {
    expect(validateDraft({ status: 'form_c_filed', filingDate: '', intermediary: ' ', offeringUrl: '' }, today)).toEqual({
      filingDate: 'Enter the day your Form C was filed.',
      intermediary: 'Enter the funding portal your offering runs through.',
      offeringUrl: 'Enter the address of your offering page on the funding portal.',
    });
  });

  it('refuses a future filing date and a page that is not https', () => {
    expect(validateDraft({ ...filed, filingDate: '2026-11-26', offeringUrl: 'http://wefunder.com/harbor' }, today)).toEqual({
      filingDate: 'The filing date cannot be in the future.',
      offeringUrl: "Enter the offering page's full address, starting with https://.",
    });
  });
});

describe('moveEffect', () => {
  it('explains that forms stop collecting interest and link the portal', () => {
    expect(moveEffect('live', 'Wefunder')).toContain('stop collecting indications of interest');
    expect(moveEffect('live', 'Wefunder')).toContain('live on Wefunder');
    expect(moveEffect('form_c_filed', '')).toContain('filed on your funding portal');
    expect(moveEffect('closed', 'Wefunder')).toContain('has closed');
  });
});

describe('localToday', () => {
  it('is the local calendar day', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
