//! What `revert-impersonation` reads from its environment: `main.rs` starts it with these needs, and
//! `template.yaml` gives it exactly their variables (the local gateway's template test checks
//! both, through `local_gateway::needs::BY_BINARY`).

use shared::config::{Needs, Table::*};

/// Ends a support session (and, as the scheduled sweep, every expired one): the record,
/// the user's e-mail, the session's refresh tokens, the administrator's way back.
pub const NEEDS: Needs = Needs {
    tables: &[Users, Sessions, OneTimeTokens, Impersonations, ImpersonationActions],
    app_origin: true,
    access_tokens: true,
    admins: true,
    mail: true,
    impersonation_sweep: true,
    ..Needs::NONE
};
