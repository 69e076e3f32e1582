//! Every function's needs as its own crate declares them (`functions/<name>/src/config.rs`):
//! what the template check (`tests/template.rs`) and the Lambda runtime stage (`lambda-env`)
//! compare `template.yaml` with.

use shared::config::Needs;

/// Every function by its binary name (= crate = Lambda = route prefix).
pub const BY_BINARY: &[(&str, Needs)] = &[
    ("admin", admin::config::NEEDS),
    ("ai-chat", ai_chat::config::NEEDS),
    ("auth", auth::config::NEEDS),
    ("billing-portal", billing_portal::config::NEEDS),
    ("campaigns", campaigns::config::NEEDS),
    ("check-subscription", check_subscription::config::NEEDS),
    ("compliance-vault", compliance_vault::config::NEEDS),
    ("contact", contact::config::NEEDS),
    ("create-checkout-session", create_checkout_session::config::NEEDS),
    ("facebook-conversions", facebook_conversions::config::NEEDS),
    ("forms", forms::config::NEEDS),
    ("generate-insights", generate_insights::config::NEEDS),
    ("impersonate-user", impersonate_user::config::NEEDS),
    ("lead-notifications", lead_notifications::config::NEEDS),
    ("leads", leads::config::NEEDS),
    ("profiles", profiles::config::NEEDS),
    ("public-forms", public_forms::config::NEEDS),
    ("raise-capital", raise_capital::config::NEEDS),
    ("teams", teams::config::NEEDS),
    ("revert-impersonation", revert_impersonation::config::NEEDS),
    ("rewards", rewards::config::NEEDS),
    ("send-event-notification", send_event_notification::config::NEEDS),
    ("ses-events", ses_events::config::NEEDS),
    ("stripe-webhook", stripe_webhook::config::NEEDS),
];

/// A deployed function's needs: its binary's, or its role's where one binary runs as two
/// functions that need different things (`AUTH_ROLE=jobs`).
pub fn of_function(binary: &str, role: Option<&str>) -> Option<Needs> {
    match binary {
        "auth" => Some(auth::config::of_role(role)),
        "teams" => Some(teams::config::of_role(role)),
        _ => BY_BINARY.iter().find(|(name, _)| *name == binary).map(|(_, needs)| *needs),
    }
}
