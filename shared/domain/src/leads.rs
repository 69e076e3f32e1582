//! Lead rules, once, in Rust: the temperature of a lead (spec 4) and the checks an investor's
//! answers must pass before a lead is stored.

mod capture;

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

pub use capture::{Capture, CaptureContext, Submission, capture_lead, lead_id_for, web_url};

use crate::forms::{FieldType, Form, FormField};

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

/// The answer to the form's timeline question (its preset, else a label about timing).
pub fn timeline_answer<'a>(form: &Form, answers: &'a HashMap<String, String>) -> Option<&'a str> {
    find_answer(form, answers, "investment_timeline", &["timeline", "when"])
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

/// Whether a character breaks a line: CR, LF, NEL, vertical tab, form feed, and the Unicode
/// line and paragraph separators.
fn is_line_break(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{0B}' | '\u{0C}' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// Every field but a paragraph (`textarea`) holds one line: a name, an e-mail address, a phone
/// number, a city, a choice. Such values reach mail headers (a campaign's subject, its
/// recipient), so a line break in them is refused at capture, not only stripped later.
pub fn is_single_line(field: &FormField) -> bool {
    field.kind != FieldType::Textarea
}

/// Answers refused: for each field at fault (in form order) the sentence the investor reads
/// next to it, or one sentence for the whole form. Answered as 400 `invalid_answer` with
/// `fields` keyed by field id; `message` is the first field's sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnswerErrors {
    pub message: String,
    pub fields: Vec<(String, String)>,
}

impl AnswerErrors {
    pub const CODE: &'static str = "invalid_answer";

    fn whole_form(message: &str) -> Self {
        Self { message: message.to_owned(), fields: vec![] }
    }
}

/// What an investor sent for a field that could not be stored, as a short instruction.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct FieldMessages {
    /// The field is required and was left empty.
    pub required: String,
    /// The answer is not an e-mail address, a phone number or one of the options.
    pub invalid: String,
    /// The answer is longer than the field takes.
    pub too_long: String,
}

impl FieldMessages {
    /// The sentences of one field: what the form view shows before sending, and what the
    /// capture answers with (the same words).
    pub fn of(field: &FormField) -> Self {
        let required = match (field.preset.as_deref(), field.kind) {
            (Some("investment_amount"), _) => "Please choose an amount range.",
            (Some("investment_timeline"), _) => "Please choose when you might invest.",
            (Some("investment_experience"), _) => "Please choose your investment experience.",
            (Some("location_state"), _) => "Please choose your state.",
            (Some("location_city"), _) => "Please enter your city.",
            (_, FieldType::Email) => "Please enter your email.",
            (_, FieldType::Phone) => "Please enter your phone number.",
            (_, FieldType::Checkbox) => "Please tick this box to continue.",
            (_, FieldType::Select | FieldType::Radio) => "Please choose an option.",
            (_, FieldType::Text) if field.label.to_lowercase().contains("name") => "Please enter your name.",
            _ => "Please answer this question.",
        };
        let invalid = match field.kind {
            FieldType::Email => "Please enter a valid email address.",
            FieldType::Phone => "Please enter a valid phone number.",
            FieldType::Checkbox => "Please tick this box to continue.",
            _ => "Please choose one of the options.",
        };
        Self { required: required.into(), invalid: invalid.into(), too_long: format!("Please shorten this answer to {} characters.", max_len(field)) }
    }
}

/// Checks every answer against the form: unknown field ids, required answers, line breaks in
/// single-line fields, control characters, e-mail and phone syntax, choice options (the state
/// field's are the server's list, whatever the form stored), checkbox values and lengths.
/// Returns the trimmed answers (a paragraph's line breaks as `\n`), or every field at fault.
pub fn validate_answers(form: &Form, answers: HashMap<String, String>) -> Result<HashMap<String, String>, AnswerErrors> {
    for id in answers.keys() {
        if !form.fields.iter().any(|f| &f.id == id) {
            return Err(AnswerErrors::whole_form("The form has changed since you opened it. Reload the page and try again."));
        }
    }
    let mut fields: Vec<&FormField> = form.fields.iter().collect();
    fields.sort_by_key(|f| f.order);
    let mut clean = HashMap::new();
    let mut errors = Vec::new();
    for field in fields {
        let field = &field.clone().for_investors();
        match check_answer(field, answers.get(&field.id).map(String::as_str)) {
            Ok(Some(answer)) => {
                clean.insert(field.id.clone(), answer);
            }
            Ok(None) => {}
            Err(message) => errors.push((field.id.clone(), message)),
        }
    }
    match errors.first() {
        None => Ok(clean),
        Some((_, first)) => Err(AnswerErrors { message: first.clone(), fields: errors }),
    }
}

/// One field's answer, trimmed and normalised; `None` when an optional field was left empty.
fn check_answer(field: &FormField, given: Option<&str>) -> Result<Option<String>, String> {
    let given = given.map(str::trim).unwrap_or_default();
    let messages = || FieldMessages::of(field);
    if given.is_empty() {
        return if field.required { Err(messages().required) } else { Ok(None) };
    }
    if is_single_line(field) && given.chars().any(is_line_break) {
        return Err("Please keep this answer on one line.".into());
    }
    // A paragraph keeps its lines, written `\n` whatever the browser sent.
    let answer = given.replace("\r\n", "\n").replace(['\r', '\u{85}', '\u{2028}', '\u{2029}'], "\n");
    if answer.chars().any(|c| c.is_control() && c != '\n' && c != '\t') {
        return Err("Please remove the special characters from this answer.".into());
    }
    if answer.chars().count() > max_len(field) {
        return Err(messages().too_long);
    }
    let ok = match field.kind {
        FieldType::Email => is_email(&answer),
        FieldType::Phone => is_phone(&answer),
        FieldType::Select | FieldType::Radio => field.options.contains(&answer),
        FieldType::Checkbox => answer == "yes",
        FieldType::Text | FieldType::Textarea => true,
    };
    if !ok {
        return Err(messages().invalid);
    }
    Ok(Some(answer))
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

#[derive(Debug, Clone, Serialize, Deserialize)]
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
    /// Whole dollars, estimated at capture from the answers in form order (spec 5).
    #[serde(default, deserialize_with = "crate::counters::lenient")]
    pub estimated_amount: u64,
    /// Lower-cased name and e-mail, for the leads page's search.
    #[serde(default)]
    pub search_text: String,
    /// Set once the lead is added to its owner's counters (see `repo::leads::count_lead`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counted_at: Option<String>,
    /// State, city, timeline and source page, read at capture for the founder's aggregates.
    #[serde(default)]
    pub facets: crate::lead_stats::Facets,
    /// When a campaign first reached the lead (see `repo::leads::mark_contacted`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contacted_at: Option<String>,
    /// Where the investor came from: the embedding page, its `utm_*` and its referrer.
    #[serde(default, skip_serializing_if = "crate::attribution::Attribution::is_empty")]
    pub attribution: crate::attribution::Attribution,
}

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

/// One answer of a lead with what is known about its field: the stored key (a field id, or a
/// legacy key like `full_name`), the field's label, preset and type when the form still has it.
#[derive(Debug, Clone, Copy)]
pub struct Answer<'a> {
    pub key: &'a str,
    pub label: &'a str,
    pub preset: Option<&'a str>,
    pub kind: Option<FieldType>,
    pub value: &'a serde_json::Value,
}

/// The answers in the form's field order; answers to fields the form no longer has follow,
/// in key order, labelled by their key.
pub fn answers_in_order<'a>(fields: &'a [FormField], data: &'a serde_json::Map<String, serde_json::Value>) -> Vec<Answer<'a>> {
    let mut ordered: Vec<&FormField> = fields.iter().collect();
    ordered.sort_by_key(|f| f.order);
    let mut out: Vec<Answer<'a>> = ordered
        .into_iter()
        .filter_map(|f| {
            data.get(&f.id).map(|value| Answer { key: &f.id, label: &f.label, preset: f.preset.as_deref(), kind: Some(f.kind), value })
        })
        .collect();
    let mut rest: Vec<(&String, &serde_json::Value)> = data.iter().filter(|(k, _)| !fields.iter().any(|f| &f.id == *k)).collect();
    rest.sort_by(|a, b| a.0.cmp(b.0));
    out.extend(rest.into_iter().map(|(key, value)| Answer { key, label: key, preset: None, kind: None, value }));
    out
}

/// Answers keyed by field label (falling back to the field id) in form order, plus `Location`
/// when known.
pub fn display_data(answers: &[Answer], location: Option<String>) -> serde_json::Map<String, serde_json::Value> {
    let mut out = serde_json::Map::new();
    for answer in answers {
        out.insert(answer.label.to_owned(), answer.value.clone());
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

/// The most one lead can count for: Reg CF's 12-month offering limit. No single investor can
/// put more into a Reg CF offering, so an estimate above it is noise (or an attack on the
/// founder's totals) and counts 0.
pub const MAX_LEAD_ESTIMATE: u64 = 5_000_000;

/// Whether an answer is where an investor states an amount: the amount preset, or a choice
/// field (select, radio) whose label asks for an amount. Free text (a name, a message) never
/// is, whatever it contains.
fn is_amount_field(answer: &Answer) -> bool {
    if answer.preset == Some("investment_amount") {
        return true;
    }
    let label = normalise(answer.label);
    let asks_amount = ["amount", "how_much", "investment_range", "invest_range"].iter().any(|w| label.contains(w));
    match answer.kind {
        Some(kind) => kind.has_options() && asks_amount,
        // Answers to fields the form no longer has: only the spec's own key spellings.
        None => ["investment_amount", "investmentamount", "investment_range", "amount"].contains(&label.as_str()),
    }
}

/// The estimated investment of a lead, in whole dollars (spec 5): the first answer of an
/// amount field (in form order) that contains '$', 'under' or 'over'. A parsing failure, or
/// an amount above [`MAX_LEAD_ESTIMATE`], is logged and counts as 0.
pub fn estimated_investment(answers: &[Answer]) -> u64 {
    let Some(answer) = answers.iter().filter(|a| is_amount_field(a)).filter_map(|a| a.value.as_str()).find(|a| {
        let lower = a.to_lowercase();
        a.contains('$') || lower.contains("under") || lower.contains("over")
    }) else {
        return 0;
    };
    match estimate_amount(answer) {
        Some(amount) if amount.is_finite() && amount >= 0.0 && amount <= MAX_LEAD_ESTIMATE as f64 => amount.round() as u64,
        Some(amount) if amount > MAX_LEAD_ESTIMATE as f64 => {
            tracing::warn!(amount, "investment amount above the Reg CF limit counts 0");
            0
        }
        _ => {
            tracing::warn!(answer = %answer.chars().take(200).collect::<String>(), "could not read an investment amount");
            0
        }
    }
}

// ------------------------------------------------------------------ lead rows (spec 2, 3, 5)

/// What a lead row shows: read from the answers with the spellings of spec 3.
#[derive(Debug, Default, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LeadSummary {
    pub name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    /// A US state name becomes its 2-letter code.
    pub state: Option<String>,
    /// Shortened: 'Over $100,000' → '>$100K', '$25,000 - $50,000' → '$25K-$50K'.
    pub investment_range: Option<String>,
}

/// `Full Name`, `full-name` and `full_name` all read as `full_name`.
fn normalise(key: &str) -> String {
    let mut out = String::with_capacity(key.len());
    for c in key.trim().to_lowercase().chars() {
        if c.is_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('_') {
            out.push('_');
        }
    }
    out.trim_matches('_').to_owned()
}

impl LeadSummary {
    pub fn of(answers: &[Answer], location: Option<&LocationData>) -> Self {
        let text = |a: &Answer| a.value.as_str().map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned);
        let names = |a: &Answer| [normalise(a.key), normalise(a.label), a.preset.unwrap_or_default().to_owned()];
        let find = |test: &dyn Fn(&Answer, &[String; 3]) -> bool| answers.iter().find(|a| test(a, &names(a))).and_then(text);
        let is = |set: &[String; 3], options: &[&str]| set.iter().any(|n| options.contains(&n.as_str()));
        let has = |set: &[String; 3], word: &str| set.iter().any(|n| n.contains(word));

        let name = find(&|_, n| is(n, &["full_name", "name", "fullname", "your_name"])).or_else(|| {
            let first = find(&|_, n| is(n, &["first_name", "firstname"]));
            let last = find(&|_, n| is(n, &["last_name", "lastname", "surname"]));
            let joined = [first, last].into_iter().flatten().collect::<Vec<_>>().join(" ");
            (!joined.is_empty()).then_some(joined)
        });
        let email = find(&|a, n| a.kind == Some(FieldType::Email) || has(n, "email"));
        let phone = find(&|a, n| a.kind == Some(FieldType::Phone) || has(n, "phone"));
        let state = find(&|_, n| is(n, &["state", "location_state", "_location_region", "location_region", "region"]))
            .or_else(|| find(&|_, n| is(n, &["location"])).and_then(|l| l.rsplit(',').next().map(|s| s.trim().to_owned())))
            .or_else(|| location.and_then(|l| l.region.clone()))
            .map(|s| state_code(&s));
        let range = find(&|_, n| is(n, &["investment_amount", "range", "investment_range", "amount"]) || has(n, "invest") && (has(n, "amount") || has(n, "much")))
            .map(|r| short_range(&r));
        Self { name, email, phone, state, investment_range: range }
    }
}

use crate::forms::US_STATES;

/// The 2-letter code of a US state (or DC, PR) given by name or code, any case.
pub fn us_state_code(state: &str) -> Option<&'static str> {
    let trimmed = state.trim();
    US_STATES.iter().find(|(name, code)| name.eq_ignore_ascii_case(trimmed) || code.eq_ignore_ascii_case(trimmed)).map(|(_, code)| *code)
}

/// A US state's name ('TX' → 'Texas'), for sentences.
pub fn us_state_name(code: &str) -> Option<String> {
    US_STATES.iter().find(|(_, c)| c.eq_ignore_ascii_case(code)).map(|(name, _)| (*name).to_owned())
}

/// A US state name as its 2-letter code ('Texas' → 'TX', 'tx' → 'TX'); anything else as typed.
pub fn state_code(state: &str) -> String {
    let trimmed = state.trim();
    if let Some((_, code)) = US_STATES.iter().find(|(name, _)| name.eq_ignore_ascii_case(trimmed)) {
        return (*code).to_owned();
    }
    if trimmed.len() == 2 && US_STATES.iter().any(|(_, code)| code.eq_ignore_ascii_case(trimmed)) {
        return trimmed.to_uppercase();
    }
    trimmed.to_owned()
}

fn short_money(text: &str) -> Option<String> {
    let amount = parse_money(text)?;
    let (value, suffix) = match amount {
        a if a >= 1_000_000.0 => (a / 1_000_000.0, "M"),
        a if a >= 1_000.0 => (a / 1_000.0, "K"),
        a => (a, ""),
    };
    let number = if value.fract() == 0.0 { format!("{value:.0}") } else { format!("{value:.1}").trim_end_matches('0').to_owned() };
    Some(format!("${number}{suffix}{}", if text.trim_end().ends_with('+') { "+" } else { "" }))
}

/// Spec 5: 'Over $100,000' → '>$100K'; '$25,000 - $50,000' → '$25K-$50K'; 'Under $10,000' →
/// '<$10K'. Text without amounts is kept as it is.
pub fn short_range(range: &str) -> String {
    let lower = range.trim().to_lowercase();
    let shortened = if let Some(rest) = lower.strip_prefix("over") {
        short_money(rest).map(|m| format!(">{m}"))
    } else if let Some(rest) = lower.strip_prefix("under") {
        short_money(rest).map(|m| format!("<{m}"))
    } else {
        let parts: Vec<&str> = lower.split(['-', '–']).map(str::trim).filter(|p| !p.is_empty()).collect();
        match parts.as_slice() {
            [low, high] => short_money(low).zip(short_money(high)).map(|(a, b)| format!("{a}-{b}")),
            [single] if single.contains('$') => short_money(single),
            _ => None,
        }
    };
    shortened.unwrap_or_else(|| range.trim().to_owned())
}

/// Lower-cased name and e-mail, stored with a lead so the leads page can search them.
pub fn search_text(summary: &LeadSummary) -> String {
    [summary.name.as_deref(), summary.email.as_deref()].into_iter().flatten().collect::<Vec<_>>().join(" ").to_lowercase()
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

    fn answers_of<'a>(fields: &'a [FormField], data: &'a serde_json::Value) -> Vec<Answer<'a>> {
        answers_in_order(fields, data.as_object().unwrap())
    }

    #[test]
    fn the_first_amount_like_answer_in_form_order_counts_and_failures_count_zero() {
        let fields = vec![
            field("name", "Full Name", 0, FieldType::Text, None),
            field("amt", "Investment amount", 1, FieldType::Select, Some("investment_amount")),
            field("range", "How much would you invest?", 2, FieldType::Radio, None),
        ];
        let estimate = |data: serde_json::Value| estimated_investment(&answers_of(&fields, &data));
        assert_eq!(estimate(json!({"name": "Ada", "amt": "Over $100,000", "range": "$5,000"})), 120_000);
        assert_eq!(estimate(json!({"amt": "$10,000 - $25,000", "range": "Over $100,000"})), 17_500);
        assert_eq!(estimate(json!({"amt": "not sure", "range": "Under $10,000"})), 5_000, "the first amount-like answer");
        assert_eq!(estimate(json!({"amt": "$ unknown"})), 0);
        assert_eq!(estimate(json!({"amt": "none"})), 0);
        assert_eq!(estimate(json!({})), 0);
    }

    #[test]
    fn free_text_answers_never_count_as_amounts() {
        let fields = vec![
            field("name", "Full Name", 0, FieldType::Text, None),
            field("note", "Anything else?", 1, FieldType::Textarea, None),
            field("amount_text", "Amount", 2, FieldType::Text, None),
        ];
        let data = json!({"name": "$99999999999999999999", "note": "over $100,000 for sure", "amount_text": "$50,000"});
        assert_eq!(estimated_investment(&answers_of(&fields, &data)), 0);
    }

    #[test]
    fn an_amount_above_the_reg_cf_limit_counts_zero() {
        let fields = vec![field("amt", "Amount", 0, FieldType::Select, Some("investment_amount"))];
        for (answer, expected) in [
            ("$5,000,000", 5_000_000),
            ("$5,000,001", 0),
            ("Over $5,000,000", 0),
            ("$99999999999999999999", 0),
            ("$4,500,000 - $9,000,000", 0),
            ("$999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999", 0),
        ] {
            let data = json!({"amt": answer});
            assert_eq!(estimated_investment(&answers_of(&fields, &data)), expected, "{answer}");
        }
    }

    #[test]
    fn answers_to_removed_fields_count_only_under_the_spec_amount_keys() {
        let data = json!({"investment_amount": "$10,000", "full_name": "$20,000"});
        assert_eq!(estimated_investment(&answers_of(&[], &data)), 10_000);
        let data = json!({"full_name": "$20,000"});
        assert_eq!(estimated_investment(&answers_of(&[], &data)), 0);
    }

    fn field(id: &str, label: &str, order: u32, kind: FieldType, preset: Option<&str>) -> FormField {
        FormField {
            id: id.into(),
            kind,
            label: label.into(),
            placeholder: String::new(),
            required: false,
            order,
            options: vec![],
            preset: preset.map(str::to_owned),
        }
    }

    #[test]
    fn answers_follow_the_form_order_and_unknown_keys_keep_their_key_as_label() {
        let fields = vec![
            field("b", "Amount", 1, FieldType::Select, Some("investment_amount")),
            field("a", "Full Name", 0, FieldType::Text, None),
        ];
        let data = json!({"zz": "legacy", "b": "$25,000 - $50,000", "a": "Ada Lovelace"});
        let answers = answers_in_order(&fields, data.as_object().unwrap());
        let view = display_data(&answers, Some("Austin, Texas".into()));
        let keys: Vec<&String> = view.keys().collect();
        assert_eq!(keys, ["Full Name", "Amount", "zz", "Location"]);
        assert_eq!(estimated_investment(&answers), 37_500);
    }

    #[test]
    fn ranges_are_shortened_as_the_spec_says() {
        assert_eq!(short_range("Over $100,000"), ">$100K");
        assert_eq!(short_range("$25,000 - $50,000"), "$25K-$50K");
        assert_eq!(short_range("Under $10,000"), "<$10K");
        assert_eq!(short_range("$1,000,000+"), "$1M+");
        assert_eq!(short_range("$2,500 - $7,500"), "$2.5K-$7.5K");
        assert_eq!(short_range("Not sure yet"), "Not sure yet");
    }

    #[test]
    fn us_state_names_become_codes() {
        assert_eq!(state_code("Texas"), "TX");
        assert_eq!(state_code(" new york "), "NY");
        assert_eq!(state_code("ca"), "CA");
        assert_eq!(state_code("Ontario"), "Ontario");
    }

    #[test]
    fn a_row_reads_the_spec_spellings() {
        let legacy = json!({
            "first_name": "Grace", "last_name": "Hopper", "email": "grace@example.com", "phone": "555-0100",
            "city": "Arlington", "state": "Virginia", "range": "Over $100,000"
        });
        let answers = answers_in_order(&[], legacy.as_object().unwrap());
        let summary = LeadSummary::of(&answers, None);
        assert_eq!(summary.name.as_deref(), Some("Grace Hopper"));
        assert_eq!(summary.email.as_deref(), Some("grace@example.com"));
        assert_eq!(summary.phone.as_deref(), Some("555-0100"));
        assert_eq!(summary.state.as_deref(), Some("VA"));
        assert_eq!(summary.investment_range.as_deref(), Some(">$100K"));
        assert_eq!(search_text(&summary), "grace hopper grace@example.com");

        let fields = vec![
            field("1", "Full Name", 0, FieldType::Text, None),
            field("2", "Work e-mail", 1, FieldType::Email, None),
            field("3", "How much might you invest?", 2, FieldType::Select, Some("investment_amount")),
        ];
        let data = json!({"1": "Ada Lovelace", "2": "ada@example.com", "3": "$25,000 - $50,000", "location": "Austin, Texas"});
        let answers = answers_in_order(&fields, data.as_object().unwrap());
        let summary = LeadSummary::of(&answers, None);
        assert_eq!(summary.email.as_deref(), Some("ada@example.com"));
        assert_eq!(summary.investment_range.as_deref(), Some("$25K-$50K"));
        assert_eq!(summary.state.as_deref(), Some("TX"));
        assert_eq!(summary.phone, None);

        let located = LocationData { city: None, region: Some("California".into()), country_name: None };
        assert_eq!(LeadSummary::of(&[], Some(&located)).state.as_deref(), Some("CA"));
        assert_eq!(LeadSummary::of(&[], None), LeadSummary::default());
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
        let mut form = Form::new_default("owner", "2026-11-25T10:00:00Z");
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
            validate_answers(&form, answers).unwrap_err().message
        };
        assert_eq!(with(&ids[0], ""), "Please enter your name.");
        assert_eq!(with(&ids[1], ""), "Please enter your email.");
        assert_eq!(with(&ids[1], "ada@"), "Please enter a valid email address.");
        assert_eq!(with(&ids[2], ""), "Please enter your phone number.");
        assert_eq!(with(&ids[2], "call me"), "Please enter a valid phone number.");
        assert_eq!(with(&ids[3], "A million"), "Please choose one of the options.");
        assert!(with("3f2b7a1e-0000-4000-8000-000000000001", "x").starts_with("The form has changed"));
        assert_eq!(with(&ids[0], &"x".repeat(501)), "Please shorten this answer to 500 characters.");
    }

    #[test]
    fn every_field_at_fault_is_named_in_form_order_with_a_short_human_sentence() {
        let mut form = form_with_presets();
        for field in &mut form.fields {
            field.required = true;
        }
        let errors = validate_answers(&form, HashMap::new()).unwrap_err();
        let messages: Vec<&str> = errors.fields.iter().map(|(_, m)| m.as_str()).collect();
        assert_eq!(messages, ["Please enter your name.", "Please enter your email.", "Please enter your phone number.", "Please choose an amount range.", "Please choose when you might invest."]);
        assert_eq!(errors.fields.iter().map(|(id, _)| id).collect::<Vec<_>>(), form.fields.iter().map(|f| &f.id).collect::<Vec<_>>());
        assert_eq!(errors.message, "Please enter your name.");
        // The sentences the form view shows before sending are the capture's own.
        for (field, (_, message)) in form.fields.iter().zip(&errors.fields) {
            assert_eq!(&FieldMessages::of(field).required, message);
        }
    }

    #[test]
    fn single_line_fields_refuse_line_breaks_at_capture_with_a_message_that_says_so() {
        let mut form = form_with_presets();
        form.fields.push(FieldPreset::find("location_city").unwrap().to_field(10, false));
        let mut notes = FieldPreset::find("location_city").unwrap().to_field(11, false);
        notes.kind = FieldType::Textarea;
        notes.label = "Anything else?".into();
        form.fields.push(notes);
        let by_label = |label: &str| form.fields.iter().find(|f| f.label == label).unwrap_or_else(|| panic!("{label}")).id.clone();
        let single_line: Vec<(String, String, &str)> = form
            .fields
            .iter()
            .filter(|f| is_single_line(f) && matches!(f.kind, FieldType::Text | FieldType::Email | FieldType::Phone))
            .map(|f| (f.id.clone(), f.label.clone(), match f.kind { FieldType::Email => "ada@example.com", FieldType::Phone => "+1 555 0100", _ => "Ada" }))
            .collect();
        assert!(single_line.len() >= 4, "name, e-mail, phone and city: {:?}", single_line.iter().map(|(_, l, _)| l).collect::<Vec<_>>());
        let valid: HashMap<String, String> = single_line.iter().map(|(id, _, value)| (id.clone(), (*value).to_owned())).collect();
        for (id, label, value) in &single_line {
            for brk in ["\n", "\r", "\r\n", "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}"] {
                let mut answers = valid.clone();
                answers.insert(id.clone(), format!("{value}{brk}Bcc: evil@example.net"));
                let err = validate_answers(&form, answers).unwrap_err();
                assert_eq!(err.fields, vec![(id.clone(), "Please keep this answer on one line.".to_owned())], "{label} {brk:?}");
            }
        }
        // A control character that is no line break is named as such, not as "too long".
        let mut answers = valid.clone();
        answers.insert(by_label("Full Name"), "Ada\u{0}Lovelace".into());
        assert_eq!(validate_answers(&form, answers).unwrap_err().message, "Please remove the special characters from this answer.");
        // A paragraph keeps its lines (CR LF and CR become LF); a tab is fine anywhere.
        let mut answers = valid.clone();
        answers.insert(by_label("Anything else?"), "line 1\r\nline 2\rline 3\u{2028}line 4".into());
        answers.insert(by_label("Full Name"), "Ada\tLovelace".into());
        let clean = validate_answers(&form, answers).unwrap();
        assert_eq!(clean[&by_label("Anything else?")], "line 1\nline 2\nline 3\nline 4");
        assert_eq!(clean[&by_label("Full Name")], "Ada\tLovelace");
        // Surrounding white space (a trailing new line included) is trimmed, not refused.
        let mut answers = valid;
        answers.insert(by_label("Full Name"), "Ada Lovelace\n".into());
        assert_eq!(validate_answers(&form, answers).unwrap()[&by_label("Full Name")], "Ada Lovelace");
    }
}
