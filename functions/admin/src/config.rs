//! What `admin` reads from its environment: `main.rs` starts it with these needs, and
//! `template.yaml` gives it exactly their variables (the local gateway's template test checks
//! both, through `local_gateway::needs::BY_BINARY`).

use shared::config::{Needs, Table::*};

/// Admin only, read only: the platform's counters, the user directory (with each user's
/// subscription, forms and leads) and the impersonation audit log.
pub const NEEDS: Needs = Needs {
    tables: &[Users, UserEmails, Profiles, Forms, Subscriptions, Impersonations, ImpersonationActions, PlatformStats],
    access_tokens: true,
    admins: true,
    ..Needs::NONE
};
