import useSWR, { mutate } from 'swr';
import { useAuth } from '@/features/auth/auth-context';
import { useUserKey } from '@/features/auth/use-user-key';
import { api, shouldRetry } from '@/lib/api-client';
import { mutateUserKey, userFetcher, userKey } from '@/lib/user-cache';
import { useCompanies } from './teams';

/** What counsel reviews (`domain::review::Subject`). */
export type ReviewSubject = 'form' | 'campaign' | 'offering';
export type ReviewStatus = 'pending' | 'approved' | 'rejected' | 'withdrawn';

export type Review = {
  company_id: string;
  company_name: string;
  subject: ReviewSubject;
  subject_id: string;
  title: string;
  version_hash: string;
  /** The version as it was asked about (a form's content, a campaign's message and audience, an offering change). */
  version: Record<string, unknown>;
  status: ReviewStatus;
  author_email: string;
  requested_at: string;
  reviewer_email: string | null;
  decided_at: string | null;
  comment: string | null;
  record_id: string | null;
  yours: boolean;
  may_decide: boolean;
};

export type SubjectReview = { required: boolean; review: Review | null; current_hash: string | null; is_current: boolean };
export type ReviewQueue = { pending: Review[]; decided: Review[] };

export const QUEUE_PATH = '/teams/reviews';
const subjectPath = (subject: ReviewSubject, id: string) => `/teams/current/reviews/${subject}/${encodeURIComponent(id)}`;

/**
 * `GET /api/teams/reviews`: the caller's queue across all their companies. Keyed by the user
 * alone, like the company list; fetched only for someone whose role approves somewhere.
 */
export function useReviewQueue() {
  const { user } = useAuth();
  const { data } = useCompanies();
  const approves = data?.companies.some((company) => company.permissions.includes('approve')) ?? false;
  return useSWR<ReviewQueue>(approves ? userKey(QUEUE_PATH, user?.id) : null, userFetcher, { revalidateOnFocus: true, shouldRetryOnError: shouldRetry });
}

/** A form's or campaign's review in the active company, and whether review is required. */
export function useSubjectReview(subject: ReviewSubject, id: string | undefined) {
  return useSWR<SubjectReview>(useUserKey(id ? subjectPath(subject, id) : null), userFetcher, { revalidateOnFocus: true, shouldRetryOnError: shouldRetry });
}

export const reviewActions = {
  /** Asks for a review of the subject's current version (the offering: of `change`). */
  request: async (subject: ReviewSubject, id: string | null, change?: unknown) => {
    const review = await api<Review>('/teams/current/reviews', { method: 'POST', body: { subject, ...(id ? { id } : {}), ...(change ? { change } : {}) } });
    if (id) await mutateUserKey(subjectPath(subject, id));
    return review;
  },
  /** Approves or asks for changes to exactly the version the reviewer read. */
  decide: async (userId: string, review: Review, decision: 'approve' | 'reject', comment: string) => {
    const path = `/teams/reviews/${encodeURIComponent(review.company_id)}/${review.subject}/${encodeURIComponent(review.subject_id)}/decide`;
    const decided = await api<Review>(path, { method: 'POST', body: { decision, version_hash: review.version_hash, comment } });
    await mutate(userKey(QUEUE_PATH, userId));
    return decided;
  },
  refresh: (subject: ReviewSubject, id: string) => mutateUserKey(subjectPath(subject, id)),
};
