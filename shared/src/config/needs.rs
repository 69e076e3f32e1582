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
    /// `ASSETS_BUCKET`: founders' logos (`profiles` writes them, `public-forms` serves them).
    pub assets: bool,
    /// `VAULT_ROLE`: the compliance-vault binary as the daily digest instead of the HTTP API.
    pub vault_digest: bool,
    /// `AUTH_JOBS` (`stream` in AWS), `AUTH_ROLE` (`jobs`: the auth binary on the account
    /// requests' stream): the account mail sent off the request path.
    pub auth_jobs: bool,
    /// `TEAMS_ROLE` (`migrate`: the teams binary as the deploy-time migration, a
    /// CloudFormation custom resource, instead of the HTTP API).
    pub teams_role: bool,
    /// `LEAD_NOTIFICATIONS_ROLE` (`digests`: the lead-notifications binary as the scheduled
    /// sender of founders' lead digests instead of the leads stream's consumer).
    pub lead_digests_role: bool,
    /// `IMPORT_JOBS` (`stream` in AWS), `LEADS_ROLE`: portal imports, read and applied by the
    /// request's background task (local) or by the leads binary as the investments stream's worker.
    pub import_jobs: bool,
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
        assets: false,
        vault_digest: false,
        auth_jobs: false,
        teams_role: false,
        lead_digests_role: false,
        import_jobs: false,
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
        assets: true,
        vault_digest: false,
        auth_jobs: true,
        teams_role: true,
        lead_digests_role: true,
        import_jobs: true,
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
        super::assets::variables(self, &mut vars);
        super::roles::variables(self, &mut vars);
        vars
    }
}

#[cfg(test)]
mod tests {
    use secrecy::ExposeSecret;

    use super::super::{Config, test_env::*};
    use super::*;

    #[test]
    fn an_undeclared_secret_is_random_and_never_the_same_twice() {
        let vars = complete();
        let a = Config::from_lookup_for(&Needs::NONE, lookup(&vars)).unwrap();
        let b = Config::from_lookup_for(&Needs::NONE, lookup(&vars)).unwrap();
        assert!(a.access_tokens.public_keys.is_empty(), "no access-token key: no token verifies");
        for family in Family::ALL {
            assert_ne!(a.links.get(*family).signing_key(), b.links.get(*family).signing_key());
        }
        assert_ne!(a.stripe.webhook_secret.expose_secret(), b.stripe.webhook_secret.expose_secret());
    }

    #[test]
    fn each_declaration_reads_its_own_variables_only() {
        let everything: Vec<&str> = Needs::ALL.variables().iter().map(|var| var.name).collect();
        let mut names = everything.clone();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), everything.len(), "no variable is listed by two sections");
        assert!(Needs::NONE.variables().is_empty());
    }
}
