//! `ai-chat`: Sparky, the assistant (spec 4, Chat; spec 7, `ai-chat` and `ai_chat_questions`).
//!
//! - `POST /api/ai-chat` `{messages:[{role,content}], context:{currentPage,userAgent}}` → `{message}`
//! - `GET  /api/ai-chat/popular` — the 5 most popular questions others may see
//! - `GET  /api/ai-chat/contact` — the chat's contact strip (e-mail, text message)
//! - `GET  /api/ai-chat/gaps`    — questions Sparky could not ground (admins only)
//! - `GET  /api/ai-chat/topics`  — the topics counted for the popular list (admins only)
//! - `PUT  /api/ai-chat/topics/{key}/hidden` `{hidden}` — hide a topic, or show it (admins only)
//!
//! Answers come from the Help Center (BM25 over `help/*.md`, compiled in) and, for questions
//! about the caller's own account, from the caller's own counters and forms. With
//! `AI_PROVIDER=bedrock | openai` a model phrases the answer from the same passages; any
//! failure of the model falls back to the built-in answer.

pub mod account;
pub mod answer;
pub mod calculator;
pub mod config;
pub mod guard;
pub mod knowledge;
pub mod meaning;
pub mod providers;
pub mod questions;
mod reply;
pub mod words;

use std::sync::Arc;

use axum::{
    Json, Router,
    extract::State,
    http::StatusCode,
    routing::{get, post},
};
use serde::Deserialize;
use serde_json::{Value, json};
use shared::{
    http::member::Member,
    ApiError, AppState, Result,
    auth::AuthUser,
    http::JsonBody,
    rate_limit::{self, Rule},
};
use tokio::sync::OnceCell;

use crate::{
    account::{AccountFacts, CampaignFacts, FormFacts, LeadFacts, PlanFacts, RECENT_LEADS},
    answer::Contact,
    providers::Llm,
};

pub use reply::Reply;

/// Spec 8: the toast the SPA shows on failure; also the message of a 5xx here.
pub const FAILED: &str = "Failed to get AI response";
pub const MAX_MESSAGES: usize = 20;
pub const MAX_CHARS: usize = 2_000;
/// 30 questions per user per 10 minutes.
pub const PER_USER: Rule = Rule::new("ai-chat-user", 600, 30);

pub use shared::ai::{ChatMessage, Role};

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ChatContext {
    #[serde(default)]
    current_page: Option<String>,
    /// Accepted (the spec's body) but not kept: it describes a browser, not a question.
    #[serde(default, rename = "userAgent")]
    _user_agent: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChatRequest {
    messages: Vec<ChatMessage>,
    #[serde(default)]
    context: Option<ChatContext>,
}

/// Sparky for one deployment: the state and the model, when one is configured (made once).
#[derive(Clone)]
pub struct Sparky {
    app: AppState,
    llm: Arc<OnceCell<Option<Llm>>>,
}

impl axum::extract::FromRef<Sparky> for AppState {
    fn from_ref(state: &Sparky) -> Self {
        state.app.clone()
    }
}

impl axum::extract::FromRef<Sparky> for shared::auth::TokenKeys {
    fn from_ref(state: &Sparky) -> Self {
        state.app.tokens.clone()
    }
}

impl Sparky {
    pub fn new(app: AppState) -> Self {
        Self { app, llm: Arc::new(OnceCell::new()) }
    }

    /// The reply to a conversation (its last message is the question) for `user_id`, from
    /// their own figures and the Help Center. Neither rate-limited nor remembered: the route
    /// does both.
    pub async fn reply(&self, user_id: &str, messages: &[ChatMessage]) -> Result<Reply> {
        Ok(self.reply_with_facts(user_id, messages).await?.0)
    }

    /// The reply, and whether the caller's company pays (for the popular list).
    async fn reply_with_facts(&self, user_id: &str, messages: &[ChatMessage]) -> Result<(Reply, bool)> {
        let question = validate(messages)?;
        let facts = load_facts(&self.app, user_id).await?;
        let paying = facts.plan.as_ref().is_some_and(PlanFacts::is_paying);
        Ok((reply::reply(self, question, &facts, messages).await, paying))
    }

    async fn llm(&self) -> Option<&Llm> {
        self.llm
            .get_or_init(|| async {
                let sdk = shared::state::aws_sdk_config(&self.app.config).await;
                Llm::from_config(&self.app.config.ai, &sdk, &self.app.http)
            })
            .await
            .as_ref()
    }

    fn contact(&self) -> Contact {
        Contact { email: self.app.config.support_email.clone(), sms: self.app.config.support_sms.clone() }
    }
}

pub fn router(state: AppState) -> Router {
    let chat = Sparky::new(state.clone());
    let router = Router::new()
        .route("/", post(chat_reply))
        .route("/popular", get(popular))
        .route("/contact", get(contact))
        .route("/gaps", get(gaps))
        .route("/topics", get(topics))
        .route("/topics/{key}/hidden", axum::routing::put(hide_topic))
        .with_state(chat);
    shared::http::audit::audited("ai-chat", router, &state)
}

/// The conversation as the model and the built-in provider get it: at most 20 messages of at
/// most 2,000 characters, ending with the founder's question.
fn validate(messages: &[ChatMessage]) -> Result<&str> {
    if messages.is_empty() || messages.len() > MAX_MESSAGES {
        return Err(ApiError::bad_request("invalid_messages", format!("Send between 1 and {MAX_MESSAGES} messages.")));
    }
    if messages.iter().any(|m| m.content.chars().count() > MAX_CHARS) {
        return Err(ApiError::bad_request("message_too_long", format!("A message can be at most {MAX_CHARS} characters long.")));
    }
    let last = messages.last().expect("not empty");
    if last.role != Role::User || last.content.trim().is_empty() {
        return Err(ApiError::bad_request("empty_question", "Please type a question."));
    }
    Ok(last.content.trim())
}

/// The caller's own figures, read together: the profile's counters, the forms, one page of
/// the newest leads, the campaigns, the vault's head, the offering and the subscription —
/// whatever the data size, and only the caller's (every read is keyed by their id).
async fn load_facts(state: &AppState, user_id: &str) -> Result<AccountFacts> {
    let (profile, forms, recent, campaigns, vault_records, offering, subscription) = tokio::try_join!(
        state.profiles().get_profile(user_id),
        state.forms().list_forms(user_id),
        state.lead_listings().recent(user_id, RECENT_LEADS),
        state.campaigns().list(user_id),
        shared::repo::vault_head::record_count(&state.dynamo, &state.config.tables, user_id),
        state.profiles().get_offering(user_id),
        state.subscriptions().get::<shared::plans::SubscriptionRecord>(user_id),
    )?;
    let profile = profile.unwrap_or_else(|| shared::repo::profiles::Profile::empty(user_id));
    let by_id: std::collections::HashMap<&str, &shared::forms::Form> = forms.iter().map(|f| (f.id.as_str(), f)).collect();
    let recent = recent
        .iter()
        .map(|lead| {
            let form = by_id.get(lead.form_id.as_str());
            let fields = form.map(|f| f.fields.as_slice()).unwrap_or_default();
            let answers = shared::leads::answers_in_order(fields, &lead.data);
            let summary = shared::leads::LeadSummary::of(&answers, lead.location.as_ref());
            let amount = answers
                .iter()
                .find(|a| a.preset == Some("investment_amount"))
                .and_then(|a| a.value.as_str())
                .map(str::to_owned)
                .or(summary.investment_range.clone());
            LeadFacts {
                name: summary.name.clone().unwrap_or_else(|| "An investor without a name".into()),
                email: summary.email.clone(),
                phone: summary.phone.clone(),
                form: form.map(|f| f.name.clone()).unwrap_or_else(|| "a deleted form".into()),
                temperature: Some(shared::leads::Temperature::from_status(&lead.status)),
                amount,
                estimated: lead.estimated_amount.unwrap_or_else(|| shared::leads::estimated_investment(&answers)),
                created_at: lead.created_at.clone(),
            }
        })
        .collect();
    let plan = subscription.filter(|s| s.status.is_some()).map(|s| {
        let plans = shared::billing::plans(&state.config.stripe);
        let name = s.plan.clone().or_else(|| s.price_id.as_deref().and_then(|id| shared::plans::plan_for_price(&plans, id)).map(|p| p.name.to_owned()));
        PlanFacts { name: name.unwrap_or_else(|| "RaiseSpark".into()), status: s.status.clone().unwrap_or_default(), trial_end: s.trial_end, period_end: s.current_period_end }
    });
    Ok(AccountFacts {
        leads: profile.interested_investors_count,
        hot: profile.hot_leads,
        warm: profile.warm_leads,
        cold: profile.cold_leads,
        estimated_interest: profile.estimated_interest,
        forms: forms
            .into_iter()
            .filter(|form| !form.is_archived)
            .map(|form| FormFacts { views: form.views, leads: form.leads_count, published: form.is_published, id: form.id, name: form.name })
            .collect(),
        recent,
        campaigns: campaigns
            .into_iter()
            .map(|c| CampaignFacts {
                name: c.content.name,
                status: c.status,
                sent_at: c.finished_at.or(c.started_at),
                recipients: c.stats.recipients,
                delivered: c.stats.delivered,
                opened: c.stats.opened,
                clicked: c.stats.clicked,
            })
            .collect(),
        vault_records,
        offering: (offering.status.label().to_owned(), offering.filing_date),
        plan,
        now: state.clock.unix(),
    })
}

/// Keeps the question (spec 7), counts its topic toward the popular list when the asker's
/// company pays, and keeps it as a coverage gap when nothing grounded the reply. Spec 8: saving
/// the question only logs its failures.
async fn remember(state: &AppState, user_id: &str, question: &str, page: &str, reply: &Reply, paying: bool) {
    let now = state.clock.now_iso();
    let salts = state.config.links.question_salt.salts();
    if let Err(err) = questions::record(state.ai_questions(), &salts, user_id, question, page, &now).await {
        tracing::warn!(error = %err, "chat question not saved");
    }
    if let Some(topic) = reply.topic.as_ref().filter(|_| paying) {
        if let Err(err) = questions::record_topic(state.ai_questions(), &salts, user_id, topic, &now).await {
            tracing::warn!(error = %err, "chat topic not counted");
        }
    }
    if !reply.grounded {
        if let Err(err) = questions::record_gap(state.ai_questions(), question, page, &now).await {
            tracing::warn!(error = %err, "coverage gap not saved");
        }
    }
}

#[tracing::instrument(skip(chat, body), fields(user_id = %member.user.id, company_id = %member.company_id))]
async fn chat_reply(State(chat): State<Sparky>, member: Member, JsonBody(body): JsonBody<ChatRequest, 65_536>) -> Result<Json<Value>> {
    let question = validate(&body.messages)?.to_owned();
    let state = &chat.app;
    if rate_limit::reserve(state.rate_limits(), &PER_USER, &member.user.id).await?.is_none() {
        return Err(ApiError {
            retry_after: Some(60),
            ..ApiError::new(StatusCode::TOO_MANY_REQUESTS, "chat_rate_limited", "You have asked a lot of questions in a short time. Please wait a few minutes.")
        });
    }
    let page = body.context.as_ref().and_then(|c| c.current_page.clone()).unwrap_or_default();
    let (reply, paying) = chat.reply_with_facts(&member.company_id, &body.messages).await?;
    remember(state, &member.user.id, &question, &page, &reply, paying).await;
    Ok(Json(json!({ "message": reply.message })))
}

/// Spec 7: the most popular questions (5).
#[tracing::instrument(skip(chat))]
async fn popular(State(chat): State<Sparky>, _user: AuthUser) -> Result<Json<Value>> {
    let state = &chat.app;
    let questions = questions::popular(state.ai_questions(),).await?;
    Ok(Json(json!({ "questions": questions })))
}

#[tracing::instrument(skip(chat))]
async fn contact(State(chat): State<Sparky>, _user: AuthUser) -> Json<Value> {
    let contact = chat.contact();
    Json(json!({ "email": contact.email, "sms": contact.sms }))
}

fn admin_only(state: &AppState, user: &AuthUser) -> Result<()> {
    user.refuse_impersonation()?;
    if !state.is_admin(&user.id) {
        return Err(ApiError::new(StatusCode::FORBIDDEN, "forbidden", "Only administrators can use the admin area."));
    }
    Ok(())
}

/// The topics counted for the popular list, with which are shown: admins only.
#[tracing::instrument(skip(chat))]
async fn topics(State(chat): State<Sparky>, user: AuthUser) -> Result<Json<Value>> {
    admin_only(&chat.app, &user)?;
    let topics = questions::topics(chat.app.ai_questions()).await?;
    Ok(Json(json!({ "topics": topics })))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct HiddenBody {
    hidden: bool,
}

/// Hides a topic from every founder's popular list, or shows it again: admins only.
#[tracing::instrument(skip(chat, body))]
async fn hide_topic(
    State(chat): State<Sparky>,
    user: AuthUser,
    axum::extract::Path(key): axum::extract::Path<String>,
    JsonBody(body): JsonBody<HiddenBody, 1_024>,
) -> Result<Json<Value>> {
    admin_only(&chat.app, &user)?;
    if !chat.app.ai_questions().set_topic_hidden(&key, body.hidden).await? {
        return Err(ApiError::new(StatusCode::NOT_FOUND, "topic_not_found", "No such topic."));
    }
    Ok(Json(json!({ "key": key, "hidden": body.hidden })))
}

/// Coverage gaps for the Help Center's authors: admins only.
#[tracing::instrument(skip(chat))]
async fn gaps(State(chat): State<Sparky>, user: AuthUser) -> Result<Json<Value>> {
    let state = &chat.app;
    admin_only(state, &user)?;
    let gaps = questions::gaps(state.ai_questions(), 50).await?;
    Ok(Json(json!({ "gaps": gaps })))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(text: &str) -> ChatMessage {
        ChatMessage { role: Role::User, content: text.into() }
    }

    #[test]
    fn the_history_is_bounded_and_ends_with_a_question() {
        assert_eq!(validate(&[user("  hi  ")]).unwrap(), "hi");
        assert_eq!(validate(&[]).unwrap_err().status, StatusCode::BAD_REQUEST);
        assert_eq!(validate(&vec![user("q"); 21]).unwrap_err().code, "invalid_messages");
        assert_eq!(validate(&[user(&"x".repeat(2_001))]).unwrap_err().code, "message_too_long");
        assert_eq!(validate(&[user("   ")]).unwrap_err().code, "empty_question");
        assert_eq!(validate(&[user("q"), ChatMessage { role: Role::Assistant, content: "a".into() }]).unwrap_err().code, "empty_question");
    }
}
