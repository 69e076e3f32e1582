//! The Form C exhibit pack: every testing-the-waters record's files, the uploads the founder
//! ticked, the manifests (CSV and JSON), every record of the chain in canonical form and a
//! README on checking the hashes — one ZIP written as it is sent. Each file streams from S3
//! into the archive through a small pipe, so memory stays bounded whatever the pack's size.
//!
//! Starting an export (`POST /exports`, signed in) answers a 10-minute link
//! (`GET /exports/{token}`, an HMAC-signed token) that the browser downloads natively; in AWS
//! that route runs behind a response-streaming function URL, like the leads export.

use std::time::Duration;

use async_zip::{Compression, ZipEntryBuilder, base::write::ZipFileWriter};
use axum::{
    Json,
    body::Body,
    extract::{Path, State},
    http::{HeaderMap, StatusCode, header},
    response::{IntoResponse, Response},
};
use futures::AsyncWriteExt;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use shared::{
    http::member::Member,
    teams::Action,
    ApiError, AppState, Result,
    http::JsonBody,
    repo::vault::Pending,
    vault::{
        Kind, Record,
        export::{Entry, entries, folder, is_ttw_material, manifest_csv, manifest_json, readme, records_jsonl},
    },
};
use tokio::io::DuplexStream;

use crate::pro;

const LINK_LIFETIME: Duration = Duration::from_secs(10 * 60);
/// The pipe between the archive writer and the response: what the pack holds in memory.
const PIPE_BYTES: usize = 256 * 1024;
pub const MAX_INCLUDED: usize = 500;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartExport {
    /// Upload records to include besides the testing-the-waters material.
    #[serde(default)]
    include: Vec<String>,
}

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    /// Owner.
    o: String,
    /// Export id.
    e: String,
    /// Expires (Unix seconds).
    x: i64,
    /// The support session the link was made in: it works only while that session runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    i: Option<String>,
}

/// Checks the selection and answers a short-lived link to the pack.
#[tracing::instrument(skip(state, body), fields(company_id = %member.company_id))]
pub async fn start(State(state): State<AppState>, member: Member, JsonBody(body): JsonBody<StartExport, 65_536>) -> Result<(StatusCode, Json<Value>)> {
    member.require(Action::Export)?;
    pro(&state, &member).await?;
    if body.include.len() > MAX_INCLUDED {
        return Err(ApiError::bad_request("too_many", format!("Choose at most {MAX_INCLUDED} uploads.")));
    }
    let chain = state.vault().chain(&member.company_id).await?;
    let mut include = Vec::new();
    for id in &body.include {
        match chain.iter().find(|r| &r.id == id) {
            Some(record) if record.kind == Kind::Upload => include.push(id.clone()),
            Some(_) => {}
            None => return Err(ApiError::bad_request("unknown_record", "One of the chosen uploads is not one of yours.")),
        }
    }
    let selected = select(&chain, &include);
    let export_id = uuid::Uuid::new_v4().to_string();
    let expires_at = state.clock.unix() + LINK_LIFETIME.as_secs() as i64;
    state.vault().put_pending(&Pending { owner_id: member.company_id.clone(), sk: format!("export#{export_id}"), expires_at, data: json!({ "include": include }) }).await?;
    let token = state.config.links.export.sign("vault-export", &Claims { o: member.company_id.clone(), e: export_id, x: expires_at, i: member.user.impersonation.as_ref().map(|acting| acting.audit_id.clone()) });
    Ok((
        StatusCode::CREATED,
        Json(json!({
            "url": format!("/api/compliance-vault/exports/{token}"),
            "expiresAt": shared::time::iso(time::OffsetDateTime::from_unix_timestamp(expires_at).unwrap_or(state.clock.now())),
            "records": selected.len(),
            "files": selected.iter().map(|r| r.files.len()).sum::<usize>(),
        })),
    ))
}

/// What goes in: testing-the-waters material and the chosen uploads, in chain order.
fn select<'a>(chain: &'a [Record], include: &[String]) -> Vec<&'a Record> {
    chain.iter().filter(|r| is_ttw_material(r) || include.contains(&r.id)).collect()
}

/// Streams the pack.
#[tracing::instrument(skip(state, headers, token))]
pub async fn download(State(state): State<AppState>, headers: HeaderMap, Path(token): Path<String>) -> Result<Response> {
    if state.config.origin_verify_secret.is_some() && !shared::http::from_trusted_cdn(&headers, &state.config) {
        return Err(ApiError::new(StatusCode::FORBIDDEN, "forbidden", "Download the pack through the RaiseSpark app."));
    }
    let claims = link_claims(&state, &token)?;
    let pack = pack_of(&state, &claims).await?;
    let name = format!("raisespark-exhibit-pack-{}.zip", &state.clock.now_iso()[..10]);
    Ok(zip_download(&name, stream_pack(state, pack)))
}

fn invalid_link() -> ApiError {
    ApiError::bad_request("invalid_link", "This download link is not valid or has expired. Export the pack again.")
}

/// The claims of a download link that is ours and has not expired.
fn link_claims(state: &AppState, token: &str) -> Result<Claims> {
    let claims: Claims = state.config.links.export.verify("vault-export", token).ok_or_else(invalid_link)?;
    if claims.x <= state.clock.unix() {
        return Err(invalid_link());
    }
    Ok(claims)
}

/// What one pack holds, read before the first byte is sent (a failure can still answer 4xx/5xx).
struct Pack {
    chain: Vec<Record>,
    include: Vec<String>,
    company: String,
}

/// Reads what the link's export chose. A link made in a support session works only while that
/// session runs, and its use is recorded in the session's activity.
async fn pack_of(state: &AppState, claims: &Claims) -> Result<Pack> {
    if let Some(audit_id) = &claims.i {
        shared::http::audit::use_session_link(state, audit_id, "/api/compliance-vault/exports").await?;
    }
    let pending = state.vault().get_pending(&claims.o, &format!("export#{}", claims.e)).await?.ok_or_else(invalid_link)?;
    let include: Vec<String> =
        pending.data.get("include").and_then(Value::as_array).map(|ids| ids.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect()).unwrap_or_default();
    let chain = state.vault().chain(&claims.o).await?;
    let company = company_of(state, &claims.o).await;
    Ok(Pack { chain, include, company })
}

/// The archive as a body, written into a bounded pipe by a task while it is sent.
fn stream_pack(state: AppState, pack: Pack) -> Body {
    let (writer, reader) = tokio::io::duplex(PIPE_BYTES);
    tokio::spawn(async move {
        if let Err(err) = write_pack(&state, writer, &pack.chain, &pack.include, &pack.company).await {
            // The status line is gone: the archive ends early, so the download is visibly broken.
            tracing::error!(error = %err, "exhibit pack stopped");
        }
    });
    Body::from_stream(tokio_util::io::ReaderStream::new(reader))
}

fn zip_download(name: &str, body: Body) -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/zip".to_owned()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{name}\"")),
            (header::CACHE_CONTROL, "no-store".to_owned()),
        ],
        body,
    )
        .into_response()
}

async fn company_of(state: &AppState, owner_id: &str) -> String {
    match state.profiles().sender(owner_id).await {
        Ok(sender) if !sender.company_name.is_empty() => sender.company_name,
        _ => "Your company".to_owned(),
    }
}

fn compression(content_type: &str) -> Compression {
    if content_type.starts_with("text/") || content_type.starts_with("application/json") { Compression::Deflate } else { Compression::Stored }
}

/// Writes the archive into the pipe: each file from S3, then the manifests and the README.
pub async fn write_pack(state: &AppState, writer: DuplexStream, chain: &[Record], include: &[String], company: &str) -> Result<()> {
    let zip_error = |err: async_zip::error::ZipError| ApiError::internal(anyhow::Error::new(err).context("writing the exhibit pack"));
    let io_error = |err: std::io::Error| ApiError::internal(anyhow::Error::new(err).context("writing the exhibit pack"));
    let storage = state.vault().storage()?;
    let selected = select(chain, include);
    let mut zip = ZipFileWriter::with_tokio(writer);
    for record in &selected {
        let dir = folder(record);
        for file in &record.files {
            let Some(mut body) = storage.stream(&file.key, file.version_id.as_deref()).await? else {
                return Err(ApiError::internal(anyhow::anyhow!("vault object {} is missing", file.key)));
            };
            let mut entry = zip.write_entry_stream(ZipEntryBuilder::new(format!("{dir}/{}", file.name).into(), compression(&file.content_type))).await.map_err(zip_error)?;
            while let Some(chunk) = body.try_next().await.map_err(|err| ApiError::internal(anyhow::Error::new(err).context("reading a vault object")))? {
                entry.write_all(&chunk).await.map_err(io_error)?;
            }
            entry.close().await.map_err(zip_error)?;
        }
    }
    let listed: Vec<Entry> = entries(&selected);
    let generated_at = state.clock.now_iso();
    let head = chain.last().map(|r| r.hash.clone()).unwrap_or_else(|| shared::vault::GENESIS.to_owned());
    let text_files = [
        ("manifest.csv", manifest_csv(&listed)),
        ("manifest.json", manifest_json(&listed, company, &generated_at, chain.len() as u64, &head)),
        ("records.jsonl", records_jsonl(chain)),
        ("README.txt", readme(company, &generated_at, listed.len(), chain.len() as u64, &head)),
    ];
    for (name, text) in text_files {
        zip.write_entry_whole(ZipEntryBuilder::new(name.to_owned().into(), Compression::Deflate), text.as_bytes()).await.map_err(zip_error)?;
    }
    let mut pipe = zip.close().await.map_err(zip_error)?;
    futures::AsyncWriteExt::close(&mut pipe).await.map_err(io_error)?;
    Ok(())
}
