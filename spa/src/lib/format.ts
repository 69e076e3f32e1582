/** Money as the product shows it everywhere. */

const USD = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Spec 2: currency is USD without decimals — 12500 → '$12,500'. */
export function formatUsd(amount: number): string {
  return USD.format(Number.isFinite(amount) ? amount : 0);
}
