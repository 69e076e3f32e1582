import type { LucideIcon } from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';
import { cn } from '@/lib/utils';

export type TabItem<T extends string> = { value: T; label: string; icon?: LucideIcon };

const tabId = (prefix: string, value: string) => `${prefix}-tab-${value}`;
const panelId = (prefix: string, value: string) => `${prefix}-panel-${value}`;

/**
 * Tabs (WAI-ARIA tabs pattern): one tab stop, arrow keys move between tabs and select them,
 * Home and End go to the first and last. The page renders the selected panel with
 * `tabPanelProps`.
 */
export function TabList<T extends string>({ label, idPrefix, tabs, value, onChange, className }: {
  label: string;
  idPrefix: string;
  tabs: TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((tab) => tab.value === value);
    const target = {
      ArrowRight: (current + 1) % tabs.length,
      ArrowLeft: (current - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    onChange(tabs[target]!.value);
    refs.current[target]?.focus();
  };

  // On a phone a long tab bar scrolls inside itself (never the page); the padding keeps the
  // focus ring inside the clipped strip.
  return (
    <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className={cn('flex gap-4 overflow-x-auto overflow-y-hidden border-b border-gray-200 px-0.5 pt-1 sm:gap-6', className)}>
      {tabs.map(({ value: tab, label: text, icon: Icon }, index) => {
        const selected = tab === value;
        return (
          <button
            key={tab}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab)}
            aria-selected={selected}
            aria-controls={panelId(idPrefix, tab)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab)}
            className={cn(
              '-mb-px flex items-center gap-2 border-b-2 px-1 pb-3 text-sm font-medium whitespace-nowrap transition-colors',
              selected ? 'border-brand-600 text-brand-700' : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900',
            )}
          >
            {Icon ? <Icon className="size-4" aria-hidden /> : null}
            {text}
          </button>
        );
      })}
    </div>
  );
}

/** The attributes of the panel of tab `value`. */
export function tabPanelProps(idPrefix: string, value: string) {
  return { role: 'tabpanel', id: panelId(idPrefix, value), 'aria-labelledby': tabId(idPrefix, value), tabIndex: 0 } as const;
}
