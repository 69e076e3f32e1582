//! What an investor's submission becomes: the rule of `POST /public-forms/{id}/leads` without
//! its storage. The handler limits, loads the form, stores what this returns with a
//! conditional write, then counts it and mails the founder.

use std::collections::HashMap;

use uuid::Uuid;

use super::{
    AnswerErrors, ComplianceProof, LeadRecord, LeadSummary, LocationData, answers_in_order, estimated_investment, preset_answer, search_text,
    temperature_of, validate_answers,
};
use crate::{
    attribution::Attribution,
    crypto::sha256_hex,
    forms::{Form, OUTSIDE_THE_US, is_http_url},
    invalid::{Checked, Invalid},
    lead_stats::Facets,
    offering::not_accepting_message,
};

/// What the investor sent.
#[derive(Debug, Clone, Default)]
pub struct Submission {
    pub answers: HashMap<String, String>,
    /// The page that embedded the form (the iframe's `source` parameter).
    pub source: Option<String>,
    /// That page's own referrer (embed.js's `ref` parameter).
    pub referrer: Option<String>,
    /// The honeypot: a field people never see. Bots fill it.
    pub website: Option<String>,
}

/// What the HTTP layer knows about the request.
#[derive(Debug, Clone)]
pub struct CaptureContext<'a> {
    /// [`lead_id_for`] the form and the `Idempotency-Key`.
    pub lead_id: String,
    /// The time of capture (the state's clock).
    pub now: &'a str,
    /// The raw `Referer` header.
    pub referrer: Option<&'a str>,
    /// The CDN's viewer location, only when the request proved it came through the CDN.
    pub cdn_location: Option<LocationData>,
}

/// What to do with a submission.
#[derive(Debug)]
pub enum Capture {
    /// Store it (once: a conditional write on its id), then count it and mail the founder.
    Store(LeadRecord),
    /// The honeypot was filled: answer as if stored (201 `{id, received}`), store nothing.
    Discard,
    /// The offering no longer takes indications of interest (409 `not_accepting_interest`),
    /// unless this is a retry of a lead stored before.
    NotAccepting { message: String },
}

/// A web address from a header or the embed's `source`: trimmed, `http(s)` only, at most 2048
/// characters.
pub fn web_url(value: Option<&str>) -> Option<String> {
    value.map(str::trim).filter(|url| is_http_url(url)).map(|url| url.chars().take(2048).collect())
}

/// A retried submission with the same key gets the same lead id, so the conditional write
/// stores it once; without a key, a new id.
pub fn lead_id_for(form_id: &str, key: Option<&str>) -> Checked<String> {
    match key {
        None => Ok(Uuid::new_v4().to_string()),
        Some(key) => {
            let valid = (8..=128).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_:.".contains(&b));
            if !valid {
                return Err(Invalid::new("invalid_idempotency_key", "Idempotency-Key must be 8 to 128 letters, digits or - _ : ."));
            }
            let digest = sha256_hex(format!("{form_id}|{key}"));
            let bytes: Vec<u8> = (0..16).map(|i| u8::from_str_radix(&digest[i * 2..i * 2 + 2], 16).unwrap_or(0)).collect();
            Ok(uuid::Builder::from_custom_bytes(bytes.try_into().unwrap_or([0; 16])).into_uuid().to_string())
        }
    }
}

/// In order: the offering gate, the honeypot, the answers' checks, the location (the CDN's,
/// else the form's location presets), then the record with its estimate, search text,
/// facets, temperature and the proof of the legend the investor saw.
pub fn capture_lead(form: &Form, submission: Submission, ctx: CaptureContext<'_>) -> Result<Capture, AnswerErrors> {
    if !form.offering_stage.status.accepts_interest() {
        return Ok(Capture::NotAccepting { message: not_accepting_message(&form.offering_stage) });
    }
    if submission.website.as_deref().is_some_and(|v| !v.trim().is_empty()) {
        return Ok(Capture::Discard);
    }
    let answers = validate_answers(form, submission.answers)?;
    let referrer = web_url(ctx.referrer);
    let mut location = ctx.cdn_location;
    if location.is_none() {
        let city = preset_answer(form, &answers, "location_city").map(str::to_owned);
        let state = preset_answer(form, &answers, "location_state");
        // "Outside the US" is no region: the lead counts as abroad.
        let (region, country_name) = match state {
            Some(OUTSIDE_THE_US) => (None, Some(OUTSIDE_THE_US.to_owned())),
            other => (other.map(str::to_owned), None),
        };
        if city.is_some() || region.is_some() || country_name.is_some() {
            location = Some(LocationData { city, region, country_name });
        }
    }
    let data: serde_json::Map<String, serde_json::Value> = answers.iter().map(|(k, v)| (k.clone(), serde_json::Value::String(v.clone()))).collect();
    let ordered = answers_in_order(&form.fields, &data);
    let estimated_amount = estimated_investment(&ordered);
    let search_text = search_text(&LeadSummary::of(&ordered, location.as_ref()));
    let source_url = web_url(submission.source.as_deref());
    let attribution = Attribution::of(source_url.as_deref(), submission.referrer.as_deref());
    let facets = Facets::of(form, &answers, location.as_ref(), &attribution);
    Ok(Capture::Store(LeadRecord {
        attribution,
        facets,
        contacted_at: None,
        estimated_amount,
        search_text,
        counted_at: None,
        id: ctx.lead_id,
        form_id: form.id.clone(),
        owner_id: form.user_id.clone(),
        created_at: ctx.now.to_owned(),
        status: temperature_of(form, &answers).as_str().to_owned(),
        data: answers,
        location_data: location,
        compliance: ComplianceProof {
            legend_version: form.offering_settings.legend_version.clone(),
            legend_sha256: sha256_hex(&form.offering_settings.disclaimer),
            form_version: form.version,
            source_url,
            referrer,
            submitted_at: ctx.now.to_owned(),
        },
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        forms::{DEFAULT_LEGEND, FieldPreset},
        offering::OfferingStatus,
    };

    const NOW: &str = "2026-11-25T10:00:00Z";

    /// The default form (name, e-mail, phone) with the city and state presets.
    fn form() -> Form {
        let mut form = Form::new_default("owner", NOW);
        form.fields.push(FieldPreset::find("location_city").unwrap().to_field(3, false));
        form.fields.push(FieldPreset::find("location_state").unwrap().to_field(4, false));
        form
    }

    fn answers(form: &Form, values: &[&str]) -> HashMap<String, String> {
        form.fields.iter().zip(values).filter(|(_, v)| !v.is_empty()).map(|(f, v)| (f.id.clone(), (*v).to_owned())).collect()
    }

    fn ctx(cdn: Option<LocationData>) -> CaptureContext<'static> {
        CaptureContext { lead_id: "lead-1".into(), now: NOW, referrer: Some(" https://blog.example/post "), cdn_location: cdn }
    }

    fn stored(capture: Result<Capture, AnswerErrors>) -> LeadRecord {
        match capture {
            Ok(Capture::Store(lead)) => lead,
            other => panic!("expected a lead to store, got {other:?}"),
        }
    }

    #[test]
    fn a_valid_submission_becomes_the_record_stored_with_its_proof() {
        let form = form();
        let submission = Submission {
            answers: answers(&form, &["Ada Lovelace", "ada@example.com", "555 0100", "Austin", "Texas"]),
            source: Some("https://www.startup.example/invest?utm_source=Newsletter&utm_campaign=launch".into()),
            referrer: Some("https://mail.example/inbox?m=1".into()),
            website: None,
        };
        let lead = stored(capture_lead(&form, submission, ctx(None)));
        assert_eq!((lead.id.as_str(), lead.form_id.as_str(), lead.owner_id.as_str()), ("lead-1", form.id.as_str(), "owner"));
        assert_eq!((lead.created_at.as_str(), lead.compliance.submitted_at.as_str()), (NOW, NOW));
        assert_eq!(lead.search_text, "ada lovelace ada@example.com");
        assert_eq!(lead.compliance.legend_sha256, sha256_hex(DEFAULT_LEGEND));
        assert_eq!(lead.compliance.legend_sha256.len(), 64);
        assert_eq!(lead.compliance.legend_version, form.offering_settings.legend_version);
        assert_eq!(lead.compliance.source_url.as_deref(), Some("https://www.startup.example/invest?utm_source=Newsletter&utm_campaign=launch"));
        assert_eq!(lead.compliance.referrer.as_deref(), Some("https://blog.example/post"));
        assert_eq!(lead.facets.host.as_deref(), Some("startup.example"));
        // Where the investor came from, kept on the lead and counted in its sources.
        assert_eq!(lead.attribution.utm_source.as_deref(), Some("Newsletter"));
        assert_eq!(lead.attribution.referrer.as_deref(), Some("https://mail.example/inbox"));
        assert_eq!(lead.attribution.page.as_deref(), Some("https://www.startup.example/invest"));
        assert_eq!(
            (lead.facets.source.as_deref(), lead.facets.campaign.as_deref(), lead.facets.page.as_deref()),
            (Some("newsletter"), Some("launch"), Some("startup.example/invest"))
        );
        let location = lead.location_data.unwrap();
        assert_eq!((location.city.as_deref(), location.region.as_deref(), location.country_name), (Some("Austin"), Some("Texas"), None));
        assert_eq!((lead.facets.state.as_deref(), lead.facets.city.as_deref()), (Some("TX"), Some("Austin, TX")));
    }

    #[test]
    fn the_cdns_location_wins_over_the_answers_and_the_presets_fill_in_without_it() {
        let form = form();
        let submission = || Submission { answers: answers(&form, &["Ada", "ada@example.com", "555 0100", "Austin", "Texas"]), ..Submission::default() };
        let cdn = LocationData { city: Some("Lyon".into()), region: None, country_name: Some("France".into()) };
        let lead = stored(capture_lead(&form, submission(), ctx(Some(cdn))));
        assert_eq!(lead.location_data.as_ref().and_then(|l| l.city.as_deref()), Some("Lyon"));
        assert_eq!(lead.facets.state.as_deref(), Some(crate::lead_stats::OUTSIDE_US));
        let lead = stored(capture_lead(&form, Submission { answers: answers(&form, &["Ada", "ada@example.com", "555 0100"]), ..Submission::default() }, ctx(None)));
        assert!(lead.location_data.is_none());
        assert!(lead.compliance.source_url.is_none());
    }

    #[test]
    fn the_offering_gate_comes_before_the_honeypot_and_the_answers() {
        let mut form = form();
        form.offering_stage.status = OfferingStatus::Live;
        let bot = Submission { answers: HashMap::from([("nope".to_owned(), "x".to_owned())]), website: Some("spam".into()), ..Submission::default() };
        match capture_lead(&form, bot, ctx(None)) {
            Ok(Capture::NotAccepting { message }) => assert_eq!(message, not_accepting_message(&form.offering_stage)),
            other => panic!("expected the gate, got {other:?}"),
        }
    }

    #[test]
    fn a_filled_honeypot_is_discarded_before_the_answers_are_checked() {
        let form = form();
        let bot = Submission { answers: HashMap::from([("nope".to_owned(), "x".to_owned())]), website: Some(" http://spam ".into()), ..Submission::default() };
        assert!(matches!(capture_lead(&form, bot, ctx(None)), Ok(Capture::Discard)));
        let blank = Submission { answers: answers(&form, &["Ada", "ada@example.com", "555 0100"]), website: Some("  ".into()), ..Submission::default() };
        assert!(matches!(capture_lead(&form, blank, ctx(None)), Ok(Capture::Store(_))));
    }

    #[test]
    fn invalid_answers_are_refused_with_the_answer_rule() {
        let form = form();
        let cases: [(&[&str], usize, &str); 4] = [
            (&["", "ada@example.com", "555 0100"], 0, "Please enter your name."),
            (&["Ada", "not an email", "555 0100"], 1, "Please enter a valid email address."),
            (&["Ada\nBcc: x@y.z", "ada@example.com", "555 0100"], 0, "Please keep this answer on one line."),
            (&["Ada", "ada@example.com"], 2, "Please enter your phone number."),
        ];
        for (values, index, message) in cases {
            let err = capture_lead(&form, Submission { answers: answers(&form, values), ..Submission::default() }, ctx(None)).unwrap_err();
            assert_eq!(err.fields, vec![(form.fields[index].id.clone(), message.to_owned())], "{values:?}");
            assert_eq!(err.message, message);
        }
        let unknown = Submission { answers: HashMap::from([("nope".to_owned(), "x".to_owned())]), ..Submission::default() };
        let err = capture_lead(&form, unknown, ctx(None)).unwrap_err();
        assert!(err.fields.is_empty() && err.message.starts_with("The form has changed"), "{err:?}");
    }

    #[test]
    fn the_state_must_be_one_of_the_servers_list_and_outside_the_us_counts_as_abroad() {
        let form = form();
        let with_state = |state: &str| Submission { answers: answers(&form, &["Ada", "ada@example.com", "555 0100", "", state]), ..Submission::default() };
        for refused in ["Ontario", "texas", "TX", "Texas, USA", "Outside the U.S."] {
            let err = capture_lead(&form, with_state(refused), ctx(None)).unwrap_err();
            assert_eq!(err.fields, vec![(form.fields[4].id.clone(), "Please choose one of the options.".to_owned())], "{refused:?}");
        }
        let lead = stored(capture_lead(&form, with_state("District of Columbia"), ctx(None)));
        assert_eq!(lead.facets.state.as_deref(), Some("DC"));
        let lead = stored(capture_lead(&form, with_state(crate::forms::OUTSIDE_THE_US), ctx(None)));
        assert_eq!(lead.facets.state.as_deref(), Some(crate::lead_stats::OUTSIDE_US));
        assert_eq!(lead.data[&form.fields[4].id], "Outside the US");
        // A form stored before the list (a free-text state field) is held to the list too.
        let mut old = form.clone();
        old.fields[4].kind = crate::forms::FieldType::Text;
        old.fields[4].options.clear();
        let err = capture_lead(&old, Submission { answers: answers(&old, &["Ada", "ada@example.com", "555 0100", "", "Ontario"]), ..Submission::default() }, ctx(None)).unwrap_err();
        assert_eq!(err.message, "Please choose one of the options.");
        let mut required = form.clone();
        required.fields[4].required = true;
        let err = capture_lead(&required, Submission { answers: answers(&required, &["Ada", "ada@example.com", "555 0100"]), ..Submission::default() }, ctx(None)).unwrap_err();
        assert_eq!(err.message, "Please choose your state.");
    }

    #[test]
    fn an_idempotency_key_gives_one_lead_id_per_form() {
        let a = lead_id_for("form-1", Some("key-12345")).unwrap();
        assert_eq!(a, lead_id_for("form-1", Some("key-12345")).unwrap());
        assert_ne!(a, lead_id_for("form-2", Some("key-12345")).unwrap());
        assert_ne!(lead_id_for("form-1", None).unwrap(), lead_id_for("form-1", None).unwrap());
        for bad in ["short", "has space in it", &"k".repeat(129)] {
            assert_eq!(lead_id_for("form-1", Some(bad)).unwrap_err().code, "invalid_idempotency_key");
        }
    }

    #[test]
    fn only_web_addresses_are_kept_as_urls() {
        assert_eq!(web_url(Some(" https://a.example/x ")).as_deref(), Some("https://a.example/x"));
        assert_eq!(web_url(Some("javascript:alert(1)")), None);
        assert_eq!(web_url(None), None);
    }
}
