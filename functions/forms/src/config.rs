//! What `forms` reads from its environment: `main.rs` starts it with these needs, and
//! `template.yaml` gives it exactly their variables (the local gateway's template test checks
//! both, through `local_gateway::needs::BY_BINARY`).

use shared::config::{Needs, Table::*};

/// Forms; every publish (and every edit of a live form) is filed in the compliance vault
/// with the embedding pages seen, and a new form takes the offering's current status.
pub const NEEDS: Needs = Needs { tables: &[Teams, Activity, Forms, Leads, Subscriptions, Impersonations, ImpersonationActions, Profiles, LeadStats, VaultRecords], access_tokens: true, vault: true, ..Needs::NONE };
