//! `compliance-vault`: tamper-evident records of everything investors saw (Pro), and the
//! offering's lifecycle.
//!
//! - `GET  /api/compliance-vault/records?kind=&category=&from=&to=&q=&before=` — a page of
//!   records, newest first (25), with the vault's size and integrity facts
//! - `GET  /api/compliance-vault/records/{id}` — one record (with what superseded it)
//! - `GET  /api/compliance-vault/records/{id}/files/{index}?inline=` — a 5-minute link to one
//!   of its files (inline for previews, else a download)
//! - `POST /api/compliance-vault/uploads` — a presigned POST for one file (PDF, PNG, JPEG,
//!   DOCX, XLSX; ≤ 25 MB) straight to S3
//! - `POST /api/compliance-vault/uploads/{id}/complete` — checks the arrived file (size, type,
//!   SHA-256 streamed), streams it into the vault and records it
//! - `POST /api/compliance-vault/verify` — re-hashes every file, walks the chain, compares it
//!   with its head and with its anchors in write-once storage
//! - `POST /api/compliance-vault/exports` `{include}` — a 10-minute link to the exhibit pack
//! - `GET  /api/compliance-vault/exports/{token}` — the pack, a ZIP streamed as it is built
//! - `GET|PUT /api/compliance-vault/offering` — the offering's status (a subscription, not
//!   Pro: every founder's forms must follow it)
//! - `POST /api/compliance-vault/offering/check` — the same rules on a draft, nothing saved:
//!   200, or 400 with every problem at its field
//!
//! Another founder's records answer 404. Nothing is ever edited or deleted: a record can only
//! be superseded by a newer upload.

pub mod config;
pub mod digest;
pub mod export;
mod keep;
pub mod offering;
mod upload_rules;
pub mod uploads;

use axum::{
    Json, Router,
    extract::{Path, State},
    http::StatusCode,
    routing::{get, post},
};
use futures::StreamExt;
use serde::Deserialize;
use serde_json::{Value, json};
use shared::{
    http::member::Member,
    ApiError, AppState, Result,
    http::QueryParams,
    repo::vault::Filter,
    vault::{Category, Failure, Kind, Record, check_vault, titles::display_title},
};

pub const PRO_REQUIRED: &str = "The compliance vault is part of RaiseSpark Pro. Upgrade to keep tamper-evident records of your raise.";

pub fn router(state: AppState) -> Router {
    let router = Router::new()
        .route("/records", get(list))
        .route("/records/{id}", get(show))
        .route("/records/{id}/files/{index}", get(uploads::file_link))
        .route("/uploads", post(uploads::start))
        .route("/uploads/{id}/complete", post(uploads::complete))
        .route("/verify", post(verify))
        .route("/exports", post(export::start))
        .route("/exports/{token}", get(export::download))
        .route("/offering", get(offering::show).put(offering::update))
        .with_state(state.clone());
    // The check writes nothing: in a support session it is recorded as a read.
    let checks = Router::new().route("/offering/check", post(offering::check)).with_state(state.clone());
    shared::http::audit::audited("compliance-vault", shared::http::activity::recorded("compliance-vault", router, &state), &state).merge(shared::http::audit::audited_reads("compliance-vault", checks, &state))
}

/// The vault is Pro (a Pro trial counts): 402 otherwise.
pub async fn pro(state: &AppState, member: &Member) -> Result<()> {
    shared::services::access::require_pro(state, &member.company_id, PRO_REQUIRED).await
}

/// A record as the API shows it: `title` is the title it was filed (and hashed) with, never
/// changed, so the record's hash can be recomputed from what the API answers;
/// `display_title` is the title written for its reader, computed from the record's facts in
/// `this_year` ([`display_title`]).
pub fn record_json(record: &Record, superseded_by: Option<&str>, this_year: i32) -> Value {
    let mut value = serde_json::to_value(record).unwrap_or_default();
    if let Value::Object(map) = &mut value {
        map.insert("display_title".into(), json!(display_title(record, this_year)));
        map.insert("kind_label".into(), json!(kind_label(record.kind)));
        map.insert("category_label".into(), json!(record.category.label()));
        map.insert("superseded_by".into(), json!(superseded_by));
        map.remove("owner_id");
        if let Some(Value::Array(files)) = map.get_mut("files") {
            for file in files {
                if let Value::Object(file) = file {
                    file.remove("key");
                }
            }
        }
    }
    value
}

pub fn kind_label(kind: Kind) -> &'static str {
    match kind {
        Kind::FormSnapshot => "Form published",
        Kind::Campaign => "Campaign sent",
        Kind::Legend => "Legend",
        Kind::Offering => "Offering status",
        Kind::Digest => "Daily lead digest",
        Kind::Upload => "Upload",
        Kind::Review => "Counsel review",
        Kind::Import => "Portal import",
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ListQuery {
    #[serde(default)]
    kind: Option<String>,
    #[serde(default)]
    category: Option<String>,
    #[serde(default)]
    from: Option<String>,
    #[serde(default)]
    to: Option<String>,
    #[serde(default)]
    q: Option<String>,
    #[serde(default)]
    before: Option<u64>,
}

fn day(value: Option<String>, what: &str) -> Result<Option<String>> {
    match value.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(day) if shared::lead_stats::day_of(day).is_some_and(|d| d.len() == day.len()) => Ok(Some(day.to_owned())),
        Some(_) => Err(ApiError::bad_request("invalid_date", format!("Write the {what} date as YYYY-MM-DD."))),
    }
}

pub const PAGE: usize = 25;

#[tracing::instrument(skip(state), fields(company_id = %member.company_id))]
async fn list(State(state): State<AppState>, member: Member, QueryParams(query): QueryParams<ListQuery>) -> Result<Json<Value>> {
    pro(&state, &member).await?;
    let filter = Filter {
        kind: match query.kind.as_deref().filter(|k| !k.is_empty()) {
            None => None,
            Some(kind) => Some(Kind::parse(kind).ok_or_else(|| ApiError::bad_request("invalid_kind", "Choose one of the record kinds."))?),
        },
        category: match query.category.as_deref().filter(|c| !c.is_empty()) {
            None => None,
            Some(category) => Some(Category::parse(category).ok_or_else(|| ApiError::bad_request("invalid_category", "Choose one of the categories."))?),
        },
        from: day(query.from, "start")?,
        to: day(query.to, "end")?,
        q: query.q.map(|q| q.chars().take(100).collect()),
    };
    let (records, next) = state.vault().page(&member.company_id, &filter, query.before, PAGE).await?;
    let (total, superseded) = tokio::try_join!(state.vault().count(&member.company_id), state.vault().supersessions(&member.company_id))?;
    Ok(Json(json!({
        "records": records.iter().map(|r| record_json(r, superseded.get(&r.id).map(String::as_str), state.clock.now().year())).collect::<Vec<_>>(),
        "next": next,
        "total": total,
        "kinds": Kind::ALL.iter().map(|k| json!({"id": k.as_str(), "label": kind_label(*k)})).collect::<Vec<_>>(),
        "categories": Category::ALL.iter().map(|c| json!({"id": c.as_str(), "label": c.label(), "upload": c.for_upload()})).collect::<Vec<_>>(),
        "upload": uploads::limits(),
    })))
}

async fn show(State(state): State<AppState>, member: Member, Path(id): Path<String>) -> Result<Json<Value>> {
    pro(&state, &member).await?;
    let record = state.vault().get(&member.company_id, &id).await?;
    let superseded = state.vault().superseded_by(&member.company_id, &id).await?;
    Ok(Json(record_json(&record, superseded.as_deref(), state.clock.now().year())))
}

/// Verifications per founder per 10 minutes (each re-reads every file).
pub const VERIFY_RULE: shared::rate_limit::Rule = shared::rate_limit::Rule::new("vault-verify", 600, 10);

/// Files hashed at once while verifying.
const VERIFY_CONCURRENCY: usize = 8;

/// Re-hashes every file (the recorded version, and checks no newer version replaced it),
/// walks the chain, compares it with the head (a deleted newest record is missing, not a
/// shorter intact chain) and with the copies anchored in write-once storage as each record
/// was filed (a re-sealed table differs from them). Answers the first record that fails.
#[tracing::instrument(skip(state), fields(company_id = %member.company_id))]
async fn verify(State(state): State<AppState>, member: Member) -> Result<Json<Value>> {
    pro(&state, &member).await?;
    if shared::rate_limit::reserve(state.rate_limits(), &VERIFY_RULE, &member.company_id).await?.is_none() {
        return Err(ApiError { retry_after: Some(60), ..ApiError::new(StatusCode::TOO_MANY_REQUESTS, "rate_limited", "You have verified the vault several times in the last minutes. Please wait a little.") });
    }
    let report = verify_vault(&state, &member.company_id).await?;
    Ok(Json(report))
}

/// The integrity report of a founder's vault (also used by tests and the bench).
pub async fn verify_vault(state: &AppState, owner_id: &str) -> Result<Value> {
    let (records, kept) = tokio::try_join!(state.vault().chain(owner_id), state.vault().head_of(owner_id))?;
    let anchors = state.vault().anchors(owner_id, kept.head.seq).await?;
    let mut failures: Vec<(u64, Failure)> = check_vault(&records, &kept.head, &anchors);
    let storage = state.vault().storage()?;
    let files: Vec<(u64, shared::vault::FileRef)> = records.iter().flat_map(|record| record.files.iter().cloned().map(move |file| (record.seq, file))).collect();
    let checks = futures::stream::iter(files)
        .map(|(seq, file)| async move {
            let hashed = storage.hash_of(&file.key, file.version_id.as_deref()).await?;
            let failure = match hashed {
                None => Some(Failure::FileMissing { file: file.name.clone() }),
                Some((sha, size)) if sha != file.sha256 || size != file.size => Some(Failure::FileAltered { file: file.name.clone() }),
                Some(_) => match storage.current_version(&file.key).await? {
                    // A newer version written over the key replaces what a reader gets.
                    current if file.version_id.is_some() && current != file.version_id => Some(Failure::FileAltered { file: file.name.clone() }),
                    _ => None,
                },
            };
            Ok::<_, ApiError>(failure.map(|f| (seq, f)))
        })
        .buffer_unordered(VERIFY_CONCURRENCY)
        .collect::<Vec<_>>()
        .await;
    for check in checks {
        if let Some(failure) = check? {
            failures.push(failure);
        }
    }
    // The first by sequence number; for one record, what the chain shows before its files.
    failures.sort_by_key(|(seq, _)| *seq);
    let checked_at = state.clock.now_iso();
    let file_count: usize = records.iter().map(|r| r.files.len()).sum();
    let anchored = anchors.last().min(kept.head.seq);
    let head = (kept.head.seq > 0).then(|| json!({ "seq": kept.head.seq, "hash": kept.head.hash }));
    Ok(match failures.first() {
        None => json!({
            "verified": true,
            "records": records.len(),
            "files": file_count,
            "head": head,
            "head_hash": head.as_ref().map(|h| h["hash"].clone()),
            "anchored": anchored,
            "pending_anchor": kept.head.seq.saturating_sub(anchored),
            "message": format!("Verified: {} records, chain intact", records.len()),
            "checked_at": checked_at,
        }),
        Some((seq, failure)) => {
            let record = records.iter().find(|r| r.seq == *seq && *failure != Failure::RecordMissing);
            let title = record.map(|r| r.title.clone()).or_else(|| anchors.title(*seq));
            let named = match &title {
                Some(title) => format!("Record #{seq} “{title}”"),
                None => format!("Record #{seq}"),
            };
            let message = match failure {
                Failure::RecordMissing if anchors.records.contains_key(seq) => format!(
                    "{named} failed: it is missing from the vault, though its copy in write-once storage shows it was filed. The vault holds {} of {} records.",
                    records.len(),
                    anchors.last().max(kept.head.seq)
                ),
                Failure::RecordMissing => {
                    format!("{named} failed: it is missing from the vault. The chain's head counts {} records; the vault holds {}.", kept.head.seq.max(*seq), records.len())
                }
                other => format!("{named} failed: {}.", other.describe()),
            };
            json!({
                "verified": false,
                "records": records.len(),
                "files": file_count,
                "head": head,
                "message": message,
                "failure": { "record_id": record.map(|r| r.id.clone()), "seq": seq, "title": title, "detail": failure },
                "checked_at": checked_at,
            })
        }
    })
}
