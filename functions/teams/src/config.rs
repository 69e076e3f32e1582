//! What `teams` reads from its environment: `main.rs` starts it with these needs, and
//! `template.yaml` gives it exactly their variables (the local gateway's template test checks
//! both, through `local_gateway::needs::BY_BINARY`).

use shared::config::{Needs, Table::*};

/// Counsel's review reads the version under review where it lives (a form, a campaign, the
/// offering) and files each decision in the company's vault.
pub const NEEDS: Needs = Needs {
    tables: &[Teams, Activity, Subscriptions, Impersonations, ImpersonationActions, Forms, Campaigns, Profiles, VaultRecords],
    vault: true,
    teams_role: true,
    app_origin: true,
    access_tokens: true,
    plans: true,
    mail: true,
    ..Needs::NONE
};

/// The deploy-time migration (`TEAMS_ROLE=migrate`, see `migrate`): the accounts, and the
/// teams table where their companies are made.
pub const MIGRATE: Needs = Needs { tables: &[Users, Teams], teams_role: true, ..Needs::NONE };

/// A deployed function's needs by its role (`TEAMS_ROLE`).
pub fn of_role(role: Option<&str>) -> Needs {
    if role == Some("migrate") { MIGRATE } else { NEEDS }
}
