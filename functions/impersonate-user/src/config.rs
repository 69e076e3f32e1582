//! What `impersonate-user` reads from its environment: `main.rs` starts it with these needs, and
//! `template.yaml` gives it exactly their variables (the local gateway's template test checks
//! both, through `local_gateway::needs::BY_BINARY`).

use shared::config::{Needs, Table::*};

/// Admin only: the audit record first, then a one-time link for the target.
pub const NEEDS: Needs = Needs {
    tables: &[Users, UserEmails, OneTimeTokens, Impersonations, ImpersonationActions],
    app_origin: true,
    access_tokens: true,
    admins: true,
    client_address: true,
    ..Needs::NONE
};
