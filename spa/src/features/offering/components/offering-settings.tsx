import { ArrowRight, Loader2, Megaphone, RotateCw } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { useCreateCampaign } from '@/features/campaigns/api/create-campaign';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { toast } from '@/lib/toast';
import { useOffering } from '../api/offering';
import { useUpdateOffering } from '../api/update-offering';
import { localToday, moveEffect, pastTestingTheWaters, statusLabel, validateDraft, type DraftErrors, type OfferingDraft } from '../lifecycle';
import type { Offering, OfferingStatus } from '../types';
import { NoticePreview } from './notice-preview';
import { StatusSteps } from './status-steps';

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
  const [errors, setErrors] = useState<DraftErrors>({});
  const [problem, setProblem] = useState<{ kind: 'conflict' | 'subscription' | 'other'; message: string } | null>(null);
  const [confirming, setConfirming] = useState(false);

  // The server's values fill the form when they change there, never over what is being typed.
  const applied = useRef<number | null>(null);
  useEffect(() => {
    if (!data || applied.current === data.offering.version) return;
    applied.current = data.offering.version;
    setDraft(draftOf(data.offering));
    setErrors({});
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
  const unchanged = sameDraft(draft, draftOf(saved));
  const moving = draft.status !== saved.status;
  const showFacts = pastTestingTheWaters(draft.status) || Boolean(saved.filing_date || saved.intermediary || saved.offering_url);
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
      await trigger({
        version: saved.version,
        status: draft.status,
        filingDate: draft.filingDate.trim() || null,
        intermediary: draft.intermediary.trim(),
        offeringUrl: draft.offeringUrl.trim() || null,
      });
      setConfirming(false);
      toast.success(moving ? `Offering moved to ${statusLabel(draft.status)}` : 'Offering details saved');
    } catch (failure) {
      setConfirming(false);
      if (failure instanceof ApiError && failure.status === 409) {
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const found = validateDraft(draft, localToday());
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (moving) setConfirming(true);
    else void save();
  };

  const reload = async () => {
    applied.current = null;
    setProblem(null);
    await mutate();
  };

  return (
    <div className="space-y-6">
      <form onSubmit={submit} className="space-y-5" noValidate aria-label="Offering">
        <StatusSteps current={saved.status} value={draft.status} disabled={isMutating} onChange={(status: OfferingStatus) => update({ status })} />
        {showFacts ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Form C filing date"
              type="date"
              max={localToday()}
              value={draft.filingDate}
              onChange={(event) => update({ filingDate: event.target.value })}
              error={errors.filingDate}
            />
            <Field
              label="Intermediary (funding portal)"
              autoComplete="off"
              maxLength={120}
              placeholder="e.g. Wefunder"
              value={draft.intermediary}
              onChange={(event) => update({ intermediary: event.target.value })}
              error={errors.intermediary}
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
              error={errors.offeringUrl}
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
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-gray-500">
            {saved.updated_at ? `Last changed ${formatDate(saved.updated_at)}. ` : ''}Every change is recorded in your compliance vault.
          </p>
          <Button type="submit" className="shrink-0" disabled={isMutating || unchanged}>
            {isMutating ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
            {isMutating ? 'Saving...' : moving ? `Move to ${statusLabel(draft.status)}` : 'Save offering'}
          </Button>
        </div>
      </form>

      <NoticePreview state={data} />
      {saved.status === 'live' ? <NotifyLeads /> : null}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Move your offering to ${statusLabel(draft.status)}?`}
        description={moveEffect(draft.status, draft.intermediary)}
        confirmLabel={`Move to ${statusLabel(draft.status)}`}
        pendingLabel="Saving..."
        pending={isMutating}
        onConfirm={() => void save()}
      >
        <p className="text-sm text-gray-600">
          The status only moves forward: you cannot go back to “{statusLabel(saved.status)}” afterwards. The change is recorded in your compliance vault.
        </p>
      </ConfirmDialog>
    </div>
  );
}

