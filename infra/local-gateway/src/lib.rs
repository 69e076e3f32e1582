//! Assembles the local gateway: settings, tables, state, routes.

pub mod demo;
mod dev;
pub mod lambda_env;
mod dev_billing;
mod headers;
pub mod keys;
pub mod needs;
mod spa;

use std::path::PathBuf;

use anyhow::Context;
use axum::Router;
use tower_http::compression::Predicate;
use shared::{
    AppState,
    config::Config,
    local::{TEMPLATE, bucket_env, bucket_specs, ensure_buckets, ensure_tables, local_default, table_env, table_specs},
};

/// Every function the gateway serves, in the order of `template.yaml`.
pub const FUNCTIONS: &[&str] = &[
    "ai-chat",
    "admin",
    "auth",
    "billing-portal",
    "campaigns",
    "check-subscription",
    "compliance-vault",
    "contact",
    "create-checkout-session",
    "facebook-conversions",
    "forms",
    "generate-insights",
    "impersonate-user",
    "leads",
    "profiles",
    "public-forms",
    "raise-capital",
    "revert-impersonation",
    "rewards",
    "send-event-notification",
    "ses-events",
    "stripe-webhook",
    "teams",
];

#[derive(Debug, Clone)]
pub struct Settings {
    pub port: u16,
    pub dynamodb_endpoint: String,
    pub table_prefix: String,
    pub spa_dist: PathBuf,
    pub data_dir: PathBuf,
    /// Seed the demo founder into an empty database (`make dev`; off for tests and benches).
    pub seed_demo: bool,
    /// The local S3 server (moto) holding the compliance vault's buckets; without it the
    /// vault's routes fail and forms are published without their vault record (logged).
    pub s3_endpoint: Option<String>,
}

impl Settings {
    pub fn from_env() -> anyhow::Result<Self> {
        let var = |name: &str| std::env::var(name).ok().filter(|value| !value.trim().is_empty());
        let port = match var("PORT") {
            Some(port) => port.parse().with_context(|| format!("invalid PORT {port:?}"))?,
            None => 3000,
        };
        Ok(Self {
            port,
            dynamodb_endpoint: var("DYNAMODB_ENDPOINT")
                .context("missing environment variable DYNAMODB_ENDPOINT (the DynamoDB Local URL)")?,
            table_prefix: var("TABLE_PREFIX").unwrap_or_else(|| "raisespark-".to_owned()),
            spa_dist: var("SPA_DIST").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("spa/dist")),
            data_dir: var("LOCAL_DATA_DIR").map(PathBuf::from).unwrap_or_else(|| PathBuf::from(".local")),
            seed_demo: var("SEED_DEMO").is_some_and(|v| v == "true" || v == "1"),
            s3_endpoint: var("S3_ENDPOINT"),
        })
    }

    pub fn origin(&self) -> String {
        format!("http://localhost:{}", self.port)
    }
}

/// Creates missing tables, builds the shared state and returns the whole router.
pub async fn build(settings: &Settings) -> anyhow::Result<Router> {
    let specs = table_specs(TEMPLATE)?;
    let buckets = bucket_specs(TEMPLATE)?;
    let mut tables = table_env(&settings.table_prefix, &specs);
    tables.extend(bucket_env(&settings.table_prefix, &buckets));
    let keys = keys::load_or_create(&settings.data_dir)?;
    let origin = settings.origin();
    let lookup = |name: &str| {
        tables
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.clone())
            .or_else(|| match name {
                "DYNAMODB_ENDPOINT" => Some(settings.dynamodb_endpoint.clone()),
                "S3_ENDPOINT" => settings.s3_endpoint.clone(),
                "APP_ORIGIN" => std::env::var(name).ok().or_else(|| Some(origin.clone())),
                // The demo administrator (see `demo::seed_admin`) unless the environment names others.
                "ADMIN_USER_IDS" => std::env::var(name).ok().or_else(|| Some(demo::ADMIN_ID.to_owned())),
                "OUTBOX_DIR" => std::env::var(name).ok().or_else(|| Some(settings.data_dir.join("mail").display().to_string())),
                // The access-token keys, link secrets and webhook secret kept in the data directory.
                _ if keys.variable(name).is_some() => std::env::var(name).ok().or_else(|| keys.variable(name)),
                _ => std::env::var(name).ok().or_else(|| local_default(name).map(str::to_owned)),
            })
    };
    let config = Config::from_lookup(lookup)?;
    let state = AppState::from_config(config).await?;
    // Tables and buckets at once: a start-up waits for the slower of the two, not both.
    let local_buckets = async {
        match (&settings.s3_endpoint, &state.storage) {
            (Some(_), Some(storage)) => ensure_buckets(storage.client(), &settings.table_prefix, &buckets).await.map(Some),
            _ => Ok(None),
        }
    };
    let (created, created_buckets) = tokio::try_join!(ensure_tables(&state.dynamo, &settings.table_prefix, &specs), local_buckets)?;
    if !created.is_empty() {
        tracing::info!(tables = ?created, "created tables from template.yaml");
    }
    match created_buckets {
        Some(created) if !created.is_empty() => tracing::info!(buckets = ?created, "created buckets from template.yaml"),
        Some(_) => {}
        None => tracing::warn!("S3_ENDPOINT is not set: the compliance vault has no local S3 (make dev and make test start one)"),
    }
    // What the deploy runs in AWS (infra/scripts/migrate): every account made before teams gets
    // its own company. Idempotent, and before the first request is served.
    let started = std::time::Instant::now();
    let migrated = shared::services::teams::migrate_accounts(&state).await?;
    if migrated.companies_created > 0 {
        tracing::info!(accounts = migrated.accounts, companies = migrated.companies_created, elapsed_ms = started.elapsed().as_millis() as u64, "gave accounts their companies");
    }
    let app = router(state.clone(), settings);
    spawn_impersonation_sweep(state.clone());
    // What EventBridge runs every minute in AWS: due scheduled campaigns start, interrupted
    // sends resume. Same code, on a tick.
    campaigns::dispatch::spawn_local(state.clone(), std::time::Duration::from_secs(15));
    spawn_lead_digests(state.clone());
    let seed_admin = settings.seed_demo;
    if settings.seed_demo && demo::is_empty(&state).await? {
        // A failed seed is reported, never a reason not to start.
        let started = std::time::Instant::now();
        match demo::seed(&app, &state).await {
            Ok(()) => {
                let note = settings.data_dir.join("demo-account");
                std::fs::write(&note, format!("{} / {}\n", demo::EMAIL, demo::PASSWORD)).with_context(|| format!("cannot write {}", note.display()))?;
                tracing::info!(email = demo::EMAIL, elapsed_ms = started.elapsed().as_millis() as u64, "seeded the demo founder");
            }
            Err(err) => tracing::error!(error = format!("{err:#}"), "the demo founder could not be seeded"),
        }
    }
    // After seeding, so the demo founder's recent days are filed at once.
    spawn_vault_digest(state.clone());
    if seed_admin {
        match demo::seed_admin(&state).await {
            Ok(created) => {
                let note = settings.data_dir.join("demo-admin");
                std::fs::write(&note, format!("{} / {}\n", demo::ADMIN_EMAIL, demo::ADMIN_PASSWORD))
                    .with_context(|| format!("cannot write {}", note.display()))?;
                if created {
                    tracing::info!(email = demo::ADMIN_EMAIL, "seeded the demo administrator");
                }
            }
            Err(err) => tracing::error!(error = format!("{err:#}"), "the demo administrator could not be seeded"),
        }
    }
    Ok(app)
}

/// What EventBridge runs every minute in AWS (`revert-impersonation` as the sweep): support
/// sessions whose time is up end (`ended_by: expiry`) and their users are e-mailed. Same code,
/// on a tick.
fn spawn_impersonation_sweep(state: AppState) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(std::time::Duration::from_secs(30));
        loop {
            tick.tick().await;
            if let Err(err) = shared::services::impersonation::sweep_expired(&state).await {
                tracing::warn!(error = %err, "impersonation sweep failed");
            }
        }
    });
}

/// What EventBridge runs every 5 minutes in AWS (`lead-notifications` as the digests' sender):
/// each founder's lead digest whose hour or day is over goes out once. Same code, on a tick.
fn spawn_lead_digests(state: AppState) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(std::time::Duration::from_secs(30));
        loop {
            tick.tick().await;
            if let Err(err) = shared::services::lead_mail::send_due_digests(&state).await {
                tracing::warn!(error = %err, "lead digests failed");
            }
        }
    });
}

/// What EventBridge runs daily in AWS (`compliance-vault` as the digest): the day before's
/// leads per form, filed in each founder's vault. Locally at start-up and every hour (each
/// digest is filed once, so the repeats do nothing).
fn spawn_vault_digest(state: AppState) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(std::time::Duration::from_secs(3600));
        loop {
            tick.tick().await;
            if let Err(err) = compliance_vault::digest::run(&state).await {
                tracing::warn!(error = %err, "vault digest failed");
            }
        }
    });
}

/// The merged router: API functions, `/dev/*`, the SPA, and security headers on everything.
pub fn router(state: AppState, settings: &Settings) -> Router {
    let api = Router::new()
        .merge(shared::http::mount("admin", admin::router(state.clone())))
        .merge(shared::http::mount("ai-chat", ai_chat::router(state.clone())))
        .merge(shared::http::mount("auth", auth::router(state.clone())))
        .merge(shared::http::mount("billing-portal", billing_portal::router(state.clone())))
        .merge(shared::http::mount("campaigns", campaigns::router(state.clone())))
        .merge(shared::http::mount("check-subscription", check_subscription::router(state.clone())))
        .merge(shared::http::mount("compliance-vault", compliance_vault::router(state.clone())))
        .merge(shared::http::mount("contact", contact::router(state.clone())))
        .merge(shared::http::mount("create-checkout-session", create_checkout_session::router(state.clone())))
        .merge(shared::http::mount("facebook-conversions", facebook_conversions::router(state.clone())))
        .merge(shared::http::mount("forms", forms::router(state.clone())))
        .merge(shared::http::mount("generate-insights", generate_insights::router(state.clone())))
        .merge(shared::http::mount("impersonate-user", impersonate_user::router(state.clone())))
        .merge(shared::http::mount("leads", leads::router(state.clone())))
        .merge(shared::http::mount("profiles", profiles::router(state.clone())))
        .merge(shared::http::mount("public-forms", public_forms::router(state.clone())))
        .merge(shared::http::mount("raise-capital", raise_capital::router(state.clone())))
        .merge(shared::http::mount("teams", teams::router(state.clone())))
        .merge(shared::http::mount("revert-impersonation", revert_impersonation::router(state.clone())))
        .merge(shared::http::mount("rewards", rewards::router(state.clone())))
        .merge(shared::http::mount("send-event-notification", send_event_notification::router(state.clone())))
        .merge(shared::http::mount("ses-events", ses_events::router(state.clone())))
        .merge(shared::http::mount("stripe-webhook", stripe_webhook::router(state.clone())));
    api.merge(dev_billing::router(state.clone())).merge(dev::router(state, settings))
        .fallback_service(spa::service(&settings.spa_dist))
        .layer(axum::middleware::from_fn_with_state(headers::Policies::new(settings.s3_endpoint.as_deref()), headers::security_headers))
        // Brotli or gzip, as CloudFront serves in production. The CSV export is a long
        // stream and is left as it is (the encoder cut such streams short).
        .layer(tower_http::compression::CompressionLayer::new().compress_when(
            tower_http::compression::predicate::DefaultPredicate::new()
                .and(tower_http::compression::predicate::NotForContentType::const_new("text/csv")),
        ))
}
