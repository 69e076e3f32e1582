//! The form funnel and the sources table: what the founder reads of the counts kept on write
//! (`lead_stats`: views and starts from the form view's pings, leads and hot leads from the
//! counting fold). Views and starts are visitors a day (one each per visitor, form and day);
//! leads are leads.

use serde::Serialize;

use crate::{
    attribution::source_label,
    forms::Form,
    lead_stats::{Dimension, OTHER, Stat},
};

/// One row of a sources table (a source, a campaign or a page).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SourceRow {
    /// The key part (`newsletter`, `~other`).
    pub value: String,
    /// As the founder reads it ("Direct / none", "Other").
    pub label: String,
    pub views: u64,
    pub starts: u64,
    pub leads: u64,
    pub hot_leads: u64,
    /// Leads per 100 views (one decimal); `None` without views.
    pub conversion: Option<f64>,
    /// Once a portal import is applied: leads of this row who invested, and their dollars (in
    /// cents); `None` before any import.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub investors: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invested_cents: Option<u64>,
}

impl SourceRow {
    /// Adds the applied imports' investors and dollars to the rows of one dimension. A value
    /// with no row of its own counted under "Other" (past the dimension's cap), so its money
    /// does too; every row then carries figures, zero where no one invested.
    pub fn add_investments(rows: &mut Vec<SourceRow>, tallies: &std::collections::BTreeMap<String, crate::invested::Tally>) {
        for row in rows.iter_mut() {
            row.investors = Some(0);
            row.invested_cents = Some(0);
        }
        for (value, tally) in tallies {
            let index = match rows.iter().position(|row| &row.value == value).or_else(|| rows.iter().position(|row| row.value == OTHER)) {
                Some(index) => index,
                None => {
                    rows.push(SourceRow { value: OTHER.into(), label: "Other".into(), views: 0, starts: 0, leads: 0, hot_leads: 0, conversion: None, investors: Some(0), invested_cents: Some(0) });
                    rows.len() - 1
                }
            };
            let row = &mut rows[index];
            row.investors = Some(row.investors.unwrap_or(0) + tally.investors);
            row.invested_cents = Some(row.invested_cents.unwrap_or(0) + tally.cents);
        }
    }
}

/// `part` per 100 of `whole`, to one decimal; `None` when `whole` is 0.
pub fn percent(part: u64, whole: u64) -> Option<f64> {
    (whole > 0).then(|| (part as f64 * 1000.0 / whole as f64).round() / 10.0)
}

/// Rows of one dimension from its items: most leads first, then most views, then by label;
/// "Other" (the values past the dimension's cap) last; rows with nothing counted left out.
pub fn source_rows(stats: &[Stat], dimension: Dimension) -> Vec<SourceRow> {
    let mut rows: Vec<SourceRow> = stats
        .iter()
        .filter(|stat| Dimension::of_key(&stat.stat) == Some(dimension))
        .filter(|stat| stat.views + stat.starts + stat.leads > 0)
        .map(|stat| {
            let value = stat.value().to_owned();
            let label = match (value.as_str(), &stat.label) {
                (OTHER, _) => "Other".to_owned(),
                (_, Some(label)) if dimension != Dimension::Source => label.clone(),
                (_, label) => source_label(label.as_deref().unwrap_or(&value)).to_owned(),
            };
            SourceRow { value, label, views: stat.views, starts: stat.starts, leads: stat.leads, hot_leads: stat.hot, conversion: percent(stat.leads, stat.views), investors: None, invested_cents: None }
        })
        .collect();
    rows.sort_by(|a, b| {
        (a.value == OTHER)
            .cmp(&(b.value == OTHER))
            .then(b.leads.cmp(&a.leads))
            .then(b.views.cmp(&a.views))
            .then_with(|| a.label.to_lowercase().cmp(&b.label.to_lowercase()))
    });
    rows
}

/// Where visitors who started a form stopped: a field and how many left after touching it last.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Stop {
    pub field_id: String,
    pub label: String,
    pub visitors: u64,
}

/// One form's funnel: views → starts → leads.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FormFunnel {
    pub form_id: String,
    pub name: String,
    pub views: u64,
    pub starts: u64,
    pub leads: u64,
    pub hot_leads: u64,
    /// Starts per 100 views and leads per 100 starts (one decimal); `None` when the step before
    /// is 0.
    pub start_rate: Option<f64>,
    pub submit_rate: Option<f64>,
    /// Fields in form order that visitors stopped at; a field no longer on the form is left out.
    pub stops: Vec<Stop>,
    /// The field most visitors stopped at, if any did.
    pub top_stop: Option<String>,
}

impl FormFunnel {
    /// `stat` is the form's `d#form#<id>` item (if it has one), `stops` each field's count.
    pub fn of(form: &Form, stat: Option<&Stat>, stops: &[(String, u64)]) -> Self {
        let mut fields: Vec<_> = form.fields.iter().collect();
        fields.sort_by_key(|field| field.order);
        let stops: Vec<Stop> = fields
            .iter()
            .filter_map(|field| {
                let visitors = stops.iter().find(|(id, _)| *id == field.id).map(|(_, n)| *n).filter(|n| *n > 0)?;
                Some(Stop { field_id: field.id.clone(), label: field.label.clone(), visitors })
            })
            .collect();
        let top_stop = stops.iter().max_by(|a, b| a.visitors.cmp(&b.visitors).then(b.field_id.cmp(&a.field_id))).map(|stop| stop.label.clone());
        let (starts, leads, hot_leads) = stat.map(|s| (s.starts, s.leads, s.hot)).unwrap_or_default();
        // A view is counted when the form is shown, so a visitor who submits was shown it:
        // leads from before starts were counted (or sent without the form) never make a step
        // larger than the one before it.
        let starts = starts.max(leads);
        let views = form.views.max(starts);
        Self {
            form_id: form.id.clone(),
            name: form.name.clone(),
            views,
            starts,
            leads,
            hot_leads,
            start_rate: percent(starts, views),
            submit_rate: percent(leads, starts),
            stops,
            top_stop,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stat(key: &str, views: u64, starts: u64, leads: u64, hot: u64, label: Option<&str>) -> Stat {
        Stat { stat: key.into(), views, starts, leads, hot, label: label.map(str::to_owned), ..Stat::default() }
    }

    #[test]
    fn sources_read_most_leads_first_with_other_last_and_direct_named() {
        let stats = [
            stat("d#source#direct", 40, 10, 2, 0, Some("direct")),
            stat("d#source#newsletter", 20, 8, 5, 3, Some("newsletter")),
            stat("d#source#~other", 90, 9, 9, 1, Some("Other")),
            stat("d#source#x.com", 60, 1, 2, 0, Some("x.com")),
            stat("d#source#empty", 0, 0, 0, 0, Some("empty")),
            stat("d#campaign#launch", 1, 1, 1, 1, Some("Launch")),
        ];
        let rows = source_rows(&stats, Dimension::Source);
        let labels: Vec<&str> = rows.iter().map(|r| r.label.as_str()).collect();
        assert_eq!(labels, ["newsletter", "x.com", "Direct / none", "Other"]);
        assert_eq!((rows[0].views, rows[0].starts, rows[0].leads, rows[0].hot_leads, rows[0].conversion), (20, 8, 5, 3, Some(25.0)));
        let campaigns = source_rows(&stats, Dimension::Campaign);
        assert_eq!((campaigns.len(), campaigns[0].label.as_str()), (1, "Launch"));
    }

    #[test]
    fn investors_join_their_source_row_and_a_value_past_the_cap_joins_other() {
        use crate::invested::Tally;
        let stats = [stat("d#source#newsletter", 20, 8, 5, 3, Some("newsletter")), stat("d#source#direct", 40, 10, 2, 0, Some("direct"))];
        let mut rows = source_rows(&stats, Dimension::Source);
        let tallies = std::collections::BTreeMap::from([
            ("newsletter".to_owned(), Tally { investors: 1, cents: 250_000 }),
            ("late-value".to_owned(), Tally { investors: 2, cents: 10_000 }),
        ]);
        SourceRow::add_investments(&mut rows, &tallies);
        let figures: Vec<(&str, Option<u64>, Option<u64>)> = rows.iter().map(|r| (r.value.as_str(), r.investors, r.invested_cents)).collect();
        assert_eq!(figures, [("newsletter", Some(1), Some(250_000)), ("direct", Some(0), Some(0)), ("~other", Some(2), Some(10_000))]);
    }

    #[test]
    fn a_form_s_funnel_names_where_visitors_stop_in_form_order_and_never_narrows_upwards() {
        let mut form: Form = serde_json::from_value(serde_json::json!({
            "id": "f1", "user_id": "u", "name": "Seed round", "description": "", "created_at": "x", "updated_at": "x", "views": 3,
            "fields": [
                {"id": "email", "type": "email", "label": "Email", "order": 1},
                {"id": "name", "type": "text", "label": "Full name", "order": 0},
                {"id": "phone", "type": "phone", "label": "Phone", "order": 2},
            ]
        }))
        .unwrap();
        let stops = [("phone".to_owned(), 4), ("name".to_owned(), 1), ("gone".to_owned(), 7)];
        let funnel = FormFunnel::of(&form, Some(&stat("d#form#f1", 0, 5, 4, 2, None)), &stops);
        assert_eq!(funnel.stops.iter().map(|s| (s.label.as_str(), s.visitors)).collect::<Vec<_>>(), [("Full name", 1), ("Phone", 4)]);
        assert_eq!(funnel.top_stop.as_deref(), Some("Phone"));
        // 3 views counted but 5 starts: the views were counted from a later day on.
        assert_eq!((funnel.views, funnel.starts, funnel.leads, funnel.hot_leads), (5, 5, 4, 2));
        assert_eq!((funnel.start_rate, funnel.submit_rate), (Some(100.0), Some(80.0)));
        form.views = 100;
        let empty = FormFunnel::of(&form, None, &[]);
        assert_eq!((empty.views, empty.starts, empty.leads, empty.stops.len(), empty.top_stop), (100, 0, 0, 0, None));
        assert_eq!((empty.start_rate, empty.submit_rate), (Some(0.0), None));
        assert_eq!((percent(1, 3), percent(2, 3), percent(5, 0)), (Some(33.3), Some(66.7), None));
    }
}
