import { AlertTriangle, Eye, Loader2, PenLine } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { TabList, tabPanelProps, type TabItem } from '@/components/ui/tabs';
import { UnsavedChangesDialog } from '@/components/ui/unsaved-changes-dialog';
import { useForms } from '@/features/forms/api/get-forms';
import { reviewActions } from '@/features/teams/api/reviews';
import { usePermissions } from '@/features/teams/api/teams';
import { ApprovalBanner } from '@/features/teams/components/approval-banner';
import { ApiError, isProRequired } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAudienceCount } from '../api/audience';
import { useCampaign } from '../api/campaign';
import { useScheduleCampaign } from '../api/schedule-campaign';
import { useSendCampaign } from '../api/send-campaign';
import { useSendTest } from '../api/send-test';
import { senderComplete, useSender } from '../api/sender';
import { useUpdateCampaign } from '../api/update-campaign';
import { plural } from '../figures';
import { unknownMergeTags } from '../merge-fields';
import { formatInZone } from '../schedule-time';
import { describeSegment, segmentKey } from '../segment';
import type { Campaign } from '../types';
import { useDebounced } from './audience-panel';
import { ComposePanel, SETTINGS_SENDER } from './compose-panel';
import { EditorHeader } from './editor-header';
import { PreviewPanel } from './preview-panel';
import { ScheduleDialog } from './schedule-dialog';
import { CampaignsUpgradePrompt } from './upgrade-prompt';
import { useCampaignDraft } from './use-campaign-draft';

type Tab = 'compose' | 'preview';

const TABS: TabItem<Tab>[] = [
  { value: 'compose', label: 'Compose', icon: PenLine },
  { value: 'preview', label: 'Preview', icon: Eye },
];

function NotFound() {
  return (
    <div role="alert" className="rounded-2xl bg-white p-10 text-center shadow-sm">
      <title>Campaign not found | RaiseSpark</title>
      <h1 className="text-lg font-semibold text-gray-900">Campaign not found</h1>
      <p className="mt-2 text-sm text-gray-600">It may have been deleted, or it belongs to another account.</p>
      <Link to="/campaigns" className={buttonClasses('primary', 'md', 'mt-6')}>Back to campaigns</Link>
    </div>
  );
}

/** /campaigns/{id}: a draft's editor. Anything already sent or scheduled opens its results. */
export function CampaignEditorPage({ id }: { id: string }) {
  const { data, error, mutate } = useCampaign(id);
  const [generation, setGeneration] = useState(0);
  if (isProRequired(error)) {
    return (
      <>
        <title>Campaigns | RaiseSpark</title>
        <h1 className="mb-6 text-2xl font-semibold tracking-tight text-gray-900">Campaigns</h1>
        <CampaignsUpgradePrompt message={error.message} returnTo={`/campaigns/${id}`} />
      </>
    );
  }
  if (error && !data) return <NotFound />;
  if (!data) {
    return (
      <div role="status" aria-label="Loading campaign" className="space-y-6">
        <Skeleton className="h-14 w-2/3 rounded-xl" />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <Skeleton className="h-[36rem] rounded-2xl" />
          <Skeleton className="h-80 rounded-2xl" />
        </div>
      </div>
    );
  }
  if (data.status !== 'draft') return <Navigate to={`/campaigns/${data.id}/results`} replace />;
  return (
    <Editor
      key={`${data.id}:${generation}`}
      saved={data}
      onReload={async () => {
        await mutate();
        setGeneration((g) => g + 1);
      }}
    />
  );
}

function Editor({ saved, onReload }: { saved: Campaign; onReload: () => Promise<void> }) {
  const { draft, dirty, blocker, setContent, setSegment, accept } = useCampaignDraft(saved);
  const [tab, setTab] = useState<Tab>('compose');
  const [confirmSend, setConfirmSend] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [senderError, setSenderError] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);

  const update = useUpdateCampaign(saved.id);
  const test = useSendTest(saved.id);
  const send = useSendCampaign(saved.id);
  const schedule = useScheduleCampaign(saved.id);
  const { data: sender, mutate: rereadSender } = useSender();
  const { data: formsData } = useForms();
  const permissions = usePermissions();
  const settledSegment = useDebounced(draft.segment, 400);
  const { data: audienceData, isValidating: counting, mutate: recount } = useAudienceCount(settledSegment);
  // The count of the segment on screen, or none while it is being counted.
  const audience = audienceData && !counting && segmentKey(settledSegment) === segmentKey(draft.segment) ? audienceData : undefined;

  const busy = update.isMutating || test.isMutating || send.isMutating || schedule.isMutating;
  // Read again on focus: completed in Settings in another tab, the warning goes.
  const senderMissing = sender !== undefined ? !senderComplete(sender) : Boolean(senderError);
  const formNames = Object.fromEntries((formsData?.forms ?? []).map((form) => [form.id, form.name]));
  const recipients = audience ? plural(audience.count, 'recipient') : null;

  /** A 409 (changed elsewhere, or no longer a draft): offer to reload instead of a toast. */
  const handleFailure = (failure: unknown, title: string): void => {
    if (failure instanceof ApiError && failure.code === 'approval_required') {
      void reviewActions.refresh('campaign', saved.id);
      toast.error(title, { description: failure.message });
      return;
    }
    if (failure instanceof ApiError && failure.status === 409) {
      setConflict(failure.message);
      return;
    }
    if (failure instanceof ApiError && failure.code === 'sender_required') {
      setSenderError(failure.message);
      void rereadSender();
      toast.error(title, { description: failure.message });
      return;
    }
    console.error(title, failure);
    toast.error(title, { description: failure instanceof ApiError ? failure.message : undefined });
  };

  const save = async ({ quiet = false } = {}): Promise<Campaign | null> => {
    try {
      const result = await update.trigger({ version: saved.version, content: draft.content, segment: draft.segment, saved });
      accept(result);
      if (!quiet) toast.success('Campaign saved');
      return result;
    } catch (failure) {
      handleFailure(failure, 'Failed to save campaign');
      return null;
    }
  };

  /** Preview, test and send use the saved campaign: pending edits are saved first. */
  const current = async (): Promise<Campaign | null> => (dirty ? save({ quiet: true }) : saved);

  const sendTest = async () => {
    if (!(await current())) return;
    try {
      const { sentTo } = await test.trigger();
      toast.success(`Test sent to ${sentTo}`, { description: 'Check your inbox: the subject starts with [Test].' });
    } catch (failure) {
      handleFailure(failure, 'Failed to send test');
    }
  };

  const openSend = async () => {
    if (!(await current())) return;
    // The confirmation states the count of this moment.
    void recount();
    setConfirmSend(true);
  };

  const openSchedule = async () => {
    if (await current()) setScheduling(true);
  };

  const sendNow = async () => {
    try {
      const started = await send.trigger({ version: saved.version });
      setConfirmSend(false);
      toast.success('Your campaign is on its way', { description: `Sending to ${plural(started.recipients ?? 0, 'recipient')}.` });
    } catch (failure) {
      setConfirmSend(false);
      handleFailure(failure, 'Failed to send campaign');
    }
  };

  const scheduleAt = async (scheduledAt: string) => {
    try {
      const scheduled = await schedule.trigger({ version: saved.version, scheduledAt });
      setScheduling(false);
      toast.success('Campaign scheduled', { description: `It will be sent ${formatInZone(scheduled.scheduledAt)}.` });
    } catch (failure) {
      setScheduling(false);
      handleFailure(failure, 'Failed to schedule campaign');
    }
  };

  const changeTab = (next: Tab) => {
    setTab(next);
    if (next === 'preview' && dirty) void save({ quiet: true });
  };

  const unknownTags = unknownMergeTags(`${draft.content.subject} ${draft.content.previewText} ${draft.content.body}`);
  const canSend = draft.content.subject.trim() !== '' && draft.content.body.trim() !== '' && unknownTags.length === 0;

  return (
    <>
      <title>{`${saved.name} — Campaigns | RaiseSpark`}</title>
      <EditorHeader
        saved={saved}
        to={describeSegment(draft.segment, formNames)}
        recipients={recipients}
        dirty={dirty}
        saving={update.isMutating}
        testing={test.isMutating}
        busy={busy}
        canSend={canSend}
        maySend={permissions?.includes('send_campaigns') ?? true}
        onSave={() => void save()}
        onSendTest={() => void sendTest()}
        onSchedule={() => void openSchedule()}
        onSend={() => void openSend()}
      />

      {saved.status === 'draft' ? (
        <div className="mb-6">
          <ApprovalBanner subject="campaign" id={saved.id} version={saved.version} canRequest={permissions?.includes('draft_campaigns') ?? false} what="it is sent or scheduled" />
        </div>
      ) : null}

      {senderMissing ? (
        <div role="alert" className="mb-6 flex flex-col gap-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset sm:flex-row sm:items-center sm:justify-between">
          <div className="flex gap-3">
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
            <p>
              <span className="font-semibold">Add your sender identity before sending.</span>{' '}
              {senderError ?? 'Every campaign e-mail must carry your company name and postal address (CAN-SPAM).'}
            </p>
          </div>
          <Link to={SETTINGS_SENDER} className={buttonClasses('secondary', 'sm', 'shrink-0')}>
            Go to Settings
          </Link>
        </div>
      ) : null}

      <TabList label="Campaign" idPrefix="campaign" tabs={TABS} value={tab} onChange={changeTab} className="mb-6" />

      {tab === 'compose' ? (
        <ComposePanel
          draft={draft}
          onContentChange={setContent}
          onSegmentChange={setSegment}
          forms={formsData?.forms}
          sender={sender}
        />
      ) : (
        <div {...tabPanelProps('campaign', 'preview')} className="outline-none">
          <PreviewPanel campaignId={saved.id} version={saved.version} sender={sender} stale={dirty} />
        </div>
      )}

      <ConfirmDialog
        open={confirmSend}
        onOpenChange={setConfirmSend}
        title="Send this campaign now?"
        description={
          audience ? (
            <>
              {/* The subject as investors read it (the company's name filled in), as saved. */}
              <strong className="font-semibold text-gray-900">{saved.listedSubject ?? saved.subject}</strong> goes to{' '}
              <strong className="font-semibold text-gray-900">{plural(audience.count, 'recipient')}</strong> ({describeSegment(draft.segment, formNames).toLowerCase()}) right away.
              {audience.excludedSuppressed > 0 ? ` ${plural(audience.excludedSuppressed, 'address', 'addresses')} that unsubscribed, bounced or complained ${audience.excludedSuppressed === 1 ? 'is' : 'are'} left out.` : ''}{' '}
              A sent e-mail cannot be recalled.
            </>
          ) : (
            'Counting the recipients…'
          )
        }
        confirmLabel={audience ? `Send to ${plural(audience.count, 'recipient')}` : 'Send now'}
        pendingLabel="Sending..."
        pending={send.isMutating}
        confirmDisabled={!audience || audience.count === 0}
        onConfirm={() => void sendNow()}
      >
        {senderMissing ? (
          <Alert>
            Add your company name and postal address first. <Link to={SETTINGS_SENDER} className="font-medium underline">Go to Settings</Link>
          </Alert>
        ) : null}
      </ConfirmDialog>

      {scheduling ? (
        <ScheduleDialog open={scheduling} onOpenChange={setScheduling} recipients={recipients} pending={schedule.isMutating} onSchedule={(at) => void scheduleAt(at)} />
      ) : null}

      <Dialog
        open={conflict !== null}
        onOpenChange={(open) => !open && setConflict(null)}
        title="This campaign changed elsewhere"
        description={`${conflict || 'It was changed in another tab or window since you opened it.'} Reloading replaces the changes you made here.`}
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConflict(null)} disabled={reloading}>
            Keep editing
          </Button>
          <Button
            disabled={reloading}
            onClick={() => {
              setReloading(true);
              void onReload().finally(() => setReloading(false));
            }}
          >
            {reloading ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
            {reloading ? 'Reloading...' : 'Reload campaign'}
          </Button>
        </div>
      </Dialog>

      <UnsavedChangesDialog blocker={blocker} description="Your changes to this campaign have not been saved." />
    </>
  );
}
