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

pub mod export;
pub mod snapshot;
pub mod titles;

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};


use crate::{invalid::{Checked, Invalid}, offering::OfferingStatus};

/// `prev_hash` of a founder's first record.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// Uploads are at most 25 MB.
pub const MAX_UPLOAD_BYTES: u64 = 25 * 1024 * 1024;
pub const MAX_TITLE: usize = 200;
pub const MAX_NOTES: usize = 2000;

/// What a record is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A form as investors saw it when it was published (or edited while live).
    FormSnapshot,
    /// A campaign's message as it went out, with its audience.
    Campaign,
    /// A legend's wording, the first time a form uses it.
    Legend,
    /// A change of the offering's status.
    Offering,
    /// Leads captured per form on one day (counts only).
    Digest,
    /// A file the founder added.
    Upload,
    /// Counsel's approval or rejection of one version of a form, a campaign or an offering
    /// change (with the version's hash and the comment).
    Review,
    /// A funding portal's investor export imported into the leads (the file's hash, its row
    /// count, who imported it, what it added up to; not the investors themselves).
    Import,
}

impl Kind {
    pub const ALL: [Kind; 8] = [Kind::FormSnapshot, Kind::Campaign, Kind::Legend, Kind::Offering, Kind::Digest, Kind::Upload, Kind::Review, Kind::Import];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::FormSnapshot => "form_snapshot",
            Kind::Campaign => "campaign",
            Kind::Legend => "legend",
            Kind::Offering => "offering",
            Kind::Digest => "digest",
            Kind::Upload => "upload",
            Kind::Review => "review",
            Kind::Import => "import",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.as_str() == value)
    }
}

/// How a record is filed. Uploads take one of the first seven; the product files its own
/// records under the last three.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    FormCDraft,
    FormCFiled,
    FinancialStatements,
    PitchDeck,
    OfferingPageCopy,
    InvestorCommunication,
    Other,
    /// Testing-the-waters material (Rule 206): filed with the Form C.
    TestingTheWaters,
    OfferingRecord,
    LeadDigest,
}

impl Category {
    pub const ALL: [Category; 10] = [
        Category::FormCDraft,
        Category::FormCFiled,
        Category::FinancialStatements,
        Category::PitchDeck,
        Category::OfferingPageCopy,
        Category::InvestorCommunication,
        Category::Other,
        Category::TestingTheWaters,
        Category::OfferingRecord,
        Category::LeadDigest,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Category::FormCDraft => "form_c_draft",
            Category::FormCFiled => "form_c_filed",
            Category::FinancialStatements => "financial_statements",
            Category::PitchDeck => "pitch_deck",
            Category::OfferingPageCopy => "offering_page_copy",
            Category::InvestorCommunication => "investor_communication",
            Category::Other => "other",
            Category::TestingTheWaters => "testing_the_waters",
            Category::OfferingRecord => "offering_record",
            Category::LeadDigest => "lead_digest",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Category::FormCDraft => "Form C draft",
            Category::FormCFiled => "Form C as filed",
            Category::FinancialStatements => "Financial statements",
            Category::PitchDeck => "Pitch deck",
            Category::OfferingPageCopy => "Offering page copy",
            Category::InvestorCommunication => "Investor communication",
            Category::Other => "Other",
            Category::TestingTheWaters => "Testing-the-waters material",
            Category::OfferingRecord => "Offering record",
            Category::LeadDigest => "Lead digest",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|category| category.as_str() == value)
    }

    /// The categories a founder may choose for an upload.
    pub fn for_upload(self) -> bool {
        !matches!(self, Category::TestingTheWaters | Category::OfferingRecord | Category::LeadDigest)
    }
}

/// Who made a record: the founder, an administrator in a support session on their account,
/// or the product itself (digests).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Actor {
    /// `founder`, `admin` or `system`.
    pub kind: String,
    /// The founder's id, the administrator's id, or absent for the system.
    #[serde(default)]
    pub id: Option<String>,
}

impl Actor {
    pub fn founder(id: &str) -> Self {
        Self { kind: "founder".into(), id: Some(id.into()) }
    }

    pub fn admin(id: &str) -> Self {
        Self { kind: "admin".into(), id: Some(id.into()) }
    }

    pub fn system() -> Self {
        Self { kind: "system".into(), id: None }
    }
}

/// What investors' material is filed under: testing-the-waters material while the offering
/// tests the waters, investor communication after.
pub fn material_category(status: OfferingStatus) -> Category {
    if status == OfferingStatus::TestingTheWaters { Category::TestingTheWaters } else { Category::InvestorCommunication }
}

/// One file a record keeps, where it is kept and its hash.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileRef {
    pub name: String,
    pub content_type: String,
    pub size: u64,
    pub sha256: String,
    pub key: String,
    #[serde(default)]
    pub version_id: Option<String>,
}

/// A record as stored (and as the API shows it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub id: String,
    pub seq: u64,
    pub owner_id: String,
    pub kind: Kind,
    pub category: Category,
    pub title: String,
    #[serde(default)]
    pub notes: String,
    pub created_at: String,
    pub actor: Actor,
    pub files: Vec<FileRef>,
    /// The SHA-256 of the record's main file (its first).
    pub content_sha256: String,
    /// Small facts about the record (the form's id and version, the campaign's audience
    /// counts, the offering's status…): strings, integers, booleans, lists and objects only.
    #[serde(default = "empty_object")]
    pub meta: Value,
    #[serde(default)]
    pub supersedes: Option<String>,
    pub prev_hash: String,
    /// SHA-256 of [`Record::canonical`].
    pub hash: String,
}

fn empty_object() -> Value {
    Value::Object(Map::new())
}

impl Record {
    /// The canonical serialisation the record's hash covers (module documentation).
    pub fn canonical(&self) -> String {
        let value = json!({
            "v": 1,
            "id": self.id,
            "seq": self.seq,
            "owner_id": self.owner_id,
            "kind": self.kind.as_str(),
            "category": self.category.as_str(),
            "title": self.title,
            "notes": self.notes,
            "created_at": self.created_at,
            "actor": { "kind": self.actor.kind, "id": self.actor.id },
            "files": self.files.iter().map(|f| json!({
                "name": f.name, "content_type": f.content_type, "size": f.size, "sha256": f.sha256, "key": f.key, "version_id": f.version_id,
            })).collect::<Vec<_>>(),
            "content_sha256": self.content_sha256,
            "meta": self.meta,
            "supersedes": self.supersedes,
            "prev_hash": self.prev_hash,
        });
        canonical_json(&value)
    }

    pub fn compute_hash(&self) -> String {
        sha256_hex(self.canonical().as_bytes())
    }

    /// Sets `hash` from the other fields.
    pub fn seal(mut self) -> Self {
        self.hash = self.compute_hash();
        self
    }
}

use crate::crypto::sha256_hex;

/// JSON with object members sorted by name at every depth and no whitespace.
pub fn canonical_json(value: &Value) -> String {
    fn sorted(value: &Value) -> Value {
        match value {
            Value::Object(map) => {
                let mut entries: Vec<(&String, &Value)> = map.iter().collect();
                entries.sort_by(|a, b| a.0.cmp(b.0));
                Value::Object(entries.into_iter().map(|(k, v)| (k.clone(), sorted(v))).collect())
            }
            Value::Array(items) => Value::Array(items.iter().map(sorted).collect()),
            other => other.clone(),
        }
    }
    serde_json::to_string(&sorted(value)).unwrap_or_default()
}

/// Why a record fails verification.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum Failure {
    /// Its stored fields no longer give its hash.
    RecordAltered,
    /// Its `prev_hash` is not the previous record's hash.
    ChainBroken,
    /// The vault's table no longer holds it: a sequence number the head counts, or that was
    /// anchored, is gone.
    RecordMissing,
    /// The chain's head does not name it as it is (the head was rewritten, or the record is
    /// beyond what the head counts).
    HeadMismatch,
    /// It differs from the copy anchored in write-once storage when it was filed: the table
    /// was rewritten (and perhaps re-sealed) since.
    DiffersFromAnchor,
    /// Its anchored copy was written over with a different version.
    AnchorOverwritten,
    /// Later records are anchored but its copy is not there.
    AnchorMissing,
    /// One of its files is gone.
    FileMissing { file: String },
    /// One of its files no longer has the recorded SHA-256 (or a newer version replaced it).
    FileAltered { file: String },
}

impl Failure {
    pub fn describe(&self) -> String {
        match self {
            Failure::RecordAltered => "its details were changed after it was recorded".into(),
            Failure::ChainBroken => "it does not follow the record before it in the chain".into(),
            Failure::RecordMissing => "it is missing from the vault".into(),
            Failure::HeadMismatch => "the chain's head does not match it".into(),
            Failure::DiffersFromAnchor => "it differs from the copy written to write-once storage when it was filed".into(),
            Failure::AnchorOverwritten => "its copy in write-once storage was written over".into(),
            Failure::AnchorMissing => "its copy in write-once storage is missing".into(),
            Failure::FileMissing { file } => format!("its file {file} is missing"),
            Failure::FileAltered { file } => format!("its file {file} no longer matches the recorded SHA-256"),
        }
    }
}

/// Walks the chain (records in sequence order, from the first): each record must give its
/// own hash, follow the one before it and carry the next sequence number. Returns the index
/// of the first record that fails, and why.
pub fn check_chain(records: &[Record]) -> Option<(usize, Failure)> {
    let mut prev = GENESIS.to_owned();
    for (index, record) in records.iter().enumerate() {
        if record.compute_hash() != record.hash {
            return Some((index, Failure::RecordAltered));
        }
        if record.prev_hash != prev || record.seq != index as u64 + 1 {
            return Some((index, Failure::ChainBroken));
        }
        prev = record.hash.clone();
    }
    None
}

/// The head of a founder's chain as the table keeps it: how many records, and the last hash.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChainHead {
    pub seq: u64,
    pub hash: String,
}

impl ChainHead {
    pub fn genesis() -> Self {
        Self { seq: 0, hash: GENESIS.to_owned() }
    }
}

/// Where a record's anchor and the head after it are kept in the vault bucket.
pub fn anchor_prefix(owner_id: &str) -> String {
    format!("chain/{owner_id}/")
}

pub fn record_anchor_key(owner_id: &str, seq: u64) -> String {
    format!("chain/{owner_id}/records/{seq:010}.json")
}

pub fn head_anchor_key(owner_id: &str, seq: u64) -> String {
    format!("chain/{owner_id}/heads/{seq:010}.json")
}

/// The head anchor's text: the head after record `seq` was filed.
pub fn head_anchor(owner_id: &str, head: &ChainHead) -> String {
    canonical_json(&json!({ "owner_id": owner_id, "seq": head.seq, "hash": head.hash }))
}

/// What an anchor key names: `(is_head, seq)`.
pub fn parse_anchor_key(owner_id: &str, key: &str) -> Option<(bool, u64)> {
    let rest = key.strip_prefix(&anchor_prefix(owner_id))?;
    let (kind, file) = rest.split_once('/')?;
    let seq = file.strip_suffix(".json")?.parse().ok()?;
    match kind {
        "records" => Some((false, seq)),
        "heads" => Some((true, seq)),
        _ => None,
    }
}

/// What the write-once bucket holds for a founder's chain: the first version of each anchor.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Anchors {
    /// Sequence number → the canonical JSON first written for that record.
    pub records: BTreeMap<u64, String>,
    /// Sequence number → the head hash first written after that record (those read: the
    /// table's head and the last anchored one).
    pub heads: BTreeMap<u64, String>,
    /// The highest sequence number with an anchored head (0 for none).
    pub last_head: u64,
    /// Record sequence numbers whose anchor has a later version that differs from the first.
    pub overwritten: BTreeSet<u64>,
}

impl Anchors {
    /// The highest anchored sequence number (0 for none).
    pub fn last(&self) -> u64 {
        self.records.keys().next_back().copied().unwrap_or(0)
    }

    /// The title a record had when it was anchored (for a record the table lost).
    pub fn title(&self, seq: u64) -> Option<String> {
        let copy: Value = serde_json::from_str(self.records.get(&seq)?).ok()?;
        copy.get("title").and_then(Value::as_str).map(str::to_owned)
    }
}

/// Checks a founder's chain as the table holds it (records in sequence order) against its
/// head and its anchors. Every finding, by sequence number (the first is what to report):
/// a record whose hash or link is wrong, a sequence number missing (inside the chain, past
/// its end up to the head, or anchored but gone), a head that does not match the chain, a
/// record that differs from its anchored copy, an anchor written over or missing.
pub fn check_vault(records: &[Record], head: &ChainHead, anchors: &Anchors) -> Vec<(u64, Failure)> {
    let mut found = Vec::new();
    let by_seq: BTreeMap<u64, &Record> = records.iter().map(|r| (r.seq, r)).collect();
    let mut prev = GENESIS.to_owned();
    let mut expected = 1;
    for record in by_seq.values() {
        let gap = record.seq > expected;
        if gap {
            found.push((expected, Failure::RecordMissing));
        }
        if record.compute_hash() != record.hash {
            found.push((record.seq, Failure::RecordAltered));
        } else if !gap && record.prev_hash != prev {
            found.push((record.seq, Failure::ChainBroken));
        }
        prev = record.hash.clone();
        expected = record.seq + 1;
    }
    let last = expected - 1;
    if head.seq > last {
        found.push((last + 1, Failure::RecordMissing));
    } else if head.seq < last {
        found.push((head.seq + 1, Failure::HeadMismatch));
    } else if head.seq > 0 && head.hash != prev {
        found.push((head.seq, Failure::HeadMismatch));
    }
    for seq in 1..=anchors.last() {
        match (anchors.records.get(&seq), by_seq.get(&seq)) {
            (None, _) => found.push((seq, Failure::AnchorMissing)),
            (Some(_), None) => found.push((seq, Failure::RecordMissing)),
            (Some(copy), Some(record)) if record.canonical() != *copy => found.push((seq, Failure::DiffersFromAnchor)),
            _ => {}
        }
        if anchors.overwritten.contains(&seq) {
            found.push((seq, Failure::AnchorOverwritten));
        }
    }
    if anchors.last_head > head.seq {
        found.push((head.seq + 1, Failure::RecordMissing));
    }
    if anchors.heads.get(&head.seq).is_some_and(|hash| *hash != head.hash) {
        found.push((head.seq, Failure::HeadMismatch));
    }
    // Stable: for one sequence number, what the table shows first.
    found.sort_by_key(|(seq, _)| *seq);
    let mut seen = Vec::new();
    found.retain(|finding| {
        let new = !seen.contains(finding);
        if new {
            seen.push(finding.clone());
        }
        new
    });
    found
}

/// A title or note as given: trimmed, without control characters (new lines allowed in notes).
pub fn clean_text(value: &str, max: usize, what: &str, multiline: bool) -> Checked<String> {
    let value = value.trim();
    if value.chars().count() > max {
        return Err(Invalid::new("too_long", format!("The {what} can be at most {max} characters.")));
    }
    if value.chars().any(|c| c.is_control() && !(multiline && (c == '\n' || c == '\r' || c == '\t'))) {
        return Err(Invalid::new("invalid_text", format!("Remove the control characters from the {what}.")));
    }
    Ok(value.to_owned())
}

/// The upload types the vault accepts: what the browser declares, and the file's first bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileType {
    Pdf,
    Png,
    Jpeg,
    Docx,
    Xlsx,
}

impl FileType {
    pub const ALL: [FileType; 5] = [FileType::Pdf, FileType::Png, FileType::Jpeg, FileType::Docx, FileType::Xlsx];

    pub fn content_type(self) -> &'static str {
        match self {
            FileType::Pdf => "application/pdf",
            FileType::Png => "image/png",
            FileType::Jpeg => "image/jpeg",
            FileType::Docx => "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            FileType::Xlsx => "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            FileType::Pdf => "pdf",
            FileType::Png => "png",
            FileType::Jpeg => "jpg",
            FileType::Docx => "docx",
            FileType::Xlsx => "xlsx",
        }
    }

    pub fn from_content_type(value: &str) -> Option<Self> {
        let value = value.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
        Self::ALL.into_iter().find(|t| t.content_type() == value || (value == "image/jpg" && *t == FileType::Jpeg))
    }

    /// Whether the file's first bytes are this type's signature (DOCX and XLSX are ZIP
    /// packages; which one is told by the part names near the start).
    pub fn matches(self, head: &[u8]) -> bool {
        match self {
            FileType::Pdf => head.starts_with(b"%PDF-"),
            FileType::Png => head.starts_with(b"\x89PNG\r\n\x1a\n"),
            FileType::Jpeg => head.starts_with(&[0xFF, 0xD8, 0xFF]),
            FileType::Docx => head.starts_with(b"PK\x03\x04") && !contains(head, b"xl/"),
            FileType::Xlsx => head.starts_with(b"PK\x03\x04") && !contains(head, b"word/"),
        }
    }
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// A file name that is safe in an object key, a ZIP entry and a download header: letters,
/// digits, `.-_` and spaces kept, everything else `_`, at most 120 characters, never empty.
pub fn safe_file_name(name: &str, extension: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or_default();
    let stem = base.rsplit_once('.').map(|(s, _)| s).unwrap_or(base);
    let cleaned: String = stem
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | ' ') { c } else { '_' })
        .take(100)
        .collect();
    let cleaned = cleaned.trim().trim_matches('_').to_owned();
    let stem = if cleaned.is_empty() { "file".to_owned() } else { cleaned };
    format!("{stem}.{extension}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(seq: u64, prev: &str) -> Record {
        Record {
            id: format!("00000000-0000-4000-8000-00000000000{seq}"),
            seq,
            owner_id: "owner-1".into(),
            kind: Kind::Upload,
            category: Category::PitchDeck,
            title: "Deck".into(),
            notes: String::new(),
            created_at: "2026-11-25T10:00:00Z".into(),
            actor: Actor::founder("owner-1"),
            files: vec![FileRef {
                name: "deck.pdf".into(),
                content_type: "application/pdf".into(),
                size: 3,
                sha256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad".into(),
                key: "records/owner-1/x/deck.pdf".into(),
                version_id: Some("v1".into()),
            }],
            content_sha256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad".into(),
            meta: json!({"b": 1, "a": ["x", {"d": true, "c": null}]}),
            supersedes: None,
            prev_hash: prev.into(),
            hash: String::new(),
        }
        .seal()
    }

    #[test]
    fn the_canonical_form_sorts_members_at_every_depth_without_whitespace() {
        let value = json!({"b": 1, "a": ["é", {"d": true, "c": null}], "Z": "\n"});
        assert_eq!(canonical_json(&value), r#"{"Z":"\n","a":["é",{"c":null,"d":true}],"b":1}"#);
    }

    #[test]
    fn a_record_hash_is_the_sha256_of_its_canonical_form_which_is_stable() {
        let first = record(1, GENESIS);
        assert_eq!(
            first.canonical(),
            concat!(
                r#"{"actor":{"id":"owner-1","kind":"founder"},"category":"pitch_deck","content_sha256":"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad","#,
                r#""created_at":"2026-11-25T10:00:00Z","files":[{"content_type":"application/pdf","key":"records/owner-1/x/deck.pdf","name":"deck.pdf","#,
                r#""sha256":"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad","size":3,"version_id":"v1"}],"id":"00000000-0000-4000-8000-000000000001","#,
                r#""kind":"upload","meta":{"a":["x",{"c":null,"d":true}],"b":1},"notes":"","owner_id":"owner-1","#,
                r#""prev_hash":"0000000000000000000000000000000000000000000000000000000000000000","seq":1,"supersedes":null,"title":"Deck","v":1}"#
            )
        );
        assert_eq!(first.hash, sha256_hex(first.canonical().as_bytes()));
        assert_eq!(first.hash.len(), 64);
    }

    #[test]
    fn an_intact_chain_verifies_and_the_first_altered_record_is_named() {
        let a = record(1, GENESIS);
        let b = record(2, &a.hash);
        let c = record(3, &b.hash);
        assert_eq!(check_chain(&[a.clone(), b.clone(), c.clone()]), None);

        let mut altered = b.clone();
        altered.title = "Deck (edited)".into();
        assert_eq!(check_chain(&[a.clone(), altered, c.clone()]), Some((1, Failure::RecordAltered)));

        // Re-sealing an edited record does not help: the next one no longer follows it.
        let mut resealed = b.clone();
        resealed.title = "Deck (edited)".into();
        let resealed = resealed.seal();
        assert_eq!(check_chain(&[a.clone(), resealed, c.clone()]), Some((2, Failure::ChainBroken)));

        // A removed record breaks the chain where it was.
        assert_eq!(check_chain(&[a.clone(), c.clone()]), Some((1, Failure::ChainBroken)));
        assert_eq!(check_chain(&[]), None);
    }

    fn sealed_chain(titles: &[&str]) -> Vec<Record> {
        let mut chain: Vec<Record> = Vec::new();
        for (i, title) in titles.iter().enumerate() {
            let prev = chain.last().map(|r| r.hash.clone()).unwrap_or_else(|| GENESIS.to_owned());
            let mut record = record(i as u64 + 1, &prev);
            record.title = (*title).to_owned();
            chain.push(record.seal());
        }
        chain
    }

    fn head_of(chain: &[Record]) -> ChainHead {
        chain.last().map(|r| ChainHead { seq: r.seq, hash: r.hash.clone() }).unwrap_or_else(ChainHead::genesis)
    }

    fn anchored(chain: &[Record]) -> Anchors {
        Anchors {
            records: chain.iter().map(|r| (r.seq, r.canonical())).collect(),
            heads: chain.iter().map(|r| (r.seq, r.hash.clone())).collect(),
            last_head: chain.len() as u64,
            overwritten: BTreeSet::new(),
        }
    }

    #[test]
    fn an_intact_anchored_chain_has_no_finding_and_an_unanchored_tail_is_not_one() {
        let chain = sealed_chain(&["one", "two", "three"]);
        assert_eq!(check_vault(&chain, &head_of(&chain), &anchored(&chain)), []);
        assert_eq!(check_vault(&chain, &head_of(&chain), &anchored(&chain[..1])), [], "records filed since the last anchor wait for theirs");
        assert_eq!(check_vault(&chain, &head_of(&chain), &Anchors::default()), [], "a vault from before anchoring");
        assert_eq!(check_vault(&[], &ChainHead::genesis(), &Anchors::default()), []);
    }

    #[test]
    fn tamper_evidence_notices_absence_as_well_as_change() {
        let chain = sealed_chain(&["one", "two", "three"]);
        let head = head_of(&chain);
        let anchors = anchored(&chain);
        let first = |records: &[Record], head: &ChainHead, anchors: &Anchors| check_vault(records, head, anchors).into_iter().next();

        // The newest record deleted, the head left as it was: the head counts 3, the table holds 2.
        assert_eq!(first(&chain[..2], &head, &Anchors::default()), Some((3, Failure::RecordMissing)));
        assert_eq!(first(&chain[..2], &head, &anchors), Some((3, Failure::RecordMissing)));
        // …and the head rewritten to match: only the anchors still know record 3.
        assert_eq!(first(&chain[..2], &head_of(&chain[..2]), &anchors), Some((3, Failure::RecordMissing)));
        assert_eq!(anchors.title(3).as_deref(), Some("three"), "the missing record is named from its anchor");
        assert_eq!(first(&chain[..2], &head_of(&chain[..2]), &Anchors { last_head: 3, ..Anchors::default() }), Some((3, Failure::RecordMissing)), "the anchored heads alone tell");
        // A record in the middle deleted.
        let middle = [chain[0].clone(), chain[2].clone()];
        assert_eq!(first(&middle, &head, &Anchors::default()), Some((2, Failure::RecordMissing)));
        assert_eq!(first(&middle, &head, &anchors), Some((2, Failure::RecordMissing)));

        // Re-sealed: record 2 rewritten, it and every later one re-hashed, the head moved on.
        let mut resealed = chain.clone();
        resealed[1].title = "two (backdated)".into();
        resealed[1] = resealed[1].clone().seal();
        resealed[2].prev_hash = resealed[1].hash.clone();
        resealed[2] = resealed[2].clone().seal();
        let resealed_head = head_of(&resealed);
        assert_eq!(check_chain(&resealed), None, "the table alone cannot tell");
        assert_eq!(first(&resealed, &resealed_head, &Anchors::default()), None);
        assert_eq!(first(&resealed, &resealed_head, &anchors), Some((2, Failure::DiffersFromAnchor)));

        // The head rewritten: another hash, or a count that leaves the newest record out.
        assert_eq!(first(&chain, &ChainHead { seq: 3, hash: "f".repeat(64) }, &Anchors::default()), Some((3, Failure::HeadMismatch)));
        assert_eq!(first(&chain, &ChainHead { seq: 2, hash: chain[1].hash.clone() }, &Anchors::default()), Some((3, Failure::HeadMismatch)));
        let mut other_head = anchors.clone();
        other_head.heads.insert(3, "e".repeat(64));
        assert_eq!(first(&chain, &head, &other_head), Some((3, Failure::HeadMismatch)));

        // An anchor written over, or missing below later ones.
        let mut overwritten = anchors.clone();
        overwritten.overwritten.insert(1);
        assert_eq!(first(&chain, &head, &overwritten), Some((1, Failure::AnchorOverwritten)));
        let mut gap = anchors.clone();
        gap.records.remove(&2);
        assert_eq!(first(&chain, &head, &gap), Some((2, Failure::AnchorMissing)));

        // Edited in place (not re-sealed): named as altered, before its anchor's difference.
        let mut edited = chain.clone();
        edited[1].title = "two (edited)".into();
        assert_eq!(check_vault(&edited, &head, &anchors)[..2], [(2, Failure::RecordAltered), (2, Failure::DiffersFromAnchor)]);
    }

    #[test]
    fn anchor_keys_name_the_record_or_head_they_keep() {
        assert_eq!(record_anchor_key("o-1", 42), "chain/o-1/records/0000000042.json");
        assert_eq!(head_anchor_key("o-1", 42), "chain/o-1/heads/0000000042.json");
        assert_eq!(parse_anchor_key("o-1", "chain/o-1/records/0000000042.json"), Some((false, 42)));
        assert_eq!(parse_anchor_key("o-1", "chain/o-1/heads/0000000007.json"), Some((true, 7)));
        assert_eq!(parse_anchor_key("o-1", "chain/o-2/heads/0000000007.json"), None);
        assert_eq!(parse_anchor_key("o-1", "chain/o-1/other/1.json"), None);
        assert_eq!(head_anchor("o-1", &ChainHead { seq: 2, hash: "ab".into() }), r#"{"hash":"ab","owner_id":"o-1","seq":2}"#);
    }

    #[test]
    fn uploads_are_recognised_by_their_first_bytes() {
        assert!(FileType::Pdf.matches(b"%PDF-1.7\n..."));
        assert!(!FileType::Pdf.matches(b"<html>"));
        assert!(FileType::Png.matches(b"\x89PNG\r\n\x1a\n...."));
        assert!(FileType::Jpeg.matches(&[0xFF, 0xD8, 0xFF, 0xE0]));
        assert!(FileType::Docx.matches(b"PK\x03\x04....[Content_Types].xml....word/document.xml"));
        assert!(!FileType::Docx.matches(b"PK\x03\x04....xl/workbook.xml"));
        assert!(FileType::Xlsx.matches(b"PK\x03\x04....xl/workbook.xml"));
        assert_eq!(FileType::from_content_type("image/jpg"), Some(FileType::Jpeg));
        assert_eq!(FileType::from_content_type("application/pdf; charset=binary"), Some(FileType::Pdf));
        assert_eq!(FileType::from_content_type("text/html"), None);
    }

    #[test]
    fn file_names_are_made_safe_and_keep_the_real_extension() {
        assert_eq!(safe_file_name("../../etc/Form C (final).PDF", "pdf"), "Form C _final.pdf");
        assert_eq!(safe_file_name("deck.exe", "pdf"), "deck.pdf");
        assert_eq!(safe_file_name("\"><script>", "png"), "script.png");
        assert_eq!(safe_file_name("", "pdf"), "file.pdf");
    }

    #[test]
    fn titles_and_notes_are_trimmed_and_bounded() {
        assert_eq!(clean_text("  Deck  ", MAX_TITLE, "title", false).unwrap(), "Deck");
        assert!(clean_text(&"x".repeat(201), MAX_TITLE, "title", false).is_err());
        assert!(clean_text("a\u{0007}b", MAX_TITLE, "title", false).is_err());
        assert_eq!(clean_text("line 1\nline 2", MAX_NOTES, "notes", true).unwrap(), "line 1\nline 2");
        assert!(clean_text("line 1\nline 2", MAX_TITLE, "title", false).is_err());
    }
}
