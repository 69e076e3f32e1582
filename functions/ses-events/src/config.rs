//! What `ses-events` reads from its environment: `main.rs` starts it with these needs, and
//! `template.yaml` gives it exactly their variables (the local gateway's template test checks
//! both, through `local_gateway::needs::BY_BINARY`).

use shared::config::{Needs, Table::*};

/// SES events through SNS (signature verified): deliveries, bounces, complaints, opens and
/// clicks of campaign messages; bounces and complaints suppress the address.
pub const NEEDS: Needs = Needs { tables: &[CampaignRecipients, Campaigns, Suppressions], ses_events: true, ..Needs::NONE };
