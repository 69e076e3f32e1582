//! What `public-forms` reads from its environment: `main.rs` starts it with these needs, and
//! `template.yaml` gives it exactly their variables (the local gateway's template test checks
//! both, through `local_gateway::needs::BY_BINARY`).

use shared::config::{Needs, Table::*};
use shared::keys::Family;

/// Investor-facing: no payments, no Meta, no mail (the founder is told from the stream),
/// and no access-token key at all (no route takes a session). Its own salt makes the
/// daily view key.
pub const NEEDS: Needs = Needs {
    tables: &[Forms, Leads, FormViews, LeadStats, Profiles],
    assets: true,
    link_secrets: &[Family::ViewSalt],
    client_address: true,
    lead_capture: true,
    ..Needs::NONE
};
