//! The stream handler over real stored leads: each founder's batch is counted in one fold
//! (one write per counter item), exactly once however the batch is retried, killed or run by
//! two consumers at once; and the founder is told about each lead exactly once, in its own
//! e-mail (at most 20 an hour) or in one digest, as Settings → Notifications says.

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

/// A state on the stream, its clock at half past the current hour: the hour's allowance of
/// instant e-mails is the same for the whole test, whenever it runs.
async fn stream_state() -> AppState {
    let state = test_state_with(|config| config.lead_notifications = shared::config::LeadNotifications::Stream).await;
    let now = state.clock.now();
    let half_past = shared::lead_digest::Period::hour_of(now).start() + time::Duration::minutes(30);
    state.clock.set_offset(half_past - shared::time::now());
    state
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
            ..Facets::default()
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

/// The lead counts of the digests mailed to `email` ("37 new leads in the last hour").
fn digest_mails(state: &AppState, email: &str) -> Vec<u64> {
    mail_to(state, email)
        .into_iter()
        .filter_map(|m| m.email.subject.split_once(" new lead").and_then(|(count, _)| count.parse().ok()))
        .collect()
}

/// Every one of the `expected` leads of `owner` was told exactly once: those without a digest
/// each in their own "New investor lead" e-mail (never more than the hour's 20), the others in
/// exactly the digest their `notified_in` names, whose sums hold exactly those leads. Answers
/// how many went to digests.
async fn assert_told_once(state: &AppState, owner: &shared::repo::users::UserRecord, expected: usize) -> u64 {
    let leads: Vec<_> = scan(state, &state.config.tables.leads).await.into_iter().filter(|lead| lead.get("owner_id") == Some(&AttributeValue::S(owner.id.clone()))).collect();
    assert_eq!(leads.len(), expected, "stored leads");
    let mut in_digests: BTreeMap<String, (u64, BTreeMap<String, u64>)> = BTreeMap::new();
    let mut one_by_one = 0;
    let mut by_hour: BTreeMap<String, usize> = BTreeMap::new();
    for lead in &leads {
        assert!(lead.contains_key("notified_at"), "every lead told: {lead:?}");
        match lead.get("notified_in") {
            Some(AttributeValue::S(digest)) => {
                let entry = in_digests.entry(digest.clone()).or_default();
                entry.0 += 1;
                let Some(AttributeValue::S(status)) = lead.get("status") else { panic!("status") };
                *entry.1.entry(shared::lead_digest::Digest::temperature(status).to_owned()).or_default() += 1;
            }
            _ => {
                one_by_one += 1;
                let Some(AttributeValue::S(at)) = lead.get("notified_at") else { panic!("notified_at") };
                *by_hour.entry(at[..13].to_owned()).or_default() += 1;
            }
        }
    }
    assert_eq!(announcements(state, &owner.email), one_by_one, "one e-mail per lead told one by one");
    assert!(by_hour.values().all(|mails| *mails <= shared::lead_digest::INSTANT_MAILS_PER_HOUR as usize), "at most 20 instant e-mails an hour: {by_hour:?}");
    let digests: BTreeMap<String, (u64, BTreeMap<String, u64>)> = scan(state, &state.config.tables.lead_stats).await.into_iter()
        .filter(|item| item.get("owner_id") == Some(&AttributeValue::S(owner.id.clone())) && number(item, "leads") > 0)
        .filter_map(|item| match item.get("stat") {
            Some(AttributeValue::S(stat)) if stat.starts_with("n#") => {
                let temperatures = ["hot", "warm", "cold"].into_iter().filter(|t| number(&item, t) > 0).map(|t| (t.to_owned(), number(&item, t))).collect();
                Some((stat.clone(), (number(&item, "leads"), temperatures)))
            }
            _ => None,
        })
        .collect();
    assert_eq!(digests, in_digests, "each digest holds exactly the leads that name it");
    in_digests.values().map(|(leads, _)| leads).sum()
}

/// Sends the digests that are due, as the scheduled sender does.
async fn send_digests(state: &AppState) -> usize {
    shared::services::lead_mail::send_due_digests(state).await.unwrap()
}

/// A founder who chose `mails` in Settings → Notifications.
async fn founder_choosing(state: &AppState, mails: shared::lead_digest::LeadMails) -> shared::repo::users::UserRecord {
    let owner = stored_user(state, "owner").await;
    state.profiles().set_lead_mails(&owner.id, mails).await.unwrap();
    owner
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
    assert_eq!(assert_told_once(&state, &owner, 1).await, 0);
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
    assert_eq!(assert_told_once(&state, &owner, 80).await, 60, "twenty one by one, the rest of the hour in its digest, none twice");
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
        assert_eq!(assert_told_once(&state, &owner, 24).await, 4, "killed after {stop:?}");
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
    assert_eq!(assert_told_once(&state, &owner, 120).await, 100);
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
    assert_eq!(assert_told_once(&state, &owner, 100).await, 80);
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
    assert_eq!(assert_told_once(&state, &owner, 6).await, 0);
}

// ------------------------------------------------------------------ telling the founder

const HOUR: std::time::Duration = std::time::Duration::from_secs(3600);

#[tokio::test]
async fn a_busy_hour_mails_its_first_twenty_leads_one_by_one_and_the_rest_in_one_digest_sent_once_however_many_senders_run() {
    let state = stream_state().await;
    let owner = stored_user(&state, "owner").await;
    let form = form(&owner.id).published().store(&state).await;
    let ids = stored_leads(&state, &form, 50, |_| None).await;
    for batch in [&ids[..15], &ids[15..40], &ids[40..]] {
        lead_notifications::handle(&state, event_of(&state, batch).await).await.unwrap();
    }
    lead_notifications::handle(&state, event_of(&state, &ids).await).await.unwrap(); // a retried batch
    assert_eq!(announcements(&state, &owner.email), 20);
    assert_eq!(assert_told_once(&state, &owner, 50).await, 30);
    assert_eq!(send_digests(&state).await, 0, "the hour is not over");
    state.clock.advance(HOUR);
    // Two senders at the same moment (an overlapping schedule), then a third run.
    let (first, second) = tokio::join!(send_digests(&state), send_digests(&state));
    assert_eq!(first + second, 1, "the digest is claimed once");
    assert_eq!(send_digests(&state).await, 0);
    assert_eq!(digest_mails(&state, &owner.email), vec![30]);
    let digest = mail_to(&state, &owner.email).into_iter().find(|m| m.email.subject == "30 new leads in the last hour").unwrap();
    // Which 30 roll over depends on the order of their ids; the counts are checked above.
    assert!(digest.email.text.starts_with("30 new leads in the last hour: ") && digest.email.text.contains(" warm, ") && digest.email.text.contains(" cold — top sources: your form link ("), "{}", digest.email.text);
    assert!(digest.email.text.contains("/settings?tab=notifications"));
    // The next hour starts with a fresh allowance.
    let later = stored_leads(&state, &form, 3, |_| None).await;
    lead_notifications::handle(&state, event_of(&state, &later).await).await.unwrap();
    assert_eq!(announcements(&state, &owner.email), 23);
    assert_eq!(assert_told_once(&state, &owner, 53).await, 30);
}

#[tokio::test]
async fn an_hourly_or_daily_choice_puts_every_lead_in_its_digest_and_off_mails_nothing() {
    use shared::lead_digest::LeadMails;
    let state = stream_state().await;
    let hourly = founder_choosing(&state, LeadMails::Hourly).await;
    let daily = founder_choosing(&state, LeadMails::Daily).await;
    let off = founder_choosing(&state, LeadMails::Off).await;
    let mut ids = Vec::new();
    for owner in [&hourly, &daily, &off] {
        let form = form(&owner.id).published().store(&state).await;
        ids.extend(stored_leads(&state, &form, 5, |_| None).await);
    }
    // One batch with all three founders' leads, retried.
    let event = event_of(&state, &ids).await;
    lead_notifications::handle(&state, event.clone()).await.unwrap();
    lead_notifications::handle(&state, event).await.unwrap();
    assert_eq!(assert_told_once(&state, &hourly, 5).await, 5);
    assert_eq!(assert_told_once(&state, &daily, 5).await, 5);
    state.clock.advance(HOUR);
    send_digests(&state).await;
    assert_eq!(digest_mails(&state, &hourly.email), vec![5]);
    state.clock.advance(24 * HOUR);
    assert_eq!(send_digests(&state).await, 1, "the day's digest, once the day is over");
    assert_eq!(digest_mails(&state, &daily.email), vec![5]);
    assert!(mail_to(&state, &daily.email)[0].email.subject.starts_with("5 new leads on "));
    assert!(mail_to(&state, &off.email).is_empty(), "off: no e-mail at all");
    assert_eq!(assert_counted_exactly(&state, &off.id).await, 5, "off still counts every lead");
    assert_eq!(announcements(&state, &hourly.email) + announcements(&state, &daily.email), 0);
}

#[tokio::test]
async fn a_lead_that_arrives_while_its_digest_is_being_sent_goes_to_the_next_digest() {
    use shared::{lead_digest::{LeadMails, Period}, repo::lead_digests::DueDigest};
    let state = stream_state().await;
    let owner = founder_choosing(&state, LeadMails::Hourly).await;
    let form = form(&owner.id).published().store(&state).await;
    let first = stored_leads(&state, &form, 3, |_| None).await;
    lead_notifications::handle(&state, event_of(&state, &first).await).await.unwrap();
    // A sender claims this hour's digest (its hour over for it) just before the next batch.
    let due = DueDigest { owner_id: owner.id.clone(), period: Period::hour_of(state.clock.now()) };
    let claimed = state.leads().digests().claim(&due, &state.clock.now_iso()).await.unwrap().unwrap();
    assert_eq!(claimed.leads, 3);
    assert!(state.leads().digests().claim(&due, &state.clock.now_iso()).await.unwrap().is_none(), "claimed once");
    let second = stored_leads(&state, &form, 2, |_| None).await;
    lead_notifications::handle(&state, event_of(&state, &second).await).await.unwrap();
    assert_eq!(assert_told_once(&state, &owner, 5).await, 5);
    let item = state.dynamo.get_item().table_name(&state.config.tables.lead_stats)
        .key("owner_id", AttributeValue::S(owner.id.clone())).key("stat", AttributeValue::S(due.period.next().key()))
        .send().await.unwrap().item.unwrap();
    assert_eq!(number(&item, "leads"), 2, "the next hour's digest");
}

#[tokio::test]
async fn a_digest_whose_mail_fails_is_given_back_and_sent_on_the_next_run_with_the_leads_that_joined_it() {
    use shared::lead_digest::LeadMails;
    let state = stream_state().await;
    let owner = founder_choosing(&state, LeadMails::Hourly).await;
    let form = form(&owner.id).published().store(&state).await;
    let ids = stored_leads(&state, &form, 4, |_| None).await;
    lead_notifications::handle(&state, event_of(&state, &ids).await).await.unwrap();
    state.clock.advance(HOUR);
    let mut failing = state.clone();
    failing.mailer = shared::mail::Mailer::Disabled;
    assert!(shared::services::lead_mail::send_due_digests(&failing).await.is_err(), "the failure fails the run");
    assert!(digest_mails(&state, &owner.email).is_empty());
    assert_eq!(send_digests(&state).await, 1, "given back, then sent");
    assert_eq!(send_digests(&state).await, 0);
    assert_eq!(digest_mails(&state, &owner.email), vec![4]);
}
