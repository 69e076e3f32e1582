//! What `lead-notifications` reads from its environment: `main.rs` starts it with these needs, and
//! `template.yaml` gives it exactly their variables (the local gateway's template test checks
//! both, through `local_gateway::needs::BY_BINARY`).

use shared::config::{Needs, Table::*};

/// The leads stream: counts each lead and mails its founder.
pub const NEEDS: Needs = Needs { tables: &[Teams, Forms, Leads, Profiles, Users, PlatformStats, LeadStats], app_origin: true, mail: true, ..Needs::NONE };
