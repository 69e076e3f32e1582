//! The founder's profile as stored in `profiles` (its serde attributes are the item's
//! attributes): display name and the lead counters kept on write.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Profile {
    pub id: String,
    #[serde(default)]
    pub name: Option<String>,
    /// Every lead the founder has, kept on write (see `repo::leads`); read leniently.
    #[serde(default, deserialize_with = "crate::counters::lenient")]
    pub interested_investors_count: u64,
    /// The sum of the leads' estimated amounts, whole dollars; read leniently.
    #[serde(default, deserialize_with = "crate::counters::lenient")]
    pub estimated_interest: u64,
    /// Leads by temperature (spec 5), kept on write with the total; read leniently.
    #[serde(default, deserialize_with = "crate::counters::lenient")]
    pub hot_leads: u64,
    #[serde(default, deserialize_with = "crate::counters::lenient")]
    pub warm_leads: u64,
    #[serde(default, deserialize_with = "crate::counters::lenient")]
    pub cold_leads: u64,
    /// Of those, the leads a campaign has reached (see `repo::leads::mark_contacted`).
    #[serde(default, deserialize_with = "crate::counters::lenient")]
    pub hot_contacted: u64,
    #[serde(default, deserialize_with = "crate::counters::lenient")]
    pub warm_contacted: u64,
    #[serde(default, deserialize_with = "crate::counters::lenient")]
    pub cold_contacted: u64,
    /// The logo investors see on every form (Settings), if one was uploaded.
    #[serde(default)]
    pub logo: Option<crate::brand::Logo>,
    /// How the company hears about new leads (Settings → Notifications).
    #[serde(default)]
    pub lead_mails: crate::lead_digest::LeadMails,
}

impl Profile {
    /// What a user who has never saved a profile sees.
    pub fn empty(id: &str) -> Self {
        Self {
            id: id.to_owned(),
            name: None,
            interested_investors_count: 0,
            estimated_interest: 0,
            hot_leads: 0,
            warm_leads: 0,
            cold_leads: 0,
            hot_contacted: 0,
            warm_contacted: 0,
            cold_contacted: 0,
            logo: None,
            lead_mails: crate::lead_digest::LeadMails::default(),
        }
    }
}
