//! The Form C exhibit pack: which records go in, where each file sits in the ZIP, the
//! manifests and the README that explains how to check the hashes.

use serde_json::json;

use crate::vault::{Category, GENESIS, Kind, Record};

/// Whether a record is testing-the-waters material the pack always includes (form snapshots,
/// campaign messages and legends filed while testing the waters).
pub fn is_ttw_material(record: &Record) -> bool {
    matches!(record.kind, Kind::FormSnapshot | Kind::Campaign | Kind::Legend) && record.category == Category::TestingTheWaters
}

fn slug(title: &str) -> String {
    let mut out = String::new();
    for c in title.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
        if out.len() >= 48 {
            break;
        }
    }
    let out = out.trim_end_matches('-').to_owned();
    if out.is_empty() { "record".into() } else { out }
}

/// The folder of a record in the pack: `testing-the-waters/0007-form-snapshot-harbor-coffee/`.
pub fn folder(record: &Record) -> String {
    let section = if is_ttw_material(record) { "testing-the-waters" } else { "uploads" };
    format!("{section}/{:04}-{}-{}", record.seq, record.kind.as_str().replace('_', "-"), slug(&record.title))
}

/// One file in the pack, as the manifests list it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub path: String,
    pub record_id: String,
    pub seq: u64,
    pub kind: Kind,
    pub category: Category,
    pub title: String,
    pub created_at: String,
    pub sha256: String,
    pub size: u64,
    pub record_hash: String,
    pub prev_hash: String,
}

/// The pack's files, in order.
pub fn entries(records: &[&Record]) -> Vec<Entry> {
    records
        .iter()
        .flat_map(|record| {
            record.files.iter().map(move |file| Entry {
                path: format!("{}/{}", folder(record), file.name),
                record_id: record.id.clone(),
                seq: record.seq,
                kind: record.kind,
                category: record.category,
                // The title a lawyer reads ("Form published: … (version 3)"), its year always
                // written out: a pack is read long after it was made. records.jsonl keeps the
                // sealed record as it was hashed.
                title: crate::vault::titles::display_title(record, 0),
                created_at: record.created_at.clone(),
                sha256: file.sha256.clone(),
                size: file.size,
                record_hash: record.hash.clone(),
                prev_hash: record.prev_hash.clone(),
            })
        })
        .collect()
}

pub fn manifest_csv(entries: &[Entry]) -> String {
    let mut out = String::from("id,kind,category,title,created_at,file,sha256,size,chain_position,record_hash,prev_hash\r\n");
    for e in entries {
        let row = [
            e.record_id.clone(),
            e.kind.as_str().to_owned(),
            e.category.as_str().to_owned(),
            e.title.clone(),
            e.created_at.clone(),
            e.path.clone(),
            e.sha256.clone(),
            e.size.to_string(),
            e.seq.to_string(),
            e.record_hash.clone(),
            e.prev_hash.clone(),
        ];
        out.push_str(&crate::format::csv_record(row.iter().map(String::as_str)));
    }
    out
}

pub fn manifest_json(entries: &[Entry], company: &str, generated_at: &str, chain_length: u64, head_hash: &str) -> String {
    let files: Vec<_> = entries
        .iter()
        .map(|e| {
            json!({
                "id": e.record_id, "kind": e.kind.as_str(), "category": e.category.as_str(), "title": e.title,
                "created_at": e.created_at, "file": e.path, "sha256": e.sha256, "size": e.size,
                "chain_position": e.seq, "record_hash": e.record_hash, "prev_hash": e.prev_hash,
            })
        })
        .collect();
    serde_json::to_string_pretty(&json!({
        "generated_at": generated_at,
        "company": company,
        "chain": { "length": chain_length, "head_hash": head_hash, "genesis": GENESIS },
        "files": files,
    }))
    .unwrap_or_default()
}

/// Every record of the chain, one canonical serialisation per line (what each hash covers).
pub fn records_jsonl(chain: &[Record]) -> String {
    chain.iter().map(|r| format!("{}\n", r.canonical())).collect()
}

pub fn readme(company: &str, generated_at: &str, files: usize, chain_length: u64, head_hash: &str) -> String {
    format!(
        "RaiseSpark compliance vault: Form C exhibit pack
================================================

Company: {company}
Generated: {generated_at}
Files: {files}
Records in the vault's chain: {chain_length} (head hash {head_hash})

What is included
----------------
- testing-the-waters/: every testing-the-waters communication RaiseSpark kept for you:
  each investor form as it was published (snapshot.html, a self-contained copy of the page,
  and form.json, its public configuration), each campaign e-mail as it was sent
  (message.html, message.txt, headers.json, audience.json) and each legend wording used.
  Regulation Crowdfunding (Rule 206) requires testing-the-waters materials to be filed as an
  exhibit to the offering statement on Form C.
- uploads/: the documents you chose to include.
- manifest.csv and manifest.json: one row per file: record id, kind, category, title,
  created_at, path in this pack, SHA-256, size, chain position, record hash, previous hash.
- records.jsonl: every record in the vault's chain (also those whose files are not in this
  pack), one per line, in its canonical form: the exact text each record hash covers.

How to verify
-------------
1. Each file's SHA-256 must equal the manifest's:
       sha256sum testing-the-waters/*/* uploads/*/*        (Linux)
       shasum -a 256 testing-the-waters/*/* uploads/*/*    (macOS)
2. Each line of records.jsonl (without its line break) hashed with SHA-256 gives that
   record's hash; each record's prev_hash is the hash of the line before it, and the first
   record's prev_hash is 64 zeros. For example, with Python 3:
       import hashlib, json
       prev = '0' * 64
       for line in open('records.jsonl', encoding='utf-8'):
           line = line.rstrip('\\n'); record = json.loads(line)
           assert record['prev_hash'] == prev, record['id']
           prev = hashlib.sha256(line.encode('utf-8')).hexdigest()
       print('chain intact, head', prev)
   The last hash must equal the head hash above. Each file's SHA-256 also appears inside its
   record (files[].sha256), so a file cannot change without breaking the chain. The company's
   daily digest e-mails carry the head hash of their day: for the same record number it must
   be the same hash.
3. The canonical form: a JSON object with members sorted by name at every depth, no
   whitespace, integers only, UTF-8 (RFC 8785, JCS).

The files are kept in Amazon S3 with Object Lock (write once, read many) for the retention
period of your vault; they cannot be edited or deleted in RaiseSpark, only superseded by a
newer record. Each record's canonical form and the head after it are also written there as
the record is filed, and 'Verify integrity' checks the vault against those copies.

This is general information, not legal advice.
"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vault::{Actor, FileRef};

    fn record(seq: u64, kind: Kind, category: Category, title: &str) -> Record {
        Record {
            id: format!("id-{seq}"),
            seq,
            owner_id: "o".into(),
            kind,
            category,
            title: title.into(),
            notes: String::new(),
            created_at: "2026-11-25T10:00:00Z".into(),
            actor: Actor::system(),
            files: vec![FileRef { name: "snapshot.html".into(), content_type: "text/html".into(), size: 10, sha256: "ab".repeat(32), key: "k".into(), version_id: None }],
            content_sha256: "ab".repeat(32),
            meta: json!({}),
            supersedes: None,
            prev_hash: GENESIS.into(),
            hash: "cd".repeat(32),
        }
    }

    #[test]
    fn testing_the_waters_material_and_uploads_get_their_own_folders() {
        let snapshot = record(7, Kind::FormSnapshot, Category::TestingTheWaters, "Harbor Coffee — investor form");
        let deck = record(12, Kind::Upload, Category::PitchDeck, "Deck v3 (final)");
        assert!(is_ttw_material(&snapshot));
        assert!(!is_ttw_material(&deck));
        assert!(!is_ttw_material(&record(3, Kind::FormSnapshot, Category::InvestorCommunication, "after filing")));
        assert_eq!(folder(&snapshot), "testing-the-waters/0007-form-snapshot-harbor-coffee-investor-form");
        assert_eq!(folder(&deck), "uploads/0012-upload-deck-v3-final");
    }

    #[test]
    fn the_csv_manifest_lists_every_file_and_neutralises_formulas() {
        let a = record(1, Kind::Upload, Category::Other, "=HYPERLINK(\"x\")");
        let csv = manifest_csv(&entries(&[&a]));
        let lines: Vec<&str> = csv.split("\r\n").filter(|l| !l.is_empty()).collect();
        assert_eq!(lines.len(), 2);
        assert!(lines[1].contains("\"'=HYPERLINK(\"\"x\"\")\""), "{}", lines[1]);
        assert!(lines[1].contains(&"ab".repeat(32)));
    }
}
