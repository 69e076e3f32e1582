import { describe, expect, it } from 'vitest';
import { confirmedChoices } from './suggestions';
import type { Suggestion } from './types';

const suggestion = (identity: string, leadIds: string[]): Suggestion => ({
  identity,
  line: 2,
  name: 'Jane Doe',
  email: null,
  amountCents: 100_000,
  candidates: leadIds.map((leadId) => ({ leadId, name: 'Jane Doe', email: 'jane@example.com', indicated: 1000 })),
});

describe('confirmedChoices', () => {
  it("confirms each chosen investor's lead", () => {
    const suggestions = [suggestion('i1', ['l1', 'l2']), suggestion('i2', ['l3'])];
    expect(confirmedChoices(suggestions, { i1: 'l2', i2: 'l3' })).toEqual({ i1: 'l2', i2: 'l3' });
  });

  it('confirms nothing for "None of these" (no choice)', () => {
    expect(confirmedChoices([suggestion('i1', ['l1'])], {})).toEqual({});
  });

  it('drops choices the suggestions no longer offer (after a re-read)', () => {
    const suggestions = [suggestion('i1', ['l1'])];
    expect(confirmedChoices(suggestions, { i1: 'l9', gone: 'l1' })).toEqual({});
  });
});
