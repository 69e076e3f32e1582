//! What a batch of one founder's new leads adds to their counters, summed: one delta per
//! counter item however many leads the batch holds (see `repo::lead_folds` for how a fold is
//! written once). A launch brings hundreds of leads a second to the same few items (the
//! profile, the day, the form); adding them one lead at a time would write each item once per
//! lead, and an item takes about 1,000 writes a second.
//!
//! The rules are the per-lead ones: a lead adds 1 and its amount to its day, its form's day,
//! its form, its amount bucket and each facet's value; an open dimension (city, timeline,
//! source host) registers at most its cap of distinct values and counts the rest as
//! [`OTHER`].

use std::collections::{BTreeMap, BTreeSet};

use crate::{
    lead_stats::{Dimension, Facets, OTHER, amount_bucket, day_key, day_of, form_day_key, value_key},
    leads::{MAX_LEAD_ESTIMATE, Temperature},
};

/// What the fold needs of a lead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    pub id: String,
    pub form_id: String,
    pub created_at: String,
    pub status: String,
    pub estimated_amount: u64,
    pub facets: Facets,
}

/// A lead's stored amount as the counters take it: anything above the per-lead maximum
/// (never written today, but possible in older records) counts 0.
pub fn counted_amount(amount: u64) -> u64 {
    if amount > MAX_LEAD_ESTIMATE { 0 } else { amount }
}

/// What the fold adds to one `lead_stats` item.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Delta {
    pub leads: u64,
    pub amount: u64,
    /// Of `leads`, the hot ones (the sources table's "hot leads"; a change of temperature
    /// moves it, see `repo::leads::set_status`).
    pub hot: u64,
    /// The display label, set when the item is first written (open values and Other).
    pub label: Option<String>,
    /// The day of a founder's day item (the vault's daily digest finds founders by it).
    pub digest_day: Option<String>,
}

/// What the founder's open dimensions hold before the fold.
#[derive(Debug, Clone, Default)]
pub struct Known {
    /// The value items that exist (`d#city#austin, tx`).
    pub items: BTreeSet<String>,
    /// Distinct values registered so far, per open dimension.
    pub registered: BTreeMap<Dimension, u64>,
}

/// One registry's move: it held `read` values and takes `added` more.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Registration {
    pub read: u64,
    pub added: u64,
}

/// Everything a fold adds, summed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Plan {
    /// The leads folded (a prefix of the members offered, see [`plan`]).
    pub members: Vec<String>,
    pub leads: u64,
    pub amount: u64,
    pub hot: u64,
    pub warm: u64,
    pub cold: u64,
    /// Per `lead_stats` item.
    pub stats: BTreeMap<String, Delta>,
    pub registrations: BTreeMap<Dimension, Registration>,
    /// The items each lead was added to (kept on the lead, so deleting it takes it off them).
    pub counted_in: BTreeMap<String, Vec<String>>,
    /// Leads per capture day (the platform's figures) and per form (`leads_count`).
    pub days: BTreeMap<String, u64>,
    pub forms: BTreeMap<String, u64>,
}

impl Plan {
    /// How many items its transaction writes besides the fold's own: the profile, each stats
    /// item and each registry.
    pub fn items(&self) -> usize {
        1 + self.stats.len() + self.registrations.len()
    }
}

/// Sums `members` (in order) while the items written stay within `max_items`: the leads left
/// over go to a next fold. At least one lead is always taken.
pub fn plan(members: &[Member], known: &Known, max_items: usize) -> Plan {
    let mut plan = Plan::default();
    // New distinct values per open dimension, in order of first appearance.
    let mut new_values: BTreeMap<Dimension, BTreeSet<String>> = BTreeMap::new();
    for member in members {
        let mut next = plan.clone();
        let mut news = new_values.clone();
        next.add(member, known, &mut news);
        if next.items() > max_items && !plan.members.is_empty() {
            break;
        }
        plan = next;
        new_values = news;
    }
    plan
}

impl Plan {
    fn add(&mut self, member: &Member, known: &Known, new_values: &mut BTreeMap<Dimension, BTreeSet<String>>) {
        let amount = counted_amount(member.estimated_amount);
        self.members.push(member.id.clone());
        self.leads += 1;
        self.amount += amount;
        let hot = Temperature::from_status(&member.status) == Temperature::Hot;
        match Temperature::from_status(&member.status) {
            Temperature::Hot => self.hot += 1,
            Temperature::Warm => self.warm += 1,
            Temperature::Cold => self.cold += 1,
        }
        let mut keys = Vec::new();
        for (dimension, value) in member.facets.values() {
            let Some(cap) = dimension.cap() else {
                keys.push(self.stat(hot, dimension.key(value), amount, None, None));
                continue;
            };
            let key = dimension.key(&value_key(value));
            let news = new_values.entry(dimension).or_default();
            let registered = known.registered.get(&dimension).copied().unwrap_or(0);
            if known.items.contains(&key) || news.contains(&key) {
                keys.push(self.stat(hot, key, amount, None, None));
            } else if registered + (news.len() as u64) < cap {
                news.insert(key.clone());
                self.registrations.insert(dimension, Registration { read: registered, added: news.len() as u64 });
                keys.push(self.stat(hot, key, amount, Some(value), None));
            } else {
                keys.push(self.stat(hot, dimension.key(OTHER), amount, Some("Other"), None));
            }
        }
        if let Some(bucket) = amount_bucket(amount) {
            keys.push(self.stat(hot, Dimension::Amount.key(bucket), amount, None, None));
        }
        keys.push(self.stat(hot, Dimension::Form.key(&member.form_id), amount, None, None));
        *self.forms.entry(member.form_id.clone()).or_default() += 1;
        if let Some(day) = day_of(&member.created_at) {
            keys.push(self.stat(hot, day_key(day), amount, None, Some(day)));
            keys.push(self.stat(hot, form_day_key(&member.form_id, day), amount, None, None));
            *self.days.entry(day.to_owned()).or_default() += 1;
        }
        self.counted_in.insert(member.id.clone(), keys);
    }

    fn stat(&mut self, hot: bool, key: String, amount: u64, label: Option<&str>, digest_day: Option<&str>) -> String {
        let delta = self.stats.entry(key.clone()).or_default();
        delta.leads += 1;
        delta.hot += u64::from(hot);
        delta.amount += amount;
        if delta.label.is_none() {
            delta.label = label.map(str::to_owned);
        }
        if delta.digest_day.is_none() {
            delta.digest_day = digest_day.map(str::to_owned);
        }
        key
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(id: &str, city: Option<&str>, status: &str, amount: u64) -> Member {
        Member {
            id: id.to_owned(),
            form_id: "f1".into(),
            created_at: "2026-11-28T10:00:00Z".into(),
            status: status.into(),
            estimated_amount: amount,
            facets: Facets { state: Some("TX".into()), city: city.map(str::to_owned), ..Facets::default() },
        }
    }

    #[test]
    fn a_batch_of_one_founders_leads_adds_once_to_each_item_with_the_sums() {
        let members: Vec<Member> = (0..50).map(|i| member(&format!("l{i}"), Some("Austin, TX"), if i % 2 == 0 { "hot" } else { "cold" }, 1_000)).collect();
        let plan = plan(&members, &Known::default(), 99);
        assert_eq!(plan.members.len(), 50);
        assert_eq!((plan.leads, plan.amount, plan.hot, plan.cold, plan.warm), (50, 50_000, 25, 25, 0));
        // state, city, amount bucket, form, day, form day: six items for fifty leads.
        assert_eq!(plan.stats.len(), 6);
        for delta in plan.stats.values() {
            assert_eq!((delta.leads, delta.amount, delta.hot), (50, 50_000, 25));
        }
        assert_eq!(plan.stats["t#day#2026-11-28"].digest_day.as_deref(), Some("2026-11-28"));
        assert_eq!(plan.stats["d#city#austin, tx"].label.as_deref(), Some("Austin, TX"));
        assert_eq!(plan.registrations[&Dimension::City], Registration { read: 0, added: 1 });
        assert_eq!(plan.counted_in["l7"].len(), 6);
        assert_eq!((plan.days["2026-11-28"], plan.forms["f1"]), (50, 50));
    }

    #[test]
    fn an_open_dimension_registers_up_to_its_cap_and_counts_the_rest_as_other() {
        let mut known = Known::default();
        known.registered.insert(Dimension::City, 298);
        known.items.insert("d#city#known, tx".into());
        let members = vec![
            member("a", Some("Known, TX"), "warm", 0),
            member("b", Some("New One, TX"), "warm", 0),
            member("c", Some("new one, tx"), "warm", 0),
            member("d", Some("New Two, TX"), "warm", 0),
            member("e", Some("New Three, TX"), "warm", 0),
        ];
        let plan = plan(&members, &known, 99);
        assert_eq!(plan.registrations[&Dimension::City], Registration { read: 298, added: 2 });
        assert_eq!(plan.stats["d#city#known, tx"].leads, 1);
        assert_eq!(plan.stats["d#city#new one, tx"].leads, 2, "the same value in another case is one item");
        assert_eq!(plan.stats["d#city#new two, tx"].leads, 1);
        assert_eq!(plan.stats["d#city#~other"], Delta { leads: 1, amount: 0, hot: 0, label: Some("Other".into()), digest_day: None });
        assert!(plan.counted_in["e"].contains(&"d#city#~other".to_owned()));
    }

    #[test]
    fn a_fold_stops_before_its_transaction_would_be_too_big_but_always_takes_one_lead() {
        let members: Vec<Member> = (0..40).map(|i| member(&format!("l{i}"), Some(&format!("City {i}, TX")), "hot", 0)).collect();
        let plan = plan(&members, &Known::default(), 20);
        assert!(plan.items() <= 20, "{} items", plan.items());
        assert!(plan.members.len() >= 10 && plan.members.len() < 40);
        assert_eq!(plan.members, members[..plan.members.len()].iter().map(|m| m.id.clone()).collect::<Vec<_>>(), "a prefix, in order");
        let one = super::plan(&members, &Known::default(), 1);
        assert_eq!(one.members.len(), 1);
    }

    #[test]
    fn an_amount_above_the_per_lead_maximum_counts_zero() {
        let plan = plan(&[member("a", None, "hot", MAX_LEAD_ESTIMATE + 1), member("b", None, "hot", 500)], &Known::default(), 99);
        assert_eq!(plan.amount, 500);
    }
}
