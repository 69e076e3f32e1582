import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';
import { IMPORT_STEPS } from '../status';

/** Where the import is: choose the file, check the preview, import. */
export function ImportSteps({ current }: { current: number }) {
  return (
    <ol aria-label="Steps" className="mb-6 flex flex-wrap items-center gap-x-6 gap-y-2">
      {IMPORT_STEPS.map((step, index) => {
        const done = index < current;
        const active = index === current;
        return (
          <li key={step} aria-current={active ? 'step' : undefined} className="flex items-center gap-2 text-sm">
            <span
              aria-hidden
              className={cn(
                'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                done ? 'bg-emerald-600 text-white' : active ? 'bg-brand-600 text-white' : 'bg-gray-100 text-gray-500',
              )}
            >
              {done ? <Check className="size-3.5" /> : index + 1}
            </span>
            <span className={cn(active ? 'font-semibold text-gray-900' : done ? 'text-gray-600' : 'text-gray-500')}>
              {step}
              {done ? <span className="sr-only"> (done)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
