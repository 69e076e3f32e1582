import { ArrowRight, Check, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/utils';

const PREVIEW_ROWS = ['w-2/3', 'w-1/2', 'w-3/5', 'w-2/5'];

type ProUpgradePromptProps = {
  /** The server's 402 message (falls back to `fallback`). */
  message?: string;
  fallback: string;
  /** What Pro adds to this page. */
  includes?: readonly string[];
  /** What is blurred behind the prompt, shaped like the page's content (default: list rows). */
  preview?: ReactNode;
  /** 3 when the prompt sits inside a section that has its own heading. */
  headingLevel?: 2 | 3;
  /** Where the pricing page sends the founder back to. */
  returnTo: string;
  /** One line with a button, for a section inside another page. */
  compact?: boolean;
};

/**
 * A founder whose plan does not include a Pro feature (the server answered 402): what Pro adds,
 * over a blurred list, with the server's message and a way to the plans. No error toast.
 */
export function ProUpgradePrompt({ message, fallback, includes = [], preview, headingLevel = 2, returnTo, compact = false }: ProUpgradePromptProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const href = `/pricing?returnTo=${encodeURIComponent(returnTo)}`;
  if (compact) {
    return (
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <Lock className="size-4" aria-hidden />
          </span>
          <div>
            <p className="text-sm font-semibold text-gray-900">Upgrade to RaiseSpark Pro</p>
            <p className="mt-0.5 text-sm text-gray-600">{message || fallback}</p>
          </div>
        </div>
        <Link to={href} className={buttonClasses('secondary', 'md', 'shrink-0')}>
          See Pro plans <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
    );
  }
  return (
    <section aria-label="Upgrade to RaiseSpark Pro" className="relative isolate overflow-hidden rounded-2xl border border-brand-100 bg-gradient-to-br from-brand-50 via-white to-white">
      <div aria-hidden className="pointer-events-none absolute inset-0 -z-10 p-4 opacity-60 blur-[3px] select-none sm:p-6">
        {preview ?? <ListPreview />}
      </div>
      <div className="flex justify-center bg-white/40 px-4 py-10 sm:py-16">
        <div className="flex w-full max-w-lg flex-col items-center rounded-2xl bg-white px-5 py-7 text-center shadow-lg ring-1 ring-gray-900/5 sm:px-10">
          <span className="flex size-12 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-violet-500 text-white shadow-sm">
            <Lock className="size-5" aria-hidden />
          </span>
          <Heading className="mt-4 text-lg font-semibold text-gray-900">Upgrade to RaiseSpark Pro</Heading>
          <p className="mt-1.5 text-sm text-gray-600">{message || fallback}</p>
          {includes.length > 0 ? (
            <ul className="mt-5 space-y-2 text-left text-sm text-gray-700">
              {includes.map((item) => (
                <li key={item} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
                  {item}
                </li>
              ))}
            </ul>
          ) : null}
          <Link to={href} className={buttonClasses('primary', 'md', 'mt-6')}>
            See Pro plans <ArrowRight className="size-4" aria-hidden />
          </Link>
        </div>
      </div>
    </section>
  );
}

/** Rows of a list, blurred behind the prompt (the default preview). */
function ListPreview() {
  return (
    <div className="space-y-3">
      {PREVIEW_ROWS.map((width, index) => (
        <div key={index} className="flex items-center gap-4 rounded-xl border border-gray-200 bg-white p-4">
          <div className="flex-1 space-y-2">
            <div className={cn('h-3 rounded bg-gray-200', width)} />
            <div className="h-2.5 w-1/3 rounded bg-gray-100" />
          </div>
          <div className="h-5 w-16 rounded-full bg-emerald-100" />
          <div className="hidden h-3 w-24 rounded bg-gray-100 sm:block" />
        </div>
      ))}
    </div>
  );
}
