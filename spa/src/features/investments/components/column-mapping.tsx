import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { inputClasses } from '@/components/ui/field';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';
import { columnOf, MAPPING_FIELDS, NOT_IN_FILE } from '../mapping';
import type { Mapping, MappingField } from '../types';

/**
 * Which column holds what, one select per fact (the file's headers, or 'Not in this file'),
 * and the Gmail matching option. Each change reads the file again; `disabled` while it does.
 */
export function ColumnMapping({ headers, mapping, gmailDots, problems, disabled, onColumn, onGmailDots }: {
  headers: string[];
  mapping: Mapping;
  gmailDots: boolean;
  /** What keeps the mapping from being read (shown under the selects). */
  problems: string[];
  disabled: boolean;
  onColumn: (key: MappingField, header: string) => void;
  onGmailDots: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={`${id}-heading`} className="text-base font-semibold text-gray-900">Check the columns</h2>
      <p className="mt-1 text-sm text-gray-600">
        RaiseSpark guessed which column holds what. Change any that are wrong and the preview updates. The amount is needed, and the e-mail or a name.
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {MAPPING_FIELDS.map((field) => {
          const selectId = `${id}-${field.key}`;
          return (
            <div key={field.key} className="min-w-0">
              <label htmlFor={selectId} className="block text-sm font-medium text-gray-900">
                {field.label}
                {field.required ? <span className="font-normal text-gray-500"> (needed)</span> : null}
              </label>
              <select
                id={selectId}
                className={cn(inputClasses, 'mt-1.5 truncate')}
                value={columnOf(mapping, field.key, headers)}
                disabled={disabled}
                aria-describedby={field.hint ? `${selectId}-hint` : undefined}
                onChange={(event) => onColumn(field.key, event.target.value)}
              >
                <option value="">{NOT_IN_FILE}</option>
                {headers.map((header, index) => (
                  <option key={`${index}-${header}`} value={header}>{header}</option>
                ))}
              </select>
              {field.hint ? <p id={`${selectId}-hint`} className="mt-1 text-xs text-gray-500">{field.hint}</p> : null}
            </div>
          );
        })}
      </div>
      {problems.length ? (
        <Alert className="mt-4">
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </Alert>
      ) : null}
      <div className="mt-5 border-t border-gray-100 pt-4">
        <Switch
          label="Match Gmail addresses with or without dots"
          description="jane.doe@gmail.com and janedoe@gmail.com reach the same inbox: with this on, they match the same lead."
          checked={gmailDots}
          onChange={(checked) => {
            if (!disabled) onGmailDots(checked);
          }}
        />
      </div>
    </section>
  );
}
