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

/**
 * The founder's forms counted the way a person says it: 1 → 'your form', 2 → 'both of your
 * forms', 3 → 'all 3 of your forms' (never 'all 2 of your forms'); 0 → null (say something
 * else). `noun` is the singular ('form'); its plural takes an s.
 */
export function yourCounted(count: number, noun = 'form'): string | null {
  if (!Number.isInteger(count) || count <= 0) return null;
  if (count === 1) return `your ${noun}`;
  if (count === 2) return `both of your ${noun}s`;
  return `all ${count.toLocaleString('en-US')} of your ${noun}s`;
}

