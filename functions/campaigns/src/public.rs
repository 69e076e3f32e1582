//! What investors reach from a campaign, without signing in: the unsubscribe link (page and
//! RFC 8058 one-click POST), the open pixel and the click redirect. Every token is HMAC-signed
//! for its one use (`shared::campaigns::sign`) and expires: an id alone is never enough. A
//! click token names a link of a sent campaign by its index, never a destination: the
//! redirect reads the destination from the campaign as it was sent, so no token can send a
//! reader anywhere the founder did not write.

use axum::{
    Json,
    extract::{Path, State},
    http::{HeaderValue, StatusCode, header},
    response::{Html, IntoResponse, Response},
};
use serde_json::{Value, json};
use shared::{
    ApiError, AppState, Result,
    campaigns::{Click, Open, Reason, Unsubscribe},
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
    let (sender, reason) = tokio::try_join!(
        state.profiles().sender(&claims.owner_id),
        state.campaigns().suppression(&claims.owner_id, &claims.email),
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
    let now = state.clock.now_iso();
    state.campaigns().suppress(&claims.owner_id, &claims.email, Reason::Unsubscribed, &now).await?;
    if state.campaign_recipients().first_event(&claims.campaign_id, &claims.email, "unsubscribed_at", &now).await? {
        state.campaigns().count(&claims.campaign_id, "unsubscribed", 1).await?;
    }
    tracing::info!(owner_id = %claims.owner_id, campaign_id = %claims.campaign_id, "unsubscribed");
    status(&state, &claims).await
}

/// `POST /api/campaigns/unsubscribe/{token}/resubscribe`: undoes an unsubscribe (a bounce or a
/// complaint stays).
pub async fn resubscribe(State(state): State<AppState>, Path(token): Path<String>) -> Result<Json<Value>> {
    let claims = claims(&state, &token)?;
    let reason = state.campaigns().suppression(&claims.owner_id, &claims.email).await?;
    if reason.as_deref().is_some_and(|r| !Reason::parse(r).is_some_and(Reason::liftable)) {
        return Err(ApiError::conflict("cannot_resubscribe", "Mail to this address bounced or was reported as spam, so it stays off the list."));
    }
    state.campaigns().resubscribe(&claims.owner_id, &claims.email).await?;
    status(&state, &claims).await
}

/// The first open or click of a recipient adds to the campaign's figure; later ones do not.
async fn record(state: &AppState, campaign_id: &str, email: &str, attribute: &'static str, figure: &'static str) -> Result<()> {
    if state.campaign_recipients().first_event(campaign_id, email, attribute, &state.clock.now_iso()).await? {
        state.campaigns().count(campaign_id, figure, 1).await?;
    }
    Ok(())
}

/// A transparent 1×1 GIF.
const PIXEL: &[u8] = &[
    0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0x21, 0xf9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00,
    0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b,
];

/// `GET /api/campaigns/o/{token}`: the open pixel (always the image, whatever the token; an
/// expired or forged one counts nothing).
pub async fn opened(State(state): State<AppState>, Path(token): Path<String>) -> Response {
    if let Some(open) = state.config.links.click.verify::<Open>("open", &token).filter(|o| o.expires_at >= state.clock.unix())
        && let Err(err) = record(&state, &open.campaign_id, &open.email, "opened_at", "opened").await
    {
        tracing::warn!(error = %err, "open not recorded");
    }
    ([(header::CONTENT_TYPE, "image/gif"), (header::CACHE_CONTROL, "no-store, private")], PIXEL).into_response()
}

/// Why a tracked link does not redirect: a page a reader understands, never a redirect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeadLink {
    /// Forged, altered, malformed, or of the old kind that carried its destination.
    Invalid,
    /// Past [`shared::campaigns::CLICK_LINK_DAYS`].
    Expired,
    /// The campaign is gone, was never sent, or has no link with that index.
    Unknown,
    /// The campaign could not be read now (throttling, an outage): worth trying again.
    Unavailable,
}

impl DeadLink {
    pub fn status(self) -> StatusCode {
        match self {
            DeadLink::Invalid => StatusCode::BAD_REQUEST,
            DeadLink::Expired => StatusCode::GONE,
            DeadLink::Unknown => StatusCode::NOT_FOUND,
            DeadLink::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
        }
    }

    pub fn message(self) -> &'static str {
        match self {
            DeadLink::Invalid => "This link is not valid. Use the link from the e-mail you received.",
            DeadLink::Expired => "This link has expired. The address it led to is written out in the e-mail itself.",
            DeadLink::Unknown => "This link does not lead anywhere. It may belong to an e-mail that was never sent.",
            DeadLink::Unavailable => "This link cannot be opened right now. Please try again in a minute.",
        }
    }
}

impl IntoResponse for DeadLink {
    fn into_response(self) -> Response {
        let page = format!(
            r#"<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>This link doesn't work</title></head><body style="margin:0;font-family:Inter,-apple-system,'Segoe UI',Arial,sans-serif;background:#f3f4f6;color:#1f2937"><main style="max-width:480px;margin:64px auto;padding:28px;background:#fff;border-radius:12px"><h1 style="margin:0 0 12px;font-size:20px">This link doesn't work</h1><p style="margin:0;line-height:1.6">{}</p></main></body></html>"#,
            self.message()
        );
        let mut response = (self.status(), [(header::CACHE_CONTROL, HeaderValue::from_static("no-store"))], Html(page)).into_response();
        if self == DeadLink::Unavailable {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("30"));
        }
        response
    }
}

/// Where a click token leads: the token's link index in the body of the campaign as it was
/// sent (a draft has no sent links), while the token has not expired.
pub async fn click_target(state: &AppState, token: &str) -> std::result::Result<(Click, String), DeadLink> {
    let click: Click = state.config.links.click.verify("click", token).ok_or(DeadLink::Invalid)?;
    if click.expires_at < state.clock.unix() {
        return Err(DeadLink::Expired);
    }
    let campaign = match state.campaigns().get(&click.campaign_id).await {
        Ok(Some(campaign)) if campaign.started_at.is_some() => campaign,
        Ok(_) => return Err(DeadLink::Unknown),
        Err(err) => {
            tracing::warn!(error = %err, "tracked link not resolved");
            return Err(DeadLink::Unavailable);
        }
    };
    let target = campaign.content.destinations().into_iter().nth(click.link).ok_or(DeadLink::Unknown)?;
    Ok((click, target))
}

/// `GET /api/campaigns/r/{token}`: a tracked link of a sent campaign. It redirects only to
/// the web address the campaign's body holds at the token's link index; anything else is a
/// 4xx page (400 invalid, 404 no such link, 410 expired), never a redirect.
pub async fn clicked(State(state): State<AppState>, Path(token): Path<String>) -> Response {
    let (click, target) = match click_target(&state, &token).await {
        Ok(found) => found,
        Err(dead) => return dead.into_response(),
    };
    let Ok(location) = HeaderValue::from_str(&target) else {
        return DeadLink::Unknown.into_response();
    };
    if let Err(err) = record(&state, &click.campaign_id, &click.email, "clicked_at", "clicked").await {
        tracing::warn!(error = %err, "click not recorded");
    }
    if let Err(err) = record(&state, &click.campaign_id, &click.email, "opened_at", "opened").await {
        tracing::warn!(error = %err, "open (by click) not recorded");
    }
    (StatusCode::FOUND, [(header::LOCATION, location), (header::CACHE_CONTROL, HeaderValue::from_static("no-store"))]).into_response()
}
