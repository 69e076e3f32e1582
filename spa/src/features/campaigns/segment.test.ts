import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeSegment, EVERYONE, investmentChoice, isEveryone, normalizeSegment, segmentBody, segmentKey, toggle } from './segment';

describe('segments', () => {
  afterEach(() => vi.useRealTimers());

  it('reads a stored segment with missing lists as everyone', () => {
    expect(isEveryone(normalizeSegment({}))).toBe(true);
    expect(isEveryone(normalizeSegment({ temperatures: ['hot'] }))).toBe(false);
  });

  it('gives equal segments the same key whatever the order of choices', () => {
    const a = normalizeSegment({ temperatures: ['warm', 'hot'], states: ['TX', 'CA'] });
    const b = normalizeSegment({ temperatures: ['hot', 'warm'], states: ['CA', 'TX'] });
    expect(segmentKey(a)).toBe(segmentKey(b));
  });

  it('leaves empty dates out of the body', () => {
    expect(segmentBody({ ...EVERYONE, createdFrom: '', createdTo: null })).toEqual({ formIds: [], temperatures: [], states: [] });
    expect(segmentBody({ ...EVERYONE, createdFrom: '2026-11-01' })).toMatchObject({ createdFrom: '2026-11-01' });
  });

  it('sends the lead status only when one is chosen', () => {
    expect(segmentBody(normalizeSegment({ emailed: false }))).toMatchObject({ emailed: false });
    expect(segmentBody(normalizeSegment({}))).not.toHaveProperty('emailed');
    expect(isEveryone(normalizeSegment({ emailed: true }))).toBe(false);
  });

  it('toggles a choice on and off', () => {
    expect(toggle(['hot'], 'warm')).toEqual(['hot', 'warm']);
    expect(toggle(['hot', 'warm'], 'hot')).toEqual(['warm']);
  });
});

describe('describeSegment', () => {
  it('says all leads for the empty segment', () => {
    expect(describeSegment(EVERYONE)).toBe('All leads');
  });

  it('names temperatures, forms, states and dates (the year only when it is not this one)', () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z'), toFake: ['Date'] });
    expect(describeSegment(normalizeSegment({ temperatures: ['hot'] }))).toBe('Hot leads');
    expect(
      describeSegment(normalizeSegment({ temperatures: ['cold', 'hot'], formIds: ['f1'], states: ['TX', 'CA'], createdFrom: '2026-11-01' }), { f1: 'Sunrise Solar' }),
    ).toBe('Hot or cold leads · from Sunrise Solar · in CA or TX · captured since Nov 1');
    expect(describeSegment(normalizeSegment({ formIds: ['a', 'b'], states: ['CA', 'TX', 'NY', 'WA'], createdTo: '2026-11-30' }))).toBe(
      'Leads · from 2 forms · in 4 states · captured until Nov 30',
    );
    expect(describeSegment(normalizeSegment({ createdFrom: '2025-12-01', createdTo: '2026-01-31' }))).toBe('Leads · captured Dec 1, 2025 – Jan 31');
    expect(describeSegment(normalizeSegment({ temperatures: ['hot'], emailed: false }))).toBe('Hot leads · not yet e-mailed');
    expect(describeSegment(normalizeSegment({ temperatures: ['hot'], invested: false }))).toBe('Hot leads · not invested yet');
    expect(describeSegment(normalizeSegment({ invested: false, indicated: true }))).toBe('Leads · indicated but not invested');
    expect(segmentBody(normalizeSegment({ invested: false, indicated: true }))).toMatchObject({ invested: false, indicated: true });
    expect(segmentBody(normalizeSegment({}))).not.toHaveProperty('invested');
    expect(investmentChoice(normalizeSegment({ invested: false, indicated: true }))).toBe('indicated-not-invested');
    expect(investmentChoice(normalizeSegment({ invested: true }))).toBe('invested');
  });
});
