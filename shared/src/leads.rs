//! Lead rules, once, in Rust: the temperature of a lead (spec 4) and the checks an investor's
//! answers must pass before a lead is stored.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::{
    ApiError,
    forms::{FieldType, Form, FormField},
};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Temperature {
    Cold,
    Warm,
    Hot,
}

impl Temperature {
    /// A stored status: cold / warm / hot as is; legacy new / contacted → cold, qualified →
    /// warm, disqualified → hot; anything else cold.
    pub fn from_status(status: &str) -> Self {
        match status.trim().to_lowercase().as_str() {
            "hot" | "disqualified" => Self::Hot,
            "warm" | "qualified" => Self::Warm,
            _ => Self::Cold,
        }
    }

    /// Inferred from the answers: hot if the amount mentions $50,000, $100,000, 100k or 1M,
    /// or the timeline mentions immediately, within a week or ASAP; warm if the amount
    /// mentions $25,000 or the timeline mentions within a month; else cold.
    pub fn infer(amount: Option<&str>, timeline: Option<&str>) -> Self {
        let amount = amount.unwrap_or_default().to_lowercase();
        let timeline = timeline.unwrap_or_default().to_lowercase();
        let amount_has = |needles: &[&str]| needles.iter().any(|n| amount.contains(n));
        let timeline_has = |needles: &[&str]| needles.iter().any(|n| timeline.contains(n));
        if amount_has(&["$50,000", "$100,000", "100k", "1m"]) || timeline_has(&["immediately", "within a week", "asap"]) {
            Self::Hot
        } else if amount_has(&["$25,000"]) || timeline_has(&["within a month"]) {
            Self::Warm
        } else {
            Self::Cold
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Cold => "cold",
            Self::Warm => "warm",
            Self::Hot => "hot",
        }
    }
}

/// The field that holds the answer the lead rules read: its preset, else its label.
fn find_answer<'a>(form: &Form, answers: &'a HashMap<String, String>, preset: &str, words: &[&str]) -> Option<&'a str> {
    let by_preset = form.fields.iter().find(|f| f.preset.as_deref() == Some(preset));
    let by_label = || form.fields.iter().find(|f| words.iter().any(|w| f.label.to_lowercase().contains(w)));
    by_preset.or_else(by_label).and_then(|field| answers.get(&field.id)).map(String::as_str)
}

pub fn temperature_of(form: &Form, answers: &HashMap<String, String>) -> Temperature {
    let amount = find_answer(form, answers, "investment_amount", &["amount", "range", "how much"]);
    let timeline = find_answer(form, answers, "investment_timeline", &["timeline", "when"]);
    Temperature::infer(amount, timeline)
}

/// The answer to a location preset, for the lead's location when the CDN has none.
pub fn preset_answer<'a>(form: &Form, answers: &'a HashMap<String, String>, preset: &str) -> Option<&'a str> {
    form.fields.iter().find(|f| f.preset.as_deref() == Some(preset)).and_then(|f| answers.get(&f.id)).map(String::as_str)
}

fn max_len(field: &FormField) -> usize {
    match field.kind {
        FieldType::Textarea => 5000,
        _ => 500,
    }
}

pub fn is_email(value: &str) -> bool {
    let Some((local, domain)) = value.split_once('@') else { return false };
    !local.is_empty()
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !value.chars().any(|c| c.is_whitespace() || c.is_control())
        && value.len() <= 254
}

pub fn is_phone(value: &str) -> bool {
    let digits = value.chars().filter(char::is_ascii_digit).count();
    (7..=15).contains(&digits) && value.chars().all(|c| c.is_ascii_digit() || " ()+-.".contains(c))
}

/// Checks every answer against the form: unknown field ids, required answers, e-mail and
/// phone syntax, choice options, checkbox values and lengths. Returns the trimmed answers.
pub fn validate_answers(form: &Form, answers: HashMap<String, String>) -> Result<HashMap<String, String>, ApiError> {
    let bad = |message: String| ApiError::bad_request("invalid_answer", message);
    for id in answers.keys() {
        if !form.fields.iter().any(|f| &f.id == id) {
            return Err(bad("The form has no field with that id. Reload the form and try again.".into()));
        }
    }
    let mut clean = HashMap::new();
    for field in &form.fields {
        let answer = answers.get(&field.id).map(|a| a.trim()).unwrap_or_default();
        if answer.is_empty() {
            if field.required {
                return Err(bad(format!("{} is required.", field.label)));
            }
            continue;
        }
        if answer.chars().count() > max_len(field) || answer.chars().any(|c| c.is_control() && c != '\n' && c != '\t') {
            return Err(bad(format!("The answer to '{}' is too long.", field.label)));
        }
        let ok = match field.kind {
            FieldType::Email => is_email(answer),
            FieldType::Phone => is_phone(answer),
            FieldType::Select | FieldType::Radio => field.options.iter().any(|o| o == answer),
            FieldType::Checkbox => answer == "yes",
            FieldType::Text | FieldType::Textarea => true,
        };
        if !ok {
            let message = match field.kind {
                FieldType::Email => "Enter a valid email address.".to_owned(),
                FieldType::Phone => "Enter a valid phone number.".to_owned(),
                FieldType::Checkbox => format!("'{}' can only be ticked.", field.label),
                _ => format!("Choose one of the options for '{}'.", field.label),
            };
            return Err(bad(message));
        }
        clean.insert(field.id.clone(), answer.to_owned());
    }
    Ok(clean)
}

/// The proof kept with each lead of what the investor saw and where.
#[derive(Debug, Serialize, Deserialize)]
pub struct ComplianceProof {
    pub legend_version: String,
    pub legend_sha256: String,
    pub form_version: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub referrer: Option<String>,
    pub submitted_at: String,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct LocationData {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub city: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub region: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub country_name: Option<String>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct LeadRecord {
    pub id: String,
    pub form_id: String,
    pub owner_id: String,
    pub created_at: String,
    pub data: HashMap<String, String>,
    pub status: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub location_data: Option<LocationData>,
    pub compliance: ComplianceProof,
}

/// The founder's 'New investor lead' e-mail: the answers, the temperature and a link to the
/// lead. Never on the investor's time; failures are logged.
pub async fn notify_owner(state: &crate::AppState, form: &Form, lead: &LeadRecord) {
    let result = async {
        let owner = crate::repo::users::get_user(&state.dynamo, &state.config.tables, &lead.owner_id)
            .await?
            .ok_or_else(|| ApiError::internal(anyhow::anyhow!("lead owner not found")))?;
        let link = format!("{}/leads?formId={}&lead={}", state.config.app_origin, form.id, lead.id);
        let mut fields: Vec<&FormField> = form.fields.iter().collect();
        fields.sort_by_key(|f| f.order);
        let rows: Vec<(String, String)> = fields
            .iter()
            .filter_map(|f| lead.data.get(&f.id).map(|answer| (f.label.clone(), answer.clone())))
            .collect();
        let temperature = Temperature::from_status(&lead.status);
        let html_rows: String = rows
            .iter()
            .map(|(label, answer)| {
                format!(
                    "<tr><td style=\"padding:6px 12px 6px 0;color:#6b7280;vertical-align:top\">{}</td><td style=\"padding:6px 0\">{}</td></tr>",
                    crate::mail::escape_html(label),
                    crate::mail::escape_html(answer)
                )
            })
            .collect();
        let badge = match temperature {
            Temperature::Hot => "#dc2626",
            Temperature::Warm => "#d97706",
            Temperature::Cold => "#2563eb",
        };
        let email = crate::mail::Email {
            to: owner.email.clone(),
            subject: format!("New investor lead: {}", form.name),
            html: crate::mail::layout(
                "New investor lead",
                &format!(
                    "<h1 style=\"font-size:20px;margin:0 0 8px\">New investor lead</h1>\
                     <p style=\"margin:0 0 16px\">Someone just indicated interest through <strong>{}</strong>. \
                     Temperature: <strong style=\"color:{badge}\">{}</strong></p>\
                     <table role=\"presentation\" style=\"border-collapse:collapse;font-size:14px\">{html_rows}</table>{}",
                    crate::mail::escape_html(&form.name),
                    temperature.as_str(),
                    crate::mail::button(&link, "View the lead"),
                ),
            ),
            text: format!(
                "New investor lead through {}\nTemperature: {}\n\n{}\n\nView the lead: {link}\n",
                form.name,
                temperature.as_str(),
                rows.iter().map(|(l, a)| format!("{l}: {a}")).collect::<Vec<_>>().join("\n")
            ),
        };
        state.mailer.send(&email).await.map_err(ApiError::internal)
    }
    .await;
    if let Err(err) = result {
        tracing::warn!(lead_id = %lead.id, error = %err, "lead notification not sent");
    }
}

// ------------------------------------------------------------------ display rules (spec 3, 5)

/// Lead data as stored: a map of field id to answer, or (older records) JSON text of one.
/// Text that does not parse into a map is kept whole under the key `data` (spec 5).
pub fn parse_lead_data(value: &serde_json::Value) -> serde_json::Map<String, serde_json::Value> {
    match value {
        serde_json::Value::Object(map) => map.clone(),
        serde_json::Value::String(text) => match serde_json::from_str::<serde_json::Value>(text) {
            Ok(serde_json::Value::Object(map)) => map,
            _ => serde_json::Map::from_iter([("data".to_owned(), value.clone())]),
        },
        serde_json::Value::Null => serde_json::Map::new(),
        other => serde_json::Map::from_iter([("data".to_owned(), other.clone())]),
    }
}

/// `city, region, country` with the parts that are present, or `None` when none is.
pub fn location_label(city: Option<&str>, region: Option<&str>, country: Option<&str>) -> Option<String> {
    let parts: Vec<&str> = [city, region, country].into_iter().flatten().map(str::trim).filter(|p| !p.is_empty()).collect();
    (!parts.is_empty()).then(|| parts.join(", "))
}

/// Answers keyed by field label (falling back to the field id), plus `Location` when known.
pub fn display_data(
    fields: &[FormField],
    data: &serde_json::Map<String, serde_json::Value>,
    location: Option<String>,
) -> serde_json::Map<String, serde_json::Value> {
    let mut out = serde_json::Map::new();
    for (key, value) in data {
        let label = fields.iter().find(|f| &f.id == key).map_or(key.as_str(), |f| f.label.as_str());
        out.insert(label.to_owned(), value.clone());
    }
    if let Some(location) = location {
        out.insert("Location".to_owned(), serde_json::Value::String(location));
    }
    out
}

/// Reads a number like `$25,000`, `25k`, `1.5M` or `100000`.
fn parse_money(text: &str) -> Option<f64> {
    let cleaned: String = text.trim().trim_start_matches(|c: char| !c.is_ascii_digit()).chars().filter(|c| *c != ',' && *c != ' ').collect();
    let (number, multiplier) = match cleaned.to_lowercase() {
        t if t.ends_with('k') => (t.trim_end_matches('k').to_owned(), 1_000.0),
        t if t.ends_with('m') => (t.trim_end_matches('m').to_owned(), 1_000_000.0),
        t => (t, 1.0),
    };
    let digits: String = number.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
    digits.parse::<f64>().ok().map(|n| n * multiplier)
}

/// Spec 5: a range `a-b` counts as its midpoint; `under X` as X/2; `over X` as 1.2 X; a single
/// number as itself. `None` when the text holds no amount.
pub fn estimate_amount(answer: &str) -> Option<f64> {
    let lower = answer.to_lowercase();
    if let Some(rest) = lower.split("under").nth(1) {
        return parse_money(rest).map(|x| x / 2.0);
    }
    if let Some(rest) = lower.split("over").nth(1) {
        return parse_money(rest).map(|x| x * 1.2);
    }
    let parts: Vec<&str> = lower.split(['-', '–']).map(str::trim).filter(|p| !p.is_empty()).collect();
    match parts.as_slice() {
        [low, high] => Some((parse_money(low)? + parse_money(high)?) / 2.0),
        [single] => parse_money(single),
        _ => None,
    }
}

/// The estimated investment of a lead: the first string answer that contains '$', 'under' or
/// 'over'; a parsing failure is logged and counts as 0.
pub fn estimated_investment(data: &serde_json::Map<String, serde_json::Value>) -> f64 {
    let Some(answer) = data.values().filter_map(|v| v.as_str()).find(|a| {
        let lower = a.to_lowercase();
        a.contains('$') || lower.contains("under") || lower.contains("over")
    }) else {
        return 0.0;
    };
    estimate_amount(answer).unwrap_or_else(|| {
        tracing::warn!(answer, "could not read an investment amount");
        0.0
    })
}

#[cfg(test)]
mod display_tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn lead_data_is_a_map_json_text_or_wrapped_under_data() {
        assert_eq!(parse_lead_data(&json!({"a": "1"})), json!({"a": "1"}).as_object().unwrap().clone());
        assert_eq!(parse_lead_data(&json!("{\"a\":\"1\"}")), json!({"a": "1"}).as_object().unwrap().clone());
        assert_eq!(parse_lead_data(&json!("not json")), json!({"data": "not json"}).as_object().unwrap().clone());
    }

    #[test]
    fn location_joins_the_parts_present() {
        assert_eq!(location_label(Some("Austin"), Some("Texas"), Some("United States")).as_deref(), Some("Austin, Texas, United States"));
        assert_eq!(location_label(None, Some("Texas"), None).as_deref(), Some("Texas"));
        assert_eq!(location_label(None, Some(" "), None), None);
    }

    #[test]
    fn amounts_are_estimated_as_the_spec_says() {
        assert_eq!(estimate_amount("$25,000 - $50,000"), Some(37_500.0));
        assert_eq!(estimate_amount("Under $10,000"), Some(5_000.0));
        assert_eq!(estimate_amount("Over $100,000"), Some(120_000.0));
        assert_eq!(estimate_amount("$5,000"), Some(5_000.0));
        assert_eq!(estimate_amount("about 100k"), Some(100_000.0));
        assert_eq!(estimate_amount("$ lots"), None);
    }

    #[test]
    fn the_first_amount_like_answer_counts_and_failures_count_zero() {
        let data = json!({"name": "Ada", "amount": "Over $100,000", "other": "$5,000"});
        assert_eq!(estimated_investment(data.as_object().unwrap()), 120_000.0);
        assert_eq!(estimated_investment(json!({"x": "$ unknown"}).as_object().unwrap()), 0.0);
        assert_eq!(estimated_investment(json!({"x": "none"}).as_object().unwrap()), 0.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forms::FieldPreset;

    #[test]
    fn stored_statuses_map_as_the_spec_says() {
        for (status, expected) in [
            ("cold", Temperature::Cold),
            ("warm", Temperature::Warm),
            ("hot", Temperature::Hot),
            ("new", Temperature::Cold),
            ("contacted", Temperature::Cold),
            ("qualified", Temperature::Warm),
            ("disqualified", Temperature::Hot),
            ("whatever", Temperature::Cold),
        ] {
            assert_eq!(Temperature::from_status(status), expected, "{status}");
        }
    }

    #[test]
    fn temperature_is_inferred_from_amount_and_timeline() {
        assert_eq!(Temperature::infer(Some("$50,000 - $100,000"), None), Temperature::Hot);
        assert_eq!(Temperature::infer(Some("Over $100,000"), None), Temperature::Hot);
        assert_eq!(Temperature::infer(Some("about 100k"), None), Temperature::Hot);
        assert_eq!(Temperature::infer(Some("1M+"), None), Temperature::Hot);
        assert_eq!(Temperature::infer(None, Some("Immediately")), Temperature::Hot);
        assert_eq!(Temperature::infer(None, Some("Within a week")), Temperature::Hot);
        assert_eq!(Temperature::infer(None, Some("asap please")), Temperature::Hot);
        assert_eq!(Temperature::infer(Some("$10,000 - $25,000"), None), Temperature::Warm);
        assert_eq!(Temperature::infer(None, Some("Within a month")), Temperature::Warm);
        assert_eq!(Temperature::infer(Some("Under $10,000"), Some("Just exploring")), Temperature::Cold);
        assert_eq!(Temperature::infer(None, None), Temperature::Cold);
    }

    fn form_with_presets() -> Form {
        let mut form = Form::new_default("owner");
        for key in ["investment_amount", "investment_timeline"] {
            form.fields.push(FieldPreset::find(key).unwrap().to_field(9, false));
        }
        form
    }

    #[test]
    fn a_form_reads_amount_and_timeline_from_its_preset_fields() {
        let form = form_with_presets();
        let answers = HashMap::from([(form.fields[4].id.clone(), "Within a month".to_owned())]);
        assert_eq!(temperature_of(&form, &answers), Temperature::Warm);
        let answers = HashMap::from([(form.fields[3].id.clone(), "Over $100,000".to_owned())]);
        assert_eq!(temperature_of(&form, &answers), Temperature::Hot);
    }

    #[test]
    fn answers_are_checked_against_the_form() {
        let form = form_with_presets();
        let ids: Vec<String> = form.fields.iter().map(|f| f.id.clone()).collect();
        let valid = HashMap::from([
            (ids[0].clone(), " Ada Lovelace ".to_owned()),
            (ids[1].clone(), "ada@example.com".to_owned()),
            (ids[2].clone(), "+1 (555) 123-4567".to_owned()),
            (ids[3].clone(), "Over $100,000".to_owned()),
        ]);
        let clean = validate_answers(&form, valid.clone()).unwrap();
        assert_eq!(clean[&ids[0]], "Ada Lovelace");

        let with = |id: &str, value: &str| {
            let mut answers = valid.clone();
            answers.insert(id.to_owned(), value.to_owned());
            validate_answers(&form, answers).unwrap_err().message.into_owned()
        };
        assert_eq!(with(&ids[0], ""), "Full Name is required.");
        assert_eq!(with(&ids[1], "ada@"), "Enter a valid email address.");
        assert_eq!(with(&ids[2], "call me"), "Enter a valid phone number.");
        assert!(with(&ids[3], "A million").starts_with("Choose one of the options"));
        assert!(with("3f2b7a1e-0000-4000-8000-000000000001", "x").starts_with("The form has no field"));
        assert!(with(&ids[0], &"x".repeat(501)).ends_with("is too long."));
    }
}
