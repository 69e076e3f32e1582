import { describe, expect, it } from 'vitest';
import { attribution, greeting } from './attribution';

describe('registration attribution', () => {
  it('keeps only the campaign parameters present in the address', () => {
    expect(attribution('?utm_source=news&utm_medium=&utm_term=seed&x=1', '', null)).toEqual({
      utm_source: 'news',
      utm_term: 'seed',
    });
  });

  it('adds the referrer and the stored referral id when there are any', () => {
    expect(attribution('', 'https://example.com/post', 'abc123')).toEqual({
      referrer: 'https://example.com/post',
      referral_id: 'abc123',
    });
    expect(attribution('', '', '')).toEqual({});
  });
});

describe('dashboard greeting', () => {
  const at = (hour: number) => new Date(2026, 10, 22, hour, 30);

  it('greets by part of day and first name', () => {
    expect(greeting(at(8), 'Ada Lovelace')).toBe('Good morning, Ada');
    expect(greeting(at(13), 'Ada')).toBe('Good afternoon, Ada');
    expect(greeting(at(19), '  Grace  Hopper ')).toBe('Good evening, Grace');
  });

  it('greets without a name when there is none', () => {
    expect(greeting(at(8), undefined)).toBe('Good morning');
  });
});
