//! `leads`: the founder's investor leads, newest first. Only the caller's leads are ever read:
//! they are queried by owner, and a `formId` filter answers 404 for another user's form.
//!
//! - `GET    /api/leads?formId=&temperature=&cursor=` — a page of leads in their display view
//! - `PATCH  /api/leads/{id}` — `{status: cold|warm|hot}`
//! - `DELETE /api/leads/{id}`

use std::collections::HashMap;

use aws_sdk_dynamodb::{error::SdkError, types::AttributeValue};
use axum::{
    Json, Router,
    extract::{Query, State},
    routing::get,
};
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use shared::{
    ApiError, AppState, Result,
    auth::AuthUser,
    forms::Form,
    leads::{Temperature, display_data, estimated_investment, location_label, parse_lead_data},
    repo::forms::{list_forms, owned_form},
};

pub const PAGE_SIZE: i32 = 25;

pub fn router(state: AppState) -> Router {
    Router::new().route("/", get(list)).route("/{id}", axum::routing::patch(set_status).delete(remove)).with_state(state)
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ListQuery {
    form_id: Option<String>,
    temperature: Option<String>,
    cursor: Option<String>,
}

/// A lead as the leads page shows it (spec 3, display view).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LeadView {
    id: String,
    form_id: String,
    form_name: Option<String>,
    data: Map<String, Value>,
    temperature: Temperature,
    estimated_amount: f64,
    created_at: String,
}

fn view(lead: &HashMap<String, AttributeValue>, forms: &HashMap<String, Form>) -> Option<LeadView> {
    let text = |key: &str| lead.get(key).and_then(|v| v.as_s().ok()).cloned();
    let raw: Value = lead.get("data").cloned().and_then(|v| serde_dynamo::from_attribute_value(v).ok()).unwrap_or(Value::Null);
    let data = parse_lead_data(&raw);
    let location = lead.get("location_data").and_then(|v| v.as_m().ok()).and_then(|m| {
        let part = |k: &str| m.get(k).and_then(|v| v.as_s().ok()).map(String::as_str);
        location_label(part("city"), part("region"), part("country_name"))
    });
    let form_id = text("form_id")?;
    let form = forms.get(&form_id);
    let fields = form.map(|f| f.fields.as_slice()).unwrap_or_default();
    Some(LeadView {
        id: text("id")?,
        form_name: form.map(|f| f.name.clone()),
        estimated_amount: estimated_investment(&data),
        data: display_data(fields, &data, location),
        temperature: Temperature::from_status(&text("status").unwrap_or_default()),
        created_at: text("created_at").unwrap_or_default(),
        form_id,
    })
}

fn encode_cursor(key: &HashMap<String, AttributeValue>) -> Option<String> {
    let plain: HashMap<String, String> = key.iter().filter_map(|(k, v)| Some((k.clone(), v.as_s().ok()?.clone()))).collect();
    serde_json::to_vec(&plain).ok().map(|bytes| URL_SAFE_NO_PAD.encode(bytes))
}

fn decode_cursor(cursor: &str, owner: &str) -> Result<HashMap<String, AttributeValue>> {
    let invalid = || ApiError::bad_request("invalid_cursor", "The page cursor is not valid. Start from the first page.");
    let bytes = URL_SAFE_NO_PAD.decode(cursor).map_err(|_| invalid())?;
    let plain: HashMap<String, String> = serde_json::from_slice(&bytes).map_err(|_| invalid())?;
    // A cursor can only continue the caller's own listing.
    if plain.get("owner_id").map(String::as_str) != Some(owner) {
        return Err(invalid());
    }
    Ok(plain.into_iter().map(|(k, v)| (k, AttributeValue::S(v))).collect())
}

#[tracing::instrument(skip(state))]
async fn list(State(state): State<AppState>, user: AuthUser, Query(query): Query<ListQuery>) -> Result<Json<Value>> {
    let temperature = match query.temperature.as_deref() {
        None | Some("") | Some("all") => None,
        Some(t @ ("hot" | "warm" | "cold")) => Some(Temperature::from_status(t)),
        Some(_) => return Err(ApiError::bad_request("invalid_temperature", "temperature must be hot, warm or cold.")),
    };
    let tables = &state.config.tables;
    if let Some(form_id) = &query.form_id {
        owned_form(&state.dynamo, &tables.forms, form_id, &user.id).await?;
    }
    let forms: HashMap<String, Form> =
        list_forms(&state.dynamo, &tables.forms, &user.id).await?.into_iter().map(|f| (f.id.clone(), f)).collect();

    let mut request = state
        .dynamo
        .query()
        .table_name(&tables.leads)
        .index_name("by_owner")
        .key_condition_expression("owner_id = :owner")
        .expression_attribute_values(":owner", AttributeValue::S(user.id.clone()))
        .scan_index_forward(false)
        .limit(PAGE_SIZE);
    let mut filters = Vec::new();
    if let Some(form_id) = &query.form_id {
        filters.push("form_id = :form");
        request = request.expression_attribute_values(":form", AttributeValue::S(form_id.clone()));
    }
    if let Some(temperature) = temperature {
        filters.push("#status = :status");
        request = request
            .expression_attribute_names("#status", "status")
            .expression_attribute_values(":status", AttributeValue::S(temperature.as_str().to_owned()));
    }
    if !filters.is_empty() {
        request = request.filter_expression(filters.join(" AND "));
    }
    if let Some(cursor) = &query.cursor {
        request = request.set_exclusive_start_key(Some(decode_cursor(cursor, &user.id)?));
    }
    let output = request.send().await?;
    let leads: Vec<LeadView> = output.items().iter().filter_map(|item| view(item, &forms)).collect();
    let next = output.last_evaluated_key().and_then(encode_cursor);
    Ok(Json(serde_json::json!({ "leads": leads, "nextCursor": next })))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct StatusChange {
    status: String,
}

fn lead_not_found() -> ApiError {
    ApiError::not_found("Lead not found")
}

#[tracing::instrument(skip(state, body))]
async fn set_status(
    State(state): State<AppState>,
    user: AuthUser,
    axum::extract::Path(id): axum::extract::Path<String>,
    shared::http::JsonBody(body): shared::http::JsonBody<StatusChange, 1024>,
) -> Result<Json<Value>> {
    if !matches!(body.status.as_str(), "cold" | "warm" | "hot") {
        return Err(ApiError::bad_request("invalid_status", "status must be cold, warm or hot."));
    }
    let result = state
        .dynamo
        .update_item()
        .table_name(&state.config.tables.leads)
        .key("id", AttributeValue::S(id.clone()))
        .update_expression("SET #status = :status")
        .condition_expression("attribute_exists(id) AND owner_id = :owner")
        .expression_attribute_names("#status", "status")
        .expression_attribute_values(":status", AttributeValue::S(body.status.clone()))
        .expression_attribute_values(":owner", AttributeValue::S(user.id.clone()))
        .send()
        .await;
    match result {
        Ok(_) => Ok(Json(serde_json::json!({ "id": id, "temperature": body.status }))),
        Err(SdkError::ServiceError(err)) if err.err().is_conditional_check_failed_exception() => Err(lead_not_found()),
        Err(err) => Err(err.into()),
    }
}

#[tracing::instrument(skip(state))]
async fn remove(State(state): State<AppState>, user: AuthUser, axum::extract::Path(id): axum::extract::Path<String>) -> Result<axum::http::StatusCode> {
    let result = state
        .dynamo
        .delete_item()
        .table_name(&state.config.tables.leads)
        .key("id", AttributeValue::S(id))
        .condition_expression("attribute_exists(id) AND owner_id = :owner")
        .expression_attribute_values(":owner", AttributeValue::S(user.id.clone()))
        .send()
        .await;
    match result {
        Ok(_) => Ok(axum::http::StatusCode::NO_CONTENT),
        Err(SdkError::ServiceError(err)) if err.err().is_conditional_check_failed_exception() => Err(lead_not_found()),
        Err(err) => Err(err.into()),
    }
}
