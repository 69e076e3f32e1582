import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { useAuth } from '@/features/auth/auth-context';
import { ApiError } from '@/lib/api-client';
import { useBillingPortal } from './api/billing-portal';
import { useCreateCheckoutSession } from './api/create-checkout-session';
import type { Plan } from './api/plans';
import { trackConversion } from './api/track';
import { safeReturnTo } from './components/checkout-return';

/** The lifetime discount the upsell offers, in percent (the server accepts no other). */
export const OFFERED_DISCOUNT = 20;

export type CheckoutOffer = { extendedTrial: boolean; discountPercentage: number | null; returnTo: string | null };

/** The URL checkout returns to: pricing, which handles payment_success and returnTo. */
export function successUrl(origin: string, plan: Plan, returnTo: string | null): string {
  const params = new URLSearchParams({ payment_success: 'true', plan: plan.key });
  const back = safeReturnTo(returnTo) ?? '/dashboard';
  params.set('returnTo', back);
  return `${origin}/pricing?${params.toString()}`;
}

/**
 * Starts checkout for a plan: 'Preparing checkout...', then the provider's page. `ready` is
 * false while this tab's session is still being restored: a click then would send a signed-in
 * founder to sign in, so the buttons wait for it.
 */
export function useCheckout(offer: CheckoutOffer) {
  const { user, loading } = useAuth();
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);
  const { trigger: createCheckoutSession } = useCreateCheckoutSession();
  const { trigger: openBillingPortal } = useBillingPortal();

  const start = async (plan: Plan) => {
    if (loading) return;
    if (!user) {
      toast.error('Please log in to subscribe');
      navigate('/login', { state: { from: `${window.location.pathname}${window.location.search}` } });
      return;
    }
    setPending(plan.price_id);
    const toastId = toast.loading('Preparing checkout...');
    void trackConversion('InitiateCheckout', { contentIds: [plan.price_id], contentType: 'product', contentName: plan.name, value: plan.value_usd, currency: 'USD' });
    try {
      const { url } = await createCheckoutSession({
        priceId: plan.price_id,
        successUrl: successUrl(window.location.origin, plan, offer.returnTo),
        isExtendedTrial: offer.extendedTrial,
        discountPercentage: offer.discountPercentage,
      });
      if (!url) throw new Error('No checkout URL returned');
      window.location.assign(url);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'subscription_exists') {
        // Already subscribed: the billing portal manages it, never a second checkout.
        toast.info(error.message, { id: toastId });
        try {
          const { url } = await openBillingPortal();
          window.location.assign(url);
          return;
        } catch (portalError) {
          console.error('billing portal failed', portalError);
          setPending(null);
          return;
        }
      }
      console.error('checkout failed', error);
      toast.error('Checkout failed', { id: toastId, description: error instanceof Error ? error.message : undefined });
      setPending(null);
    }
  };

  return { start, pending, ready: !loading };
}
