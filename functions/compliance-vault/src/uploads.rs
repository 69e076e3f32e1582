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
    ApiError, AppState, Result,
    auth::AuthUser,
    http::{JsonBody, QueryParams},
    repo::vault::{NewRecord, Pending, object_key},
    vault::{Actor, Category, FileRef, FileType, Kind, MAX_NOTES, MAX_TITLE, MAX_UPLOAD_BYTES, clean_text, safe_file_name},
};

use crate::{pro, record_json};

/// How long a presigned POST and its pending upload live.
const UPLOAD_WINDOW: Duration = Duration::from_secs(15 * 60);
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
    file_name: String,
    content_type: String,
    size: u64,
    category: String,
    #[serde(default)]
    title: String,
    #[serde(default)]
    notes: String,
    #[serde(default)]
    supersedes: Option<String>,
}

fn upload_key(owner_id: &str, upload_id: &str) -> String {
    format!("uploads/{owner_id}/{upload_id}")
}

fn too_large() -> ApiError {
    ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "file_too_large", TOO_LARGE)
}

fn unsupported() -> ApiError {
    ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_file_type", UNSUPPORTED)
}

/// Checks what the founder declared and answers the presigned POST.
#[tracing::instrument(skip(state, body), fields(user_id = %user.id))]
pub async fn start(State(state): State<AppState>, user: AuthUser, JsonBody(body): JsonBody<StartUpload, 8192>) -> Result<(StatusCode, Json<Value>)> {
    pro(&state, &user).await?;
    let file_type = FileType::from_content_type(&body.content_type).ok_or_else(unsupported)?;
    if body.size > MAX_UPLOAD_BYTES {
        return Err(too_large());
    }
    if body.size == 0 {
        return Err(ApiError::bad_request("empty_file", EMPTY));
    }
    let category = Category::parse(&body.category)
        .filter(|c| c.for_upload())
        .ok_or_else(|| ApiError::bad_request("invalid_category", "Choose a category: Form C draft, Form C as filed, financial statements, pitch deck, offering page copy, investor communication or other."))?;
    let file_name = safe_file_name(&body.file_name, file_type.extension());
    let title = clean_text(&body.title, MAX_TITLE, "title", false)?;
    let title = if title.is_empty() { file_name.clone() } else { title };
    let notes = clean_text(&body.notes, MAX_NOTES, "notes", true)?;
    if let Some(old) = &body.supersedes {
        state.vault().get(&user.id, old).await.map_err(|_| ApiError::bad_request("unknown_record", "The record to supersede is not one of yours."))?;
    }
    let upload_id = uuid::Uuid::new_v4().to_string();
    let storage = state.vault().storage()?;
    let key = upload_key(&user.id, &upload_id);
    let now = state.clock.now();
    let post = storage.presigned_post(&key, file_type.content_type(), MAX_UPLOAD_BYTES, now.into(), UPLOAD_WINDOW).await?;
    let expires_at = shared::time::unix(now) + UPLOAD_WINDOW.as_secs() as i64;
    state.vault().put_pending(&Pending {
            owner_id: user.id.clone(),
            sk: format!("upload#{upload_id}"),
            expires_at,
            data: json!({
                "file_name": file_name, "content_type": file_type.content_type(), "category": category.as_str(),
                "title": title, "notes": notes, "supersedes": body.supersedes,
            }),
        })
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({
            "uploadId": upload_id,
            "url": post.url,
            "fields": post.fields,
            "maxSize": MAX_UPLOAD_BYTES,
            "expiresAt": shared::time::iso(now + UPLOAD_WINDOW),
        })),
    ))
}

/// Bytes read to recognise the type (a ZIP package names its parts within the first KBs).
const SNIFF: usize = 8192;

/// Checks the arrived file and records it (once: a repeated call answers the same record).
#[tracing::instrument(skip(state), fields(user_id = %user.id))]
pub async fn complete(State(state): State<AppState>, user: AuthUser, Path(upload_id): Path<String>) -> Result<(StatusCode, Json<Value>)> {
    pro(&state, &user).await?;
    let not_found = || ApiError::not_found("This upload was not found or has expired. Upload the file again.");
    if uuid::Uuid::parse_str(&upload_id).is_err() {
        return Err(not_found());
    }
    let once = format!("upload#{upload_id}");
    if let Some(record_id) = state.vault().once_record(&user.id, &once).await? {
        let record = state.vault().get(&user.id, &record_id).await?;
        return Ok((StatusCode::OK, Json(record_json(&record, None))));
    }
    let pending = state.vault().get_pending(&user.id, &format!("upload#{upload_id}")).await?.ok_or_else(not_found)?;
    let text = |name: &str| pending.data.get(name).and_then(Value::as_str).unwrap_or_default().to_owned();
    let file_type = FileType::from_content_type(&text("content_type")).ok_or_else(unsupported)?;
    let storage = state.vault().storage()?;
    let key = upload_key(&user.id, &upload_id);
    let upload = storage
        .upload(&key)
        .await?
        .ok_or_else(|| ApiError::bad_request("upload_missing", "The file has not arrived. Upload it again."))?;
    let refuse = |err: ApiError| async {
        storage.delete_upload(&key).await?;
        Err::<(StatusCode, Json<Value>), ApiError>(err)
    };
    if upload.size > MAX_UPLOAD_BYTES {
        return refuse(too_large()).await;
    }
    if upload.size == 0 {
        return refuse(ApiError::bad_request("empty_file", EMPTY)).await;
    }
    let gone = || ApiError::bad_request("upload_missing", "The file has not arrived. Upload it again.");
    // The first bytes tell the type; the file is never held whole.
    let head = storage.upload_head(&key, &upload.etag, SNIFF).await?.ok_or_else(gone)?;
    if !file_type.matches(&head) {
        return refuse(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "file_type_mismatch",
            format!("This file is not a valid {} file. {UNSUPPORTED}", file_type.extension().to_uppercase()),
        ))
        .await;
    }
    // One call keeps the file: a second one at the same moment would write a second locked copy.
    if !state.vault().take_pending(&user.id, &once).await? {
        return match state.vault().once_record(&user.id, &once).await? {
            Some(id) => Ok((StatusCode::OK, Json(record_json(&state.vault().get(&user.id, &id).await?, None)))),
            None => Err(ApiError::conflict("upload_in_progress", "This file is being recorded. Reload the vault in a moment.")),
        };
    }
    let record_id = uuid::Uuid::new_v4().to_string();
    let file_name = text("file_name");
    let stored = storage
        .keep_upload(&key, &upload.etag, &object_key(&user.id, &record_id, &file_name), file_type.content_type())
        .await?
        .ok_or_else(gone)?;
    let category = Category::parse(&text("category")).unwrap_or(Category::Other);
    let mut record = NewRecord::new(Kind::Upload, category, text("title"), Actor::from(&user));
    record.id = Some(record_id);
    record.notes = text("notes");
    record.once = Some(once);
    record.supersedes = pending.data.get("supersedes").and_then(Value::as_str).map(str::to_owned);
    record.meta = json!({ "original_name": file_name, "content_type": file_type.content_type() });
    record.stored = vec![FileRef {
        name: file_name,
        content_type: file_type.content_type().into(),
        size: stored.size,
        sha256: stored.sha256,
        key: stored.key,
        version_id: stored.version_id,
    }];
    let recorded = state.vault().append(&user.id, record).await?;
    storage.delete_upload(&key).await?;
    match recorded {
        Some(record) => Ok((StatusCode::CREATED, Json(record_json(&record, None)))),
        // Recorded by a concurrent call a moment ago.
        None => {
            let id = state.vault().once_record(&user.id, &format!("upload#{upload_id}")).await?.ok_or_else(not_found)?;
            Ok((StatusCode::OK, Json(record_json(&state.vault().get(&user.id, &id).await?, None))))
        }
    }
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
    user: AuthUser,
    Path((id, index)): Path<(String, usize)>,
    QueryParams(query): QueryParams<LinkQuery>,
) -> Result<Json<Value>> {
    pro(&state, &user).await?;
    let record = state.vault().get(&user.id, &id).await?;
    let file = record.files.get(index).ok_or_else(|| ApiError::not_found("File not found"))?;
    let url = state.vault().storage()?
        .presign_get(&file.key, file.version_id.as_deref(), &file.content_type, &file.name, query.inline.unwrap_or(false), LINK_LIFETIME)
        .await?;
    Ok(Json(json!({ "url": url, "name": file.name, "contentType": file.content_type, "sha256": file.sha256, "expiresIn": LINK_LIFETIME.as_secs() })))
}
