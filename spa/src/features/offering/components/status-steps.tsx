import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { OfferingStatus, StatusOption } from '../types';

/** What each status means, under its name (display text; the order, names and choices are the server's). */
const CAPTIONS: Record<OfferingStatus, string> = {
  testing_the_waters: 'Collecting indications of interest',
  form_c_filed: 'Filed with the SEC',
  live: 'Accepting investments on the portal',
  closed: 'No longer accepting investments',
};

/**
 * The offering's status as steps, in the server's order: the saved one marked current, earlier
 * ones done, and only those the server marks selectable can be chosen. A radio group, so arrow
 * keys move between the choices.
 */
export function StatusSteps({ statuses, current, value, disabled, error, onChange }: {
  statuses: StatusOption[];
  current: OfferingStatus;
  value: OfferingStatus;
  disabled: boolean;
  /** The server's problem with the chosen status. */
  error?: string;
  onChange: (status: OfferingStatus) => void;
}) {
  const currentIndex = statuses.findIndex((s) => s.id === current);
  return (
    <fieldset aria-describedby={error ? 'offering-status-error' : undefined}>
      <legend className="text-sm font-medium text-gray-900">Status</legend>
      <p className="mt-0.5 text-xs text-gray-500">The status only moves forward.</p>
      <ol className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {statuses.map((status, index) => {
          const done = index < currentIndex;
          const isCurrent = index === currentIndex;
          const selected = value === status.id;
          const allowed = status.selectable;
          return (
            <li key={status.id} className="min-w-0">
              <label
                className={cn(
                  'relative flex h-full flex-col gap-1 rounded-xl border p-3 text-left transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                  selected ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600' : 'border-gray-200 bg-white',
                  allowed && !disabled ? 'cursor-pointer hover:border-brand-300' : 'cursor-not-allowed',
                  done && 'bg-gray-50',
                )}
              >
                <input
                  type="radio"
                  name="offering-status"
                  value={status.id}
                  checked={selected}
                  disabled={!allowed || disabled}
                  onChange={() => onChange(status.id)}
                  className="sr-only"
                />
                <span className="flex items-center gap-2">
                  <span
                    aria-hidden
                    className={cn(
                      'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                      done ? 'bg-emerald-600 text-white' : isCurrent ? 'bg-brand-600 text-white' : selected ? 'bg-white text-brand-700 ring-2 ring-brand-600' : 'bg-gray-100 text-gray-500',
                    )}
                  >
                    {done ? <Check className="size-3.5" /> : index + 1}
                  </span>
                  <span className={cn('text-sm font-semibold', done ? 'text-gray-500' : 'text-gray-900')}>{status.label}</span>
                </span>
                <span className="text-xs text-gray-600">
                  {isCurrent ? <span className="font-semibold text-brand-700">Current · </span> : done ? <span className="font-medium">Done · </span> : null}
                  {CAPTIONS[status.id]}
                </span>
              </label>
            </li>
          );
        })}
      </ol>
      {error ? (
        <p id="offering-status-error" role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
