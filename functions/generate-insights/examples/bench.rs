//! `make bench`: insights for a founder with 50,000 leads, from the aggregates kept on write
//! (what the function does) against the same figures computed by querying every lead (the
//! reference), in one run against DynamoDB Local (`DYNAMODB_ENDPOINT`).
//!
//! The leads are written in bulk, and their aggregates with them, tallied from the same keys
//! the counting transaction writes (`lead_stats`): counting 50,000 leads one transaction at a
//! time would take the bench longer than the figures are worth, and the integration tests show
//! the counting itself. Both paths must produce identical facts, or the bench fails.

use std::{collections::HashMap, time::Instant};

use aws_sdk_dynamodb::types::AttributeValue;
use generate_insights::facts::{self, Inputs, WEEKS};
use shared::{
    AppState,
    dynamo::{Item, from_item, to_item},
    lead_stats::{Dimension, Facets, amount_bucket, daily, date_of, day_key, day_of, day_string, form_day_key, value_key, weeks_start},
    leads::{ComplianceProof, LeadRecord, Temperature},
    repo::{lead_stats::Stat, profiles::Profile},
};

const LEADS: usize = 50_000;
const RUNS: usize = 200;
const REFERENCE_RUNS: usize = 5;

/// A small deterministic generator: the same data every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[(self.next() % items.len() as u64) as usize]
    }
}

const STATES: [&str; 12] = ["CA", "CA", "CA", "TX", "TX", "NY", "NY", "WA", "FL", "MA", "IL", "CO"];
const AMOUNTS: [(u64, &str); 5] = [(5_000, "Under $10,000"), (17_500, "$10,000 - $25,000"), (37_500, "$25,000 - $50,000"), (75_000, "$50,000 - $100,000"), (120_000, "Over $100,000")];
const TIMELINES: [&str; 5] = ["Immediately", "Within a week", "Within a month", "Within 3 months", "Just exploring"];
const HOSTS: [&str; 5] = ["startup.example", "blog.startup.example", "news.example", "community.example", "partner.example"];

fn tally(stats: &mut HashMap<String, Stat>, key: String, label: Option<&str>, amount: u64) {
    let stat = stats.entry(key.clone()).or_insert_with(|| Stat { stat: key, label: label.map(str::to_owned), ..Stat::default() });
    stat.leads += 1;
    stat.amount += amount;
}

/// What counting adds for one lead: the keys of `Planner::lead`, tallied in memory.
fn add(stats: &mut HashMap<String, Stat>, profile: &mut Profile, lead: &LeadRecord) {
    let amount = lead.estimated_amount;
    for (dimension, value) in lead.facets.values() {
        match dimension.cap() {
            None => tally(stats, dimension.key(value), None, amount),
            Some(_) => tally(stats, dimension.key(&value_key(value)), Some(value), amount),
        }
    }
    if let Some(bucket) = amount_bucket(amount) {
        tally(stats, Dimension::Amount.key(bucket), None, amount);
    }
    tally(stats, Dimension::Form.key(&lead.form_id), None, amount);
    if let Some(day) = day_of(&lead.created_at) {
        tally(stats, day_key(day), None, amount);
        tally(stats, form_day_key(&lead.form_id, day), None, amount);
    }
    profile.interested_investors_count += 1;
    profile.estimated_interest += amount;
    match Temperature::from_status(&lead.status) {
        Temperature::Hot => profile.hot_leads += 1,
        Temperature::Warm => profile.warm_leads += 1,
        Temperature::Cold => profile.cold_leads += 1,
    }
}

/// The reference: every lead of the founder, queried and tallied.
async fn facts_from_every_lead(state: &AppState, owner: &str, forms: &[shared::forms::Form]) -> (facts::Facts, usize) {
    let mut stats = HashMap::new();
    let mut profile = Profile::empty(owner);
    let mut start: Option<Item> = None;
    let mut read = 0;
    loop {
        let output = state
            .dynamo
            .query()
            .table_name(&state.config.tables.leads)
            .index_name("by_owner")
            .key_condition_expression("owner_id = :owner")
            .expression_attribute_values(":owner", AttributeValue::S(owner.to_owned()))
            .set_exclusive_start_key(start.take())
            .send()
            .await
            .expect("query leads");
        for item in output.items.unwrap_or_default() {
            let lead: LeadRecord = from_item(item).expect("a lead");
            add(&mut stats, &mut profile, &lead);
            read += 1;
        }
        match output.last_evaluated_key {
            Some(key) if !key.is_empty() => start = Some(key),
            _ => break,
        }
    }
    let today = date_of(state.clock.now());
    let (from, to) = (day_string(weeks_start(today, WEEKS)), day_string(today));
    let day_stats: Vec<Stat> = stats.values().filter(|s| s.stat.starts_with("t#day#") && (from.as_str()..=to.as_str()).contains(&s.value())).cloned().collect();
    let dimensions: Vec<Stat> = stats.into_values().filter(|s| s.stat.starts_with("d#")).collect();
    let span = (today - weeks_start(today, WEEKS)).whole_days() as u32 + 1;
    let days = daily(&day_stats, today, span);
    (facts::compute(&Inputs { profile: &profile, forms, dimensions: &dimensions, days: &days }), read)
}

fn percentile(timings: &mut [f64], p: f64) -> f64 {
    timings.sort_by(f64::total_cmp);
    timings[((timings.len() as f64 - 1.0) * p).round() as usize]
}

#[tokio::main]
async fn main() {
    let state = shared::testing::test_state().await;
    let owner = uuid::Uuid::new_v4().to_string();
    let tables = &state.config.tables;

    let mut forms = Vec::new();
    for (name, views) in [("Seed round", 240_000), ("Community round", 90_000), ("Waitlist", 30_000)] {
        let mut form = shared::forms::Form::new_default(&owner, &shared::time::now_iso());
        form.name = name.into();
        form.views = views;
        form.is_published = true;
        state.forms().create_form(&form).await.unwrap();
        forms.push(form);
    }

    let seeding = Instant::now();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let now = state.clock.now();
    let mut stats = HashMap::new();
    let mut profile = Profile::empty(&owner);
    let mut items = Vec::with_capacity(LEADS);
    for i in 0..LEADS {
        let (amount, _) = *rng.pick(&AMOUNTS);
        let timeline = *rng.pick(&TIMELINES);
        let state_code = *rng.pick(&STATES);
        // About 25 cities a state: under the 300 the counting registers before Other.
        let city = format!("City {}, {state_code}", rng.next() % 25);
        let created_at = shared::time::iso(now - time::Duration::seconds((rng.next() % (120 * 86_400)) as i64));
        let status = Temperature::infer(Some(if amount >= 37_500 { "$50,000" } else { "" }), Some(timeline)).as_str().to_owned();
        let lead = LeadRecord {
            attribution: Default::default(),
            id: format!("bench-{i:06}"),
            form_id: rng.pick(&forms).id.clone(),
            owner_id: owner.clone(),
            created_at: created_at.clone(),
            data: HashMap::from([("amount".to_owned(), "x".repeat(40)), ("name".to_owned(), format!("Investor {i}"))]),
            status,
            location_data: None,
            compliance: ComplianceProof {
                legend_version: "1".into(),
                legend_sha256: "0".repeat(64),
                form_version: 1,
                source_url: None,
                referrer: None,
                submitted_at: created_at,
            },
            estimated_amount: amount,
            search_text: format!("investor {i} investor{i}@example.com"),
            counted_at: Some(shared::time::now_iso()),
            facets: Facets { state: Some(state_code.into()), city: Some(city), timeline: Some(timeline.into()), host: Some((*rng.pick(&HOSTS)).into()), ..Facets::default() },
            contacted_at: None,
        };
        add(&mut stats, &mut profile, &lead);
        items.push(to_item(&lead).unwrap());
    }
    shared::testing::batch_put(&state, &tables.leads, items).await;
    let aggregates: Vec<Item> = stats
        .values()
        .map(|s| {
            let mut item: Item = HashMap::from([
                ("owner_id".to_owned(), AttributeValue::S(owner.clone())),
                ("stat".to_owned(), AttributeValue::S(s.stat.clone())),
                ("leads".to_owned(), AttributeValue::N(s.leads.to_string())),
                ("amount".to_owned(), AttributeValue::N(s.amount.to_string())),
            ]);
            if let Some(label) = &s.label {
                item.insert("label".into(), AttributeValue::S(label.clone()));
            }
            item
        })
        .collect();
    let aggregate_items = aggregates.len();
    shared::testing::batch_put(&state, &tables.lead_stats, aggregates).await;
    let profile_item = to_item(&profile).unwrap();
    state.dynamo.put_item().table_name(&tables.profiles).set_item(Some(profile_item)).send().await.unwrap();
    let seeded_s = seeding.elapsed().as_secs_f64();

    // The function's path: four bounded reads and the templates.
    let mut timings = Vec::with_capacity(RUNS);
    let mut last = None;
    for _ in 0..RUNS {
        let at = Instant::now();
        let facts = generate_insights::load_facts(&state, &owner).await.expect("insights facts");
        std::hint::black_box(generate_insights::phrasing::templates(&facts));
        timings.push(at.elapsed().as_secs_f64() * 1000.0);
        last = Some(facts);
    }
    let dimension_items = state.lead_stats().dimensions(&owner).await.unwrap().len();

    // The reference: every lead queried and tallied.
    let mut reference = Vec::with_capacity(REFERENCE_RUNS);
    let mut reference_facts = None;
    let mut leads_read = 0;
    for _ in 0..REFERENCE_RUNS {
        let at = Instant::now();
        let (facts, read) = facts_from_every_lead(&state, &owner, &forms).await;
        std::hint::black_box(generate_insights::phrasing::templates(&facts));
        reference.push(at.elapsed().as_secs_f64() * 1000.0);
        reference_facts = Some(facts);
        leads_read = read;
    }
    let same = last == reference_facts;

    // The worst case the caps allow: every open dimension full (300 cities, 30 timelines,
    // 100 hosts), every state, bucket and day of the window.
    let full = uuid::Uuid::new_v4().to_string();
    let mut full_items: Vec<Item> = Vec::new();
    let mut item = |stat: String, label: Option<String>| {
        let mut item: Item = HashMap::from([
            ("owner_id".to_owned(), AttributeValue::S(full.clone())),
            ("stat".to_owned(), AttributeValue::S(stat)),
            ("leads".to_owned(), AttributeValue::N("3".into())),
            ("amount".to_owned(), AttributeValue::N("15000".into())),
        ]);
        if let Some(label) = label {
            item.insert("label".into(), AttributeValue::S(label));
        }
        full_items.push(item);
    };
    for dimension in [Dimension::City, Dimension::Timeline, Dimension::Host] {
        for i in 0..dimension.cap().unwrap() {
            let value = format!("{} value {i}", dimension.name());
            item(dimension.key(&value_key(&value)), Some(value));
        }
    }
    for code in ["AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH", "OK", "OR", "PA", "PR", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY", "INTL"] {
        item(Dimension::State.key(code), None);
    }
    for (bucket, _, _) in shared::lead_stats::AMOUNT_BUCKETS {
        item(Dimension::Amount.key(bucket), None);
    }
    let today = date_of(now);
    for back in 0..84 {
        item(day_key(&day_string(today - time::Duration::days(back))), None);
    }
    let full_count = full_items.len();
    shared::testing::batch_put(&state, &tables.lead_stats, full_items).await;
    let mut full_timings = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let at = Instant::now();
        let facts = generate_insights::load_facts(&state, &full).await.expect("insights facts");
        std::hint::black_box(generate_insights::phrasing::templates(&facts));
        full_timings.push(at.elapsed().as_secs_f64() * 1000.0);
    }

    let (p50, p99) = (percentile(&mut timings, 0.5), percentile(&mut timings, 0.99));
    let (full_p50, full_p99) = (percentile(&mut full_timings, 0.5), percentile(&mut full_timings, 0.99));
    let reference_p50 = percentile(&mut reference, 0.5);
    println!("Insights for one founder with {LEADS} leads ({aggregate_items} aggregate items written, seeded in {seeded_s:.0} s)");
    println!("  from aggregates (the function): p50 {p50:.2} ms, p99 {p99:.2} ms over {RUNS} runs; {dimension_items} dimension items + at most 84 day items read (target p99 <= 20 ms)");
    println!("  querying every lead (reference): p50 {reference_p50:.0} ms over {REFERENCE_RUNS} runs; {leads_read} leads read");
    println!("  ratio (reference p50 / aggregates p50): {:.0}x (target >= 100x)", reference_p50 / p50);
    println!("  identical facts from both paths: {}", if same { "yes" } else { "NO" });
    println!("  worst case the caps allow ({full_count} aggregate items: every open dimension full): p50 {full_p50:.2} ms, p99 {full_p99:.2} ms over {RUNS} runs");
    assert!(same, "the aggregates and the leads disagree");
}
