import { ArrowLeft, CalendarClock, Check, FlaskConical, Loader2, Save, Send } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import type { Campaign } from '../types';
import { CampaignStatusBadge } from './status-badge';

/** The campaign editor's title line: name, status, save state, audience and the actions. */
export function EditorHeader({ saved, to, recipients, dirty, saving, testing, busy, canSend, maySend = true, onSave, onSendTest, onSchedule, onSend }: {
  saved: Campaign;
  /** Who the draft goes to, e.g. "Hot leads". */
  to: string;
  /** "12 recipients", or null while counting. */
  recipients: string | null;
  dirty: boolean;
  saving: boolean;
  testing: boolean;
  /** Any request running: every action waits. */
  busy: boolean;
  canSend: boolean;
  /** The caller's role sends campaigns (a member drafts, counsel reviews): otherwise no Schedule or Send. */
  maySend?: boolean;
  onSave: () => void;
  onSendTest: () => void;
  onSchedule: () => void;
  onSend: () => void;
}) {
  return (
      <div className="mb-6 flex flex-col gap-4 xl:flex-row xl:items-start xl:justify-between">
        <div className="min-w-0 flex-1">
          <Link to="/campaigns" className="inline-flex items-center gap-1 text-sm text-gray-600 hover:text-gray-900">
            <ArrowLeft className="size-4" aria-hidden /> Campaigns
          </Link>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className="min-w-0 truncate text-2xl font-semibold tracking-tight text-gray-900">{saved.name}</h1>
            <CampaignStatusBadge status={saved.status} />
            <span role="status" className="text-xs text-gray-500">
              {saving ? (
                'Saving...'
              ) : dirty ? (
                <span className="text-amber-700">Unsaved changes</span>
              ) : (
                <span className="inline-flex items-center gap-1"><Check className="size-3.5 text-emerald-600" aria-hidden /> Saved</span>
              )}
            </span>
          </div>
          <p className="mt-1 text-sm text-gray-600">
            To <span className="font-medium text-gray-900">{to}</span>
            {recipients ? ` · ${recipients}` : ''}
          </p>
        </div>
        {/* Two by two on a phone (never one button left on a line of its own), one row from sm. */}
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap xl:shrink-0 xl:pt-6">
          <Button variant="secondary" onClick={onSave} disabled={busy || !dirty}>
            {saving ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Save className="size-4" aria-hidden />}
            {saving ? 'Saving...' : 'Save'}
          </Button>
          <Button variant="secondary" onClick={onSendTest} disabled={busy || !canSend}>
            {testing ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <FlaskConical className="size-4" aria-hidden />}
            {testing ? 'Sending test...' : 'Send test'}
          </Button>
          {maySend ? (
            <>
              <Button variant="secondary" onClick={onSchedule} disabled={busy || !canSend}>
                <CalendarClock className="size-4" aria-hidden /> Schedule
              </Button>
              <Button onClick={onSend} disabled={busy || !canSend}>
                <Send className="size-4" aria-hidden /> Send now
              </Button>
            </>
          ) : null}
        </div>
      </div>
  );
}
