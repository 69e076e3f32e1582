import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { EditorPanel } from '@/components/ui/editor-panel';
import { Field } from '@/components/ui/field';
import { Switch } from '@/components/ui/switch';
import { tabPanelProps } from '@/components/ui/tabs';
import type { Form } from '@/features/forms/types';
import { senderComplete } from '../api/sender';
import type { CampaignContent, Segment, Sender } from '../types';
import { AudiencePanel } from './audience-panel';
import { MessageEditor } from './message-editor';
import type { Draft } from './use-campaign-draft';

export const SETTINGS_SENDER = '/settings?tab=sender';

/** The campaign editor's Compose tab: message, tracking, audience and the sender it goes from. */
export function ComposePanel({ draft, onContentChange, onSegmentChange, forms, sender }: {
  draft: Draft;
  onContentChange: (patch: Partial<CampaignContent>) => void;
  onSegmentChange: (segment: Segment) => void;
  forms: Form[] | undefined;
  sender: Sender | undefined;
}) {
  return (
    <div {...tabPanelProps('campaign', 'compose')} className="grid gap-6 outline-none lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="min-w-0 space-y-6">
        <EditorPanel title="Message" description="What investors see in their inbox and when they open it.">
          <Field label="Campaign name" hint="Only you see it." value={draft.content.name} maxLength={120} onChange={(e) => onContentChange({ name: e.target.value })} />
          <Field
            label="Subject"
            hint="To greet each investor here too, type {{first_name|there}}: it becomes their first name, or “there”."
            value={draft.content.subject}
            maxLength={200}
            onChange={(e) => onContentChange({ subject: e.target.value })}
          />
          <Field
            label="Preview text"
            hint="The line inbox apps show after the subject."
            value={draft.content.previewText}
            maxLength={200}
            onChange={(e) => onContentChange({ previewText: e.target.value })}
          />
          <MessageEditor id="campaign-body" label="Message" value={draft.content.body} onChange={(body) => onContentChange({ body })} />
        </EditorPanel>
        <EditorPanel title="Tracking" description="Opens are counted with a tiny image; clicks through signed links that go straight on to your address.">
          <Switch label="Track opens" description="Count who opened the e-mail." checked={draft.content.trackOpens} onChange={(trackOpens) => onContentChange({ trackOpens })} />
          <Switch label="Track clicks" description="Count who clicked a link." checked={draft.content.trackClicks} onChange={(trackClicks) => onContentChange({ trackClicks })} />
          <Switch
            label="Tag links"
            description="Add utm_source=raisespark, utm_medium=email and this campaign's name to links (links with tags of their own keep them), so your sources show which campaign brought a visitor."
            checked={draft.content.tagLinks}
            onChange={(tagLinks) => onContentChange({ tagLinks })}
          />
        </EditorPanel>
      </div>
      <div className="min-w-0 space-y-6 lg:sticky lg:top-6 lg:self-start">
        <EditorPanel title="Audience" icon={Users} description="Unsubscribed, bounced and complained addresses are always left out.">
          <AudiencePanel segment={draft.segment} onChange={onSegmentChange} forms={forms} />
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
  );
}
