import { describe, expect, it } from 'vitest';
import {
  axisLabels,
  barSlots,
  describeDays,
  describePaceDays,
  describeTemperatures,
  describeWeeks,
  formatShortDay,
  niceCeiling,
  percentSplit,
  temperatureShares,
} from './trends';

describe('formatShortDay', () => {
  it('labels a week by its Monday without moving it by the time zone', () => {
    expect(formatShortDay('2026-09-07')).toBe('Sep 7');
    expect(formatShortDay('2026-12-28')).toBe('Dec 28');
    expect(formatShortDay('2027-01-01')).toBe('Jan 1');
  });

  it('leaves text that is not a day as it is', () => {
    expect(formatShortDay('this week')).toBe('this week');
  });
});

describe('percentSplit', () => {
  it('gives the spare point to the part that lost most to rounding', () => {
    expect(percentSplit([5, 10, 25])).toEqual([13, 25, 62]);
    expect(percentSplit([1, 1, 1])).toEqual([34, 33, 33]);
    expect(percentSplit([2, 1, 0])).toEqual([67, 33, 0]);
  });

  it('always adds up to exactly 100 when there is something to split', () => {
    for (const counts of [[1, 2, 3], [7, 7, 7], [1, 0, 998], [3, 3, 1], [13, 17, 19]]) {
      expect(percentSplit(counts).reduce((sum, n) => sum + n, 0)).toBe(100);
    }
  });

  it('is all zeros with nothing to split, and ignores negative counts', () => {
    expect(percentSplit([0, 0, 0])).toEqual([0, 0, 0]);
    expect(percentSplit([-4, 1, 0])).toEqual([0, 100, 0]);
  });
});

describe('niceCeiling', () => {
  it('keeps small counts and rounds larger ones up to a round number', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(1)).toBe(1);
    expect(niceCeiling(3)).toBe(3);
    expect(niceCeiling(5)).toBe(5);
    expect(niceCeiling(7)).toBe(8);
    expect(niceCeiling(12)).toBe(12);
    expect(niceCeiling(13)).toBe(15);
    expect(niceCeiling(26)).toBe(30);
    expect(niceCeiling(101)).toBe(120);
    expect(niceCeiling(1000)).toBe(1000);
  });
});

describe('barSlots', () => {
  it('centres a bar in each slot and gives the top of the axis the full height', () => {
    const bars = barSlots([0, 2, 4, 1], 400, 100, 4);
    expect(bars.map((bar) => bar.center)).toEqual([50, 150, 250, 350]);
    expect(bars.every((bar) => bar.width === 40)).toBe(true);
    expect(bars.map((bar) => bar.x)).toEqual([30, 130, 230, 330]);
    expect(bars.map((bar) => bar.height)).toEqual([0, 50, 100, 25]);
    expect(bars.map((bar) => bar.y)).toEqual([100, 50, 0, 75]);
  });

  it('keeps a gap between narrow bars', () => {
    const [bar] = barSlots([1, 1], 20, 10, 1);
    expect(bar!.width).toBe(7.5);
  });

  it('draws nothing without values or room', () => {
    expect(barSlots([], 300, 100, 1)).toEqual([]);
    expect(barSlots([1], 0, 100, 1)).toEqual([]);
  });
});

describe('axisLabels', () => {
  const chart = (count: number, width: number) => barSlots(Array.from({ length: count }, () => 1), width, 100, 1);

  it('labels every bar when there is room', () => {
    const labels = ['Sep 7', 'Sep 14', 'Sep 21', 'Sep 28'];
    const placed = axisLabels(chart(4, 400), labels, 400);
    expect(placed).toEqual([
      { index: 0, x: 50, anchor: 'middle' },
      { index: 1, x: 150, anchor: 'middle' },
      { index: 2, x: 250, anchor: 'middle' },
      { index: 3, x: 350, anchor: 'middle' },
    ]);
  });

  it('labels every n-th bar counted back from the last, kept inside the chart, never overlapping', () => {
    const labels = Array.from({ length: 30 }, (_, day) => `Nov ${day + 1}`);
    const placed = axisLabels(chart(30, 300), labels, 300);
    expect(placed.at(-1)).toEqual({ index: 29, x: 300, anchor: 'end' });
    const extents = placed.map(({ index, x, anchor }) => {
      const width = labels[index]!.length * 6;
      const left = anchor === 'start' ? x : anchor === 'end' ? x - width : x - width / 2;
      return [left, left + width] as const;
    });
    expect(extents.length).toBeGreaterThan(3);
    extents.forEach(([left, right], i) => {
      expect(left).toBeGreaterThanOrEqual(0);
      expect(right).toBeLessThanOrEqual(300);
      if (i > 0) expect(left).toBeGreaterThanOrEqual(extents[i - 1]![1] + 6);
    });
  });

  it('has nothing to label without bars', () => {
    expect(axisLabels([], [], 300)).toEqual([]);
  });
});

const weeks = [
  { start: '2026-09-07', leads: 3 },
  { start: '2026-09-14', leads: 8 },
  { start: '2026-09-21', leads: 5 },
  { start: '2026-09-28', leads: 2 },
];

describe('describeWeeks', () => {
  it('names this week, last week, the total and the busiest week', () => {
    expect(describeWeeks(weeks)).toBe(
      'Leads per week, last 4 weeks: 2 this week, 5 last week, 18 leads in total, busiest week of Sep 14 with 8.',
    );
  });

  it('says so when there were no leads', () => {
    expect(describeWeeks(weeks.map((week) => ({ ...week, leads: 0 })))).toBe('Leads per week, last 4 weeks: none.');
  });
});

describe('describeDays', () => {
  it('names the form, today, the total and the busiest day', () => {
    const days = [
      { date: '2026-11-21', leads: 1 },
      { date: '2026-11-22', leads: 4 },
      { date: '2026-11-23', leads: 0 },
    ];
    expect(describeDays(days, 'Seed round')).toBe('Leads per day, last 3 days, Seed round: 0 today, 5 leads in total, busiest day Nov 22 with 4.');
  });
});

describe('temperature shares', () => {
  it('lists hot, warm and cold with counts and percentages that add up to 100', () => {
    const shares = temperatureShares({ hot: 5, warm: 10, cold: 25 });
    expect(shares).toEqual([
      { temperature: 'hot', leads: 5, percent: 13 },
      { temperature: 'warm', leads: 10, percent: 25 },
      { temperature: 'cold', leads: 25, percent: 62 },
    ]);
    expect(describeTemperatures(shares)).toBe('Lead temperature: 5 hot (13%), 10 warm (25%), 25 cold (62%).');
  });

  it('has a sentence for no leads at all', () => {
    expect(describeTemperatures(temperatureShares({ hot: 0, warm: 0, cold: 0 }))).toBe('Lead temperature: no leads yet.');
  });
});

describe('describePaceDays', () => {
  it.each([
    ['2026-11-23', '2026-11-24', 'Mon–Tue vs the same days last week'],
    ['2026-11-23', '2026-11-28', 'Mon–Sat vs the same days last week'],
    ['2026-11-23', '2026-11-23', 'Mon vs last Monday'],
    ['2026-11-16', '2026-11-22', 'Last week vs the week before'],
  ])('says what was compared from %s to %s: %s', (from, to, expected) => {
    expect(describePaceDays(from, to)).toBe(expected);
  });
});
