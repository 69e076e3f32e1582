//! Counsel's review on the routes that reach investors (rules in `domain::review`): the
//! current version of a subject and its hash, the gate a send, a publication or an offering
//! change passes, and the withdrawal of a review when its subject is edited.

use domain::{
    forms::Form,
    offering::OfferingChange,
    review::{self, Status, Subject},
};
use serde_json::{Value, json};

use crate::{ApiError, AppState, Result};

/// One version of a subject, as reviewed: its title, the JSON the reviewer reads, its hash.
pub struct Version {
    pub title: String,
    pub content: Value,
    pub hash: String,
}

impl Version {
    fn of(title: String, content: Value) -> Self {
        let hash = review::version_hash(&content);
        Self { title, content, hash }
    }
}

/// What of a form investors see: everything but its counters, flags and version number.
pub fn form_version(form: &Form) -> Version {
    let content = json!({
        "name": form.name,
        "description": form.description,
        "fields": form.fields,
        "styling": form.styling,
        "content_settings": form.content_settings,
        "welcome_settings": form.welcome_settings,
        "offering_settings": form.offering_settings,
        "show_branding": form.show_branding,
    });
    Version::of(form.name.clone(), content)
}

/// A campaign's message and audience.
pub fn campaign_version(campaign: &crate::repo::campaigns::Campaign) -> Version {
    let content = json!({ "content": campaign.content, "segment": campaign.segment });
    Version::of(format!("{} — {}", campaign.content.name, campaign.content.subject), content)
}

/// A change of the offering, from the version it was written against.
pub fn offering_version(change: &OfferingChange) -> Version {
    let content = serde_json::to_value(change).unwrap_or(Value::Null);
    Version::of(format!("Offering: move to {}", change.status.label()), content)
}

/// The subject's current version in `company_id` (404 when it is not the company's).
/// The offering's is the change proposed in `proposal`.
pub async fn current_version(state: &AppState, company_id: &str, subject: Subject, subject_id: &str, proposal: Option<&Value>) -> Result<Version> {
    match subject {
        Subject::Form => Ok(form_version(&state.forms().owned_form(subject_id, company_id).await?)),
        Subject::Campaign => {
            let campaign = state.campaigns().owned(subject_id, company_id).await?;
            if campaign.status != crate::repo::campaigns::DRAFT {
                return Err(ApiError::conflict("not_a_draft", "This campaign has already been sent or scheduled."));
            }
            Ok(campaign_version(&campaign))
        }
        Subject::Offering => {
            let proposal = proposal.ok_or_else(|| ApiError::bad_request("change_required", "Send the offering change to review as `change`."))?;
            let change: OfferingChange = serde_json::from_value(proposal.clone())
                .map_err(|err| ApiError::bad_request("invalid_change", format!("Invalid offering change: {err}.")))?;
            let current = state.profiles().get_offering(company_id).await?;
            if change.version != current.version {
                return Err(ApiError::conflict("offering_changed", "Your offering was changed somewhere else since you opened it. Reload to see the latest status."));
            }
            Ok(offering_version(&change))
        }
    }
}

/// Whether the company's sends and publications wait for review now.
pub async fn required(state: &AppState, company_id: &str) -> Result<bool> {
    Ok(state.teams().team(company_id).await?.review_required())
}

/// The gate: when review is required, the subject's version named `hash` must be the one
/// approved (409 `approval_required` otherwise, saying what to do next).
pub async fn require_approval(state: &AppState, company_id: &str, subject: Subject, subject_id: &str, hash: &str) -> Result<()> {
    // Boxed: the gate sits inside the send and publish handlers, whose futures (debug builds
    // especially) must stay small enough for a thread's stack.
    Box::pin(check_approval(state, company_id, subject, subject_id, hash)).await
}

async fn check_approval(state: &AppState, company_id: &str, subject: Subject, subject_id: &str, hash: &str) -> Result<()> {
    if !required(state, company_id).await? {
        return Ok(());
    }
    let stored = state.teams().review(company_id, subject, subject_id).await?;
    match stored {
        Some(found) if review::approves(found.status, &found.version_hash, hash) => Ok(()),
        found => {
            // The version under review is not this one any more: say so, not "pending".
            let status = found.map(|r| if r.version_hash == hash { r.status } else { Status::Withdrawn });
            let refusal = review::approval_required(subject, status);
            Err(ApiError::conflict(refusal.code, refusal.message))
        }
    }
}

/// After an edit: a pending or approved review of another version is withdrawn. Logged, not
/// failed: the edit is saved, and the gate compares hashes whatever this did.
pub async fn withdraw_if_changed(state: &AppState, company_id: &str, subject: Subject, subject_id: &str, hash: &str) {
    if let Err(err) = Box::pin(state.teams().withdraw_review(company_id, subject, subject_id, hash)).await {
        tracing::error!(subject = subject.as_str(), subject_id, error = %err, "review not withdrawn after an edit");
    }
}
