import { ArrowRight, Check } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

const PROMISES = ['7-day free trial', 'Rule 206 legend on every form', 'Works on any website'];

/**
 * The hero's text column. index.html carries the same markup, painted before any JavaScript
 * runs on '/' (landing-shell.test.tsx keeps the two identical).
 */
export function HeroIntro() {
  return (
    <div className="text-center lg:pt-10 lg:text-left">
      <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm ring-1 ring-brand-100">
        <span className="size-1.5 rounded-full bg-emerald-500" aria-hidden />
        Built for Regulation Crowdfunding raises
      </p>
      <h1 id="hero-title" className="mt-6 text-4xl font-bold tracking-tight text-balance text-gray-900 sm:text-5xl lg:text-6xl">
        Turn website visitors into <span className="text-brand-600">committed investors</span>
      </h1>
      <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-gray-600 sm:text-xl lg:mx-0">
        Test the waters before you file Form C. Capture non-binding indications of interest on your own site, see which
        investors are hot, and launch your Reg CF campaign with a list that is ready to invest.
      </p>
      <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row lg:justify-start">
        <Link to="/register" className={buttonClasses('primary', 'lg', 'w-full sm:w-auto')}>
          Start your 7-day free trial
          <ArrowRight className="size-5" aria-hidden />
        </Link>
        <a href="#how-it-works" className={buttonClasses('secondary', 'lg', 'w-full sm:w-auto')}>
          See how it works
        </a>
      </div>
      <ul className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-gray-600 lg:justify-start">
        {PROMISES.map((promise) => (
          <li key={promise} className="flex items-center gap-1.5">
            <Check className="size-4 text-emerald-600" aria-hidden />
            {promise}
          </li>
        ))}
      </ul>
    </div>
  );
}
