import type { UploadLimits } from './upload-file';
/** What the compliance vault keeps (GET /api/compliance-vault/records…, see infra/openapi.yaml). */
export type RecordKind = 'form_snapshot' | 'campaign' | 'legend' | 'offering' | 'digest' | 'upload' | 'review' | 'import';

/** Who made a record: the founder, RaiseSpark support in a support session, or the product. */
export type RecordActor = { kind: 'founder' | 'admin' | 'system'; id?: string | null };

export type VaultFile = {
  name: string;
  content_type: string;
  size: number;
  sha256: string;
  version_id?: string | null;
};

/** One record. `hash` covers its canonical form, which includes `prev_hash` and every file's SHA-256. */
export type VaultRecord = {
  id: string;
  /** Position in the founder's hash chain, from 1. */
  seq: number;
  kind: RecordKind;
  kind_label: string;
  category: string;
  category_label: string;
  /** The title the record was filed (and hashed) with. */
  title: string;
  /** The title written for its reader, computed by the server from the record's facts (older records were filed with other titles). */
  display_title?: string;
  notes: string;
  created_at: string;
  actor: RecordActor;
  files: VaultFile[];
  content_sha256: string;
  meta: Record<string, unknown>;
  supersedes?: string | null;
  superseded_by?: string | null;
  prev_hash: string;
  hash: string;
};

export type KindOption = { id: RecordKind; label: string };
export type CategoryOption = { id: string; label: string; upload: boolean };

export type RecordsPage = {
  records: VaultRecord[];
  /** The `before` of the next page; null on the last. */
  next: number | null;
  /** Records in the whole chain (not only those matching the filters). */
  total: number;
  kinds: KindOption[];
  categories: CategoryOption[];
  /** The limits uploads are checked against (the upload form shows and checks them). */
  upload: UploadLimits;
};

export type RecordFilters = {
  kind: string | null;
  category: string | null;
  /** YYYY-MM-DD, inclusive. */
  from: string | null;
  to: string | null;
  q: string | null;
};

export type VerifyReport = {
  verified: boolean;
  records: number;
  files: number;
  message: string;
  head_hash?: string | null;
  /** The chain's head as the vault keeps it: the founder's daily digest mail carries the same. */
  head?: { seq: number; hash: string } | null;
  /** Records whose copy is in write-once storage, and those filed since, not yet anchored. */
  anchored?: number;
  pending_anchor?: number;
  /** `record_id` is null for a record missing from the vault (nothing to open). */
  failure?: { record_id: string | null; seq: number; title: string | null; detail: { problem: string; file?: string } };
  checked_at: string;
};
