//! What `auth` reads from its environment: `main.rs` starts it with these needs, and
//! `template.yaml` gives it exactly their variables (the local gateway's template test checks
//! both, through `local_gateway::needs::BY_BINARY`).

use shared::config::{Needs, Table::*};
use shared::keys::Family;

pub const NEEDS: Needs = Needs {
    tables: &[
        Teams,
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

/// The auth binary as the account mail's consumer of the account requests' stream
/// (`AUTH_ROLE=jobs`): it mails and writes accounts, but neither checks nor mints a
/// session, so it holds no access-token key and no sign-up id secret.
pub const JOBS: Needs = Needs {
    tables: &[Users, UserEmails, Profiles, Sessions, OneTimeTokens, RateLimits, Notifications, ReferralCodes, Referrals, PlatformStats, AccountRequests],
    app_origin: true,
    mail: true,
    auth_jobs: true,
    ..Needs::NONE
};

/// The needs of the function this binary runs as: the API, or the account mail's consumer of
/// the account requests' stream (`AUTH_ROLE=jobs`).
pub fn of_role(role: Option<&str>) -> Needs {
    if role == Some("jobs") { JOBS } else { NEEDS }
}
