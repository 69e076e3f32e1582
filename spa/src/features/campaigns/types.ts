import type { Temperature } from '@/features/leads/api/leads';

/** A campaign's life: drafts are edited; the rest are kept as a record. */
export type CampaignStatus = 'draft' | 'scheduled' | 'sending' | 'paused' | 'sent' | 'cancelled';

/** Who a campaign reaches, over the founder's own leads. Empty lists mean "any". */
export type Segment = {
  formIds: string[];
  temperatures: Temperature[];
  /** US state codes ('CA'). */
  states: string[];
  /** YYYY-MM-DD (UTC day), inclusive. */
  createdFrom?: string | null;
  createdTo?: string | null;
  /** Lead status: false = not yet e-mailed by any campaign, true = already e-mailed, null = either. */
  emailed?: boolean | null;
  /** From the applied portal imports: false = not invested yet, true = invested, null = either. */
  invested?: boolean | null;
  /** true = only leads who indicated an amount on the form. */
  indicated?: boolean | null;
};

/** What the founder writes. */
export type CampaignContent = {
  name: string;
  subject: string;
  previewText: string;
  /** Markdown with merge tags. */
  body: string;
  trackOpens: boolean;
  trackClicks: boolean;
  /** Links get utm_source=raisespark, utm_medium=email and the campaign's name (the server adds them). */
  tagLinks: boolean;
};

/** A campaign's figures, kept by the server (each recipient counted once per figure). */
export type CampaignStats = {
  recipients: number;
  sent: number;
  failed: number;
  suppressed: number;
  unknown: number;
  delivered: number;
  bounced: number;
  complained: number;
  opened: number;
  clicked: number;
  unsubscribed: number;
};

/** `GET /api/campaigns/{id}` (the server mixes snake_case and camelCase names). */
export type Campaign = CampaignContent &
  Partial<CampaignStats> & {
    id: string;
    owner_id: string;
    created_at: string;
    updatedAt: string;
    status: CampaignStatus;
    segment: Segment;
    scheduledAt?: string;
    startedAt?: string;
    finishedAt?: string;
    replyTo?: string;
    /** Why it paused itself, or was cancelled. */
    statusReason?: string;
    version: number;
    /**
     * The subject as the list shows it, rendered by the server (`GET /api/campaigns` and the
     * results): the company's name filled in, each investor's own values as '[First name]'.
     */
    listedSubject?: string;
  };

export type StarterTemplate = { id: string; name: string; description: string; subject: string; body: string };

/** `POST /api/campaigns/audience`. */
export type AudienceCount = { count: number; excludedSuppressed: number; duplicates: number; withoutEmail: number };

/** The message as a recipient gets it, from the renderer that sends. */
export type RenderedMessage = {
  subject: string;
  fromName: string;
  replyTo: string;
  html: string;
  text: string;
  /** In order: List-Unsubscribe before List-Unsubscribe-Post. */
  headers: [string, string][];
};

export type CampaignPreview = { recipient: string; rendered: RenderedMessage; audience: AudienceCount };

/** The sender's identity every campaign carries (CAN-SPAM); empty strings until set. */
export type Sender = { companyName: string; postalAddress: string };

export type RecipientStatus = 'pending' | 'sending' | 'sent' | 'suppressed' | 'failed' | 'unknown';

export type RecipientRow = {
  email: string;
  name?: string | null;
  form_name?: string | null;
  status: RecipientStatus;
  sent_at?: string;
  reason?: string;
  delivered_at?: string;
  opened_at?: string;
  clicked_at?: string;
  bounced_at?: string;
  complained_at?: string;
  unsubscribed_at?: string;
};

/** `GET /api/campaigns/{id}/results`: figures and a page of 50 recipients by address. */
export type CampaignResults = { campaign: Campaign; waiting: number; recipients: RecipientRow[]; next: string | null };
