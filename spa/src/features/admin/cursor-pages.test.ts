import { describe, expect, it } from 'vitest';
import { FIRST_PAGE, back, forward } from './cursor-pages';

describe('cursor pages', () => {
  it('walk forwards with each next cursor and back again to the first page', () => {
    const second = forward(FIRST_PAGE, 'c2');
    const third = forward(second, 'c3');
    expect(third).toEqual([null, 'c2', 'c3']);
    expect(back(third)).toEqual([null, 'c2']);
    expect(back(back(third))).toEqual([null]);
  });

  it('stay on the first page when going back from it', () => {
    expect(back(FIRST_PAGE)).toBe(FIRST_PAGE);
  });

  it('stay on the last page when there is no next cursor', () => {
    const second = forward(FIRST_PAGE, 'c2');
    expect(forward(second, null)).toBe(second);
  });
});
