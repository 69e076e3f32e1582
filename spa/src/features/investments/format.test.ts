import { describe, expect, it } from 'vitest';
import { changesSummary, counted, formatCents, formatDay, importLabel, importSummary, indicatedBars, investedText, investmentCount, problemText } from './format';
import type { PreviewCounts } from './types';

const NOW = new Date('2026-11-28T10:00:00Z');

/** The brief's example: 412 investments, 380 by e-mail, 12 to confirm, 20 straight to the portal. */
const counts: PreviewCounts = {
  invested: 412,
  investedCents: 120_450_000,
  pending: 0,
  pendingCents: 0,
  cancelled: 0,
  byEmail: 380,
  confirmed: 0,
  suggested: 12,
  unmatched: 20,
};

describe('formatCents', () => {
  it.each([
    [0, '$0'],
    [250_000, '$2,500'],
    [120_450_000, '$1,204,500'],
    [99, '$1'],
    [Number.NaN, '$0'],
  ])('shows %d cents as %s, like every amount of the app', (cents, expected) => {
    expect(formatCents(cents)).toBe(expected);
  });
});

describe('formatDay', () => {
  it('reads a calendar day as that day in every time zone, with the year when it is not this year', () => {
    expect(formatDay('2026-03-01', { now: NOW })).toBe('Mar 1');
    expect(formatDay('2025-12-31', { now: NOW })).toBe('Dec 31, 2025');
  });

  it('shows a dash without a date', () => {
    expect(formatDay(null)).toBe('—');
    expect(formatDay('')).toBe('—');
    expect(formatDay('not a date')).toBe('—');
  });
});

describe('counted', () => {
  it('says one and many', () => {
    expect(counted(1, 'row')).toBe('1 row');
    expect(counted(0, 'row')).toBe('0 rows');
    expect(counted(1200, 'investment')).toBe('1,200 investments');
  });
});

describe('importSummary', () => {
  it("reads the brief's example word for word", () => {
    expect(importSummary(counts)).toBe(
      '412 investments · $1,204,500 invested · 380 match a lead by e-mail · 12 need your confirmation · 20 came straight to the portal',
    );
  });

  it('counts pending and cancelled investments as investments, and names them when there are some', () => {
    const mixed = { ...counts, invested: 400, pending: 10, pendingCents: 500_000, cancelled: 2, confirmed: 1, suggested: 1, unmatched: 0 };
    expect(investmentCount(mixed)).toBe(412);
    expect(importSummary(mixed)).toBe(
      '412 investments · $1,204,500 invested · $5,000 pending · 2 cancelled · 380 match a lead by e-mail · 1 matches a lead you confirmed before · 1 needs your confirmation',
    );
  });

  it('says when no investor matches by e-mail', () => {
    expect(importSummary({ ...counts, invested: 1, investedCents: 100, byEmail: 0, suggested: 0, unmatched: 1 })).toBe(
      '1 investment · $1 invested · 0 match a lead by e-mail · 1 came straight to the portal',
    );
  });
});

describe('changesSummary', () => {
  it("reads the brief's example, leaving out what did not happen", () => {
    expect(changesSummary({ new: 3, changed: 0, cancelled: 1, removed: 0, same: 408 })).toBe(
      '3 new · 1 now cancelled · 408 unchanged — re-importing never counts an investment twice',
    );
  });

  it('names changed and removed investments', () => {
    expect(changesSummary({ new: 0, changed: 2, cancelled: 0, removed: 1, same: 0 })).toBe(
      '2 changed · 1 no longer in the file — re-importing never counts an investment twice',
    );
  });

  it('is nothing on a first import', () => {
    expect(changesSummary(null)).toBeNull();
    expect(changesSummary(undefined)).toBeNull();
  });
});

describe('importLabel', () => {
  it('names how many investments the button imports', () => {
    expect(importLabel(412)).toBe('Import 412 investments');
    expect(importLabel(1)).toBe('Import 1 investment');
  });
});

describe('investedText', () => {
  it('says what the lead invested and when', () => {
    expect(investedText({ investedCents: 250_000, date: '2026-03-01', count: 1, pendingCents: 0 }, { now: NOW })).toBe('Invested $2,500 on Mar 1');
    expect(investedText({ investedCents: 250_000, date: '2025-03-01', count: 1, pendingCents: 0 }, { now: NOW })).toBe('Invested $2,500 on Mar 1, 2025');
    expect(investedText({ investedCents: 250_000, date: null, count: 1, pendingCents: 0 })).toBe('Invested $2,500');
  });

  it('sums several investments', () => {
    expect(investedText({ investedCents: 500_000, date: '2026-03-01', count: 2, pendingCents: 0 }, { now: NOW })).toBe('Invested $5,000 in 2 investments, the first on Mar 1');
  });

  it('says what is pending on the portal', () => {
    expect(investedText({ investedCents: 0, date: null, count: 1, pendingCents: 50_000 })).toBe('$500 pending on the portal');
    expect(investedText({ investedCents: 250_000, date: '2026-03-01', count: 1, pendingCents: 50_000 }, { now: NOW })).toBe(
      'Invested $2,500 on Mar 1 · $500 pending on the portal',
    );
  });

  it('says "Not invested yet" without an investment', () => {
    expect(investedText(null)).toBe('Not invested yet');
    expect(investedText({ investedCents: 0, date: null, count: 0, pendingCents: 0 })).toBe('Not invested yet');
  });

  it('never says raised', () => {
    const texts = [investedText(null), investedText({ investedCents: 1, date: '2026-01-01', count: 3, pendingCents: 1 }), importSummary(counts)];
    expect(texts.every((text) => !/raised/i.test(text))).toBe(true);
  });
});

describe('indicatedBars', () => {
  it('measures both bars against the target', () => {
    expect(indicatedBars({ indicated: 50_000, investedCents: 2_500_000, target: 100_000 })).toEqual({
      scale: 'target',
      indicated: 50,
      invested: 25,
      investedOfTarget: 25,
    });
  });

  it('fills a bar past the target, and says the share as it is', () => {
    expect(indicatedBars({ indicated: 150_000, investedCents: 12_000_000, target: 100_000 })).toEqual({
      scale: 'target',
      indicated: 100,
      invested: 100,
      investedOfTarget: 120,
    });
  });

  it('measures against the larger of the two without a target', () => {
    expect(indicatedBars({ indicated: 40_000, investedCents: 1_000_000, target: null })).toEqual({
      scale: 'largest',
      indicated: 100,
      invested: 25,
      investedOfTarget: null,
    });
    expect(indicatedBars({ indicated: 0, investedCents: 0, target: 0 })).toEqual({ scale: 'largest', indicated: 0, invested: 0, investedOfTarget: null });
  });

  it('shows a sliver for a small amount, and nothing for none', () => {
    const bars = indicatedBars({ indicated: 100, investedCents: 0, target: 1_000_000 });
    expect(bars.indicated).toBe(2);
    expect(bars.invested).toBe(0);
  });
});

describe('problemText', () => {
  it('leaves out the line the list already shows, and only that', () => {
    expect(problemText({ line: 7, message: "Line 7: the amount 'lots' is not a number." })).toBe("The amount 'lots' is not a number.");
    expect(problemText({ line: 8, message: "Line 7: the amount 'lots' is not a number." })).toBe("Line 7: the amount 'lots' is not a number.");
  });
});
