//! Prepares the Lambda runtime stage (`infra/scripts/lambda_runtime.py`): creates the tables
//! of `template.yaml` under `TABLE_PREFIX` in DynamoDB Local, seeds the demo founder through
//! the gateway's own routes, and prints JSON with, for every function of the template, the
//! environment SAM would give it made local (and nothing else), plus the ids and tokens the
//! events need.
//!
//! Input (environment): `DYNAMODB_ENDPOINT`, `S3_ENDPOINT` (the local S3), `TABLE_PREFIX`,
//! `STUB_URL` (SES, Stripe and Meta stub), `LOCAL_DATA_DIR` (where the local keys are made, as
//! the gateway makes them: the functions get the same public keys and link secrets).

use std::collections::BTreeMap;

use anyhow::{Context, bail};
use axum::{
    body::Body,
    http::{Request, header},
};
use local_gateway::{
    Settings,
    lambda_env::{Localiser, functions, global_variables},
};
use serde_json::{Value, json};
use shared::{
    auth::{ACCESS_TOKEN_TTL, TokenKeys},
    config::Presence,
    keys::Family,
    local::{TEMPLATE, bucket_specs, local_bucket_name, table_specs},
};
use tower::ServiceExt;

pub const ORIGIN_VERIFY_SECRET: &str = "origin-verify-secret-for-the-lambda-stage-0123";
pub const STRIPE_WEBHOOK_SECRET: &str = "whsec_lambda_stage_secret";

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    shared::telemetry::init();
    let var = |name: &str| std::env::var(name).with_context(|| format!("missing environment variable {name}"));
    let endpoint = var("DYNAMODB_ENDPOINT")?;
    let prefix = var("TABLE_PREFIX")?;
    let stub = var("STUB_URL")?;
    let data_dir = std::path::PathBuf::from(var("LOCAL_DATA_DIR")?);

    // Tables and the demo founder, through the gateway (local providers, same tables).
    let settings = Settings {
        port: 3000,
        dynamodb_endpoint: endpoint.clone(),
        table_prefix: prefix.clone(),
        spa_dist: data_dir.join("no-spa"),
        data_dir: data_dir.clone(),
        seed_demo: true,
        s3_endpoint: std::env::var("S3_ENDPOINT").ok(),
    };
    let app = local_gateway::build(&settings).await?;
    let (_, session) = call(&app, "POST", "/api/auth/signin", None, Some(json!({"email": local_gateway::demo::EMAIL, "password": local_gateway::demo::PASSWORD}))).await?;
    let token = session["access_token"].as_str().context("demo sign-in gave no access token")?.to_owned();
    let user_id = session["user"]["id"].as_str().context("demo sign-in gave no user id")?.to_owned();
    let (_, forms) = call(&app, "GET", "/api/forms", Some(&token), None).await?;
    let form = forms["forms"]
        .as_array()
        .and_then(|forms| forms.iter().find(|f| f["is_published"] == true).or(forms.first()))
        .cloned()
        .with_context(|| format!("the demo founder has no form: {forms}"))?;
    let (_, admin) = call(&app, "POST", "/api/auth/signin", None, Some(json!({"email": local_gateway::demo::ADMIN_EMAIL, "password": local_gateway::demo::ADMIN_PASSWORD}))).await?;
    let admin_token = admin["access_token"].as_str().context("demo admin sign-in gave no access token")?.to_owned();
    let fresh_id = uuid::Uuid::new_v4().to_string();
    let fresh_email = format!("lambda-{}@example.com", &fresh_id[..8]);
    // The same keys the gateway made in the data directory: what template.yaml's references resolve to.
    let keys = local_gateway::keys::load_or_create(&data_dir)?;
    let fresh_token = TokenKeys::new(&[keys.signing_key.public().clone()], Some(&keys.signing_key)).issue(&fresh_id, &fresh_email, ACCESS_TOKEN_TTL)?;
    // The fresh user acts for a company of their own (no account record: made through teams).
    let (status, company) = call(&app, "POST", "/api/teams", Some(&fresh_token), Some(json!({"name": "Lambda Fresh Co"}))).await?;
    anyhow::ensure!(status == 201, "the fresh user's company was not made: {status} {company}");

    // Every function's environment, as template.yaml gives it, made local.
    let specs = table_specs(TEMPLATE)?;
    let localiser = Localiser {
        table_prefix: &prefix,
        table_ids: specs.iter().map(|spec| spec.logical_id.clone()).collect(),
        buckets: bucket_specs(TEMPLATE)?.iter().map(|spec| (spec.logical_id.clone(), local_bucket_name(&prefix, spec))).collect(),
        parameters: BTreeMap::from([
            ("AppOrigin", "http://localhost:3000".to_owned()),
            ("MailFrom", "RaiseSpark <hello@raisespark.local>".to_owned()),
            ("SupportEmail", "support@raisespark.local".to_owned()),
            // Resources the campaign functions name (SES configuration set, the events topic).
            ("CampaignConfigurationSet", "raisespark-campaigns".to_owned()),
            ("CampaignEventsTopic", "arn:aws:sns:us-east-1:123456789012:raisespark-CampaignEventsTopic".to_owned()),
            // The demo administrator the gateway seeded (impersonate-user, revert-impersonation).
            ("AdminUserIds", local_gateway::demo::ADMIN_ID.to_owned()),
            ("StripePriceStandard", "price_local_standard".to_owned()),
            ("StripePricePro", "price_local_pro".to_owned()),
            ("StripeDiscountCoupon", "coupon_lifetime_20".to_owned()),
            ("MetaPixelId", "PIXEL_LOCAL".to_owned()),
            ("AiProvider", "builtin".to_owned()),
            ("AiModel", String::new()),
            ("AiBaseUrl", String::new()),
            ("AiSecretName", String::new()),
            ("SupportSms", "+15550100123".to_owned()),
            ("LogLevel", "info".to_owned()),
            ("SecretsRevision", "1".to_owned()),
            // The published public keys (an SSM parameter in AWS).
            ("AccessTokenPublicKeys", keys.public_keys()),
        ]),
        secrets: BTreeMap::from([
            // The private key: only auth's environment references it.
            ("AccessTokenSigningKeySecretName", keys.signing_key.to_pem()),
            ("UnsubscribeLinkSecret", keys.links[Family::Unsubscribe.variable()].clone()),
            ("ClickLinkSecret", keys.links[Family::Click.variable()].clone()),
            ("ExportLinkSecret", keys.links[Family::Export.variable()].clone()),
            ("ViewSaltSecret", keys.links[Family::ViewSalt.variable()].clone()),
            ("QuestionSaltSecret", keys.links[Family::QuestionSalt.variable()].clone()),
            ("SignUpIdSecret", keys.links[Family::SignUpIds.variable()].clone()),
            ("OriginVerifySecret", ORIGIN_VERIFY_SECRET.to_owned()),
            ("StripeSecretName:secret_key", "sk_test_lambda_stage".to_owned()),
            ("StripeSecretName:webhook_secret", STRIPE_WEBHOOK_SECRET.to_owned()),
            ("MetaSecretName:access_token", "meta-token-lambda-stage".to_owned()),
        ]),
        conditions: BTreeMap::from([("HasMeta", true), ("HasAiKey", false)]),
    };
    let globals = global_variables(TEMPLATE)?;
    let mut out = Vec::new();
    for function in functions(TEMPLATE)? {
        let Some(needs) = function.needs() else { bail!("{} has no needs constant", function.binary) };
        let mut env = BTreeMap::new();
        for (name, value) in globals.iter().chain(&function.variables) {
            env.insert(name.clone(), localiser.value(value).with_context(|| format!("{}: {name}", function.logical_id))?);
        }
        // The endpoint overrides its needs read, pointed at DynamoDB Local and the stub.
        for variable in needs.variables().into_iter().filter(|v| v.presence == Presence::LocalOnly) {
            let value = match variable.name {
                "DYNAMODB_ENDPOINT" => endpoint.clone(),
                "S3_ENDPOINT" => var("S3_ENDPOINT")?,
                "SES_ENDPOINT" => stub.clone(),
                "STRIPE_API_BASE" => format!("{stub}/stripe"),
                "META_API_BASE" => format!("{stub}/meta"),
                _ => continue,
            };
            env.insert(variable.name.to_owned(), value);
        }
        out.push(json!({"logical_id": function.logical_id, "binary": function.binary, "env": env}));
    }
    let result = json!({
        "table_prefix": prefix,
        "functions": out,
        "demo": {"user_id": user_id, "email": local_gateway::demo::EMAIL, "password": local_gateway::demo::PASSWORD, "token": token, "form_id": form["id"], "form": form},
        "fresh": {"user_id": fresh_id, "email": fresh_email, "token": fresh_token},
        "admin": {"user_id": local_gateway::demo::ADMIN_ID, "email": local_gateway::demo::ADMIN_EMAIL, "token": admin_token},
        "origin_verify_secret": ORIGIN_VERIFY_SECRET,
        "stripe_webhook_secret": STRIPE_WEBHOOK_SECRET,
    });
    println!("{}", serde_json::to_string(&result)?);
    Ok(())
}

async fn call(app: &axum::Router, method: &str, uri: &str, token: Option<&str>, body: Option<Value>) -> anyhow::Result<(u16, Value)> {
    let mut request = Request::builder().method(method).uri(uri).header(header::CONTENT_TYPE, "application/json");
    if let Some(token) = token {
        request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
    }
    let mut request = request.body(body.map(|b| Body::from(b.to_string())).unwrap_or_default())?;
    request.extensions_mut().insert(axum::extract::ConnectInfo(std::net::SocketAddr::from(([127, 0, 0, 1], 40000))));
    let response = app.clone().oneshot(request).await?;
    let status = response.status().as_u16();
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 22).await?;
    let value: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    if status >= 400 {
        bail!("{method} {uri} answered {status}: {value}");
    }
    Ok((status, value))
}
