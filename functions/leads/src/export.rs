//! The CSV export (`GET /export`): one DynamoDB page at a time, so memory stays flat however
//! many leads there are.

use std::collections::HashMap;

use axum::body::{Body, Bytes};
use shared::{
    AppState,
    forms::Form,
    leads::{Temperature, answers_in_order, estimated_investment},
    repo::lead_listings::{Scope, Start, StoredLead},
};

use crate::{EXPORT_PAGE, csv, location_label_of};

/// The download's name: the form's name as a slug (for one form) and the day (`YYYY-MM-DD`).
pub(crate) fn file_name(form: Option<&Form>, day: &str) -> String {
    let slug: String = form
        .map(|f| f.name.to_lowercase().chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect::<String>())
        .map(|s| s.split('-').filter(|p| !p.is_empty()).collect::<Vec<_>>().join("-"))
        .filter(|s| !s.is_empty())
        .map(|s| format!("-{}", s.chars().take(40).collect::<String>()))
        .unwrap_or_default();
    format!("raisespark-leads{slug}-{day}.csv")
}

/// The columns of the scope's forms, oldest form first (an owner's export names each row's form).
fn columns(scope: &Scope, forms: &HashMap<String, Form>) -> csv::Columns {
    let mut ordered: Vec<&Form> = match scope {
        Scope::Form(id) => forms.get(id).into_iter().collect(),
        Scope::Owner(_) => forms.values().collect(),
    };
    ordered.sort_by(|a, b| a.created_at.cmp(&b.created_at).then(a.id.cmp(&b.id)));
    csv::Columns::new(&ordered, matches!(scope, Scope::Owner(_)))
}

fn csv_row(columns: &csv::Columns, forms: &HashMap<String, Form>, lead: StoredLead, invested: Option<&shared::invested::LeadInvestment>) -> String {
    let form = forms.get(&lead.form_id);
    let fields = form.map(|f| f.fields.as_slice()).unwrap_or_default();
    let answers = answers_in_order(fields, &lead.data);
    let amount = lead.estimated_amount.unwrap_or_else(|| estimated_investment(&answers));
    let cells: Vec<(&str, String)> = answers
        .iter()
        .map(|a| (a.key, a.value.as_str().map(str::to_owned).unwrap_or_else(|| a.value.to_string())))
        .collect();
    let temperature = match Temperature::from_status(&lead.status) {
        Temperature::Hot => "Hot",
        Temperature::Warm => "Warm",
        Temperature::Cold => "Cold",
    };
    let location = location_label_of(&lead).unwrap_or_default();
    let form_name = form.map_or("(deleted form)", |f| f.name.as_str());
    let a = &lead.attribution;
    let text = |value: &Option<String>| value.clone().unwrap_or_default();
    let source = lead.source.as_deref().map(shared::attribution::source_label).unwrap_or_default();
    let dollars = invested.filter(|i| i.invested()).map(|i| format!("{}.{:02}", i.invested_cents / 100, i.invested_cents % 100)).unwrap_or_default();
    let day = invested.filter(|i| i.invested()).and_then(|i| i.date.clone()).unwrap_or_default();
    columns.row(
        form_name,
        &lead.form_id,
        &cells,
        [
            &location,
            temperature,
            &amount.to_string(),
            &lead.created_at,
            source,
            &text(&a.utm_source),
            &text(&a.utm_medium),
            &text(&a.utm_campaign),
            &text(&a.utm_content),
            &text(&a.utm_term),
            &text(&a.page),
            &text(&a.referrer),
        ],
        [&dollars, &day],
    )
}

/// Where the export is between two pages.
struct Pages {
    state: AppState,
    scope: Scope,
    forms: HashMap<String, Form>,
    columns: csv::Columns,
    start: Option<Start>,
    done: bool,
    /// The applied portal imports, when the caller may see investments.
    imports: Vec<String>,
    company_id: String,
}

/// The CSV as a body: the header row, then one chunk per page of the scope's leads. The status
/// line is sent before the first page is read, so a failed page ends the body early and the
/// download is visibly broken.
pub(crate) fn csv_body(state: AppState, scope: Scope, forms: HashMap<String, Form>, company_id: String, imports: Vec<String>) -> Body {
    let mut columns = columns(&scope, &forms);
    columns.with_investments = !imports.is_empty();
    // A BOM so spreadsheet programs read the file as UTF-8.
    let header = Bytes::from(format!("\u{feff}{}", columns.header()));
    let pages = Pages { state, scope, forms, columns, start: None, done: false, imports, company_id };
    let rows = futures::stream::unfold(pages, |mut pages| async move {
        if pages.done {
            return None;
        }
        let state = &pages.state;
        let output = match state.lead_listings().export_page(&pages.scope, pages.start.take(), EXPORT_PAGE).await {
            Ok((leads, next)) if !pages.imports.is_empty() => {
                let ids: Vec<String> = leads.iter().map(|l| l.id.clone()).collect();
                state.investments().of_leads(&pages.company_id, &pages.imports, &ids).await.map(|invested| (leads, next, invested))
            }
            Ok((leads, next)) => Ok((leads, next, HashMap::new())),
            Err(err) => Err(err),
        };
        match output {
            Ok((leads, next, invested)) => {
                let mut chunk = String::new();
                for lead in leads {
                    let investment = invested.get(&lead.id);
                    chunk.push_str(&csv_row(&pages.columns, &pages.forms, lead, investment));
                }
                pages.start = next;
                pages.done = pages.start.is_none();
                Some((Ok::<Bytes, std::io::Error>(Bytes::from(chunk)), pages))
            }
            Err(err) => {
                tracing::error!(error = %err, "lead export stopped");
                pages.done = true;
                Some((Err(std::io::Error::other("lead export stopped")), pages))
            }
        }
    });
    Body::from_stream(futures::StreamExt::chain(futures::stream::once(async move { Ok(header) }), rows))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_is_named_after_the_form_as_a_slug_and_the_day() {
        let day = "2026-11-26";
        assert_eq!(file_name(None, day), format!("raisespark-leads-{day}.csv"));
        let mut form = Form::new_default("u-1", "2026-11-26T10:00:00Z");
        form.name = "  Seed Round — Q4 / 2026!! ".into();
        assert_eq!(file_name(Some(&form), day), format!("raisespark-leads-seed-round-q4-2026-{day}.csv"));
        form.name = "***".into();
        assert_eq!(file_name(Some(&form), day), format!("raisespark-leads-{day}.csv"));
        form.name = "a".repeat(60);
        assert_eq!(file_name(Some(&form), day), format!("raisespark-leads-{}-{day}.csv", "a".repeat(40)));
    }
}
