//! Configuration is read once at start-up from the environment into one typed struct, so a
//! missing variable stops a cold start with its name instead of failing a request later.

use secrecy::{ExposeSecret, SecretString};

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum ConfigError {
    #[error("missing environment variable {0}")]
    Missing(&'static str),
    #[error("invalid environment variable {name}: {reason}")]
    Invalid { name: &'static str, reason: String },
}

/// DynamoDB table names. In AWS, SAM injects them with `!Ref`; locally the gateway derives
/// them from `template.yaml` (logical id `ProfilesTable` → variable `PROFILES_TABLE`).
#[derive(Debug, Clone)]
pub struct Tables {
    pub profiles: String,
    pub users: String,
    pub user_emails: String,
    pub sessions: String,
    pub one_time_tokens: String,
    pub rate_limits: String,
    pub notifications: String,
    pub subscriptions: String,
    pub stripe_events: String,
    pub forms: String,
    pub leads: String,
    pub form_views: String,
    pub referral_codes: String,
    pub referrals: String,
    pub contact_messages: String,
}

/// Who tells founders about new leads: the request itself, after answering (local), or the
/// `lead-notifications` function on the leads table's stream (AWS, where a Lambda cannot
/// keep working after it answered).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeadNotifications {
    Inline,
    Stream,
}

/// Payments: Stripe in production, the local checkout (`/dev/checkout`) everywhere else.
#[derive(Debug, Clone)]
pub enum PaymentsConfig {
    Stripe {
        secret_key: SecretString,
        /// `https://api.stripe.com`, or a stub in tests.
        api_base: String,
        /// Coupon with `percent_off = 20`, `duration = forever`, for the lifetime-discount offer.
        discount_coupon: String,
    },
    Local,
}

#[derive(Debug, Clone)]
pub struct StripeConfig {
    pub payments: PaymentsConfig,
    /// `whsec_…`: signs (locally) and verifies webhook events.
    pub webhook_secret: SecretString,
    pub price_standard: String,
    pub price_pro: String,
}

/// Meta Conversions API; unset means conversions are not sent.
#[derive(Debug, Clone)]
pub struct MetaConfig {
    pub pixel_id: String,
    pub access_token: SecretString,
    pub api_base: String,
}

/// Where e-mail goes: Amazon SES in AWS, the local outbox (`/dev/mail`) everywhere else.
#[derive(Debug, Clone, PartialEq)]
pub enum MailConfig {
    Ses {
        /// Verified sender, e.g. `RaiseSpark <hello@raisespark.com>`.
        from: String,
        /// Endpoint override, for tests against a local stub.
        endpoint: Option<String>,
    },
    Outbox {
        from: String,
        /// Folder where the outbox keeps its messages across restarts; memory only when unset.
        dir: Option<std::path::PathBuf>,
    },
}

impl MailConfig {
    pub fn from(&self) -> &str {
        match self {
            Self::Ses { from, .. } | Self::Outbox { from, .. } => from,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Config {
    /// Public origin of the product (`https://app.example.com`), used to build links in mail.
    pub app_origin: String,
    /// HS256 key for access tokens; at least 32 bytes.
    pub jwt_secret: SecretString,
    /// Set for DynamoDB Local (`http://127.0.0.1:8000`); unset in AWS.
    pub dynamodb_endpoint: Option<String>,
    pub tables: Tables,
    pub mail: MailConfig,
    /// Users who may use the admin area, enforced by the server (`ADMIN_USER_IDS`, comma-separated).
    pub admin_user_ids: Vec<String>,
    /// Set behind CloudFront: requests carrying this value in `X-Origin-Verify` came through
    /// the distribution, so its `CloudFront-Viewer-Address` is the client's address.
    pub origin_verify_secret: Option<SecretString>,
    pub stripe: StripeConfig,
    pub meta: Option<MetaConfig>,
    pub lead_notifications: LeadNotifications,
    /// Lead submissions per IP and form per minute (the in-process limit; default 10).
    pub public_leads_per_minute: usize,
    /// Where contact-form messages are sent (`SUPPORT_EMAIL`).
    pub support_email: String,
}

impl Config {
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads every variable through `lookup`, so the gateway and tests can supply values
    /// without touching the process environment.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let required = |name: &'static str| {
            lookup(name)
                .map(|value| value.trim().to_owned())
                .filter(|value| !value.is_empty())
                .ok_or(ConfigError::Missing(name))
        };
        let optional = |name: &str| lookup(name).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());

        let app_origin = required("APP_ORIGIN")?;
        if !(app_origin.starts_with("https://") || app_origin.starts_with("http://")) {
            return Err(ConfigError::Invalid {
                name: "APP_ORIGIN",
                reason: "must start with http:// or https://".into(),
            });
        }
        let jwt_secret = SecretString::from(required("JWT_SECRET")?);
        if jwt_secret.expose_secret().len() < 32 {
            return Err(ConfigError::Invalid {
                name: "JWT_SECRET",
                reason: "must be at least 32 characters".into(),
            });
        }
        Ok(Self {
            app_origin: app_origin.trim_end_matches('/').to_owned(),
            jwt_secret,
            dynamodb_endpoint: optional("DYNAMODB_ENDPOINT"),
            tables: Tables {
                profiles: required("PROFILES_TABLE")?,
                users: required("USERS_TABLE")?,
                user_emails: required("USER_EMAILS_TABLE")?,
                sessions: required("SESSIONS_TABLE")?,
                one_time_tokens: required("ONE_TIME_TOKENS_TABLE")?,
                rate_limits: required("RATE_LIMITS_TABLE")?,
                notifications: required("NOTIFICATIONS_TABLE")?,
                subscriptions: required("SUBSCRIPTIONS_TABLE")?,
                stripe_events: required("STRIPE_EVENTS_TABLE")?,
                forms: required("FORMS_TABLE")?,
                leads: required("LEADS_TABLE")?,
                form_views: required("FORM_VIEWS_TABLE")?,
                referral_codes: required("REFERRAL_CODES_TABLE")?,
                referrals: required("REFERRALS_TABLE")?,
                contact_messages: required("CONTACT_MESSAGES_TABLE")?,
            },
            mail: match required("MAIL_PROVIDER")?.as_str() {
                "ses" => MailConfig::Ses { from: required("MAIL_FROM")?, endpoint: optional("SES_ENDPOINT") },
                "outbox" => MailConfig::Outbox {
                    from: optional("MAIL_FROM").unwrap_or_else(|| "RaiseSpark <hello@raisespark.local>".to_owned()),
                    dir: optional("OUTBOX_DIR").map(Into::into),
                },
                other => {
                    return Err(ConfigError::Invalid {
                        name: "MAIL_PROVIDER",
                        reason: format!("{other:?} is not one of ses, outbox"),
                    });
                }
            },
            admin_user_ids: optional("ADMIN_USER_IDS")
                .map(|ids| ids.split(',').map(|id| id.trim().to_owned()).filter(|id| !id.is_empty()).collect())
                .unwrap_or_default(),
            origin_verify_secret: optional("ORIGIN_VERIFY_SECRET").map(SecretString::from),
            stripe: StripeConfig {
                payments: match required("PAYMENTS_PROVIDER")?.as_str() {
                    "stripe" => PaymentsConfig::Stripe {
                        secret_key: SecretString::from(required("STRIPE_SECRET_KEY")?),
                        api_base: optional("STRIPE_API_BASE").unwrap_or_else(|| "https://api.stripe.com".to_owned()),
                        discount_coupon: required("STRIPE_DISCOUNT_COUPON")?,
                    },
                    "local" => PaymentsConfig::Local,
                    other => {
                        return Err(ConfigError::Invalid {
                            name: "PAYMENTS_PROVIDER",
                            reason: format!("{other:?} is not one of stripe, local"),
                        });
                    }
                },
                webhook_secret: SecretString::from(required("STRIPE_WEBHOOK_SECRET")?),
                price_standard: required("STRIPE_PRICE_STANDARD")?,
                price_pro: required("STRIPE_PRICE_PRO")?,
            },
            lead_notifications: match optional("LEAD_NOTIFICATIONS").as_deref() {
                None | Some("inline") => LeadNotifications::Inline,
                Some("stream") => LeadNotifications::Stream,
                Some(other) => {
                    return Err(ConfigError::Invalid { name: "LEAD_NOTIFICATIONS", reason: format!("{other:?} is not one of inline, stream") });
                }
            },
            support_email: required("SUPPORT_EMAIL")?,
            public_leads_per_minute: match optional("PUBLIC_LEADS_PER_MINUTE") {
                None => 10,
                Some(value) => value.parse().map_err(|_| ConfigError::Invalid {
                    name: "PUBLIC_LEADS_PER_MINUTE",
                    reason: "must be a whole number".into(),
                })?,
            },
            meta: match (optional("META_PIXEL_ID"), optional("META_ACCESS_TOKEN")) {
                (Some(pixel_id), Some(token)) => Some(MetaConfig {
                    pixel_id,
                    access_token: SecretString::from(token),
                    api_base: optional("META_API_BASE").unwrap_or_else(|| "https://graph.facebook.com".to_owned()),
                }),
                _ => None,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn lookup(vars: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> =
            vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        move |name| map.get(name).cloned()
    }

    const COMPLETE: &[(&str, &str)] = &[
        ("APP_ORIGIN", "http://localhost:3000/"),
        ("JWT_SECRET", "0123456789abcdef0123456789abcdef"),
        ("MAIL_PROVIDER", "outbox"),
        ("ADMIN_USER_IDS", "a, b,,c"),
        ("PROFILES_TABLE", "profiles"),
        ("USERS_TABLE", "users"),
        ("USER_EMAILS_TABLE", "user_emails"),
        ("SESSIONS_TABLE", "sessions"),
        ("ONE_TIME_TOKENS_TABLE", "tokens"),
        ("RATE_LIMITS_TABLE", "limits"),
        ("NOTIFICATIONS_TABLE", "notifications"),
        ("SUBSCRIPTIONS_TABLE", "subscriptions"),
        ("STRIPE_EVENTS_TABLE", "stripe_events"),
        ("FORMS_TABLE", "forms"),
        ("LEADS_TABLE", "leads"),
        ("FORM_VIEWS_TABLE", "form_views"),
        ("REFERRAL_CODES_TABLE", "referral_codes"),
        ("REFERRALS_TABLE", "referrals"),
        ("CONTACT_MESSAGES_TABLE", "contact_messages"),
        ("SUPPORT_EMAIL", "support@example.com"),
        ("PAYMENTS_PROVIDER", "local"),
        ("STRIPE_WEBHOOK_SECRET", "whsec_test"),
        ("STRIPE_PRICE_STANDARD", "price_standard"),
        ("STRIPE_PRICE_PRO", "price_pro"),
    ];

    #[test]
    fn a_complete_environment_gives_a_config_without_trailing_slash() {
        let config = Config::from_lookup(lookup(COMPLETE)).unwrap();
        assert_eq!(config.app_origin, "http://localhost:3000");
        assert_eq!(config.tables.profiles, "profiles");
        assert!(config.dynamodb_endpoint.is_none());
        assert_eq!(config.admin_user_ids, vec!["a", "b", "c"]);
        assert!(matches!(config.mail, MailConfig::Outbox { dir: None, .. }));
    }

    #[test]
    fn ses_needs_a_sender() {
        let mut vars = COMPLETE.to_vec();
        vars[2] = ("MAIL_PROVIDER", "ses");
        assert_eq!(Config::from_lookup(lookup(&vars)).unwrap_err(), ConfigError::Missing("MAIL_FROM"));
        vars.push(("MAIL_FROM", "RaiseSpark <hello@example.com>"));
        let config = Config::from_lookup(lookup(&vars)).unwrap();
        assert_eq!(config.mail.from(), "RaiseSpark <hello@example.com>");
    }

    #[test]
    fn an_unknown_mail_provider_is_refused() {
        let mut vars = COMPLETE.to_vec();
        vars[2] = ("MAIL_PROVIDER", "pigeon");
        assert!(Config::from_lookup(lookup(&vars)).unwrap_err().to_string().contains("MAIL_PROVIDER"));
    }

    #[test]
    fn a_missing_variable_is_named_in_the_error() {
        let vars: Vec<_> = COMPLETE.iter().copied().filter(|(k, _)| *k != "PROFILES_TABLE").collect();
        let err = Config::from_lookup(lookup(&vars)).unwrap_err();
        assert_eq!(err.to_string(), "missing environment variable PROFILES_TABLE");
    }

    #[test]
    fn a_blank_variable_counts_as_missing() {
        let mut vars = COMPLETE.to_vec();
        vars[0] = ("APP_ORIGIN", "  ");
        assert_eq!(Config::from_lookup(lookup(&vars)).unwrap_err(), ConfigError::Missing("APP_ORIGIN"));
    }

    #[test]
    fn a_short_jwt_secret_is_refused() {
        let mut vars = COMPLETE.to_vec();
        vars[1] = ("JWT_SECRET", "short");
        let err = Config::from_lookup(lookup(&vars)).unwrap_err();
        assert!(err.to_string().contains("JWT_SECRET"));
    }

    #[test]
    fn the_secret_never_prints_in_debug_output() {
        let config = Config::from_lookup(lookup(COMPLETE)).unwrap();
        assert!(!format!("{config:?}").contains("0123456789abcdef"));
    }
}
