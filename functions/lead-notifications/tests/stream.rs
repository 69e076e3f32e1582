//! The stream handler over real stored leads: each founder's batch is counted in one fold
//! (one write per counter item), exactly once however the batch is retried, killed or run by
//! two consumers at once, and the founder is mailed exactly once per lead.

use std::collections::{BTreeMap, HashMap};

use aws_lambda_events::event::dynamodb::{Event, EventRecord};
use aws_sdk_dynamodb::types::AttributeValue;
use serde_json::json;
use shared::{
    AppState,
    forms::Form,
    lead_stats::Facets,
    repo::lead_folds::Stop,
    testing::{Call, form, lead_of, mail_to, store_lead, stored_user, test_state_with},
};

async fn stream_state() -> AppState {
    test_state_with(|config| config.lead_notifications = shared::config::LeadNotifications::Stream).await
}

/// The stream's INSERT records of `ids`, as Lambda hands them over.
async fn event_of(state: &AppState, ids: &[String]) -> Event {
    let mut event = Event::default();
    for id in ids {
        let item = state.dynamo.get_item().table_name(&state.config.tables.leads).key("id", AttributeValue::S(id.clone())).send().await.unwrap().item.unwrap();
        let mut record = EventRecord::default();
        record.event_name = "INSERT".into();
        record.change.new_image = serde_dynamo::Item::from(item);
        event.records.push(record);
    }
    event
}

const CITIES: [&str; 6] = ["Austin", "Boston", "Denver", "Miami", "Seattle", "Tulsa"];
const STATUSES: [&str; 3] = ["hot", "warm", "cold"];

/// `count` stored, uncounted leads of `form` with varied places, amounts, temperatures and a
/// timeline from `timeline(i)`.
async fn stored_leads(state: &AppState, form: &Form, count: usize, timeline: impl Fn(usize) -> Option<String>) -> Vec<String> {
    let mut ids = Vec::new();
    for i in 0..count {
        let mut lead = lead_of(form, &format!("Investor {i}"), &format!("investor{i}@example.com"), "2026-11-28T10:00:00Z");
        lead.status = STATUSES[i % 3].into();
        lead.estimated_amount = [0, 500, 2_500, 10_000, 50_000][i % 5];
        lead.facets = Facets {
            state: Some(["TX", "CA", "NY"][i % 3].into()),
            city: Some(format!("{}, {}", CITIES[i % CITIES.len()], ["TX", "CA", "NY"][i % 3])),
            timeline: timeline(i),
            host: (i % 4 == 0).then(|| "news.example.com".to_owned()),
        };
        store_lead(state, &lead).await;
        ids.push(lead.id);
    }
    ids
}

fn number(item: &HashMap<String, AttributeValue>, name: &str) -> u64 {
    match item.get(name) {
        Some(AttributeValue::N(n)) => n.parse().unwrap(),
        _ => 0,
    }
}

async fn scan(state: &AppState, table: &str) -> Vec<HashMap<String, AttributeValue>> {
    let mut items = Vec::new();
    let mut start = None;
    loop {
        let page = state.dynamo.scan().table_name(table).consistent_read(true).set_exclusive_start_key(start).send().await.unwrap();
        items.extend(page.items.unwrap_or_default());
        match page.last_evaluated_key {
            Some(key) if !key.is_empty() => start = Some(key),
            _ => return items,
        }
    }
}

/// Every counter of `owner` equals what its leads table holds: the profile's figures, each
/// aggregate item (the leads whose `counted_in` names it), the registries, the forms' counts;
/// every lead counted and none still claimed. Returns the leads.
async fn assert_counted_exactly(state: &AppState, owner: &str) -> usize {
    let leads: Vec<_> = scan(state, &state.config.tables.leads).await.into_iter().filter(|lead| lead.get("owner_id") == Some(&AttributeValue::S(owner.into()))).collect();
    let mut expected: BTreeMap<String, (u64, u64)> = BTreeMap::new();
    let mut forms: BTreeMap<String, u64> = BTreeMap::new();
    let (mut amount, mut temperatures) = (0u64, BTreeMap::<&str, u64>::new());
    for lead in &leads {
        assert!(lead.contains_key("counted_at"), "every lead counted: {lead:?}");
        assert!(!lead.contains_key("counting"), "no claim left behind: {lead:?}");
        let lead_amount = number(lead, "estimated_amount");
        amount += lead_amount;
        let Some(AttributeValue::S(status)) = lead.get("status") else { panic!("status") };
        *temperatures.entry(shared::repo::leads::temperature_counter(status)).or_default() += 1;
        let Some(AttributeValue::S(form)) = lead.get("form_id") else { panic!("form") };
        *forms.entry(form.clone()).or_default() += 1;
        let Some(AttributeValue::L(keys)) = lead.get("counted_in") else { panic!("counted_in") };
        for key in keys {
            let AttributeValue::S(key) = key else { panic!("key") };
            let entry = expected.entry(key.clone()).or_default();
            entry.0 += 1;
            entry.1 += lead_amount;
        }
    }
    let profile = state.profiles().get_profile(owner).await.unwrap().unwrap();
    assert_eq!(profile.interested_investors_count, leads.len() as u64, "leads on the profile");
    assert_eq!(profile.estimated_interest, amount, "estimated interest");
    let raw = state.dynamo.get_item().table_name(&state.config.tables.profiles).key("id", AttributeValue::S(owner.into())).send().await.unwrap().item.unwrap();
    for counter in ["hot_leads", "warm_leads", "cold_leads"] {
        assert_eq!(number(&raw, counter), temperatures.get(counter).copied().unwrap_or(0), "{counter}");
    }
    let stats: Vec<_> = scan(state, &state.config.tables.lead_stats).await.into_iter().filter(|item| item.get("owner_id") == Some(&AttributeValue::S(owner.into()))).collect();
    let mut found: BTreeMap<String, (u64, u64)> = BTreeMap::new();
    let mut registered: BTreeMap<String, u64> = BTreeMap::new();
    for item in &stats {
        let Some(AttributeValue::S(stat)) = item.get("stat") else { panic!("stat") };
        if stat.starts_with("d#") || stat.starts_with("t#") {
            found.insert(stat.clone(), (number(item, "leads"), number(item, "amount")));
        } else if let Some(dimension) = stat.strip_prefix("r#") {
            registered.insert(dimension.to_owned(), number(item, "distinct_values"));
        }
    }
    assert_eq!(found, expected, "each aggregate item holds exactly the leads added to it");
    for (dimension, count) in &registered {
        let values = found.keys().filter(|key| key.starts_with(&format!("d#{dimension}#")) && !key.ends_with("#~other")).count() as u64;
        assert_eq!(*count, values, "the {dimension} registry counts its value items");
    }
    for (form, count) in forms {
        let item = state.dynamo.get_item().table_name(&state.config.tables.forms).key("id", AttributeValue::S(form)).send().await.unwrap().item.unwrap();
        assert_eq!(number(&item, "leads_count"), count, "the form's leads_count");
    }
    leads.len()
}

/// The platform's leads of 2026-11-28, summed over the day's items.
async fn platform_leads(state: &AppState) -> u64 {
    scan(state, &state.config.tables.platform_stats).await.iter().filter(|item| matches!(item.get("id"), Some(AttributeValue::S(id)) if id.starts_with("day#2026-11-28"))).map(|item| number(item, "leads")).sum()
}

async fn folds(state: &AppState, owner: &str) -> usize {
    scan(state, &state.config.tables.lead_stats).await.iter().filter(|item| item.get("owner_id") == Some(&AttributeValue::S(owner.into())) && matches!(item.get("stat"), Some(AttributeValue::S(stat)) if stat.starts_with("fold#"))).count()
}

/// Folds settled, with no list of leads or members left on them.
async fn settled_folds(state: &AppState, owner: &str) -> usize {
    scan(state, &state.config.tables.lead_stats).await.iter()
        .filter(|item| item.get("owner_id") == Some(&AttributeValue::S(owner.into())) && item.get("state") == Some(&AttributeValue::S("settled".into())))
        .filter(|item| !item.contains_key("members") && !item.contains_key("leads"))
        .count()
}

fn announcements(state: &AppState, email: &str) -> usize {
    mail_to(state, email).into_iter().filter(|m| m.email.subject.starts_with("New investor lead")).count()
}

#[tokio::test]
async fn a_stream_insert_is_counted_once_and_announced() {
    let state = stream_state().await;
    let app = shared::http::mount("public-forms", public_forms::router(state.clone()));
    let owner = stored_user(&state, "owner").await;
    let form = form(&owner.id).published().store(&state).await;
    let answers = json!({
        form.fields[0].id.clone(): "Ada Lovelace",
        form.fields[1].id.clone(): "ada@example.com",
        form.fields[2].id.clone(): "+1 555 010 0100",
    });
    let submitted = Call::post(&format!("/api/public-forms/{}/leads", form.id)).json(json!({"answers": answers})).send(&app).await;
    let id = submitted.body["id"].as_str().unwrap().to_owned();
    // Stream mode: nothing is counted or mailed on the investor's request.
    assert_eq!(state.profiles().get_profile(&owner.id).await.unwrap().unwrap().interested_investors_count, 0);

    let event = event_of(&state, &[id]).await;
    lead_notifications::handle(&state, event.clone()).await.unwrap();
    lead_notifications::handle(&state, event).await.unwrap(); // a retried batch
    assert_eq!(assert_counted_exactly(&state, &owner.id).await, 1);
    assert_eq!(announcements(&state, &owner.email), 1, "exactly one mail after a retried batch");
}

#[tokio::test]
async fn a_batch_is_counted_in_one_fold_and_a_retried_batch_counts_nothing_twice() {
    let state = stream_state().await;
    let owner = stored_user(&state, "owner").await;
    let form = form(&owner.id).published().store(&state).await;
    let ids = stored_leads(&state, &form, 80, |i| Some(format!("Within {} months", i % 4))).await;
    let event = event_of(&state, &ids).await;
    lead_notifications::handle(&state, event.clone()).await.unwrap();
    assert_eq!(folds(&state, &owner.id).await, 1, "eighty leads of one founder: one fold, one write per counter item");
    lead_notifications::handle(&state, event).await.unwrap();
    assert_eq!(assert_counted_exactly(&state, &owner.id).await, 80);
    assert_eq!(folds(&state, &owner.id).await, 2, "the retry's fold found every lead counted");
    assert_eq!(settled_folds(&state, &owner.id).await, 2, "both settled, their lists dropped");
    assert_eq!(platform_leads(&state).await, 80);
    assert_eq!(announcements(&state, &owner.email), 80, "one mail per lead, none twice");
}

#[tokio::test]
async fn a_consumer_killed_after_any_step_of_a_fold_leaves_the_retry_nothing_to_lose_or_count_twice() {
    let state = stream_state().await;
    let stops = [Stop::Opened, Stop::Claimed(0), Stop::Claimed(7), Stop::Applied, Stop::Published, Stop::Marked(5), Stop::Marked(24)];
    let mut total = 0;
    for stop in stops {
        let owner = stored_user(&state, "owner").await;
        let form = form(&owner.id).published().store(&state).await;
        let ids = stored_leads(&state, &form, 24, |_| None).await;
        state.leads().folds().count_killed(&owner.id, &ids, stop).await.unwrap();
        // The retried batch (Lambda hands the same records to the next attempt).
        lead_notifications::handle(&state, event_of(&state, &ids).await).await.unwrap();
        assert_eq!(assert_counted_exactly(&state, &owner.id).await, 24, "killed after {stop:?}");
        assert_eq!(announcements(&state, &owner.email), 24, "killed after {stop:?}");
        total += 24;
        assert_eq!(platform_leads(&state).await, total, "the platform's day after {stop:?}");
    }
}

#[tokio::test]
async fn deleting_or_changing_a_lead_a_killed_fold_had_claimed_finishes_that_fold_first_so_the_counters_stay_exact() {
    let state = stream_state().await;
    for stop in [Stop::Claimed(10), Stop::Applied, Stop::Published] {
        let owner = stored_user(&state, "owner").await;
        let form = form(&owner.id).published().store(&state).await;
        let ids = stored_leads(&state, &form, 10, |_| None).await;
        state.leads().folds().count_killed(&owner.id, &ids, stop).await.unwrap();
        state.leads().delete_lead(&ids[0], &owner.id).await.unwrap();
        state.leads().set_status(&ids[1], &owner.id, "hot").await.unwrap();
        state.leads().set_status(&ids[2], &owner.id, "cold").await.unwrap();
        assert_eq!(assert_counted_exactly(&state, &owner.id).await, 9, "after {stop:?}");
        // The retry meets counted (and deleted) leads only.
        lead_notifications::handle(&state, event_of(&state, &ids[1..]).await).await.unwrap();
        assert_eq!(assert_counted_exactly(&state, &owner.id).await, 9, "after {stop:?} and the retry");
    }
}

#[tokio::test]
async fn consumers_running_at_once_on_one_founders_overlapping_batches_count_each_lead_once() {
    let state = stream_state().await;
    let owner = stored_user(&state, "owner").await;
    let form = form(&owner.id).published().store(&state).await;
    let ids = stored_leads(&state, &form, 120, |i| Some(format!("Within {} weeks", i % 6))).await;
    let batches = [&ids[0..60], &ids[30..90], &ids[60..120], &ids[..], &ids[100..120]];
    let mut events = Vec::new();
    for batch in batches {
        events.push(event_of(&state, batch).await);
    }
    let runs = events.into_iter().map(|event| {
        let state = state.clone();
        tokio::spawn(async move { lead_notifications::handle(&state, event).await })
    });
    for run in futures::future::join_all(runs).await {
        run.unwrap().unwrap();
    }
    assert_eq!(assert_counted_exactly(&state, &owner.id).await, 120);
    assert_eq!(platform_leads(&state).await, 120);
    assert_eq!(announcements(&state, &owner.email), 120);
}

#[tokio::test]
async fn folds_at_once_never_register_more_values_than_an_open_dimension_allows() {
    let state = stream_state().await;
    let owner = stored_user(&state, "owner").await;
    let form = form(&owner.id).published().store(&state).await;
    // Timelines are capped at 30 distinct values: 60 leads bring 60.
    let ids = stored_leads(&state, &form, 60, |i| Some(format!("Plan {i}"))).await;
    let mut runs = Vec::new();
    for batch in ids.chunks(20) {
        let (state, event) = (state.clone(), event_of(&state, batch).await);
        runs.push(tokio::spawn(async move { lead_notifications::handle(&state, event).await }));
    }
    for run in futures::future::join_all(runs).await {
        run.unwrap().unwrap();
    }
    assert_eq!(assert_counted_exactly(&state, &owner.id).await, 60);
    let dimensions = state.lead_stats().dimensions(&owner.id).await.unwrap();
    let timelines: Vec<_> = dimensions.iter().filter(|stat| stat.stat.starts_with("d#timeline#")).collect();
    assert_eq!(timelines.len(), 31, "thirty values and Other");
    let other = timelines.iter().find(|stat| stat.stat.ends_with("#~other")).expect("the Other item");
    assert_eq!((other.leads, other.label.as_deref()), (30, Some("Other")));
}

#[tokio::test]
async fn a_batch_whose_leads_bring_more_items_than_one_transaction_takes_is_counted_in_several_folds_exactly() {
    let state = stream_state().await;
    let owner = stored_user(&state, "owner").await;
    let form = form(&owner.id).published().store(&state).await;
    let ids = stored_leads(&state, &form, 100, |i| Some(format!("Plan {i}"))).await;
    // Every lead from its own city and page too: about 250 items for one batch.
    for (i, id) in ids.iter().enumerate() {
        state.dynamo.update_item().table_name(&state.config.tables.leads).key("id", AttributeValue::S(id.clone()))
            .update_expression("SET facets.city = :city, facets.host = :host")
            .expression_attribute_values(":city", AttributeValue::S(format!("Town {i}, TX")))
            .expression_attribute_values(":host", AttributeValue::S(format!("site{i}.example.com")))
            .send().await.unwrap();
    }
    lead_notifications::handle(&state, event_of(&state, &ids).await).await.unwrap();
    assert!(folds(&state, &owner.id).await >= 3, "split into folds of at most 99 items each");
    assert_eq!(assert_counted_exactly(&state, &owner.id).await, 100);
    assert_eq!(announcements(&state, &owner.email), 100);
}

#[tokio::test]
async fn a_claim_left_on_a_settled_fold_by_a_stalled_consumer_is_released_and_the_lead_counted_once() {
    let state = stream_state().await;
    let owner = stored_user(&state, "owner").await;
    let form = form(&owner.id).published().store(&state).await;
    let ids = stored_leads(&state, &form, 6, |_| None).await;
    lead_notifications::handle(&state, event_of(&state, &ids[..5]).await).await.unwrap();
    let fold = scan(&state, &state.config.tables.lead_stats).await.into_iter()
        .find_map(|item| match item.get("stat") {
            Some(AttributeValue::S(stat)) if stat.starts_with("fold#") => Some(stat["fold#".len()..].to_owned()),
            _ => None,
        })
        .unwrap();
    // A consumer that stalled between writing that fold and claiming its last lead claims it now.
    state.dynamo.update_item().table_name(&state.config.tables.leads).key("id", AttributeValue::S(ids[5].clone()))
        .update_expression("SET counting = :fold").expression_attribute_values(":fold", AttributeValue::S(fold))
        .send().await.unwrap();
    lead_notifications::handle(&state, event_of(&state, &ids[5..]).await).await.unwrap();
    assert_eq!(assert_counted_exactly(&state, &owner.id).await, 6);
    assert_eq!(announcements(&state, &owner.email), 6);
}
