//! Configuration is read once at start-up from the environment into one typed struct, so a
//! missing variable stops a cold start with its name instead of failing a request later.
//!
//! Each section of the configuration is one file here, holding its variables (what the
//! template check compares with `template.yaml`), its parser and its tests side by side:
//! [`tables`], [`links`] (the product's origin and the link families' secrets), [`tokens`]
//! (access-token keys), [`roles`] (administrators and the roles one binary can run as),
//! [`mail`], [`edge`] (CloudFront's origin secret), [`payments`], [`meta`], [`capture`]
//! (lead capture), [`ai`], [`campaigns`] (sending and SES events) and [`vault`]. Adding a
//! variable touches its section's file (plus `template.yaml`); [`Config::from_lookup_for`]
//! only assembles the sections.
//!
//! Each function reads only what it uses: its `main.rs` passes its [`Needs`], declared in its
//! own crate (`functions/<name>/src/config.rs`), and `template.yaml` gives each function
//! exactly those variables (a test in the local gateway compares the two). What a function
//! did not declare is absent: clients are not built (mail, payments), optional sections are
//! `None` (Meta), keys are absent or a random per-process value that matches nothing (no
//! access-token key verifies no token, an undeclared webhook or link secret verifies no
//! signature), and identifiers are empty or, for tables, a name DynamoDB refuses that says
//! which variable was not declared.

use secrecy::SecretString;

pub mod ai;
pub mod assets;
pub mod campaigns;
pub mod capture;
pub mod edge;
mod env;
pub mod links;
pub mod mail;
pub mod meta;
pub mod needs;
pub mod payments;
pub mod roles;
pub mod tables;
pub mod tokens;
pub mod vault;

pub use ai::AiConfig;
pub use assets::AssetsConfig;
pub use capture::LeadNotifications;
pub use env::{ConfigError, Env, Presence, Variable};
pub use links::Links;
pub use mail::MailConfig;
pub use meta::MetaConfig;
pub use needs::Needs;
pub use payments::{PaymentsConfig, StripeConfig};
pub use tables::{Table, Tables};
pub use tokens::AccessTokenConfig;
pub use vault::VaultConfig;

#[derive(Debug, Clone)]
pub struct Config {
    /// Public origin of the product (`https://app.example.com`), used to build links in mail.
    /// Empty unless declared.
    pub app_origin: String,
    /// The access tokens' public keys (empty unless declared: nothing verifies) and, in the
    /// functions that mint sessions only, the private key.
    pub access_tokens: AccessTokenConfig,
    /// The link families' and salts' secrets (random, matching nothing, unless declared).
    pub links: Links,
    /// Set for DynamoDB Local (`http://127.0.0.1:8000`); unset in AWS.
    pub dynamodb_endpoint: Option<String>,
    pub tables: Tables,
    /// `None` in functions that send no mail: they get no SES client.
    pub mail: Option<MailConfig>,
    /// Users who may use the admin area, enforced by the server (`ADMIN_USER_IDS`, comma-separated).
    pub admin_user_ids: Vec<String>,
    /// Set behind CloudFront: requests carrying this value in `X-Origin-Verify` came through
    /// the distribution, so its `CloudFront-Viewer-Address` is the client's address.
    pub origin_verify_secret: Option<SecretString>,
    pub stripe: StripeConfig,
    pub meta: Option<MetaConfig>,
    /// Sparky's provider (`builtin` unless configured).
    pub ai: AiConfig,
    /// The chat's text-message contact (`SUPPORT_SMS`, optional).
    pub support_sms: Option<String>,
    pub lead_notifications: LeadNotifications,
    /// Lead submissions per IP and form per minute (the in-process limit; default 10).
    pub public_leads_per_minute: usize,
    /// Where contact-form messages are sent (`SUPPORT_EMAIL`); empty unless declared.
    pub support_email: String,
    /// Serve through a streaming function URL (`RESPONSE_STREAMING=true`; the leads export).
    pub response_streaming: bool,
    /// Run as the scheduled sweep of expired support sessions instead of the HTTP API.
    pub impersonation_sweep: bool,
    /// Campaign messages a second, across every sender (SES's maximum send rate).
    pub campaign_send_rate: u32,
    /// The SES configuration set whose events reach `ses-events`.
    pub ses_configuration_set: Option<String>,
    /// Who sends a started campaign: the request itself, after answering (local), or the
    /// recipients table's stream (`stream`, AWS).
    pub campaign_delivery: LeadNotifications,
    /// The SNS topic of the SES configuration set's events; other topics are refused.
    pub ses_events_topic_arn: Option<String>,
    /// Tests only: one more URL prefix a signing certificate may come from.
    pub sns_cert_url_prefix: Option<String>,
    /// The compliance vault's buckets; `None` unless the function declared the vault.
    pub vault: Option<VaultConfig>,
    /// The public assets bucket (founders' logos); `None` unless the function declared it.
    pub assets: Option<AssetsConfig>,
    /// Run as the vault's daily digest (`VAULT_ROLE=digest`) instead of the HTTP API.
    pub vault_digest: bool,
    /// Who does the account mail (confirmation, reset, the notice to an address's owner, the
    /// welcome): the request's background task, after answering (local), or the account
    /// requests table's stream (`AUTH_JOBS=stream`, AWS).
    pub auth_jobs: LeadNotifications,
    /// Who reads and applies a portal import: the request's background task, after answering
    /// (local), or the investments table's stream (`IMPORT_JOBS=stream`, AWS).
    pub import_jobs: LeadNotifications,
}

impl Config {
    /// Reads what `needs` declares from the process environment.
    pub fn from_env_for(needs: &Needs) -> Result<Self, ConfigError> {
        Self::from_lookup_for(needs, |name| std::env::var(name).ok())
    }

    /// Everything, through `lookup`: the local gateway and tests, which serve every function.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        Self::from_lookup_for(&Needs::ALL, lookup)
    }

    /// Reads the variables `needs` declares through `lookup` (so the gateway and tests can
    /// supply values without touching the process environment), and nothing else: each
    /// section reads its own.
    pub fn from_lookup_for(needs: &Needs, lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let env = Env::new(&lookup);
        let mail = mail::read(needs, &env)?;
        let capture = capture::read(needs, &env, mail.is_some())?;
        let sending = campaigns::read_sending(needs, &env)?;
        let ses_events = campaigns::read_ses_events(needs, &env);
        let ai = ai::read(needs, &env)?;
        let roles = roles::read(needs, &env)?;
        Ok(Self {
            app_origin: links::read_origin(needs, &env)?,
            access_tokens: tokens::read(needs, &env)?,
            links: links::read(needs, &env)?,
            dynamodb_endpoint: tables::read_endpoint(needs, &env),
            tables: tables::read(needs, &env)?,
            mail,
            admin_user_ids: roles.admin_user_ids,
            origin_verify_secret: edge::read(needs, &env),
            stripe: payments::read(needs, &env)?,
            meta: meta::read(needs, &env),
            ai: ai.provider,
            support_sms: ai.support_sms,
            lead_notifications: capture.notifications,
            public_leads_per_minute: capture.per_minute,
            support_email: mail::read_support(needs, &env)?,
            response_streaming: roles.response_streaming,
            impersonation_sweep: roles.impersonation_sweep,
            campaign_send_rate: sending.send_rate,
            ses_configuration_set: sending.configuration_set,
            campaign_delivery: sending.delivery,
            ses_events_topic_arn: ses_events.topic_arn,
            sns_cert_url_prefix: ses_events.cert_url_prefix,
            vault: vault::read(needs, &env)?,
            assets: assets::read(needs, &env)?,
            vault_digest: roles.vault_digest,
            auth_jobs: roles.auth_jobs,
            import_jobs: roles.import_jobs,
        })
    }
}

/// Environments for the sections' tests and the local gateway's template check.
#[cfg(any(test, feature = "test-support"))]
pub mod test_env {
    use std::collections::HashMap;

    use super::{Needs, Presence};
    use crate::keys::Family;

    pub type Vars = Vec<(&'static str, String)>;

    pub fn lookup(vars: &[(&'static str, String)]) -> impl Fn(&str) -> Option<String> + use<> {
        let map: HashMap<String, String> = vars.iter().map(|(k, v)| (k.to_string(), v.clone())).collect();
        move |name| map.get(name).cloned()
    }

    pub fn set(vars: &mut Vars, name: &'static str, value: &str) {
        vars.retain(|(key, _)| *key != name);
        vars.push((name, value.to_owned()));
    }

    pub const SECRET: &str = "0123456789abcdef0123456789abcdef";

    const COMPLETE: &[(&str, &str)] = &[
        ("APP_ORIGIN", "http://localhost:3000/"),
        ("MAIL_PROVIDER", "outbox"),
        ("ADMIN_USER_IDS", "a, b,,c"),
        ("VAULT_BUCKET", "vault"),
        ("VAULT_UPLOADS_BUCKET", "vault-uploads"),
        ("ASSETS_BUCKET", "assets"),
        ("SUPPORT_EMAIL", "support@example.com"),
        ("PAYMENTS_PROVIDER", "local"),
        ("STRIPE_WEBHOOK_SECRET", "whsec_test"),
        ("STRIPE_PRICE_STANDARD", "price_standard"),
        ("STRIPE_PRICE_PRO", "price_pro"),
    ];

    /// Every variable the gateway reads, with local values (each table named after its
    /// variable, in lower case without `_TABLE`).
    pub fn complete() -> Vars {
        let mut vars: Vars = COMPLETE.iter().map(|(k, v)| (*k, (*v).to_owned())).collect();
        for table in super::Table::ALL {
            vars.push((table.variable(), table.variable().trim_end_matches("_TABLE").to_lowercase()));
        }
        vars.push(("ACCESS_TOKEN_PUBLIC_KEYS", crate::auth::test_keys::public_keys()));
        vars.push(("ACCESS_TOKEN_SIGNING_KEY", crate::auth::test_keys::SIGNING_KEY.to_owned()));
        for family in Family::ALL {
            vars.push((family.variable(), SECRET.to_owned()));
        }
        vars
    }

    /// A deployed function's environment: every variable its needs require, with AWS values.
    pub fn deployed(needs: &Needs) -> Vars {
        needs
            .variables()
            .into_iter()
            .filter(|var| var.presence == Presence::Required)
            .map(|var| {
                let value = match var.name {
                    "APP_ORIGIN" => "https://app.example.com".to_owned(),
                    "MAIL_PROVIDER" => "ses".to_owned(),
                    "PAYMENTS_PROVIDER" => "stripe".to_owned(),
                    "LEAD_NOTIFICATIONS" => "stream".to_owned(),
                    "ACCESS_TOKEN_PUBLIC_KEYS" => crate::auth::test_keys::public_keys(),
                    "ACCESS_TOKEN_SIGNING_KEY" => crate::auth::test_keys::SIGNING_KEY.to_owned(),
                    name if Family::ALL.iter().any(|family| family.variable() == name) => SECRET.to_owned(),
                    _ => "value".to_owned(),
                };
                (var.name, value)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::{test_env::*, *};

    #[test]
    fn a_complete_environment_gives_a_config_without_trailing_slash() {
        let config = Config::from_lookup(lookup(&complete())).unwrap();
        assert_eq!(config.app_origin, "http://localhost:3000");
        assert_eq!(config.tables.profiles, "profiles");
        assert!(config.dynamodb_endpoint.is_none());
        assert_eq!(config.admin_user_ids, vec!["a", "b", "c"]);
        assert!(matches!(config.mail, Some(MailConfig::Outbox { dir: None, .. })));
        assert_eq!(config.lead_notifications, LeadNotifications::Inline);
        assert_eq!(config.access_tokens.public_keys.len(), 1);
        assert!(config.access_tokens.signing_key.is_some());
        assert_eq!(config.auth_jobs, LeadNotifications::Inline, "locally the account mail runs after answering");
    }

    #[test]
    fn a_missing_variable_is_named_in_the_error() {
        let vars: Vars = complete().into_iter().filter(|(k, _)| *k != "PROFILES_TABLE").collect();
        let err = Config::from_lookup(lookup(&vars)).unwrap_err();
        assert_eq!(err.to_string(), "missing environment variable PROFILES_TABLE");
    }

    #[test]
    fn a_blank_variable_counts_as_missing() {
        let mut vars = complete();
        set(&mut vars, "APP_ORIGIN", "  ");
        assert_eq!(Config::from_lookup(lookup(&vars)).unwrap_err(), ConfigError::Missing("APP_ORIGIN"));
    }

    #[test]
    fn no_secret_ever_prints_in_debug_output() {
        let config = Config::from_lookup(lookup(&complete())).unwrap();
        let printed = format!("{config:?}");
        assert!(!printed.contains("0123456789abcdef"));
        assert!(!printed.contains("MIGHAgEAMBMGByqGSM49"), "the private key");
    }
}

