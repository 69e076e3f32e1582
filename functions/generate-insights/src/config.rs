//! What `generate-insights` reads from its environment: `main.rs` starts it with these needs, and
//! `template.yaml` gives it exactly their variables (the local gateway's template test checks
//! both, through `local_gateway::needs::BY_BINARY`).

use shared::config::{Needs, Table::*};

/// Insights: the caller's aggregates, counters and forms, the plan that gates them, the
/// cached phrasing (in `lead_stats`), its rate limit; an LLM only when configured.
pub const NEEDS: Needs = Needs {
    tables: &[Teams, LeadStats, Profiles, Forms, Subscriptions, RateLimits, Impersonations, ImpersonationActions, Investments],
    access_tokens: true,
    plans: true,
    ai: true,
    ..Needs::NONE
};
