import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

export function FinalCta() {
  return (
    <section aria-labelledby="final-cta-title" className="border-t border-gray-200 bg-gradient-to-b from-white to-brand-50 py-20 sm:py-24">
      <div className="mx-auto max-w-3xl px-4 text-center sm:px-6 lg:px-8">
        <h2 id="final-cta-title" className="text-3xl font-bold tracking-tight text-balance text-gray-900 sm:text-4xl">
          Your next investors are already reading your website
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-gray-600">
          Publish your first testing-the-waters form today and know who is ready to invest before your campaign goes live.
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Link to="/register" className={buttonClasses('primary', 'lg', 'w-full sm:w-auto')}>
            Start your 7-day free trial
            <ArrowRight className="size-5" aria-hidden />
          </Link>
          <Link to="/equity-crowdfunding-costs" className={buttonClasses('secondary', 'lg', 'w-full sm:w-auto')}>
            Estimate the cost of your raise
          </Link>
        </div>
      </div>
    </section>
  );
}
