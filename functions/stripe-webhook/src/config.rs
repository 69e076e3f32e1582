//! What `stripe-webhook` reads from its environment: `main.rs` starts it with these needs, and
//! `template.yaml` gives it exactly their variables (the local gateway's template test checks
//! both, through `local_gateway::needs::BY_BINARY`).

use shared::config::{Needs, Table::*};

/// Verified Stripe events: subscription state, trial mail, referral credits (Stripe API),
/// and the server-side Purchase conversion (Meta).
pub const NEEDS: Needs = Needs {
    tables: &[Subscriptions, StripeEvents, Users, Notifications, Referrals, PlatformStats],
    app_origin: true,
    mail: true,
    plans: true,
    payments: true,
    stripe_webhook: true,
    meta: true,
    ..Needs::NONE
};
