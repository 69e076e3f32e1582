//! What the product files in the vault by itself, no founder action needed: each form as
//! investors saw it when published (and each edit of a live form), each legend wording the
//! first time it is used, each campaign as it went out, each change of the offering's status,
//! and a daily digest of leads per form (counts only).

use serde_json::{Value, json};

use crate::{
    ApiError, AppState,
    crypto::sha256_hex,
    forms::Form,
    repo::vault::{NewFile, NewRecord},
    vault::{
        Actor, Category, Kind, Record, material_category,
        offering::{Offering, OfferingStatus},
        snapshot::{SnapshotContext, public_json, render_html},
        titles::{digest_title, form_title, legend_title},
    },
};

/// Files a live form as investors see it: a self-contained HTML page and the JSON of its
/// public configuration; and its legend, the first time that wording is used.
pub async fn file_form(state: &AppState, form: &Form, actor: Actor, event: &str) -> Result<Option<Record>, ApiError> {
    // The pages this form was seen on, not those of the founder's other forms.
    let hosts = state.lead_stats().form_hosts(&form.user_id, &form.id).await?;
    let recorded_at = state.clock.now_iso();
    let public_url = format!("{}/form-view/{}", state.config.app_origin, form.id);
    let context = SnapshotContext { public_url: &public_url, embed_hosts: &hosts, recorded_at: &recorded_at, event };
    let category = material_category(form.offering_stage.status);
    let legend = &form.offering_settings.disclaimer;
    let legend_hash = sha256_hex(legend.as_bytes());
    if form.offering_stage.status == OfferingStatus::TestingTheWaters {
        let mut record = NewRecord::new(Kind::Legend, Category::TestingTheWaters, legend_title(&form.offering_settings.legend_version), actor.clone());
        record.once = Some(format!("legend#{legend_hash}"));
        record.meta = json!({ "legend_version": form.offering_settings.legend_version, "first_form_id": form.id });
        record.files = vec![NewFile::new("legend.txt", "text/plain; charset=utf-8", legend.as_bytes().to_vec())];
        state.vault().append(&form.user_id, record).await?;
    }
    let mut record = NewRecord::new(Kind::FormSnapshot, category, form_title(event, &form.name, Some(form.version)), actor);
    record.meta = json!({
        "form_id": form.id,
        "form_name": form.name,
        "form_version": form.version,
        "event": event,
        "legend_version": form.offering_settings.legend_version,
        "legend_sha256": legend_hash,
        "offering_status": form.offering_stage.status.as_str(),
        "public_url": public_url,
        // `embedded_on`: this form's pages only. Records filed before kept `embed_hosts`,
        // the pages of all the founder's forms at the time.
        "embedded_on": hosts,
    });
    let json = serde_json::to_string_pretty(&public_json(form, &context)).unwrap_or_default();
    record.files = vec![
        NewFile::new("snapshot.html", "text/html; charset=utf-8", render_html(form, &context).into_bytes()),
        NewFile::new("form.json", "application/json", json.into_bytes()),
    ];
    Ok(state.vault().append(&form.user_id, record).await?)
}

/// [`file_form`], logged instead of failing the founder's request: the form change itself
/// has been saved.
pub async fn file_form_logged(state: &AppState, form: &Form, actor: Actor, event: &str) {
    if let Err(err) = file_form(state, form, actor, event).await {
        tracing::error!(form_id = %form.id, error = %err, "form snapshot not filed in the vault");
    }
}

/// The message of a campaign as it went out.
pub struct SentCampaign<'a> {
    pub owner_id: &'a str,
    pub campaign_id: &'a str,
    pub name: &'a str,
    pub subject: &'a str,
    pub html: &'a str,
    pub text: &'a str,
    /// Every header as sent (From, Reply-To, List-Unsubscribe…).
    pub headers: Value,
    /// The segment, the recipient count and who was excluded.
    pub audience: Value,
    pub offering_status: OfferingStatus,
}

/// Files a campaign's message once (whatever the number of senders that reach this point).
pub async fn file_campaign(state: &AppState, sent: &SentCampaign<'_>) -> Result<Option<Record>, ApiError> {
    let mut record = NewRecord::new(Kind::Campaign, material_category(sent.offering_status), format!("{} — {}", sent.name, sent.subject), Actor::system());
    record.once = Some(format!("campaign#{}", sent.campaign_id));
    record.meta = json!({ "campaign_id": sent.campaign_id, "subject": sent.subject, "audience": sent.audience, "offering_status": sent.offering_status.as_str() });
    record.files = vec![
        NewFile::new("message.html", "text/html; charset=utf-8", sent.html.as_bytes().to_vec()),
        NewFile::new("message.txt", "text/plain; charset=utf-8", sent.text.as_bytes().to_vec()),
        NewFile::new("headers.json", "application/json", serde_json::to_string_pretty(&sent.headers).unwrap_or_default().into_bytes()),
        NewFile::new("audience.json", "application/json", serde_json::to_string_pretty(&sent.audience).unwrap_or_default().into_bytes()),
    ];
    Ok(state.vault().append(sent.owner_id, record).await?)
}

/// Files a change of the offering's status (or details), once per version.
pub async fn file_offering(state: &AppState, owner_id: &str, offering: &Offering) -> Result<Option<Record>, ApiError> {
    let before = offering.previous_status.unwrap_or_default();
    let title = if before == offering.status {
        format!("Offering details updated ({})", offering.status.label())
    } else {
        format!("Offering status: {} → {}", before.label(), offering.status.label())
    };
    let actor = offering.changed_by.clone().unwrap_or_else(Actor::system);
    let mut record = NewRecord::new(Kind::Offering, Category::OfferingRecord, title, actor);
    record.once = Some(format!("offering#{}", offering.version));
    record.meta = json!({ "status": offering.status.as_str(), "previous_status": before.as_str(), "version": offering.version });
    record.files = vec![NewFile::new("offering.json", "application/json", serde_json::to_string_pretty(offering).unwrap_or_default().into_bytes())];
    Ok(state.vault().append(owner_id, record).await?)
}

/// Files yesterday's (or `day`'s) digest for every founder who had leads that day: leads per
/// form, counts only. Each founder's digest is filed once, however often this runs.
pub async fn file_digests(state: &AppState, day: &str) -> Result<usize, ApiError> {
    let owners = state.lead_stats().owners_with_leads_on(day).await?;
    let mut filed = 0;
    for owner in owners {
        match file_digest(state, &owner, day).await {
            Ok(true) => filed += 1,
            Ok(false) => {}
            Err(err) => tracing::error!(owner_id = %owner, day, error = %err, "daily digest not filed"),
        }
    }
    Ok(filed)
}

async fn file_digest(state: &AppState, owner_id: &str, day: &str) -> Result<bool, ApiError> {
    let once = format!("digest#{day}");
    if state.vault().once_record(owner_id, &once).await?.is_some() {
        return Ok(false);
    }
    let forms = state.forms().list_forms(owner_id).await?;
    let mut rows = Vec::new();
    let mut total = 0u64;
    for form in &forms {
        let days = state.lead_stats().days(owner_id, Some(&form.id), day, day).await?;
        let leads: u64 = days.iter().map(|d| d.leads).sum();
        if leads > 0 {
            total += leads;
            rows.push(json!({ "form_id": form.id, "form_name": form.name, "leads": leads }));
        }
    }
    let date = time::Date::parse(day, &time::format_description::well_known::Iso8601::DATE)
        .map_err(|_| ApiError::bad_request("invalid_date", "Write the day as YYYY-MM-DD."))?;
    // Stored for years: the title carries its year.
    let mut record = NewRecord::new(Kind::Digest, Category::LeadDigest, digest_title(date, total, None), Actor::system());
    record.once = Some(once);
    record.meta = json!({ "day": day, "total": total });
    let body = json!({ "day": day, "total_leads": total, "forms": rows, "note": "Counts only: no investor data is kept in the vault's digests." });
    record.files = vec![NewFile::new("digest.json", "application/json", serde_json::to_string_pretty(&body).unwrap_or_default().into_bytes())];
    Ok(state.vault().append(owner_id, record).await?.is_some())
}

/// Files counsel's decision on one version: who decided, the comment, the version's hash and
/// the version itself as it was reviewed.
pub async fn file_review(state: &AppState, review: &crate::repo::teams::Review, decision: &crate::repo::teams::Decision<'_>, actor: Actor) -> Result<Option<Record>, ApiError> {
    let verb = if decision.status == domain::review::Status::Approved { "Counsel approved" } else { "Counsel asked for changes to" };
    let mut record = NewRecord::new(Kind::Review, Category::OfferingRecord, format!("{verb}: {}", review.title), actor);
    record.notes = decision.comment.to_owned();
    record.once = Some(format!("review#{}#{}#{}#{}", review.subject.as_str(), review.subject_id, review.version_hash, review.requested_at));
    record.meta = json!({
        "subject": review.subject.as_str(),
        "subject_id": review.subject_id,
        "decision": decision.status.as_str(),
        "version_sha256": review.version_hash,
        "comment": decision.comment,
        "author": review.author_email,
        "requested_at": review.requested_at,
        "reviewer": decision.reviewer_email,
        "decided_at": decision.now_iso,
    });
    let version: Value = serde_json::from_str(&review.version).unwrap_or(Value::Null);
    record.files = vec![NewFile::new("version.json", "application/json", serde_json::to_string_pretty(&version).unwrap_or_default().into_bytes())];
    Ok(state.vault().append(&review.company_id, record).await?)
}
