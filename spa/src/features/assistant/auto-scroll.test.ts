import { describe, expect, it } from 'vitest';
import { autoScrollAfterScroll, distanceFromBottom } from './auto-scroll';

/** A 400 px list of 1,000 px of messages scrolled `fromBottom` px up from the bottom. */
const at = (fromBottom: number) => ({ scrollHeight: 1_000, clientHeight: 400, scrollTop: 600 - fromBottom });

describe('auto-scroll (spec 4, Chat)', () => {
  it('measures the distance to the bottom of the list', () => {
    expect(distanceFromBottom(at(0))).toBe(0);
    expect(distanceFromBottom(at(150))).toBe(150);
    // Elastic over-scroll past the bottom counts as at the bottom.
    expect(distanceFromBottom({ scrollHeight: 1_000, clientHeight: 400, scrollTop: 605 })).toBe(0);
  });

  it('turns off when the user scrolls up more than 100 px from the bottom', () => {
    expect(autoScrollAfterScroll(true, at(101))).toBe(false);
    expect(autoScrollAfterScroll(true, at(400))).toBe(false);
  });

  it('stays on at exactly 100 px and anywhere closer', () => {
    expect(autoScrollAfterScroll(true, at(100))).toBe(true);
    expect(autoScrollAfterScroll(true, at(50))).toBe(true);
  });

  it('turns on again within 10 px of the bottom', () => {
    expect(autoScrollAfterScroll(false, at(10))).toBe(true);
    expect(autoScrollAfterScroll(false, at(0))).toBe(true);
  });

  it('stays off between 10 and 100 px from the bottom', () => {
    expect(autoScrollAfterScroll(false, at(11))).toBe(false);
    expect(autoScrollAfterScroll(false, at(100))).toBe(false);
  });
});
