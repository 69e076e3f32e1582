//! What `ai-chat` reads from its environment: `main.rs` starts it with these needs, and
//! `template.yaml` gives it exactly their variables (the local gateway's template test checks
//! both, through `local_gateway::needs::BY_BINARY`).

use shared::config::{Needs, Table::*};
use shared::keys::Family;

/// Sparky: the Help Center (compiled in); the caller's own counters, forms, newest leads,
/// campaigns, vault head, offering and subscription (with the plans' names); the questions
/// table, its rate limit; an LLM only when configured.
pub const NEEDS: Needs = Needs {
    tables: &[Teams, AiChatQuestions, Profiles, Forms, Leads, Campaigns, VaultRecords, Subscriptions, RateLimits, Impersonations, ImpersonationActions],
    plans: true,
    access_tokens: true,
    link_secrets: &[Family::QuestionSalt],
    admins: true,
    support_email: true,
    ai: true,
    ..Needs::NONE
};
