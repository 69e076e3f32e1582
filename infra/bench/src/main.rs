//! Load figures for `make bench` (printed, never asserted):
//!
//! - `raw-put ENDPOINT TABLE CONCURRENCY REQUESTS` — a plain PutItem loop with the Rust SDK,
//!   the reference the lead endpoint is compared with.
//! - `submit BASE_URL FORM_ID CONCURRENCY REQUESTS` — lead submissions through the gateway.
//! - `retries BASE_URL FORM_ID CONCURRENCY REQUESTS` — every submission sent, a third of them
//!   sent again with the same Idempotency-Key; prints how many were sent.
//!
//! - `seed-leads ENDPOINT TABLE_PREFIX OWNER_ID COUNT` — a published form for OWNER_ID and
//!   COUNT counted leads written in batches, with the owner's counters added as counting
//!   would; prints the form id.
//! - `subscribe-pro ENDPOINT TABLE_PREFIX OWNER_ID` — OWNER_ID on a trial of Pro (the local
//!   gateway's `price_local_pro`), for the Pro routes (campaign audiences, insights).
//! - `keypair` — a new access-token key pair for a bench gateway: {"signing_key", "public_keys"}.
//! - `token KEY_FILE USER_ID` — an access token for that user, signed with the PKCS#8 PEM in KEY_FILE.
//! - `verify [N]` — access-token verification (ES256, what every function does per request) and
//!   signing (what `auth` does per session), N times each, against the HS256 of earlier versions
//!   in the same run: {"es256": {...}, "hs256": {...}} with p50/p99 in microseconds.
//!
//! Each prints one JSON line: {"requests", "concurrency", "seconds", "rps", "p50_ms", "p99_ms"}.

use std::{sync::Arc, time::Instant};

use aws_sdk_dynamodb::types::AttributeValue;
use futures::{StreamExt, stream};
use serde_json::json;

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((p / 100.0) * (sorted.len() - 1) as f64).round() as usize]
}

fn report(latencies: &mut [f64], concurrency: usize, seconds: f64, extra: serde_json::Value) {
    latencies.sort_by(|a, b| a.total_cmp(b));
    let mut out = json!({
        "requests": latencies.len(),
        "concurrency": concurrency,
        "seconds": seconds,
        "rps": latencies.len() as f64 / seconds,
        "p50_ms": percentile(latencies, 50.0),
        "p99_ms": percentile(latencies, 99.0),
    });
    if let (Some(out), Some(extra)) = (out.as_object_mut(), extra.as_object()) {
        out.extend(extra.clone());
    }
    println!("{out}");
}

async fn raw_put(endpoint: &str, table: &str, concurrency: usize, requests: usize) -> anyhow::Result<()> {
    let client = shared::dynamo::local_client(endpoint);
    let started = Instant::now();
    let mut latencies: Vec<f64> = stream::iter(0..requests)
        .map(|i| {
            let client = client.clone();
            async move {
                let at = Instant::now();
                client
                    .put_item()
                    .table_name(table)
                    .item("id", AttributeValue::S(uuid::Uuid::new_v4().to_string()))
                    .item("form_id", AttributeValue::S("bench-raw".into()))
                    .item("owner_id", AttributeValue::S("bench".into()))
                    .item("created_at", AttributeValue::S(format!("2026-11-22T00:00:00.{i:09}Z")))
                    .item("data", AttributeValue::M([("name".to_owned(), AttributeValue::S("Ada Lovelace".into()))].into()))
                    .condition_expression("attribute_not_exists(id)")
                    .send()
                    .await
                    .expect("raw PutItem");
                at.elapsed().as_secs_f64() * 1000.0
            }
        })
        .buffer_unordered(concurrency)
        .collect()
        .await;
    report(&mut latencies, concurrency, started.elapsed().as_secs_f64(), json!({"kind": "raw-put"}));
    Ok(())
}

fn body(form: &serde_json::Value, n: usize) -> serde_json::Value {
    let mut answers = serde_json::Map::new();
    for field in form["fields"].as_array().into_iter().flatten() {
        let id = field["id"].as_str().unwrap_or_default().to_owned();
        let value = match field["type"].as_str() {
            Some("email") => format!("investor{n}@example.com"),
            Some("phone") => "+1 555 123 4567".to_owned(),
            Some("select") | Some("radio") => field["options"][0].as_str().unwrap_or_default().to_owned(),
            Some("checkbox") => "yes".to_owned(),
            _ => format!("Investor {n}"),
        };
        answers.insert(id, json!(value));
    }
    json!({ "answers": answers, "source": "https://bench.example/" })
}

async fn submit(base: &str, form_id: &str, concurrency: usize, requests: usize, retry_every: Option<usize>) -> anyhow::Result<()> {
    let client = reqwest::Client::builder().pool_max_idle_per_host(concurrency).build()?;
    let form: serde_json::Value = client.get(format!("{base}/api/public-forms/{form_id}")).send().await?.json().await?;
    let form = Arc::new(form);
    let url = Arc::new(format!("{base}/api/public-forms/{form_id}/leads"));
    let started = Instant::now();
    let results: Vec<(f64, usize)> = stream::iter(0..requests)
        .map(|n| {
            let (client, form, url) = (client.clone(), form.clone(), url.clone());
            async move {
                let key = format!("bench-{n:08}-{}", uuid::Uuid::new_v4().simple());
                let sends = if retry_every.is_some_and(|every| n % every == 0) { 2 } else { 1 };
                let at = Instant::now();
                for _ in 0..sends {
                    let mut attempt = 0;
                    loop {
                        let response = client.post(url.as_str()).header("idempotency-key", &key).json(&body(&form, n)).send().await;
                        match response {
                            Ok(r) if r.status().as_u16() == 201 => break,
                            Ok(r) if attempt < 5 && (r.status().as_u16() == 503 || r.status().as_u16() == 429) => {}
                            Err(_) if attempt < 5 => {}
                            Ok(r) => panic!("submission failed with {}", r.status()),
                            Err(err) => panic!("submission failed: {err}"),
                        }
                        attempt += 1;
                        tokio::time::sleep(std::time::Duration::from_millis(50 * attempt)).await;
                    }
                }
                (at.elapsed().as_secs_f64() * 1000.0, sends)
            }
        })
        .buffer_unordered(concurrency)
        .collect()
        .await;
    let sent: usize = results.iter().map(|(_, sends)| sends).sum();
    let mut latencies: Vec<f64> = results.into_iter().map(|(ms, _)| ms).collect();
    report(&mut latencies, concurrency, started.elapsed().as_secs_f64(), json!({"kind": "submit", "sent": sent}));
    Ok(())
}

/// The funnel's pings (`views` or `starts`), each from a visitor of its own (the CDN's viewer
/// address, trusted with the origin secret), so every one is a first of the day and counted:
/// the writes a launch's visitors cost.
async fn ping(base: &str, form_id: &str, step: &str, concurrency: usize, requests: usize, origin_secret: &str) -> anyhow::Result<()> {
    let client = reqwest::Client::builder().pool_max_idle_per_host(concurrency).build()?;
    let url = Arc::new(format!("{base}/api/public-forms/{form_id}/{step}"));
    let run = uuid::Uuid::new_v4().as_u128() as u32;
    let started = Instant::now();
    let mut latencies: Vec<f64> = stream::iter(0..requests)
        .map(|n| {
            let (client, url) = (client.clone(), url.clone());
            let address = format!("10.{}.{}.{}", (run as usize + n) % 250, (n / 250) % 250, n % 250);
            async move {
                let body = json!({ "source": "https://bench.example/invest?utm_source=news&utm_campaign=launch", "referrer": "https://news.example/item" });
                let at = Instant::now();
                let response = client
                    .post(url.as_str())
                    .header("x-origin-verify", origin_secret)
                    .header("x-viewer-address", address)
                    .json(&body)
                    .send()
                    .await
                    .expect("ping sent");
                assert!(response.status().is_success(), "ping answered {}", response.status());
                at.elapsed().as_secs_f64() * 1000.0
            }
        })
        .buffer_unordered(concurrency)
        .collect()
        .await;
    report(&mut latencies, concurrency, started.elapsed().as_secs_f64(), json!({"kind": step}));
    Ok(())
}

/// Stores a published form (the default fields plus the amount preset) straight into the table.
async fn seed_form(endpoint: &str, table: &str) -> anyhow::Result<()> {
    let client = shared::dynamo::local_client(endpoint);
    let mut form = shared::forms::Form::new_default("bench-owner", &shared::time::now_iso());
    form.is_published = true;
    shared::repo::forms::FormsRepo::on(shared::repo::Table::new(&client, table)).create_form(&form).await.map_err(|err| anyhow::anyhow!("{err}"))?;
    println!("{}", form.id);
    Ok(())
}

/// A COUNT query over every page of `index` where `attribute = value`.
async fn count(client: &aws_sdk_dynamodb::Client, table: &str, index: &str, attribute: &str, value: &str) -> anyhow::Result<i32> {
    let (mut total, mut start) = (0, None);
    loop {
        let page = client
            .query()
            .table_name(table)
            .index_name(index)
            .key_condition_expression("#key = :value")
            .expression_attribute_names("#key", attribute)
            .expression_attribute_values(":value", AttributeValue::S(value.to_owned()))
            .select(aws_sdk_dynamodb::types::Select::Count)
            .set_exclusive_start_key(start)
            .send()
            .await?;
        total += page.count;
        match page.last_evaluated_key {
            Some(key) => start = Some(key),
            None => return Ok(total),
        }
    }
}

/// How many leads a form has (a COUNT query on the by_form index, all pages).
async fn count_leads(endpoint: &str, table: &str, form_id: &str) -> anyhow::Result<()> {
    let client = shared::dynamo::local_client(endpoint);
    println!("{}", count(&client, table, "by_form", "form_id", form_id).await?);
    Ok(())
}

/// Writes `count` leads of a new published form straight into the table (25 per batch, 8
/// batches at a time), marked counted, and adds them to the owner's profile counters.
async fn seed_leads(endpoint: &str, prefix: &str, owner: &str, count: usize) -> anyhow::Result<()> {
    use shared::forms::FieldPreset;
    let client = shared::dynamo::local_client(endpoint);
    let (forms, leads, profiles) = (format!("{prefix}FormsTable"), format!("{prefix}LeadsTable"), format!("{prefix}ProfilesTable"));
    // The founder's own company (every request acts for one), made once.
    let now = shared::time::now_iso();
    let company = shared::repo::teams::Company {
        company_id: owner.to_owned(),
        sk: shared::repo::teams::COMPANY.to_owned(),
        name: "Bench Fund Inc".to_owned(),
        created_at: now.clone(),
        review_required: None,
        invitations_issued: 0,
    };
    let membership = shared::repo::teams::Membership::new(owner, owner, &format!("{owner}@bench.example"), shared::teams::Role::Owner, &now);
    let puts = shared::repo::teams::TeamsRepo::company_puts(&format!("{prefix}TeamsTable"), &company, &membership).map_err(|err| anyhow::anyhow!("{err}"))?;
    // An existing company fails the condition: fine.
    let _ = client.transact_write_items().set_transact_items(Some(puts)).send().await;
    let mut form = shared::forms::Form::new_default(owner, &shared::time::now_iso());
    form.name = "Bench Fund".into();
    for key in ["investment_amount", "investment_timeline", "location_state"] {
        form.fields.push(FieldPreset::find(key).expect("preset").to_field(form.fields.len() as u32, false));
    }
    form.is_published = true;
    shared::repo::forms::FormsRepo::on(shared::repo::Table::new(&client, &forms)).create_form(&form).await.map_err(|err| anyhow::anyhow!("{err}"))?;
    let amounts = ["Under $10,000", "$10,000 - $25,000", "$25,000 - $50,000", "Over $100,000"];
    let ids: Vec<String> = form.fields.iter().map(|f| f.id.clone()).collect();
    let total_amount: u64 = (0..count).map(|i| shared::leads::estimate_amount(amounts[i % 4]).unwrap_or(0.0) as u64).sum();
    let batches: Vec<Vec<usize>> = (0..count).collect::<Vec<_>>().chunks(25).map(<[usize]>::to_vec).collect();
    stream::iter(batches)
        .map(|batch| {
            let (client, leads, ids, form_id) = (client.clone(), leads.clone(), ids.clone(), form.id.clone());
            async move {
                let requests: Vec<_> = batch
                    .iter()
                    .map(|&i| {
                        let answers: std::collections::HashMap<String, AttributeValue> = [
                            (ids[0].clone(), format!("Investor {i}, \"the {i}th\"")),
                            (ids[1].clone(), format!("investor{i}@example.com")),
                            (ids[2].clone(), "+1 555 123 4567".to_owned()),
                            (ids[3].clone(), amounts[i % 4].to_owned()),
                            (ids[4].clone(), "Within a month".to_owned()),
                            (ids[5].clone(), "Texas".to_owned()),
                        ]
                        .into_iter()
                        .map(|(k, v)| (k, AttributeValue::S(v)))
                        .collect();
                        let item = [
                            ("id", AttributeValue::S(uuid::Uuid::new_v4().to_string())),
                            ("form_id", AttributeValue::S(form_id.clone())),
                            ("owner_id", AttributeValue::S(owner.to_owned())),
                            ("created_at", AttributeValue::S(format!("2026-11-{:02}T{:02}:{:02}:{:02}.{i:06}Z", 1 + i % 20, i % 24, i % 60, (i / 60) % 60))),
                            ("status", AttributeValue::S(["cold", "warm", "hot"][i % 3].to_owned())),
                            ("data", AttributeValue::M(answers)),
                            ("estimated_amount", AttributeValue::N((shared::leads::estimate_amount(amounts[i % 4]).unwrap_or(0.0) as u64).to_string())),
                            ("search_text", AttributeValue::S(format!("investor {i} investor{i}@example.com"))),
                            ("counted_at", AttributeValue::S("2026-11-22T00:00:00Z".to_owned())),
                            ("location_data", AttributeValue::M([("region".to_owned(), AttributeValue::S("Texas".into()))].into())),
                            // What every captured lead carries: the legend and form version shown.
                            (
                                "compliance",
                                AttributeValue::M(
                                    [
                                        ("legend_version", AttributeValue::S(shared::forms::LEGEND_VERSION.to_owned())),
                                        ("legend_sha256", AttributeValue::S("0".repeat(64))),
                                        ("form_version", AttributeValue::N("1".into())),
                                        ("submitted_at", AttributeValue::S("2026-11-22T00:00:00Z".to_owned())),
                                    ]
                                    .into_iter()
                                    .map(|(k, v)| (k.to_owned(), v))
                                    .collect(),
                                ),
                            ),
                        ]
                        .into_iter()
                        .map(|(k, v)| (k.to_owned(), v))
                        .collect();
                        aws_sdk_dynamodb::types::WriteRequest::builder()
                            .put_request(aws_sdk_dynamodb::types::PutRequest::builder().set_item(Some(item)).build().expect("put request"))
                            .build()
                    })
                    .collect();
                let mut pending = Some([(leads.clone(), requests)].into());
                while let Some(items) = pending.take() {
                    let output = client.batch_write_item().set_request_items(Some(items)).send().await.expect("batch write");
                    pending = output.unprocessed_items.filter(|m| !m.is_empty());
                }
            }
        })
        .buffer_unordered(8)
        .collect::<Vec<()>>()
        .await;
    client
        .update_item()
        .table_name(&profiles)
        .key("id", AttributeValue::S(owner.to_owned()))
        .update_expression("ADD interested_investors_count :n, estimated_interest :a")
        .expression_attribute_values(":n", AttributeValue::N(count.to_string()))
        .expression_attribute_values(":a", AttributeValue::N(total_amount.to_string()))
        .send()
        .await?;
    println!("{}", form.id);
    Ok(())
}

/// The reference a per-load count would cost: a COUNT query over all of an owner's leads
/// (every page), timed inside the process; prints {"count", "ms"}.
async fn count_owner(endpoint: &str, table: &str, owner: &str) -> anyhow::Result<()> {
    let client = shared::dynamo::local_client(endpoint);
    let started = Instant::now();
    let total = count(&client, table, "by_owner", "owner_id", owner).await?;
    println!("{}", json!({"count": total, "ms": started.elapsed().as_secs_f64() * 1000.0}));
    Ok(())
}

fn keypair() -> anyhow::Result<()> {
    let key = shared::auth::SigningKey::generate();
    println!("{}", json!({"signing_key": key.to_pem(), "public_keys": shared::auth::jwks(&[key.public()])}));
    Ok(())
}

fn token(key_file: &str, user_id: &str) -> anyhow::Result<()> {
    let key = shared::auth::SigningKey::from_pem(&std::fs::read_to_string(key_file)?).map_err(anyhow::Error::msg)?;
    let keys = shared::auth::TokenKeys::new(&[key.public().clone()], Some(&key));
    println!("{}", keys.issue(user_id, "bench@example.com", std::time::Duration::from_secs(3_600))?);
    Ok(())
}

/// p50 and p99 (microseconds) of `n` timed runs of `run`, after a warm-up.
fn micros(n: usize, mut run: impl FnMut()) -> serde_json::Value {
    for _ in 0..n / 10 {
        run();
    }
    let mut samples: Vec<f64> = (0..n)
        .map(|_| {
            let at = Instant::now();
            run();
            at.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    samples.sort_by(|a, b| a.total_cmp(b));
    json!({"n": n, "p50_us": percentile(&samples, 50.0), "p99_us": percentile(&samples, 99.0)})
}

fn verify(n: usize) -> anyhow::Result<()> {
    use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
    use shared::auth::{ACCESS_TOKEN_TTL, AUDIENCE, AccessClaims, ISSUER, SigningKey, TokenKeys};
    let key = SigningKey::generate();
    // Two published keys, as during a rotation: the verifier picks one by kid.
    let keys = TokenKeys::new(&[SigningKey::generate().public().clone(), key.public().clone()], Some(&key));
    let es256 = keys.issue("bench-user", "bench@example.com", ACCESS_TOKEN_TTL)?;
    keys.verify(&es256)?;
    // The earlier HS256 tokens, verified as the earlier code did (same claims and checks).
    let secret: String = uuid::Uuid::new_v4().simple().to_string().repeat(2);
    let mut validation = Validation::new(Algorithm::HS256);
    validation.set_issuer(&[ISSUER]);
    validation.set_audience(&[AUDIENCE]);
    validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
    let claims = keys.verify(&es256)?;
    let (hs_encoding, hs_decoding) = (EncodingKey::from_secret(secret.as_bytes()), DecodingKey::from_secret(secret.as_bytes()));
    let hs256 = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &hs_encoding)?;
    jsonwebtoken::decode::<AccessClaims>(&hs256, &hs_decoding, &validation)?;
    let out = json!({
        "kind": "access-token",
        "es256": {
            "verify": micros(n, || { keys.verify(&es256).expect("ES256 verifies"); }),
            "sign": micros(n / 4, || { keys.issue("bench-user", "bench@example.com", ACCESS_TOKEN_TTL).expect("ES256 signs"); }),
            "token_bytes": es256.len(),
        },
        "hs256": {
            "verify": micros(n, || { jsonwebtoken::decode::<AccessClaims>(&hs256, &hs_decoding, &validation).expect("HS256 verifies"); }),
            "sign": micros(n / 4, || { jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &hs_encoding).expect("HS256 signs"); }),
            "token_bytes": hs256.len(),
        },
    });
    println!("{out}");
    Ok(())
}

async fn subscribe_pro(endpoint: &str, prefix: &str, owner: &str) -> anyhow::Result<()> {
    let client = shared::dynamo::local_client(endpoint);
    let now = shared::time::unix(shared::time::now());
    let record = shared::plans::SubscriptionRecord {
        user_id: owner.to_owned(),
        customer_id: None,
        subscription_id: None,
        status: Some("trialing".into()),
        price_id: Some("price_local_pro".into()),
        plan: None,
        trial_end: Some(now + 86_400),
        current_period_end: None,
        last_event_created: now,
        first_paid_at: None,
        payment_failed_at: None,
    };
    let item = shared::dynamo::to_item(&record).map_err(|err| anyhow::anyhow!("{err}"))?;
    client.put_item().table_name(format!("{prefix}SubscriptionsTable")).set_item(Some(item)).send().await?;
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let number = |i: usize| -> anyhow::Result<usize> { Ok(args.get(i).ok_or_else(|| anyhow::anyhow!("missing argument {i}"))?.parse()?) };
    match args.get(1).map(String::as_str) {
        Some("raw-put") => raw_put(&args[2], &args[3], number(4)?, number(5)?).await,
        Some("submit") => submit(&args[2], &args[3], number(4)?, number(5)?, None).await,
        Some("ping") => ping(&args[2], &args[3], &args[4], number(5)?, number(6)?, &args[7]).await,
        Some("retries") => submit(&args[2], &args[3], number(4)?, number(5)?, Some(3)).await,
        Some("seed-form") => seed_form(&args[2], &args[3]).await,
        Some("count-leads") => count_leads(&args[2], &args[3], &args[4]).await,
        Some("seed-leads") => seed_leads(&args[2], &args[3], &args[4], number(5)?).await,
        Some("subscribe-pro") => subscribe_pro(&args[2], &args[3], &args[4]).await,
        Some("keypair") => keypair(),
        Some("token") => token(&args[2], &args[3]),
        Some("verify") => verify(args.get(2).map(|n| n.parse()).transpose()?.unwrap_or(20_000)),
        Some("count-owner") => count_owner(&args[2], &args[3], &args[4]).await,
        _ => anyhow::bail!("usage: raisespark-bench raw-put|submit|retries …"),
    }
}
