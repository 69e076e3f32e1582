//! `make bench`: a 10,000-recipient campaign through the local stack (DynamoDB Local, the
//! sending code, the file-backed outbox), against writing the same 10,000 rendered messages
//! straight to an outbox (the floor), in one run; then the fault test: the process sending a
//! campaign is killed with SIGKILL mid-way and a new one resumes (the dispatcher's recovery),
//! and the outbox is counted by recipient.
//!
//! `bench` runs both; `bench drain <prefix> <outbox dir> <campaign id>` and
//! `bench recover <prefix> <outbox dir> <campaign id>` are the child processes of the fault test.

use std::{
    collections::HashMap,
    path::{Path, PathBuf},
    time::{Duration, Instant},
};

use ::campaigns::{CampaignsState, mailer::CampaignMailer, sending};
use shared::{
    AppState,
    campaigns::{Content, Recipient, Segment},
    config::MailConfig,
    dynamo::{Item, to_item},
    forms::Form,
    leads::{ComplianceProof, LeadRecord},
    mail::{Outbox, StoredEmail},
    plans::SubscriptionRecord,
    repo::campaigns::{Campaign, Sender},
};

const RECIPIENTS: usize = 10_000;

async fn state(prefix: &str, outbox: &Path) -> AppState {
    let dir = outbox.to_path_buf();
    shared::testing::state_on(prefix, move |config| {
        config.mail = Some(MailConfig::Outbox { from: "RaiseSpark <hello@raisespark.local>".into(), dir: Some(dir) });
        // The outbox takes any rate; SES's is the account's (14 a second to start).
        config.campaign_send_rate = 100_000;
    })
    .await
}

/// A Pro founder with a sender identity, a form and `RECIPIENTS` leads; a draft campaign to all.
async fn seed(state: &AppState) -> Campaign {
    let tables = &state.config.tables;
    let owner = uuid::Uuid::new_v4().to_string();
    let now = state.clock.now_iso();
    let subscription = SubscriptionRecord {
        user_id: owner.clone(),
        customer_id: None,
        subscription_id: None,
        status: Some("active".into()),
        price_id: Some(state.config.stripe.price_pro.clone()),
        plan: None,
        trial_end: None,
        current_period_end: None,
        last_event_created: 0,
        first_paid_at: None,
        payment_failed_at: None,
    };
    state.dynamo.put_item().table_name(&tables.subscriptions).set_item(Some(to_item(&subscription).unwrap())).send().await.unwrap();
    state.profiles().set_sender(&owner, &Sender { company_name: "Sunrise Solar".into(), postal_address: "1 Main St, Austin, TX 78701".into() }).await.unwrap();
    let mut form = Form::new_default(&owner, &shared::time::now_iso());
    form.is_published = true;
    state.forms().create_form(&form).await.unwrap();
    let leads: Vec<Item> = (0..RECIPIENTS)
        .map(|i| {
            let lead = LeadRecord {
            attribution: Default::default(),
                id: format!("bench-{i:05}"),
                form_id: form.id.clone(),
                owner_id: owner.clone(),
                created_at: now.clone(),
                data: HashMap::from([(form.fields[0].id.clone(), format!("Investor {i}")), (form.fields[1].id.clone(), format!("investor{i}@example.com"))]),
                status: "warm".into(),
                location_data: None,
                compliance: ComplianceProof { legend_version: "1".into(), legend_sha256: "0".repeat(64), form_version: 1, source_url: None, referrer: None, submitted_at: now.clone() },
                estimated_amount: 0,
                search_text: String::new(),
                counted_at: None,
                facets: Default::default(),
                contacted_at: None,
            };
            to_item(&lead).unwrap()
        })
        .collect();
    shared::testing::batch_put(state, &tables.leads, leads).await;
    let content = Content {
        name: "Bench".into(),
        subject: "An update from {{company_name}}".into(),
        preview_text: String::new(),
        body: "Hi {{first_name|there}},\n\nHere is our update, with [our page](https://sunrise.example/raise).".into(),
        track_opens: true,
        track_clicks: true,
        tag_links: true,
    };
    let campaign = Campaign::draft(&owner, content, Segment::default(), now);
    state.campaigns().create(&campaign).await.unwrap();
    campaign
}

/// What the send route does before the senders take over: the audience, the start, the record
/// of what goes out, the snapshot.
async fn start(state: &AppState, campaign: &Campaign) -> usize {
    let audience = ::campaigns::audience_of(state, &campaign.owner_id, &campaign.segment).await.unwrap();
    let now = state.clock.now_iso();
    assert!(state.campaigns().start(&campaign.id, campaign.version, audience.count, "founder@example.com", &now).await.unwrap());
    ::campaigns::sending::keep_record_at_start(state, &campaign.id).await;
    state.campaign_recipients().snapshot(&campaign.id, &campaign.owner_id, &audience.recipients).await.unwrap();
    audience.recipients.len()
}

/// Deliveries in an outbox file, by recipient (a line cut by a kill does not count).
fn deliveries(dir: &Path) -> HashMap<String, usize> {
    let text = std::fs::read_to_string(dir.join("outbox.jsonl")).unwrap_or_default();
    let mut counts = HashMap::new();
    for line in text.lines() {
        if let Ok(mail) = serde_json::from_str::<StoredEmail>(line)
            && !mail.headers.is_empty()
        {
            *counts.entry(mail.email.to).or_insert(0) += 1;
        }
    }
    counts
}

async fn throughput() {
    let prefix = format!("bench-c-{}-", &uuid::Uuid::new_v4().simple().to_string()[..8]);
    let outbox = tempdir("run");
    let state = state(&prefix, &outbox).await;
    let campaign = seed(&state).await;

    // The floor: the same messages, rendered, written straight to an outbox.
    let floor_dir = tempdir("floor");
    let floor = Outbox::open("RaiseSpark <hello@raisespark.local>".into(), Some(floor_dir.clone())).unwrap();
    let job = sending::Job::load(&state, Campaign { reply_to: Some("founder@example.com".into()), ..campaign.clone() }).await.unwrap();
    let at = Instant::now();
    for i in 0..RECIPIENTS {
        let recipient = Recipient::new(format!("investor{i}@example.com"), format!("bench-{i:05}"), Some(format!("Investor {i}")), None);
        floor.push_campaign(&job.message(&state, &recipient)).unwrap();
    }
    let floor_s = at.elapsed().as_secs_f64();

    // The stack: audience, snapshot, claims, rendering, outbox, outcomes, figures.
    let at = Instant::now();
    let recipients = start(&state, &campaign).await;
    let mailer = CampaignMailer::from_state(&state).await.unwrap();
    sending::drain(&state, &mailer, &campaign.id).await.unwrap();
    let stack_s = at.elapsed().as_secs_f64();
    let stored = state.campaigns().get(&campaign.id).await.unwrap().unwrap();
    let delivered = deliveries(&outbox);
    println!("Campaign of {recipients} recipients through the local stack (DynamoDB Local, outbox)");
    println!("  to all sent              : {stack_s:.1} s, {:.0} messages/s (campaign {}, sent {})", recipients as f64 / stack_s, stored.status, stored.stats.sent);
    println!("  floor (render + outbox)  : {floor_s:.1} s, {:.0} messages/s", RECIPIENTS as f64 / floor_s);
    println!("  stack / floor            : {:.1}x the floor's time", stack_s / floor_s);
    println!("  outbox                   : {} unique recipients, {} duplicates", delivered.len(), delivered.values().map(|n| n - 1).sum::<usize>());
    let _ = std::fs::remove_dir_all(&floor_dir);
    let _ = std::fs::remove_dir_all(&outbox);
}

fn tempdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("raisespark-campaign-bench-{name}-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

async fn fault() {
    let prefix = format!("bench-f-{}-", &uuid::Uuid::new_v4().simple().to_string()[..8]);
    let outbox = tempdir("fault");
    let state = state(&prefix, &outbox).await;
    let campaign = seed(&state).await;
    let recipients = start(&state, &campaign).await;
    let me = std::env::current_exe().unwrap();
    let child = |mode: &str| {
        std::process::Command::new(&me).args([mode, &prefix, outbox.to_str().unwrap(), &campaign.id]).stdout(std::process::Stdio::null()).spawn().expect("start the sender")
    };
    // Kill the sender with SIGKILL once about a third is out.
    let mut sender = child("drain");
    let killed_at = loop {
        tokio::time::sleep(Duration::from_millis(20)).await;
        let sent: usize = deliveries(&outbox).values().sum();
        if sent >= RECIPIENTS / 3 {
            sender.kill().expect("SIGKILL the sender");
            sender.wait().ok();
            break sent;
        }
        if let Ok(Some(status)) = sender.try_wait() {
            panic!("the sender ended before it could be killed: {status}");
        }
    };
    let after_kill: usize = deliveries(&outbox).values().sum();
    // A new process: the dispatcher's recovery (its tick, 16 minutes on so lost claims settle).
    let status = child("recover").wait().expect("the recovery");
    assert!(status.success(), "the recovery failed: {status}");
    let delivered = deliveries(&outbox);
    let stored = state.campaigns().get(&campaign.id).await.unwrap().unwrap();
    let duplicates: usize = delivered.values().map(|n| n - 1).sum();
    println!("Fault test: SIGKILL of the sending process mid-campaign, then a new process resumes");
    println!("  killed after             : {killed_at} deliveries ({after_kill} in the outbox once it was dead)");
    println!("  after the restart        : {} unique recipients of {recipients}, {duplicates} duplicates", delivered.len());
    println!("  recipients               : sent {}, unknown {} (claimed when the process died), failed {}, campaign {}", stored.stats.sent, stored.stats.unknown, stored.stats.failed, stored.status);
    let _ = std::fs::remove_dir_all(&outbox);
    assert_eq!(duplicates, 0, "a recipient got two copies");
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some(mode @ ("drain" | "recover")) => {
            let (prefix, outbox, campaign_id) = (&args[2], Path::new(&args[3]), &args[4]);
            let state = state(prefix, outbox).await;
            if mode == "drain" {
                let mailer = CampaignMailer::from_state(&state).await.unwrap();
                sending::drain(&state, &mailer, campaign_id).await.unwrap();
            } else {
                state.clock.advance(Duration::from_secs(16 * 60));
                ::campaigns::dispatch::tick(&CampaignsState::new(state.clone())).await.unwrap();
            }
        }
        _ => {
            throughput().await;
            fault().await;
        }
    }
}
