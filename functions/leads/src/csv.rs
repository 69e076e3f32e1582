//! The CSV export's columns; its cells are `shared::format`'s (RFC 4180 quoting, formulas
//! neutralised), the same as the exhibit pack's manifest.

use std::collections::HashMap;

use shared::forms::Form;

pub use shared::format::{csv_cell as cell, csv_record as record};

pub const TRAILING: [&str; 12] = [
    "Location",
    "Temperature",
    "Estimated amount",
    "Submitted at",
    "Source",
    "UTM source",
    "UTM medium",
    "UTM campaign",
    "UTM content",
    "UTM term",
    "Page",
    "Referrer",
];
pub const OTHER_ANSWERS: &str = "Other answers";
/// Once a portal import is applied (and for roles that may see investments): what the portal
/// confirmed from the lead, in dollars, and the day of the first investment.
pub const INVESTED: [&str; 2] = ["Invested (USD)", "Invested on"];

/// The export's columns: Form, one per field label across the forms (first seen first; the
/// same label in two forms shares a column), optionally 'Other answers' for leads whose form
/// was deleted, then Location, Temperature, Estimated amount, Submitted at and where the
/// investor came from (source, the five `utm_*`, the embedding page and its referrer).
#[derive(Debug)]
pub struct Columns {
    pub labels: Vec<String>,
    /// Form id → field id → column index in `labels`.
    slots: HashMap<String, HashMap<String, usize>>,
    pub with_other: bool,
    /// The two [`INVESTED`] columns close the row.
    pub with_investments: bool,
}

impl Columns {
    pub fn new(forms: &[&Form], with_other: bool) -> Self {
        let mut labels: Vec<String> = Vec::new();
        let mut slots = HashMap::new();
        for form in forms {
            let mut fields: Vec<_> = form.fields.iter().collect();
            fields.sort_by_key(|f| f.order);
            let mut form_slots = HashMap::new();
            for field in fields {
                let label = field.label.trim();
                let index = labels.iter().position(|l| l == label).unwrap_or_else(|| {
                    labels.push(label.to_owned());
                    labels.len() - 1
                });
                form_slots.insert(field.id.clone(), index);
            }
            slots.insert(form.id.clone(), form_slots);
        }
        Self { labels, slots, with_other, with_investments: false }
    }

    pub fn header(&self) -> String {
        let other = self.with_other.then_some(OTHER_ANSWERS);
        let invested = if self.with_investments { &INVESTED[..] } else { &[] };
        record(std::iter::once("Form").chain(self.labels.iter().map(String::as_str)).chain(other).chain(TRAILING).chain(invested.iter().copied()))
    }

    /// A lead's row. `answers` are (field id or legacy key, answer) in form order.
    /// `invested`: the [`INVESTED`] cells, written only with [`Columns::with_investments`].
    pub fn row(&self, form_name: &str, form_id: &str, answers: &[(&str, String)], trailing: [&str; 12], invested: [&str; 2]) -> String {
        let mut cells = vec![String::new(); self.labels.len()];
        let mut other = Vec::new();
        let slots = self.slots.get(form_id);
        for (key, answer) in answers {
            match slots.and_then(|s| s.get(*key)) {
                Some(&index) if cells[index].is_empty() => cells[index] = answer.clone(),
                Some(&index) => cells[index] = format!("{}; {answer}", cells[index]),
                None => other.push(format!("{key}: {answer}")),
            }
        }
        let other = other.join("; ");
        let other = self.with_other.then_some(other.as_str());
        let invested = if self.with_investments { &invested[..] } else { &[] };
        record(std::iter::once(form_name).chain(cells.iter().map(String::as_str)).chain(other).chain(trailing).chain(invested.iter().copied()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_join_labels_across_forms() {
        let mut one = Form::new_default("u", &shared::time::now_iso());
        one.name = "Seed".into();
        let mut two = Form::new_default("u", &shared::time::now_iso());
        two.fields[0].label = "Name".into();
        let columns = Columns::new(&[&one, &two], true);
        assert_eq!(
            columns.header(),
            "Form,Full Name,Email Address,Phone Number,Name,Other answers,Location,Temperature,Estimated amount,Submitted at,\
             Source,UTM source,UTM medium,UTM campaign,UTM content,UTM term,Page,Referrer\r\n"
        );
        let answers = [(two.fields[0].id.as_str(), "Ada".to_owned()), (two.fields[1].id.as_str(), "ada@example.com".to_owned()), ("legacy", "x".to_owned())];
        assert_eq!(
            columns.row("Two", &two.id, &answers, ["Austin", "Hot", "0", "2026-11-01T00:00:00Z", "newsletter", "Newsletter", "", "", "", "", "", ""], ["2500.00", "2026-03-01"]),
            "Two,,ada@example.com,,Ada,legacy: x,Austin,Hot,0,2026-11-01T00:00:00Z,newsletter,Newsletter,,,,,,\r\n",
            "no investment columns before an import"
        );
        let mut columns = columns;
        columns.with_investments = true;
        assert!(columns.header().ends_with(",Referrer,Invested (USD),Invested on\r\n"));
        assert!(columns.row("Two", &two.id, &answers, [""; 12], ["2500.00", "2026-03-01"]).ends_with(",2500.00,2026-03-01\r\n"));
    }
}
