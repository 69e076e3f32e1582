//! What `check-subscription` reads from its environment: `main.rs` starts it with these needs, and
//! `template.yaml` gives it exactly their variables (the local gateway's template test checks
//! both, through `local_gateway::needs::BY_BINARY`).

use shared::config::{Needs, Table::*};

/// The caller's subscription; inside a support session its reads are audited too.
pub const NEEDS: Needs = Needs { tables: &[Teams, Subscriptions, Impersonations, ImpersonationActions], access_tokens: true, plans: true, ..Needs::NONE };
