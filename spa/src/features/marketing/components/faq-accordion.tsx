import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

export type FaqItem = { question: string; answer: ReactNode };

/**
 * The WAI-ARIA accordion pattern: each question is a button inside a heading that controls
 * its answer region; any number may be open at once.
 */
export function FaqAccordion({ items, defaultOpen = [] }: { items: FaqItem[]; defaultOpen?: number[] }) {
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set(defaultOpen));
  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  return (
    <div className="divide-y divide-gray-200 rounded-2xl bg-white shadow-sm ring-1 ring-gray-200">
      {items.map(({ question, answer }, index) => {
        const expanded = open.has(index);
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div key={question}>
            <h3 className="text-base">
              <button
                type="button"
                id={buttonId}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(index)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-gray-900 hover:bg-gray-50 sm:px-6 sm:py-5"
              >
                <span>{question}</span>
                <ChevronDown
                  className={cn('size-5 shrink-0 text-gray-500 transition-transform duration-200', expanded && 'rotate-180')}
                  aria-hidden
                />
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!expanded}
              className="px-5 pb-5 text-gray-600 sm:px-6 [&_p+p]:mt-3"
            >
              {answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
