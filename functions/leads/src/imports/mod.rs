//! Portal imports: the founder's funding portal export (CSV or XLSX) joined to the leads.
//!
//! - `GET  /api/leads/imports` — past imports, each portal's applied import, the limits
//! - `POST /api/leads/imports` — `{fileName, size, portal}`: a presigned POST for the file
//! - `POST /api/leads/imports/{id}/read` — `{mapping?, gmailDots?}`: read (again) into a preview
//! - `POST /api/leads/imports/{id}/apply` — `{confirmed: {identity: leadId}}`: apply the preview
//! - `GET  /api/leads/imports/{id}` — status, progress, preview, result
//! - `GET  /api/leads/investments?matched=false&cursor=` — investors of the applied imports
//!
//! Reading and applying are jobs (see [`job`]): the request answers 202 and the page follows
//! the job's status. Investment figures are the company's confidential data: every route
//! needs [`Action::Investments`] (owners and admins).

pub mod job;

use std::{collections::HashMap, time::Duration};

use axum::{
    Json,
    extract::{Path, State},
    http::StatusCode,
};
use serde::Deserialize;
use serde_json::{Value, json};
use shared::{
    ApiError, AppState, Result,
    config::LeadNotifications,
    http::{JsonBody, QueryParams, member::Member},
    invested::PORTALS,
    investments::Mapping,
    repo::investments::{ImportJob, READY, UPLOADING},
    teams::Action,
};

/// The largest file an import takes (S3 refuses a larger upload by its policy).
pub const MAX_IMPORT_BYTES: u64 = 25 * 1024 * 1024;
const UPLOAD_WINDOW: Duration = Duration::from_secs(15 * 60);
pub const TOO_LARGE: &str = "This file is larger than 25 MB. Export only the investments, or save the file as XLSX, and import that.";
pub const HINT: &str = "The investor export of your funding portal, as CSV or Excel (XLSX), at most 25 MB.";
const UNSUPPORTED: &str = "Choose a CSV or Excel (XLSX) file.";

fn not_found() -> ApiError {
    ApiError::not_found("This import was not found.")
}

fn portal_label(portal: &str) -> &'static str {
    PORTALS.iter().find(|(value, _)| *value == portal).map_or("Another portal", |(_, label)| label)
}

/// A job as the import page reads it (the preview and result parsed back from their text).
pub(crate) fn job_json(job: &ImportJob, with_preview: bool) -> Value {
    let parsed = |text: &Option<String>| text.as_deref().and_then(|t| serde_json::from_str::<Value>(t).ok());
    json!({
        "id": job.id,
        "portal": job.portal,
        "portalLabel": portal_label(&job.portal),
        "fileName": job.file_name,
        "size": job.size,
        "status": job.status,
        "progress": { "done": job.done, "total": job.total },
        "error": job.error,
        "createdAt": job.created_at,
        "createdBy": job.created_by,
        "appliedAt": job.applied_at,
        "sha256": job.sha256,
        "preview": if with_preview { parsed(&job.preview) } else { None },
        "result": parsed(&job.result),
    })
}

fn limits() -> Value {
    json!({ "maxBytes": MAX_IMPORT_BYTES, "tooLarge": TOO_LARGE, "hint": HINT })
}

#[tracing::instrument(skip(state), fields(company_id = %member.company_id))]
pub async fn list(State(state): State<AppState>, member: Member) -> Result<Json<Value>> {
    member.require(Action::Investments)?;
    let (jobs, portals) = tokio::try_join!(state.investments().list(&member.company_id), state.investments().portals(&member.company_id))?;
    Ok(Json(json!({
        "imports": jobs.iter().take(50).map(|job| job_json(job, false)).collect::<Vec<_>>(),
        "portals": portals.iter().filter(|p| p.active.is_some()).map(|p| json!({
            "portal": p.portal, "label": portal_label(&p.portal), "activeImportId": p.active, "appliedAt": p.applied_at,
        })).collect::<Vec<_>>(),
        "limits": limits(),
        "portalOptions": PORTALS.iter().map(|(value, label)| json!({"value": value, "label": label})).collect::<Vec<_>>(),
    })))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StartImport {
    file_name: String,
    size: u64,
    portal: String,
}

/// Checks what the founder declared and answers the presigned POST the browser sends the file
/// with (S3 enforces the size).
#[tracing::instrument(skip(state, body), fields(company_id = %member.company_id))]
pub async fn start(State(state): State<AppState>, member: Member, JsonBody(body): JsonBody<StartImport, 4096>) -> Result<(StatusCode, Json<Value>)> {
    member.require(Action::Investments)?;
    if !PORTALS.iter().any(|(value, _)| *value == body.portal) {
        return Err(ApiError::bad_request("unknown_portal", "Choose the portal the file comes from."));
    }
    let file_name: String = body.file_name.trim().chars().filter(|c| !c.is_control()).take(200).collect();
    let lower = file_name.to_lowercase();
    if !(lower.ends_with(".csv") || lower.ends_with(".xlsx") || lower.ends_with(".txt")) {
        return Err(ApiError::bad_request("unsupported_file", UNSUPPORTED));
    }
    if body.size == 0 {
        return Err(ApiError::bad_request("empty_file", "This file is empty. Export the investors from your portal again."));
    }
    if body.size > MAX_IMPORT_BYTES {
        return Err(ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "file_too_large", TOO_LARGE));
    }
    let id = uuid::Uuid::new_v4().to_string();
    let upload_key = format!("imports/{}/{id}", member.company_id);
    let storage = state.vault().storage()?;
    let now = state.clock.now();
    let post = storage.presigned_post(&upload_key, "application/octet-stream", MAX_IMPORT_BYTES, now.into(), UPLOAD_WINDOW).await?;
    let job = ImportJob {
        company_id: member.company_id.clone(),
        sk: ImportJob::sk_of(&id),
        id,
        portal: body.portal,
        file_name,
        size: body.size,
        status: UPLOADING.into(),
        created_at: state.clock.now_iso(),
        created_by: member.user.email.clone(),
        created_by_id: member.user.id.clone(),
        upload_key,
        ..ImportJob::default()
    };
    state.investments().create(&job).await?;
    Ok((StatusCode::CREATED, Json(json!({ "import": job_json(&job, false), "upload": { "url": post.url, "fields": post.fields } }))))
}

async fn owned_job(state: &AppState, member: &Member, id: &str) -> Result<ImportJob> {
    if uuid::Uuid::parse_str(id).is_err() {
        return Err(not_found());
    }
    state.investments().get(&member.company_id, id).await?.ok_or_else(not_found)
}

pub async fn show(State(state): State<AppState>, member: Member, Path(id): Path<String>) -> Result<Json<Value>> {
    member.require(Action::Investments)?;
    let job = owned_job(&state, &member, &id).await?;
    Ok(Json(json!({ "import": job_json(&job, true) })))
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReadBody {
    #[serde(default)]
    mapping: Option<Mapping>,
    #[serde(default)]
    gmail_dots: Option<bool>,
}

/// Reads the arrived file (again, with a changed mapping) into a preview: nothing is applied.
#[tracing::instrument(skip(state, body), fields(company_id = %member.company_id))]
pub async fn read(State(state): State<AppState>, member: Member, Path(id): Path<String>, JsonBody(body): JsonBody<ReadBody, 16_384>) -> Result<(StatusCode, Json<Value>)> {
    member.require(Action::Investments)?;
    let job = owned_job(&state, &member, &id).await?;
    if !state.investments().start_reading(&member.company_id, &job.id, body.mapping.as_ref(), body.gmail_dots).await? {
        return Err(ApiError::conflict("import_busy", "This import is already being read or applied."));
    }
    spawn(&state, &member.company_id, &job.id);
    let job = owned_job(&state, &member, &id).await?;
    Ok((StatusCode::ACCEPTED, Json(json!({ "import": job_json(&job, true) }))))
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ApplyBody {
    /// Rows the founder matched to a lead among the suggestions: identity → lead id.
    #[serde(default)]
    confirmed: HashMap<String, String>,
}

/// Applies a read import: all of it, or (if anything fails) none of it.
#[tracing::instrument(skip(state, body), fields(company_id = %member.company_id))]
pub async fn apply(State(state): State<AppState>, member: Member, Path(id): Path<String>, JsonBody(body): JsonBody<ApplyBody, 262_144>) -> Result<(StatusCode, Json<Value>)> {
    member.require(Action::Investments)?;
    let job = owned_job(&state, &member, &id).await?;
    if job.status != READY {
        return Err(ApiError::conflict("import_not_ready", "Read the file before importing it."));
    }
    if let Some(preview) = job.preview.as_deref().and_then(|p| serde_json::from_str::<Value>(p).ok())
        && let Some(message) = preview.get("mappingError").and_then(Value::as_str)
    {
        return Err(ApiError::bad_request("invalid_mapping", message.to_owned()));
    }
    if body.confirmed.len() > 10_000 || body.confirmed.iter().any(|(identity, lead)| identity.len() > 100 || uuid::Uuid::parse_str(lead).is_err()) {
        return Err(ApiError::bad_request("invalid_confirmation", "A confirmed match names a row or a lead that is not in this import."));
    }
    // A confirmed lead that is not the company's own matches nothing: the job matches over the
    // company's leads only.
    let replaces = state.investments().portal(&member.company_id, &job.portal).await?.and_then(|p| p.active);
    if !state.investments().start_applying(&member.company_id, &job.id, &body.confirmed, replaces.as_deref()).await? {
        return Err(ApiError::conflict("import_busy", "This import is already being read or applied."));
    }
    spawn(&state, &member.company_id, &job.id);
    let job = owned_job(&state, &member, &id).await?;
    Ok((StatusCode::ACCEPTED, Json(json!({ "import": job_json(&job, false) }))))
}

/// Locally the job runs on the request's background task; in AWS the table's stream hands it
/// to the worker (the same [`job::run`]).
fn spawn(state: &AppState, company_id: &str, id: &str) {
    if state.config.import_jobs == LeadNotifications::Inline {
        let (state, company_id, id) = (state.clone(), company_id.to_owned(), id.to_owned());
        let background = state.background.clone();
        background.spawn(async move {
            if let Err(err) = job::run(&state, &company_id, &id).await {
                tracing::error!(import_id = %id, error = %err, "portal import job failed");
            }
        });
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct InvestorsQuery {
    #[serde(default)]
    matched: Option<bool>,
    #[serde(default)]
    cursor: Option<String>,
}

const INVESTORS_PAGE: usize = 50;

/// Investors of the applied imports, in file order; `matched=false`: those matched to no lead
/// (they came straight to the portal).
#[tracing::instrument(skip(state), fields(company_id = %member.company_id))]
pub async fn investors(State(state): State<AppState>, member: Member, QueryParams(query): QueryParams<InvestorsQuery>) -> Result<Json<Value>> {
    member.require(Action::Investments)?;
    let mut imports: Vec<String> = state.investments().portals(&member.company_id).await?.into_iter().filter_map(|p| p.active).collect();
    imports.sort();
    let invalid = || ApiError::bad_request("invalid_cursor", "This page link has expired. Start from the first page.");
    let (mut index, mut start) = match query.cursor.as_deref() {
        None => (0, None),
        Some(cursor) => {
            let key = shared::repo::cursor::decode(cursor, &["company_id", "sk"]).map_err(|_| invalid())?;
            let sk = shared::repo::cursor::text(&key, "sk").to_owned();
            let import = sk.strip_prefix("row#").and_then(|rest| rest.split('#').next()).ok_or_else(invalid)?;
            let index = imports.iter().position(|i| i == import).ok_or_else(invalid)?;
            if shared::repo::cursor::text(&key, "company_id") != member.company_id {
                return Err(invalid());
            }
            (index, Some(key))
        }
    };
    let mut found = Vec::new();
    let mut next = None;
    let mut reads = 0;
    while index < imports.len() && found.len() < INVESTORS_PAGE && reads < 10 {
        reads += 1;
        let (rows, last) = state.investments().rows_page(&member.company_id, &imports[index], start.take(), 200).await?;
        for row in rows {
            let matched = match &row.matched {
                shared::investments::Match::Email { lead_id } | shared::investments::Match::Confirmed { lead_id } => Some(lead_id.clone()),
                _ => None,
            };
            if query.matched.is_none_or(|wanted| wanted == matched.is_some()) {
                found.push(json!({
                    "line": row.row.line, "name": row.row.name, "email": row.row.email, "amountCents": row.row.amount_cents,
                    "date": row.row.date, "status": row.row.status, "leadId": matched,
                }));
            }
        }
        match last {
            Some(key) => {
                next = shared::repo::cursor::encode(&key, &["company_id", "sk"]);
                start = Some(key);
            }
            None => {
                index += 1;
                next = (index < imports.len()).then(|| {
                    let key = shared::repo::cursor::key_of([("company_id", member.company_id.clone()), ("sk", format!("row#{}#", imports[index]))]);
                    shared::repo::cursor::encode(&key, &["company_id", "sk"])
                }).flatten();
                start = next.as_deref().and_then(|c| shared::repo::cursor::decode(c, &["company_id", "sk"]).ok());
            }
        }
        if next.is_none() {
            break;
        }
    }
    Ok(Json(json!({ "investors": found, "next": next })))
}

// ------------------------------------------------------------------ what the leads pages read

/// The company's applied imports (one per portal); none for a caller whose role may not see
/// investments.
pub(crate) async fn applied_imports(state: &AppState, member: &Member) -> Result<Vec<String>> {
    if !member.may(Action::Investments) {
        return Ok(Vec::new());
    }
    Ok(state.investments().portals(&member.company_id).await?.into_iter().filter_map(|p| p.active).collect())
}

/// Each lead's investment under the applied imports (`None`: nothing imported, or hidden from
/// the caller's role); a lead missing from the map has not invested.
pub(crate) async fn of_leads(state: &AppState, member: &Member, lead_ids: &[String]) -> Result<Option<HashMap<String, shared::invested::LeadInvestment>>> {
    let imports = applied_imports(state, member).await?;
    if imports.is_empty() {
        return Ok(None);
    }
    Ok(Some(state.investments().of_leads(&member.company_id, &imports, lead_ids).await?))
}

/// The applied imports' totals, summed over portals (`None`: nothing imported, or hidden).
pub(crate) async fn applied_summary(state: &AppState, member: &Member) -> Result<Option<shared::invested::Summary>> {
    let imports = applied_imports(state, member).await?;
    if imports.is_empty() {
        return Ok(None);
    }
    let summaries = futures::future::try_join_all(imports.iter().map(|import| state.investments().summary(&member.company_id, import))).await?;
    Ok(Some(summaries.into_iter().flatten().fold(shared::invested::Summary::default(), |total, one| total.merge(&one))))
}
