import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { Field, TextareaField } from '@/components/ui/field';
import { FIELD_TYPE_LABELS, type FormField } from '../../types';

/** One field of the form in the editor: label, placeholder, options, required, order. */
export function FieldEditor({ field, index, count, onChange, onMove, onRemove }: {
  field: FormField;
  index: number;
  count: number;
  onChange: (patch: Partial<FormField>) => void;
  onMove: (offset: -1 | 1) => void;
  onRemove: () => void;
}) {
  const choice = field.type === 'select' || field.type === 'radio';
  return (
    <li aria-label={`Field ${index + 1}: ${field.label}`} className="rounded-xl border border-gray-200 bg-gray-50/60 p-4">
      <div className="mb-3 flex items-center justify-between gap-2">
        <span className="text-xs font-semibold tracking-wide text-gray-500 uppercase">
          {index + 1}. {FIELD_TYPE_LABELS[field.type]}
        </span>
        <div className="flex gap-1">
          <button type="button" aria-label={`Move ${field.label} up`} disabled={index === 0} onClick={() => onMove(-1)} className="rounded-md p-1.5 text-gray-500 hover:bg-white hover:text-gray-900 disabled:opacity-30">
            <ArrowUp className="size-4" aria-hidden />
          </button>
          <button type="button" aria-label={`Move ${field.label} down`} disabled={index === count - 1} onClick={() => onMove(1)} className="rounded-md p-1.5 text-gray-500 hover:bg-white hover:text-gray-900 disabled:opacity-30">
            <ArrowDown className="size-4" aria-hidden />
          </button>
          <button type="button" aria-label={`Remove ${field.label}`} disabled={count === 1} onClick={onRemove} className="rounded-md p-1.5 text-gray-500 hover:bg-white hover:text-red-600 disabled:opacity-30">
            <Trash2 className="size-4" aria-hidden />
          </button>
        </div>
      </div>
      <div className="space-y-3">
        <Field label="Label" value={field.label} onChange={(e) => onChange({ label: e.target.value })} />
        {field.type !== 'checkbox' && field.type !== 'radio' ? (
          <Field label="Placeholder" value={field.placeholder ?? ''} onChange={(e) => onChange({ placeholder: e.target.value })} />
        ) : null}
        {field.preset === 'location_state' ? (
          <p className="text-sm text-gray-600">
            Investors choose from the 50 states, District of Columbia, Puerto Rico or “{field.options?.at(-1) ?? 'Outside the US'}”. The list is kept by
            RaiseSpark, so every lead&apos;s state can be counted and segmented.
          </p>
        ) : choice ? (
          <TextareaField
            label="Options (one per line)"
            rows={Math.max(3, (field.options ?? []).length)}
            value={(field.options ?? []).join('\n')}
            onChange={(e) => onChange({ options: e.target.value.split('\n') })}
          />
        ) : null}
        <label className="flex items-center gap-2 text-sm text-gray-700">
          <input type="checkbox" checked={Boolean(field.required)} onChange={(e) => onChange({ required: e.target.checked })} className="size-4 rounded border-gray-300 accent-brand-600" />
          Required
        </label>
      </div>
    </li>
  );
}
