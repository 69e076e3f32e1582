//! `make bench`, launch day: one form takes 60,000 submissions as fast as this machine allows
//! (64 at once, a tenth of them sent twice with the same idempotency key), against DynamoDB
//! Local, through the public-forms router and the local stand-in for the leads stream (the
//! batches `services::lead_intake` counts, the code the stream consumer runs in AWS).
//!
//! Every DynamoDB request goes through a counting interceptor on the client, so the figures
//! are counted, not estimated: writes per item per second (the hottest item), writes per
//! lead. The same run then counts with batches of one lead (the per-lead design this replaced:
//! each lead writes each of its counter items) for the comparison, and times raw `PutItem`s of
//! the same lead items at the same concurrency.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use aws_sdk_dynamodb::{
    config::{Intercept, interceptors::BeforeSerializationInterceptorContextRef},
    operation::{
        batch_write_item::BatchWriteItemInput, delete_item::DeleteItemInput, put_item::PutItemInput, transact_write_items::TransactWriteItemsInput,
        update_item::UpdateItemInput,
    },
    types::AttributeValue,
};
use aws_smithy_types::config_bag::ConfigBag;
use futures::{StreamExt, stream};
use serde_json::json;
use shared::{
    AppState,
    background::Batches,
    forms::Form,
    testing::{Call, answers, form, published_form, stored_user, test_state_with},
};

/// `LAUNCH_SUBMISSIONS` (default 60,000): the launch's submissions; the per-lead comparison and
/// the raw PutItems take a tenth and a third of it.
fn submissions() -> usize {
    std::env::var("LAUNCH_SUBMISSIONS").ok().and_then(|n| n.parse().ok()).unwrap_or(60_000)
}
const CONCURRENCY: usize = 64;
const RETRY_EVERY: usize = 10;

/// Writes per item and second since `started`, counted on every request the client sends.
#[derive(Debug, Default)]
struct Writes {
    started: Mutex<Option<Instant>>,
    per_item: Mutex<HashMap<String, HashMap<u64, u64>>>,
}

impl Writes {
    fn start(&self) {
        *self.started.lock().unwrap() = Some(Instant::now());
        self.per_item.lock().unwrap().clear();
    }

    fn add(&self, table: &str, key: &HashMap<String, AttributeValue>) {
        let Some(started) = *self.started.lock().unwrap() else { return };
        let second = started.elapsed().as_secs();
        let mut parts: Vec<String> = ["id", "owner_id", "stat"].iter().filter_map(|name| match key.get(*name) {
            Some(AttributeValue::S(value)) => Some(format!("{name}={value}")),
            _ => None,
        }).collect();
        parts.sort();
        let table = table.split_once("Table").map(|(name, _)| name.rsplit('-').next().unwrap_or(name)).unwrap_or(table);
        let item = format!("{table}[{}]", parts.join(","));
        *self.per_item.lock().unwrap().entry(item).or_default().entry(second).or_default() += 1;
    }

    /// The item written most in one second: (item, writes in that second, its writes in all).
    fn hottest(&self) -> (String, u64, u64) {
        let per_item = self.per_item.lock().unwrap();
        per_item.iter().map(|(item, seconds)| (item.clone(), seconds.values().copied().max().unwrap_or(0), seconds.values().sum())).max_by_key(|(_, peak, _)| *peak).unwrap_or_default()
    }

    /// The writes of the items whose name starts with `prefix`: (peak in one second, in all).
    fn of(&self, prefix: &str) -> (u64, u64) {
        let per_item = self.per_item.lock().unwrap();
        let mut seconds: HashMap<u64, u64> = HashMap::new();
        for (_, item) in per_item.iter().filter(|(item, _)| item.starts_with(prefix)) {
            for (second, writes) in item {
                *seconds.entry(*second).or_default() += writes;
            }
        }
        (seconds.values().copied().max().unwrap_or(0), seconds.values().sum())
    }

    fn total(&self) -> u64 {
        self.per_item.lock().unwrap().values().flat_map(|seconds| seconds.values()).sum()
    }
}

#[derive(Debug, Clone)]
struct Counting(Arc<Writes>);

impl Intercept for Counting {
    fn name(&self) -> &'static str {
        "CountingWrites"
    }

    fn read_before_execution(&self, context: &BeforeSerializationInterceptorContextRef<'_>, _: &mut ConfigBag) -> Result<(), aws_smithy_runtime_api::box_error::BoxError> {
        let input = context.input();
        if let Some(put) = input.downcast_ref::<PutItemInput>() {
            self.0.add(put.table_name().unwrap_or(""), put.item().unwrap_or(&HashMap::new()));
        } else if let Some(update) = input.downcast_ref::<UpdateItemInput>() {
            self.0.add(update.table_name().unwrap_or(""), update.key().unwrap_or(&HashMap::new()));
        } else if let Some(delete) = input.downcast_ref::<DeleteItemInput>() {
            self.0.add(delete.table_name().unwrap_or(""), delete.key().unwrap_or(&HashMap::new()));
        } else if let Some(transaction) = input.downcast_ref::<TransactWriteItemsInput>() {
            for item in transaction.transact_items() {
                if let Some(update) = item.update() {
                    self.0.add(update.table_name(), update.key());
                } else if let Some(put) = item.put() {
                    self.0.add(put.table_name(), put.item());
                } else if let Some(delete) = item.delete() {
                    self.0.add(delete.table_name(), delete.key());
                }
            }
        } else if let Some(batch) = input.downcast_ref::<BatchWriteItemInput>() {
            for (table, requests) in batch.request_items().into_iter().flatten() {
                for request in requests {
                    if let Some(put) = request.put_request() {
                        self.0.add(table, put.item());
                    } else if let Some(delete) = request.delete_request() {
                        self.0.add(table, delete.key());
                    }
                }
            }
        }
        Ok(())
    }
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize].as_secs_f64() * 1e3
}

/// A state whose DynamoDB client counts its writes, with batches of `batch` leads.
async fn counted_state(writes: &Arc<Writes>, batch: usize) -> AppState {
    counted_state_with(writes, batch, shared::config::LeadNotifications::Inline).await
}

/// [`counted_state`] with its way of taking new leads in: `Inline`, the local drain beside the
/// submissions (what `make dev` runs); `Stream`, nothing beside them (in AWS the stream's
/// consumer runs on its own functions, not beside the request path).
async fn counted_state_with(writes: &Arc<Writes>, batch: usize, intake: shared::config::LeadNotifications) -> AppState {
    let mut state = test_state_with(|config| {
        config.public_leads_per_minute = usize::MAX;
        config.lead_notifications = intake;
    })
    .await;
    let config = state.dynamo.config().to_builder().interceptor(Counting(writes.clone())).build();
    state.dynamo = aws_sdk_dynamodb::Client::from_conf(config);
    state.lead_batches = Batches::new(batch);
    state
}

struct Run {
    acknowledged: usize,
    sent: usize,
    seconds: f64,
    latencies: Vec<Duration>,
}

/// `count` submissions to `form`, `CONCURRENCY` at once; every `RETRY_EVERY`th is sent again
/// with its key once answered (a client that did not see the answer).
async fn launch(state: &AppState, form: &Form, count: usize) -> Run {
    let app = shared::http::mount("public-forms", public_forms::router(state.clone()));
    let body = answers(form);
    let started = Instant::now();
    let results: Vec<(usize, Vec<Duration>)> = stream::iter(0..count)
        .map(|i| {
            let (app, form_id, body) = (app.clone(), form.id.clone(), body.clone());
            async move {
                let key = uuid::Uuid::new_v4().to_string();
                let request = json!({ "answers": body, "source": format!("https://news{}.example.com/launch", i % 5) });
                let mut latencies = Vec::new();
                let mut acknowledged = 0;
                for _ in 0..if i % RETRY_EVERY == 0 { 2 } else { 1 } {
                    let sent = Instant::now();
                    let answer = Call::post(&format!("/api/public-forms/{form_id}/leads")).from_ip(&format!("10.0.{}.{}", i / 250 % 250, i % 250)).header("idempotency-key", &key).json(request.clone()).send(&app).await;
                    latencies.push(sent.elapsed());
                    assert_eq!(answer.status.as_u16(), 201, "{:?}", answer.body);
                    acknowledged = 1;
                }
                (acknowledged, latencies)
            }
        })
        .buffer_unordered(CONCURRENCY)
        .collect()
        .await;
    let seconds = started.elapsed().as_secs_f64();
    let acknowledged = results.iter().map(|(a, _)| a).sum();
    let mut latencies: Vec<Duration> = results.into_iter().flat_map(|(_, l)| l).collect();
    latencies.sort();
    Run { acknowledged, sent: latencies.len(), seconds, latencies }
}

fn number(item: &HashMap<String, AttributeValue>, name: &str) -> u64 {
    match item.get(name) {
        Some(AttributeValue::N(n)) => n.parse().unwrap_or(0),
        _ => 0,
    }
}

/// The form's leads as stored: how many, and each one's lag from capture to counted.
async fn stored(state: &AppState, form: &Form) -> (usize, Vec<Duration>) {
    let mut lags = Vec::new();
    let mut count = 0;
    let mut start = None;
    loop {
        let page = state.dynamo.query().table_name(&state.config.tables.leads).index_name("by_form")
            .key_condition_expression("form_id = :form").expression_attribute_values(":form", AttributeValue::S(form.id.clone()))
            .set_exclusive_start_key(start).send().await.unwrap();
        for item in page.items() {
            count += 1;
            let time = |name: &str| match item.get(name) {
                Some(AttributeValue::S(at)) => time::OffsetDateTime::parse(at, &time::format_description::well_known::Rfc3339).ok(),
                _ => None,
            };
            if let (Some(created), Some(counted)) = (time("created_at"), time("counted_at")) {
                lags.push(Duration::from_secs_f64((counted - created).as_seconds_f64().max(0.0)));
            }
        }
        match page.last_evaluated_key {
            Some(key) if !key.is_empty() => start = Some(key),
            _ => break,
        }
    }
    lags.sort();
    (count, lags)
}

/// Counting waits for the local drain; the dashboard's figures then.
async fn settle(state: &AppState, form: &Form, owner: &str) -> (u64, u64, u64) {
    state.background.idle().await;
    let profile = state.profiles().get_profile(owner).await.unwrap().unwrap();
    let form_item = state.dynamo.get_item().table_name(&state.config.tables.forms).key("id", AttributeValue::S(form.id.clone())).send().await.unwrap().item.unwrap();
    let day = shared::lead_stats::day_key(&shared::repo::platform_stats::date_string(time::OffsetDateTime::now_utc().date()));
    let days = state.lead_stats().days(owner, None, &day[6..], &day[6..]).await.unwrap();
    (profile.interested_investors_count, number(&form_item, "leads_count"), days.iter().map(|d| d.leads).sum())
}

async fn raw_puts(state: &AppState, writes: &Arc<Writes>) -> (f64, Vec<Duration>) {
    let owner = stored_user(state, "raw").await;
    let form = form(&owner.id).published().store(state).await;
    writes.start();
    let started = Instant::now();
    let mut latencies: Vec<Duration> = stream::iter(0..submissions() / 3)
        .map(|i| {
            let lead = shared::testing::lead_of(&form, &format!("Investor {i}"), &format!("i{i}@example.com"), &shared::time::now_iso());
            let state = state.clone();
            async move {
                let sent = Instant::now();
                state.leads().put_new(&lead).await.unwrap();
                sent.elapsed()
            }
        })
        .buffer_unordered(CONCURRENCY)
        .collect()
        .await;
    let rps = (submissions() / 3) as f64 / started.elapsed().as_secs_f64();
    latencies.sort();
    (rps, latencies)
}

#[tokio::main]
async fn main() {
    let writes = Arc::new(Writes::default());

    // Raw PutItem of lead items, the reference for the request path.
    let state = counted_state(&writes, shared::background::LEAD_BATCH).await;
    let (raw_rps, raw) = raw_puts(&state, &writes).await;

    // The request path alone, the same number of submissions as raw PutItems: in AWS the
    // stream's consumer runs on its own functions; here it would share the two cores and
    // DynamoDB Local with the submissions, so it is held for this comparison.
    let alone_state = counted_state_with(&writes, shared::background::LEAD_BATCH, shared::config::LeadNotifications::Stream).await;
    let alone_owner = stored_user(&alone_state, "alone").await;
    let alone_form = published_form(&alone_state, &alone_owner.id).await;
    let alone = launch(&alone_state, &alone_form, submissions() / 3).await;
    let alone_rps = alone.sent as f64 / alone.seconds;

    // The launch: batches as the stream consumer takes them.
    let owner = stored_user(&state, "founder").await;
    let launch_form = published_form(&state, &owner.id).await;
    writes.start();
    let run = launch(&state, &launch_form, submissions()).await;
    let acknowledged_at = Instant::now();
    let (profile, form_count, day) = settle(&state, &launch_form, &owner.id).await;
    let drained_after = acknowledged_at.elapsed();
    let (stored_count, lags) = stored(&state, &launch_form).await;
    let (hot_item, hot_peak, hot_total) = writes.hottest();
    let total_writes = writes.total();
    let profile_writes = writes.of(&format!("Profiles[id={}]", owner.id));
    // The digests' sender, run as it would be once the hour is over.
    let through = shared::time::iso(state.clock.now() + time::Duration::days(2));
    shared::services::lead_mail::send_digests_due_by(&state, &through).await.unwrap();
    let mails = shared::testing::mail_to(&state, &owner.email);
    let one_by_one = mails.iter().filter(|m| m.email.subject.starts_with("New investor lead")).count();
    let digested: Vec<u64> = mails.iter().filter_map(|m| m.email.subject.split_once(" new lead").and_then(|(n, _)| n.parse().ok())).collect();
    let in_digests: u64 = digested.iter().sum();

    // The per-lead design, same machine and run: batches of one lead.
    let per_lead_writes = Arc::new(Writes::default());
    let per_lead = counted_state(&per_lead_writes, 1).await;
    let per_owner = stored_user(&per_lead, "per-lead").await;
    let per_form = published_form(&per_lead, &per_owner.id).await;
    per_lead_writes.start();
    let per_run = launch(&per_lead, &per_form, submissions() / 10).await;
    per_lead.background.idle().await;
    let per_seconds = per_lead_writes.started.lock().unwrap().unwrap().elapsed().as_secs_f64();
    let (per_item, per_peak, per_total) = per_lead_writes.hottest();
    let per_profile = per_lead_writes.of(&format!("Profiles[id={}]", per_owner.id));

    let submit_rps = run.sent as f64 / run.seconds;
    println!("launch: {} submissions to one form, {CONCURRENCY} at once, every {RETRY_EVERY}th sent twice (in-process router, DynamoDB Local)", submissions());
    println!("  acknowledged {} / stored {} / counted: profile {profile}, form {form_count}, dashboard day {day}", run.acknowledged, stored_count);
    println!("  requests {} in {:.1} s: {:.0}/s; p50 {:.2} ms, p99 {:.2} ms", run.sent, run.seconds, submit_rps, percentile(&run.latencies, 0.5), percentile(&run.latencies, 0.99));
    println!("  raw PutItem (same lead items, {CONCURRENCY} at once): {raw_rps:.0}/s; p50 {:.2} ms, p99 {:.2} ms", percentile(&raw, 0.5), percentile(&raw, 0.99));
    println!("  submissions vs raw PutItem, the local drain counting beside them: throughput {:.2}x, p99 {:.2}x", submit_rps / raw_rps, percentile(&run.latencies, 0.99) / percentile(&raw, 0.99));
    println!(
        "  the request path alone ({} requests, the consumer held as in AWS): {alone_rps:.0}/s; p50 {:.2} ms, p99 {:.2} ms: {:.2}x raw PutItem throughput, p99 {:.2}x",
        alone.sent,
        percentile(&alone.latencies, 0.5),
        percentile(&alone.latencies, 0.99),
        alone_rps / raw_rps,
        percentile(&alone.latencies, 0.99) / percentile(&raw, 0.99)
    );
    println!("  hottest item: {hot_item}: at most {hot_peak} writes in one second ({hot_total} in all); all writes {total_writes} ({:.2} per lead)", total_writes as f64 / stored_count.max(1) as f64);
    println!("  the founder's profile (their hottest counter item): {} writes in all ({:.1} per 1,000 leads), at most {} in one second", profile_writes.1, profile_writes.1 as f64 * 1000.0 / stored_count.max(1) as f64, profile_writes.0);
    println!("  counted after capture (lag): p50 {:.0} ms, p99 {:.0} ms, max {:.0} ms; the drain ended {:.1} s after the last answer", percentile(&lags, 0.5), percentile(&lags, 0.99), lags.last().map_or(0.0, |l| l.as_secs_f64() * 1e3), drained_after.as_secs_f64());
    println!(
        "  founder mails: {} ({one_by_one} one by one, {} digests holding {in_digests} leads); every lead in exactly one: {}",
        mails.len(),
        digested.len(),
        if one_by_one as u64 + in_digests == stored_count as u64 { "yes" } else { "NO" }
    );
    println!("per-lead counting (batches of one), {} submissions in the same run ({:.0}/s):", submissions() / 10, per_run.sent as f64 / per_run.seconds);
    println!("  hottest item: {per_item}: at most {per_peak} writes in one second ({per_total} in all) over {per_seconds:.1} s", );
    println!("  the founder's profile: {} writes in all ({:.1} per 1,000 leads), at most {} in one second", per_profile.1, per_profile.1 as f64 * 1000.0 / per_run.acknowledged.max(1) as f64, per_profile.0);
}
