import { AlertTriangle, ArrowLeft, CalendarClock, Check, Eye, FlaskConical, Loader2, PenLine, Save, Send, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { EditorPanel } from '@/components/ui/editor-panel';
import { Field } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { TabList, tabPanelProps, type TabItem } from '@/components/ui/tabs';
import { UnsavedChangesDialog, useUnsavedChanges } from '@/components/ui/unsaved-changes-dialog';
import { useForms } from '@/features/forms/api/forms';
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
import { unknownMergeTags } from '../markdown-editing';
import { formatInZone } from '../schedule-time';
import { describeSegment, normalizeSegment, segmentKey } from '../segment';
import type { Campaign, CampaignContent, Segment } from '../types';
import { AudiencePanel, useDebounced } from './audience-panel';
import { MarkdownEditor } from './markdown-editor';
import { PreviewPanel } from './preview-panel';
import { ScheduleDialog } from './schedule-dialog';
import { CampaignStatusBadge } from './status-badge';
import { CampaignsUpgradePrompt } from './upgrade-prompt';

type Draft = { content: CampaignContent; segment: Segment };
type Tab = 'compose' | 'preview';

const TABS: TabItem<Tab>[] = [
  { value: 'compose', label: 'Compose', icon: PenLine },
  { value: 'preview', label: 'Preview', icon: Eye },
];

const SETTINGS_SENDER = '/settings?tab=sender';

function draftOf(campaign: Campaign): Draft {
  return {
    content: {
      name: campaign.name,
      subject: campaign.subject,
      previewText: campaign.previewText ?? '',
      body: campaign.body,
      trackOpens: campaign.trackOpens ?? true,
      trackClicks: campaign.trackClicks ?? true,
    },
    segment: normalizeSegment(campaign.segment),
  };
}

function sameDraft(a: Draft, b: Draft): boolean {
  const keys = Object.keys(a.content) as (keyof CampaignContent)[];
  return keys.every((key) => a.content[key] === b.content[key]) && segmentKey(a.segment) === segmentKey(b.segment);
}

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
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
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
  const settledSegment = useDebounced(draft.segment, 400);
  const { data: audienceData, isValidating: counting, mutate: recount } = useAudienceCount(settledSegment);
  // The count of the segment on screen, or none while it is being counted.
  const audience = audienceData && !counting && segmentKey(settledSegment) === segmentKey(draft.segment) ? audienceData : undefined;

  const dirty = !sameDraft(draft, draftOf(saved));
  const busy = update.isMutating || test.isMutating || send.isMutating || schedule.isMutating;
  // Read again on focus: completed in Settings in another tab, the warning goes.
  const senderMissing = sender !== undefined ? !senderComplete(sender) : Boolean(senderError);
  const formNames = Object.fromEntries((formsData?.forms ?? []).map((form) => [form.id, form.name]));
  const recipients = audience ? plural(audience.count, 'recipient') : null;
  const blocker = useUnsavedChanges(dirty);

  const setContent = (patch: Partial<CampaignContent>) => setDraft((current) => ({ ...current, content: { ...current.content, ...patch } }));

  /** A 409 (changed elsewhere, or no longer a draft): offer to reload instead of a toast. */
  const handleFailure = (failure: unknown, title: string): void => {
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
      const result = await update.trigger({ version: saved.version, content: draft.content, segment: draft.segment });
      setDraft(draftOf(result));
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
      <div className="mb-6 flex flex-col gap-4 xl:flex-row xl:items-start xl:justify-between">
        <div className="min-w-0 flex-1">
          <Link to="/campaigns" className="inline-flex items-center gap-1 text-sm text-gray-600 hover:text-gray-900">
            <ArrowLeft className="size-4" aria-hidden /> Campaigns
          </Link>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className="min-w-0 truncate text-2xl font-semibold tracking-tight text-gray-900">{saved.name}</h1>
            <CampaignStatusBadge status={saved.status} />
            <span role="status" className="text-xs text-gray-500">
              {update.isMutating ? (
                'Saving...'
              ) : dirty ? (
                <span className="text-amber-700">Unsaved changes</span>
              ) : (
                <span className="inline-flex items-center gap-1"><Check className="size-3.5 text-emerald-600" aria-hidden /> Saved</span>
              )}
            </span>
          </div>
          <p className="mt-1 text-sm text-gray-600">
            To <span className="font-medium text-gray-900">{describeSegment(draft.segment, formNames)}</span>
            {recipients ? ` · ${recipients}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 xl:shrink-0 xl:pt-6">
          <Button variant="secondary" onClick={() => void save()} disabled={busy || !dirty}>
            {update.isMutating ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Save className="size-4" aria-hidden />}
            {update.isMutating ? 'Saving...' : 'Save'}
          </Button>
          <Button variant="secondary" onClick={() => void sendTest()} disabled={busy || !canSend}>
            {test.isMutating ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <FlaskConical className="size-4" aria-hidden />}
            {test.isMutating ? 'Sending test...' : 'Send test'}
          </Button>
          <Button variant="secondary" onClick={() => void openSchedule()} disabled={busy || !canSend}>
            <CalendarClock className="size-4" aria-hidden /> Schedule
          </Button>
          <Button onClick={() => void openSend()} disabled={busy || !canSend}>
            <Send className="size-4" aria-hidden /> Send now
          </Button>
        </div>
      </div>

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
        <div {...tabPanelProps('campaign', 'compose')} className="grid gap-6 outline-none lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_24rem]">
          <div className="min-w-0 space-y-6">
            <EditorPanel title="Message" description="What investors see in their inbox and when they open it.">
              <Field label="Campaign name" hint="Only you see it." value={draft.content.name} maxLength={120} onChange={(e) => setContent({ name: e.target.value })} />
              <Field
                label="Subject"
                hint="Merge tags work here too, e.g. {{first_name|there}}."
                value={draft.content.subject}
                maxLength={200}
                onChange={(e) => setContent({ subject: e.target.value })}
              />
              <Field
                label="Preview text"
                hint="The line inbox apps show after the subject."
                value={draft.content.previewText}
                maxLength={200}
                onChange={(e) => setContent({ previewText: e.target.value })}
              />
              <MarkdownEditor id="campaign-body" label="Message" value={draft.content.body} onChange={(body) => setContent({ body })} />
            </EditorPanel>
            <EditorPanel title="Tracking" description="Opens are counted with a tiny image; clicks through signed links that go straight on to your address.">
              <Switch label="Track opens" description="Count who opened the e-mail." checked={draft.content.trackOpens} onChange={(trackOpens) => setContent({ trackOpens })} />
              <Switch label="Track clicks" description="Count who clicked a link." checked={draft.content.trackClicks} onChange={(trackClicks) => setContent({ trackClicks })} />
            </EditorPanel>
          </div>
          <div className="min-w-0 space-y-6 lg:sticky lg:top-6 lg:self-start">
            <EditorPanel title="Audience" icon={Users} description="Unsubscribed, bounced and complained addresses are always left out.">
              <AudiencePanel segment={draft.segment} onChange={(segment) => setDraft((c) => ({ ...c, segment }))} forms={formsData?.forms} />
            </EditorPanel>
            <section aria-label="Sender" className="rounded-2xl border border-gray-200 bg-white p-5 text-sm shadow-sm">
              <h2 className="text-base font-semibold text-gray-900">Sender</h2>
              {sender && senderComplete(sender) ? (
                <dl className="mt-3 space-y-2">
                  <div>
                    <dt className="text-xs text-gray-500">From</dt>
                    <dd className="text-gray-900">{sender.companyName} via RaiseSpark</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-gray-500">Postal address in the footer</dt>
                    <dd className="whitespace-pre-line text-gray-900">{sender.postalAddress}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-gray-500">Replies go to</dt>
                    <dd className="text-gray-900">Your sign-in e-mail</dd>
                  </div>
                </dl>
              ) : (
                <p className="mt-2 text-gray-600">Not set yet: add your company name and postal address in Settings.</p>
              )}
              <Link to={SETTINGS_SENDER} className="mt-3 inline-block font-medium text-brand-700 hover:text-brand-800">
                {sender && senderComplete(sender) ? 'Change in Settings' : 'Add in Settings'}
              </Link>
            </section>
          </div>
        </div>
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
              <strong className="font-semibold text-gray-900">{saved.subject}</strong> goes to{' '}
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
