/** The offering's lifecycle (Settings → Offering; GET|PUT /api/compliance-vault/offering, POST …/offering/check). */
export type OfferingStatus = 'testing_the_waters' | 'form_c_filed' | 'live' | 'closed';

export type Offering = {
  status: OfferingStatus;
  /** YYYY-MM-DD. */
  filing_date: string | null;
  /** The funding portal (or broker-dealer) the offering runs through. */
  intermediary: string;
  /** The offering's page on the intermediary's platform (https). */
  offering_url: string | null;
  updated_at: string | null;
  /** Raised by every change; a change from an older copy is refused (409). */
  version: number;
  previous_status: OfferingStatus | null;
};

/**
 * What investors see instead of a form once the offering has left testing the waters (Rule
 * 204: the issuer, the intermediary and a link to its platform). Also carried by the public
 * form (`GET /api/public-forms/{id}`).
 */
export type OfferingNotice = {
  status: OfferingStatus;
  title: string;
  message: string;
  linkLabel: string | null;
  linkUrl: string | null;
};

/** A status as the server orders and names it; `selectable` for the saved one and those after it. */
export type StatusOption = { id: OfferingStatus; label: string; selectable: boolean };

export type OfferingState = {
  offering: Offering;
  label: string;
  /** Whether the forms still take indications of interest. */
  accepts_interest: boolean;
  notice: OfferingNotice | null;
  /** The founder's forms, all of which follow the status. */
  forms: number;
  /** Every status, in the only order they can be taken. */
  statuses: StatusOption[];
};

/** What the founder sends (PUT). */
export type OfferingChange = {
  version: number;
  status: OfferingStatus;
  filingDate: string | null;
  intermediary: string;
  offeringUrl: string | null;
};

/** The fields of the offering form, as the server names them in its problems. */
export type OfferingField = 'status' | 'filingDate' | 'intermediary' | 'offeringUrl';

/** The server's problems with a draft, one message per field. */
export type DraftErrors = Partial<Record<OfferingField, string>>;

/**
 * `POST /offering/check`: the draft can be saved (with its label and the notice investors
 * would see), or the server's problems with it, per field.
 */
export type OfferingCheck =
  | { valid: true; label: string; accepts_interest: boolean; notice: OfferingNotice | null }
  | { valid: false; message: string; errors: DraftErrors };
