//! The offering's lifecycle: testing the waters → Form C filed → live → closed.
//!
//! The status is kept on the founder's profile and copied onto each of their forms
//! ([`OfferingStage`]), so the investor-facing function reads it with the form it already
//! reads. While testing the waters, forms and campaigns carry the Rule 206 legend; once the
//! Form C is filed, a form shows only what Rule 204 permits (a notice naming the intermediary
//! and a link to the offering page on its platform) and takes no new indications of interest;
//! after closing, a closed notice.

use serde::{Deserialize, Serialize};

use crate::invalid::{Checked, Invalid};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OfferingStatus {
    #[default]
    TestingTheWaters,
    FormCFiled,
    Live,
    Closed,
}

impl OfferingStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::TestingTheWaters => "testing_the_waters",
            Self::FormCFiled => "form_c_filed",
            Self::Live => "live",
            Self::Closed => "closed",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Self::TestingTheWaters => "Testing the waters",
            Self::FormCFiled => "Form C filed",
            Self::Live => "Live",
            Self::Closed => "Closed",
        }
    }

    /// Whether forms still take indications of interest.
    pub fn accepts_interest(self) -> bool {
        self == Self::TestingTheWaters
    }
}

/// The founder's offering, kept on the profile (`offering`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offering {
    #[serde(default)]
    pub status: OfferingStatus,
    /// The day the Form C was filed (`YYYY-MM-DD`).
    #[serde(default)]
    pub filing_date: Option<String>,
    /// The funding portal (or broker-dealer) the offering runs through.
    #[serde(default)]
    pub intermediary: String,
    /// The offering's page on the intermediary's platform (https).
    #[serde(default)]
    pub offering_url: Option<String>,
    #[serde(default)]
    pub updated_at: Option<String>,
    /// Raised by every change; a change based on an older copy is refused (409).
    #[serde(default)]
    pub version: u64,
    /// The status before the last change.
    #[serde(default)]
    pub previous_status: Option<OfferingStatus>,
    /// Who made the last change.
    #[serde(default)]
    pub changed_by: Option<crate::vault::Actor>,
}

/// What a form carries of the offering: all an investor's view needs.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OfferingStage {
    #[serde(default)]
    pub status: OfferingStatus,
    #[serde(default)]
    pub intermediary: String,
    #[serde(default)]
    pub offering_url: Option<String>,
    /// The profile's offering version this copy was made from.
    #[serde(default)]
    pub version: u64,
}

impl From<&Offering> for OfferingStage {
    fn from(offering: &Offering) -> Self {
        Self { status: offering.status, intermediary: offering.intermediary.clone(), offering_url: offering.offering_url.clone(), version: offering.version }
    }
}

/// A requested change, as the founder sends it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OfferingChange {
    pub version: u64,
    pub status: OfferingStatus,
    #[serde(default)]
    pub filing_date: Option<String>,
    #[serde(default)]
    pub intermediary: Option<String>,
    #[serde(default)]
    pub offering_url: Option<String>,
}

fn bad(code: &'static str, message: impl Into<String>) -> Invalid {
    Invalid::new(code, message.into())
}

/// `https://` with a host that has a dot, no credentials, at most 2,048 characters.
pub fn is_https_url(value: &str) -> bool {
    let Some(rest) = value.strip_prefix("https://") else { return false };
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    value.len() <= 2048
        && !host.contains('@')
        && host.contains('.')
        && !host.starts_with('.')
        && !host.ends_with('.')
        && host.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':'))
        && !value.chars().any(|c| c.is_whitespace() || c.is_control())
}

/// A field of the offering form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Field {
    #[serde(rename = "status")]
    Status,
    #[serde(rename = "filingDate")]
    FilingDate,
    #[serde(rename = "intermediary")]
    Intermediary,
    #[serde(rename = "offeringUrl")]
    OfferingUrl,
}

/// Why one field of a change cannot be saved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldInvalid {
    pub field: Field,
    pub invalid: Invalid,
}

/// A change's fields once read: what the offering would hold.
struct Resolved {
    filing_date: Option<String>,
    intermediary: String,
    offering_url: Option<String>,
}

impl OfferingChange {
    /// Every field this change gets wrong, in the order [`OfferingChange::apply`] reports them
    /// (the status, then each field's form, then what filing needs), at most one per field.
    /// The status only moves forward (a filed offering cannot go back to testing the waters);
    /// filing needs the filing date (not after `today`), the intermediary and its offering page.
    pub fn check(&self, current: &Offering, today: &str) -> Vec<FieldInvalid> {
        self.resolve(current, today).err().unwrap_or_default()
    }

    /// The stage investors would see after this change (for a preview), whether or not it is valid.
    pub fn preview(&self, current: &Offering) -> OfferingStage {
        let text = |value: &Option<String>| value.as_deref().map(str::trim).map(str::to_owned);
        OfferingStage {
            status: self.status,
            intermediary: text(&self.intermediary).unwrap_or_else(|| current.intermediary.clone()),
            offering_url: match text(&self.offering_url) {
                Some(url) if url.is_empty() => None,
                Some(url) => Some(url),
                None => current.offering_url.clone(),
            },
            version: current.version,
        }
    }

    fn resolve(&self, current: &Offering, today: &str) -> Result<Resolved, Vec<FieldInvalid>> {
        let mut found = Vec::new();
        let mut refuse = |field: Field, invalid: Invalid| found.push(FieldInvalid { field, invalid });
        if self.status < current.status {
            refuse(
                Field::Status,
                bad(
                    "status_backwards",
                    format!("The offering is {}; it can only move forward (Testing the waters → Form C filed → Live → Closed).", current.status.label()),
                ),
            );
        }
        let intermediary = match &self.intermediary {
            Some(name) => crate::vault::clean_text(name, 120, "intermediary's name", false).map_err(|invalid| refuse(Field::Intermediary, invalid)).ok(),
            None => Some(current.intermediary.clone()),
        };
        let offering_url = match self.offering_url.as_deref().map(str::trim) {
            Some("") => Some(None),
            Some(url) if is_https_url(url) => Some(Some(url.to_owned())),
            Some(_) => {
                refuse(Field::OfferingUrl, bad("invalid_url", "Enter the offering page's full address, starting with https://."));
                None
            }
            None => Some(current.offering_url.clone()),
        };
        let filing_date = match self.filing_date.as_deref().map(str::trim) {
            Some("") => Some(None),
            Some(day) if crate::days::day_of(day).is_some_and(|d| d.len() == day.len()) => {
                if day > today {
                    refuse(Field::FilingDate, bad("invalid_filing_date", "The filing date cannot be in the future."));
                    None
                } else {
                    Some(Some(day.to_owned()))
                }
            }
            Some(_) => {
                refuse(Field::FilingDate, bad("invalid_filing_date", "Write the filing date as YYYY-MM-DD."));
                None
            }
            None => Some(current.filing_date.clone()),
        };
        if self.status >= OfferingStatus::FormCFiled {
            if filing_date == Some(None) {
                refuse(Field::FilingDate, bad("filing_date_required", "Enter the day your Form C was filed."));
            }
            if intermediary.as_deref() == Some("") {
                refuse(Field::Intermediary, bad("intermediary_required", "Enter the funding portal your offering runs through."));
            }
            if offering_url == Some(None) {
                refuse(Field::OfferingUrl, bad("offering_url_required", "Enter the address of your offering page on the funding portal."));
            }
        }
        match (found.is_empty(), intermediary, offering_url, filing_date) {
            (true, Some(intermediary), Some(offering_url), Some(filing_date)) => Ok(Resolved { filing_date, intermediary, offering_url }),
            _ => Err(found),
        }
    }

    /// The offering after this change, or the first thing [`OfferingChange::check`] finds wrong.
    pub fn apply(&self, current: &Offering, today: &str, now: &str, actor: crate::vault::Actor) -> Checked<Offering> {
        let Resolved { filing_date, intermediary, offering_url } = self.resolve(current, today).map_err(|mut found| found.remove(0).invalid)?;
        Ok(Offering {
            status: self.status,
            filing_date,
            intermediary,
            offering_url,
            updated_at: Some(now.to_owned()),
            version: current.version + 1,
            previous_status: Some(current.status),
            changed_by: Some(actor),
        })
    }
}

/// What an investor sees instead of the form once the offering has left testing the waters
/// (`None` while it is testing the waters). Only what Rule 204 permits: that an offering is
/// being made, the issuer, the intermediary and a link to its platform.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Notice {
    pub status: OfferingStatus,
    pub title: String,
    pub message: String,
    /// The link to the offering page, with its label.
    pub link_label: Option<String>,
    pub link_url: Option<String>,
}

pub fn notice(stage: &OfferingStage, company: &str) -> Option<Notice> {
    let company = if company.trim().is_empty() { "This company" } else { company.trim() };
    let portal = if stage.intermediary.trim().is_empty() { "its funding portal" } else { stage.intermediary.trim() };
    let link = |label: String| stage.offering_url.clone().map(|url| (label, url));
    let (title, message, link) = match stage.status {
        OfferingStatus::TestingTheWaters => return None,
        OfferingStatus::FormCFiled => (
            format!("{company} has filed its Form C"),
            format!(
                "{company} has filed an offering statement on Form C with the SEC for an offering under Regulation Crowdfunding through {portal}. \
                 Indications of interest are no longer collected here. Investments can be made only through {portal}'s platform."
            ),
            link(format!("View the offering on {portal}")),
        ),
        OfferingStatus::Live => (
            format!("{company}'s offering is live"),
            format!(
                "{company} is conducting an offering under Regulation Crowdfunding through {portal}. \
                 Indications of interest are no longer collected here. Investments can be made only through {portal}'s platform."
            ),
            link(format!("View the offering on {portal}")),
        ),
        OfferingStatus::Closed => (
            format!("{company}'s offering has closed"),
            format!("{company}'s offering under Regulation Crowdfunding has closed and no longer accepts investments. Thank you for your interest."),
            None,
        ),
    };
    let (link_label, link_url) = link.map_or((None, None), |(label, url)| (Some(label), Some(url)));
    Some(Notice { status: stage.status, title, message, link_label, link_url })
}

/// The answer to an indication of interest sent after testing the waters ended.
pub fn not_accepting_message(stage: &OfferingStage) -> String {
    let portal = if stage.intermediary.trim().is_empty() { "the funding portal" } else { stage.intermediary.trim() };
    match (stage.status, &stage.offering_url) {
        (OfferingStatus::Closed, _) => "This offering has closed and no longer accepts indications of interest.".into(),
        (_, Some(url)) => format!("This offering is no longer collecting indications of interest here. Learn more and invest only through {portal}: {url}"),
        (_, None) => format!("This offering is no longer collecting indications of interest here. Investments can be made only through {portal}."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(status: OfferingStatus) -> OfferingChange {
        OfferingChange {
            version: 1,
            status,
            filing_date: Some("2026-11-20".into()),
            intermediary: Some("Wefunder".into()),
            offering_url: Some("https://wefunder.com/harbor".into()),
        }
    }

    #[test]
    fn filing_needs_the_date_the_portal_and_its_page() {
        let current = Offering::default();
        let filed = change(OfferingStatus::FormCFiled).apply(&current, "2026-11-25", "now", crate::vault::Actor::founder("f")).unwrap();
        assert_eq!(filed.status, OfferingStatus::FormCFiled);
        assert_eq!(filed.version, 1);
        for (patch, code) in [
            (OfferingChange { filing_date: None, ..change(OfferingStatus::FormCFiled) }, "filing_date_required"),
            (OfferingChange { intermediary: Some(" ".into()), ..change(OfferingStatus::FormCFiled) }, "intermediary_required"),
            (OfferingChange { offering_url: Some("http://wefunder.com/x".into()), ..change(OfferingStatus::Live) }, "invalid_url"),
            (OfferingChange { offering_url: Some("javascript:alert(1)".into()), ..change(OfferingStatus::Live) }, "invalid_url"),
            (OfferingChange { offering_url: Some("https://user@evil.com".into()), ..change(OfferingStatus::Live) }, "invalid_url"),
            (OfferingChange { filing_date: Some("2026-12-01".into()), ..change(OfferingStatus::Live) }, "invalid_filing_date"),
            (OfferingChange { filing_date: Some("20/11/2026".into()), ..change(OfferingStatus::Live) }, "invalid_filing_date"),
        ] {
            assert_eq!(patch.apply(&current, "2026-11-25", "now", crate::vault::Actor::founder("f")).unwrap_err().code, code);
        }
    }

    #[test]
    fn the_status_only_moves_forward() {
        let live = Offering { status: OfferingStatus::Live, version: 3, ..Offering::default() };
        assert_eq!(change(OfferingStatus::TestingTheWaters).apply(&live, "2026-11-25", "now", crate::vault::Actor::founder("f")).unwrap_err().code, "status_backwards");
        assert_eq!(change(OfferingStatus::Closed).apply(&live, "2026-11-25", "now", crate::vault::Actor::founder("f")).unwrap().version, 4);
        // Details can be corrected without moving.
        assert_eq!(change(OfferingStatus::Live).apply(&live, "2026-11-25", "now", crate::vault::Actor::founder("f")).unwrap().status, OfferingStatus::Live);
    }

    #[test]
    fn check_names_every_field_that_is_wrong_and_apply_refuses_with_the_first_of_them() {
        let live = Offering { status: OfferingStatus::Live, version: 3, ..Offering::default() };
        let wrong = OfferingChange {
            version: 3,
            status: OfferingStatus::FormCFiled,
            filing_date: Some("2026-02-30".into()),
            intermediary: Some("Wefunder\u{85}Inc".into()),
            offering_url: Some("https://wefunder.com/\u{9f}x".into()),
        };
        let found = wrong.check(&live, "2026-11-25");
        let fields: Vec<_> = found.iter().map(|f| (f.field, f.invalid.code.as_ref())).collect();
        assert_eq!(
            fields,
            [
                (Field::Status, "status_backwards"),
                (Field::Intermediary, "invalid_text"),
                (Field::OfferingUrl, "invalid_url"),
                (Field::FilingDate, "invalid_filing_date"),
            ]
        );
        assert_eq!(found[3].invalid.message, "Write the filing date as YYYY-MM-DD.", "February has no 30th");
        assert_eq!(wrong.apply(&live, "2026-11-25", "now", crate::vault::Actor::founder("f")).unwrap_err(), found[0].invalid);

        // Filing with nothing filled in: each missing fact at its own field.
        let empty = OfferingChange { version: 0, status: OfferingStatus::FormCFiled, filing_date: Some(" ".into()), intermediary: Some("".into()), offering_url: None };
        let found = empty.check(&Offering::default(), "2026-11-25");
        let codes: Vec<_> = found.iter().map(|f| (f.field, f.invalid.code.as_ref())).collect();
        assert_eq!(codes, [(Field::FilingDate, "filing_date_required"), (Field::Intermediary, "intermediary_required"), (Field::OfferingUrl, "offering_url_required")]);
        assert_eq!(empty.apply(&Offering::default(), "2026-11-25", "now", crate::vault::Actor::founder("f")).unwrap_err(), found[0].invalid);

        // A malformed field is reported once (its form), not again as missing.
        let malformed = OfferingChange { offering_url: Some("wefunder.com".into()), ..change(OfferingStatus::Live) };
        assert_eq!(malformed.check(&Offering::default(), "2026-11-25").len(), 1);
        assert!(change(OfferingStatus::Live).check(&Offering::default(), "2026-11-25").is_empty());
        assert!(change(OfferingStatus::Live).check(&Offering::default(), "2026-11-19").iter().any(|f| f.field == Field::FilingDate), "after the latest day");
    }

    #[test]
    fn the_preview_shows_the_draft_over_what_is_saved() {
        let saved = Offering { intermediary: "Wefunder".into(), offering_url: Some("https://wefunder.com/a".into()), version: 2, ..Offering::default() };
        let draft = OfferingChange { version: 2, status: OfferingStatus::Live, filing_date: None, intermediary: Some(" Republic ".into()), offering_url: Some("".into()) };
        let stage = draft.preview(&saved);
        assert_eq!((stage.status, stage.intermediary.as_str(), stage.offering_url), (OfferingStatus::Live, "Republic", None));
        let unchanged = OfferingChange { intermediary: None, offering_url: None, ..draft };
        assert_eq!(unchanged.preview(&saved).offering_url.as_deref(), Some("https://wefunder.com/a"));
    }

    #[test]
    fn the_public_notice_names_the_portal_and_links_its_page_and_says_nothing_else() {
        let stage = OfferingStage { status: OfferingStatus::Live, intermediary: "Wefunder".into(), offering_url: Some("https://wefunder.com/harbor".into()), version: 2 };
        let notice = notice(&stage, "Harbor Coffee").unwrap();
        assert_eq!(notice.title, "Harbor Coffee's offering is live");
        assert!(notice.message.contains("through Wefunder"), "{}", notice.message);
        assert_eq!(notice.link_label.as_deref(), Some("View the offering on Wefunder"));
        assert_eq!(notice.link_url.as_deref(), Some("https://wefunder.com/harbor"));
        assert!(super::notice(&OfferingStage::default(), "Harbor Coffee").is_none());
        let closed = super::notice(&OfferingStage { status: OfferingStatus::Closed, ..stage.clone() }, "").unwrap();
        assert_eq!(closed.title, "This company's offering has closed");
        assert!(closed.link_url.is_none());
        assert!(not_accepting_message(&stage).contains("https://wefunder.com/harbor"));
    }
}
