//! The compliance vault: tamper-evident records of everything investors saw.
//!
//! Each founder's records form a hash chain. A record's hash is the SHA-256 of its canonical
//! serialisation (below), which includes the hash of the record before it (`prev_hash`; the
//! first record's is 64 zeros) and the SHA-256 of every file it keeps. Changing any record, or
//! any file, or removing one, breaks the chain from that point.
//!
//! **Canonical serialisation** (so anyone can recompute the hashes): the record as a JSON
//! object with the members `v` (1), `id`, `seq`, `owner_id`, `kind`, `category`, `title`,
//! `notes`, `created_at`, `actor`, `files` (each with `name`, `content_type`, `size`, `sha256`,
//! `key`, `version_id`), `content_sha256`, `meta`, `supersedes` and `prev_hash`; absent values
//! are `null`; object members sorted by name at every depth; no whitespace; numbers are
//! integers; strings as JSON escapes them (RFC 8259, non-ASCII kept as UTF-8). For the ASCII
//! member names and integer numbers used here this is exactly RFC 8785 (JCS).
//!
//! **Tamper evidence notices absence as well as change.** The chain's head (`seq`, `hash`) is
//! kept beside the records and compared with the chain walked from the table, so a deleted
//! newest record is missing, not "N−1 records, intact". And because anyone who can write the
//! table could re-seal it (rewrite records and head consistently), every record is anchored
//! outside the table as it is filed: its canonical JSON (`chain/<owner>/records/<seq>.json`,
//! whose SHA-256 is the record's hash) and the head after it (`chain/<owner>/heads/<seq>.json`)
//! are written into the Object Lock bucket, where no version can be changed or removed. A
//! verification compares the table with the first version of every anchor
//! ([`check_vault`]); the founder's daily digest mail carries the head's hash as a witness
//! held outside RaiseSpark.

// The records, the chain and the export manifest are rules: they live in `domain::vault` (the
// offering lifecycle in `domain::offering`); the old paths stay until callers import `domain`.
pub use domain::offering;
pub use domain::vault::*;

// What the product files by itself (I/O) is `services::vault_filing`.
