//! The independent evaluation (`eval/independent/`): questions written the way founders type by
//! someone who never read the Help Center or Sparky's code, each with the fragments a correct
//! answer must (and must not) contain. The two founders of `fixtures.json` are created as the
//! product stores them (forms, leads counted by the counting path, campaigns, vault records, a
//! trial), then every question is asked as its founder through Sparky's reply path.
//!
//! `make test` scores the tuning part (at least 90 %). The held-out part is loaded only by the
//! ignored test `held_out_score`, which `make bench` runs and which prints figures only.

use std::{collections::HashMap, time::Instant};

use futures::StreamExt;

use serde::Deserialize;
use serde_json::Value;
use shared::{
    AppState,
    campaigns::{Content, Segment},
    forms::Form,
    repo::campaigns::Campaign,
    testing::{TestFounder, form, lead_of, store_lead, test_state},
};

#[derive(Debug, Deserialize)]
struct Question {
    id: String,
    #[serde(rename = "as")]
    asker: String,
    kind: String,
    question: String,
    must: Vec<Vec<String>>,
    must_not: Vec<String>,
}

fn load(file: &str) -> Vec<Question> {
    let path = format!("{}/eval/independent/{file}", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(&path).expect("the evaluation file")).expect("questions")
}

fn fixtures() -> Value {
    serde_json::from_str(include_str!("../../eval/independent/fixtures.json")).expect("fixtures.json")
}

const DAY: i64 = 86_400;

/// RFC 3339 of `now - days` (0: five minutes ago, as the fixtures say).
fn days_ago(now: i64, days: i64) -> String {
    let at = if days == 0 { now - 300 } else { now - days * DAY };
    shared::time::iso_from_unix(at)
}

/// Creates one fixture founder as the product would hold them; answers the signed-in founder.
async fn create_founder(state: &AppState, fixture: &Value) -> TestFounder {
    let founder = TestFounder::stored(state).await;
    let now = state.clock.unix();
    let text = |value: &Value| value.as_str().unwrap_or_default().to_owned();

    let subscription = &fixture["subscription"];
    let plan = text(&subscription["plan"]);
    let pro = plan.ends_with("Pro");
    let record = shared::plans::SubscriptionRecord {
        user_id: founder.id.clone(),
        customer_id: None,
        subscription_id: None,
        status: Some("trialing".into()),
        price_id: Some(if pro { state.config.stripe.price_pro.clone() } else { state.config.stripe.price_standard.clone() }),
        plan: Some(plan),
        trial_end: Some(now + subscription["trial_ends_in_days"].as_i64().unwrap() * DAY),
        current_period_end: None,
        last_event_created: now,
        first_paid_at: None,
        payment_failed_at: None,
    };
    let item = shared::dynamo::to_item(&record).unwrap();
    state.dynamo.put_item().table_name(&state.config.tables.subscriptions).set_item(Some(item)).send().await.unwrap();

    let mut forms: HashMap<String, Form> = HashMap::new();
    for spec in fixture["forms"].as_array().unwrap() {
        let mut builder = form(&founder.id)
            .named(&text(&spec["name"]))
            .preset("investment_amount")
            .preset("investment_timeline")
            .preset("location_state")
            .preset("location_city")
            .with(|form| {
                form.views = spec["views"].as_u64().unwrap();
                form.created_at = days_ago(now, spec["created_offset_days"].as_i64().unwrap());
            });
        if spec["is_published"].as_bool().unwrap() {
            builder = builder.published();
        }
        forms.insert(text(&spec["id"]), builder.store(state).await);
    }

    for spec in fixture["leads"].as_array().unwrap() {
        let form = &forms[&text(&spec["form"])];
        let at = days_ago(now, spec["captured_offset_days"].as_i64().unwrap());
        let mut lead = lead_of(form, &text(&spec["full_name"]), &text(&spec["email"]), &at);
        let answers = [(2, "phone"), (3, "amount_range"), (4, "timeline"), (5, "location_state"), (6, "location_city")];
        for (field, key) in answers {
            lead.data.insert(form.fields[field].id.clone(), text(&spec[key]));
        }
        lead.status = text(&spec["temperature"]);
        lead.estimated_amount = spec["estimated_amount_midpoint"].as_u64().unwrap();
        lead.search_text = format!("{} {}", text(&spec["full_name"]), text(&spec["email"])).to_lowercase();
        store_lead(state, &lead).await;
        assert!(state.leads().count_lead(&lead).await.unwrap(), "counted once");
    }

    for spec in fixture["campaigns"].as_array().unwrap() {
        let content = Content {
            name: text(&spec["name"]),
            subject: text(&spec["name"]),
            preview_text: String::new(),
            body: "Hello {{first_name}}".into(),
            track_opens: true,
            track_clicks: true,
            tag_links: true,
        };
        let mut campaign = Campaign::draft(&founder.id, content, Segment::default(), days_ago(now, 10));
        if spec["status"] == "sent" {
            let sent_at = days_ago(now, spec["sent_offset_days"].as_i64().unwrap());
            campaign.status = "sent".into();
            campaign.started_at = Some(sent_at.clone());
            campaign.finished_at = Some(sent_at);
            let recipients = spec["recipients"].as_u64().unwrap();
            campaign.stats.recipients = recipients;
            campaign.stats.sent = recipients;
            campaign.stats.delivered = recipients;
            campaign.stats.opened = spec["opens"].as_u64().unwrap();
            campaign.stats.clicked = spec["clicks"].as_u64().unwrap();
        }
        state.campaigns().create(&campaign).await.unwrap();
    }

    use shared::{
        repo::vault::NewRecord,
        vault::{Actor, Category, Kind},
    };
    for i in 0..fixture["vault_records_count"].as_u64().unwrap() {
        let record = NewRecord::new(Kind::Upload, Category::Other, format!("Board minutes {}", i + 1), Actor::system());
        state.vault().append(&founder.id, record).await.unwrap();
    }
    founder
}

struct Score {
    asked: usize,
    passed: usize,
    by_kind: HashMap<String, (usize, usize)>,
    failures: Vec<String>,
    millis: Vec<f64>,
    words: Vec<usize>,
}

/// Asks every question as its founder and checks each answer.
/// Asks every question (`at_once` at a time: the held-out latency is measured one by one,
/// the tuning sets only need their answers) and scores the replies.
async fn score(questions: &[Question], at_once: usize) -> Score {
    let state = test_state().await;
    // Noon UTC today: "today" and "yesterday" mean the same calendar days whenever it runs.
    let now = state.clock.unix();
    state.clock.set_offset(time::Duration::seconds(now.div_euclid(DAY) * DAY + DAY / 2 - now));
    let fixtures = fixtures();
    let founders = HashMap::from([
        ("founder_a", create_founder(&state, &fixtures["founder_a"]).await),
        ("founder_b", create_founder(&state, &fixtures["founder_b"]).await),
    ]);
    let sparky = ai_chat::Sparky::new(state.clone());
    // The index is built once per cold start: not part of a reply's latency.
    ai_chat::knowledge::Knowledge::embedded();
    let mut score = Score { asked: 0, passed: 0, by_kind: HashMap::new(), failures: Vec::new(), millis: Vec::new(), words: Vec::new() };
    let replies: Vec<(ai_chat::Reply, f64)> = futures::stream::iter(questions)
        .map(|question| {
            let (sparky, founder) = (&sparky, &founders[question.asker.as_str()]);
            async move {
                let messages = [ai_chat::ChatMessage { role: ai_chat::Role::User, content: question.question.clone() }];
                let started = Instant::now();
                let reply = sparky.reply(&founder.id, &messages).await.expect("a reply");
                (reply, started.elapsed().as_secs_f64() * 1000.0)
            }
        })
        .buffered(at_once)
        .collect()
        .await;
    for (question, (reply, millis)) in questions.iter().zip(replies) {
        score.millis.push(millis);
        score.words.push(reply.message.split_whitespace().count());
        let answer = reply.message.to_lowercase();
        let missing: Vec<String> =
            question.must.iter().filter(|group| !group.iter().any(|f| answer.contains(&f.to_lowercase()))).map(|group| group.join(" | ")).collect();
        let present: Vec<&String> = question.must_not.iter().filter(|f| answer.contains(&f.to_lowercase())).collect();
        let ok = missing.is_empty() && present.is_empty();
        score.asked += 1;
        score.passed += usize::from(ok);
        let kind = score.by_kind.entry(question.kind.clone()).or_default();
        kind.0 += 1;
        kind.1 += usize::from(ok);
        if !ok {
            score.failures.push(format!(
                "{} [{}] {:?}\n  missing: {missing:?}\n  present: {present:?}\n  answer: {}",
                question.id,
                question.kind,
                question.question,
                reply.message.replace('\n', "\n          ")
            ));
        }
    }
    score
}

fn summary(name: &str, score: &Score) -> String {
    let mut kinds: Vec<_> = score.by_kind.iter().collect();
    kinds.sort();
    let kinds: Vec<String> = kinds.iter().map(|(kind, (asked, passed))| format!("{kind} {passed}/{asked}")).collect();
    let mut words = score.words.clone();
    words.sort_unstable();
    format!(
        "{name}: {}/{} answered correctly ({:.1} %); {}; median answer {} words",
        score.passed,
        score.asked,
        100.0 * score.passed as f64 / score.asked as f64,
        kinds.join(", "),
        words[words.len() / 2]
    )
}

/// Scores a set free for tuning, prints its failures and asserts that at least `percent` of
/// its questions are answered correctly.
async fn answered_at_least(file: &str, name: &str, at_least: usize, percent: usize) {
    let questions = load(file);
    assert!(questions.len() >= at_least, "{} questions", questions.len());
    let score = score(&questions, 8).await;
    println!("{}", summary(name, &score));
    for failure in &score.failures {
        println!("{failure}\n");
    }
    assert!(score.passed * 100 >= score.asked * percent, "{}", summary(name, &score));
}

#[tokio::test]
async fn independent_questions_tuning_part_is_answered_correctly_at_least_90_percent_of_the_time() {
    answered_at_least("tuning.json", "independent tuning set", 100, 90).await;
}

/// The second set (`dev.json`), written later by another helper under the same rules, before
/// the meaning search was tuned on it: 90 % too.
#[tokio::test]
async fn independent_questions_second_set_is_answered_correctly_at_least_90_percent_of_the_time() {
    answered_at_least("dev.json", "independent second set", 70, 90).await;
}

/// The third set (`dev2.json`), written by a third helper under the same rules. Scored before
/// anything was tuned on it: 64 %, the honest estimate then of questions Sparky had not seen.
/// The general fixes it led to bring it to 89 %; this holds 85 %.
#[tokio::test]
async fn independent_questions_third_set_is_answered_correctly_at_least_85_percent_of_the_time() {
    answered_at_least("dev2.json", "independent third set", 100, 85).await;
}

/// The fourth set (`dev3.json`), written by a fourth helper: 79 % when first read (after the
/// third set's fixes), 94 % since.
#[tokio::test]
async fn independent_questions_fourth_set_is_answered_correctly_at_least_90_percent_of_the_time() {
    answered_at_least("dev3.json", "independent fourth set", 100, 90).await;
}

/// The fifth set (`dev4.json`), two-part questions and injection above all: 86 % when first
/// read, 96 % since.
#[tokio::test]
async fn independent_questions_fifth_set_is_answered_correctly_at_least_90_percent_of_the_time() {
    answered_at_least("dev4.json", "independent fifth set", 70, 90).await;
}

/// The sixth set (`dev5.json`), written by a sixth helper who read none of the others.
#[tokio::test]
async fn independent_questions_sixth_set_is_answered_correctly_at_least_85_percent_of_the_time() {
    answered_at_least("dev5.json", "independent sixth set", 100, 85).await;
}

/// The seventh set (`dev6.json`), written by a seventh helper who read none of the others.
#[tokio::test]
async fn independent_questions_seventh_set_is_answered_correctly_at_least_85_percent_of_the_time() {
    answered_at_least("dev6.json", "independent seventh set", 100, 85).await;
}

/// The eighth set (`dev7.json`), written by an eighth helper who read none of the others.
#[tokio::test]
async fn independent_questions_eighth_set_is_answered_correctly_at_least_85_percent_of_the_time() {
    answered_at_least("dev7.json", "independent eighth set", 100, 85).await;
}

/// The ninth set (`dev8.json`), written by a ninth helper who read none of the others.
#[tokio::test]
async fn independent_questions_ninth_set_is_answered_correctly_at_least_85_percent_of_the_time() {
    answered_at_least("dev8.json", "independent ninth set", 80, 85).await;
}

/// The tenth set (`dev9.json`), how-to above all, written by a tenth helper who read none of
/// the others.
#[tokio::test]
async fn independent_questions_tenth_set_is_answered_correctly_at_least_85_percent_of_the_time() {
    answered_at_least("dev9.json", "independent tenth set", 80, 85).await;
}

/// The eleventh set (`dev10.json`), written by an eleventh helper who read none of the others.
#[tokio::test]
async fn independent_questions_eleventh_set_is_answered_correctly_at_least_80_percent_of_the_time() {
    answered_at_least("dev10.json", "independent eleventh set", 60, 80).await;
}

/// The twelfth set (`dev11.json`), written by a twelfth helper who read none of the others.
#[tokio::test]
async fn independent_questions_twelfth_set_is_answered_correctly_at_least_80_percent_of_the_time() {
    answered_at_least("dev11.json", "independent twelfth set", 80, 80).await;
}

/// The thirteenth set (`dev12.json`), written by a thirteenth helper who read none of the others.
#[tokio::test]
async fn independent_questions_thirteenth_set_is_answered_correctly_at_least_80_percent_of_the_time() {
    answered_at_least("dev12.json", "independent thirteenth set", 80, 80).await;
}

/// The fourteenth set (`dev13.json`), how-to above all, written by a fourteenth helper who read
/// none of the others.
#[tokio::test]
async fn independent_questions_fourteenth_set_is_answered_correctly_at_least_80_percent_of_the_time() {
    answered_at_least("dev13.json", "independent fourteenth set", 80, 80).await;
}

/// The fifteenth set (`dev14.json`), written as five kinds of founder by a fifteenth helper who
/// read none of the others.
#[tokio::test]
async fn independent_questions_fifteenth_set_is_answered_correctly_at_least_80_percent_of_the_time() {
    answered_at_least("dev14.json", "independent fifteenth set", 80, 80).await;
}

/// Prints Sparky's replies to the questions in `SPARKY_ASK` (separated by `|`), asked as
/// `founder_a` (or `founder_b` with `SPARKY_AS=founder_b`): a look at whole replies while
/// working on Sparky. `cargo test -p ai-chat --test api independent::ask -- --ignored --nocapture`
#[tokio::test]
#[ignore]
async fn ask() {
    let questions: Vec<Question> = std::env::var("SPARKY_ASK")
        .unwrap_or_default()
        .split('|')
        .filter(|q| !q.trim().is_empty())
        .enumerate()
        .map(|(n, question)| Question {
            id: format!("ask{n}"),
            asker: std::env::var("SPARKY_AS").unwrap_or_else(|_| "founder_a".into()),
            kind: "ask".into(),
            question: question.trim().to_owned(),
            must: vec![vec!["\u{0}".into()]],
            must_not: Vec::new(),
        })
        .collect();
    let score = score(&questions, 8).await;
    for failure in &score.failures {
        println!("{failure}\n");
    }
}

/// `make bench`: the held-out third, never read while tuning. Prints figures only (no answer
/// text, no question), so running it does not leak the set into the tuning.
#[tokio::test]
#[ignore]
async fn held_out_score() {
    let questions = load("heldout.json");
    let score = score(&questions, 1).await;
    let mut millis = score.millis.clone();
    millis.sort_by(f64::total_cmp);
    let pct = |p: f64| millis[((millis.len() as f64 - 1.0) * p).round() as usize];
    println!("  {}", summary("held-out questions (never used while tuning)", &score));
    println!("  reply latency with DynamoDB Local reads: p50 {:.1} ms, p99 {:.1} ms", pct(0.5), pct(0.99));
}
