//! What `compliance-vault` reads from its environment: `main.rs` starts it with these needs, and
//! `template.yaml` gives it exactly their variables (the local gateway's template test checks
//! both, through `local_gateway::needs::BY_BINARY`).

use shared::config::{Needs, Table::*};
use shared::keys::Family;

/// The compliance vault (Pro) and the offering's lifecycle: records (hash chain), uploads
/// through the staging bucket, integrity checks, the exhibit pack (also behind a streaming
/// function URL, which serves only requests carrying CloudFront's `X-Origin-Verify`
/// secret), the offering status copied onto the founder's forms, and the daily digest
/// (which mails each founder whose chain grew the head's hash: users and mail; the one
/// binary is all three functions, so all three are given them, only the digest's role may
/// read users or send).
pub const NEEDS: Needs = Needs {
    tables: &[Teams, Activity, VaultRecords, Profiles, Forms, LeadStats, Subscriptions, RateLimits, Impersonations, ImpersonationActions, Users],
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
