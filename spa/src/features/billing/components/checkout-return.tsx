import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { useSubscription } from '../subscription-context';

export const PAYMENT_SUCCESS = 'Payment successful! Your subscription is now active.';

/** A safe in-app path from a returnTo parameter (never another origin). */
export function safeReturnTo(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/**
 * Return from checkout on any page (spec 4): payment_success leaves the address, the status
 * is checked again, the success message shows, and the browser goes back to returnTo when
 * there is one. The Purchase conversion is not sent from here: anyone can open
 * `?payment_success=true`, so stripe-webhook sends it from the verified payment event.
 */
export function CheckoutReturn() {
  const location = useLocation();
  const navigate = useNavigate();
  const { recheck } = useSubscription();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (params.get('payment_success') !== 'true' || handled.current === location.key) return;
    handled.current = location.key;
    const returnTo = safeReturnTo(params.get('returnTo'));
    params.delete('payment_success');
    params.delete('plan');
    const rest = params.toString();
    navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '' }, { replace: true });
    toast.success(PAYMENT_SUCCESS);
    void recheck().then(() => {
      if (returnTo) navigate(returnTo, { replace: true });
    });
  }, [location, navigate, recheck]);

  return null;
}
