//! `public-forms`: the only API investors meet (no sign-in; CORS open to any origin).
//!
//! - `GET  /api/public-forms/{id}`        — a published, non-archived form's public configuration
//! - `GET  /api/public-forms/{id}/floating-button?buttonColor=…&buttonTextColor=…` — embed.js's
//!   button colours: the snippet's (or the form's), made readable
//! - `GET  /api/public-forms/logos/{hash}.png` — a founder's logo by its content address
//!   (immutable: cached for a year by browsers and the CDN)
//! - `POST /api/public-forms/{id}/views`  — counts a view, once per visitor, form and day
//! - `POST /api/public-forms/{id}/starts` — counts a start (the first touch of a field), once
//!   per visitor, form and day
//! - `POST /api/public-forms/{id}/leaves` — the field a visitor who started and did not submit
//!   touched last, once per visitor, form and day (sent as the page is left)
//!
//! Views and starts carry where the visitor came from (`source`: the embedding page with its
//! `utm_*`; `referrer`: that page's referrer) and are counted in the founder's sources.
//! - `POST /api/public-forms/{id}/leads`  — stores an indication of interest (≤ 32 KB,
//!   `Idempotency-Key` for retries, honeypot, per-IP-and-form limit); once the founder's
//!   Form C is filed (or the offering is live or closed) 409 with what investors should do
//!
//! A 2xx to a lead means DynamoDB accepted the write, the one write on the investor's time;
//! the form it is checked against comes from this instance's copy while fresh (`form_cache`).
//! Counting and the founder's e-mail follow from the leads table's stream (AWS) or its local
//! stand-in: never on the investor's time.

pub mod config;
pub mod form_cache;

use std::{collections::HashMap, sync::Arc};

use axum::{
    Json, Router,
    body::Bytes,
    Extension,
    extract::{Path, State},
    http::{HeaderMap, Method, StatusCode, header},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use shared::{
    ApiError, AppState, Result,
    attribution::Attribution,
    lead_stats::Facets,
    repo::lead_stats::Adds,
    config::LeadNotifications,
    crypto::sha256_hex,
    forms::{ContentSettings, Form, FormField, OfferingSettings, Styling, WelcomeSettings},
    contrast::Rgba,
    forms::is_hex_color,
    http::QueryParams,
    theme::{self, Palette},
    http::ClientIp,
    leads::{
        AnswerErrors, FieldMessages, LeadRecord, LocationData,
        Capture, CaptureContext, Submission, capture_lead, lead_id_for,
    },
    services::lead_intake::stream_locally,
    vault::offering::{Notice, OfferingStage, notice},
};
use tower_http::cors::{Any, CorsLayer};

use form_cache::{FormCache, Seen};

pub const NOT_AVAILABLE: &str = "This form is not available";
pub const RATE_LIMITED: &str = "Too many submissions from your network. Please wait a minute and try again.";
/// Lead bodies above this are refused with 413 before anything is parsed.
pub const MAX_LEAD_BODY: usize = 32 * 1024;

pub fn router(state: AppState) -> Router {
    let cors = CorsLayer::new()
        .allow_origin(Any)
        .allow_methods([Method::GET, Method::POST, Method::OPTIONS])
        .allow_headers([header::CONTENT_TYPE, header::HeaderName::from_static("idempotency-key"), header::HeaderName::from_static("form-version")])
        .max_age(std::time::Duration::from_secs(86_400));
    Router::new()
        .route("/logos/{file}", get(logo))
        .route("/{id}", get(show))
        .route("/{id}/floating-button", get(floating_button))
        .route("/{id}/views", post(count_view))
        .route("/{id}/starts", post(count_start))
        .route("/{id}/leaves", post(count_leave))
        .route("/{id}/leads", post(submit_lead))
        .layer(Extension(Arc::new(FormCache::default())))
        .layer(cors)
        .with_state(state)
}

/// One cheap read at cold start so the first investor does not pay for the TLS handshake.
pub async fn warm_up(state: &AppState) {
    let started = std::time::Instant::now();
    let ok = state.forms().warm_up().await;
    tracing::info!(ok, elapsed_ms = started.elapsed().as_millis() as u64, "warm-up call");
}

/// What investors' browsers receive: never the owner, views or timestamps.
#[derive(Debug, Serialize)]
pub struct PublicForm {
    id: String,
    name: String,
    description: String,
    /// Each field as investors get it (the state field is the server's list), with the
    /// sentences the capture answers a wrong answer with: the form shows the same words.
    fields: Vec<PublicField>,
    /// The founder's styling with the readable colours in place of the chosen ones.
    styling: Styling,
    /// Every colour the form renders, each readable (see `shared::theme`). Derived on every
    /// read from the stored choices: forms saved before the rule show readable colours too.
    theme: Palette,
    content_settings: ContentSettings,
    welcome_settings: WelcomeSettings,
    offering_settings: OfferingSettings,
    show_branding: bool,
    /// The founder's logo (Settings), shown above the headline with the company's name as its
    /// text alternative.
    logo: Option<shared::brand::Logo>,
    version: u64,
    /// Where the offering stands; past testing the waters, the notice investors see instead of
    /// the form (Rule 204: the intermediary and a link to its platform).
    offering_stage: OfferingStage,
    notice: Option<Notice>,
}

#[derive(Debug, Serialize)]
struct PublicField {
    #[serde(flatten)]
    field: FormField,
    messages: FieldMessages,
}

impl From<FormField> for PublicField {
    fn from(field: FormField) -> Self {
        let field = field.for_investors();
        Self { messages: FieldMessages::of(&field), field }
    }
}

async fn live_form(state: &AppState, id: &str) -> Result<Form> {
    state.forms().get_form(id)
        .await?
        .filter(|form| form.is_published && !form.is_archived)
        .ok_or_else(|| ApiError::not_found(NOT_AVAILABLE))
}

/// The live form a submission is checked against: from this instance's cache while fresh
/// (see `form_cache`), else read (and kept).
async fn submitted_form(state: &AppState, cache: &FormCache, id: &str, seen: Option<Seen>) -> Result<Arc<Form>> {
    let now = state.clock.now();
    let form = match cache.fresh(id, now, seen) {
        Some(form) => form,
        None => {
            let form = Arc::new(state.forms().get_form(id).await?.ok_or_else(|| ApiError::not_found(NOT_AVAILABLE))?);
            cache.keep(form.clone(), now);
            form
        }
    };
    if form.is_published && !form.is_archived { Ok(form) } else { Err(ApiError::not_found(NOT_AVAILABLE)) }
}

/// A JSON answer with its `Cache-Control`.
type Cached<T> = ([(header::HeaderName, &'static str); 1], Json<T>);

#[tracing::instrument(skip(state))]
async fn show(State(state): State<AppState>, Path(id): Path<String>) -> Result<Cached<PublicForm>> {
    let form = live_form(&state, &id).await?;
    let logo = state.profiles().logo(&form.user_id).await?;
    let notice = notice(&form.offering_stage, &form.content_settings.form_content.company_name);
    let theme = form.styling.theme().palette;
    let public = PublicForm {
        id: form.id,
        name: form.name,
        description: form.description,
        fields: form.fields.into_iter().map(PublicField::from).collect(),
        styling: form.styling.readable(&theme),
        theme,
        content_settings: form.content_settings,
        welcome_settings: form.welcome_settings,
        offering_settings: form.offering_settings,
        show_branding: form.show_branding,
        logo,
        version: form.version,
        offering_stage: form.offering_stage,
        notice,
    };
    Ok(([(header::CACHE_CONTROL, "public, max-age=30")], Json(public)))
}

/// A logo's PNG by its content address: the same name is always the same bytes, so browsers and
/// the CDN keep it for a year. Only a well-formed name is looked up.
#[tracing::instrument(skip(state))]
async fn logo(State(state): State<AppState>, Path(file): Path<String>) -> Result<Response> {
    const MISSING: &str = "No such logo";
    let hash = shared::brand::hash_of_file_name(&file).ok_or_else(|| ApiError::not_found(MISSING))?;
    let assets = state.assets.as_ref().ok_or_else(|| ApiError::internal(std::io::Error::other("public-forms did not declare the assets bucket")))?;
    let png = assets.logo(hash).await?.ok_or_else(|| ApiError::not_found(MISSING))?;
    let headers = [
        (header::CONTENT_TYPE, "image/png"),
        (header::CACHE_CONTROL, shared::assets::IMMUTABLE),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::CONTENT_SECURITY_POLICY, "default-src 'none'; sandbox"),
    ];
    Ok((headers, png).into_response())
}

/// The floating button's colours as its snippet carries them (`data-button-color`,
/// `data-text-color`); either may be left out.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct FloatingButtonQuery {
    button_color: Option<String>,
    button_text_color: Option<String>,
}

/// The colours embed.js paints its floating button with: snippets pasted before the contrast
/// rule (white on #6366f1) read too, with no change to the founder's site.
#[tracing::instrument(skip(state))]
async fn floating_button(
    State(state): State<AppState>,
    Path(id): Path<String>,
    QueryParams(query): QueryParams<FloatingButtonQuery>,
) -> Result<Cached<Value>> {
    let parse = |value: Option<&str>, what: &str| -> Result<Option<Rgba>> {
        match value {
            None => Ok(None),
            Some(value) if is_hex_color(value) => Ok(Rgba::parse(value)),
            Some(_) => Err(ApiError::bad_request("invalid_color", format!("{what} must be a hex colour like #6366f1."))),
        }
    };
    let button = parse(query.button_color.as_deref(), "The button colour")?;
    let label = parse(query.button_text_color.as_deref(), "The button text colour")?;
    let form = live_form(&state, &id).await?;
    let (button, label) = theme::floating_button(&form.styling.colours(), button, label);
    Ok(([(header::CACHE_CONTROL, "public, max-age=300")], Json(json!({ "button": button.to_string(), "buttonText": label.to_string() }))))
}

fn day() -> String {
    shared::time::now_iso()[..10].to_owned()
}

/// A visitor is recognised by a salted hash of address and day, whatever the headers say
/// (a changed User-Agent is the same visitor): no raw IP is stored. One key per view salt kept,
/// newest first: during a salt rotation a visitor counted under the older salt is recognised.
/// `step` keeps views, starts and leaves apart.
fn visit_keys(state: &AppState, step: &str, form_id: &str, ip: &str) -> Vec<String> {
    let day = day();
    let prefix = if step == "views" { String::new() } else { format!("{step}|") };
    state.config.links.view_salt.salts().iter().map(|salt| sha256_hex(format!("{prefix}views|{salt}|{form_id}|{ip}|{day}"))).collect()
}

/// View, start and leave pings per address per minute (in process; the WAF limits at the edge
/// too).
pub const VIEWS_PER_MINUTE: usize = 30;

/// A view or start ping's optional body: where the visitor came from.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct VisitPing {
    /// The page that embedded the form, with its query (its `utm_*`).
    #[serde(default)]
    source: Option<String>,
    /// That page's referrer.
    #[serde(default)]
    referrer: Option<String>,
}

/// A leave ping: the field touched last.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LeavePing {
    field: String,
}

/// Pings are tiny: a larger body is refused before it is read.
pub const MAX_VIEW_BODY: usize = 4 * 1024;

/// A ping's body (empty is `T::default()` where there is one), size-checked and limited per
/// address, then the live form: what every funnel ping starts with.
async fn ping<T: serde::de::DeserializeOwned>(state: &AppState, cache: &FormCache, id: &str, ip: &ClientIp, body: &Bytes, empty: Option<T>) -> Result<(T, Arc<Form>)> {
    if body.len() > MAX_VIEW_BODY {
        return Err(ApiError::payload_too_large(MAX_VIEW_BODY));
    }
    let ping = match empty {
        Some(empty) if body.iter().all(u8::is_ascii_whitespace) => empty,
        _ => shared::http::parse_json(body)?,
    };
    if !state.memory_limits.allow(&format!("views|{}", ip.0), VIEWS_PER_MINUTE, std::time::Duration::from_secs(60)) {
        return Err(ApiError { retry_after: Some(60), ..ApiError::new(StatusCode::TOO_MANY_REQUESTS, "rate_limited", RATE_LIMITED) });
    }
    // The warm copy the submissions read (a few seconds old at most): a ping reads nothing hot.
    Ok((ping, submitted_form(state, cache, id, None).await?))
}

/// `true` the first time today this visitor takes `step` on the form.
async fn first_today(state: &AppState, step: &str, form_id: &str, ip: &ClientIp) -> Result<bool> {
    let expires = shared::time::unix(shared::time::now()) + 2 * 86_400;
    Ok(state.form_views().first_visit(&visit_keys(state, step, form_id, &ip.0), expires).await?)
}

/// Counts at most one view per form, address and day (and one in each of the founder's sources
/// the visit came from); the endpoint itself is limited.
#[tracing::instrument(skip(state, cache, ip, body))]
async fn count_view(State(state): State<AppState>, Extension(cache): Extension<Arc<FormCache>>, Path(id): Path<String>, ip: ClientIp, body: Bytes) -> Result<StatusCode> {
    let (ping, form) = ping::<VisitPing>(&state, &cache, &id, &ip, &body, Some(VisitPing::default())).await?;
    if !first_today(&state, "views", &form.id, &ip).await? {
        return Ok(StatusCode::OK);
    }
    let (added, ()) = tokio::join!(state.forms().add_view(&form.id), count_in_sources(&state, &form, &ping, Adds::View));
    added?;
    Ok(StatusCode::ACCEPTED)
}

/// Counts at most one start (a visitor's first touch of a field) per form, address and day, in
/// the form's funnel and in the sources the visit came from.
#[tracing::instrument(skip(state, cache, ip, body))]
async fn count_start(State(state): State<AppState>, Extension(cache): Extension<Arc<FormCache>>, Path(id): Path<String>, ip: ClientIp, body: Bytes) -> Result<StatusCode> {
    let (ping, form) = ping::<VisitPing>(&state, &cache, &id, &ip, &body, Some(VisitPing::default())).await?;
    if !first_today(&state, "starts", &form.id, &ip).await? {
        return Ok(StatusCode::OK);
    }
    count_in_sources(&state, &form, &ping, Adds::Start).await;
    Ok(StatusCode::ACCEPTED)
}

/// Counts the field a visitor touched last before leaving without submitting (at most once per
/// form, address and day). The field must be one of the form's: invented names grow nothing.
#[tracing::instrument(skip(state, cache, ip, body))]
async fn count_leave(State(state): State<AppState>, Extension(cache): Extension<Arc<FormCache>>, Path(id): Path<String>, ip: ClientIp, body: Bytes) -> Result<StatusCode> {
    let (ping, form) = ping::<LeavePing>(&state, &cache, &id, &ip, &body, None).await?;
    if !form.fields.iter().any(|field| field.id == ping.field) {
        return Err(ApiError::bad_request("unknown_field", "This form has no such field."));
    }
    if !first_today(&state, "leaves", &form.id, &ip).await? {
        return Ok(StatusCode::OK);
    }
    state.lead_stats().count_stop(&form.user_id, &form.id, &ping.field).await?;
    Ok(StatusCode::ACCEPTED)
}

/// Best effort, like the ping itself: a source that cannot be counted is logged.
async fn count_in_sources(state: &AppState, form: &Form, ping: &VisitPing, adds: Adds) {
    let source = shared::leads::web_url(ping.source.as_deref());
    let attribution = Attribution::of(source.as_deref(), ping.referrer.as_deref());
    let facets = Facets::of_visit(&attribution);
    if let Err(err) = state.lead_stats().count_visit(&form.user_id, &form.id, &facets, adds).await {
        tracing::warn!(form_id = %form.id, error = %err, "visit not counted in the founder's sources");
    }
}

/// The body of `POST /{id}/leads`, as sent (unknown keys are refused).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LeadBody {
    answers: HashMap<String, String>,
    /// The page that embedded the form (the iframe's `source` parameter).
    #[serde(default)]
    source: Option<String>,
    /// That page's referrer (the iframe's `ref` parameter).
    #[serde(default)]
    referrer: Option<String>,
    /// The honeypot: a field people never see. Bots fill it.
    #[serde(default)]
    website: Option<String>,
}

/// City, region and country from the CDN's viewer headers, when present and only when the
/// request proves it came through our CloudFront (the origin secret): anyone else can send
/// these headers.
fn location(state: &AppState, headers: &HeaderMap) -> Option<LocationData> {
    if !shared::http::from_trusted_cdn(headers, &state.config) {
        return None;
    }
    let read = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).map(str::trim).filter(|v| !v.is_empty()).map(|v| v.chars().take(100).collect::<String>());
    let location = LocationData {
        city: read("cloudfront-viewer-city"),
        region: read("cloudfront-viewer-country-region-name"),
        country_name: read("cloudfront-viewer-country-name"),
    };
    (location.city.is_some() || location.region.is_some() || location.country_name.is_some()).then_some(location)
}

/// A lead request as sent, before any read: over 32 KB is 413 before anything is parsed; the
/// lead's id comes from the form and the `Idempotency-Key` (a retry gets the same id).
struct LeadRequest<'a> {
    lead_id: String,
    key: Option<&'a str>,
    body: LeadBody,
}

fn read_lead_request<'a>(form_id: &str, headers: &'a HeaderMap, body: &[u8]) -> Result<LeadRequest<'a>> {
    if body.len() > MAX_LEAD_BODY {
        return Err(ApiError::payload_too_large(MAX_LEAD_BODY));
    }
    let key = headers.get("idempotency-key").and_then(|v| v.to_str().ok());
    let lead_id = lead_id_for(form_id, key)?;
    Ok(LeadRequest { lead_id, key, body: shared::http::parse_json(body)? })
}

/// The per-network-and-form limit (in this instance's memory): 429, retry in a minute.
fn allow_submission(state: &AppState, ip: &str, form_id: &str) -> Result<()> {
    if !state.memory_limits.allow(&format!("{ip}|{form_id}"), state.config.public_leads_per_minute, std::time::Duration::from_secs(60)) {
        return Err(ApiError { retry_after: Some(60), ..ApiError::new(StatusCode::TOO_MANY_REQUESTS, "rate_limited", RATE_LIMITED) });
    }
    Ok(())
}

#[tracing::instrument(skip(state, cache, headers, body, ip))]
async fn submit_lead(
    State(state): State<AppState>,
    Extension(cache): Extension<Arc<FormCache>>,
    Path(id): Path<String>,
    ip: ClientIp,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response> {
    let LeadRequest { lead_id, key, body } = read_lead_request(&id, &headers, &body)?;
    allow_submission(&state, &ip.0, &id)?;
    let seen = Seen::parse(headers.get("form-version").and_then(|v| v.to_str().ok()));
    let form = submitted_form(&state, &cache, &id, seen).await?;
    let now = state.clock.now_iso();
    let referrer = headers.get(header::REFERER).and_then(|v| v.to_str().ok());
    let context = CaptureContext { lead_id: lead_id.clone(), now: &now, referrer, cdn_location: location(&state, &headers) };
    let submission = Submission { answers: body.answers, source: body.source, referrer: body.referrer, website: body.website };
    let capture = match capture_lead(&form, submission, context) {
        Ok(capture) => capture,
        Err(errors) => return Ok(refused_answers(errors)),
    };
    match capture {
        Capture::Store(lead) => store(&state, lead).await?,
        Capture::Discard => tracing::info!(form_id = %id, "honeypot filled: not stored"),
        // A retry of an indication sent before testing the waters ended keeps its answer.
        Capture::NotAccepting { .. } if key.is_some() && lead(&state, &lead_id).await?.is_some() => {}
        Capture::NotAccepting { message } => return Err(ApiError::conflict("not_accepting_interest", message)),
    }
    Ok((StatusCode::CREATED, Json(json!({ "id": lead_id, "received": true }))).into_response())
}

/// 400 `invalid_answer`: the first sentence as the message, and every field at fault by id
/// (`fields`), so the form shows each sentence next to its field.
fn refused_answers(errors: AnswerErrors) -> Response {
    let fields: serde_json::Map<String, Value> = errors.fields.into_iter().map(|(id, message)| (id, Value::String(message))).collect();
    let body = json!({ "error": { "code": AnswerErrors::CODE, "message": errors.message, "fields": fields } });
    (StatusCode::BAD_REQUEST, Json(body)).into_response()
}

/// The conditional write, the only one on the investor's time. Counting and the founder's
/// mail follow in batches: in AWS from the leads table's stream (functions/lead-notifications),
/// locally from the gateway's stand-in for it, both through `services::lead_intake`. A retry
/// finds its lead stored (counting and mail are once-only, so nothing is repeated).
async fn store(state: &AppState, lead: LeadRecord) -> Result<()> {
    let first = state.leads().put_new(&lead).await?;
    if !first {
        tracing::info!(lead_id = %lead.id, "retried submission: already stored");
    }
    if state.config.lead_notifications == LeadNotifications::Inline {
        stream_locally(state, lead);
    }
    Ok(())
}

/// Reads a stored lead (tests, and the stream notifier).
pub async fn lead(state: &AppState, id: &str) -> Result<Option<LeadRecord>> {
    Ok(state.leads().get(id).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(key: Option<&str>) -> HeaderMap {
        let mut headers = HeaderMap::new();
        if let Some(key) = key {
            headers.insert("idempotency-key", key.parse().unwrap());
        }
        headers
    }

    const BODY: &[u8] = br#"{"answers": {"email": "ada@example.com"}}"#;

    #[test]
    fn a_body_over_the_limit_is_refused_before_its_key_or_json_is_read() {
        let mut body = vec![b' '; MAX_LEAD_BODY + 1];
        body[0] = b'{';
        let refused = read_lead_request("f-1", &headers(Some("bad key!")), &body).err().unwrap();
        assert_eq!(refused.status, StatusCode::PAYLOAD_TOO_LARGE);
    }

    #[test]
    fn a_bad_idempotency_key_is_refused_before_the_json_is_read() {
        let refused = read_lead_request("f-1", &headers(Some("short")), b"not json").err().unwrap();
        assert_eq!((refused.status, refused.code.as_ref()), (StatusCode::BAD_REQUEST, "invalid_idempotency_key"));
        let refused = read_lead_request("f-1", &headers(None), b"not json").err().unwrap();
        assert_eq!((refused.status, refused.code.as_ref()), (StatusCode::BAD_REQUEST, "invalid_body"));
    }

    #[test]
    fn a_retry_with_the_same_key_names_the_same_lead_and_no_key_a_new_one() {
        let (keyed, unkeyed) = (headers(Some("retry-key-1")), headers(None));
        let first = read_lead_request("f-1", &keyed, BODY).ok().unwrap();
        let again = read_lead_request("f-1", &keyed, BODY).ok().unwrap();
        assert_eq!(first.lead_id, again.lead_id);
        assert_eq!(first.key, Some("retry-key-1"));
        assert_eq!(first.body.answers.get("email").map(String::as_str), Some("ada@example.com"));
        let other_form = read_lead_request("f-2", &keyed, BODY).ok().unwrap();
        assert_ne!(first.lead_id, other_form.lead_id);
        let (one, two) = (read_lead_request("f-1", &unkeyed, BODY).ok().unwrap(), read_lead_request("f-1", &unkeyed, BODY).ok().unwrap());
        assert_ne!(one.lead_id, two.lead_id);
        assert_eq!(one.key, None);
    }
}
