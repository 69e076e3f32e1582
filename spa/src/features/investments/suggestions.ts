import type { Suggestion } from './types';

/** The founder's choice per suggested investor (identity → lead id); absent means 'None of these'. */
export type Choices = Record<string, string>;

/**
 * What `apply` confirms: only choices of investors still suggested, for one of their
 * candidates (a re-read may have changed the suggestions since the founder chose).
 */
export function confirmedChoices(suggestions: readonly Suggestion[], choices: Choices): Choices {
  const confirmed: Choices = {};
  for (const suggestion of suggestions) {
    const leadId = choices[suggestion.identity];
    if (leadId && suggestion.candidates.some((candidate) => candidate.leadId === leadId)) confirmed[suggestion.identity] = leadId;
  }
  return confirmed;
}
