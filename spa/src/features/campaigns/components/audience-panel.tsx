import { Loader2, Users, X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import type { Form } from '@/features/forms/types';
import type { Temperature } from '@/features/leads/api/leads';
import { TEMPERATURE_STYLES } from '@/features/leads/components/temperature-badge';
import { cn } from '@/lib/utils';
import { useAudienceCount } from '../api/audience';
import { formatCount, plural } from '../figures';
import { EVERYONE, INVESTMENT_CHOICES, investmentChoice, isEveryone, segmentKey, toggle } from '../segment';
import type { Segment } from '../types';
import { stateName, US_STATES } from '../us-states';

const TEMPERATURES: Temperature[] = ['hot', 'warm', 'cold'];
const LEAD_STATUSES: { value: boolean | null; label: string }[] = [
  { value: null, label: 'Any' },
  { value: false, label: 'Not yet e-mailed' },
  { value: true, label: 'Already e-mailed' },
];

/** A value that follows `value` once it has stopped changing for `delayMs`. */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

function Group({ label, children, hint }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="border-t border-gray-100 pt-4">
      <legend className="float-left mb-2 w-full text-sm font-medium text-gray-900">
        {label}
        {hint ? <span className="ml-1.5 font-normal text-gray-500">{hint}</span> : null}
      </legend>
      <div className="clear-left">{children}</div>
    </fieldset>
  );
}

/** The live count of a segment: recipients, and the leads left out and why. */
export function AudienceCountSummary({ segment }: { segment: Segment }) {
  const settled = useDebounced(segment, 400);
  const { data, error, isValidating } = useAudienceCount(settled);
  // Counting from the first change: the number shown is never that of another segment.
  const counting = !data || isValidating || segmentKey(settled) !== segmentKey(segment);
  return (
    <div className="rounded-xl bg-gradient-to-br from-brand-50 to-white p-4 ring-1 ring-brand-100">
      <div role="status" aria-live="polite" aria-atomic="true">
        <div className="flex items-center gap-2 text-sm font-medium text-brand-700">
          <Users className="size-4" aria-hidden /> Recipients
          {counting && !error ? <Loader2 className="size-3.5 animate-spin" aria-label="Counting" /> : null}
        </div>
        {error ? (
          <p className="mt-1 text-sm text-red-600">{error.message || 'The audience could not be counted.'}</p>
        ) : data ? (
          <>
            <p className={cn('mt-1 text-3xl font-semibold tracking-tight tabular-nums transition-colors', counting ? 'text-gray-500' : 'text-gray-900')}>
              {plural(data.count, 'recipient')}
            </p>
            <p className="mt-1 text-sm text-gray-600">
              {data.excludedSuppressed === 0
                ? 'No one excluded'
                : `${formatCount(data.excludedSuppressed)} excluded (unsubscribed, bounced or complained)`}
            </p>
            {data.duplicates > 0 || data.withoutEmail > 0 ? (
              <p className="mt-0.5 text-xs text-gray-500">
                {[
                  data.duplicates > 0 ? `${plural(data.duplicates, 'duplicate lead')} get one copy` : null,
                  data.withoutEmail > 0 ? `${plural(data.withoutEmail, 'lead')} without an e-mail address` : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            ) : null}
          </>
        ) : (
          <p className="mt-1 text-sm text-gray-500">Counting…</p>
        )}
      </div>
    </div>
  );
}

/** Who the campaign goes to: all leads, or by temperature, lead status (e-mailed or not), forms, US states and capture dates. */
export function AudiencePanel({ segment, onChange, forms }: { segment: Segment; onChange: (segment: Segment) => void; forms: Form[] | undefined }) {
  const set = (patch: Partial<Segment>) => onChange({ ...segment, ...patch });
  const everyone = isEveryone(segment);
  const availableStates = US_STATES.filter(([code]) => !segment.states.includes(code));

  return (
    <div className="space-y-4">
      <AudienceCountSummary segment={segment} />
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-gray-600">{everyone ? 'Every lead with an e-mail address.' : 'Leads matching every choice below.'}</p>
        {everyone ? null : (
          <Button variant="ghost" size="sm" onClick={() => onChange({ ...EVERYONE })}>
            All leads
          </Button>
        )}
      </div>

      <Group label="Temperature" hint="(any when none chosen)">
        <div role="group" aria-label="Temperature" className="flex flex-wrap gap-2">
          {TEMPERATURES.map((temperature) => {
            const { label, icon: Icon, className } = TEMPERATURE_STYLES[temperature];
            const on = segment.temperatures.includes(temperature);
            return (
              <button
                key={temperature}
                type="button"
                aria-pressed={on}
                onClick={() => set({ temperatures: toggle(segment.temperatures, temperature) })}
                className={cn(
                  'inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium ring-1 transition ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                  on ? className : 'bg-white text-gray-600 ring-gray-300 hover:bg-gray-50',
                )}
              >
                <Icon className="size-4" aria-hidden /> {label}
              </button>
            );
          })}
        </div>
      </Group>

      <Group label="Lead status" hint="(whether a campaign has reached them)">
        <div role="radiogroup" aria-label="Lead status" className="flex flex-wrap gap-2">
          {LEAD_STATUSES.map(({ value, label }) => {
            const on = (segment.emailed ?? null) === value;
            return (
              <button
                key={label}
                type="button"
                role="radio"
                aria-checked={on}
                onClick={() => set({ emailed: value })}
                className={cn(
                  'inline-flex items-center rounded-full px-3 py-1.5 text-sm font-medium ring-1 transition ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                  on ? 'bg-brand-50 text-brand-700 ring-brand-300' : 'bg-white text-gray-600 ring-gray-300 hover:bg-gray-50',
                )}
              >
                {label}
              </button>
            );
          })}
        </div>
      </Group>

      <Group label="Investment" hint="(from your portal imports)">
        <div role="radiogroup" aria-label="Investment" className="flex flex-wrap gap-2">
          {INVESTMENT_CHOICES.map((choice) => {
            const on = investmentChoice(segment) === choice.id;
            return (
              <button
                key={choice.id}
                type="button"
                role="radio"
                aria-checked={on}
                onClick={() => set({ invested: choice.invested, indicated: choice.indicated })}
                className={cn(
                  'inline-flex items-center rounded-full px-3 py-1.5 text-sm font-medium ring-1 transition ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                  on ? 'bg-emerald-50 text-emerald-800 ring-emerald-300' : 'bg-white text-gray-600 ring-gray-300 hover:bg-gray-50',
                )}
              >
                {choice.label}
              </button>
            );
          })}
        </div>
      </Group>

      <Group label="Forms" hint="(any when none chosen)">
        {forms === undefined ? (
          <p className="text-sm text-gray-500">Loading your forms…</p>
        ) : forms.length === 0 ? (
          <p className="text-sm text-gray-500">You have no forms yet.</p>
        ) : (
          <ul className="space-y-1.5">
            {forms.map((form) => (
              <li key={form.id}>
                <label className="flex items-start gap-2.5 text-sm text-gray-700">
                  <input
                    type="checkbox"
                    checked={segment.formIds.includes(form.id)}
                    onChange={() => set({ formIds: toggle(segment.formIds, form.id) })}
                    className="mt-0.5 size-4 shrink-0 rounded border-gray-300 accent-brand-600"
                  />
                  <span className="min-w-0">
                    {form.name}
                    {form.is_archived ? <span className="text-gray-500"> (archived)</span> : null}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </Group>

      <Group label="US states" hint="(any when none chosen)">
        <select
          aria-label="Add a state"
          className={inputClasses}
          value=""
          onChange={(event) => event.target.value && set({ states: [...segment.states, event.target.value] })}
        >
          <option value="">Add a state…</option>
          {availableStates.map(([code, name]) => (
            <option key={code} value={code}>{name}</option>
          ))}
        </select>
        {segment.states.length ? (
          <ul aria-label="Chosen states" className="mt-2 flex flex-wrap gap-1.5">
            {segment.states.map((code) => (
              <li key={code} className="inline-flex items-center gap-1 rounded-full bg-gray-100 py-0.5 pr-1 pl-2.5 text-xs font-medium text-gray-700">
                {stateName(code)}
                <button
                  type="button"
                  aria-label={`Remove ${stateName(code)}`}
                  onClick={() => set({ states: segment.states.filter((s) => s !== code) })}
                  className="rounded-full p-0.5 text-gray-500 hover:bg-gray-200 hover:text-gray-900"
                >
                  <X className="size-3.5" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </Group>

      <Group label="Captured between">
        <div className="grid grid-cols-2 gap-3">
          <div>
            <label htmlFor="audience-from" className="block text-xs text-gray-600">From</label>
            <input
              id="audience-from"
              type="date"
              className={cn(inputClasses, 'mt-1')}
              value={segment.createdFrom ?? ''}
              max={segment.createdTo ?? undefined}
              onChange={(event) => set({ createdFrom: event.target.value || null })}
            />
          </div>
          <div>
            <label htmlFor="audience-to" className="block text-xs text-gray-600">To</label>
            <input
              id="audience-to"
              type="date"
              className={cn(inputClasses, 'mt-1')}
              value={segment.createdTo ?? ''}
              min={segment.createdFrom ?? undefined}
              onChange={(event) => set({ createdTo: event.target.value || null })}
            />
          </div>
        </div>
      </Group>
    </div>
  );
}
