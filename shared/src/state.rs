//! The state every function's router receives: clients built once per cold start.

use std::sync::Arc;

use axum::extract::FromRef;

use crate::{auth::TokenKeys, config::Config, dynamo, mail::Mailer, payments::Payments};

#[derive(Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    pub dynamo: dynamo::Client,
    pub tokens: TokenKeys,
    pub mailer: Mailer,
    pub payments: Payments,
    /// One HTTP client for outbound APIs (Meta, LLM), built once per cold start.
    pub http: reqwest::Client,
    /// Per-process limits for public endpoints (see `rate_limit::MemoryLimiter`).
    pub memory_limits: Arc<crate::rate_limit::MemoryLimiter>,
}

impl AppState {
    /// Reads the configuration from the environment; a missing variable is named in the error.
    pub async fn from_env() -> anyhow::Result<Self> {
        Self::from_config(Config::from_env()?).await
    }

    pub async fn from_config(config: Config) -> anyhow::Result<Self> {
        let dynamo = dynamo::client(&config).await;
        let tokens = TokenKeys::from_secret(&config.jwt_secret);
        let mailer = Mailer::from_config(&config.mail).await?;
        let payments = Payments::from_config(&config.stripe, &config.app_origin);
        let http = reqwest::Client::builder().timeout(std::time::Duration::from_secs(20)).build()?;
        Ok(Self { config: Arc::new(config), dynamo, tokens, mailer, payments, http, memory_limits: Default::default() })
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
