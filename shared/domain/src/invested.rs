//! What an applied portal import adds up to: each matched lead's investment ("invested $X on
//! date"), and the totals by form, source, UTM campaign, page and temperature that the sources
//! table, the dashboard and the insights read. Computed once when an import is applied, so every
//! read stays a bounded number of items.
//!
//! Wording: money the portal reports as invested is "invested"; what leads said on the form is
//! "indicated". Nothing here is ever "raised".

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::{Deserialize, Serialize};

use crate::investments::{InvestorRow, Match, Status, email_key, name_key, MatchOptions};

/// The funding portals an import names (value, label); the column mapping is remembered per
/// portal.
pub const PORTALS: [(&str, &str); 6] = [
    ("wefunder", "Wefunder"),
    ("republic", "Republic"),
    ("startengine", "StartEngine"),
    ("dealmaker", "DealMaker"),
    ("netcapital", "Netcapital"),
    ("other", "Another portal"),
];

/// One lead's money on the portal, over the rows matched to it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LeadInvestment {
    pub lead_id: String,
    /// Confirmed by the portal.
    pub invested_cents: u64,
    /// Committed on the portal, not yet confirmed.
    pub pending_cents: u64,
    /// Invested rows.
    pub count: u32,
    /// The first invested row's date (`YYYY-MM-DD`), when the portal gave one.
    pub date: Option<String>,
}

impl LeadInvestment {
    /// A lead counts as an investor once the portal confirms money.
    pub fn invested(&self) -> bool {
        self.invested_cents > 0
    }

    /// Adds another part of the same lead's money (another row, another portal): the sums add
    /// up and the date stays the earliest known.
    pub fn absorb(&mut self, other: LeadInvestment) {
        self.invested_cents += other.invested_cents;
        self.pending_cents += other.pending_cents;
        self.count += other.count;
        if other.date.is_some() && (self.date.is_none() || other.date < self.date) {
            self.date = other.date;
        }
    }

    /// Each lead's parts summed into one per lead.
    pub fn per_lead(parts: impl IntoIterator<Item = LeadInvestment>) -> HashMap<String, LeadInvestment> {
        let mut found: HashMap<String, LeadInvestment> = HashMap::new();
        for part in parts {
            found.entry(part.lead_id.clone()).or_insert_with(|| LeadInvestment { lead_id: part.lead_id.clone(), ..Default::default() }).absorb(part);
        }
        found
    }
}

/// Investors and dollars under one value of a dimension.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Tally {
    pub investors: u64,
    pub cents: u64,
}

impl Tally {
    fn add(&mut self, cents: u64) {
        self.investors += 1;
        self.cents += cents;
    }
}

/// What a lead brings to the totals: where it came from and how warm it is.
#[derive(Debug, Clone, Default)]
pub struct LeadFacts {
    pub form_id: String,
    pub temperature: String,
    pub source: Option<String>,
    pub campaign: Option<String>,
    pub page: Option<String>,
}

/// The totals of one applied import.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    /// Rows read from the file (every status).
    pub rows: u64,
    /// People with confirmed money: matched leads, plus unmatched investors (one per address or
    /// name) who came straight to the portal.
    pub investors: u64,
    pub invested_cents: u64,
    pub pending_cents: u64,
    pub cancelled_rows: u64,
    /// Leads with confirmed money.
    pub leads_invested: u64,
    /// Investors matched to no lead, and their dollars.
    pub unmatched: Tally,
    #[serde(default)]
    pub by_form: BTreeMap<String, Tally>,
    #[serde(default)]
    pub by_source: BTreeMap<String, Tally>,
    #[serde(default)]
    pub by_campaign: BTreeMap<String, Tally>,
    #[serde(default)]
    pub by_page: BTreeMap<String, Tally>,
    #[serde(default)]
    pub by_temperature: BTreeMap<String, Tally>,
}

impl Summary {
    /// The totals of several portals' imports together.
    pub fn merge(mut self, other: &Summary) -> Summary {
        self.rows += other.rows;
        self.investors += other.investors;
        self.invested_cents += other.invested_cents;
        self.pending_cents += other.pending_cents;
        self.cancelled_rows += other.cancelled_rows;
        self.leads_invested += other.leads_invested;
        self.unmatched.investors += other.unmatched.investors;
        self.unmatched.cents += other.unmatched.cents;
        for (mine, theirs) in [
            (&mut self.by_form, &other.by_form),
            (&mut self.by_source, &other.by_source),
            (&mut self.by_campaign, &other.by_campaign),
            (&mut self.by_page, &other.by_page),
            (&mut self.by_temperature, &other.by_temperature),
        ] {
            for (key, tally) in theirs {
                let entry = mine.entry(key.clone()).or_default();
                entry.investors += tally.investors;
                entry.cents += tally.cents;
            }
        }
        self
    }
}

/// Each matched lead's investment and the import's totals. A cancelled row adds nothing (so a
/// cancellation in an updated export takes its money off the lead); a suggested match is not a
/// match until the founder confirms it. Leads missing from `leads` (deleted since) count as
/// unmatched investors.
pub fn roll_up(rows: &[InvestorRow], matches: &[Match], leads: &HashMap<String, LeadFacts>) -> (Vec<LeadInvestment>, Summary) {
    let mut summary = Summary { rows: rows.len() as u64, ..Summary::default() };
    let mut per_lead: BTreeMap<String, LeadInvestment> = BTreeMap::new();
    let mut unmatched: HashMap<String, u64> = HashMap::new();
    for (row, matched) in rows.iter().zip(matches) {
        let lead_id = match matched {
            Match::Email { lead_id } | Match::Confirmed { lead_id } if leads.contains_key(lead_id) => Some(lead_id),
            _ => None,
        };
        match row.status {
            Status::Cancelled => summary.cancelled_rows += 1,
            Status::Pending => {
                summary.pending_cents += row.amount_cents;
                if let Some(lead_id) = lead_id {
                    per_lead.entry(lead_id.clone()).or_insert_with(|| LeadInvestment { lead_id: lead_id.clone(), ..Default::default() }).pending_cents += row.amount_cents;
                }
            }
            Status::Invested => {
                summary.invested_cents += row.amount_cents;
                match lead_id {
                    Some(lead_id) => {
                        let entry = per_lead.entry(lead_id.clone()).or_insert_with(|| LeadInvestment { lead_id: lead_id.clone(), ..Default::default() });
                        entry.absorb(LeadInvestment { invested_cents: row.amount_cents, count: 1, date: row.date.clone(), ..Default::default() });
                    }
                    None => {
                        let person = row
                            .email
                            .as_deref()
                            .and_then(|e| email_key(e, MatchOptions::default()))
                            .or_else(|| name_key(&row.name))
                            .unwrap_or_else(|| row.identity.clone());
                        *unmatched.entry(person).or_default() += row.amount_cents;
                    }
                }
            }
        }
    }
    summary.unmatched = Tally { investors: unmatched.len() as u64, cents: unmatched.values().sum() };
    let mut counted: HashSet<&str> = HashSet::new();
    for investment in per_lead.values().filter(|i| i.invested()) {
        let Some(facts) = leads.get(&investment.lead_id) else { continue };
        counted.insert(&investment.lead_id);
        let cents = investment.invested_cents;
        summary.by_form.entry(facts.form_id.clone()).or_default().add(cents);
        summary.by_temperature.entry(facts.temperature.clone()).or_default().add(cents);
        for (dimension, value) in [(&mut summary.by_source, &facts.source), (&mut summary.by_campaign, &facts.campaign), (&mut summary.by_page, &facts.page)] {
            if let Some(value) = value {
                dimension.entry(value.clone()).or_default().add(cents);
            }
        }
    }
    summary.leads_invested = counted.len() as u64;
    summary.investors = summary.leads_invested + summary.unmatched.investors;
    (per_lead.into_values().collect(), summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(identity: &str, email: &str, cents: u64, status: Status, date: &str) -> InvestorRow {
        InvestorRow {
            line: 2,
            identity: identity.into(),
            name: String::new(),
            email: (!email.is_empty()).then(|| email.into()),
            amount_cents: cents,
            date: (!date.is_empty()).then(|| date.into()),
            status,
        }
    }

    fn facts(form: &str, temperature: &str, source: &str) -> LeadFacts {
        LeadFacts { form_id: form.into(), temperature: temperature.into(), source: Some(source.into()), campaign: None, page: None }
    }

    fn email(lead: &str) -> Match {
        Match::Email { lead_id: lead.into() }
    }

    #[test]
    fn a_lead_sums_its_invested_rows_from_the_first_date_and_cancelled_rows_add_nothing() {
        let rows = [
            row("a", "jane@x.com", 150_000, Status::Invested, "2026-03-05"),
            row("b", "jane@x.com", 100_000, Status::Invested, "2026-03-01"),
            row("c", "jane@x.com", 900_000, Status::Cancelled, "2026-03-02"),
            row("d", "jane@x.com", 50_000, Status::Pending, ""),
        ];
        let leads = HashMap::from([("l1".to_owned(), facts("f1", "hot", "newsletter"))]);
        let (per_lead, summary) = roll_up(&rows, &[email("l1"), email("l1"), email("l1"), email("l1")], &leads);
        assert_eq!(per_lead, [LeadInvestment { lead_id: "l1".into(), invested_cents: 250_000, pending_cents: 50_000, count: 2, date: Some("2026-03-01".into()) }]);
        assert_eq!((summary.investors, summary.leads_invested, summary.invested_cents, summary.pending_cents, summary.cancelled_rows), (1, 1, 250_000, 50_000, 1));
        assert_eq!(summary.by_source["newsletter"], Tally { investors: 1, cents: 250_000 });
        assert_eq!(summary.by_temperature["hot"], Tally { investors: 1, cents: 250_000 });
        assert_eq!(summary.by_form["f1"], Tally { investors: 1, cents: 250_000 });
    }

    #[test]
    fn a_cancelled_investment_leaves_its_lead_not_invested_and_out_of_every_total() {
        let leads = HashMap::from([("l1".to_owned(), facts("f1", "hot", "newsletter"))]);
        let (per_lead, summary) = roll_up(&[row("a", "jane@x.com", 250_000, Status::Cancelled, "2026-03-01")], &[email("l1")], &leads);
        assert!(per_lead.iter().all(|i| !i.invested()));
        assert_eq!((summary.investors, summary.invested_cents), (0, 0));
        assert!(summary.by_source.is_empty() && summary.by_temperature.is_empty());
    }

    #[test]
    fn investors_who_came_straight_to_the_portal_count_once_per_person_in_the_totals() {
        let rows = [
            row("a", "Walk.In+x@gmail.com", 10_000, Status::Invested, ""),
            row("b", "walk.in@gmail.com", 20_000, Status::Invested, ""),
            row("c", "other@x.com", 5_000, Status::Invested, ""),
            row("d", "gone@x.com", 7_000, Status::Invested, ""),
        ];
        let matches = [Match::Unmatched, Match::Suggested { lead_ids: vec!["l1".into()] }, Match::Unmatched, email("deleted-lead")];
        let (per_lead, summary) = roll_up(&rows, &matches, &HashMap::from([("l1".to_owned(), facts("f1", "warm", "direct"))]));
        assert!(per_lead.is_empty(), "a suggestion is not a match until confirmed");
        assert_eq!(summary.unmatched, Tally { investors: 3, cents: 42_000 });
        assert_eq!((summary.investors, summary.leads_invested, summary.invested_cents), (3, 0, 42_000));
    }

    #[test]
    fn a_lead_s_parts_from_two_portals_add_up_with_the_earliest_date() {
        let part = |cents: u64, date: Option<&str>| LeadInvestment { lead_id: "l1".into(), invested_cents: cents, pending_cents: 10, count: 1, date: date.map(str::to_owned) };
        let summed = LeadInvestment::per_lead([part(100, Some("2026-03-05")), part(200, None), part(300, Some("2026-03-01"))]);
        assert_eq!(summed["l1"], LeadInvestment { lead_id: "l1".into(), invested_cents: 600, pending_cents: 30, count: 3, date: Some("2026-03-01".into()) });
    }

    #[test]
    fn totals_of_two_portals_add_up_value_by_value() {
        let leads = HashMap::from([("l1".to_owned(), facts("f1", "hot", "newsletter")), ("l2".to_owned(), facts("f1", "warm", "newsletter"))]);
        let (_, one) = roll_up(&[row("a", "", 100, Status::Invested, "")], &[email("l1")], &leads);
        let (_, two) = roll_up(&[row("b", "", 300, Status::Invested, "")], &[email("l2")], &leads);
        let both = one.merge(&two);
        assert_eq!(both.by_source["newsletter"], Tally { investors: 2, cents: 400 });
        assert_eq!((both.by_temperature["hot"].cents, both.by_temperature["warm"].cents, both.investors), (100, 300, 2));
    }
}
