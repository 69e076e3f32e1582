//! `leads`: the founder's investor leads and the dashboard's figures. Only the caller's leads
//! are ever read: they are queried by owner, or by a form the caller owns (another user's form
//! or lead answers 404).
//!
//! - `GET    /api/leads?formId=&temperature=&q=&cursor=` — a page of leads, newest first
//! - `GET    /api/leads/recent` — the 5 newest leads with their form
//! - `GET    /api/leads/summary` — totals, conversion, estimated interest and achievements
//! - `GET    /api/leads/trends?formId=` — leads per week (12) and per day (30), the temperatures
//! - `GET    /api/leads/funnel` — each form's funnel (views → starts → leads, where visitors
//!   stop) and the sources table (by source, campaign and page: views, starts, leads, hot)
//! - `GET    /api/leads/export?formId=` — every lead as CSV, streamed page by page
//! - `PATCH  /api/leads/{id}` — `{status: cold|warm|hot}`
//! - `DELETE /api/leads/{id}`
//! - `/api/leads/imports…`, `/api/leads/investments` — portal imports (see [`imports`])

pub mod config;
pub mod csv;
mod export;
pub mod imports;
mod trends;

use std::collections::HashMap;

use axum::{
    Json, Router,
    extract::{Path, State},
    http::{StatusCode, header},
    response::{IntoResponse, Response},
    routing::{get, patch, post},
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use shared::{
    http::member::Member,
    teams::Action,
    ApiError, AppState, Result,
    dashboard::{Summary, Totals},
    forms::Form,
    http::JsonBody,
    leads::{LeadSummary, Temperature, answers_in_order, display_data, estimated_investment, location_label},
    lead_stats::{Dimension, day_string},
    funnel::{FormFunnel, SourceRow, source_rows},
    repo::lead_listings::{Filter, Scope, StoredLead},
};

use crate::trends::{Temperatures, Trends};

pub const PAGE_SIZE: usize = 25;
pub const RECENT: i32 = 5;
/// A filtered page reads at most this many DynamoDB pages before answering with what it has.
const MAX_READS: usize = 8;
/// Leads per DynamoDB page while exporting: one page is all the export holds in memory.
const EXPORT_PAGE: i32 = 500;
const MAX_SEARCH: usize = 100;

pub fn router(state: AppState) -> Router {
    let router = Router::new()
        .route("/", get(list))
        .route("/recent", get(recent))
        .route("/summary", get(summary))
        .route("/trends", get(trends))
        .route("/funnel", get(funnel))
        .route("/export", get(export))
        .route("/imports", get(imports::list).post(imports::start))
        .route("/imports/{id}", get(imports::show))
        .route("/imports/{id}/read", post(imports::read))
        .route("/imports/{id}/apply", post(imports::apply))
        .route("/investments", get(imports::investors))
        .route("/{id}", patch(set_status).delete(remove))
        .with_state(state.clone());
    shared::http::audit::audited("leads", shared::http::activity::recorded("leads", router, &state), &state)
}

// ------------------------------------------------------------------ reading leads

/// A lead as the leads page shows it (spec 3, display view).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LeadView {
    id: String,
    form_id: String,
    form_name: Option<String>,
    data: Map<String, Value>,
    temperature: Temperature,
    estimated_amount: u64,
    created_at: String,
    summary: LeadSummary,
    /// Where the investor came from: the embedding page, its `utm_*`, its referrer.
    #[serde(skip_serializing_if = "shared::attribution::Attribution::is_empty")]
    attribution: shared::attribution::Attribution,
    /// The source it counts under ("newsletter", "Direct / none"); none for older leads.
    #[serde(skip_serializing_if = "Option::is_none")]
    source: Option<String>,
    /// Once a portal import is applied (and the caller may see investments): what the lead
    /// invested, `null` for "not yet". Absent before any import.
    #[serde(skip_serializing_if = "Option::is_none")]
    investment: Option<Option<shared::invested::LeadInvestment>>,
}

pub(crate) fn location_label_of(lead: &StoredLead) -> Option<String> {
    let l = lead.location.as_ref()?;
    location_label(l.city.as_deref(), l.region.as_deref(), l.country_name.as_deref())
}

fn view(lead: StoredLead, forms: &HashMap<String, Form>) -> LeadView {
    let form = forms.get(&lead.form_id);
    let fields = form.map(|f| f.fields.as_slice()).unwrap_or_default();
    let answers = answers_in_order(fields, &lead.data);
    let estimated_amount = lead.estimated_amount.unwrap_or_else(|| estimated_investment(&answers));
    let summary = LeadSummary::of(&answers, lead.location.as_ref());
    let data = display_data(&answers, location_label_of(&lead));
    LeadView {
        form_name: form.map(|f| f.name.clone()),
        temperature: Temperature::from_status(&lead.status),
        estimated_amount,
        summary,
        data,
        id: lead.id,
        form_id: lead.form_id,
        created_at: lead.created_at,
        source: lead.source.as_deref().map(|source| shared::attribution::source_label(source).to_owned()),
        attribution: lead.attribution,
        investment: None,
    }
}

/// Each view's investment, when an import is applied and the caller may see it.
async fn with_investments(state: &AppState, member: &Member, views: &mut [LeadView]) -> Result<()> {
    let ids: Vec<String> = views.iter().map(|v| v.id.clone()).collect();
    if let Some(mut found) = imports::of_leads(state, member, &ids).await? {
        for view in views {
            view.investment = Some(found.remove(&view.id));
        }
    }
    Ok(())
}

async fn forms_by_id(state: &AppState, member: &Member) -> Result<HashMap<String, Form>> {
    Ok(state.forms().list_forms(&member.company_id).await?.into_iter().map(|f| (f.id.clone(), f)).collect())
}

/// The caller's scope: `formId` must be one of the caller's forms.
async fn scope(state: &AppState, member: &Member, form_id: Option<&str>) -> Result<Scope> {
    match form_id.filter(|id| !id.is_empty()) {
        Some(id) => {
            state.forms().owned_form(id, &member.company_id).await?;
            Ok(Scope::Form(id.to_owned()))
        }
        None => Ok(Scope::Owner(member.company_id.clone())),
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ListQuery {
    form_id: Option<String>,
    temperature: Option<String>,
    q: Option<String>,
    cursor: Option<String>,
}

fn parse_temperature(value: Option<&str>) -> Result<Option<Temperature>> {
    match value {
        None | Some("" | "all") => Ok(None),
        Some(t @ ("hot" | "warm" | "cold")) => Ok(Some(Temperature::from_status(t))),
        Some(_) => Err(ApiError::bad_request("invalid_temperature", "temperature must be hot, warm or cold.")),
    }
}

fn parse_search(value: Option<&str>) -> Result<Option<String>> {
    let q = value.map(str::trim).unwrap_or_default();
    if q.chars().count() > MAX_SEARCH {
        return Err(ApiError::bad_request("invalid_search", "Search for at most 100 characters."));
    }
    Ok((!q.is_empty()).then(|| q.to_lowercase()))
}

#[tracing::instrument(skip(state))]
async fn list(State(state): State<AppState>, member: Member, shared::http::QueryParams(query): shared::http::QueryParams<ListQuery>) -> Result<Json<Value>> {
    let temperature = parse_temperature(query.temperature.as_deref())?;
    let search = parse_search(query.q.as_deref())?;
    let scope = scope(&state, &member, query.form_id.as_deref()).await?;
    let start = query.cursor.as_deref().map(|c| scope.decode_cursor(c)).transpose()?;
    let forms = forms_by_id(&state, &member).await?;
    let filter = Filter { status: temperature.map(Temperature::as_str), search: search.as_deref() };
    let page = state.lead_listings().page(&scope, filter, start, PAGE_SIZE, MAX_READS).await?;
    let mut views: Vec<LeadView> = page.leads.into_iter().map(|lead| view(lead, &forms)).collect();
    with_investments(&state, &member, &mut views).await?;
    let next = page.next;
    Ok(Json(json!({ "leads": views, "nextCursor": next })))
}

#[tracing::instrument(skip(state))]
async fn recent(State(state): State<AppState>, member: Member) -> Result<Json<Value>> {
    let forms = forms_by_id(&state, &member).await?;
    let leads = state.lead_listings().recent(&member.company_id, RECENT).await?;
    let mut leads: Vec<LeadView> = leads.into_iter().map(|lead| view(lead, &forms)).collect();
    with_investments(&state, &member, &mut leads).await?;
    Ok(Json(json!({ "leads": leads })))
}

/// Two reads, whatever the number of leads: the profile's counters and the forms' views.
#[tracing::instrument(skip(state))]
async fn summary(State(state): State<AppState>, member: Member) -> Result<Json<Summary>> {
    let (profile, forms) =
        tokio::try_join!(state.profiles().get_profile(&member.company_id), state.forms().list_forms(&member.company_id))?;
    let profile = profile.unwrap_or_else(|| shared::repo::profiles::Profile::empty(&member.company_id));
    let totals = Totals {
        forms: forms.len() as u64,
        views: forms.iter().fold(0u64, |sum, f| sum.saturating_add(f.views)),
        max_form_views: forms.iter().map(|f| f.views).max().unwrap_or(0),
        leads: profile.interested_investors_count,
        estimated_interest: profile.estimated_interest,
    };
    Ok(Json(Summary::of(totals)))
}

// ------------------------------------------------------------------ trends

/// Weeks in the dashboard's chart; days in the leads page's chart.
pub const TREND_WEEKS: u32 = 12;
pub const TREND_DAYS: u32 = 30;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct TrendsQuery {
    form_id: Option<String>,
}

/// The charts' figures from the aggregates kept on write: one Query of at most 84 day items
/// and the profile, whatever the number of leads. With `formId` (the caller's form, else 404)
/// the weeks and days are that form's.
#[tracing::instrument(skip(state), fields(company_id = %member.company_id))]
async fn trends(State(state): State<AppState>, member: Member, shared::http::QueryParams(query): shared::http::QueryParams<TrendsQuery>) -> Result<Json<Trends>> {
    if let Some(form_id) = &query.form_id {
        state.forms().owned_form(form_id, &member.company_id).await?;
    }
    let today = shared::lead_stats::date_of(state.clock.now());
    let (from, to) = (day_string(trends::first_day(today)), day_string(today));
    let (profile, stats) = tokio::try_join!(
        state.profiles().get_profile(&member.company_id),
        state.lead_stats().days(&member.company_id, query.form_id.as_deref(), &from, &to),
    )?;
    let temperatures = profile.map(|p| Temperatures { hot: p.hot_leads, warm: p.warm_leads, cold: p.cold_leads }).unwrap_or_default();
    Ok(Json(Trends::of(&stats, today, temperatures, query.form_id)))
}

// ------------------------------------------------------------------ funnel and sources

#[derive(Debug, Serialize)]
struct Sources {
    source: Vec<SourceRow>,
    campaign: Vec<SourceRow>,
    page: Vec<SourceRow>,
}

/// Indicated (what leads said on the form) against invested (what the portal confirmed), with
/// the offering's target; the conversion by temperature and form. Only once an import is
/// applied, and only for roles that may see investments.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Investments {
    indicated: u64,
    target: Option<u64>,
    investors: u64,
    invested_cents: u64,
    pending_cents: u64,
    leads_invested: u64,
    /// Investors matched to no lead (they came straight to the portal).
    unmatched: shared::invested::Tally,
    by_temperature: Vec<Conversion>,
    by_form: Vec<Conversion>,
}

/// Of `leads`, how many invested, their dollars and the rate.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Conversion {
    value: String,
    label: String,
    leads: u64,
    investors: u64,
    invested_cents: u64,
    rate: Option<f64>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Funnel {
    forms: Vec<FormFunnel>,
    sources: Sources,
    #[serde(skip_serializing_if = "Option::is_none")]
    investments: Option<Investments>,
}

/// Bounded reads whatever the number of leads or visitors: the founder's dimension items (at
/// most each dimension's cap) and one Query of stopping fields per form.
#[tracing::instrument(skip(state, member), fields(company_id = %member.company_id))]
async fn funnel(State(state): State<AppState>, member: Member) -> Result<Json<Funnel>> {
    let (mut forms, stats) = tokio::try_join!(
        async { Ok::<_, ApiError>(state.forms().list_forms(&member.company_id).await?) },
        async { Ok::<_, ApiError>(state.lead_stats().dimensions(&member.company_id).await?) },
    )?;
    forms.sort_by(|a, b| b.created_at.cmp(&a.created_at));
    let stops = futures::future::try_join_all(forms.iter().map(|form| state.lead_stats().stops(&member.company_id, &form.id))).await?;
    let all_forms = &forms;
    let forms = forms
        .iter()
        .zip(&stops)
        .map(|(form, stops)| FormFunnel::of(form, stats.iter().find(|stat| stat.stat == Dimension::Form.key(&form.id)), stops))
        .collect();
    let mut sources = Sources {
        source: source_rows(&stats, Dimension::Source),
        campaign: source_rows(&stats, Dimension::Campaign),
        page: source_rows(&stats, Dimension::Page),
    };
    let investments = match imports::applied_summary(&state, &member).await? {
        None => None,
        Some(summary) => {
            SourceRow::add_investments(&mut sources.source, &summary.by_source);
            SourceRow::add_investments(&mut sources.campaign, &summary.by_campaign);
            SourceRow::add_investments(&mut sources.page, &summary.by_page);
            let profile = state.profiles().get_profile(&member.company_id).await?.unwrap_or_else(|| shared::repo::profiles::Profile::empty(&member.company_id));
            let conversion = |value: &str, label: String, leads: u64, tally: Option<&shared::invested::Tally>| {
                let tally = tally.copied().unwrap_or_default();
                Conversion { value: value.to_owned(), label, leads, investors: tally.investors, invested_cents: tally.cents, rate: shared::funnel::percent(tally.investors, leads) }
            };
            let by_temperature = [("hot", "Hot", profile.hot_leads), ("warm", "Warm", profile.warm_leads), ("cold", "Cold", profile.cold_leads)]
                .into_iter()
                .map(|(value, label, leads)| conversion(value, label.to_owned(), leads, summary.by_temperature.get(value)))
                .collect();
            let by_form = all_forms
                .iter()
                .map(|form| conversion(&form.id, form.name.clone(), form.leads_count, summary.by_form.get(&form.id)))
                .collect();
            Some(Investments {
                indicated: profile.estimated_interest,
                target: all_forms.iter().filter_map(|f| f.offering_settings.target_raise).max(),
                investors: summary.investors,
                invested_cents: summary.invested_cents,
                pending_cents: summary.pending_cents,
                leads_invested: summary.leads_invested,
                unmatched: summary.unmatched,
                by_temperature,
                by_form,
            })
        }
    };
    Ok(Json(Funnel { forms, sources, investments }))
}

// ------------------------------------------------------------------ export

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ExportQuery {
    form_id: Option<String>,
}

/// Streams the CSV one DynamoDB page at a time: memory stays flat however many leads there are.
/// In AWS this runs behind a public function URL: with the origin secret configured, only
/// requests that came through CloudFront (and its WAF) are served.
#[tracing::instrument(skip(state, headers))]
async fn export(
    State(state): State<AppState>,
    headers: axum::http::HeaderMap,
    member: Member,
    shared::http::QueryParams(query): shared::http::QueryParams<ExportQuery>,
) -> Result<Response> {
    member.require(Action::Export)?;
    if state.config.origin_verify_secret.is_some() && !shared::http::from_trusted_cdn(&headers, &state.config) {
        return Err(ApiError::new(axum::http::StatusCode::FORBIDDEN, "forbidden", "Export through the RaiseSpark app."));
    }
    let scope = scope(&state, &member, query.form_id.as_deref()).await?;
    let forms = forms_by_id(&state, &member).await?;
    let form = match &scope {
        Scope::Form(id) => forms.get(id),
        Scope::Owner(_) => None,
    };
    let name = export::file_name(form, &shared::time::now_iso()[..10]);
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{name}\"")),
            (header::CACHE_CONTROL, "no-store".to_owned()),
        ],
        export::csv_body(state.clone(), scope, forms, member.company_id.clone(), imports::applied_imports(&state, &member).await?),
    )
        .into_response())
}

// ------------------------------------------------------------------ changes

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct StatusChange {
    status: String,
}

#[tracing::instrument(skip(state, body))]
async fn set_status(
    State(state): State<AppState>,
    member: Member,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<StatusChange, 1024>,
) -> Result<Json<Value>> {
    member.require(Action::EditLeads)?;
    if !matches!(body.status.as_str(), "cold" | "warm" | "hot") {
        return Err(ApiError::bad_request("invalid_status", "status must be cold, warm or hot."));
    }
    state.leads().set_status(&id, &member.company_id, &body.status).await?;
    Ok(Json(json!({ "id": id, "temperature": body.status })))
}

#[tracing::instrument(skip(state))]
async fn remove(State(state): State<AppState>, member: Member, Path(id): Path<String>) -> Result<StatusCode> {
    member.require(Action::EditLeads)?;
    state.leads().delete_lead(&id, &member.company_id).await?;
    Ok(StatusCode::NO_CONTENT)
}
