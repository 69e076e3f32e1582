import { ArrowRight, Check, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export const PRO_REQUIRED_FALLBACK = 'The compliance vault is part of RaiseSpark Pro. Upgrade to keep tamper-evident records of your raise.';

const PRO_INCLUDES = [
  'Every form publish and campaign kept exactly as investors saw it',
  'SHA-256 hash chain with one-click integrity checks',
  'A Form C exhibit pack of your testing-the-waters material',
  'Your Form C drafts, financials and pitch decks in one place',
];

const PREVIEW_ROWS = ['w-3/5', 'w-2/5', 'w-1/2', 'w-2/3'];

/** A founder whose plan has no vault (the server answered 402): what Pro adds, over a blurred list. */
export function VaultUpgradePrompt({ message }: { message?: string }) {
  return (
    <section aria-label="Upgrade to RaiseSpark Pro" className="relative isolate overflow-hidden rounded-2xl border border-brand-100 bg-gradient-to-br from-brand-50 via-white to-white">
      <div aria-hidden className="pointer-events-none absolute inset-0 -z-10 space-y-3 p-6 opacity-60 blur-[3px] select-none">
        {PREVIEW_ROWS.map((width, index) => (
          <div key={index} className="flex items-center gap-4 rounded-xl border border-gray-200 bg-white p-4">
            <div className="size-9 shrink-0 rounded-full bg-brand-100" />
            <div className="flex-1 space-y-2">
              <div className={cn('h-3 rounded bg-gray-200', width)} />
              <div className="h-2.5 w-1/3 rounded bg-gray-100" />
            </div>
            <div className="hidden h-3 w-28 rounded bg-gray-100 font-mono sm:block" />
          </div>
        ))}
      </div>
      <div className="flex justify-center bg-white/40 px-4 py-10 sm:py-16">
        <div className="flex w-full max-w-lg flex-col items-center rounded-2xl bg-white px-5 py-7 text-center shadow-lg ring-1 ring-gray-900/5 sm:px-10">
          <span className="flex size-12 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-violet-500 text-white shadow-sm">
            <Lock className="size-5" aria-hidden />
          </span>
          <h2 className="mt-4 text-lg font-semibold text-gray-900">Upgrade to RaiseSpark Pro</h2>
          <p className="mt-1.5 text-sm text-gray-600">{message || PRO_REQUIRED_FALLBACK}</p>
          <ul className="mt-5 space-y-2 text-left text-sm text-gray-700">
            {PRO_INCLUDES.map((item) => (
              <li key={item} className="flex gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
                {item}
              </li>
            ))}
          </ul>
          <Link to={`/pricing?returnTo=${encodeURIComponent('/compliance-vault')}`} className={buttonClasses('primary', 'md', 'mt-6')}>
            See Pro plans <ArrowRight className="size-4" aria-hidden />
          </Link>
        </div>
      </div>
    </section>
  );
}
