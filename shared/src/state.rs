//! The state every function's router receives: clients built once per cold start, and only
//! the clients the function's configuration asks for (no SES client without mail, no Stripe
//! client without payments).

mod repos;

use std::sync::Arc;

use axum::extract::FromRef;

pub use crate::aws::{aws_sdk_config, local_sdk_config};
use crate::{
    auth::TokenKeys,
    config::{Config, Needs},
    dynamo,
    mail::Mailer,
    payments::Payments,
};

#[derive(Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    pub dynamo: dynamo::Client,
    pub tokens: TokenKeys,
    pub mailer: Mailer,
    pub payments: Payments,
    /// One HTTP client for outbound APIs (Meta, LLM), built once per cold start.
    pub http: reqwest::Client,
    /// Per-process limits for public endpoints (see `limits::MemoryLimiter`).
    pub memory_limits: Arc<crate::limits::MemoryLimiter>,
    /// The time rules read (see `time::Clock`); shared by every clone of the state.
    pub clock: crate::time::Clock,
    /// Work started after answering (locally; AWS runs it from a stream): see `background`.
    pub background: crate::background::Background,
    /// New leads waiting for the local drain (locally only: AWS reads the leads stream), see
    /// `services::lead_intake::stream_locally`.
    pub lead_batches: crate::background::Batches<domain::leads::LeadRecord>,
    /// The compliance vault's buckets, for the functions that declared the vault.
    #[cfg(feature = "vault")]
    pub storage: Option<crate::storage::Storage>,
    /// The public assets bucket (founders' logos), for the functions that declared it.
    #[cfg(feature = "assets")]
    pub assets: Option<crate::assets::Assets>,
}

impl AppState {
    /// Reads what `needs` declares from the environment (a missing variable is named in the
    /// error) and builds the clients it calls for. Each function's `main.rs` passes its own
    /// `config::NEEDS`, declared in its crate.
    pub async fn from_env_for(needs: &Needs) -> anyhow::Result<Self> {
        Self::from_config(Config::from_env_for(needs)?).await
    }

    pub async fn from_config(config: Config) -> anyhow::Result<Self> {
        let sdk = aws_sdk_config(&config).await;
        let dynamo = dynamo::client(&sdk, config.dynamodb_endpoint.as_deref());
        let tokens = TokenKeys::new(&config.access_tokens.public_keys, config.access_tokens.signing_key.as_ref());
        let mailer = Mailer::from_config(config.mail.as_ref(), &sdk)?;
        let payments = Payments::from_config(&config.stripe, &config.app_origin);
        let http = reqwest::Client::builder().timeout(std::time::Duration::from_secs(20)).build()?;
        #[cfg(feature = "vault")]
        let storage = config.vault.as_ref().map(|vault| crate::storage::Storage::new(&sdk, vault));
        #[cfg(feature = "assets")]
        let assets = config.assets.as_ref().map(|assets| crate::assets::Assets::new(&sdk, assets));
        Ok(Self {
            config: Arc::new(config),
            dynamo,
            tokens,
            mailer,
            payments,
            http,
            memory_limits: Default::default(),
            clock: Default::default(),
            background: Default::default(),
            lead_batches: crate::background::Batches::new(crate::background::LEAD_BATCH),
            #[cfg(feature = "vault")]
            storage,
            #[cfg(feature = "assets")]
            assets,
        })
    }

    pub fn is_admin(&self, user_id: &str) -> bool {
        self.config.admin_user_ids.iter().any(|id| id == user_id)
    }
}

impl FromRef<AppState> for TokenKeys {
    fn from_ref(state: &AppState) -> Self {
        state.tokens.clone()
    }
}

impl FromRef<AppState> for Arc<Config> {
    fn from_ref(state: &AppState) -> Self {
        state.config.clone()
    }
}
