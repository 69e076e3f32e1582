//! Founder uploads: the browser posts the file straight to the uploads bucket with a
//! presigned POST (S3 enforces the size and type in the policy), then asks the vault to keep
//! it. The vault checks the file itself (size, first bytes), writes exactly those bytes into the
//! Object Lock bucket with their SHA-256 (which S3 verifies), records it and removes the upload.
//! A refused file leaves nothing behind.

use std::time::Duration;

use axum::{
    Json,
    extract::{Path, State},
    http::StatusCode,
};
use serde::Deserialize;
use serde_json::{Value, json};
use shared::{
    http::member::Member,
    teams::Action,
    ApiError, AppState, Result,
    http::{JsonBody, QueryParams},
    vault::{Actor, FileType, MAX_UPLOAD_BYTES},
};

use crate::{
    keep::{Completed, complete_upload, start_upload, upload_not_found},
    pro, record_json,
    upload_rules::Declared,
};

/// How long a file link lives.
const LINK_LIFETIME: Duration = Duration::from_secs(5 * 60);

pub const UNSUPPORTED: &str = "Upload a PDF, PNG, JPEG, Word (DOCX) or Excel (XLSX) file.";
pub const TOO_LARGE: &str = "Files can be at most 25 MB.";
pub const EMPTY: &str = "The file is empty.";
/// What the upload form says it takes.
pub const HINT: &str = "PDF, PNG, JPEG, Word (DOCX) or Excel (XLSX), at most 25 MB.";

/// The file-name extensions a type is known by.
fn extensions(file_type: FileType) -> &'static [&'static str] {
    match file_type {
        FileType::Jpeg => &["jpg", "jpeg"],
        FileType::Pdf => &["pdf"],
        FileType::Png => &["png"],
        FileType::Docx => &["docx"],
        FileType::Xlsx => &["xlsx"],
    }
}

/// What the upload form offers and checks as a file is chosen: the limits `start` applies, with
/// the messages of its refusals (the records page carries it as `upload`).
pub fn limits() -> Value {
    json!({
        "maxBytes": MAX_UPLOAD_BYTES,
        "types": FileType::ALL.iter().map(|t| json!({"contentType": t.content_type(), "extensions": extensions(*t)})).collect::<Vec<_>>(),
        "tooLarge": TOO_LARGE,
        "unsupported": UNSUPPORTED,
        "empty": EMPTY,
        "hint": HINT,
    })
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StartUpload {
    pub(crate) file_name: String,
    pub(crate) content_type: String,
    pub(crate) size: u64,
    pub(crate) category: String,
    #[serde(default)]
    pub(crate) title: String,
    #[serde(default)]
    pub(crate) notes: String,
    #[serde(default)]
    pub(crate) supersedes: Option<String>,
}

/// Checks what the founder declared and answers the presigned POST.
#[tracing::instrument(skip(state, body), fields(company_id = %member.company_id))]
pub async fn start(State(state): State<AppState>, member: Member, JsonBody(body): JsonBody<StartUpload, 8192>) -> Result<(StatusCode, Json<Value>)> {
    member.require(Action::FileDocuments)?;
    pro(&state, &member).await?;
    let upload = Declared::parse(body)?;
    let started = start_upload(&state, &member.company_id, upload).await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({
            "uploadId": started.upload_id,
            "url": started.post.url,
            "fields": started.post.fields,
            "maxSize": MAX_UPLOAD_BYTES,
            "expiresAt": shared::time::iso(started.expires),
        })),
    ))
}

/// Checks the arrived file and records it (once: a repeated call answers the same record).
#[tracing::instrument(skip(state), fields(company_id = %member.company_id))]
pub async fn complete(State(state): State<AppState>, member: Member, Path(upload_id): Path<String>) -> Result<(StatusCode, Json<Value>)> {
    member.require(Action::FileDocuments)?;
    pro(&state, &member).await?;
    if uuid::Uuid::parse_str(&upload_id).is_err() {
        return Err(upload_not_found());
    }
    Ok(match complete_upload(&state, &member.company_id, &upload_id, Actor::from(&member.user)).await? {
        Completed::Recorded(record) => (StatusCode::CREATED, Json(record_json(&record, None, state.clock.now().year()))),
        Completed::Already(record) => (StatusCode::OK, Json(record_json(&record, None, state.clock.now().year()))),
    })
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinkQuery {
    #[serde(default)]
    inline: Option<bool>,
}

/// A short-lived link to one of a record's files (inline for previews, else a download).
pub async fn file_link(
    State(state): State<AppState>,
    member: Member,
    Path((id, index)): Path<(String, usize)>,
    QueryParams(query): QueryParams<LinkQuery>,
) -> Result<Json<Value>> {
    pro(&state, &member).await?;
    let record = state.vault().get(&member.company_id, &id).await?;
    let file = record.files.get(index).ok_or_else(|| ApiError::not_found("File not found"))?;
    let url = state.vault().storage()?
        .presign_get(&file.key, file.version_id.as_deref(), &file.content_type, &file.name, query.inline.unwrap_or(false), LINK_LIFETIME)
        .await?;
    Ok(Json(json!({ "url": url, "name": file.name, "contentType": file.content_type, "sha256": file.sha256, "expiresIn": LINK_LIFETIME.as_secs() })))
}
