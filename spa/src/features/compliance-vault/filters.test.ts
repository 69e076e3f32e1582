import { describe, expect, it } from 'vitest';
import { hasFilters, readFilters, recordsPath } from './filters';

describe('readFilters', () => {
  it('reads each filter from the address, ignoring malformed days', () => {
    const filters = readFilters(new URLSearchParams('kind=upload&category=pitch_deck&from=2026-11-01&to=next-week&q=%20deck%20'));
    expect(filters).toEqual({ kind: 'upload', category: 'pitch_deck', from: '2026-11-01', to: null, q: 'deck' });
    expect(hasFilters(filters)).toBe(true);
  });

  it('has no filters on a bare address', () => {
    const filters = readFilters(new URLSearchParams('record=abc'));
    expect(filters).toEqual({ kind: null, category: null, from: null, to: null, q: null });
    expect(hasFilters(filters)).toBe(false);
  });
});

describe('recordsPath', () => {
  const none = { kind: null, category: null, from: null, to: null, q: null };

  it('is the bare list without filters', () => {
    expect(recordsPath(none)).toBe('/compliance-vault/records');
  });

  it('carries the filters and the page cursor', () => {
    expect(recordsPath({ ...none, kind: 'form_snapshot', q: 'seed round' }, 26)).toBe('/compliance-vault/records?kind=form_snapshot&q=seed+round&before=26');
    expect(recordsPath({ ...none, from: '2026-11-01', to: '2026-11-30' }, 0)).toBe('/compliance-vault/records?from=2026-11-01&to=2026-11-30&before=0');
  });
});
