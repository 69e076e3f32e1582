//! `campaigns`: e-mail campaigns to the founder's own investor leads (Pro; a Pro trial counts).
//!
//! - `GET    /api/campaigns` — the caller's campaigns, newest first
//! - `POST   /api/campaigns` `{template?}` — a new draft from a starter template
//! - `GET    /api/campaigns/templates` — the three starter templates
//! - `POST   /api/campaigns/audience` `{segment}` — the live recipient count of a segment
//! - `GET    /api/campaigns/{id}` — one campaign
//! - `PUT    /api/campaigns/{id}` — edit a draft (`version` of the edited copy; 409 if changed)
//! - `DELETE /api/campaigns/{id}` — delete a draft
//! - `POST   /api/campaigns/{id}/duplicate` — a new draft with the same content and audience
//! - `POST   /api/campaigns/{id}/preview` — the message as a recipient gets it (the renderer
//!   that sends), for the first recipient of its audience or a sample investor
//!
//! Another founder's campaign answers 404 on every route. Sending, scheduling, the results and
//! unsubscribing come with the sending engine.

pub mod config;
pub mod dispatch;
mod launch;
pub mod mailer;
pub mod public;
pub mod sending;
pub mod starters;

use std::{
    collections::{HashMap, HashSet},
    sync::Arc,
};

use axum::{
    Json, Router,
    extract::{Path, State},
    http::StatusCode,
    routing::{get, post},
};
use serde::Deserialize;
use tokio::sync::OnceCell;
use serde_json::{Value, json};
use shared::{
    http::member::Member,
    teams::Action,
    ApiError, AppState, Result,
    campaigns::{Audience, Candidate, Compliance, Content, Links, MergeValues, Recipient, Segment, audience, render, suppressed_set},
    forms::Form,
    http::JsonBody,
    vault::offering::{OfferingStage, OfferingStatus, notice},
    leads::{LeadSummary, Temperature, answers_in_order},
    repo::campaigns::{self, Campaign},
    review::Subject,
    services::review,
};

use crate::mailer::CampaignMailer;

pub const PRO_REQUIRED: &str = "E-mail campaigns are part of RaiseSpark Pro. Upgrade to write to your investor leads.";

/// The function's state: the product's, and the campaign mailer built once per cold start.
#[derive(Clone)]
pub struct CampaignsState {
    pub app: AppState,
    mailer: Arc<OnceCell<CampaignMailer>>,
}

impl CampaignsState {
    pub fn new(app: AppState) -> Self {
        Self { app, mailer: Arc::new(OnceCell::new()) }
    }

    pub async fn mailer(&self) -> Result<&CampaignMailer> {
        self.mailer.get_or_try_init(|| CampaignMailer::from_state(&self.app)).await.map_err(ApiError::internal)
    }
}

impl axum::extract::FromRef<CampaignsState> for AppState {
    fn from_ref(state: &CampaignsState) -> Self {
        state.app.clone()
    }
}

impl axum::extract::FromRef<CampaignsState> for shared::auth::TokenKeys {
    fn from_ref(state: &CampaignsState) -> Self {
        state.app.tokens.clone()
    }
}

pub fn router(state: AppState) -> Router {
    let campaigns = CampaignsState::new(state.clone());
    let router = Router::new()
        .route("/", get(list).post(create))
        .route("/templates", get(templates))
        .route("/sender", get(show_sender).put(update_sender))
        .route("/audience", post(count_audience))
        .route("/{id}", get(show).put(update).delete(remove))
        .route("/{id}/duplicate", post(duplicate))
        .route("/{id}/preview", post(preview))
        .route("/{id}/test", post(send_test))
        .route("/{id}/send", post(send))
        .route("/{id}/schedule", post(schedule))
        .route("/{id}/cancel", post(cancel))
        .route("/{id}/results", get(results))
        .route("/unsubscribe/{token}", get(public::unsubscribe_info).post(public::unsubscribe))
        .route("/unsubscribe/{token}/resubscribe", post(public::resubscribe))
        .route("/o/{token}", get(public::opened))
        .route("/r/{token}", get(public::clicked))
        .with_state(campaigns);
    shared::http::audit::audited("campaigns", shared::http::activity::recorded("campaigns", router, &state), &state)
}

// ------------------------------------------------------------------ the sender's identity

const MAX_COMPANY: usize = 120;
const MAX_ADDRESS: usize = 300;

async fn show_sender(State(state): State<AppState>, member: Member) -> Result<Json<campaigns::Sender>> {
    pro(&state, &member).await?;
    Ok(Json(state.profiles().sender(&member.company_id).await?))
}

#[tracing::instrument(skip(state, body), fields(company_id = %member.company_id))]
async fn update_sender(State(state): State<AppState>, member: Member, JsonBody(body): JsonBody<campaigns::Sender, 4096>) -> Result<Json<campaigns::Sender>> {
    member.require(Action::ManageCompany)?;
    pro(&state, &member).await?;
    member.user.refuse_impersonation()?;
    let sender = campaigns::Sender { company_name: body.company_name.trim().to_owned(), postal_address: body.postal_address.trim().to_owned() };
    if sender.company_name.is_empty() || sender.postal_address.is_empty() {
        return Err(ApiError::bad_request("sender_required", "Enter your company name and postal address: the law requires both in every campaign."));
    }
    if sender.company_name.chars().count() > MAX_COMPANY || sender.postal_address.chars().count() > MAX_ADDRESS {
        return Err(ApiError::bad_request("too_long", "The company name can be at most 120 characters and the address 300."));
    }
    if sender.company_name.chars().chain(sender.postal_address.chars()).any(|c| c.is_control() && c != '\n') {
        return Err(ApiError::bad_request("invalid_sender", "Remove the control characters from the company name or address."));
    }
    state.profiles().set_sender(&member.company_id, &sender).await?;
    Ok(Json(sender))
}

/// Campaigns are Pro: 402 otherwise.
async fn pro(state: &AppState, member: &Member) -> Result<()> {
    shared::services::access::require_pro(state, &member.company_id, PRO_REQUIRED).await
}

#[tracing::instrument(skip(state), fields(company_id = %member.company_id))]
async fn list(State(state): State<AppState>, member: Member) -> Result<Json<Value>> {
    pro(&state, &member).await?;
    let (campaigns, company) = tokio::try_join!(async { Ok::<_, ApiError>(state.campaigns().list(&member.company_id).await?) }, company_name(&state, &member.company_id))?;
    // Each with its subject as the list shows it: rendered here, the only renderer.
    let campaigns = campaigns.into_iter().map(|campaign| listed(campaign, &company)).collect::<Result<Vec<Value>>>()?;
    Ok(Json(json!({ "campaigns": campaigns })))
}

/// A campaign as lists show it: with `listedSubject`, its subject rendered here (the only
/// renderer) with the company's name ([`shared::campaigns::listed_subject`]).
fn listed(campaign: Campaign, company: &str) -> Result<Value> {
    let subject = shared::campaigns::listed_subject(&campaign.content.subject, company);
    let mut value = serde_json::to_value(campaign).map_err(ApiError::internal)?;
    value["listedSubject"] = Value::String(subject);
    Ok(value)
}

async fn templates(State(state): State<AppState>, member: Member) -> Result<Json<Value>> {
    pro(&state, &member).await?;
    Ok(Json(json!({ "templates": starters::STARTERS.iter().map(|s| json!({"id": s.id, "name": s.name, "description": s.description, "subject": s.subject, "body": s.body})).collect::<Vec<_>>() })))
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateBody {
    #[serde(default)]
    template: Option<String>,
}

#[tracing::instrument(skip(state, body), fields(company_id = %member.company_id))]
async fn create(State(state): State<AppState>, member: Member, JsonBody(body): JsonBody<CreateBody, 4096>) -> Result<(StatusCode, Json<Campaign>)> {
    member.require(Action::DraftCampaigns)?;
    pro(&state, &member).await?;
    let starter = match body.template.as_deref() {
        None | Some("") => None,
        Some(id) => Some(starters::find(id).ok_or_else(|| ApiError::bad_request("unknown_template", "Choose one of the starter templates."))?),
    };
    let now = state.clock.now_iso();
    let offering = state.profiles().get_offering(&member.company_id).await?;
    let content = match starter {
        Some(s) => Content {
            name: s.name.into(),
            subject: s.subject.into(),
            preview_text: s.preview.into(),
            body: starters::personalise(s.body, &offering),
            track_opens: true,
            track_clicks: true,
            tag_links: true,
        },
        None => Content { name: "Untitled campaign".into(), track_opens: true, track_clicks: true, tag_links: true, ..Content::default() },
    };
    let campaign = Campaign::draft(&member.company_id, content, Segment::default(), now);
    state.campaigns().create(&campaign).await?;
    Ok((StatusCode::CREATED, Json(campaign)))
}

/// One campaign, with `listedSubject` as lists show it (the send dialog names it so).
async fn show(State(state): State<AppState>, member: Member, Path(id): Path<String>) -> Result<Json<Value>> {
    pro(&state, &member).await?;
    let (campaign, company) = tokio::try_join!(async { Ok::<_, ApiError>(state.campaigns().owned(&id, &member.company_id).await?) }, company_name(&state, &member.company_id))?;
    Ok(Json(listed(campaign, &company)?))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct UpdateBody {
    version: u64,
    #[serde(flatten)]
    content: Content,
    #[serde(default)]
    segment: Segment,
}

#[tracing::instrument(skip(state, body), fields(company_id = %member.company_id))]
async fn update(State(state): State<AppState>, member: Member, Path(id): Path<String>, JsonBody(body): JsonBody<UpdateBody, 131_072>) -> Result<Json<Campaign>> {
    member.require(Action::DraftCampaigns)?;
    pro(&state, &member).await?;
    let mut campaign = state.campaigns().owned(&id, &member.company_id).await?;
    let (mut content, mut segment) = (body.content, body.segment);
    content.validate()?;
    segment.validate()?;
    let forms = forms_by_id(&state, &member.company_id).await?;
    if let Some(unknown) = segment.form_ids.iter().find(|id| !forms.contains_key(*id)) {
        return Err(ApiError::bad_request("invalid_segment", format!("The form {unknown} is not one of yours.")));
    }
    campaign.content = content;
    campaign.segment = segment;
    campaign.updated_at = state.clock.now_iso();
    campaign.version = body.version.saturating_add(1);
    state.campaigns().save_draft(&campaign, body.version).await?;
    let version = review::campaign_version(&campaign);
    review::withdraw_if_changed(&state, &member.company_id, Subject::Campaign, &id, &version.hash).await;
    Ok(Json(campaign))
}

async fn remove(State(state): State<AppState>, member: Member, Path(id): Path<String>) -> Result<StatusCode> {
    member.require(Action::DraftCampaigns)?;
    pro(&state, &member).await?;
    state.campaigns().delete_draft(&id, &member.company_id).await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn duplicate(State(state): State<AppState>, member: Member, Path(id): Path<String>) -> Result<(StatusCode, Json<Campaign>)> {
    member.require(Action::DraftCampaigns)?;
    pro(&state, &member).await?;
    let original = state.campaigns().owned(&id, &member.company_id).await?;
    let now = state.clock.now_iso();
    let mut content = original.content;
    content.name = format!("{} (copy)", content.name).chars().take(shared::campaigns::MAX_NAME).collect();
    let copy = Campaign::draft(&member.company_id, content, original.segment, now);
    state.campaigns().create(&copy).await?;
    Ok((StatusCode::CREATED, Json(copy)))
}

async fn forms_by_id(state: &AppState, owner_id: &str) -> Result<HashMap<String, Form>> {
    Ok(state.forms().list_forms(owner_id).await?.into_iter().map(|f| (f.id.clone(), f)).collect())
}

/// Every lead of the founder as the audience sees it, newest first.
pub async fn candidates(state: &AppState, owner_id: &str, forms: &HashMap<String, Form>) -> Result<Vec<Candidate>> {
    // Each page's leads become candidates at once: what is held is the candidates, not the
    // leads' answers.
    let mut candidates = Vec::new();
    // Who invested, from the applied portal imports (one item per lead with money).
    let imports: Vec<String> = state.investments().portals(owner_id).await?.into_iter().filter_map(|p| p.active).collect();
    let invested: HashSet<String> = state.investments().leads_of(owner_id, &imports).await?.into_values().filter(|i| i.invested()).map(|i| i.lead_id).collect();
    state.lead_listings().each_of_owner(owner_id, |lead| {
        let form = forms.get(&lead.form_id);
        let data: serde_json::Map<String, Value> = lead.data.iter().map(|(k, v)| (k.clone(), Value::String(v.clone()))).collect();
        let summary = LeadSummary::of(&answers_in_order(form.map(|f| f.fields.as_slice()).unwrap_or_default(), &data), lead.location_data.as_ref());
        let has_invested = invested.contains(&lead.id);
        candidates.push(Candidate {
            lead_id: lead.id,
            form_id: lead.form_id,
            form_name: form.map(|f| f.name.clone()),
            temperature: Temperature::from_status(&lead.status),
            state: lead.facets.state.or(summary.state),
            created_at: lead.created_at,
            email: summary.email,
            name: summary.name,
            emailed: lead.contacted_at.is_some(),
            invested: has_invested,
            indicated: lead.estimated_amount,
        });
    })
    .await?;
    Ok(candidates)
}

/// The segment's audience over the founder's leads and suppressions.
pub async fn audience_of(state: &AppState, owner_id: &str, segment: &Segment) -> Result<Audience> {
    let forms = forms_by_id(state, owner_id).await?;
    let (leads, suppressed) = tokio::try_join!(
        candidates(state, owner_id, &forms),
        async { Ok(state.campaigns().suppressions(owner_id).await?) },
    )?;
    let suppressed: HashSet<String> = suppressed_set(&suppressed);
    Ok(audience(leads, segment, &suppressed))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AudienceBody {
    #[serde(default)]
    segment: Segment,
}

#[tracing::instrument(skip(state, body), fields(company_id = %member.company_id))]
async fn count_audience(State(state): State<AppState>, member: Member, JsonBody(body): JsonBody<AudienceBody, 16_384>) -> Result<Json<Audience>> {
    pro(&state, &member).await?;
    let mut segment = body.segment;
    segment.validate()?;
    Ok(Json(audience_of(&state, &member.company_id, &segment).await?))
}

/// The notice every campaign carries, and the offering's status it was chosen for: while the
/// raise tests the waters, the Rule 206 legend of the founder's newest live form (or the
/// default legend); after the Form C is filed, the offering notice Rule 204 permits (the
/// intermediary and the link to the offering page).
pub async fn legend(state: &AppState, owner_id: &str) -> Result<(String, OfferingStatus)> {
    let (forms, offering) = tokio::try_join!(
        state.forms().list_forms(owner_id),
        state.profiles().get_offering(owner_id),
    )?;
    if offering.status.accepts_interest() {
        let newest = forms.iter().filter(|f| f.is_published && !f.is_archived).max_by(|a, b| a.updated_at.cmp(&b.updated_at));
        let text = newest.map(|f| f.offering_settings.disclaimer.clone()).unwrap_or_else(|| shared::forms::DEFAULT_LEGEND.to_owned());
        return Ok((text, offering.status));
    }
    let company = state.profiles().sender(owner_id).await?.company_name;
    let stage = OfferingStage::from(&offering);
    let text = match notice(&stage, &company) {
        Some(n) => match n.link_url {
            Some(url) => format!("{} {}", n.message, url),
            None => n.message,
        },
        None => String::new(),
    };
    Ok((text, offering.status))
}

/// What previews, tests and the list show for the company until the founder names it anywhere.
pub const NO_COMPANY_NAME: &str = "Your company";

/// The company name the founder's previews, tests and campaign list show
/// ([`shared::campaigns::company_name`]: the sender identity's, else their forms'), or
/// [`NO_COMPANY_NAME`]. Sending itself needs the sender identity's ([`launch::require_sender`]).
pub async fn company_name(state: &AppState, owner_id: &str) -> Result<String> {
    let sender = state.profiles().sender(owner_id).await?;
    if !sender.company_name.trim().is_empty() {
        return Ok(sender.company_name);
    }
    let forms = state.forms().list_forms(owner_id).await?;
    let named = shared::campaigns::company_name(&sender.company_name, forms.iter().map(|f| f.content_settings.form_content.company_name.as_str()));
    Ok(named.unwrap_or(NO_COMPANY_NAME).to_owned())
}

/// The sender's identity (from Settings; the company name as [`company_name`] finds it), the
/// legend and the founder's address.
pub async fn compliance(state: &AppState, member: &Member) -> Result<Compliance> {
    let (sender, company, (legend, _)) = tokio::try_join!(
        async { Ok::<_, ApiError>(state.profiles().sender(&member.company_id).await?) },
        company_name(state, &member.company_id),
        legend(state, &member.company_id)
    )?;
    let mut compliance = sending::compliance(&sender, legend, member.user.email.clone());
    compliance.company_name = company;
    if compliance.postal_address.is_empty() {
        compliance.postal_address = "Your postal address (add it in Settings before sending)".into();
    }
    Ok(compliance)
}

#[tracing::instrument(skip(state), fields(company_id = %member.company_id))]
async fn preview(State(state): State<AppState>, member: Member, Path(id): Path<String>) -> Result<Json<Value>> {
    pro(&state, &member).await?;
    let campaign = state.campaigns().owned(&id, &member.company_id).await?;
    let audience = audience_of(&state, &member.company_id, &campaign.segment).await?;
    let sample = Recipient::new("investor@example.com", String::new(), Some("Alex Investor".into()), None);
    let recipient = audience.recipients.first().cloned().unwrap_or(sample);
    let compliance = compliance(&state, &member).await?;
    let origin = &state.config.app_origin;
    let links = Links {
        unsubscribe_page: format!("{origin}/unsubscribe/preview"),
        one_click: format!("{origin}/api/campaigns/unsubscribe/preview"),
        mailto: format!("mailto:{}?subject=unsubscribe", compliance.reply_to),
        open_pixel: None,
        click: None,
    };
    let rendered = render(&campaign.content, &MergeValues::of(&recipient, &compliance.company_name), &compliance, &links);
    Ok(Json(json!({ "recipient": recipient.email, "rendered": rendered, "audience": audience })))
}

// ------------------------------------------------------------------ sending

/// Test sends per founder per hour.
pub const TESTS_PER_HOUR: shared::rate_limit::Rule = shared::rate_limit::Rule::new("campaign-test", 3600, 20);

/// Sends the campaign, as its first recipient (or a sample investor) would get it, to the
/// founder's own address: links go straight to their destinations (no click redirect), and
/// the unsubscribe links are placeholders.
#[tracing::instrument(skip(campaigns_state), fields(company_id = %member.company_id))]
async fn send_test(State(campaigns_state): State<CampaignsState>, member: Member, Path(id): Path<String>) -> Result<(StatusCode, Json<Value>)> {
    member.require(Action::DraftCampaigns)?;
    let state = &campaigns_state.app;
    pro(state, &member).await?;
    let campaign = state.campaigns().owned(&id, &member.company_id).await?;
    campaign.content.ready()?;
    if shared::rate_limit::reserve(state.rate_limits(), &TESTS_PER_HOUR, &member.company_id).await?.is_none() {
        return Err(ApiError { retry_after: Some(600), ..ApiError::new(StatusCode::TOO_MANY_REQUESTS, "test_rate_limited", "You have sent many tests this hour. Please wait a little.") });
    }
    let audience = audience_of(state, &member.company_id, &campaign.segment).await?;
    let sample = Recipient::new(member.user.email.clone(), String::new(), Some("Alex Investor".into()), None);
    let recipient = Recipient { email: member.user.email.clone(), ..audience.recipients.first().cloned().unwrap_or(sample) };
    let mut test = Campaign { reply_to: Some(member.user.email.clone()), ..campaign };
    test.content.subject = format!("[Test] {}", test.content.subject);
    let mut job = sending::Job::load(state, test).await?;
    job.compliance = compliance(state, &member).await?;
    // Rendered as its first recipient would read it, but with no one's live link: a test is
    // never wrapped for click tracking, carries no open pixel and no working unsubscribe token.
    let email = job.placeholder_message(state, &recipient, &MergeValues::of(&recipient, &job.compliance.company_name));
    campaigns_state.mailer().await?.send(&email).await.map_err(|err| ApiError::internal(anyhow::anyhow!("test send failed: {}", err.message)))?;
    Ok((StatusCode::ACCEPTED, Json(json!({ "sentTo": member.user.email }))))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SendBody {
    version: u64,
}

/// Starts sending a draft: the sender's identity must be complete and the audience not empty;
/// the audience is snapshot and the senders take it from there.
#[tracing::instrument(skip(campaigns_state, body), fields(company_id = %member.company_id))]
async fn send(State(campaigns_state): State<CampaignsState>, member: Member, Path(id): Path<String>, JsonBody(body): JsonBody<SendBody, 1024>) -> Result<(StatusCode, Json<Campaign>)> {
    member.require(Action::SendCampaigns)?;
    let state = &campaigns_state.app;
    pro(state, &member).await?;
    member.user.refuse_impersonation()?;
    let campaign = state.campaigns().owned(&id, &member.company_id).await?;
    launch::require_draft(&campaign.status)?;
    campaign.content.ready()?;
    launch::require_approved(state, &member, &campaign, body.version).await?;
    launch::require_sender(&state.profiles().sender(&member.company_id).await?)?;
    let audience = audience_of(state, &member.company_id, &campaign.segment).await?;
    launch::require_audience(&audience)?;
    launch::start_sending(&campaigns_state, &id, &member.company_id, &member.user.email, body.version, &audience).await?;
    Ok((StatusCode::ACCEPTED, Json(state.campaigns().owned(&id, &member.company_id).await?)))
}

/// Cancels a scheduled, sending or paused campaign: recipients not yet sent never are.
async fn cancel(State(state): State<AppState>, member: Member, Path(id): Path<String>) -> Result<Json<Campaign>> {
    member.require(Action::SendCampaigns)?;
    pro(&state, &member).await?;
    state.campaigns().owned(&id, &member.company_id).await?;
    if !state.campaigns().transition(&id, &["scheduled", "sending", "paused"], "cancelled", Some("Cancelled by you"), &state.clock.now_iso()).await? {
        return Err(ApiError::conflict("not_cancellable", "Only a scheduled, sending or paused campaign can be cancelled."));
    }
    Ok(Json(state.campaigns().owned(&id, &member.company_id).await?))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ResultsQuery {
    #[serde(default)]
    after: Option<String>,
}

/// The campaign's figures and a page of its recipients (50, by address).
async fn results(State(state): State<AppState>, member: Member, Path(id): Path<String>, shared::http::QueryParams(query): shared::http::QueryParams<ResultsQuery>) -> Result<Json<Value>> {
    pro(&state, &member).await?;
    let campaign = state.campaigns().owned(&id, &member.company_id).await?;
    let (rows, next) = state.campaign_recipients().page(&id, query.after.as_deref(), 50).await?;
    let waiting = campaign.stats.recipients.saturating_sub(campaign.stats.settled());
    let campaign = listed(campaign, &company_name(&state, &member.company_id).await?)?;
    Ok(Json(json!({ "campaign": campaign, "waiting": waiting, "recipients": rows, "next": next })))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ScheduleBody {
    version: u64,
    /// RFC 3339 with an offset (the SPA sends the founder's local time as UTC).
    scheduled_at: String,
}

/// Schedules a draft: the dispatcher starts it at that time, with the audience of that moment.
#[tracing::instrument(skip(state, body), fields(company_id = %member.company_id))]
async fn schedule(State(state): State<AppState>, member: Member, Path(id): Path<String>, JsonBody(body): JsonBody<ScheduleBody, 1024>) -> Result<Json<Campaign>> {
    member.require(Action::SendCampaigns)?;
    pro(&state, &member).await?;
    member.user.refuse_impersonation()?;
    let campaign = state.campaigns().owned(&id, &member.company_id).await?;
    launch::require_draft(&campaign.status)?;
    campaign.content.ready()?;
    launch::require_approved(&state, &member, &campaign, body.version).await?;
    let at = time::OffsetDateTime::parse(body.scheduled_at.trim(), &time::format_description::well_known::Rfc3339)
        .map_err(|_| ApiError::bad_request("invalid_schedule", "Choose a date and time for the campaign."))?;
    let now = state.clock.now();
    if at < now + time::Duration::minutes(2) || at > now + time::Duration::days(365) {
        return Err(ApiError::bad_request("invalid_schedule", "Choose a time at least a few minutes from now and within a year."));
    }
    launch::require_sender(&state.profiles().sender(&member.company_id).await?)?;
    let when = shared::time::iso(at.to_offset(time::UtcOffset::UTC));
    if !state.campaigns().schedule(&id, body.version, &when, &member.user.email, &state.clock.now_iso()).await? {
        return Err(ApiError::conflict("campaign_changed", "This campaign changed since you opened it. Reload it to see the latest version."));
    }
    Ok(Json(state.campaigns().owned(&id, &member.company_id).await?))
}
