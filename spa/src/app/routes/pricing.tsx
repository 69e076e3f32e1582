import { BadgePercent, Clock, Loader2, Sparkles } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { usePlans } from '@/features/billing/api/plans';
import { useSubscription } from '@/features/billing/subscription-context';
import { OFFERED_DISCOUNT, useCheckout } from '@/features/billing/use-checkout';
import { cn } from '@/lib/utils';
import { formatUsd } from '@/lib/format';
import { PlanFeatures } from '@/features/billing/components/plan-features';


export default function PricingPage() {
  const [params] = useSearchParams();
  // One offer at a time, and only the one offered (the server refuses anything else): the
  // lifetime discount wins over the extended trial when a link carries both.
  const discountPercentage = params.get('discount') === String(OFFERED_DISCOUNT) ? OFFERED_DISCOUNT : null;
  const extendedTrial = params.get('extended') === 'true' && discountPercentage === null;
  const returnTo = params.get('returnTo');
  const { data, error } = usePlans();
  const { isSubscribed, loading } = useSubscription();
  const { start, pending, ready } = useCheckout({ extendedTrial, discountPercentage, returnTo });
  const trialDays = extendedTrial ? 14 : (data?.trialDays ?? 7);

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16">
      <title>Pricing | RaiseSpark</title>
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold text-brand-600">Pricing</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">Start your {trialDays}-day free trial</h1>
        <p className="mt-4 text-lg text-gray-600">
          Capture and qualify investor interest for your Reg CF raise. Cancel any time during the trial.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          {extendedTrial ? (
            <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-700 ring-1 ring-emerald-200">
              <Clock className="size-4" aria-hidden /> Extended 14-day trial applied
            </span>
          ) : null}
          {discountPercentage ? (
            <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1 text-sm font-medium text-amber-800 ring-1 ring-amber-200">
              <BadgePercent className="size-4" aria-hidden /> {discountPercentage}% lifetime discount applied
            </span>
          ) : null}
        </div>
      </div>

      {!loading && isSubscribed ? (
        <Alert tone="success" className="mx-auto mt-8 max-w-2xl">
          Your subscription is active. Manage it from Settings.
        </Alert>
      ) : null}
      {error ? <Alert className="mx-auto mt-8 max-w-2xl">The plans could not be loaded. Please refresh the page.</Alert> : null}

      <div className="mx-auto mt-12 grid max-w-4xl gap-6 md:grid-cols-2">
        {!data
          ? [0, 1].map((i) => <Skeleton key={i} className="h-[28rem] rounded-2xl" />)
          : data.plans.map((plan) => {
              const pro = plan.key === 'pro';
              const price = discountPercentage ? plan.value_usd * (1 - discountPercentage / 100) : plan.value_usd;
              return (
                <section
                  key={plan.key}
                  aria-label={plan.name}
                  className={cn(
                    'relative flex flex-col rounded-2xl bg-white p-8 shadow-sm ring-1',
                    pro ? 'ring-2 ring-brand-600' : 'ring-gray-200',
                  )}
                >
                  {pro ? (
                    <span className="absolute -top-3 left-8 inline-flex items-center gap-1 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
                      <Sparkles className="size-3.5" aria-hidden /> Most popular
                    </span>
                  ) : null}
                  <h2 className="text-lg font-semibold text-gray-900">{plan.name}</h2>
                  <p className="mt-1 text-sm text-gray-600">{plan.description}</p>
                  <p className="mt-6 flex items-baseline gap-2">
                    <span className="text-4xl font-bold tracking-tight text-gray-900">{formatUsd(price)}</span>
                    <span className="text-sm text-gray-500">/ month</span>
                    {discountPercentage ? <s className="text-sm text-gray-400">{formatUsd(plan.value_usd)}</s> : null}
                  </p>
                  <p className="mt-1 text-sm font-medium text-emerald-700">{trialDays} days free, then billed monthly</p>
                  <PlanFeatures features={plan.features} />
                  <Button
                    className="mt-8 w-full"
                    size="lg"
                    variant={pro ? 'primary' : 'secondary'}
                    disabled={pending !== null || !ready}
                    aria-busy={!ready || undefined}
                    onClick={() => void start(plan)}
                    aria-label={`Start ${trialDays}-day free trial of ${plan.name}`}
                  >
                    {pending === plan.price_id ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
                    {pending === plan.price_id ? 'Preparing checkout...' : `Start ${trialDays}-day free trial`}
                  </Button>
                </section>
              );
            })}
      </div>
      <p className="mt-10 text-center text-sm text-gray-500">Prices in USD. Taxes may apply. You will not be charged during the trial.</p>
    </div>
  );
}
