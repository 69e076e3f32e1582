import { api } from '@/lib/api-client';
import { readCookie } from '@/lib/cookies';

/**
 * Tracking event payload (spec 3). The server hashes the identity; failures are only logged.
 * Only InitiateCheckout comes from the browser: Purchase is sent by stripe-webhook from the
 * verified payment, with the amount actually paid.
 */
export async function trackConversion(
  event: 'InitiateCheckout',
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
