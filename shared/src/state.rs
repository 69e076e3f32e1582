//! The state every function's router receives: clients built once per cold start.

use std::sync::Arc;

use axum::extract::FromRef;

use crate::{auth::TokenKeys, config::Config, dynamo};

#[derive(Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    pub dynamo: dynamo::Client,
    pub tokens: TokenKeys,
}

impl AppState {
    /// Reads the configuration from the environment; a missing variable is named in the error.
    pub async fn from_env() -> anyhow::Result<Self> {
        Ok(Self::from_config(Config::from_env()?).await)
    }

    pub async fn from_config(config: Config) -> Self {
        let dynamo = dynamo::client(&config).await;
        let tokens = TokenKeys::from_secret(&config.jwt_secret);
        Self { config: Arc::new(config), dynamo, tokens }
    }
}

impl FromRef<AppState> for TokenKeys {
    fn from_ref(state: &AppState) -> Self {
        state.tokens.clone()
    }
}
