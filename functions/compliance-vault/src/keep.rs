//! Keeping an upload: a pending upload and a presigned POST while the browser sends the file,
//! then the arrived file's checks, its copy into the Object Lock bucket and its record, once.

use std::time::Duration;

use shared::{
    ApiError, AppState, Result,
    repo::vault::{Pending, object_key},
    storage::{PresignedPost, Storage, Upload},
    vault::{Actor, FileType, MAX_UPLOAD_BYTES, Record},
};
use time::OffsetDateTime;

use crate::upload_rules::{Declared, check_content, check_size};

/// How long a presigned POST and its pending upload live.
const UPLOAD_WINDOW: Duration = Duration::from_secs(15 * 60);
/// Bytes read to recognise the type (a ZIP package names its parts within the first KBs).
const SNIFF: usize = 8192;

fn upload_key(owner_id: &str, upload_id: &str) -> String {
    format!("uploads/{owner_id}/{upload_id}")
}

pub(crate) fn upload_not_found() -> ApiError {
    ApiError::not_found("This upload was not found or has expired. Upload the file again.")
}

fn not_arrived() -> ApiError {
    ApiError::bad_request("upload_missing", "The file has not arrived. Upload it again.")
}

/// An upload the browser may now send.
pub(crate) struct Started {
    pub upload_id: String,
    pub post: PresignedPost,
    pub expires: OffsetDateTime,
}

/// Records what the founder declared (a superseded record must be one of theirs) and presigns
/// the POST that sends the file to the uploads bucket.
pub(crate) async fn start_upload(state: &AppState, owner_id: &str, upload: Declared) -> Result<Started> {
    if let Some(old) = &upload.supersedes {
        state.vault().get(owner_id, old).await.map_err(|_| ApiError::bad_request("unknown_record", "The record to supersede is not one of yours."))?;
    }
    let upload_id = uuid::Uuid::new_v4().to_string();
    let storage = state.vault().storage()?;
    let key = upload_key(owner_id, &upload_id);
    let now = state.clock.now();
    let post = storage.presigned_post(&key, upload.file_type.content_type(), MAX_UPLOAD_BYTES, now.into(), UPLOAD_WINDOW).await?;
    let expires_at = shared::time::unix(now) + UPLOAD_WINDOW.as_secs() as i64;
    state.vault().put_pending(&Pending { owner_id: owner_id.to_owned(), sk: format!("upload#{upload_id}"), expires_at, data: upload.to_data() }).await?;
    Ok(Started { upload_id, post, expires: now + UPLOAD_WINDOW })
}

/// A completed upload's record: filed by this call, or found already filed by an earlier
/// (or concurrent) call for the same upload.
pub(crate) enum Completed {
    Recorded(Record),
    Already(Record),
}

/// Checks the arrived file and files it, once: a repeated call answers the same record.
pub(crate) async fn complete_upload(state: &AppState, owner_id: &str, upload_id: &str, actor: Actor) -> Result<Completed> {
    let once = format!("upload#{upload_id}");
    if let Some(record) = kept_record(state, owner_id, &once).await? {
        return Ok(Completed::Already(record));
    }
    let pending = state.vault().get_pending(owner_id, &once).await?.ok_or_else(upload_not_found)?;
    let upload = Declared::from_data(&pending.data)?;
    let storage = state.vault().storage()?;
    let key = upload_key(owner_id, upload_id);
    let arrived = arrived_upload(storage, &key, upload.file_type).await?;
    // One call keeps the file: a second one at the same moment would write a second locked copy.
    if !state.vault().take_pending(owner_id, &once).await? {
        return kept_record(state, owner_id, &once)
            .await?
            .map(Completed::Already)
            .ok_or_else(|| ApiError::conflict("upload_in_progress", "This file is being recorded. Reload the vault in a moment."));
    }
    let record_id = uuid::Uuid::new_v4().to_string();
    let stored = storage
        .keep_upload(&key, &arrived.etag, &object_key(owner_id, &record_id, &upload.file_name), upload.file_type.content_type())
        .await?
        .ok_or_else(not_arrived)?;
    let recorded = state.vault().append(owner_id, upload.record(record_id, once.clone(), actor, stored)).await?;
    storage.delete_upload(&key).await?;
    match recorded {
        Some(record) => Ok(Completed::Recorded(record)),
        // Recorded by a concurrent call a moment ago.
        None => kept_record(state, owner_id, &once).await?.map(Completed::Already).ok_or_else(upload_not_found),
    }
}

/// The record an upload was filed as, if it was.
async fn kept_record(state: &AppState, owner_id: &str, once: &str) -> Result<Option<Record>> {
    match state.vault().once_record(owner_id, once).await? {
        Some(id) => Ok(Some(state.vault().get(owner_id, &id).await?)),
        None => Ok(None),
    }
}

/// The arrived upload, checked by its size and its first bytes (the file is never held whole).
/// A refused file is deleted: a refused upload leaves nothing behind.
async fn arrived_upload(storage: &Storage, key: &str, file_type: FileType) -> Result<Upload> {
    let upload = storage.upload(key).await?.ok_or_else(not_arrived)?;
    if let Err(refused) = check_size(upload.size) {
        storage.delete_upload(key).await?;
        return Err(refused);
    }
    let head = storage.upload_head(key, &upload.etag, SNIFF).await?.ok_or_else(not_arrived)?;
    if let Err(refused) = check_content(file_type, &head) {
        storage.delete_upload(key).await?;
        return Err(refused);
    }
    Ok(upload)
}
