import { useId, type ReactNode } from 'react';
import { formatUsd } from '@/lib/format';
import { cn } from '@/lib/utils';
import { counted, formatCents } from '../format';
import type { Choices } from '../suggestions';
import type { Suggestion } from '../types';

const RADIO = 'mt-0.5 size-4 shrink-0 accent-brand-600';

function Option({ name, checked, disabled, onChange, children }: { name: string; checked: boolean; disabled: boolean; onChange: () => void; children: ReactNode }) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-2.5 rounded-lg px-3 py-2 text-sm ring-1 transition-colors ring-inset has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
        checked ? 'bg-brand-50 ring-brand-200' : 'bg-white ring-gray-200 hover:bg-gray-50',
        disabled && 'cursor-not-allowed opacity-70',
      )}
    >
      <input type="radio" name={name} checked={checked} disabled={disabled} onChange={onChange} className={RADIO} />
      <span className="min-w-0 flex-1">{children}</span>
    </label>
  );
}

/**
 * Investors who match a lead only by name and amount: the founder says which lead each is, or
 * 'None of these' (the default: nothing is matched on a guess).
 */
export function MatchSuggestions({ suggestions, total, choices, disabled, onChoose }: {
  suggestions: Suggestion[];
  /** How many need confirming in the whole file (the list holds at most 100). */
  total: number;
  choices: Choices;
  disabled: boolean;
  onChoose: (identity: string, leadId: string | null) => void;
}) {
  const id = useId();
  if (suggestions.length === 0) return null;
  const chosen = suggestions.filter((suggestion) => choices[suggestion.identity]).length;
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={`${id}-heading`} className="text-base font-semibold text-gray-900">{`${counted(total, 'investor')} ${total === 1 ? 'needs' : 'need'} your confirmation`}</h2>
        <p className="text-sm text-gray-500 tabular-nums" aria-live="polite">{`${chosen} of ${suggestions.length} matched`}</p>
      </div>
      <p className="mt-1 text-sm text-gray-600">
        Their e-mail is not one of your leads&apos;, but their name and amount are close to these leads. Choose who each one is, or leave “None of these”.
      </p>
      {total > suggestions.length ? (
        <p className="mt-1 text-xs text-gray-500">{`The first ${suggestions.length} are listed; the others stay unmatched for now.`}</p>
      ) : null}
      <ul className="mt-4 space-y-4">
        {suggestions.map((suggestion, index) => {
          const name = `${id}-suggestion-${index}`;
          const choice = choices[suggestion.identity] ?? null;
          return (
            <li key={suggestion.identity}>
              <fieldset className="rounded-xl border border-gray-200 p-3 sm:p-4">
                <legend className="sr-only">{`Which lead is ${suggestion.name || suggestion.email || `line ${suggestion.line}`}?`}</legend>
                <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="min-w-0 font-medium break-words text-gray-900">{suggestion.name || suggestion.email || `Line ${suggestion.line}`}</span>
                  <span className="shrink-0 font-semibold text-gray-900 tabular-nums">{formatCents(suggestion.amountCents)}</span>
                </p>
                <p className="mt-0.5 truncate text-xs text-gray-500">{[`Line ${suggestion.line}`, suggestion.email].filter(Boolean).join(' · ')}</p>
                <div className="mt-3 grid gap-2 sm:grid-cols-2">
                  {suggestion.candidates.map((candidate) => (
                    <Option key={candidate.leadId} name={name} checked={choice === candidate.leadId} disabled={disabled} onChange={() => onChoose(suggestion.identity, candidate.leadId)}>
                      <span className="block truncate font-medium text-gray-900">{candidate.name ?? 'Unnamed lead'}</span>
                      <span className="block truncate text-xs text-gray-500">
                        {[candidate.email, `${formatUsd(candidate.indicated)} indicated`].filter(Boolean).join(' · ')}
                      </span>
                    </Option>
                  ))}
                  <Option name={name} checked={choice === null} disabled={disabled} onChange={() => onChoose(suggestion.identity, null)}>
                    <span className="block font-medium text-gray-700">None of these</span>
                    <span className="block text-xs text-gray-500">Counted as straight to the portal</span>
                  </Option>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
