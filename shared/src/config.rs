//! Configuration is read once at start-up from the environment into one typed struct, so a
//! missing variable stops a cold start with its name instead of failing a request later.
//!
//! Each function reads only what it uses: its `main.rs` passes its [`Needs`] (one constant
//! per function in [`needs`]), and `template.yaml` gives each function exactly those variables
//! (a test in the local gateway compares the two). What a function did not declare is absent:
//! clients are not built (mail, payments), optional sections are `None` (Meta), keys are absent
//! or a random per-process value that matches nothing (no access-token key verifies no token,
//! an undeclared webhook or link secret verifies no signature), and identifiers are empty or,
//! for tables, a name DynamoDB refuses that says which variable was not declared.

use secrecy::SecretString;

use crate::{
    auth::{PublicKey, SigningKey},
    keys::{Family, LinkSecrets},
};

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum ConfigError {
    #[error("missing environment variable {0}")]
    Missing(&'static str),
    #[error("invalid environment variable {name}: {reason}")]
    Invalid { name: &'static str, reason: String },
}

/// The tables of `template.yaml`, each read from the variable SAM injects with `!Ref`
/// (logical id `ProfilesTable` → variable `PROFILES_TABLE`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Table {
    Profiles,
    Users,
    UserEmails,
    Sessions,
    OneTimeTokens,
    RateLimits,
    Notifications,
    Subscriptions,
    StripeEvents,
    Forms,
    Leads,
    FormViews,
    ReferralCodes,
    Referrals,
    ContactMessages,
    Impersonations,
    ImpersonationActions,
    PlatformStats,
    AiChatQuestions,
    LeadStats,
    Campaigns,
    Suppressions,
    CampaignRecipients,
    VaultRecords,
    AccountRequests,
}

impl Table {
    pub const ALL: &'static [Table] = &[
        Table::Profiles,
        Table::Users,
        Table::UserEmails,
        Table::Sessions,
        Table::OneTimeTokens,
        Table::RateLimits,
        Table::Notifications,
        Table::Subscriptions,
        Table::StripeEvents,
        Table::Forms,
        Table::Leads,
        Table::FormViews,
        Table::ReferralCodes,
        Table::Referrals,
        Table::ContactMessages,
        Table::Impersonations,
        Table::ImpersonationActions,
        Table::PlatformStats,
        Table::AiChatQuestions,
        Table::LeadStats,
        Table::Campaigns,
        Table::Suppressions,
        Table::CampaignRecipients,
        Table::VaultRecords,
        Table::AccountRequests,
    ];

    pub const fn variable(self) -> &'static str {
        match self {
            Table::Profiles => "PROFILES_TABLE",
            Table::Users => "USERS_TABLE",
            Table::UserEmails => "USER_EMAILS_TABLE",
            Table::Sessions => "SESSIONS_TABLE",
            Table::OneTimeTokens => "ONE_TIME_TOKENS_TABLE",
            Table::RateLimits => "RATE_LIMITS_TABLE",
            Table::Notifications => "NOTIFICATIONS_TABLE",
            Table::Subscriptions => "SUBSCRIPTIONS_TABLE",
            Table::StripeEvents => "STRIPE_EVENTS_TABLE",
            Table::Forms => "FORMS_TABLE",
            Table::Leads => "LEADS_TABLE",
            Table::FormViews => "FORM_VIEWS_TABLE",
            Table::ReferralCodes => "REFERRAL_CODES_TABLE",
            Table::Referrals => "REFERRALS_TABLE",
            Table::ContactMessages => "CONTACT_MESSAGES_TABLE",
            Table::Impersonations => "IMPERSONATIONS_TABLE",
            Table::ImpersonationActions => "IMPERSONATION_ACTIONS_TABLE",
            Table::PlatformStats => "PLATFORM_STATS_TABLE",
            Table::AiChatQuestions => "AI_CHAT_QUESTIONS_TABLE",
            Table::LeadStats => "LEAD_STATS_TABLE",
            Table::Campaigns => "CAMPAIGNS_TABLE",
            Table::Suppressions => "SUPPRESSIONS_TABLE",
            Table::CampaignRecipients => "CAMPAIGN_RECIPIENTS_TABLE",
            Table::VaultRecords => "VAULT_RECORDS_TABLE",
            Table::AccountRequests => "ACCOUNT_REQUESTS_TABLE",
        }
    }
}

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
    /// [`Presence::LocalOnly`]: `template.yaml` never sets them.
    pub fn variables(&self) -> Vec<Variable> {
        use Presence::*;
        let mut vars = Vec::new();
        let mut add = |name: &'static str, presence: Presence, secret: bool| vars.push(Variable { name, presence, secret });
        for table in self.tables {
            add(table.variable(), Required, false);
        }
        if !self.tables.is_empty() {
            add("DYNAMODB_ENDPOINT", LocalOnly, false);
        }
        if self.app_origin {
            add("APP_ORIGIN", Required, false);
        }
        if self.access_tokens || self.mints_sessions {
            add("ACCESS_TOKEN_PUBLIC_KEYS", Required, false);
        }
        if self.mints_sessions {
            add("ACCESS_TOKEN_SIGNING_KEY", Required, true);
        }
        for family in self.link_secrets {
            add(family.variable(), Required, true);
        }
        if self.admins {
            add("ADMIN_USER_IDS", Optional, false);
        }
        if self.mail {
            add("MAIL_PROVIDER", Required, false);
            add("MAIL_FROM", Required, false);
            add("SES_ENDPOINT", LocalOnly, false);
            add("OUTBOX_DIR", LocalOnly, false);
        }
        if self.support_email {
            add("SUPPORT_EMAIL", Required, false);
        }
        if self.client_address {
            add("ORIGIN_VERIFY_SECRET", Optional, true);
        }
        if self.plans {
            add("STRIPE_PRICE_STANDARD", Required, false);
            add("STRIPE_PRICE_PRO", Required, false);
        }
        if self.payments {
            add("PAYMENTS_PROVIDER", Required, false);
            add("STRIPE_SECRET_KEY", Required, true);
            add("STRIPE_DISCOUNT_COUPON", Required, false);
            add("STRIPE_API_BASE", LocalOnly, false);
        }
        if self.stripe_webhook {
            add("STRIPE_WEBHOOK_SECRET", Required, true);
        }
        if self.meta {
            add("META_PIXEL_ID", Optional, false);
            add("META_ACCESS_TOKEN", Optional, true);
            add("META_API_BASE", LocalOnly, false);
        }
        if self.lead_capture {
            add("LEAD_NOTIFICATIONS", Optional, false);
            add("PUBLIC_LEADS_PER_MINUTE", Optional, false);
        }
        if self.ai {
            add("AI_PROVIDER", Optional, false);
            add("AI_MODEL", Optional, false);
            add("AI_BASE_URL", Optional, false);
            add("AI_API_KEY", Optional, true);
            add("SUPPORT_SMS", Optional, false);
            add("BEDROCK_ENDPOINT", LocalOnly, false);
        }
        if self.impersonation_sweep {
            add("IMPERSONATION_SWEEP", Optional, false);
        }
        if self.campaign_sending {
            add("CAMPAIGN_SEND_RATE", Optional, false);
            add("SES_CONFIGURATION_SET", Optional, false);
            add("CAMPAIGN_DELIVERY", Optional, false);
            add("CAMPAIGN_ROLE", Optional, false);
            add("SESV2_ENDPOINT", LocalOnly, false);
        }
        if self.ses_events {
            add("SES_EVENTS_TOPIC_ARN", Optional, false);
            add("SNS_CERT_URL_PREFIX", LocalOnly, false);
        }
        if self.vault {
            add("VAULT_BUCKET", Required, false);
            add("S3_ENDPOINT", LocalOnly, false);
        }
        if self.vault_uploads {
            add("VAULT_UPLOADS_BUCKET", Required, false);
        }
        if self.vault_digest {
            add("VAULT_ROLE", Optional, false);
        }
        if self.response_streaming {
            add("RESPONSE_STREAMING", Optional, false);
        }
        if self.auth_jobs {
            add("AUTH_JOBS", Optional, false);
            add("AUTH_ROLE", Optional, false);
        }
        vars
    }
}

/// One variable a function reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Variable {
    pub name: &'static str,
    pub presence: Presence,
    /// Comes from Secrets Manager in `template.yaml`, never a plain value.
    pub secret: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Presence {
    /// `template.yaml` must give it.
    Required,
    /// `template.yaml` may give it (an empty value means "off").
    Optional,
    /// Read only locally or in tests (endpoint overrides); never in `template.yaml`.
    LocalOnly,
}

/// What each function reads: the constant its `main.rs` passes to `AppState::from_env_for`.
pub mod needs {
    use super::{Needs, Table::*};
    use crate::keys::Family;

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
}

/// DynamoDB table names (see [`Table`]). A table the function did not declare holds a name
/// DynamoDB refuses, naming the variable, so a missing declaration shows in the first log line.
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
    pub impersonations: String,
    /// What each support session did (see `repo::impersonation_actions`).
    pub impersonation_actions: String,
    pub platform_stats: String,
    pub ai_chat_questions: String,
    pub lead_stats: String,
    pub campaigns: String,
    pub suppressions: String,
    pub campaign_recipients: String,
    pub vault_records: String,
    pub account_requests: String,
}

/// Who tells founders about new leads: the request itself, after answering (local), or the
/// `lead-notifications` function on the leads table's stream (AWS, where a Lambda cannot
/// keep working after it answered).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeadNotifications {
    Inline,
    Stream,
}

/// Payments: Stripe in production, the local checkout (`/dev/checkout`) everywhere else, and
/// no client at all in functions that take no payment.
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
    /// The function did not declare payments: no Stripe key, no client.
    Disabled,
}

#[derive(Debug, Clone)]
pub struct StripeConfig {
    pub payments: PaymentsConfig,
    /// `whsec_…`: signs (locally) and verifies webhook events. Outside `stripe-webhook` (and
    /// the gateway) a random value that verifies nothing.
    pub webhook_secret: SecretString,
    /// Empty unless the function declared the plans.
    pub price_standard: String,
    pub price_pro: String,
}

/// Where Sparky's answers come from (`AI_PROVIDER`).
#[derive(Debug, Clone)]
pub enum AiConfig {
    /// BM25 over the Help Center and the caller's own figures: no key, no network.
    Builtin,
    /// Amazon Bedrock's Converse API with IAM credentials (`AI_MODEL`: the model id).
    Bedrock { model: String, endpoint: Option<String> },
    /// Any OpenAI-compatible chat-completions endpoint (`AI_BASE_URL`, `AI_API_KEY`, `AI_MODEL`).
    OpenAi { base_url: String, api_key: SecretString, model: String },
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
    /// SES v2 endpoint override (tests).
    pub sesv2_endpoint: Option<String>,
    /// The SNS topic of the SES configuration set's events; other topics are refused.
    pub ses_events_topic_arn: Option<String>,
    /// Tests only: one more URL prefix a signing certificate may come from.
    pub sns_cert_url_prefix: Option<String>,
    /// The compliance vault's buckets; `None` unless the function declared the vault.
    pub vault: Option<VaultConfig>,
    /// Run as the vault's daily digest (`VAULT_ROLE=digest`) instead of the HTTP API.
    pub vault_digest: bool,
    /// Who does the account mail (confirmation, reset, the notice to an address's owner, the
    /// welcome): the request's background task, after answering (local), or the account
    /// requests table's stream (`AUTH_JOBS=stream`, AWS).
    pub auth_jobs: LeadNotifications,
}

/// What verifies access tokens, and what mints them (see `auth`).
#[derive(Debug, Clone, Default)]
pub struct AccessTokenConfig {
    pub public_keys: Vec<PublicKey>,
    /// `auth` only: the key `ACCESS_TOKEN_SIGNING_KEY` holds.
    pub signing_key: Option<SigningKey>,
}

/// One secret set per link family and salt (see [`crate::keys`]).
#[derive(Debug, Clone)]
pub struct Links {
    pub unsubscribe: LinkSecrets,
    pub click: LinkSecrets,
    pub export: LinkSecrets,
    pub view_salt: LinkSecrets,
    pub question_salt: LinkSecrets,
    pub sign_up_ids: LinkSecrets,
}

impl Links {
    pub fn get(&self, family: Family) -> &LinkSecrets {
        match family {
            Family::Unsubscribe => &self.unsubscribe,
            Family::Click => &self.click,
            Family::Export => &self.export,
            Family::ViewSalt => &self.view_salt,
            Family::QuestionSalt => &self.question_salt,
            Family::SignUpIds => &self.sign_up_ids,
        }
    }
}

/// Where the compliance vault keeps its objects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VaultConfig {
    /// Object Lock and versioning on, public access blocked: every record's files.
    pub bucket: String,
    /// Where browsers upload with a presigned POST; objects are checked, copied into the
    /// vault and removed (a lifecycle rule expires what is left after a day). Empty unless
    /// the function declared uploads.
    pub uploads_bucket: String,
    /// An S3-compatible endpoint (moto's server locally); path-style addressing with it.
    pub endpoint: Option<String>,
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
    /// supply values without touching the process environment), and nothing else.
    pub fn from_lookup_for(needs: &Needs, lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let optional = |name: &str| lookup(name).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        let required = |name: &'static str| optional(name).ok_or(ConfigError::Missing(name));
        let table = |table: Table| -> Result<String, ConfigError> {
            if needs.needs_table(table) {
                required(table.variable())
            } else {
                Ok(format!("{} is not declared by this function", table.variable()))
            }
        };

        let app_origin = if needs.app_origin {
            let origin = required("APP_ORIGIN")?;
            if !(origin.starts_with("https://") || origin.starts_with("http://")) {
                return Err(ConfigError::Invalid { name: "APP_ORIGIN", reason: "must start with http:// or https://".into() });
            }
            origin.trim_end_matches('/').to_owned()
        } else {
            String::new()
        };
        let access_tokens = access_token_config(needs, &required)?;
        let link = |family: Family| -> Result<LinkSecrets, ConfigError> {
            if needs.link_secrets.contains(&family) {
                LinkSecrets::parse(family, &required(family.variable())?)
            } else {
                Ok(LinkSecrets::unmatched(family))
            }
        };
        let links = Links {
            unsubscribe: link(Family::Unsubscribe)?,
            click: link(Family::Click)?,
            export: link(Family::Export)?,
            view_salt: link(Family::ViewSalt)?,
            question_salt: link(Family::QuestionSalt)?,
            sign_up_ids: link(Family::SignUpIds)?,
        };
        let mail = if needs.mail {
            Some(match required("MAIL_PROVIDER")?.as_str() {
                "ses" => MailConfig::Ses { from: required("MAIL_FROM")?, endpoint: optional("SES_ENDPOINT") },
                "outbox" => MailConfig::Outbox {
                    from: optional("MAIL_FROM").unwrap_or_else(|| "RaiseSpark <hello@raisespark.local>".to_owned()),
                    dir: optional("OUTBOX_DIR").map(Into::into),
                },
                other => {
                    return Err(ConfigError::Invalid { name: "MAIL_PROVIDER", reason: format!("{other:?} is not one of ses, outbox") });
                }
            })
        } else {
            None
        };
        let payments = if needs.payments {
            match required("PAYMENTS_PROVIDER")?.as_str() {
                "stripe" => PaymentsConfig::Stripe {
                    secret_key: SecretString::from(required("STRIPE_SECRET_KEY")?),
                    api_base: optional("STRIPE_API_BASE").unwrap_or_else(|| "https://api.stripe.com".to_owned()),
                    discount_coupon: required("STRIPE_DISCOUNT_COUPON")?,
                },
                "local" => PaymentsConfig::Local,
                other => {
                    return Err(ConfigError::Invalid { name: "PAYMENTS_PROVIDER", reason: format!("{other:?} is not one of stripe, local") });
                }
            }
        } else {
            PaymentsConfig::Disabled
        };
        let lead_notifications = if needs.lead_capture {
            // Unset: inline where the function can mail (the local gateway), else the stream.
            let default = if mail.is_some() { "inline" } else { "stream" };
            match optional("LEAD_NOTIFICATIONS").as_deref().unwrap_or(default) {
                "inline" if mail.is_none() => {
                    return Err(ConfigError::Invalid {
                        name: "LEAD_NOTIFICATIONS",
                        reason: "inline needs the mail configuration, which this function does not read; use stream".into(),
                    });
                }
                "inline" => LeadNotifications::Inline,
                "stream" => LeadNotifications::Stream,
                other => {
                    return Err(ConfigError::Invalid { name: "LEAD_NOTIFICATIONS", reason: format!("{other:?} is not one of inline, stream") });
                }
            }
        } else {
            LeadNotifications::Stream
        };
        Ok(Self {
            app_origin,
            access_tokens,
            links,
            dynamodb_endpoint: if needs.tables.is_empty() { None } else { optional("DYNAMODB_ENDPOINT") },
            tables: Tables {
                profiles: table(Table::Profiles)?,
                users: table(Table::Users)?,
                user_emails: table(Table::UserEmails)?,
                sessions: table(Table::Sessions)?,
                one_time_tokens: table(Table::OneTimeTokens)?,
                rate_limits: table(Table::RateLimits)?,
                notifications: table(Table::Notifications)?,
                subscriptions: table(Table::Subscriptions)?,
                stripe_events: table(Table::StripeEvents)?,
                forms: table(Table::Forms)?,
                leads: table(Table::Leads)?,
                form_views: table(Table::FormViews)?,
                referral_codes: table(Table::ReferralCodes)?,
                referrals: table(Table::Referrals)?,
                contact_messages: table(Table::ContactMessages)?,
                impersonations: table(Table::Impersonations)?,
                impersonation_actions: table(Table::ImpersonationActions)?,
                platform_stats: table(Table::PlatformStats)?,
                ai_chat_questions: table(Table::AiChatQuestions)?,
                lead_stats: table(Table::LeadStats)?,
                campaigns: table(Table::Campaigns)?,
                suppressions: table(Table::Suppressions)?,
                campaign_recipients: table(Table::CampaignRecipients)?,
                vault_records: table(Table::VaultRecords)?,
                account_requests: table(Table::AccountRequests)?,
            },
            mail,
            admin_user_ids: if needs.admins {
                optional("ADMIN_USER_IDS")
                    .map(|ids| ids.split(',').map(|id| id.trim().to_owned()).filter(|id| !id.is_empty()).collect())
                    .unwrap_or_default()
            } else {
                Vec::new()
            },
            origin_verify_secret: if needs.client_address { optional("ORIGIN_VERIFY_SECRET").map(SecretString::from) } else { None },
            stripe: StripeConfig {
                payments,
                webhook_secret: if needs.stripe_webhook { SecretString::from(required("STRIPE_WEBHOOK_SECRET")?) } else { unmatched_secret() },
                price_standard: if needs.plans { required("STRIPE_PRICE_STANDARD")? } else { String::new() },
                price_pro: if needs.plans { required("STRIPE_PRICE_PRO")? } else { String::new() },
            },
            lead_notifications,
            support_email: if needs.support_email { required("SUPPORT_EMAIL")? } else { String::new() },
            public_leads_per_minute: match needs.lead_capture.then(|| optional("PUBLIC_LEADS_PER_MINUTE")).flatten() {
                None => 10,
                Some(value) => value
                    .parse()
                    .map_err(|_| ConfigError::Invalid { name: "PUBLIC_LEADS_PER_MINUTE", reason: "must be a whole number".into() })?,
            },
            meta: if needs.meta {
                match (optional("META_PIXEL_ID"), optional("META_ACCESS_TOKEN")) {
                    (Some(pixel_id), Some(token)) => Some(MetaConfig {
                        pixel_id,
                        access_token: SecretString::from(token),
                        api_base: optional("META_API_BASE").unwrap_or_else(|| "https://graph.facebook.com".to_owned()),
                    }),
                    _ => None,
                }
            } else {
                None
            },
            ai: if needs.ai { ai_config(&optional)? } else { AiConfig::Builtin },
            support_sms: if needs.ai { optional("SUPPORT_SMS") } else { None },
            response_streaming: needs.response_streaming && optional("RESPONSE_STREAMING").as_deref() == Some("true"),
            impersonation_sweep: needs.impersonation_sweep && optional("IMPERSONATION_SWEEP").as_deref() == Some("true"),
            campaign_send_rate: match needs.campaign_sending.then(|| optional("CAMPAIGN_SEND_RATE")).flatten() {
                Some(rate) => rate.trim().parse::<u32>().ok().filter(|r| *r > 0).ok_or(ConfigError::Invalid { name: "CAMPAIGN_SEND_RATE", reason: "a positive number of messages a second".into() })?,
                None => 14,
            },
            ses_configuration_set: needs.campaign_sending.then(|| optional("SES_CONFIGURATION_SET")).flatten(),
            campaign_delivery: if needs.campaign_sending && optional("CAMPAIGN_DELIVERY").as_deref() == Some("stream") { LeadNotifications::Stream } else { LeadNotifications::Inline },
            sesv2_endpoint: needs.campaign_sending.then(|| optional("SESV2_ENDPOINT")).flatten(),
            ses_events_topic_arn: needs.ses_events.then(|| optional("SES_EVENTS_TOPIC_ARN")).flatten(),
            sns_cert_url_prefix: needs.ses_events.then(|| optional("SNS_CERT_URL_PREFIX")).flatten(),
            vault: if needs.vault {
                Some(VaultConfig {
                    bucket: required("VAULT_BUCKET")?,
                    uploads_bucket: if needs.vault_uploads { required("VAULT_UPLOADS_BUCKET")? } else { String::new() },
                    endpoint: optional("S3_ENDPOINT"),
                })
            } else {
                None
            },
            vault_digest: needs.vault_digest && optional("VAULT_ROLE").as_deref() == Some("digest"),
            auth_jobs: match needs.auth_jobs.then(|| optional("AUTH_JOBS")).flatten().as_deref() {
                None | Some("inline") => LeadNotifications::Inline,
                Some("stream") => LeadNotifications::Stream,
                Some(other) => {
                    return Err(ConfigError::Invalid { name: "AUTH_JOBS", reason: format!("{other:?} is not one of inline, stream") });
                }
            },
        })
    }
}

fn ai_config(optional: &dyn Fn(&'static str) -> Option<String>) -> Result<AiConfig, ConfigError> {
    let required = |name: &'static str| optional(name).ok_or(ConfigError::Missing(name));
    match optional("AI_PROVIDER").as_deref().unwrap_or("builtin") {
        "builtin" => Ok(AiConfig::Builtin),
        "bedrock" => Ok(AiConfig::Bedrock { model: required("AI_MODEL")?, endpoint: optional("BEDROCK_ENDPOINT") }),
        "openai" => Ok(AiConfig::OpenAi {
            base_url: required("AI_BASE_URL")?.trim_end_matches('/').to_owned(),
            api_key: SecretString::from(optional("AI_API_KEY").unwrap_or_default()),
            model: required("AI_MODEL")?,
        }),
        other => Err(ConfigError::Invalid { name: "AI_PROVIDER", reason: format!("{other:?} is not one of builtin, bedrock, openai") }),
    }
}

/// The public keys (every function that takes a session) and the private key (the functions
/// that mint sessions), which must be one of the published keys: a new key is published first,
/// then used, so no function ever meets a token it cannot verify.
fn access_token_config(needs: &Needs, required: &dyn Fn(&'static str) -> Result<String, ConfigError>) -> Result<AccessTokenConfig, ConfigError> {
    if !(needs.access_tokens || needs.mints_sessions) {
        return Ok(AccessTokenConfig::default());
    }
    let public_keys = crate::auth::parse_public_keys(&required("ACCESS_TOKEN_PUBLIC_KEYS")?)
        .map_err(|reason| ConfigError::Invalid { name: "ACCESS_TOKEN_PUBLIC_KEYS", reason })?;
    let signing_key = if needs.mints_sessions {
        let key = SigningKey::from_pem(&required("ACCESS_TOKEN_SIGNING_KEY")?)
            .map_err(|reason| ConfigError::Invalid { name: "ACCESS_TOKEN_SIGNING_KEY", reason })?;
        if !public_keys.iter().any(|public| public == key.public()) {
            return Err(ConfigError::Invalid {
                name: "ACCESS_TOKEN_SIGNING_KEY",
                reason: format!("its public key (kid {}) is not in ACCESS_TOKEN_PUBLIC_KEYS: publish it first, then sign with it", key.public().kid),
            });
        }
        Some(key)
    } else {
        None
    };
    Ok(AccessTokenConfig { public_keys, signing_key })
}

/// A secret for a part the function did not declare: random per process, shared with
/// nothing, so whatever it verifies (signatures, links) never matches.
pub(crate) fn unmatched_secret() -> SecretString {
    use rand::Rng;
    let value: String = rand::rng().sample_iter(rand::distr::Alphanumeric).take(48).map(char::from).collect();
    SecretString::from(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use secrecy::ExposeSecret;
    use std::{cell::RefCell, collections::HashMap};

    type Vars = Vec<(&'static str, String)>;

    fn lookup(vars: &[(&'static str, String)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = vars.iter().map(|(k, v)| (k.to_string(), v.clone())).collect();
        move |name| map.get(name).cloned()
    }

    fn set(vars: &mut Vars, name: &'static str, value: &str) {
        vars.retain(|(key, _)| *key != name);
        vars.push((name, value.to_owned()));
    }

    const SECRET: &str = "0123456789abcdef0123456789abcdef";

    const COMPLETE: &[(&str, &str)] = &[
        ("APP_ORIGIN", "http://localhost:3000/"),
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
        ("IMPERSONATIONS_TABLE", "impersonations"),
        ("IMPERSONATION_ACTIONS_TABLE", "impersonation_actions"),
        ("PLATFORM_STATS_TABLE", "platform_stats"),
        ("AI_CHAT_QUESTIONS_TABLE", "ai_chat_questions"),
        ("LEAD_STATS_TABLE", "lead_stats"),
        ("CAMPAIGNS_TABLE", "campaigns"),
        ("SUPPRESSIONS_TABLE", "suppressions"),
        ("CAMPAIGN_RECIPIENTS_TABLE", "campaign_recipients"),
        ("VAULT_RECORDS_TABLE", "vault_records"),
        ("ACCOUNT_REQUESTS_TABLE", "account_requests"),
        ("VAULT_BUCKET", "vault"),
        ("VAULT_UPLOADS_BUCKET", "vault-uploads"),
        ("SUPPORT_EMAIL", "support@example.com"),
        ("PAYMENTS_PROVIDER", "local"),
        ("STRIPE_WEBHOOK_SECRET", "whsec_test"),
        ("STRIPE_PRICE_STANDARD", "price_standard"),
        ("STRIPE_PRICE_PRO", "price_pro"),
    ];

    /// Every variable the gateway reads, with local values.
    fn complete() -> Vars {
        let mut vars: Vars = COMPLETE.iter().map(|(k, v)| (*k, (*v).to_owned())).collect();
        vars.push(("ACCESS_TOKEN_PUBLIC_KEYS", crate::auth::test_keys::public_keys()));
        vars.push(("ACCESS_TOKEN_SIGNING_KEY", crate::auth::test_keys::SIGNING_KEY.to_owned()));
        for family in Family::ALL {
            vars.push((family.variable(), SECRET.to_owned()));
        }
        vars
    }

    /// A deployed function's environment: every variable its needs require, with AWS values.
    fn deployed(needs: &Needs) -> Vars {
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
    fn the_account_mail_role_starts_without_any_session_key() {
        let vars = deployed(&needs::AUTH_JOBS);
        assert!(vars.iter().all(|(name, _)| !name.starts_with("ACCESS_TOKEN_") && *name != "SIGN_UP_ID_SECRETS"), "{vars:?}");
        let config = Config::from_lookup_for(&needs::AUTH_JOBS, lookup(&vars)).unwrap();
        assert!(config.access_tokens.signing_key.is_none() && config.access_tokens.public_keys.is_empty());
        assert_eq!(needs::of_function("auth", Some("jobs")).unwrap().variables(), needs::AUTH_JOBS.variables());
        assert_eq!(needs::of_function("auth", None).unwrap().variables(), needs::AUTH.variables());
    }

    #[test]
    fn auth_jobs_run_from_the_stream_when_asked_and_refuse_anything_else() {
        let mut vars = deployed(&needs::AUTH);
        vars.push(("AUTH_JOBS", "stream".to_owned()));
        assert_eq!(Config::from_lookup_for(&needs::AUTH, lookup(&vars)).unwrap().auth_jobs, LeadNotifications::Stream);
        vars.pop();
        vars.push(("AUTH_JOBS", "later".to_owned()));
        assert!(Config::from_lookup_for(&needs::AUTH, lookup(&vars)).unwrap_err().to_string().contains("AUTH_JOBS"));
    }

    #[test]
    fn ses_needs_a_sender() {
        let mut vars = complete();
        set(&mut vars, "MAIL_PROVIDER", "ses");
        assert_eq!(Config::from_lookup(lookup(&vars)).unwrap_err(), ConfigError::Missing("MAIL_FROM"));
        set(&mut vars, "MAIL_FROM", "RaiseSpark <hello@example.com>");
        let config = Config::from_lookup(lookup(&vars)).unwrap();
        assert_eq!(config.mail.unwrap().from(), "RaiseSpark <hello@example.com>");
    }

    #[test]
    fn an_unknown_mail_provider_is_refused() {
        let mut vars = complete();
        set(&mut vars, "MAIL_PROVIDER", "pigeon");
        assert!(Config::from_lookup(lookup(&vars)).unwrap_err().to_string().contains("MAIL_PROVIDER"));
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
    fn a_short_link_secret_is_refused_with_its_name() {
        for family in Family::ALL {
            let mut vars = complete();
            set(&mut vars, family.variable(), "short");
            let err = Config::from_lookup(lookup(&vars)).unwrap_err();
            assert!(err.to_string().contains(family.variable()), "{err}");
        }
    }

    #[test]
    fn a_signing_key_whose_public_key_is_not_published_is_refused() {
        let mut vars = complete();
        let other = SigningKey::generate();
        set(&mut vars, "ACCESS_TOKEN_SIGNING_KEY", &other.to_pem());
        let err = Config::from_lookup(lookup(&vars)).unwrap_err();
        assert!(err.to_string().contains("ACCESS_TOKEN_SIGNING_KEY") && err.to_string().contains("publish it first"), "{err}");
        // Published beside the current key (rotation step 1), it is accepted.
        let current = SigningKey::from_pem(crate::auth::test_keys::SIGNING_KEY).unwrap();
        set(&mut vars, "ACCESS_TOKEN_PUBLIC_KEYS", &crate::auth::jwks(&[current.public(), other.public()]));
        let config = Config::from_lookup(lookup(&vars)).unwrap();
        assert_eq!(config.access_tokens.signing_key.unwrap().public(), other.public());
        set(&mut vars, "ACCESS_TOKEN_PUBLIC_KEYS", "{}");
        assert!(Config::from_lookup(lookup(&vars)).unwrap_err().to_string().contains("ACCESS_TOKEN_PUBLIC_KEYS"));
    }

    #[test]
    fn no_secret_ever_prints_in_debug_output() {
        let config = Config::from_lookup(lookup(&complete())).unwrap();
        let printed = format!("{config:?}");
        assert!(!printed.contains("0123456789abcdef"));
        assert!(!printed.contains("MIGHAgEAMBMGByqGSM49"), "the private key");
    }

    #[test]
    fn public_forms_starts_without_any_stripe_meta_mail_or_access_token_variable() {
        let vars = deployed(&needs::PUBLIC_FORMS);
        assert!(vars.iter().all(|(name, _)| !name.starts_with("STRIPE_") && !name.starts_with("META_") && !name.starts_with("MAIL_") && !name.starts_with("ACCESS_TOKEN_")));
        let config = Config::from_lookup_for(&needs::PUBLIC_FORMS, lookup(&vars)).unwrap();
        assert!(matches!(config.stripe.payments, PaymentsConfig::Disabled));
        assert!(config.meta.is_none());
        assert!(config.mail.is_none());
        assert!(config.access_tokens.public_keys.is_empty() && config.access_tokens.signing_key.is_none());
        assert_eq!(config.lead_notifications, LeadNotifications::Stream);
        assert_eq!(config.tables.forms, "value");
        assert_eq!(config.tables.users, "USERS_TABLE is not declared by this function");
    }

    #[test]
    fn public_forms_refuses_inline_notifications_it_cannot_send() {
        let mut vars = deployed(&needs::PUBLIC_FORMS);
        set(&mut vars, "LEAD_NOTIFICATIONS", "inline");
        let err = Config::from_lookup_for(&needs::PUBLIC_FORMS, lookup(&vars)).unwrap_err();
        assert!(err.to_string().contains("LEAD_NOTIFICATIONS"), "{err}");
    }

    #[test]
    fn every_function_starts_with_exactly_its_required_variables_and_names_each_missing_one() {
        let crates: std::collections::BTreeSet<String> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../functions"))
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        let declared: std::collections::BTreeSet<String> = needs::BY_BINARY.iter().map(|(name, _)| (*name).to_owned()).collect();
        assert_eq!(crates, declared, "every function crate has its needs");
        for (binary, needs) in needs::BY_BINARY {
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
        for (binary, needs) in needs::BY_BINARY {
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
        let vars = deployed(&needs::LEAD_NOTIFICATIONS);
        let a = Config::from_lookup_for(&needs::LEAD_NOTIFICATIONS, lookup(&vars)).unwrap();
        let b = Config::from_lookup_for(&needs::LEAD_NOTIFICATIONS, lookup(&vars)).unwrap();
        assert!(a.access_tokens.public_keys.is_empty(), "no access-token key: no token verifies");
        for family in Family::ALL {
            assert_ne!(a.links.get(*family).signing_key(), b.links.get(*family).signing_key());
        }
        assert_ne!(a.stripe.webhook_secret.expose_secret(), b.stripe.webhook_secret.expose_secret());
    }

    #[test]
    fn only_auth_reads_the_access_token_signing_key() {
        let minters: Vec<&str> = needs::BY_BINARY
            .iter()
            .filter(|(_, needs)| needs.variables().iter().any(|var| var.name == "ACCESS_TOKEN_SIGNING_KEY"))
            .map(|(binary, _)| *binary)
            .collect();
        assert_eq!(minters, ["auth"]);
    }

    #[test]
    fn each_link_family_is_read_by_the_functions_that_use_it_only() {
        let readers = |family: Family| -> Vec<&str> {
            needs::BY_BINARY.iter().filter(|(_, needs)| needs.link_secrets.contains(&family)).map(|(binary, _)| *binary).collect()
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
        let readers: Vec<&str> = needs::BY_BINARY
            .iter()
            .filter(|(_, needs)| needs.variables().iter().any(|var| var.name == "STRIPE_SECRET_KEY"))
            .map(|(binary, _)| *binary)
            .collect();
        assert_eq!(readers, ["billing-portal", "create-checkout-session", "stripe-webhook"]);
        let meta: Vec<&str> = needs::BY_BINARY
            .iter()
            .filter(|(_, needs)| needs.variables().iter().any(|var| var.name == "META_ACCESS_TOKEN"))
            .map(|(binary, _)| *binary)
            .collect();
        assert_eq!(meta, ["facebook-conversions", "stripe-webhook"]);
    }
}
