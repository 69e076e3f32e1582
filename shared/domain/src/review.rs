//! Counsel's review: when a company requires it, what investors will see (a form going live,
//! a campaign sent or scheduled, a change of the offering's stage) waits for an approval of
//! that exact version, by counsel or by an owner or admin who is not its author.
//!
//! A version is named by the SHA-256 of its canonical JSON ([`version_hash`]): an approval
//! holds for that hash only, so editing after approval withdraws it, and an approval cannot be
//! carried onto a later version.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::{crypto::sha256_hex, invalid::Invalid, vault::canonical_json};

/// What is reviewed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Subject {
    /// A form going live (its questions, texts and legend).
    Form,
    /// A campaign sent now or scheduled (its message and audience).
    Campaign,
    /// A change of the offering's stage or details.
    Offering,
}

impl Subject {
    pub const ALL: [Subject; 3] = [Subject::Form, Subject::Campaign, Subject::Offering];

    pub fn as_str(self) -> &'static str {
        match self {
            Subject::Form => "form",
            Subject::Campaign => "campaign",
            Subject::Offering => "offering",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|subject| subject.as_str() == value)
    }

    /// What the approval lets happen, for the refusal and the queue.
    pub fn what(self) -> &'static str {
        match self {
            Subject::Form => "publishing this form",
            Subject::Campaign => "sending this campaign",
            Subject::Offering => "this change of the offering",
        }
    }
}

/// Where a review stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Pending,
    Approved,
    Rejected,
    /// The version under review (or approved) was edited: a new request is needed.
    Withdrawn,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pending => "pending",
            Status::Approved => "approved",
            Status::Rejected => "rejected",
            Status::Withdrawn => "withdrawn",
        }
    }
}

/// Comments are at most this long.
pub const MAX_COMMENT: usize = 2000;

/// The name of one version: the SHA-256 of its canonical JSON, so the same content always has
/// the same name, whatever order its members were written in.
pub fn version_hash(version: &Value) -> String {
    sha256_hex(canonical_json(version))
}

/// Whether a company's sends and publications wait for review: the owner's or an admin's
/// choice when they made one, otherwise on exactly when the company has counsel.
pub fn required(setting: Option<bool>, has_counsel: bool) -> bool {
    setting.unwrap_or(has_counsel)
}

/// Whether a stored review lets the version named `current` through.
pub fn approves(status: Status, reviewed: &str, current: &str) -> bool {
    status == Status::Approved && reviewed == current
}

/// A reviewer's comment: optional on an approval, required on a rejection (the author must
/// learn what to change), at most [`MAX_COMMENT`] characters.
pub fn comment(text: Option<&str>, decision: Status) -> Result<String, Invalid> {
    let text = text.unwrap_or_default().trim();
    if text.chars().count() > MAX_COMMENT {
        return Err(Invalid::new("invalid_comment", format!("Keep the comment under {MAX_COMMENT} characters.")));
    }
    if text.is_empty() && decision == Status::Rejected {
        return Err(Invalid::new("comment_required", "Say what needs to change: the author reads your comment."));
    }
    Ok(text.to_owned())
}

/// The refusal of a gated action whose current version has no approval.
pub fn approval_required(subject: Subject, status: Option<Status>) -> Invalid {
    let message = match status {
        Some(Status::Pending) => format!("Counsel has not approved {} yet: it waits in their review queue.", subject.what()),
        Some(Status::Rejected) => format!("Counsel asked for changes before {}. Edit it, then ask for a review again.", subject.what()),
        Some(Status::Approved | Status::Withdrawn) => format!("This version changed after counsel's approval: ask for a review of the new version before {}.", subject.what()),
        None => format!("Your company requires counsel's approval before {}. Ask for a review first.", subject.what()),
    };
    Invalid::new("approval_required", message)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_version_is_named_by_its_content_whatever_the_order_of_its_members() {
        let a = version_hash(&json!({"subject": "Hello", "body": {"text": "x", "html": "<p>x</p>"}}));
        let b = version_hash(&json!({"body": {"html": "<p>x</p>", "text": "x"}, "subject": "Hello"}));
        assert_eq!(a, b);
        assert_eq!(a.len(), 64);
        assert_ne!(a, version_hash(&json!({"subject": "Hello!", "body": {"text": "x", "html": "<p>x</p>"}})));
    }

    #[test]
    fn review_is_on_by_default_only_with_counsel_and_a_choice_overrides_it() {
        assert!(required(None, true));
        assert!(!required(None, false));
        assert!(required(Some(true), false));
        assert!(!required(Some(false), true));
    }

    #[test]
    fn an_approval_holds_for_the_approved_version_only() {
        assert!(approves(Status::Approved, "h1", "h1"));
        assert!(!approves(Status::Approved, "h1", "h2"), "a later version is not approved");
        for status in [Status::Pending, Status::Rejected, Status::Withdrawn] {
            assert!(!approves(status, "h1", "h1"), "{status:?} lets nothing through");
        }
    }

    #[test]
    fn a_rejection_needs_a_comment_an_approval_does_not() {
        assert_eq!(comment(None, Status::Approved).unwrap(), "");
        assert_eq!(comment(Some("  Looks right. "), Status::Approved).unwrap(), "Looks right.");
        assert_eq!(comment(Some("   "), Status::Rejected).unwrap_err().code, "comment_required");
        assert_eq!(comment(Some(&"x".repeat(MAX_COMMENT + 1)), Status::Approved).unwrap_err().code, "invalid_comment");
    }

    #[test]
    fn each_refusal_says_what_to_do_next() {
        assert!(approval_required(Subject::Campaign, None).message.contains("Ask for a review"));
        assert!(approval_required(Subject::Campaign, Some(Status::Pending)).message.contains("review queue"));
        assert!(approval_required(Subject::Form, Some(Status::Rejected)).message.contains("asked for changes"));
        assert!(approval_required(Subject::Offering, Some(Status::Approved)).message.contains("changed after"));
        assert_eq!(Subject::parse("campaign"), Some(Subject::Campaign));
        assert_eq!(Subject::parse("lead"), None);
    }
}
