import { describe, expect, it } from 'vitest';
import { withParam } from './search-params';

describe('withParam', () => {
  it('sets one parameter and keeps the others', () => {
    const previous = new URLSearchParams('kind=upload&q=deck');
    expect(withParam('q', 'form c')(previous).toString()).toBe('kind=upload&q=form+c');
    expect(previous.toString()).toBe('kind=upload&q=deck');
  });

  it('removes the parameter when the value is empty', () => {
    const previous = new URLSearchParams('kind=upload&q=deck');
    expect(withParam('q', '')(previous).toString()).toBe('kind=upload');
    expect(withParam('kind', null)(previous).toString()).toBe('q=deck');
    expect(withParam('missing', undefined)(previous).toString()).toBe('kind=upload&q=deck');
  });
});
