//! Investor forms: the model, the spec's defaults, the field presets the lead rules read, the
//! testing-the-waters legend, and validation. The owner API and the public form both use it.

use serde::{Deserialize, Serialize};

use crate::invalid::{Checked, Invalid};

/// A form holds at most this many fields: far below DynamoDB's 400 KB item limit even with
/// every text at its maximum (checked by a test).
pub const MAX_FIELDS: usize = 50;
/// How long a warm public-forms instance checks submissions against its copy of a form before
/// reading it again (`public-forms::form_cache`); a change that must stop indications at once
/// (the offering's stage) is answered only after this long.
pub const WARM_COPY_SECONDS: u64 = 3;
pub const MAX_OPTIONS: usize = 25;

/// The version of the default testing-the-waters legend (spec: Rule 206 disclaimers).
pub const LEGEND_VERSION: &str = "ttw-2026-11";

/// The default legend shown near the submit button of every public form.
pub const DEFAULT_LEGEND: &str = "We are testing the waters to gauge interest in a possible offering under Regulation Crowdfunding. \
No money or other consideration is being solicited, and if sent in response, it will not be accepted. \
No offer to buy the securities can be accepted and no part of the purchase price can be received until the offering statement \
on Form C is filed, and then only through an intermediary's platform. \
An indication of interest involves no obligation or commitment of any kind.";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FieldType {
    Text,
    Email,
    Phone,
    Textarea,
    Select,
    Radio,
    Checkbox,
}

impl FieldType {
    pub fn has_options(self) -> bool {
        matches!(self, Self::Select | Self::Radio)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormField {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: FieldType,
    pub label: String,
    #[serde(default)]
    pub placeholder: String,
    #[serde(default)]
    pub required: bool,
    #[serde(default)]
    pub order: u32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
    /// Which built-in preset the field came from (the lead rules read these answers).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preset: Option<String>,
}

/// Spec 3, Styling, with its defaults.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Styling {
    pub primary_color: String,
    pub font_family: String,
    pub border_radius: String,
    pub background_color: String,
    pub text_color: String,
    pub button_color: String,
    pub button_text_color: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logo_url: Option<String>,
}

impl Default for Styling {
    fn default() -> Self {
        Self {
            primary_color: "#6366f1".into(),
            font_family: "Inter".into(),
            border_radius: "0.375rem".into(),
            background_color: "#ffffff".into(),
            text_color: "#1f2937".into(),
            button_color: "#6366f1".into(),
            button_text_color: "#ffffff".into(),
            logo_url: None,
        }
    }
}

/// The headline investors read when the founder has not written one: the form's name is the
/// founder's own label ("Q3 landing page"), never shown to investors.
pub const DEFAULT_HEADLINE: &str = "Register your interest";
/// The submit button's label when the founder has not chosen one.
pub const DEFAULT_SUBMIT_LABEL: &str = "Submit";
pub const MAX_HEADLINE: usize = 120;
pub const MAX_SUBMIT_LABEL: usize = 30;

fn default_headline() -> String {
    DEFAULT_HEADLINE.into()
}

fn default_submit_label() -> String {
    DEFAULT_SUBMIT_LABEL.into()
}

/// What investors read on the form: the company, the public headline (separate from the
/// internal name), the submit button's label and where the thank-you screen may send them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormContent {
    #[serde(default)]
    pub company_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logo_url: Option<String>,
    #[serde(default = "default_headline")]
    pub headline: String,
    #[serde(default = "default_submit_label")]
    pub submit_label: String,
    /// The founder's site, linked from the thank-you screen (https only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thank_you_url: Option<String>,
}

impl Default for FormContent {
    fn default() -> Self {
        Self { company_name: String::new(), logo_url: None, headline: default_headline(), submit_label: default_submit_label(), thank_you_url: None }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContentSettings {
    #[serde(default)]
    pub form_content: FormContent,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WelcomeSettings {
    #[serde(default)]
    pub enabled: bool,
    #[serde(default)]
    pub headline: String,
    #[serde(default)]
    pub message: String,
    #[serde(default)]
    pub button_text: String,
}

impl Default for WelcomeSettings {
    fn default() -> Self {
        Self {
            enabled: false,
            headline: "Interested in investing?".into(),
            message: "We're gauging interest before our Regulation Crowdfunding campaign. Tell us a little about yourself and we'll keep you updated.".into(),
            button_text: "Get started".into(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OfferingSettings {
    #[serde(default)]
    pub summary: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub minimum_investment: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_raise: Option<u64>,
    #[serde(default)]
    pub security_type: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub funding_portal_url: Option<String>,
    /// The testing-the-waters legend; editable, never empty.
    pub disclaimer: String,
    /// Filled by the server: the default legend's version, or `custom-…` for edited wording.
    #[serde(default)]
    pub legend_version: String,
}

impl Default for OfferingSettings {
    fn default() -> Self {
        Self {
            summary: String::new(),
            minimum_investment: None,
            target_raise: None,
            security_type: String::new(),
            funding_portal_url: None,
            disclaimer: DEFAULT_LEGEND.into(),
            legend_version: LEGEND_VERSION.into(),
        }
    }
}

/// A stored form. Field names are the spec's stored columns.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Form {
    pub id: String,
    pub user_id: String,
    pub name: String,
    #[serde(default)]
    pub description: String,
    pub fields: Vec<FormField>,
    #[serde(default)]
    pub styling: Styling,
    #[serde(default)]
    pub content_settings: ContentSettings,
    #[serde(default)]
    pub welcome_settings: WelcomeSettings,
    #[serde(default)]
    pub offering_settings: OfferingSettings,
    #[serde(default = "default_true")]
    pub show_branding: bool,
    #[serde(default)]
    pub is_published: bool,
    #[serde(default)]
    pub is_archived: bool,
    /// Kept on write by the public view counter; read leniently (see `counters`).
    #[serde(default, deserialize_with = "crate::counters::lenient")]
    pub views: u64,
    /// Leads captured by this form, kept on write with the owner's counters (see
    /// `repo::leads::count_lead`); read leniently.
    #[serde(default, deserialize_with = "crate::counters::lenient")]
    pub leads_count: u64,
    pub created_at: String,
    pub updated_at: String,
    /// Raised by every change: an edit based on an older version is refused (409).
    #[serde(default)]
    pub version: u64,
    /// The founder's offering status, copied here whenever it changes so the public form
    /// reads it with the form (see `vault::offering`). Set by the server only.
    #[serde(default)]
    pub offering_stage: crate::offering::OfferingStage,
}

fn default_true() -> bool {
    true
}

fn field(kind: FieldType, label: &str, placeholder: &str, required: bool, order: u32) -> FormField {
    FormField {
        id: uuid::Uuid::new_v4().to_string(),
        kind,
        label: label.into(),
        placeholder: placeholder.into(),
        required,
        order,
        options: vec![],
        preset: None,
    }
}

impl Form {
    /// Spec 3, Default new form: 'New Form', 'Real estate investor form', unpublished, 0 views,
    /// required Full Name, Email Address and Phone Number.
    pub fn new_default(user_id: &str, now: &str) -> Self {
        let now = now.to_owned();
        Self {
            id: uuid::Uuid::new_v4().to_string(),
            user_id: user_id.into(),
            name: "New Form".into(),
            description: "Real estate investor form".into(),
            fields: vec![
                field(FieldType::Text, "Full Name", "Jane Smith", true, 0),
                field(FieldType::Email, "Email Address", "jane@example.com", true, 1),
                field(FieldType::Phone, "Phone Number", "(555) 123-4567", true, 2),
            ],
            styling: Styling::default(),
            content_settings: ContentSettings::default(),
            welcome_settings: WelcomeSettings::default(),
            offering_settings: OfferingSettings::default(),
            show_branding: true,
            is_published: false,
            is_archived: false,
            views: 0,
            leads_count: 0,
            created_at: now.clone(),
            updated_at: now,
            version: 1,
            offering_stage: Default::default(),
        }
    }
}

/// A built-in field the lead rules understand (amount, timeline, experience, location).
#[derive(Debug, Clone, Serialize)]
pub struct FieldPreset {
    pub key: &'static str,
    pub name: &'static str,
    #[serde(rename = "type")]
    pub kind: FieldType,
    pub label: &'static str,
    pub placeholder: &'static str,
    pub options: &'static [&'static str],
}

impl FieldPreset {
    /// A new field of this preset at position `order`.
    pub fn to_field(&self, order: u32, required: bool) -> FormField {
        FormField {
            id: uuid::Uuid::new_v4().to_string(),
            kind: self.kind,
            label: self.label.into(),
            placeholder: self.placeholder.into(),
            required,
            order,
            options: self.options.iter().map(|o| o.to_string()).collect(),
            preset: Some(self.key.into()),
        }
    }

    pub fn find(key: &str) -> Option<&'static FieldPreset> {
        PRESETS.iter().find(|p| p.key == key)
    }
}

/// Amount choices are indications of interest, never commitments: the label says so.
pub const PRESETS: &[FieldPreset] = &[
    FieldPreset {
        key: "investment_amount",
        name: "Investment amount range",
        kind: FieldType::Select,
        label: "How much might you invest? (non-binding indication of interest)",
        placeholder: "Choose a range",
        options: &["Under $10,000", "$10,000 - $25,000", "$25,000 - $50,000", "$50,000 - $100,000", "Over $100,000"],
    },
    FieldPreset {
        key: "investment_timeline",
        name: "Investment timeline",
        kind: FieldType::Radio,
        label: "When would you be ready to invest?",
        placeholder: "",
        options: &["Immediately", "Within a week", "Within a month", "Within 3 months", "Just exploring"],
    },
    FieldPreset {
        key: "investment_experience",
        name: "Investment experience",
        kind: FieldType::Select,
        label: "Investment experience",
        placeholder: "Choose one",
        options: &["First-time investor", "Some experience", "Experienced investor", "Accredited investor"],
    },
    FieldPreset { key: "location_city", name: "City", kind: FieldType::Text, label: "City", placeholder: "Austin", options: &[] },
    FieldPreset { key: "location_state", name: "State", kind: FieldType::Select, label: "State", placeholder: "Choose your state", options: &STATE_CHOICES },
];

/// The answer of the state field for investors abroad.
pub const OUTSIDE_THE_US: &str = "Outside the US";

/// The places the state field offers, by name and 2-letter code: the 50 states, DC and Puerto
/// Rico. The one list: the lead rules read codes from it and the form ships its names.
pub const US_STATES: [(&str, &str); 52] = [
    ("Alabama", "AL"), ("Alaska", "AK"), ("Arizona", "AZ"), ("Arkansas", "AR"), ("California", "CA"),
    ("Colorado", "CO"), ("Connecticut", "CT"), ("Delaware", "DE"), ("District of Columbia", "DC"),
    ("Florida", "FL"), ("Georgia", "GA"), ("Hawaii", "HI"), ("Idaho", "ID"), ("Illinois", "IL"),
    ("Indiana", "IN"), ("Iowa", "IA"), ("Kansas", "KS"), ("Kentucky", "KY"), ("Louisiana", "LA"),
    ("Maine", "ME"), ("Maryland", "MD"), ("Massachusetts", "MA"), ("Michigan", "MI"), ("Minnesota", "MN"),
    ("Mississippi", "MS"), ("Missouri", "MO"), ("Montana", "MT"), ("Nebraska", "NE"), ("Nevada", "NV"),
    ("New Hampshire", "NH"), ("New Jersey", "NJ"), ("New Mexico", "NM"), ("New York", "NY"),
    ("North Carolina", "NC"), ("North Dakota", "ND"), ("Ohio", "OH"), ("Oklahoma", "OK"), ("Oregon", "OR"),
    ("Pennsylvania", "PA"), ("Puerto Rico", "PR"), ("Rhode Island", "RI"), ("South Carolina", "SC"),
    ("South Dakota", "SD"), ("Tennessee", "TN"), ("Texas", "TX"), ("Utah", "UT"), ("Vermont", "VT"),
    ("Virginia", "VA"), ("Washington", "WA"), ("West Virginia", "WV"), ("Wisconsin", "WI"), ("Wyoming", "WY"),
];

/// The state field's options, in order: every place of [`US_STATES`], then [`OUTSIDE_THE_US`].
pub const STATE_CHOICES: [&str; US_STATES.len() + 1] = {
    let mut choices = [OUTSIDE_THE_US; US_STATES.len() + 1];
    let mut i = 0;
    while i < US_STATES.len() {
        choices[i] = US_STATES[i].0;
        i += 1;
    }
    choices
};

impl FormField {
    /// The field as investors get it: the state preset is always the select of
    /// [`STATE_CHOICES`], whatever an older form stored (a free-text field, its own options).
    pub fn for_investors(mut self) -> Self {
        if self.preset.as_deref() == Some("location_state") {
            self.kind = FieldType::Select;
            self.options = STATE_CHOICES.iter().map(|s| (*s).to_owned()).collect();
            if self.placeholder.is_empty() || self.placeholder == "Texas" {
                self.placeholder = "Choose your state".into();
            }
        }
        self
    }
}

// ------------------------------------------------------------------ validation

fn bad(code: &'static str, message: impl Into<std::borrow::Cow<'static, str>>) -> Invalid {
    Invalid::new(code, message)
}

fn check_len(value: &str, max: usize, what: &str) -> Checked<()> {
    if value.chars().count() > max {
        return Err(bad("too_long", format!("{what} can be at most {max} characters long.")));
    }
    Ok(())
}

pub fn is_hex_color(value: &str) -> bool {
    let hex = value.strip_prefix('#').unwrap_or("");
    matches!(hex.len(), 3 | 6 | 8) && hex.chars().all(|c| c.is_ascii_hexdigit())
}

pub fn is_http_url(value: &str) -> bool {
    (value.starts_with("https://") || value.starts_with("http://"))
        && value.len() <= 2048
        && value.len() > "https://".len()
        && !value.chars().any(|c| c.is_whitespace() || c.is_control() || c == '"' || c == '<' || c == '>')
}

/// A secure web address with a host: `https://` then at least a dot-separated name, no
/// credentials, white space or characters that break out of an attribute.
pub fn is_https_url(value: &str) -> bool {
    let Some(rest) = value.strip_prefix("https://") else { return false };
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let name = host.rsplit_once(':').map_or(host, |(name, port)| if port.chars().all(|c| c.is_ascii_digit()) { name } else { host });
    is_http_url(value)
        && !host.contains('@')
        && name.contains('.')
        && !name.starts_with('.')
        && !name.ends_with('.')
        && name.chars().all(|c| c.is_alphanumeric() || c == '-' || c == '.')
}

/// Trimmed text on one line with no control character; `None` when empty.
fn single_line(value: &str, what: &str) -> Checked<Option<String>> {
    let trimmed = value.trim();
    if trimmed.chars().any(char::is_control) {
        return Err(bad("invalid_text", format!("{what} must be a single line of text.")));
    }
    Ok((!trimmed.is_empty()).then(|| trimmed.to_owned()))
}

fn check_url(value: Option<&str>, what: &str) -> Checked<()> {
    match value {
        Some(url) if !url.is_empty() && !is_http_url(url) => {
            Err(bad("invalid_url", format!("{what} must be a web address starting with http:// or https://.")))
        }
        _ => Ok(()),
    }
}

fn is_css_length(value: &str) -> bool {
    let number = value.trim_end_matches("rem").trim_end_matches("px").trim_end_matches("em");
    value == "0" || (number != value && number.parse::<f64>().is_ok_and(|n| (0.0..=48.0).contains(&n)))
}

/// The editable content of a form, as the editor sends it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormContentInput {
    pub name: String,
    #[serde(default)]
    pub description: String,
    pub fields: Vec<FormField>,
    pub styling: Styling,
    #[serde(default)]
    pub content_settings: ContentSettings,
    #[serde(default)]
    pub welcome_settings: WelcomeSettings,
    pub offering_settings: OfferingSettings,
    #[serde(default = "default_true")]
    pub show_branding: bool,
}

impl FormContentInput {
    /// Validates and normalises (trimmed texts, `order` from position, legend version).
    pub fn validate(mut self) -> Checked<Self> {
        self.name = self.name.trim().to_owned();
        if self.name.is_empty() {
            return Err(bad("invalid_name", "Please give the form a name."));
        }
        check_len(&self.name, 120, "The form name")?;
        self.description = self.description.trim().to_owned();
        check_len(&self.description, 500, "The description")?;

        if self.fields.is_empty() {
            return Err(bad("invalid_fields", "A form needs at least one field."));
        }
        if self.fields.len() > MAX_FIELDS {
            return Err(bad("invalid_fields", format!("A form can have at most {MAX_FIELDS} fields.")));
        }
        let mut seen = std::collections::HashSet::new();
        for (position, field) in self.fields.iter_mut().enumerate() {
            if uuid::Uuid::parse_str(&field.id).is_err() {
                return Err(bad("invalid_field_id", "Every field id must be a UUID."));
            }
            if !seen.insert(field.id.to_lowercase()) {
                return Err(bad("duplicate_field_id", "Two fields have the same id."));
            }
            field.label = field.label.trim().to_owned();
            if field.label.is_empty() {
                return Err(bad("invalid_label", format!("Field {} needs a label.", position + 1)));
            }
            let max_label = if field.kind == FieldType::Checkbox { 500 } else { 200 };
            check_len(&field.label, max_label, "A field label")?;
            field.placeholder = field.placeholder.trim().to_owned();
            check_len(&field.placeholder, 200, "A placeholder")?;
            field.order = position as u32;
            if field.preset.as_deref() == Some("location_state") {
                // A select of the server's list, whatever the editor sent.
                *field = field.clone().for_investors();
            } else if field.kind.has_options() {
                field.options = field.options.iter().map(|o| o.trim().to_owned()).filter(|o| !o.is_empty()).collect();
                if field.options.len() < 2 {
                    return Err(bad("invalid_options", format!("The choice field '{}' needs at least two options.", field.label)));
                }
                if field.options.len() > MAX_OPTIONS {
                    return Err(bad("invalid_options", format!("A choice field can have at most {MAX_OPTIONS} options.")));
                }
                let mut unique = std::collections::HashSet::new();
                for option in &field.options {
                    check_len(option, 100, "An option")?;
                    if !unique.insert(option.to_lowercase()) {
                        return Err(bad("invalid_options", format!("The option '{option}' appears twice.")));
                    }
                }
            } else {
                field.options.clear();
            }
            if let Some(preset) = &field.preset {
                if !PRESETS.iter().any(|p| p.key == preset) {
                    return Err(bad("invalid_preset", "Unknown field preset."));
                }
            }
        }

        self.styling.colours().validate()?;
        let styling = &self.styling;
        let font_ok = !styling.font_family.is_empty()
            && styling.font_family.len() <= 60
            && styling.font_family.chars().all(|c| c.is_ascii_alphanumeric() || " ,-'".contains(c));
        if !font_ok {
            return Err(bad("invalid_font", "Choose a font from the list."));
        }
        if !is_css_length(&styling.border_radius) {
            return Err(bad("invalid_radius", "The corner radius must be a length like 0.375rem or 8px."));
        }
        check_url(styling.logo_url.as_deref(), "The logo")?;
        let content = &mut self.content_settings.form_content;
        content.company_name = content.company_name.trim().to_owned();
        check_len(&content.company_name, 120, "The company name")?;
        check_url(content.logo_url.as_deref(), "The company logo")?;
        content.headline = single_line(&content.headline, "The headline")?.unwrap_or_else(default_headline);
        check_len(&content.headline, MAX_HEADLINE, "The headline")?;
        content.submit_label = single_line(&content.submit_label, "The button label")?.unwrap_or_else(default_submit_label);
        check_len(&content.submit_label, MAX_SUBMIT_LABEL, "The button label")?;
        content.thank_you_url = match content.thank_you_url.as_deref().map(str::trim).filter(|url| !url.is_empty()) {
            None => None,
            Some(url) if is_https_url(url) => Some(url.to_owned()),
            Some(_) => return Err(bad("invalid_thank_you_url", "The website link must be a web address starting with https://, like https://example.com.")),
        };

        let welcome = &mut self.welcome_settings;
        check_len(&welcome.headline, 120, "The welcome headline")?;
        check_len(&welcome.message, 1000, "The welcome message")?;
        check_len(&welcome.button_text, 40, "The welcome button text")?;

        let offering = &mut self.offering_settings;
        check_len(&offering.summary, 2000, "The offering summary")?;
        check_len(&offering.security_type, 100, "The security type")?;
        for (value, what) in [(offering.minimum_investment, "The minimum investment"), (offering.target_raise, "The target raise")] {
            if value.is_some_and(|v| v > 5_000_000_000) {
                return Err(bad("invalid_amount", format!("{what} is too large.")));
            }
        }
        check_url(offering.funding_portal_url.as_deref(), "The funding portal address")?;
        offering.disclaimer = offering.disclaimer.trim().to_owned();
        if offering.disclaimer.is_empty() {
            return Err(bad("legend_required", "The testing-the-waters disclaimer cannot be removed. Edit its wording instead."));
        }
        check_len(&offering.disclaimer, 3000, "The disclaimer")?;
        offering.legend_version = legend_version(&offering.disclaimer);
        Ok(self)
    }
}

/// The default legend's version, or `custom-<hash>` identifying the founder's own wording.
pub fn legend_version(disclaimer: &str) -> String {
    if disclaimer == DEFAULT_LEGEND {
        LEGEND_VERSION.to_owned()
    } else {
        format!("custom-{}", &crate::crypto::sha256_hex(disclaimer)[..12])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> FormContentInput {
        let form = Form::new_default("u1", "2026-11-25T10:00:00Z");
        FormContentInput {
            name: form.name,
            description: form.description,
            fields: form.fields,
            styling: form.styling,
            content_settings: form.content_settings,
            welcome_settings: form.welcome_settings,
            offering_settings: form.offering_settings,
            show_branding: true,
        }
    }

    fn message(input: FormContentInput) -> String {
        input.validate().unwrap_err().message.into_owned()
    }

    #[test]
    fn the_default_form_is_the_spec_default() {
        let form = Form::new_default("u1", "2026-11-25T10:00:00Z");
        assert_eq!((form.name.as_str(), form.description.as_str()), ("New Form", "Real estate investor form"));
        assert!(!form.is_published && form.views == 0);
        assert_eq!((form.created_at.as_str(), form.updated_at.as_str()), ("2026-11-25T10:00:00Z", "2026-11-25T10:00:00Z"));
        let fields: Vec<_> = form.fields.iter().map(|f| (f.label.as_str(), f.kind, f.required)).collect();
        assert_eq!(fields, vec![("Full Name", FieldType::Text, true), ("Email Address", FieldType::Email, true), ("Phone Number", FieldType::Phone, true)]);
        assert_eq!(form.styling.primary_color, "#6366f1");
        assert_eq!(form.styling.border_radius, "0.375rem");
        assert_eq!(form.offering_settings.legend_version, LEGEND_VERSION);
        assert!(input().validate().is_ok());
    }

    #[test]
    fn validation_names_what_is_wrong() {
        let mut i = input();
        i.name = "  ".into();
        assert_eq!(message(i), "Please give the form a name.");
        let mut i = input();
        i.fields[1].id = i.fields[0].id.clone();
        assert_eq!(message(i), "Two fields have the same id.");
        let mut i = input();
        i.fields[0].id = "not-a-uuid".into();
        assert_eq!(message(i), "Every field id must be a UUID.");
        let mut i = input();
        i.fields[2].label = "".into();
        assert_eq!(message(i), "Field 3 needs a label.");
        let mut i = input();
        i.fields[0].kind = FieldType::Select;
        i.fields[0].options = vec!["Only one".into()];
        assert_eq!(message(i), "The choice field 'Full Name' needs at least two options.");
        let mut i = input();
        i.styling.button_color = "blue".into();
        assert_eq!(message(i), "The button colour must be a hex colour like #6366f1.");
        let mut i = input();
        i.content_settings.form_content.logo_url = Some("javascript:alert(1)".into());
        assert_eq!(message(i), "The company logo must be a web address starting with http:// or https://.");
        let mut i = input();
        i.offering_settings.disclaimer = " ".into();
        assert_eq!(message(i), "The testing-the-waters disclaimer cannot be removed. Edit its wording instead.");
        let mut i = input();
        i.fields = vec![];
        assert_eq!(message(i), "A form needs at least one field.");
        let mut i = input();
        i.styling.border_radius = "calc(1px)".into();
        assert!(message(i).starts_with("The corner radius"));
    }

    #[test]
    fn field_order_follows_position_and_custom_legends_are_versioned() {
        let mut i = input();
        i.fields.reverse();
        i.offering_settings.disclaimer = "Our own wording: no money is being solicited.".into();
        let valid = i.validate().unwrap();
        assert_eq!(valid.fields.iter().map(|f| f.order).collect::<Vec<_>>(), vec![0, 1, 2]);
        assert_eq!(valid.fields[0].label, "Phone Number");
        assert!(valid.offering_settings.legend_version.starts_with("custom-"));
    }

    #[test]
    fn a_form_at_every_limit_fits_well_under_the_dynamodb_item_limit() {
        let mut i = input();
        i.fields = (0..MAX_FIELDS)
            .map(|n| FormField {
                id: uuid::Uuid::new_v4().to_string(),
                kind: FieldType::Select,
                label: "l".repeat(200),
                placeholder: "p".repeat(200),
                required: true,
                order: n as u32,
                options: (0..MAX_OPTIONS).map(|o| format!("{o}{}", "o".repeat(95))).collect(),
                preset: None,
            })
            .collect();
        i.description = "d".repeat(500);
        i.offering_settings.summary = "s".repeat(2000);
        i.offering_settings.disclaimer = "x".repeat(3000);
        let valid = i.validate().unwrap();
        let size = serde_json::to_vec(&valid.fields).unwrap().len();
        assert!(size < 200 * 1024, "{size} bytes");
    }

    #[test]
    fn the_public_headline_and_button_label_default_when_blank_and_are_single_lines_within_their_limits() {
        let valid = input().validate().unwrap().content_settings.form_content;
        assert_eq!((valid.headline.as_str(), valid.submit_label.as_str(), valid.thank_you_url), (DEFAULT_HEADLINE, "Submit", None));
        let mut i = input();
        i.content_settings.form_content.headline = "  ".into();
        i.content_settings.form_content.submit_label = "".into();
        let content = i.validate().unwrap().content_settings.form_content;
        assert_eq!((content.headline.as_str(), content.submit_label.as_str()), (DEFAULT_HEADLINE, "Submit"));
        let mut i = input();
        i.content_settings.form_content.headline = " Back Harbor Coffee's second roastery ".into();
        i.content_settings.form_content.submit_label = " Count me in ".into();
        let content = i.validate().unwrap().content_settings.form_content;
        assert_eq!((content.headline.as_str(), content.submit_label.as_str()), ("Back Harbor Coffee's second roastery", "Count me in"));
        let mut i = input();
        i.content_settings.form_content.submit_label = "b".repeat(MAX_SUBMIT_LABEL + 1);
        assert_eq!(message(i), "The button label can be at most 30 characters long.");
        let mut i = input();
        i.content_settings.form_content.headline = "h".repeat(MAX_HEADLINE + 1);
        assert_eq!(message(i), "The headline can be at most 120 characters long.");
        let mut i = input();
        i.content_settings.form_content.headline = "Invest\nnow".into();
        assert_eq!(message(i), "The headline must be a single line of text.");
        // A form stored before these settings reads with the defaults, not the internal name.
        let stored: FormContent = serde_json::from_value(serde_json::json!({ "company_name": "Harbor" })).unwrap();
        assert_eq!((stored.headline.as_str(), stored.submit_label.as_str()), (DEFAULT_HEADLINE, "Submit"));
    }

    #[test]
    fn the_thank_you_link_is_an_https_address_with_a_host_or_nothing() {
        let with = |url: &str| {
            let mut i = input();
            i.content_settings.form_content.thank_you_url = Some(url.into());
            i.validate().map(|v| v.content_settings.form_content.thank_you_url)
        };
        assert_eq!(with(" https://harborcoffee.example/invest ").unwrap().as_deref(), Some("https://harborcoffee.example/invest"));
        assert_eq!(with("https://harborcoffee.example:8443").unwrap().as_deref(), Some("https://harborcoffee.example:8443"));
        assert_eq!(with("  ").unwrap(), None);
        for refused in [
            "javascript:alert(1)",
            "JavaScript:alert(document.cookie)",
            "data:text/html,<script>alert(1)</script>",
            "http://harborcoffee.example",
            "https://",
            "https://localhost",
            "https://user:pass@evil.example",
            "https://harbor coffee.example",
            "https://harborcoffee.example/\"onmouseover=\"x",
            "//harborcoffee.example",
            "harborcoffee.example",
        ] {
            let err = with(refused).unwrap_err();
            assert_eq!(err.code, "invalid_thank_you_url", "{refused}");
            assert_eq!(err.message, "The website link must be a web address starting with https://, like https://example.com.");
        }
    }

    #[test]
    fn the_state_field_is_always_the_servers_list_of_states_dc_and_outside_the_us() {
        assert_eq!(STATE_CHOICES.len(), 53);
        assert_eq!(STATE_CHOICES.iter().filter(|s| **s != "Puerto Rico" && **s != "District of Columbia" && **s != OUTSIDE_THE_US).count(), 50);
        assert_eq!((STATE_CHOICES[0], STATE_CHOICES[52]), ("Alabama", OUTSIDE_THE_US));
        let preset = FieldPreset::find("location_state").unwrap();
        assert_eq!((preset.kind, preset.options), (FieldType::Select, &STATE_CHOICES[..]));
        // Whatever the editor sends (free text, its own options), a state field is saved as the list.
        let mut i = input();
        let mut state = preset.to_field(3, true);
        state.kind = FieldType::Text;
        state.options = vec!["Atlantis".into()];
        i.fields.push(state);
        let saved = i.validate().unwrap();
        assert_eq!(saved.fields[3].kind, FieldType::Select);
        assert_eq!(saved.fields[3].options, STATE_CHOICES.map(str::to_owned).to_vec());
        assert!(saved.fields[3].required);
    }

    #[test]
    fn colours_and_urls() {
        assert!(is_hex_color("#fff") && is_hex_color("#6366f1") && !is_hex_color("6366f1") && !is_hex_color("#ggg"));
        assert!(is_http_url("https://example.com/logo.png") && !is_http_url("ftp://x") && !is_http_url("https://"));
    }
}
