//! What a function declares it reads, and the variables that declaration stands for (each
//! section lists its own).

use super::{Table, Variable};
use crate::keys::Family;

/// What one function reads from its environment. Everything not declared is absent (see the
/// module documentation); [`Needs::ALL`] is the local gateway, which serves every function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Needs {
    pub tables: &'static [Table],
    /// `APP_ORIGIN`: links in e-mail, checkout return URLs, referral links.
    pub app_origin: bool,
    /// `ACCESS_TOKEN_PUBLIC_KEYS` (a JWK set, not secret): verifies access tokens.
    pub access_tokens: bool,
    /// `ACCESS_TOKEN_SIGNING_KEY` (the private key, secret): mints access tokens. Only the
    /// functions that start sessions (`auth`); a test of `template.yaml` holds it to that.
    pub mints_sessions: bool,
    /// One secret per link family or salt it signs, verifies or hashes with (see `keys`).
    pub link_secrets: &'static [Family],
    /// `ADMIN_USER_IDS`.
    pub admins: bool,
    /// `MAIL_PROVIDER`, `MAIL_FROM` (SES): the only functions that get an SES client.
    pub mail: bool,
    /// `SUPPORT_EMAIL`.
    pub support_email: bool,
    /// `ORIGIN_VERIFY_SECRET`: trust CloudFront's viewer address and location headers.
    pub client_address: bool,
    /// `STRIPE_PRICE_STANDARD`, `STRIPE_PRICE_PRO`: the plans on sale (ids, not secrets).
    pub plans: bool,
    /// `PAYMENTS_PROVIDER`, `STRIPE_SECRET_KEY`, `STRIPE_DISCOUNT_COUPON`: the Stripe client.
    pub payments: bool,
    /// `STRIPE_WEBHOOK_SECRET`.
    pub stripe_webhook: bool,
    /// `META_PIXEL_ID`, `META_ACCESS_TOKEN`: Conversions API (optional even when declared).
    pub meta: bool,
    /// `LEAD_NOTIFICATIONS`, `PUBLIC_LEADS_PER_MINUTE`: lead capture settings.
    pub lead_capture: bool,
    /// `RESPONSE_STREAMING`: the same binary behind a streaming function URL.
    pub response_streaming: bool,
    /// `IMPERSONATION_SWEEP`: the same binary as the scheduled sweep of expired support sessions.
    pub impersonation_sweep: bool,
    /// `AI_PROVIDER`, `AI_MODEL`, `AI_BASE_URL`, `AI_API_KEY`, `SUPPORT_SMS`: Sparky.
    pub ai: bool,
    /// `CAMPAIGN_SEND_RATE` (messages a second across senders), `SES_CONFIGURATION_SET`,
    /// `CAMPAIGN_DELIVERY` (`stream` in AWS): campaign sending.
    pub campaign_sending: bool,
    /// `SES_EVENTS_TOPIC_ARN`: the SNS topic whose messages `ses-events` accepts.
    pub ses_events: bool,
    /// `VAULT_BUCKET`: the compliance vault's objects (S3, Object Lock). Functions that file
    /// records declare it.
    pub vault: bool,
    /// `VAULT_UPLOADS_BUCKET`: the staging bucket browsers upload to (the vault's own function).
    pub vault_uploads: bool,
    /// `VAULT_ROLE`: the compliance-vault binary as the daily digest instead of the HTTP API.
    pub vault_digest: bool,
    /// `AUTH_JOBS` (`stream` in AWS), `AUTH_ROLE` (`jobs`: the auth binary on the account
    /// requests' stream): the account mail sent off the request path.
    pub auth_jobs: bool,
}

impl Needs {
    /// Nothing: a starting point for the per-function constants.
    pub const NONE: Needs = Needs {
        tables: &[],
        app_origin: false,
        access_tokens: false,
        mints_sessions: false,
        link_secrets: &[],
        admins: false,
        mail: false,
        support_email: false,
        client_address: false,
        plans: false,
        payments: false,
        stripe_webhook: false,
        meta: false,
        lead_capture: false,
        response_streaming: false,
        impersonation_sweep: false,
        ai: false,
        campaign_sending: false,
        ses_events: false,
        vault: false,
        vault_uploads: false,
        vault_digest: false,
        auth_jobs: false,
    };

    /// Everything: the local gateway, which mounts every function in one process.
    pub const ALL: Needs = Needs {
        tables: Table::ALL,
        app_origin: true,
        access_tokens: true,
        mints_sessions: true,
        link_secrets: Family::ALL,
        admins: true,
        mail: true,
        support_email: true,
        client_address: true,
        plans: true,
        payments: true,
        stripe_webhook: true,
        meta: true,
        lead_capture: true,
        response_streaming: false,
        impersonation_sweep: false,
        ai: true,
        campaign_sending: true,
        ses_events: true,
        vault: true,
        vault_uploads: true,
        vault_digest: false,
        auth_jobs: true,
    };

    pub fn needs_table(&self, table: Table) -> bool {
        self.tables.contains(&table)
    }

    /// Every variable these needs read, and whether a deployment must set it. Endpoint
    /// overrides and local-only settings (`DYNAMODB_ENDPOINT`, `OUTBOX_DIR`, …) are
    /// [`Presence::LocalOnly`](super::Presence::LocalOnly): `template.yaml` never sets them.
    pub fn variables(&self) -> Vec<Variable> {
        let mut vars = Vec::new();
        super::tables::variables(self, &mut vars);
        super::links::origin_variables(self, &mut vars);
        super::tokens::variables(self, &mut vars);
        super::links::variables(self, &mut vars);
        super::roles::admin_variables(self, &mut vars);
        super::mail::variables(self, &mut vars);
        super::mail::support_variables(self, &mut vars);
        super::edge::variables(self, &mut vars);
        super::payments::variables(self, &mut vars);
        super::meta::variables(self, &mut vars);
        super::capture::variables(self, &mut vars);
        super::ai::variables(self, &mut vars);
        super::campaigns::variables(self, &mut vars);
        super::vault::variables(self, &mut vars);
        super::roles::variables(self, &mut vars);
        vars
    }
}

// What each function reads: the constant its `main.rs` passes to `AppState::from_env_for`.

use Table::*;

/// Admin only, read only: the platform's counters, the user directory (with each user's
/// subscription, forms and leads) and the impersonation audit log.
pub const ADMIN: Needs = Needs {
    tables: &[Users, UserEmails, Profiles, Forms, Subscriptions, Impersonations, ImpersonationActions, PlatformStats],
    access_tokens: true,
    admins: true,
    ..Needs::NONE
};
/// Sparky: the Help Center (compiled in), the caller's own counters and forms, the
/// questions table, its rate limit; an LLM only when configured.
pub const AI_CHAT: Needs = Needs {
    tables: &[AiChatQuestions, Profiles, Forms, RateLimits, Impersonations, ImpersonationActions],
    access_tokens: true,
    link_secrets: &[Family::QuestionSalt],
    admins: true,
    support_email: true,
    ai: true,
    ..Needs::NONE
};
pub const AUTH: Needs = Needs {
    tables: &[
        Users,
        UserEmails,
        Profiles,
        Sessions,
        OneTimeTokens,
        RateLimits,
        Notifications,
        ReferralCodes,
        Referrals,
        Impersonations,
        ImpersonationActions,
        PlatformStats,
        AccountRequests,
    ],
    app_origin: true,
    access_tokens: true,
    mints_sessions: true,
    link_secrets: &[Family::SignUpIds],
    admins: true,
    mail: true,
    client_address: true,
    auth_jobs: true,
    ..Needs::NONE
};
pub const BILLING_PORTAL: Needs =
    Needs { tables: &[Subscriptions, Impersonations, ImpersonationActions], app_origin: true, access_tokens: true, payments: true, ..Needs::NONE };
/// Campaigns (Pro): drafts, audiences over the founder's leads and forms, suppressions; each
/// campaign's message is filed in the compliance vault as it goes out.
pub const CAMPAIGNS: Needs = Needs {
    tables: &[Campaigns, CampaignRecipients, Suppressions, Leads, Forms, Profiles, Subscriptions, RateLimits, Impersonations, ImpersonationActions, VaultRecords],
    app_origin: true,
    access_tokens: true,
    link_secrets: &[Family::Unsubscribe, Family::Click],
    plans: true,
    mail: true,
    campaign_sending: true,
    vault: true,
    ..Needs::NONE
};
/// The compliance vault (Pro) and the offering's lifecycle: records (hash chain), uploads
/// through the staging bucket, integrity checks, the exhibit pack (also behind a streaming
/// function URL, which serves only requests carrying CloudFront's `X-Origin-Verify`
/// secret), the offering status copied onto the founder's forms, and the daily digest
/// (which mails each founder whose chain grew the head's hash: users and mail; the one
/// binary is all three functions, so all three are given them, only the digest's role may
/// read users or send).
pub const COMPLIANCE_VAULT: Needs = Needs {
    tables: &[VaultRecords, Profiles, Forms, LeadStats, Subscriptions, RateLimits, Impersonations, ImpersonationActions, Users],
    app_origin: true,
    access_tokens: true,
    client_address: true,
    mail: true,
    link_secrets: &[Family::Export],
    plans: true,
    vault: true,
    vault_uploads: true,
    vault_digest: true,
    response_streaming: true,
    ..Needs::NONE
};
/// SES events through SNS (signature verified): deliveries, bounces, complaints, opens and
/// clicks of campaign messages; bounces and complaints suppress the address.
pub const SES_EVENTS: Needs = Needs { tables: &[CampaignRecipients, Campaigns, Suppressions], ses_events: true, ..Needs::NONE };
/// The caller's subscription; inside a support session its reads are audited too.
pub const CHECK_SUBSCRIPTION: Needs =
    Needs { tables: &[Subscriptions, Impersonations, ImpersonationActions], access_tokens: true, plans: true, ..Needs::NONE };
pub const CONTACT: Needs = Needs {
    tables: &[ContactMessages, RateLimits, Impersonations, ImpersonationActions],
    access_tokens: true,
    mail: true,
    support_email: true,
    client_address: true,
    ..Needs::NONE
};
pub const CREATE_CHECKOUT_SESSION: Needs =
    Needs { tables: &[Subscriptions, Impersonations, ImpersonationActions], app_origin: true, access_tokens: true, plans: true, payments: true, ..Needs::NONE };
pub const FACEBOOK_CONVERSIONS: Needs = Needs { tables: &[Impersonations, ImpersonationActions], access_tokens: true, client_address: true, meta: true, ..Needs::NONE };
/// Forms; every publish (and every edit of a live form) is filed in the compliance vault
/// with the embedding pages seen, and a new form takes the offering's current status.
pub const FORMS: Needs =
    Needs { tables: &[Forms, Leads, Subscriptions, Impersonations, ImpersonationActions, Profiles, LeadStats, VaultRecords], access_tokens: true, vault: true, ..Needs::NONE };
/// The leads stream: counts each lead and mails its founder.
pub const LEAD_NOTIFICATIONS: Needs =
    Needs { tables: &[Forms, Leads, Profiles, Users, PlatformStats, LeadStats], app_origin: true, mail: true, ..Needs::NONE };
/// Admin only: the audit record first, then a one-time link for the target.
pub const IMPERSONATE_USER: Needs = Needs {
    tables: &[Users, UserEmails, OneTimeTokens, Impersonations, ImpersonationActions],
    app_origin: true,
    access_tokens: true,
    admins: true,
    client_address: true,
    ..Needs::NONE
};
/// Leads; the CSV export also behind a streaming function URL, which serves only requests
/// carrying CloudFront's `X-Origin-Verify` secret.
pub const LEADS: Needs = Needs {
    tables: &[Leads, Forms, Profiles, Impersonations, ImpersonationActions, LeadStats],
    access_tokens: true,
    client_address: true,
    response_streaming: true,
    ..Needs::NONE
};
/// Insights: the caller's aggregates, counters and forms, the plan that gates them, the
/// cached phrasing (in `lead_stats`), its rate limit; an LLM only when configured.
pub const GENERATE_INSIGHTS: Needs = Needs {
    tables: &[LeadStats, Profiles, Forms, Subscriptions, RateLimits, Impersonations, ImpersonationActions],
    access_tokens: true,
    plans: true,
    ai: true,
    ..Needs::NONE
};
pub const PROFILES: Needs = Needs { tables: &[Profiles, Impersonations, ImpersonationActions], access_tokens: true, ..Needs::NONE };
/// Investor-facing: no payments, no Meta, no mail (the founder is told from the stream),
/// and no access-token key at all (no route takes a session). Its own salt makes the
/// daily view key.
pub const PUBLIC_FORMS: Needs = Needs {
    tables: &[Forms, Leads, FormViews, LeadStats],
    link_secrets: &[Family::ViewSalt],
    client_address: true,
    lead_capture: true,
    ..Needs::NONE
};
pub const RAISE_CAPITAL: Needs = Needs { tables: &[Profiles, Impersonations, ImpersonationActions], access_tokens: true, ..Needs::NONE };
/// Ends a support session (and, as the scheduled sweep, every expired one): the record,
/// the user's e-mail, the session's refresh tokens, the administrator's way back.
pub const REVERT_IMPERSONATION: Needs = Needs {
    tables: &[Users, Sessions, OneTimeTokens, Impersonations, ImpersonationActions],
    app_origin: true,
    access_tokens: true,
    admins: true,
    mail: true,
    impersonation_sweep: true,
    ..Needs::NONE
};
pub const REWARDS: Needs =
    Needs { tables: &[ReferralCodes, Referrals, Subscriptions, Impersonations, ImpersonationActions], app_origin: true, access_tokens: true, ..Needs::NONE };
pub const SEND_EVENT_NOTIFICATION: Needs =
    Needs { tables: &[Notifications, Impersonations, ImpersonationActions], app_origin: true, access_tokens: true, mail: true, ..Needs::NONE };
/// Verified Stripe events: subscription state, trial mail, referral credits (Stripe API),
/// and the server-side Purchase conversion (Meta).
pub const STRIPE_WEBHOOK: Needs = Needs {
    tables: &[Subscriptions, StripeEvents, Users, Notifications, Referrals, PlatformStats],
    app_origin: true,
    mail: true,
    plans: true,
    payments: true,
    stripe_webhook: true,
    meta: true,
    ..Needs::NONE
};

/// Every function by its binary name (= crate = Lambda = route prefix).
pub const BY_BINARY: &[(&str, Needs)] = &[
    ("admin", ADMIN),
    ("ai-chat", AI_CHAT),
    ("auth", AUTH),
    ("billing-portal", BILLING_PORTAL),
    ("campaigns", CAMPAIGNS),
    ("check-subscription", CHECK_SUBSCRIPTION),
    ("compliance-vault", COMPLIANCE_VAULT),
    ("contact", CONTACT),
    ("create-checkout-session", CREATE_CHECKOUT_SESSION),
    ("facebook-conversions", FACEBOOK_CONVERSIONS),
    ("forms", FORMS),
    ("generate-insights", GENERATE_INSIGHTS),
    ("impersonate-user", IMPERSONATE_USER),
    ("lead-notifications", LEAD_NOTIFICATIONS),
    ("leads", LEADS),
    ("profiles", PROFILES),
    ("public-forms", PUBLIC_FORMS),
    ("raise-capital", RAISE_CAPITAL),
    ("revert-impersonation", REVERT_IMPERSONATION),
    ("rewards", REWARDS),
    ("send-event-notification", SEND_EVENT_NOTIFICATION),
    ("ses-events", SES_EVENTS),
    ("stripe-webhook", STRIPE_WEBHOOK),
];

pub fn of(binary: &str) -> Option<Needs> {
    BY_BINARY.iter().find(|(name, _)| *name == binary).map(|(_, needs)| *needs)
}

/// The auth binary as the account mail's consumer of the account requests' stream
/// (`AUTH_ROLE=jobs`): it mails and writes accounts, but neither checks nor mints a
/// session, so it holds no access-token key and no sign-up id secret.
pub const AUTH_JOBS: Needs = Needs {
    tables: &[Users, UserEmails, Profiles, Sessions, OneTimeTokens, RateLimits, Notifications, ReferralCodes, Referrals, PlatformStats, AccountRequests],
    app_origin: true,
    mail: true,
    auth_jobs: true,
    ..Needs::NONE
};

/// A deployed function's needs: its binary's, or its role's where one binary runs as two
/// functions that need different things (`AUTH_ROLE=jobs`).
pub fn of_function(binary: &str, role: Option<&str>) -> Option<Needs> {
    match (binary, role) {
        ("auth", Some("jobs")) => Some(AUTH_JOBS),
        _ => of(binary),
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use secrecy::ExposeSecret;

    use super::super::{Config, ConfigError, LeadNotifications, PaymentsConfig, test_env::*};
    use super::*;

    #[test]
    fn the_account_mail_role_starts_without_any_session_key() {
        let vars = deployed(&AUTH_JOBS);
        assert!(vars.iter().all(|(name, _)| !name.starts_with("ACCESS_TOKEN_") && *name != "SIGN_UP_ID_SECRETS"), "{vars:?}");
        let config = Config::from_lookup_for(&AUTH_JOBS, lookup(&vars)).unwrap();
        assert!(config.access_tokens.signing_key.is_none() && config.access_tokens.public_keys.is_empty());
        assert_eq!(of_function("auth", Some("jobs")).unwrap().variables(), AUTH_JOBS.variables());
        assert_eq!(of_function("auth", None).unwrap().variables(), AUTH.variables());
    }

    #[test]
    fn public_forms_starts_without_any_stripe_meta_mail_or_access_token_variable() {
        let vars = deployed(&PUBLIC_FORMS);
        assert!(vars.iter().all(|(name, _)| !name.starts_with("STRIPE_") && !name.starts_with("META_") && !name.starts_with("MAIL_") && !name.starts_with("ACCESS_TOKEN_")));
        let config = Config::from_lookup_for(&PUBLIC_FORMS, lookup(&vars)).unwrap();
        assert!(matches!(config.stripe.payments, PaymentsConfig::Disabled));
        assert!(config.meta.is_none());
        assert!(config.mail.is_none());
        assert!(config.access_tokens.public_keys.is_empty() && config.access_tokens.signing_key.is_none());
        assert_eq!(config.lead_notifications, LeadNotifications::Stream);
        assert_eq!(config.tables.forms, "value");
        assert_eq!(config.tables.users, "USERS_TABLE is not declared by this function");
    }

    #[test]
    fn every_function_starts_with_exactly_its_required_variables_and_names_each_missing_one() {
        let crates: std::collections::BTreeSet<String> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../functions"))
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        let declared: std::collections::BTreeSet<String> = BY_BINARY.iter().map(|(name, _)| (*name).to_owned()).collect();
        assert_eq!(crates, declared, "every function crate has its needs");
        for (binary, needs) in BY_BINARY {
            let vars = deployed(needs);
            Config::from_lookup_for(needs, lookup(&vars)).unwrap_or_else(|err| panic!("{binary}: {err}"));
            for (missing, _) in &vars {
                let without: Vars = vars.iter().filter(|(name, _)| name != missing).cloned().collect();
                let err = Config::from_lookup_for(needs, lookup(&without)).expect_err(missing);
                assert_eq!(err, ConfigError::Missing(missing), "{binary} without {missing}");
            }
        }
    }

    #[test]
    fn a_function_reads_no_variable_beyond_its_declared_needs() {
        for (binary, needs) in BY_BINARY {
            let declared: Vec<&str> = needs.variables().iter().map(|var| var.name).collect();
            let vars = deployed(needs);
            let read = RefCell::new(Vec::new());
            let values = lookup(&vars);
            Config::from_lookup_for(needs, |name| {
                read.borrow_mut().push(name.to_owned());
                values(name)
            })
            .unwrap();
            for name in read.into_inner() {
                assert!(declared.contains(&name.as_str()), "{binary} read {name}, which its needs do not declare");
            }
        }
    }

    #[test]
    fn an_undeclared_secret_is_random_and_never_the_same_twice() {
        let vars = deployed(&LEAD_NOTIFICATIONS);
        let a = Config::from_lookup_for(&LEAD_NOTIFICATIONS, lookup(&vars)).unwrap();
        let b = Config::from_lookup_for(&LEAD_NOTIFICATIONS, lookup(&vars)).unwrap();
        assert!(a.access_tokens.public_keys.is_empty(), "no access-token key: no token verifies");
        for family in Family::ALL {
            assert_ne!(a.links.get(*family).signing_key(), b.links.get(*family).signing_key());
        }
        assert_ne!(a.stripe.webhook_secret.expose_secret(), b.stripe.webhook_secret.expose_secret());
    }

    #[test]
    fn only_auth_reads_the_access_token_signing_key() {
        let minters: Vec<&str> = BY_BINARY
            .iter()
            .filter(|(_, needs)| needs.variables().iter().any(|var| var.name == "ACCESS_TOKEN_SIGNING_KEY"))
            .map(|(binary, _)| *binary)
            .collect();
        assert_eq!(minters, ["auth"]);
    }

    #[test]
    fn each_link_family_is_read_by_the_functions_that_use_it_only() {
        let readers = |family: Family| -> Vec<&str> {
            BY_BINARY.iter().filter(|(_, needs)| needs.link_secrets.contains(&family)).map(|(binary, _)| *binary).collect()
        };
        assert_eq!(readers(Family::Unsubscribe), ["campaigns"]);
        assert_eq!(readers(Family::Click), ["campaigns"]);
        assert_eq!(readers(Family::Export), ["compliance-vault"]);
        assert_eq!(readers(Family::ViewSalt), ["public-forms"]);
        assert_eq!(readers(Family::QuestionSalt), ["ai-chat"]);
        assert_eq!(readers(Family::SignUpIds), ["auth"]);
    }

    #[test]
    fn only_functions_that_take_payments_read_the_stripe_secret_key() {
        let readers: Vec<&str> = BY_BINARY
            .iter()
            .filter(|(_, needs)| needs.variables().iter().any(|var| var.name == "STRIPE_SECRET_KEY"))
            .map(|(binary, _)| *binary)
            .collect();
        assert_eq!(readers, ["billing-portal", "create-checkout-session", "stripe-webhook"]);
        let meta: Vec<&str> = BY_BINARY
            .iter()
            .filter(|(_, needs)| needs.variables().iter().any(|var| var.name == "META_ACCESS_TOKEN"))
            .map(|(binary, _)| *binary)
            .collect();
        assert_eq!(meta, ["facebook-conversions", "stripe-webhook"]);
    }
}
