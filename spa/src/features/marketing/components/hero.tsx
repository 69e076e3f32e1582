import { Flame } from 'lucide-react';
import type { ReactNode } from 'react';
import { InvestorForm } from '@/features/forms/components/investor-form';
import { SAMPLE_FORM, SAMPLE_THEME } from '../sample-form';
import { BrowserFrame } from './browser-frame';
import { HeroIntro } from './hero-intro';

/**
 * The hero's frame and text. Without `aside` it is exactly the static first paint that
 * index.html shows on '/' before the app loads.
 */
export function HeroLayout({ aside }: { aside?: ReactNode }) {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
      <div
        aria-hidden
        className="absolute inset-x-0 -top-40 -z-10 mx-auto h-96 max-w-4xl rounded-full bg-gradient-to-r from-brand-100 via-sky-100 to-emerald-100 opacity-70 blur-3xl"
      />
      <div className="mx-auto grid max-w-7xl gap-14 px-4 pt-12 pb-20 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_1fr] lg:items-start lg:gap-12 lg:px-8 lg:pb-28">
        <HeroIntro />
        {aside}
      </div>
    </section>
  );
}

/** The landing hero: the pitch, and the real investor form rendered with sample data. */
export function Hero() {
  return (
    <HeroLayout
      aside={
        <div className="relative mx-auto w-full max-w-md lg:max-w-none">
          <BrowserFrame address="brightsidebrewing.com/invest">
            <div className="bg-gray-50 p-3 sm:p-5">
              <InvestorForm form={SAMPLE_FORM} theme={SAMPLE_THEME} preview />
            </div>
          </BrowserFrame>
          <div
            aria-hidden
            className="absolute -bottom-6 -left-6 hidden w-72 items-center gap-3 rounded-xl bg-white p-3.5 shadow-xl ring-1 ring-gray-900/10 sm:flex"
          >
            <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-600">
              <Flame className="size-5" />
            </span>
            <span className="min-w-0 text-sm">
              <span className="block font-semibold text-gray-900">New hot lead</span>
              <span className="block truncate text-gray-600">Maya P. · Over $100,000 · Ready now</span>
            </span>
          </div>
        </div>
      }
    />
  );
}
