//! What `lead-notifications` reads from its environment: `main.rs` starts it with these needs, and
//! `template.yaml` gives it exactly their variables (the local gateway's template test checks
//! both, through `local_gateway::needs::BY_BINARY`).

use shared::config::{Needs, Table::*};

/// The leads stream: counts each lead and tells its founder; and, as `LEAD_NOTIFICATIONS_ROLE=digests`,
/// the digests' sender.
pub const NEEDS: Needs = Needs {
    tables: &[Teams, Forms, Leads, Profiles, Users, PlatformStats, LeadStats],
    app_origin: true,
    mail: true,
    lead_digests_role: true,
    ..Needs::NONE
};
