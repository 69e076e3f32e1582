import { useId, type ReactNode } from 'react';
import { inputClasses } from './field';

/** A labelled colour: the browser's picker beside the hex text; `note` is read with the field. */
export function ColorField({ label, value, onChange, note }: { label: string; value: string; onChange: (value: string) => void; note?: ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-900">{label}</label>
      <div className="mt-1.5 flex items-center gap-2">
        <input type="color" aria-label={`${label} picker`} value={value.length === 7 ? value : '#000000'} onChange={(e) => onChange(e.target.value)} className="h-10 w-12 cursor-pointer rounded-lg border border-gray-300 bg-white p-1" />
        <input id={id} className={inputClasses} value={value} onChange={(e) => onChange(e.target.value)} spellCheck={false} aria-describedby={note ? `${id}-note` : undefined} />
      </div>
      {note ? <div id={`${id}-note`}>{note}</div> : null}
    </div>
  );
}
