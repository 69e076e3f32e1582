//! The offering's status (Settings → Offering): testing the waters → Form C filed → live →
//! closed. Each change is saved on the profile (by version), copied onto every form of the
//! founder (what the public form reads) and filed in the vault.

use axum::{Json, extract::State, http::StatusCode};
use serde_json::{Value, json};
use shared::{
    ApiError, AppState, Result,
    auth::AuthUser,
    http::JsonBody,
    repo::{
        forms::{list_forms, set_offering_stage},
        profiles::{get_offering, save_offering},
    },
    vault::{
        Actor,
        filing::file_offering,
        offering::{Offering, OfferingChange, OfferingStage, notice},
    },
};

pub const SUBSCRIPTION_REQUIRED: &str = "Start your 7-day free trial to manage your offering.";

async fn subscribed(state: &AppState, user: &AuthUser) -> Result<()> {
    if shared::billing::has_access(state, &user.id).await? {
        Ok(())
    } else {
        Err(ApiError::new(StatusCode::PAYMENT_REQUIRED, "subscription_required", SUBSCRIPTION_REQUIRED))
    }
}

/// Makes every form carry the offering's current stage (forms left behind by an interrupted
/// change, or created meanwhile, catch up), and files the change in the vault (once).
pub async fn sync(state: &AppState, owner_id: &str, offering: &Offering) -> Result<Vec<shared::forms::Form>> {
    let stage = OfferingStage::from(offering);
    let forms = list_forms(&state.dynamo, &state.config.tables.forms, owner_id).await?;
    for form in forms.iter().filter(|f| f.offering_stage.version < stage.version) {
        set_offering_stage(&state.dynamo, &state.config.tables.forms, &form.id, &stage).await?;
    }
    if offering.version > 0 {
        file_offering(state, owner_id, offering).await?;
    }
    Ok(forms)
}

fn answer(offering: &Offering, forms: &[shared::forms::Form]) -> Value {
    let company = forms.iter().map(|f| f.content_settings.form_content.company_name.trim()).find(|c| !c.is_empty()).unwrap_or_default();
    json!({
        "offering": offering,
        "label": offering.status.label(),
        "accepts_interest": offering.status.accepts_interest(),
        "notice": notice(&OfferingStage::from(offering), company),
        "forms": forms.len(),
    })
}

#[tracing::instrument(skip(state), fields(user_id = %user.id))]
pub async fn show(State(state): State<AppState>, user: AuthUser) -> Result<Json<Value>> {
    let offering = get_offering(&state.dynamo, &state.config.tables.profiles, &user.id).await?;
    let forms = if offering.version > 0 {
        sync(&state, &user.id, &offering).await?
    } else {
        list_forms(&state.dynamo, &state.config.tables.forms, &user.id).await?
    };
    Ok(Json(answer(&offering, &forms)))
}

#[tracing::instrument(skip(state, body), fields(user_id = %user.id))]
pub async fn update(State(state): State<AppState>, user: AuthUser, JsonBody(body): JsonBody<OfferingChange, 8192>) -> Result<Json<Value>> {
    subscribed(&state, &user).await?;
    let table = &state.config.tables.profiles;
    let current = get_offering(&state.dynamo, table, &user.id).await?;
    let changed = || ApiError::conflict("offering_changed", "Your offering was changed somewhere else since you opened it. Reload to see the latest status.");
    if body.version != current.version {
        return Err(changed());
    }
    let now = state.clock.now_iso();
    // "Not in the future" in the founder's own time zone: the filing date may be today
    // anywhere on Earth, so the latest allowed day is UTC's day 14 hours from now (UTC+14).
    let latest_day = shared::time::iso(state.clock.now() + time::Duration::hours(14));
    let next = body.apply(&current, &latest_day[..10], &now, Actor::from(&user))?;
    if !save_offering(&state.dynamo, table, &user.id, current.version, &next).await? {
        return Err(changed());
    }
    let forms = sync(&state, &user.id, &next).await?;
    Ok(Json(answer(&next, &forms)))
}
