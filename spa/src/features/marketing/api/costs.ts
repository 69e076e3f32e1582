import useSWR from 'swr';
import { ApiError, fetcher } from '@/lib/api-client';

/** One cost line of a Reg CF raise, as a range in whole USD. */
export type CostLine = { key: string; label: string; description: string; low: number; high: number };

/** GET /api/raise-capital/costs: the itemised cost range of raising `amount` (rules live in Rust). */
export type CostEstimate = {
  amount: number;
  financialsTier: string;
  lines: CostLine[];
  totalLow: number;
  totalHigh: number;
  percentLow: number;
  percentHigh: number;
};

/** The smallest and largest amounts the estimator accepts (Reg CF caps a raise at $5M in 12 months). */
export const MIN_RAISE = 10_000;
export const MAX_RAISE = 5_000_000;

export const costsKey = (amount: number) => `/raise-capital/costs?amount=${amount}`;

/**
 * The estimate for `amount` (null: no request). The previous estimate stays on screen while the
 * next one loads, so the table never flashes; a 400 (amount out of range) is not retried.
 */
export function useCostEstimate(amount: number | null) {
  return useSWR<CostEstimate, ApiError>(amount === null ? null : costsKey(amount), fetcher, {
    keepPreviousData: true,
    revalidateOnFocus: false,
    shouldRetryOnError: (error) => !(error instanceof ApiError && error.status < 500),
  });
}
