import { useState } from 'react';
import { useUnsavedChanges } from '@/components/ui/unsaved-changes-dialog';
import { normalizeSegment, segmentKey } from '../segment';
import type { Campaign, CampaignContent, Segment } from '../types';

export type Draft = { content: CampaignContent; segment: Segment };

function draftOf(campaign: Campaign): Draft {
  return {
    content: {
      name: campaign.name,
      subject: campaign.subject,
      previewText: campaign.previewText ?? '',
      body: campaign.body,
      trackOpens: campaign.trackOpens ?? true,
      trackClicks: campaign.trackClicks ?? true,
      tagLinks: campaign.tagLinks ?? true,
    },
    segment: normalizeSegment(campaign.segment),
  };
}

function sameDraft(a: Draft, b: Draft): boolean {
  const keys = Object.keys(a.content) as (keyof CampaignContent)[];
  return keys.every((key) => a.content[key] === b.content[key]) && segmentKey(a.segment) === segmentKey(b.segment);
}

/**
 * The founder's draft of a saved campaign: `dirty` while they differ, and while dirty leaving
 * the page asks first (answer with `UnsavedChangesDialog` and `blocker`).
 */
export function useCampaignDraft(saved: Campaign) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const dirty = !sameDraft(draft, draftOf(saved));
  const blocker = useUnsavedChanges(dirty);

  const setContent = (patch: Partial<CampaignContent>) => setDraft((current) => ({ ...current, content: { ...current.content, ...patch } }));
  const setSegment = (segment: Segment) => setDraft((current) => ({ ...current, segment }));
  /** A saved campaign: the draft starts again from it. */
  const accept = (campaign: Campaign) => setDraft(draftOf(campaign));

  return { draft, dirty, blocker, setContent, setSegment, accept };
}
