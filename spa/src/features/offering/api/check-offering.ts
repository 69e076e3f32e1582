import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { api, ApiError } from '@/lib/api-client';
import type { DraftErrors, OfferingChange, OfferingCheck, OfferingField, OfferingNotice } from '../types';

/** `POST /api/compliance-vault/offering/check`: the rules of a save, run on a draft; nothing is saved. */
export const OFFERING_CHECK_PATH = '/compliance-vault/offering/check';

const FIELDS: readonly OfferingField[] = ['status', 'filingDate', 'intermediary', 'offeringUrl'];

/** A 400 with problems per field becomes an answer (the first message per field); anything else stays an error. */
export function checkFromError(failure: unknown): OfferingCheck {
  if (!(failure instanceof ApiError) || failure.status !== 400 || failure.fields.length === 0) throw failure;
  const errors: DraftErrors = {};
  for (const problem of failure.fields) {
    const field = FIELDS.find((f) => f === problem.field);
    if (field && !errors[field]) errors[field] = problem.message;
  }
  return { valid: false, message: failure.message, errors };
}

export async function checkOffering(change: OfferingChange): Promise<OfferingCheck> {
  try {
    const answer = await api<{ valid: true; label: string; accepts_interest: boolean; notice: OfferingNotice | null }>(OFFERING_CHECK_PATH, {
      method: 'POST',
      body: change,
    });
    return { valid: true, label: answer.label, accepts_interest: answer.accepts_interest, notice: answer.notice };
  } catch (failure) {
    return checkFromError(failure);
  }
}

/**
 * The server's check of a change given as its JSON (null: nothing to check), cached per draft so
 * going back to an earlier value asks nothing again.
 */
export function useOfferingCheck(changeJson: string | null) {
  const key = useUserKey(changeJson === null ? null : `${OFFERING_CHECK_PATH}#${changeJson}`);
  return useSWR<OfferingCheck>(key, () => checkOffering(JSON.parse(changeJson!) as OfferingChange), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
  });
}
