import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth/auth-context';
import { usePlans } from '@/features/billing/api/plans';
import { formatUsd } from '@/lib/format';
import { cn } from '@/lib/utils';
import { SectionIntro } from './section-intro';
import { PlanFeatures } from '@/features/billing/components/plan-features';

/** The plans on sale, from the same configuration as /pricing; every plan starts with the free trial. */
export function PricingSection() {
  const { data, error } = usePlans();
  // Visitors create an account first; signed-in founders go straight to checkout on /pricing.
  const { user } = useAuth();
  const trialDays = data?.trialDays ?? 7;

  return (
    <section id="pricing" aria-labelledby="pricing-title" className="bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionIntro
          id="pricing-title"
          eyebrow="Pricing"
          title="Simple monthly plans, with a 7-day free trial"
          lead={`Try everything for ${trialDays} days before you pay. Cancel from your billing portal at any time; you are not charged during the trial.`}
        />
        <div className="mx-auto mt-14 grid max-w-4xl gap-6 md:grid-cols-2">
          {error ? (
            <p role="alert" className="rounded-2xl bg-red-50 p-6 text-sm text-red-800 ring-1 ring-red-200 md:col-span-2">
              The plans could not be loaded right now.{' '}
              <Link to="/pricing" className="font-semibold underline">
                See the pricing page
              </Link>
              .
            </p>
          ) : !data ? (
            [0, 1].map((i) => <Skeleton key={i} className="h-[30rem] rounded-2xl" />)
          ) : (
            data.plans.map((plan) => {
              const pro = plan.key === 'pro';
              return (
                <article
                  key={plan.key}
                  aria-labelledby={`plan-${plan.key}`}
                  className={cn(
                    'relative flex flex-col rounded-2xl bg-white p-8 shadow-sm',
                    pro ? 'ring-2 ring-brand-600 shadow-brand-600/10 shadow-xl' : 'ring-1 ring-gray-200',
                  )}
                >
                  {pro ? (
                    <p className="absolute -top-3 left-8 inline-flex items-center gap-1 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
                      <Sparkles className="size-3.5" aria-hidden /> Most popular
                    </p>
                  ) : null}
                  <h3 id={`plan-${plan.key}`} className="text-lg font-semibold text-gray-900">
                    {plan.name}
                  </h3>
                  <p className="mt-1 text-sm text-gray-600">{plan.description}</p>
                  <p className="mt-6 flex items-baseline gap-2">
                    <span className="text-4xl font-bold tracking-tight text-gray-900">{formatUsd(plan.value_usd)}</span>
                    <span className="text-sm text-gray-600">/ month</span>
                  </p>
                  <p className="mt-1 text-sm font-medium text-emerald-700">{trialDays} days free, then billed monthly</p>
                  <PlanFeatures features={plan.features} className="mt-6 mb-8 space-y-3 text-sm text-gray-700" />
                  <Link
                    to={user ? '/pricing' : '/register'}
                    className={buttonClasses(pro ? 'primary' : 'secondary', 'lg', 'mt-auto w-full')}
                    aria-label={`Start ${trialDays}-day free trial of ${plan.name}`}
                  >
                    Start {trialDays}-day free trial
                  </Link>
                </article>
              );
            })
          )}
        </div>
        <p className="mt-10 text-center text-sm text-gray-600">
          Prices in USD. Taxes may apply.{' '}
          <Link to="/pricing" className="font-semibold text-brand-700 hover:text-brand-600">
            Compare plans on the pricing page
          </Link>
        </p>
      </div>
    </section>
  );
}
