//! `make bench`: a portal import of 50,000 investor rows matched against 100,000 leads of one
//! company, through the job the worker runs (read into a preview, then applied), against
//! DynamoDB Local and the local S3. Prints wall time per step, rows and matches per second, and
//! the process's peak memory; checks that every invested dollar of the file is in the totals.
//!
//! Half the rows are leads' addresses written another way (capitals, a `+tag`), a tenth are
//! cancelled, the rest came straight to the portal.

use std::{collections::HashMap, time::Instant};

use shared::{
    AppState,
    repo::investments::ImportJob,
    testing::{form, test_state_with},
};

const LEADS: usize = 100_000;
const ROWS: usize = 50_000;

fn peak_mib() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| status.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| l.split_whitespace().nth(1)).and_then(|kb| kb.parse::<f64>().ok()))
        .map_or(0.0, |kb| kb / 1024.0)
}

/// The company's leads as capture stores them (through the testing builder), with a source and
/// a temperature each.
async fn store_leads(state: &AppState, seed: &shared::forms::Form) {
    let mut items = Vec::with_capacity(LEADS);
    for i in 0..LEADS {
        let mut lead = shared::testing::lead_of(seed, &format!("Investor {i}"), &format!("investor{i}@example.com"), &format!("2026-11-{:02}T10:00:00Z", 1 + i % 28));
        lead.status = ["hot", "warm", "cold"][i % 3].to_owned();
        lead.estimated_amount = 5_000;
        lead.facets.source = Some(["newsletter", "direct", "x.com"][i % 3].to_owned());
        items.push(shared::dynamo::to_item(&lead).expect("a lead item"));
    }
    for chunk in items.chunks(5_000) {
        shared::testing::batch_put(state, &state.config.tables.leads, chunk.to_vec()).await;
    }
}

fn export_csv() -> (String, u64) {
    let mut csv = String::from("Investor Name,Investor Email,Amount,Investment Date,Status,Investment ID\n");
    let mut invested_cents = 0u64;
    for row in 0..ROWS {
        let (email, status) = match row % 10 {
            0 => (format!("investor{}@example.com", row * 2), "Cancelled"),
            1..=5 => (format!("Investor{}+portal@Example.com", row * 2), "Confirmed"),
            _ => (format!("walk-in{row}@elsewhere.example"), "Confirmed"),
        };
        let cents = 100_000 + (row as u64 % 50) * 10_000;
        if status == "Confirmed" {
            invested_cents += cents;
        }
        csv.push_str(&format!("Investor {},{email},\"${}.{:02}\",2026-03-{:02},{status},INV-{row}\n", row * 2, cents / 100, cents % 100, 1 + row % 28));
    }
    (csv, invested_cents)
}

async fn step(state: &AppState, company: &str, id: &str, want: &str) -> f64 {
    let started = Instant::now();
    leads::imports::job::run(state, company, id).await.expect("the job step");
    let seconds = started.elapsed().as_secs_f64();
    let job = state.investments().get(company, id).await.unwrap().unwrap();
    assert_eq!(job.status, want, "{:?}", job.error);
    seconds
}

#[tokio::main]
async fn main() {
    let state = test_state_with(|_| {}).await;
    let company = uuid::Uuid::new_v4().to_string();
    let seed = form(&company).named("Seed").store(&state).await;
    let started = Instant::now();
    store_leads(&state, &seed).await;
    println!("  {LEADS} leads stored in {:.1} s", started.elapsed().as_secs_f64());

    let (csv, invested_cents) = export_csv();
    let id = uuid::Uuid::new_v4().to_string();
    let upload_key = format!("imports/{company}/{id}");
    let storage = state.vault().storage().unwrap();
    storage
        .client()
        .put_object()
        .bucket(&state.config.vault.as_ref().unwrap().uploads_bucket)
        .key(&upload_key)
        .body(csv.clone().into_bytes().into())
        .send()
        .await
        .expect("the export in the uploads bucket");
    let job = ImportJob {
        company_id: company.clone(),
        sk: ImportJob::sk_of(&id),
        id: id.clone(),
        portal: "wefunder".into(),
        file_name: "investors.csv".into(),
        size: csv.len() as u64,
        status: "uploading".into(),
        created_at: state.clock.now_iso(),
        created_by: "founder@example.com".into(),
        created_by_id: company.clone(),
        upload_key,
        ..ImportJob::default()
    };
    state.investments().create(&job).await.unwrap();
    let memory_before = peak_mib();

    assert!(state.investments().start_reading(&company, &id, None, None).await.unwrap());
    let read = step(&state, &company, &id, "ready").await;
    assert!(state.investments().start_applying(&company, &id, &HashMap::new(), None).await.unwrap());
    let apply = step(&state, &company, &id, "applied").await;

    // The pure part alone, on the same data: reading the file and matching it in memory.
    let parse_started = Instant::now();
    let sheet = shared::investments::read_sheet(csv.as_bytes()).expect("the sheet");
    let parsed = shared::investments::parse_rows(&sheet, &shared::investments::Mapping::guess(&sheet.headers));
    let parse = parse_started.elapsed().as_secs_f64();
    let refs: Vec<shared::investments::LeadRef> = (0..LEADS)
        .map(|i| shared::investments::LeadRef {
            lead_id: format!("lead-{i}"),
            email: Some(format!("investor{i}@example.com")),
            name: Some(format!("Investor {i}")),
            indicated_dollars: 5_000,
            created_at: String::new(),
        })
        .collect();
    let match_started = Instant::now();
    let matches = shared::investments::match_rows(&parsed.rows, &refs, &HashMap::new(), Default::default());
    let matching = match_started.elapsed().as_secs_f64();
    assert_eq!(matches.len(), ROWS);

    let summary = state.investments().summary(&company, &id).await.unwrap().expect("the totals");
    assert_eq!(summary.invested_cents, invested_cents, "every confirmed dollar of the file is in the totals");
    let matched = (ROWS / 10) * 5;
    assert_eq!(summary.leads_invested as usize, matched, "every leads' address written another way matched");
    println!(
        "  import of {ROWS} rows ({:.1} MB CSV) against {LEADS} leads: read + preview {read:.1} s, apply {apply:.1} s (all or nothing), {:.0} rows/s end to end",
        csv.len() as f64 / 1e6,
        ROWS as f64 / (read + apply)
    );
    println!(
        "  matched {} leads by e-mail ({:.0} matches/s over both steps), {} investors came straight to the portal, ${} invested",
        summary.leads_invested,
        summary.leads_invested as f64 / (read + apply),
        summary.unmatched.investors,
        summary.invested_cents / 100
    );
    println!(
        "  of which in memory: reading the file {:.0} ms, matching {ROWS} rows against {LEADS} leads {:.0} ms ({:.0} rows/s); the rest is reading the leads and writing the rows (DynamoDB Local)",
        parse * 1000.0,
        matching * 1000.0,
        ROWS as f64 / matching
    );
    println!("  peak memory {:.0} MiB (before the import: {memory_before:.0} MiB; the file is read whole, at most 25 MB)", peak_mib());
}
