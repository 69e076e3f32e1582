import { ArrowRight, Loader2, Megaphone, RotateCw } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { useCreateCampaign } from '@/features/campaigns/api/create-campaign';
import { reviewActions } from '@/features/teams/api/reviews';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { toast } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { checkOffering, useOfferingCheck } from '../api/check-offering';
import { useOffering } from '../api/offering';
import { useUpdateOffering } from '../api/update-offering';
import type { DraftErrors, Offering, OfferingChange, OfferingCheck, OfferingField, OfferingStatus } from '../types';
import { NoticePreview } from './notice-preview';
import { StatusSteps } from './status-steps';

type OfferingDraft = { status: OfferingStatus; filingDate: string; intermediary: string; offeringUrl: string };

/** How long typing pauses before the server checks the draft. */
const CHECK_DELAY_MS = 400;
const ALL_FIELDS: OfferingField[] = ['status', 'filingDate', 'intermediary', 'offeringUrl'];

const changeOf = (draft: OfferingDraft, version: number): OfferingChange => ({
  version,
  status: draft.status,
  filingDate: draft.filingDate.trim() || null,
  intermediary: draft.intermediary.trim(),
  offeringUrl: draft.offeringUrl.trim() || null,
});

const draftOf = (offering: Offering): OfferingDraft => ({
  status: offering.status,
  filingDate: offering.filing_date ?? '',
  intermediary: offering.intermediary,
  offeringUrl: offering.offering_url ?? '',
});

const sameDraft = (a: OfferingDraft, b: OfferingDraft) =>
  a.status === b.status && a.filingDate.trim() === b.filingDate.trim() && a.intermediary.trim() === b.intermediary.trim() && a.offeringUrl.trim() === b.offeringUrl.trim();

/** 'Notify your leads': a draft campaign from the launch template, filled with the portal and its link. */
function NotifyLeads() {
  const navigate = useNavigate();
  const { trigger, isMutating } = useCreateCampaign();
  const notify = async () => {
    try {
      const campaign = await trigger({ template: 'live' });
      toast.success('Draft campaign created', { description: 'Review it, then send it to your leads.' });
      navigate(`/campaigns/${campaign.id}`);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 402) toast.info(failure.message);
      else toast.error('Failed to create campaign', { description: failure instanceof ApiError ? failure.message : undefined });
    }
  };
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-brand-100 bg-brand-50/60 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-white text-brand-600 ring-1 ring-brand-100">
          <Megaphone className="size-4" aria-hidden />
        </span>
        <div>
          <p className="text-sm font-semibold text-gray-900">Tell your leads the offering is live</p>
          <p className="mt-0.5 text-sm text-gray-600">A draft campaign to every lead who has not unsubscribed, with your portal link. You review it before it is sent.</p>
        </div>
      </div>
      <Button className="shrink-0" disabled={isMutating} onClick={() => void notify()}>
        {isMutating ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Megaphone className="size-4" aria-hidden />}
        {isMutating ? 'Creating draft...' : 'Notify your leads'}
      </Button>
    </div>
  );
}

/**
 * Settings → Offering: testing the waters → Form C filed → live → closed, with the filing
 * date, the funding portal and the offering page. The server applies the status to every form
 * (a notice with the portal link instead of the form once filed) and files each change in the
 * compliance vault.
 */
export function OfferingSettings() {
  const { data, error, isLoading, mutate } = useOffering();
  const { trigger, isMutating } = useUpdateOffering();
  const [draft, setDraft] = useState<OfferingDraft | null>(null);
  // The server's problems with the draft, shown at a field once it was left or a save was tried.
  const [errors, setErrors] = useState<DraftErrors>({});
  const [shown, setShown] = useState<ReadonlySet<OfferingField>>(new Set(['status']));
  const [problem, setProblem] = useState<{ kind: 'conflict' | 'subscription' | 'approval' | 'other'; message: string } | null>(null);
  const [asking, setAsking] = useState(false);
  const [confirming, setConfirming] = useState<Extract<OfferingCheck, { valid: true }> | null>(null);

  // The server checks the draft once typing pauses (nothing to check while it is what is saved).
  const changed = data && draft && !sameDraft(draft, draftOf(data.offering)) ? JSON.stringify(changeOf(draft, data.offering.version)) : null;
  const checking = useDebouncedValue(changed, CHECK_DELAY_MS);
  const check = useOfferingCheck(checking !== null && checking === changed ? checking : null);
  useEffect(() => {
    if (check.data) setErrors(check.data.valid ? {} : check.data.errors);
  }, [check.data]);

  // The server's values fill the form when they change there, never over what is being typed.
  const applied = useRef<number | null>(null);
  useEffect(() => {
    if (!data || applied.current === data.offering.version) return;
    applied.current = data.offering.version;
    setDraft(draftOf(data.offering));
    setErrors({});
    setShown(new Set(['status']));
  }, [data]);

  if (isLoading || (data && !draft)) {
    return (
      <div role="status" aria-label="Loading your offering" className="space-y-4">
        <Skeleton className="h-24" />
        <Skeleton className="h-32" />
      </div>
    );
  }
  if (!data || !draft) return <p className="text-sm text-red-600">{error ? 'Your offering could not be loaded. Please refresh the page.' : null}</p>;

  const saved = data.offering;
  const unchanged = changed === null;
  const moving = draft.status !== saved.status;
  const labelOf = (status: OfferingStatus) => data.statuses.find((s) => s.id === status)?.label ?? status;
  // The facts are asked for once the status moves on, or once the offering has them.
  const showFacts = moving || !data.accepts_interest || Boolean(saved.filing_date || saved.intermediary || saved.offering_url);
  const errorAt = (field: OfferingField) => (shown.has(field) ? errors[field] : undefined);
  const leave = (field: OfferingField) => setShown((current) => new Set(current).add(field));
  const update = (change: Partial<OfferingDraft>) => {
    setDraft({ ...draft, ...change });
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(change)) delete next[key as keyof DraftErrors];
      return next;
    });
  };

  const save = async () => {
    setProblem(null);
    try {
      const next = await trigger(changeOf(draft, saved.version));
      setConfirming(null);
      toast.success(moving ? `Offering moved to ${next.label}` : 'Offering details saved');
    } catch (failure) {
      setConfirming(null);
      if (failure instanceof ApiError && failure.code === 'approval_required') {
        setProblem({ kind: 'approval', message: failure.message });
      } else if (failure instanceof ApiError && failure.status === 409) {
        setProblem({ kind: 'conflict', message: failure.message });
      } else if (failure instanceof ApiError && failure.status === 402) {
        setProblem({ kind: 'subscription', message: failure.message });
        toast.info(failure.message);
      } else {
        const message = failure instanceof ApiError ? failure.message : 'Your offering could not be saved. Please try again.';
        setProblem({ kind: 'other', message });
        toast.error('Failed to save offering', { description: message });
      }
    }
  };

  // Saving asks the server first (the answer of the pause's check when it is for this draft):
  // its problems go to their fields; a move is confirmed with the notice investors will see.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setShown(new Set(ALL_FIELDS));
    let answer: OfferingCheck;
    try {
      answer = check.data && checking === changed ? check.data : await checkOffering(changeOf(draft, saved.version));
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.message : 'Your offering could not be checked. Please try again.';
      setProblem({ kind: failure instanceof ApiError && failure.status === 409 ? 'conflict' : 'other', message });
      return;
    }
    if (!answer.valid) return setErrors(answer.errors);
    setErrors({});
    if (moving) setConfirming(answer);
    else void save();
  };

  const reload = async () => {
    applied.current = null;
    setProblem(null);
    await mutate();
  };

  return (
    <div className="space-y-6">
      <form onSubmit={(event) => void submit(event)} className="space-y-5" noValidate aria-label="Offering">
        <StatusSteps
          statuses={data.statuses}
          current={saved.status}
          value={draft.status}
          disabled={isMutating}
          error={errorAt('status')}
          onChange={(status: OfferingStatus) => update({ status })}
        />
        {showFacts ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Form C filing date"
              type="date"
              value={draft.filingDate}
              onChange={(event) => update({ filingDate: event.target.value })}
              onBlur={() => leave('filingDate')}
              error={errorAt('filingDate')}
            />
            <Field
              label="Intermediary (funding portal)"
              autoComplete="off"
              maxLength={120}
              placeholder="e.g. Wefunder"
              value={draft.intermediary}
              onChange={(event) => update({ intermediary: event.target.value })}
              onBlur={() => leave('intermediary')}
              error={errorAt('intermediary')}
            />
            <Field
              className="sm:col-span-2"
              label="Offering page URL"
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://wefunder.com/your-company"
              hint="Your offering's page on the portal. Investors are sent there."
              value={draft.offeringUrl}
              onChange={(event) => update({ offeringUrl: event.target.value })}
              onBlur={() => leave('offeringUrl')}
              error={errorAt('offeringUrl')}
            />
          </div>
        ) : (
          <p className="rounded-lg bg-gray-50 px-3 py-2.5 text-sm text-gray-600">
            While you test the waters, your forms collect indications of interest and carry the Rule 206 legend. Once your Form C is filed, move the status forward here.
          </p>
        )}
        {problem?.kind === 'conflict' ? (
          <Alert>
            <p>{problem.message}</p>
            <button type="button" onClick={() => void reload()} className="mt-1 inline-flex items-center gap-1 font-semibold underline">
              <RotateCw className="size-3.5" aria-hidden /> Reload
            </button>
          </Alert>
        ) : problem?.kind === 'approval' ? (
          <Alert tone="info">
            <p>{problem.message}</p>
            <button
              type="button"
              disabled={asking}
              onClick={() => {
                setAsking(true);
                reviewActions
                  .request('offering', null, changeOf(draft, saved.version))
                  .then(
                    () => {
                      setProblem({ kind: 'approval', message: 'Sent to counsel. Once they approve this exact change, save it again here.' });
                      toast.success('Sent to counsel for review');
                    },
                    (err) => toast.error(err instanceof Error ? err.message : 'The review could not be requested.'),
                  )
                  .finally(() => setAsking(false));
              }}
              className="mt-1 inline-flex items-center gap-1 font-semibold underline disabled:opacity-60"
            >
              Ask counsel to review this change
            </button>
          </Alert>
        ) : problem?.kind === 'subscription' ? (
          <Alert tone="info">
            <p>{problem.message}</p>
            <Link to={`/pricing?returnTo=${encodeURIComponent('/settings')}`} className="mt-1 inline-flex items-center gap-1 font-semibold underline">
              See plans <ArrowRight className="size-3.5" aria-hidden />
            </Link>
          </Alert>
        ) : problem ? (
          <Alert>{problem.message}</Alert>
        ) : null}
        <FormActions note={`${saved.updated_at ? `Last changed ${formatDate(saved.updated_at)}. ` : ''}Every change is recorded in your compliance vault.`}>
          <Button type="submit" disabled={isMutating || unchanged}>
            {isMutating ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
            {isMutating ? 'Saving...' : moving ? `Move to ${labelOf(draft.status)}` : 'Save offering'}
          </Button>
        </FormActions>
      </form>

      <NoticePreview state={data} />
      {saved.status === 'live' ? <NotifyLeads /> : null}

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Move your offering to ${confirming?.label ?? labelOf(draft.status)}?`}
        description={
          confirming?.accepts_interest
            ? 'Your forms collect indications of interest with the testing-the-waters legend.'
            : 'Your forms stop collecting indications of interest and show investors this notice instead. Leads you already captured are kept.'
        }
        confirmLabel={`Move to ${confirming?.label ?? labelOf(draft.status)}`}
        pendingLabel="Saving..."
        pending={isMutating}
        onConfirm={() => void save()}
      >
        {confirming?.notice ? (
          <div className="mb-3 rounded-lg bg-gray-50 p-3 ring-1 ring-gray-900/5">
            <p className="text-sm font-semibold text-gray-900">{confirming.notice.title}</p>
            <p className="mt-1 text-sm text-gray-600">{confirming.notice.message}</p>
          </div>
        ) : null}
        <p className="text-sm text-gray-600">
          The status only moves forward: you cannot go back to “{data.label}” afterwards. The change is recorded in your compliance vault.
        </p>
      </ConfirmDialog>
    </div>
  );
}

