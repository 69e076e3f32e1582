//! Demo data for `make dev`: on an empty local database, a demo founder on a Pro trial, two
//! published forms embedded on three pages, views and 40 leads from nine states over five
//! weeks, so a newcomer sees a living dashboard and its insights.
//!
//! Everything goes through the product's own routes (sign-up, e-mail confirmation, local
//! checkout, the forms API, the public view and lead endpoints); each lead is dated in the past
//! by setting the state's clock back while it is submitted. This module is part of the local
//! gateway only: it cannot run against AWS.

use anyhow::{Context, bail};
use axum::{
    Router,
    body::Body,
    http::{Method, Request, StatusCode, header},
};
use serde_json::{Value, json};
use shared::{AppState, forms::FieldPreset};
use tower::ServiceExt;

pub const EMAIL: &str = "demo@raisespark.local";
pub const PASSWORD: &str = "Demo-founder-2026!";
/// The demo founder's companion administrator, so impersonation can be tried at once. Its
/// id is fixed because `ADMIN_USER_IDS` (the gateway's default) must name it before it exists.
pub const ADMIN_EMAIL: &str = "admin@raisespark.local";
pub const ADMIN_PASSWORD: &str = "Demo-admin-2026!";
pub const ADMIN_ID: &str = "00000000-0000-4000-8000-00000000ad01";

/// Creates the demo administrator (confirmed) unless it exists. Direct writes: an account
/// with a fixed id cannot come from the sign-up route.
pub async fn seed_admin(state: &AppState) -> anyhow::Result<bool> {
    use shared::repo::users::{CreateUserError, UserRecord};
    if state.users().get_user(ADMIN_ID).await?.is_some() {
        return Ok(false);
    }
    let mut user_metadata = serde_json::Map::new();
    user_metadata.insert("name".into(), json!("Demo Admin"));
    let admin = UserRecord {
        id: ADMIN_ID.to_owned(),
        email: ADMIN_EMAIL.to_owned(),
        password_hash: auth::password::hash_password(&auth::password::Password::parse(ADMIN_PASSWORD)?).await?,
        created_at: shared::time::now_iso(),
        email_confirmed_at: Some(shared::time::now_iso()),
        user_metadata,
        app_metadata: Default::default(),
        session_epoch: 0,
        last_sign_in_at: None,
        recovery_epoch: 0,
    };
    match state.users().create_user(&admin).await {
        Ok(()) | Err(CreateUserError::EmailTaken) => Ok(true),
        Err(CreateUserError::Store(err)) => Err(err.into()),
    }
}

/// Whether the database has no account yet.
pub async fn is_empty(state: &AppState) -> anyhow::Result<bool> {
    let output = state.dynamo.scan().table_name(&state.config.tables.users).limit(1).send().await?;
    Ok(output.count == 0)
}

struct Client<'a> {
    app: &'a Router,
    token: Option<String>,
}

impl Client<'_> {
    async fn call(&self, method: Method, uri: &str, body: Option<Value>, headers: &[(&str, &str)], ip: [u8; 4]) -> anyhow::Result<(StatusCode, Value)> {
        let mut request = Request::builder().method(method.clone()).uri(uri);
        if let Some(token) = &self.token {
            request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let body = match body {
            Some(body) => {
                request = request.header(header::CONTENT_TYPE, "application/json");
                Body::from(body.to_string())
            }
            None => Body::empty(),
        };
        let mut request = request.body(body)?;
        request.extensions_mut().insert(axum::extract::ConnectInfo(std::net::SocketAddr::from((ip, 40000))));
        let response = self.app.clone().oneshot(request).await?;
        let status = response.status();
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await?;
        let value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        if status.is_client_error() || status.is_server_error() {
            bail!("{method} {uri} answered {status}: {value}");
        }
        Ok((status, value))
    }

    async fn post(&self, uri: &str, body: Value) -> anyhow::Result<Value> {
        Ok(self.call(Method::POST, uri, Some(body), &[], [127, 0, 0, 1]).await?.1)
    }
}

const FIRST: [&str; 20] = [
    "Olivia", "Marcus", "Priya", "Daniel", "Sofia", "James", "Aisha", "Ethan", "Hannah", "Lucas",
    "Mei", "Noah", "Grace", "Omar", "Chloe", "Samuel", "Isabel", "Ravi", "Emma", "Tomás",
];
const LAST: [&str; 20] = [
    "Bennett", "Reid", "Shah", "Kim", "Alvarez", "O'Connor", "Mohammed", "Walker", "Fischer", "Moreau",
    "Chen", "Okafor", "Lindqvist", "Haddad", "Dubois", "Nakamura", "Rossi", "Patel", "Novak", "García",
];
/// Where the demo investors are: 20 (city, state) places, each used twice by the 40 leads
/// (lead `i` takes place `(i * 7) % 20`). California 10, Texas 8, New York 6, Washington 4,
/// Florida 4, Massachusetts, Illinois, Colorado and Georgia 2 each; San Francisco 6.
pub const PLACES: [(&str, &str); 20] = [
    ("San Francisco", "California"), ("San Francisco", "California"), ("San Francisco", "California"), ("Los Angeles", "California"),
    ("San Diego", "California"), ("Austin", "Texas"), ("Austin", "Texas"), ("Houston", "Texas"), ("Dallas", "Texas"),
    ("New York", "New York"), ("New York", "New York"), ("Brooklyn", "New York"), ("Seattle", "Washington"), ("Seattle", "Washington"),
    ("Miami", "Florida"), ("Tampa", "Florida"), ("Boston", "Massachusetts"), ("Chicago", "Illinois"), ("Denver", "Colorado"),
    ("Atlanta", "Georgia"),
];
/// The pages the demo forms are embedded on: the first form on its site and its blog, the
/// second on its own site.
pub const PAGES: [&str; 3] = ["https://sunrisesolar.example/invest", "https://blog.sunrisesolar.example/community-solar", "https://harborcoffee.example/invest"];
/// Amounts and timelines in proportions a real raise sees: many small, a few large.
const AMOUNTS: [(&str, &str); 8] = [
    ("Under $10,000", "Just exploring"),
    ("$10,000 - $25,000", "Within 3 months"),
    ("Under $10,000", "Within 3 months"),
    ("$25,000 - $50,000", "Within a month"),
    ("$10,000 - $25,000", "Within a month"),
    ("Under $10,000", "Within a week"),
    ("$50,000 - $100,000", "Within 3 months"),
    ("Over $100,000", "Immediately"),
];

/// Seeds the demo founder. Returns the credentials to print.
pub async fn seed(app: &Router, state: &AppState) -> anyhow::Result<()> {
    let mut client = Client { app, token: None };
    client
        .post("/api/auth/signup", json!({"email": EMAIL, "password": PASSWORD, "data": {"name": "Avery Founder"}}))
        .await
        .context("sign-up")?;
    // The confirmation is mailed after the answer (a job, as the stream does in AWS).
    state.background.idle().await;
    let outbox = state.mailer.outbox().context("the local mailer keeps an outbox")?;
    let link = outbox
        .to(EMAIL)
        .iter()
        .flat_map(|mail| mail.links())
        .find(|link| link.contains("/auth/callback?token="))
        .context("no confirmation link in the outbox")?;
    let token = link.split("token=").nth(1).and_then(|t| t.split('&').next()).context("confirmation token")?.to_owned();
    // This client keeps no cookie, so it is not the signing-up browser: like anyone opening
    // the link on another device, it gives the password chosen at the sign-up.
    let session = client.post("/api/auth/verify", json!({"token": token, "type": "signup", "password": PASSWORD})).await.context("confirmation")?;
    client.token = Some(session["access_token"].as_str().context("access token")?.to_owned());

    // The 7-day trial, through the local checkout and the webhook it sends.
    let (_, plans) = client.call(Method::GET, "/api/check-subscription/plans", None, &[], [127, 0, 0, 1]).await?;
    // The Pro plan: the demo shows everything the product sells, insights included.
    let pro = plans["plans"].as_array().and_then(|all| all.iter().find(|p| p["key"] == "pro")).context("the Pro plan")?;
    let price = pro["priceId"].as_str().or_else(|| pro["price_id"].as_str()).context("a plan price")?.to_owned();
    let checkout = client
        .post("/api/create-checkout-session", json!({"priceId": price, "successUrl": format!("{}/dashboard", state.config.app_origin)}))
        .await
        .context("checkout")?;
    let url = checkout["url"].as_str().context("checkout url")?;
    let path = url.trim_start_matches(&state.config.app_origin).to_owned();
    client.call(Method::POST, &format!("{path}/complete"), None, &[], [127, 0, 0, 1]).await.context("complete checkout")?;

    // Views per page: the first form 110 on its site and 40 on its blog, the second 90.
    // Each form's investor-facing headline, button and thank-you link differ from its internal name.
    let forms = [
        (
            "Sunrise Solar — Reg CF Round",
            "Indications of interest for our community solar raise",
            ("Own a share of the sun", "Count me in", "https://sunrisesolar.example"),
            [(PAGES[0], 110), (PAGES[1], 40)].as_slice(),
        ),
        (
            "Harbor Coffee Co. Expansion",
            "Tell us if you'd like to invest in our third roastery",
            ("Back our third roastery", "Submit", "https://harborcoffee.example"),
            [(PAGES[2], 90)].as_slice(),
        ),
    ];
    let mut published = Vec::new();
    for (name, description, (headline, submit_label, site), pages) in forms {
        let form = client.post("/api/forms", json!({})).await.context("create form")?;
        let id = form["id"].as_str().context("form id")?.to_owned();
        let mut fields = form["fields"].as_array().cloned().unwrap_or_default();
        for key in ["investment_amount", "investment_timeline", "location_city", "location_state"] {
            let preset = FieldPreset::find(key).context("preset")?;
            fields.push(serde_json::to_value(preset.to_field(fields.len() as u32, key == "investment_amount"))?);
        }
        let mut content = json!({
            "version": form["version"],
            "name": name,
            "description": description,
            "fields": fields,
        });
        for key in ["styling", "content_settings", "welcome_settings", "offering_settings", "show_branding"] {
            content[key] = form[key].clone();
        }
        content["content_settings"]["form_content"]["headline"] = json!(headline);
        content["content_settings"]["form_content"]["submit_label"] = json!(submit_label);
        content["content_settings"]["form_content"]["thank_you_url"] = json!(site);
        let updated = client.call(Method::PUT, &format!("/api/forms/{id}"), Some(content), &[], [127, 0, 0, 1]).await.context("save form")?.1;
        client.post(&format!("/api/forms/{id}/publish"), json!({})).await.context("publish")?;
        // Views: one per form, address and day, so each visitor comes from its own address.
        let mut visitor = 0usize;
        for (page, views) in pages {
            for _ in 0..*views {
                let agent = format!("Mozilla/5.0 (demo visitor {visitor})");
                let address = [10, 0, (visitor / 250) as u8, (visitor % 250 + 1) as u8];
                let body = json!({"source": page});
                client.call(Method::POST, &format!("/api/public-forms/{id}/views"), Some(body), &[("user-agent", &agent)], address).await?;
                visitor += 1;
            }
        }
        published.push(updated);
    }

    let public = Client { app, token: None };
    for i in 0..40usize {
        let form = &published[i % 2];
        let fields = form["fields"].as_array().context("fields")?;
        let (first, last) = (FIRST[i % FIRST.len()], LAST[(i * 7 + i / FIRST.len()) % LAST.len()]);
        let name = format!("{first} {last}");
        let (amount, timeline) = AMOUNTS[(i * 3) % AMOUNTS.len()];
        let (city, us_state) = PLACES[(i * 7) % PLACES.len()];
        // The first form's leads alternate between its site and its blog.
        let source = if i % 2 == 1 { PAGES[2] } else if i % 4 == 0 { PAGES[0] } else { PAGES[1] };
        let email = format!("{}.{}@example.com", first.to_lowercase(), last.to_lowercase().replace('\'', "")).replace('á', "a").replace('í', "i");
        let mut answers = serde_json::Map::new();
        for field in fields {
            let id = field["id"].as_str().unwrap_or_default().to_owned();
            let answer = match (field["preset"].as_str(), field["type"].as_str()) {
                (Some("investment_amount"), _) => amount.to_owned(),
                (Some("investment_timeline"), _) => timeline.to_owned(),
                (Some("location_state"), _) => us_state.to_owned(),
                (Some("location_city"), _) => city.to_owned(),
                (_, Some("email")) => email.clone(),
                (_, Some("phone")) => format!("(555) {:03}-{:04}", 200 + i * 13, 1000 + i * 137),
                _ => name.clone(),
            };
            answers.insert(id, Value::String(answer));
        }
        let uri = format!("/api/public-forms/{}/leads", form["id"].as_str().unwrap_or_default());
        let ip = [10, 1, (i / 200) as u8, (i % 200) as u8 + 1];
        // Spread over the last five weeks, newest last: submitted with the clock set back.
        let seconds_ago = (40 - i as i64) * 20 * 3_600 + (i as i64 * 1_337) % 3_600;
        state.clock.set_offset(-time::Duration::seconds(seconds_ago));
        let submitted = public.call(Method::POST, &uri, Some(json!({"answers": answers, "source": source})), &[], ip).await;
        // Counting and the owner's mail follow each answer at its own time too (the hour's
        // allowance of instant e-mails is that hour's, not today's): wait for them, so the
        // dashboard (and its insights) open complete.
        state.background.idle().await;
        state.clock.set_offset(time::Duration::ZERO);
        submitted.context("submit a lead")?;
    }
    Ok(())
}
