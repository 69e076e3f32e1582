//! The offering's status (Settings → Offering): testing the waters → Form C filed → live →
//! closed. Each change is saved on the profile (by version), copied onto every form of the
//! founder (what the public form reads) and filed in the vault; the change that ends testing
//! the waters is answered only once no warm copy of a form from before it can take an
//! indication (`forms::WARM_COPY_SECONDS`). `POST /offering/check` runs
//! the same rules on a draft without saving it, so the form shows the server's messages at
//! their fields.

use axum::{
    Json,
    extract::State,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use serde_json::{Value, json};
use shared::{
    http::member::Member,
    teams::Action,
    ApiError, AppState, Result,
    http::JsonBody,
    review::Subject,
    services::{review, vault_filing::file_offering},
    vault::{
        Actor,
        offering::{Offering, OfferingChange, OfferingStage, OfferingStatus, notice},
    },
};

pub const SUBSCRIPTION_REQUIRED: &str = "Start your 7-day free trial to manage your offering.";

async fn subscribed(state: &AppState, member: &Member) -> Result<()> {
    shared::services::access::require_subscription(state, &member.company_id, SUBSCRIPTION_REQUIRED).await
}

/// Makes every form carry the offering's current stage (forms left behind by an interrupted
/// change, or created meanwhile, catch up), and files the change in the vault (once).
pub async fn sync(state: &AppState, owner_id: &str, offering: &Offering) -> Result<Vec<shared::forms::Form>> {
    let stage = OfferingStage::from(offering);
    let forms = state.forms().list_forms(owner_id).await?;
    for form in forms.iter().filter(|f| f.offering_stage.version < stage.version) {
        state.forms().set_offering_stage(&form.id, &stage).await?;
    }
    if offering.version > 0 {
        file_offering(state, owner_id, offering).await?;
    }
    Ok(forms)
}

/// The company investors see named: the first form's that has one.
fn company(forms: &[shared::forms::Form]) -> &str {
    forms.iter().map(|f| f.content_settings.form_content.company_name.trim()).find(|c| !c.is_empty()).unwrap_or_default()
}

/// The statuses in the only order they can be taken, with whether the founder may choose each
/// (the saved one, to correct the details, and those after it).
fn statuses(current: OfferingStatus) -> Vec<Value> {
    [OfferingStatus::TestingTheWaters, OfferingStatus::FormCFiled, OfferingStatus::Live, OfferingStatus::Closed]
        .into_iter()
        .map(|status| json!({"id": status, "label": status.label(), "selectable": status >= current}))
        .collect()
}

fn answer(offering: &Offering, forms: &[shared::forms::Form]) -> Value {
    json!({
        "offering": offering,
        "label": offering.status.label(),
        "accepts_interest": offering.status.accepts_interest(),
        "notice": notice(&OfferingStage::from(offering), company(forms)),
        "forms": forms.len(),
        "statuses": statuses(offering.status),
    })
}

/// The latest filing date allowed: "not in the future" in the founder's own time zone, and the
/// filing date may be today anywhere on Earth, so UTC's day 14 hours from now (UTC+14).
fn latest_filing_day(state: &AppState) -> String {
    let latest = shared::time::iso(state.clock.now() + time::Duration::hours(14));
    latest[..10].to_owned()
}

#[tracing::instrument(skip(state), fields(company_id = %member.company_id))]
pub async fn show(State(state): State<AppState>, member: Member) -> Result<Json<Value>> {
    let offering = state.profiles().get_offering(&member.company_id).await?;
    let forms = if offering.version > 0 {
        sync(&state, &member.company_id, &offering).await?
    } else {
        state.forms().list_forms(&member.company_id).await?
    };
    Ok(Json(answer(&offering, &forms)))
}

#[tracing::instrument(skip(state, body), fields(company_id = %member.company_id))]
pub async fn update(State(state): State<AppState>, member: Member, JsonBody(body): JsonBody<OfferingChange, 8192>) -> Result<Json<Value>> {
    member.require(Action::ChangeOffering)?;
    subscribed(&state, &member).await?;
    let current = state.profiles().get_offering(&member.company_id).await?;
    let changed = || ApiError::conflict("offering_changed", "Your offering was changed somewhere else since you opened it. Reload to see the latest status.");
    if body.version != current.version {
        return Err(changed());
    }
    let next = body.apply(&current, &latest_filing_day(&state), &state.clock.now_iso(), Actor::from(&member.user))?;
    // The change itself, written against `current.version`, is what counsel approves: once
    // applied the version moves on, so the same approval cannot be replayed.
    review::require_approval(&state, &member.company_id, Subject::Offering, "offering", &review::offering_version(&body).hash).await?;
    if !state.profiles().save_offering(&member.company_id, current.version, &next).await? {
        return Err(changed());
    }
    let forms = sync(&state, &member.company_id, &next).await?;
    if current.status.accepts_interest() && !next.status.accepts_interest() {
        // Warm public-forms instances check submissions against a copy of the form read at
        // most WARM_COPY_SECONDS ago: the founder hears the forms stopped taking indications
        // only once every copy from before the change has expired.
        state.clock.sleep(std::time::Duration::from_secs(shared::forms::WARM_COPY_SECONDS)).await;
    }
    Ok(Json(answer(&next, &forms)))
}

/// A draft checked by the rules `update` applies, against the founder's saved offering, and not
/// saved: 200 with the label and the notice investors would see, or 400 with the first problem
/// as `error` (what `update` would answer) and every problem at its field as `errors`.
#[tracing::instrument(skip(state, body), fields(company_id = %member.company_id))]
pub async fn check(State(state): State<AppState>, member: Member, JsonBody(body): JsonBody<OfferingChange, 8192>) -> Result<Response> {
    let current = state.profiles().get_offering(&member.company_id).await?;
    let found = body.check(&current, &latest_filing_day(&state));
    if let Some(first) = found.first() {
        let errors: Vec<Value> = found.iter().map(|f| json!({"field": f.field, "code": f.invalid.code, "message": f.invalid.message})).collect();
        let refusal = json!({"error": {"code": first.invalid.code, "message": first.invalid.message}, "errors": errors});
        return Ok((StatusCode::BAD_REQUEST, Json(refusal)).into_response());
    }
    let forms = state.forms().list_forms(&member.company_id).await?;
    Ok(Json(json!({
        "valid": true,
        "label": body.status.label(),
        "accepts_interest": body.status.accepts_interest(),
        "notice": notice(&body.preview(&current), company(&forms)),
    }))
    .into_response())
}
