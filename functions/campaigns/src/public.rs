//! What investors reach from a campaign, without signing in: the unsubscribe link (page and
//! RFC 8058 one-click POST), the open pixel and the click redirect. Every token is HMAC-signed
//! for its one use (`shared::campaigns::sign`): an id alone is never enough, and a click only
//! ever redirects to a link the founder's campaign contained.

use axum::{
    Json,
    extract::{Path, State},
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use serde_json::{Value, json};
use shared::{
    ApiError, AppState, Result,
    campaigns::{Click, UNSUBSCRIBED, Unsubscribe},
    repo::{campaign_recipients, campaigns},
};

pub const INVALID_LINK: &str = "This unsubscribe link is not valid. Use the link from the e-mail you received.";
pub const EXPIRED_LINK: &str = "This unsubscribe link has expired. Reply to the e-mail and ask to be removed, or use the link in a newer one.";

fn claims(state: &AppState, token: &str) -> Result<Unsubscribe> {
    let claims: Unsubscribe = state.config.links.unsubscribe.verify("unsubscribe", token).ok_or_else(|| ApiError::bad_request("invalid_link", INVALID_LINK))?;
    if claims.expires_at < state.clock.unix() {
        return Err(ApiError::bad_request("link_expired", EXPIRED_LINK));
    }
    Ok(claims)
}

/// `a•••@example.com`: enough for the investor to recognise, little for anyone else.
pub fn masked(email: &str) -> String {
    match email.split_once('@') {
        Some((local, domain)) => format!("{}•••@{domain}", local.chars().next().unwrap_or('•')),
        None => "•••".to_owned(),
    }
}

async fn status(state: &AppState, claims: &Unsubscribe) -> Result<Json<Value>> {
    let tables = &state.config.tables;
    let (sender, reason) = tokio::try_join!(
        campaigns::sender(&state.dynamo, &tables.profiles, &claims.owner_id),
        campaigns::suppression(&state.dynamo, &tables.suppressions, &claims.owner_id, &claims.email),
    )?;
    Ok(Json(json!({
        "company": if sender.company_name.is_empty() { "this company".to_owned() } else { sender.company_name },
        "email": masked(&claims.email),
        "unsubscribed": reason.is_some(),
        "reason": reason,
    })))
}

/// `GET /api/campaigns/unsubscribe/{token}`: who the link is for and whether it is unsubscribed.
pub async fn unsubscribe_info(State(state): State<AppState>, Path(token): Path<String>) -> Result<Json<Value>> {
    let claims = claims(&state, &token)?;
    status(&state, &claims).await
}

/// `POST /api/campaigns/unsubscribe/{token}`: the page's confirmation and the mail client's
/// one-click (`List-Unsubscribe=One-Click`, whatever the body): honoured at once, for every
/// campaign of that founder.
pub async fn unsubscribe(State(state): State<AppState>, Path(token): Path<String>) -> Result<Json<Value>> {
    let claims = claims(&state, &token)?;
    let tables = &state.config.tables;
    let now = state.clock.now_iso();
    campaigns::suppress(&state.dynamo, &tables.suppressions, &claims.owner_id, &claims.email, UNSUBSCRIBED, &now).await?;
    if campaign_recipients::first_event(&state.dynamo, &tables.campaign_recipients, &claims.campaign_id, &claims.email, "unsubscribed_at", &now).await? {
        campaigns::count(&state.dynamo, &tables.campaigns, &claims.campaign_id, "unsubscribed", 1).await?;
    }
    tracing::info!(owner_id = %claims.owner_id, campaign_id = %claims.campaign_id, "unsubscribed");
    status(&state, &claims).await
}

/// `POST /api/campaigns/unsubscribe/{token}/resubscribe`: undoes an unsubscribe (a bounce or a
/// complaint stays).
pub async fn resubscribe(State(state): State<AppState>, Path(token): Path<String>) -> Result<Json<Value>> {
    let claims = claims(&state, &token)?;
    let tables = &state.config.tables;
    let reason = campaigns::suppression(&state.dynamo, &tables.suppressions, &claims.owner_id, &claims.email).await?;
    if reason.as_deref().is_some_and(|r| r != UNSUBSCRIBED) {
        return Err(ApiError::conflict("cannot_resubscribe", "Mail to this address bounced or was reported as spam, so it stays off the list."));
    }
    campaigns::resubscribe(&state.dynamo, &tables.suppressions, &claims.owner_id, &claims.email).await?;
    status(&state, &claims).await
}

/// The first open or click of a recipient adds to the campaign's figure; later ones do not.
async fn record(state: &AppState, click: &Click, attribute: &'static str, figure: &'static str) -> Result<()> {
    let tables = &state.config.tables;
    if campaign_recipients::first_event(&state.dynamo, &tables.campaign_recipients, &click.campaign_id, &click.email, attribute, &state.clock.now_iso()).await? {
        campaigns::count(&state.dynamo, &tables.campaigns, &click.campaign_id, figure, 1).await?;
    }
    Ok(())
}

/// A transparent 1×1 GIF.
const PIXEL: &[u8] = &[
    0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0x21, 0xf9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00,
    0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b,
];

/// `GET /api/campaigns/o/{token}`: the open pixel (always the image, whatever the token).
pub async fn opened(State(state): State<AppState>, Path(token): Path<String>) -> Response {
    if let Some(click) = state.config.links.click.verify::<Click>("open", &token)
        && let Err(err) = record(&state, &click, "opened_at", "opened").await
    {
        tracing::warn!(error = %err, "open not recorded");
    }
    ([(header::CONTENT_TYPE, "image/gif"), (header::CACHE_CONTROL, "no-store, private")], PIXEL).into_response()
}

/// `GET /api/campaigns/r/{token}`: a tracked link. Only a signed link redirects, and only to
/// the web address it was signed with.
pub async fn clicked(State(state): State<AppState>, Path(token): Path<String>) -> Result<Response> {
    let click: Click = state.config.links.click.verify("click", &token).ok_or_else(|| ApiError::bad_request("invalid_link", "This link is not valid."))?;
    if !(click.url.starts_with("https://") || click.url.starts_with("http://")) {
        return Err(ApiError::bad_request("invalid_link", "This link is not valid."));
    }
    if let Err(err) = record(&state, &click, "clicked_at", "clicked").await {
        tracing::warn!(error = %err, "click not recorded");
    }
    if let Err(err) = record(&state, &click, "opened_at", "opened").await {
        tracing::warn!(error = %err, "open (by click) not recorded");
    }
    let location = HeaderValue::from_str(&click.url).map_err(|_| ApiError::bad_request("invalid_link", "This link is not valid."))?;
    Ok((StatusCode::FOUND, [(header::LOCATION, location), (header::CACHE_CONTROL, HeaderValue::from_static("no-store"))]).into_response())
}
