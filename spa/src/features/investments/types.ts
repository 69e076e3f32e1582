/**
 * What a portal import is (GET /api/leads/imports…): the founder uploads the investor export
 * of their funding portal, the server reads it into a preview, and applying it records who of
 * their leads invested. Amounts of the file are in cents; a lead's indication is in dollars.
 */

export type ImportStatus = 'uploading' | 'reading' | 'ready' | 'applying' | 'applied' | 'failed' | 'replaced';

/** Which column of the file (its header text) holds each fact; null or absent when none does. */
export type Mapping = {
  name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  amount?: string | null;
  date?: string | null;
  status?: string | null;
  id?: string | null;
};

export type MappingField = keyof Mapping;

export type InvestmentStatus = 'invested' | 'pending' | 'cancelled';

export type MatchKind = 'email' | 'confirmed' | 'suggested' | 'unmatched';

export type SampleRow = {
  line: number;
  identity: string;
  name: string;
  email: string | null;
  amountCents: number;
  date: string | null;
  status: InvestmentStatus;
  match: { kind: MatchKind; leadId?: string; leadName?: string | null };
};

export type Candidate = { leadId: string; name: string | null; email: string | null; /** Whole dollars the lead indicated. */ indicated: number };

/** An investor the server could match to a lead only by name and amount: the founder decides. */
export type Suggestion = {
  identity: string;
  line: number;
  name: string;
  email: string | null;
  amountCents: number;
  candidates: Candidate[];
};

export type PreviewCounts = {
  invested: number;
  investedCents: number;
  pending: number;
  pendingCents: number;
  cancelled: number;
  byEmail: number;
  confirmed: number;
  suggested: number;
  unmatched: number;
};

/** Against the portal's applied import; null on a portal's first import. */
export type PreviewChanges = { new: number; changed: number; cancelled: number; removed: number; same: number };

export type Preview = {
  headers: string[];
  mapping: Mapping;
  gmailDots: boolean;
  rows: number;
  problemCount: number;
  /** The first 50. */
  problems: { line: number; message: string }[];
  /** The first 10 rows. */
  sample: SampleRow[];
  counts: PreviewCounts;
  /** At most 100. */
  suggestions: Suggestion[];
  changes: PreviewChanges | null;
};

export type ImportResult = { investors: number; investedCents: number; matched: number; unmatched: number; leadsInvested: number };

export type ImportJob = {
  id: string;
  portal: string;
  portalLabel: string;
  fileName: string;
  size: number;
  status: ImportStatus;
  progress: { done: number; total: number };
  error?: string | null;
  createdAt: string;
  createdBy: string;
  appliedAt?: string | null;
  sha256?: string | null;
  /** Present once read (the list leaves it out). */
  preview?: Preview | null;
  result?: ImportResult | null;
};

/** The limits the SPA checks a file against before uploading it, with the server's texts. */
export type ImportLimits = { maxBytes: number; tooLarge: string; hint: string };

export type PortalOption = { value: string; label: string };

/** `GET /api/leads/imports`. */
export type ImportsOverview = {
  /** Newest first, without preview. */
  imports: ImportJob[];
  /** Each portal's applied import, the one its investments come from now. */
  portals: { portal: string; activeImportId: string | null; appliedAt: string | null }[];
  limits: ImportLimits;
  portalOptions: PortalOption[];
};

/** An investor of an applied import. */
export type Investor = {
  line: number;
  name: string;
  email: string | null;
  amountCents: number;
  date: string | null;
  status: InvestmentStatus;
  leadId: string | null;
};

/** `GET /api/leads/investments?matched=false&cursor=`. */
export type InvestorsPage = { investors: Investor[]; next: string | null };

/** What a lead invested through the portals, as the lead panel shows it; null when nothing. */
export type LeadInvestment = { investedCents: number; date: string | null; count: number; pendingCents: number } | null;
