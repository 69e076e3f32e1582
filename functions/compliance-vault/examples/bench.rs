//! `make bench`: the exhibit pack of a 1,000-record vault, streamed through the real router
//! (DynamoDB Local and the local S3), with the time and the process's peak memory (VmHWM,
//! reset just before the export) against the pack's size: memory stays bounded because each
//! file streams from S3 into the archive and out through a small pipe. Also times a full
//! integrity check of the same vault, and completes a 25 MB upload (checked, hashed and
//! streamed into the vault) with its peak memory.

use std::time::Instant;

use axum::{Router, body::Body, http::Request};
use futures::StreamExt;
use serde_json::{Value, json};
use shared::{
    repo::vault::{NewFile, NewRecord, append},
    testing::{Call, subscribe_trial, test_user},
    vault::{Actor, Category, Kind, MAX_UPLOAD_BYTES},
};
use tower::ServiceExt;

const RECORDS: usize = 1_000;
/// Every tenth record is a 2 MB "PDF" upload; the rest are 20 KB form snapshots.
const LARGE: usize = 2 * 1024 * 1024;
const SMALL: usize = 20 * 1024;

fn vm(field: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| status.lines().find(|l| l.starts_with(field)).and_then(|l| l.split_whitespace().nth(1)).and_then(|kb| kb.parse::<u64>().ok()))
        .unwrap_or(0)
}

fn reset_peak() {
    // Linux: writing 5 to clear_refs resets the peak resident set size (VmHWM).
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn bytes_of(seed: usize, len: usize, pdf: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(len);
    if pdf {
        out.extend_from_slice(b"%PDF-1.7\n");
    }
    let mut x = seed as u64 | 1;
    while out.len() < len {
        // Incompressible bytes: the archive stores them as they are.
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        out.extend_from_slice(&x.to_le_bytes());
    }
    out.truncate(len);
    out
}

#[tokio::main]
async fn main() {
    let state = shared::testing::state_on(&format!("bv-{}-", &uuid::Uuid::new_v4().simple().to_string()[..8]), |_| {}).await;
    let app: Router = shared::http::mount("compliance-vault", compliance_vault::router(state.clone()));
    let founder = test_user(&state).await;
    subscribe_trial(&state, &founder.id, true).await;

    let started = Instant::now();
    let uploads = futures::stream::iter(0..RECORDS)
        .map(|i| {
            let state = state.clone();
            let owner = founder.id.clone();
            async move {
                let large = i % 10 == 0;
                let (kind, category, name, content_type) = if large {
                    (Kind::Upload, Category::PitchDeck, "deck.pdf", "application/pdf")
                } else {
                    (Kind::FormSnapshot, Category::TestingTheWaters, "snapshot.html", "text/html; charset=utf-8")
                };
                let mut record = NewRecord::new(kind, category, format!("Record {i}"), Actor::system());
                record.files = vec![NewFile::new(name, content_type, bytes_of(i, if large { LARGE } else { SMALL }, large))];
                state.vault().append(&owner, record).await.expect("append").expect("recorded")
            }
        })
        .buffer_unordered(8)
        .collect::<Vec<_>>()
        .await;
    let include: Vec<Value> = uploads.iter().filter(|r| r.kind == Kind::Upload).map(|r| json!(r.id)).collect();
    println!("  vault: {} records appended in {:.1} s ({} uploads of 2 MB, {} snapshots of 20 KB)", uploads.len(), started.elapsed().as_secs_f64(), include.len(), RECORDS - include.len());

    let link = Call::post("/api/compliance-vault/exports").token(&founder.token).json(json!({ "include": include })).send(&app).await;
    assert_eq!(link.status, axum::http::StatusCode::CREATED, "{}", link.text);
    let url = link.body["url"].as_str().expect("a link").to_owned();
    let before = vm("VmRSS:");
    reset_peak();
    let started = Instant::now();
    let response = app.clone().oneshot(Request::get(&url).body(Body::empty()).unwrap()).await.unwrap();
    assert!(response.status().is_success());
    let mut body = response.into_body().into_data_stream();
    let (mut size, mut first_byte) = (0usize, None);
    while let Some(chunk) = body.next().await {
        let chunk = chunk.expect("pack chunk");
        first_byte.get_or_insert_with(|| started.elapsed());
        size += chunk.len();
    }
    let elapsed = started.elapsed();
    let peak = vm("VmHWM:");
    println!(
        "  exhibit pack: {RECORDS} records, {:.1} MB in {:.2} s ({:.0} MB/s), first byte after {} ms",
        size as f64 / 1e6,
        elapsed.as_secs_f64(),
        size as f64 / 1e6 / elapsed.as_secs_f64(),
        first_byte.unwrap_or_default().as_millis()
    );
    println!(
        "  memory: RSS {:.1} MiB before the export, peak {:.1} MiB during it (+{:.1} MiB for a {:.0} MB pack: streamed, not held)",
        before as f64 / 1024.0,
        peak as f64 / 1024.0,
        peak.saturating_sub(before) as f64 / 1024.0,
        size as f64 / 1e6
    );

    let started = Instant::now();
    let report = compliance_vault::verify_vault(&state, &founder.id).await.expect("verify");
    println!("  verify integrity: {} in {:.2} s", report["message"].as_str().unwrap_or_default(), started.elapsed().as_secs_f64());

    // The largest upload a founder may make, posted as a browser does, then completed.
    let size = MAX_UPLOAD_BYTES as usize;
    let started = Call::post("/api/compliance-vault/uploads")
        .token(&founder.token)
        .json(json!({"fileName": "Form C.pdf", "contentType": "application/pdf", "size": size, "category": "form_c_filed", "title": "Form C as filed"}))
        .send(&app)
        .await;
    assert_eq!(started.status, axum::http::StatusCode::CREATED, "{}", started.text);
    post_file(&started.body, bytes_of(25, size, true)).await;
    let upload_id = started.body["uploadId"].as_str().expect("an upload id").to_owned();
    let before = vm("VmRSS:");
    reset_peak();
    let started = Instant::now();
    let done = Call::post(&format!("/api/compliance-vault/uploads/{upload_id}/complete")).token(&founder.token).send(&app).await;
    let elapsed = started.elapsed();
    let peak = vm("VmHWM:");
    assert_eq!(done.status, axum::http::StatusCode::CREATED, "{}", done.text);
    assert_eq!(done.body["files"][0]["size"], size);
    println!(
        "  upload of {:.1} MB completed in {:.2} s (type checked, hashed, streamed into the vault): RSS {:.1} MiB before, peak {:.1} MiB (+{:.1} MiB; held whole it would add its {:.0} MB)",
        size as f64 / 1e6,
        elapsed.as_secs_f64(),
        before as f64 / 1024.0,
        peak as f64 / 1024.0,
        peak.saturating_sub(before) as f64 / 1024.0,
        size as f64 / 1e6
    );
}

/// Posts a file to a presigned POST as a browser does; the bytes are gone when it returns.
async fn post_file(presigned: &Value, bytes: Vec<u8>) {
    let mut form = reqwest::multipart::Form::new();
    for field in presigned["fields"].as_array().expect("fields") {
        form = form.text(field[0].as_str().unwrap_or_default().to_owned(), field[1].as_str().unwrap_or_default().to_owned());
    }
    let part = reqwest::multipart::Part::bytes(bytes).file_name("Form C.pdf").mime_str("application/pdf").expect("a content type");
    let response = reqwest::Client::new().post(presigned["url"].as_str().expect("a url")).multipart(form.part("file", part)).send().await.expect("the S3 POST");
    assert!(response.status().is_success(), "S3 POST answered {}", response.status());
}
