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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forms::PRESETS;

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
            let preset = PRESETS.iter().find(|p| p.key == key).unwrap();
            form.fields.push(FormField {
                id: uuid::Uuid::new_v4().to_string(),
                kind: preset.kind,
                label: preset.label.into(),
                placeholder: String::new(),
                required: false,
                order: 9,
                options: preset.options.iter().map(|o| o.to_string()).collect(),
                preset: Some(key.into()),
            });
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
