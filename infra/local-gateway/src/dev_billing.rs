//! The local payment provider's pages (never deployed): `/dev/checkout/{id}` stands in for
//! Stripe Checkout and `/dev/billing/{customer}` for the customer portal. Their buttons sign
//! Stripe-shaped events with the webhook secret and post them through the same
//! `stripe-webhook` code that receives Stripe's events in production.

use axum::{
    Router,
    body::Body,
    extract::{Path, State},
    http::{Request, StatusCode, header},
    response::{Html, IntoResponse, Redirect, Response},
    routing::{get, post},
};
use serde_json::Value;
use shared::{
    AppState,
    billing::{get_subscription, plans},
    mail::escape_html as escape,
    payments::{events, sign_webhook},
    plans::plan_for_price,
    time::{now, unix},
};
use tower::ServiceExt;

pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/dev/checkout/{id}", get(checkout_page))
        .route("/dev/checkout/{id}/complete", post(complete_checkout))
        .route("/dev/checkout/{id}/cancel", post(cancel_checkout))
        .route("/dev/billing/{customer}", get(billing_page))
        .route("/dev/billing/{customer}/pay", post(pay_invoice))
        .route("/dev/billing/{customer}/cancel", post(cancel_subscription))
        .with_state(state)
}

const STYLE: &str = "body{margin:0;font:15px/1.5 system-ui,sans-serif;background:#f3f4f6;color:#1f2937}\
main{max-width:440px;margin:48px auto;padding:0 16px}.card{background:#fff;border-radius:16px;padding:28px;box-shadow:0 1px 3px rgba(0,0,0,.08)}\
.badge{display:inline-block;font-size:12px;font-weight:600;color:#92400e;background:#fef3c7;border-radius:999px;padding:2px 10px}\
h1{font-size:22px;margin:12px 0 4px}dl{margin:20px 0;display:grid;grid-template-columns:auto 1fr;gap:8px 16px}dt{color:#6b7280}dd{margin:0;font-weight:600}\
button{width:100%;border:0;border-radius:10px;padding:12px;font-size:15px;font-weight:600;cursor:pointer;margin-top:10px}\
.primary{background:#4f46e5;color:#fff}.secondary{background:#fff;color:#1f2937;box-shadow:inset 0 0 0 1px #d1d5db}.muted{color:#6b7280;font-size:13px}";

fn page(title: &str, body: &str) -> Html<String> {
    Html(format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{} | RaiseSpark local payments</title><style>{STYLE}</style></head><body><main>{body}</main></body></html>",
        escape(title)
    ))
}

fn not_found() -> Response {
    (StatusCode::NOT_FOUND, page("Not found", "<div class=\"card\"><h1>This checkout no longer exists</h1><p class=\"muted\">It was completed or cancelled, or the local gateway restarted.</p></div>")).into_response()
}

/// Posts a signed event through the `stripe-webhook` function, exactly as Stripe would.
async fn deliver(state: &AppState, event: Value) -> Result<(), String> {
    let payload = serde_json::to_vec(&event).map_err(|err| err.to_string())?;
    let signature = sign_webhook(&state.config.stripe.webhook_secret, &payload, unix(now()));
    let request = Request::post("/api/stripe-webhook")
        .header(header::CONTENT_TYPE, "application/json")
        .header("stripe-signature", signature)
        .body(Body::from(payload))
        .map_err(|err| err.to_string())?;
    let webhook = shared::http::mount("stripe-webhook", stripe_webhook::router(state.clone()));
    let response = webhook.oneshot(request).await.map_err(|err| err.to_string())?;
    if response.status().is_success() {
        Ok(())
    } else {
        Err(format!("the webhook answered {}", response.status()))
    }
}

async fn checkout_page(State(state): State<AppState>, Path(id): Path<String>) -> Response {
    let Some(checkout) = state.payments.local().and_then(|local| local.checkout(&id)) else { return not_found() };
    let plans = plans(&state.config.stripe);
    let Some(plan) = plan_for_price(&plans, &checkout.price_id) else { return not_found() };
    let price = match checkout.discount_percent {
        Some(percent) => format!(
            "<s>${}</s> ${:.0} / month — {percent}% off for life",
            plan.value_usd,
            f64::from(plan.value_usd) * f64::from(100 - percent) / 100.0
        ),
        None => format!("${} / month", plan.value_usd),
    };
    // A returning user has had their one trial: the first month is paid at checkout.
    let (heading, trial, button) = match checkout.trial_days {
        Some(days) => (format!("Start your {days}-day free trial"), format!("{days} days"), "Start trial"),
        None => (format!("Subscribe to {}", plan.name), "None (already used)".to_owned(), "Subscribe and pay"),
    };
    page(
        "Checkout",
        &format!(
            "<div class=\"card\"><span class=\"badge\">Local test checkout — no card needed</span><h1>{}</h1>\
             <p class=\"muted\">{}</p><dl><dt>Plan</dt><dd>{}</dd><dt>Free trial</dt><dd>{}</dd><dt>Then</dt><dd>{price}</dd>\
             <dt>Discount</dt><dd>{}</dd><dt>Account</dt><dd>{}</dd></dl>\
             <form method=\"post\" action=\"/dev/checkout/{id}/complete\"><button class=\"primary\" type=\"submit\">{button}</button></form>\
             <form method=\"post\" action=\"/dev/checkout/{id}/cancel\"><button class=\"secondary\" type=\"submit\">Cancel</button></form></div>",
            escape(&heading),
            escape(plan.description),
            escape(plan.name),
            escape(&trial),
            checkout.discount_percent.map_or("None".to_owned(), |p| format!("{p}% lifetime discount")),
            escape(&checkout.email),
            id = escape(&id),
        ),
    )
    .into_response()
}

async fn complete_checkout(State(state): State<AppState>, Path(id): Path<String>) -> Response {
    let Some(checkout) = state.payments.local().and_then(|local| local.take_checkout(&id)) else { return not_found() };
    let at = unix(now());
    let subscription_id = format!("sub_local_{}", uuid::Uuid::new_v4().simple());
    let completed = events::event(
        "checkout.session.completed",
        at,
        events::checkout_completed(&checkout.id, &checkout.request_user_id, &checkout.customer_id, &subscription_id),
    );
    let (status, trial, period_end) = match checkout.trial_days {
        Some(days) => {
            let trial_end = at + i64::from(days) * 86_400;
            ("trialing", Some((at, trial_end)), trial_end)
        }
        None => ("active", None, at + 30 * 86_400),
    };
    let created = events::event(
        "customer.subscription.created",
        at,
        events::subscription(
            &subscription_id,
            &checkout.customer_id,
            &checkout.request_user_id,
            status,
            &checkout.price_id,
            trial.map(|(start, _)| start),
            trial.map(|(_, end)| end),
            period_end,
            checkout.discount_percent,
        ),
    );
    let mut deliveries = vec![completed, created];
    if trial.is_none() {
        // No trial: the first invoice is paid at checkout, as Stripe does.
        let plans = plans(&state.config.stripe);
        let cents = plan_for_price(&plans, &checkout.price_id)
            .map_or(0, |plan| i64::from(plan.value_usd) * 100 * i64::from(100 - checkout.discount_percent.unwrap_or(0)) / 100);
        deliveries.push(events::event("invoice.paid", at, events::invoice(&checkout.customer_id, &subscription_id, cents, "subscription_create")));
    }
    for event in deliveries {
        if let Err(err) = deliver(&state, event).await {
            return (StatusCode::BAD_GATEWAY, page("Checkout failed", &format!("<div class=\"card\"><h1>Checkout failed</h1><p>{}</p></div>", escape(&err)))).into_response();
        }
    }
    Redirect::to(&checkout.success_url).into_response()
}

async fn cancel_checkout(State(state): State<AppState>, Path(id): Path<String>) -> Response {
    match state.payments.local().and_then(|local| local.take_checkout(&id)) {
        Some(checkout) => Redirect::to(&checkout.cancel_url).into_response(),
        None => not_found(),
    }
}

async fn billing_page(State(state): State<AppState>, Path(customer): Path<String>) -> Response {
    let Ok(Some(user_id)) = state.subscriptions().user_for_customer(&customer).await else { return not_found() };
    let Ok(Some(subscription)) = get_subscription(state.subscriptions(), &user_id).await else { return not_found() };
    let status = subscription.status.clone().unwrap_or_else(|| "none".to_owned());
    let actions = match status.as_str() {
        "trialing" => format!(
            "<form method=\"post\" action=\"/dev/billing/{c}/pay\"><button class=\"primary\">End trial and pay the first invoice</button></form>\
             <form method=\"post\" action=\"/dev/billing/{c}/cancel\"><button class=\"secondary\">Cancel subscription</button></form>",
            c = escape(&customer)
        ),
        "active" | "past_due" => format!(
            "<form method=\"post\" action=\"/dev/billing/{c}/cancel\"><button class=\"secondary\">Cancel subscription</button></form>",
            c = escape(&customer)
        ),
        _ => "<p class=\"muted\">This subscription has ended.</p>".to_owned(),
    };
    page(
        "Billing",
        &format!(
            "<div class=\"card\"><span class=\"badge\">Local billing portal</span><h1>Your subscription</h1>\
             <dl><dt>Plan</dt><dd>{}</dd><dt>Status</dt><dd>{}</dd></dl>{actions}\
             <p class=\"muted\"><a href=\"{}/settings\">Back to RaiseSpark</a></p></div>",
            escape(subscription.plan.as_deref().unwrap_or("RaiseSpark")),
            escape(&status),
            escape(&state.config.app_origin),
        ),
    )
    .into_response()
}

async fn pay_invoice(State(state): State<AppState>, Path(customer): Path<String>) -> Response {
    let Ok(Some(user_id)) = state.subscriptions().user_for_customer(&customer).await else { return not_found() };
    let Ok(Some(subscription)) = get_subscription(state.subscriptions(), &user_id).await else { return not_found() };
    let (Some(subscription_id), Some(price_id)) = (subscription.subscription_id.clone(), subscription.price_id.clone()) else {
        return not_found();
    };
    let plans = plans(&state.config.stripe);
    let cents = plan_for_price(&plans, &price_id).map_or(0, |plan| i64::from(plan.value_usd) * 100);
    let at = unix(now()).max(subscription.last_event_created + 1);
    let updated = events::event(
        "customer.subscription.updated",
        at,
        events::subscription(&subscription_id, &customer, &user_id, "active", &price_id, None, None, at + 30 * 86_400, None),
    );
    let paid = events::event("invoice.paid", at, events::invoice(&customer, &subscription_id, cents, "subscription_cycle"));
    for event in [updated, paid] {
        if let Err(err) = deliver(&state, event).await {
            return (StatusCode::BAD_GATEWAY, err).into_response();
        }
    }
    Redirect::to(&format!("/dev/billing/{customer}")).into_response()
}

async fn cancel_subscription(State(state): State<AppState>, Path(customer): Path<String>) -> Response {
    let Ok(Some(user_id)) = state.subscriptions().user_for_customer(&customer).await else { return not_found() };
    let Ok(Some(subscription)) = get_subscription(state.subscriptions(), &user_id).await else { return not_found() };
    let at = unix(now()).max(subscription.last_event_created + 1);
    let deleted = events::event(
        "customer.subscription.deleted",
        at,
        events::subscription(
            subscription.subscription_id.as_deref().unwrap_or_default(),
            &customer,
            &user_id,
            "canceled",
            subscription.price_id.as_deref().unwrap_or_default(),
            None,
            None,
            at,
            None,
        ),
    );
    if let Err(err) = deliver(&state, deleted).await {
        return (StatusCode::BAD_GATEWAY, err).into_response();
    }
    Redirect::to(&format!("/dev/billing/{customer}")).into_response()
}
