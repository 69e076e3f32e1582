//! What `campaigns` reads from its environment: `main.rs` starts it with these needs, and
//! `template.yaml` gives it exactly their variables (the local gateway's template test checks
//! both, through `local_gateway::needs::BY_BINARY`).

use shared::config::{Needs, Table::*};
use shared::keys::Family;

/// Campaigns (Pro): drafts, audiences over the founder's leads and forms, suppressions; each
/// campaign's message is filed in the compliance vault as it goes out.
pub const NEEDS: Needs = Needs {
    tables: &[Teams, Activity, Campaigns, CampaignRecipients, Suppressions, Leads, Forms, Profiles, Subscriptions, RateLimits, Impersonations, ImpersonationActions, VaultRecords, Investments],
    app_origin: true,
    access_tokens: true,
    link_secrets: &[Family::Unsubscribe, Family::Click],
    plans: true,
    mail: true,
    campaign_sending: true,
    vault: true,
    ..Needs::NONE
};
