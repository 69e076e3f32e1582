//! What `profiles` reads from its environment: `main.rs` starts it with these needs, and
//! `template.yaml` gives it exactly their variables (the local gateway's template test checks
//! both, through `local_gateway::needs::BY_BINARY`).

use shared::config::{Needs, Table::*};

pub const NEEDS: Needs = Needs { tables: &[Teams, Activity, Profiles, Impersonations, ImpersonationActions], access_tokens: true, assets: true, ..Needs::NONE };
