import { api } from '@/lib/api-client';
import { readCookie } from '@/lib/cookies';

/** Tracking event payload (spec 3). The server hashes the identity; failures are only logged. */
export async function trackConversion(
  event: 'Purchase' | 'InitiateCheckout',
  customData: { value?: number; currency?: string; contentName?: string; contentIds?: string[]; contentType?: string },
) {
  try {
    await api('/facebook-conversions', {
      method: 'POST',
      body: {
        event,
        userData: { fbp: readCookie('_fbp'), fbc: readCookie('_fbc') },
        customData,
        eventSourceUrl: window.location.href,
      },
    });
  } catch (error) {
    console.warn('conversion tracking failed', error);
  }
}

/** Purchase value: 997 USD for the Pro plan, 497 otherwise (spec 7, 9). */
export function purchaseValue(planKey: string | null): number {
  return planKey === 'pro' ? 997 : 497;
}
