//! The import job: reading the uploaded file into a preview, and applying it.
//!
//! Both steps read the file again from the uploads bucket (it stays there until applied), so a
//! job holds no state between them but its item. Applying stages every row, each matched lead's
//! investment and the totals under the import's id, then publishes them with one transaction on
//! the portal's item; until then nothing the founder reads has changed, and a failure deletes
//! what was staged. Run by the request's background task locally and by the investments
//! table's stream in AWS ([`handle`]); running a job twice is harmless (each step starts only
//! from its status).

use std::collections::{HashMap, HashSet};

use serde_json::{Value, json};
use shared::{
    ApiError, AppState, Result,
    crypto::sha256_hex,
    forms::Form,
    invested::{LeadFacts, Summary, roll_up},
    investments::{InvestorRow, LeadRef, Mapping, Match, MatchOptions, Parsed, Status, match_rows, parse_rows, read_sheet},
    leads::{LeadSummary, answers_in_order},
    repo::{
        investments::{APPLYING, ImportJob, READING, StoredRow},
        vault::{NewFile, NewRecord},
    },
    vault::{Actor, Category, Kind},
};

use super::{MAX_IMPORT_BYTES, portal_label};

const SAMPLE: usize = 10;
const MAX_PROBLEMS: usize = 50;
const MAX_SUGGESTIONS: usize = 100;
/// Rows staged between two progress updates.
const STAGE_CHUNK: usize = 2_000;

/// Runs the step the job's status asks for.
pub async fn run(state: &AppState, company_id: &str, id: &str) -> Result<()> {
    let Some(job) = state.investments().get(company_id, id).await? else { return Ok(()) };
    match job.status.as_str() {
        READING => read(state, job).await,
        APPLYING => apply(state, job).await,
        _ => Ok(()),
    }
}

/// What the stream's records are read as: any item of the table, of which only jobs matter.
#[derive(serde::Deserialize)]
struct Changed {
    company_id: String,
    sk: String,
    #[serde(default)]
    status: Option<String>,
}

/// The investments table's stream in AWS: each job item that asks for a step. An error fails
/// the batch, so Lambda retries it; a retried step starts again from its status.
pub async fn handle(state: &AppState, event: aws_lambda_events::event::dynamodb::Event) -> Result<()> {
    for record in event.records {
        let Ok(changed) = serde_dynamo::from_item::<_, Changed>(record.change.new_image) else { continue };
        let Some(id) = changed.sk.strip_prefix("import#") else { continue };
        if matches!(changed.status.as_deref(), Some(READING | APPLYING)) {
            run(state, &changed.company_id, id).await?;
        }
    }
    Ok(())
}

/// The file and its rows, or the sentence the founder reads about why it cannot be read.
struct Loaded {
    sha256: String,
    headers: Vec<String>,
    mapping: Mapping,
    mapping_error: Option<String>,
    parsed: Parsed,
}

async fn load(state: &AppState, job: &ImportJob) -> Result<std::result::Result<Loaded, String>> {
    let storage = state.vault().storage()?;
    let Some(bytes) = storage.read_upload(&job.upload_key, MAX_IMPORT_BYTES).await? else {
        return Ok(Err("The file has not arrived, or it is larger than 25 MB. Upload it again.".into()));
    };
    let sha256 = sha256_hex(&bytes);
    // Parsing is CPU work on up to 25 MB: off the runtime's threads.
    let sheet = match tokio::task::spawn_blocking(move || read_sheet(&bytes)).await.map_err(ApiError::internal)? {
        Ok(sheet) => sheet,
        Err(invalid) => return Ok(Err(invalid.message.into_owned())),
    };
    if sheet.headers.is_empty() {
        return Ok(Err("This file is empty. Export the investors from your portal again.".into()));
    }
    let remembered = state.investments().portal(&job.company_id, &job.portal).await?.and_then(|p| p.mapping);
    let mapping = match (&job.mapping, remembered) {
        (Some(chosen), _) => chosen.clone(),
        (None, Some(remembered)) => Mapping::remembered(&remembered, &sheet.headers),
        (None, None) => Mapping::guess(&sheet.headers),
    };
    let mapping_error = mapping.check(&sheet.headers).err().map(|invalid| invalid.message.into_owned());
    let parsed = if mapping_error.is_none() { parse_rows(&sheet, &mapping) } else { Parsed { rows: Vec::new(), problems: Vec::new() } };
    Ok(Ok(Loaded { sha256, headers: sheet.headers, mapping, mapping_error, parsed }))
}

/// The company's leads as matching and the totals need them.
struct Leads {
    refs: Vec<LeadRef>,
    facts: HashMap<String, LeadFacts>,
}

async fn company_leads(state: &AppState, company_id: &str) -> Result<Leads> {
    let forms: HashMap<String, Form> = state.forms().list_forms(company_id).await?.into_iter().map(|f| (f.id.clone(), f)).collect();
    let mut leads = Leads { refs: Vec::new(), facts: HashMap::new() };
    state.lead_listings().each_of_owner(company_id, |lead| {
        let form = forms.get(&lead.form_id);
        let data: serde_json::Map<String, Value> = lead.data.iter().map(|(k, v)| (k.clone(), Value::String(v.clone()))).collect();
        let summary = LeadSummary::of(&answers_in_order(form.map(|f| f.fields.as_slice()).unwrap_or_default(), &data), lead.location_data.as_ref());
        leads.facts.insert(lead.id.clone(), LeadFacts {
            form_id: lead.form_id.clone(),
            temperature: shared::leads::Temperature::from_status(&lead.status).as_str().to_owned(),
            source: lead.facets.source.clone(),
            campaign: lead.facets.campaign.clone(),
            page: lead.facets.page.clone(),
        });
        leads.refs.push(LeadRef { lead_id: lead.id, email: summary.email, name: summary.name, indicated_dollars: lead.estimated_amount, created_at: lead.created_at });
    })
    .await?;
    Ok(leads)
}

fn options(job: &ImportJob) -> MatchOptions {
    MatchOptions { gmail_dots: job.gmail_dots }
}

async fn read(state: &AppState, job: ImportJob) -> Result<()> {
    let loaded = match load(state, &job).await {
        Ok(Ok(loaded)) => loaded,
        Ok(Err(message)) => {
            state.investments().fail(&job.company_id, &job.id, READING, &message).await?;
            return Ok(());
        }
        Err(err) => {
            state.investments().fail(&job.company_id, &job.id, READING, "The file could not be read just now. Try again in a moment.").await?;
            return Err(err);
        }
    };
    let leads = company_leads(state, &job.company_id).await?;
    let confirmed = state.investments().confirmations(&job.company_id, &job.portal).await?;
    let matches = match_rows(&loaded.parsed.rows, &leads.refs, &confirmed, options(&job));
    let previous = match state.investments().portal(&job.company_id, &job.portal).await?.and_then(|p| p.active) {
        Some(active) => Some(applied_rows(state, &job.company_id, &active).await?),
        None => None,
    };
    let preview = preview_json(&job, &loaded, &matches, &leads, previous.as_ref());
    state.investments().ready(&job.company_id, &job.id, &preview.to_string(), &loaded.sha256, &loaded.mapping, loaded.parsed.rows.len() as u64).await?;
    Ok(())
}

/// An applied import's rows by identity: status and amount (to tell the founder what changed).
async fn applied_rows(state: &AppState, company_id: &str, import_id: &str) -> Result<HashMap<String, (Status, u64)>> {
    let mut rows = HashMap::new();
    let mut start = None;
    loop {
        let (page, next) = state.investments().rows_page(company_id, import_id, start, 1_000).await?;
        rows.extend(page.into_iter().map(|stored| (stored.row.identity, (stored.row.status, stored.row.amount_cents))));
        match next {
            Some(key) => start = Some(key),
            None => return Ok(rows),
        }
    }
}

fn match_json(matched: &Match, names: &HashMap<&str, &LeadRef>) -> Value {
    match matched {
        Match::Email { lead_id } | Match::Confirmed { lead_id } => json!({
            "kind": if matches!(matched, Match::Email { .. }) { "email" } else { "confirmed" },
            "leadId": lead_id,
            "leadName": names.get(lead_id.as_str()).and_then(|lead| lead.name.clone()),
        }),
        Match::Suggested { .. } => json!({ "kind": "suggested" }),
        Match::Unmatched => json!({ "kind": "unmatched" }),
    }
}

fn row_json(row: &InvestorRow) -> Value {
    json!({ "line": row.line, "identity": row.identity, "name": row.name, "email": row.email, "amountCents": row.amount_cents, "date": row.date, "status": row.status })
}

fn preview_json(job: &ImportJob, loaded: &Loaded, matches: &[Match], leads: &Leads, previous: Option<&HashMap<String, (Status, u64)>>) -> Value {
    let rows = &loaded.parsed.rows;
    let by_id: HashMap<&str, &LeadRef> = leads.refs.iter().map(|lead| (lead.lead_id.as_str(), lead)).collect();
    let sum = |status: Status| rows.iter().filter(|r| r.status == status).map(|r| r.amount_cents).sum::<u64>();
    let count_status = |status: Status| rows.iter().filter(|r| r.status == status).count();
    let count_match = |test: fn(&Match) -> bool| matches.iter().filter(|m| test(m)).count();
    let suggestions: Vec<Value> = rows
        .iter()
        .zip(matches)
        .filter_map(|(row, matched)| match matched {
            Match::Suggested { lead_ids } => Some(json!({
                "identity": row.identity, "line": row.line, "name": row.name, "email": row.email, "amountCents": row.amount_cents,
                "candidates": lead_ids.iter().filter_map(|id| by_id.get(id.as_str())).map(|lead| json!({
                    "leadId": lead.lead_id, "name": lead.name, "email": lead.email, "indicated": lead.indicated_dollars,
                })).collect::<Vec<_>>(),
            })),
            _ => None,
        })
        .take(MAX_SUGGESTIONS)
        .collect();
    let changes = previous.map(|previous| {
        let (mut new, mut changed, mut cancelled, mut same) = (0, 0, 0, 0);
        let mut seen = HashSet::new();
        for row in rows {
            seen.insert(row.identity.as_str());
            match previous.get(&row.identity) {
                None => new += 1,
                Some((status, _)) if *status != Status::Cancelled && row.status == Status::Cancelled => cancelled += 1,
                Some((status, amount)) if *status != row.status || *amount != row.amount_cents => changed += 1,
                Some(_) => same += 1,
            }
        }
        let removed = previous.keys().filter(|identity| !seen.contains(identity.as_str())).count();
        json!({ "new": new, "changed": changed, "cancelled": cancelled, "removed": removed, "same": same })
    });
    json!({
        "portal": job.portal,
        "portalLabel": portal_label(&job.portal),
        "headers": loaded.headers,
        "mapping": loaded.mapping,
        "mappingError": loaded.mapping_error,
        "gmailDots": job.gmail_dots,
        "rows": rows.len(),
        "problemCount": loaded.parsed.problems.len(),
        "problems": loaded.parsed.problems.iter().take(MAX_PROBLEMS).collect::<Vec<_>>(),
        "sample": rows.iter().zip(matches).take(SAMPLE).map(|(row, matched)| {
            let mut value = row_json(row);
            value["match"] = match_json(matched, &by_id);
            value
        }).collect::<Vec<_>>(),
        "counts": {
            "invested": count_status(Status::Invested),
            "investedCents": sum(Status::Invested),
            "pending": count_status(Status::Pending),
            "pendingCents": sum(Status::Pending),
            "cancelled": count_status(Status::Cancelled),
            "byEmail": count_match(|m| matches!(m, Match::Email { .. })),
            "confirmed": count_match(|m| matches!(m, Match::Confirmed { .. })),
            "suggested": count_match(|m| matches!(m, Match::Suggested { .. })),
            "unmatched": count_match(|m| matches!(m, Match::Unmatched)),
        },
        "suggestions": suggestions,
        "changes": changes,
    })
}

/// What failed while applying: nothing was published, so the staged items go and the job is
/// marked failed with the founder's sentence.
async fn abandon(state: &AppState, job: &ImportJob, message: &str) -> Result<()> {
    state.investments().unstage(&job.company_id, &job.id).await?;
    state.investments().fail(&job.company_id, &job.id, APPLYING, message).await?;
    Ok(())
}

async fn apply(state: &AppState, mut job: ImportJob) -> Result<()> {
    match stage(state, &mut job).await {
        Ok(Some(summary)) => publish(state, &job, &summary).await,
        Ok(None) => Ok(()),
        Err(err) => {
            abandon(state, &job, "The import could not be applied, and nothing was changed. Try again.").await?;
            Err(err)
        }
    }
}

/// Reads, matches and stages the import; `None` when the file can no longer be read (the job
/// is then failed with the reason).
async fn stage(state: &AppState, job: &mut ImportJob) -> Result<Option<Summary>> {
    let loaded = match load(state, job).await? {
        Ok(loaded) => loaded,
        Err(message) => {
            abandon(state, job, &message).await?;
            return Ok(None);
        }
    };
    if let Some(message) = &loaded.mapping_error {
        abandon(state, job, message).await?;
        return Ok(None);
    }
    let leads = company_leads(state, &job.company_id).await?;
    let mut confirmed = state.investments().confirmations(&job.company_id, &job.portal).await?;
    // Only this file's rows, to the company's own leads.
    let identities: HashSet<&str> = loaded.parsed.rows.iter().map(|row| row.identity.as_str()).collect();
    job.confirmed.retain(|identity, lead| identities.contains(identity.as_str()) && leads.facts.contains_key(lead));
    confirmed.extend(job.confirmed.clone());
    let matches = match_rows(&loaded.parsed.rows, &leads.refs, &confirmed, options(job));
    let (per_lead, summary) = roll_up(&loaded.parsed.rows, &matches, &leads.facts);
    let rows: Vec<StoredRow> = loaded.parsed.rows.into_iter().zip(matches).map(|(row, matched)| StoredRow { row, matched }).collect();
    let total = rows.len() as u64;
    for (chunk_index, chunk) in rows.chunks(STAGE_CHUNK).enumerate() {
        let offset = chunk_index * STAGE_CHUNK;
        state.investments().stage_rows(&job.company_id, &job.id, offset, chunk).await?;
        state.investments().progress(&job.company_id, &job.id, APPLYING, (offset + chunk.len()) as u64, total).await?;
    }
    state.investments().stage_totals(&job.company_id, job, &per_lead, &summary).await?;
    Ok(Some(summary))
}

async fn publish(state: &AppState, job: &ImportJob, summary: &Summary) -> Result<()> {
    let result = json!({
        "investors": summary.investors,
        "investedCents": summary.invested_cents,
        "pendingCents": summary.pending_cents,
        "matched": summary.leads_invested,
        "unmatched": summary.unmatched.investors,
        "leadsInvested": summary.leads_invested,
        "rows": summary.rows,
    });
    let now = state.clock.now_iso();
    if !state.investments().publish(&job.company_id, job, &result.to_string(), &now).await? {
        return abandon(state, job, "Another file from this portal was imported meanwhile, and nothing was changed. Read this file again to import it.").await;
    }
    if let Some(mapping) = &job.mapping {
        state.investments().remember_mapping(&job.company_id, &job.portal, mapping, job.gmail_dots).await?;
    }
    file_record(state, job, summary, &now).await;
    if let Err(err) = state.vault().storage()?.delete_upload(&job.upload_key).await {
        tracing::warn!(import_id = %job.id, error = %err, "imported file left in the uploads bucket (its lifecycle rule removes it)");
    }
    if let Some(previous) = &job.replaces
        && let Err(err) = state.investments().unstage(&job.company_id, previous).await
    {
        tracing::warn!(import_id = %previous, error = %err, "a replaced import's items were not all deleted");
    }
    Ok(())
}

/// The vault's record of the import: the file's hash, its rows, who and when, and what it
/// added up to (no investor's name or address).
async fn file_record(state: &AppState, job: &ImportJob, summary: &Summary, now: &str) {
    let sha256 = job.sha256.clone().unwrap_or_default();
    let meta = json!({
        "import_id": job.id,
        "portal": job.portal,
        "file_name": job.file_name,
        "file_sha256": sha256,
        "rows": summary.rows,
        "imported_by": job.created_by,
        "applied_at": now,
        "investors": summary.investors,
        "invested_cents": summary.invested_cents,
        "leads_invested": summary.leads_invested,
        "replaces_import": job.replaces,
    });
    let mut record = NewRecord::new(
        Kind::Import,
        Category::OfferingRecord,
        format!("Portal import: {} from {} ({} rows)", job.file_name, portal_label(&job.portal), summary.rows),
        Actor::founder(&job.created_by_id),
    );
    record.once = Some(format!("import#{}", job.id));
    record.files = vec![NewFile::new("import.json", "application/json", serde_json::to_vec_pretty(&meta).unwrap_or_default())];
    record.meta = meta;
    if let Err(err) = state.vault().append(&job.company_id, record).await {
        tracing::error!(import_id = %job.id, error = %err, "portal import not filed in the vault");
    }
}
