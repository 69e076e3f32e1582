//! Record titles written for the person who reads a vault later: a lawyer, an auditor, the
//! SEC. "Form published: Harbor Coffee Co. Expansion (version 3)", "Daily record: 1 lead
//! captured, Nov 23", "Legend text, version ttw-2026-11".
//!
//! A record's stored title is part of its hash, so records filed before these titles keep the
//! title they were filed with (evidence is never rewritten). What the product shows is
//! [`display_title`]: computed at read time from the record's kind and facts (`meta`), and the
//! stored title where the facts do not say enough.

use serde_json::Value;
use time::{Date, Month};

use super::{Kind, Record};

const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

fn month_name(month: Month) -> &'static str {
    MONTHS[usize::from(u8::from(month)) - 1]
}

/// "Nov 23" in `this_year`, "Nov 23, 2025" in any other (and always with the year when there
/// is no current year to compare with: a stored title is read for years).
pub fn short_date(day: Date, this_year: Option<i32>) -> String {
    let text = format!("{} {}", month_name(day.month()), day.day());
    if this_year == Some(day.year()) { text } else { format!("{text}, {}", day.year()) }
}

/// What happened to the form, as the title's first words.
fn form_event(event: &str) -> String {
    match event {
        "published" => "Form published".to_owned(),
        "unarchived" => "Form published again (unarchived)".to_owned(),
        "edited while live" => "Form edited while live".to_owned(),
        other => format!("Form {}", other.trim()),
    }
}

/// "Form published: Harbor Coffee Co. Expansion (version 3)".
pub fn form_title(event: &str, form_name: &str, version: Option<u64>) -> String {
    let name = form_name.trim();
    let name = if name.is_empty() { "Untitled form" } else { name };
    match version {
        Some(version) => format!("{}: {name} (version {version})", form_event(event)),
        None => format!("{}: {name}", form_event(event)),
    }
}

/// "Legend text, version ttw-2026-11".
pub fn legend_title(version: &str) -> String {
    match version.trim() {
        "" => "Legend text".to_owned(),
        version => format!("Legend text, version {version}"),
    }
}

/// "Daily record: 1 lead captured, Nov 23" (3 leads captured; no leads captured).
pub fn digest_title(day: Date, leads: u64, this_year: Option<i32>) -> String {
    let count = match leads {
        0 => "no leads".to_owned(),
        1 => "1 lead".to_owned(),
        n => format!("{} leads", crate::format::grouped(n)),
    };
    format!("Daily record: {count} captured, {}", short_date(day, this_year))
}

fn text<'a>(meta: &'a Value, key: &str) -> Option<&'a str> {
    meta.get(key).and_then(Value::as_str).filter(|s| !s.trim().is_empty())
}

/// The title the product shows for a record, in the year `this_year` (the reader's "now").
/// Uploads (titled by the founder), campaigns and offering changes show their stored title.
pub fn display_title(record: &Record, this_year: i32) -> String {
    let meta = &record.meta;
    let derived = match record.kind {
        Kind::FormSnapshot => text(meta, "event").map(|event| {
            // Records filed before their meta kept the form's name were titled "<name> (<event>)".
            let name = text(meta, "form_name").map(str::to_owned).unwrap_or_else(|| {
                let suffix = format!(" ({event})");
                record.title.strip_suffix(&suffix).unwrap_or(&record.title).to_owned()
            });
            form_title(event, &name, meta.get("form_version").and_then(Value::as_u64))
        }),
        Kind::Legend => text(meta, "legend_version").map(legend_title),
        Kind::Digest => text(meta, "day")
            .and_then(|day| Date::parse(day, &time::format_description::well_known::Iso8601::DATE).ok())
            .zip(meta.get("total").and_then(Value::as_u64))
            .map(|(day, total)| digest_title(day, total, Some(this_year))),
        Kind::Campaign | Kind::Offering | Kind::Upload | Kind::Review | Kind::Import => None,
    };
    derived.unwrap_or_else(|| record.title.clone())
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use time::macros::date;

    use super::*;
    use crate::vault::{Actor, Category};

    fn record(kind: Kind, title: &str, meta: Value) -> Record {
        Record {
            id: "r1".into(),
            seq: 1,
            owner_id: "o".into(),
            kind,
            category: Category::TestingTheWaters,
            title: title.into(),
            notes: String::new(),
            created_at: "2026-11-24T10:00:00Z".into(),
            actor: Actor::system(),
            files: Vec::new(),
            content_sha256: String::new(),
            meta,
            supersedes: None,
            prev_hash: String::new(),
            hash: String::new(),
        }
    }

    #[test]
    fn a_published_form_is_titled_with_its_event_name_and_version() {
        assert_eq!(form_title("published", "Harbor Coffee Co. Expansion", Some(3)), "Form published: Harbor Coffee Co. Expansion (version 3)");
        assert_eq!(form_title("edited while live", "Sunrise Solar", Some(7)), "Form edited while live: Sunrise Solar (version 7)");
        assert_eq!(form_title("unarchived", " Sunrise ", None), "Form published again (unarchived): Sunrise");
        assert_eq!(form_title("published", "  ", Some(1)), "Form published: Untitled form (version 1)");
    }

    #[test]
    fn a_daily_record_counts_leads_in_words_that_agree_with_the_number() {
        assert_eq!(digest_title(date!(2026 - 11 - 23), 1, Some(2026)), "Daily record: 1 lead captured, Nov 23");
        assert_eq!(digest_title(date!(2026 - 11 - 23), 3, Some(2026)), "Daily record: 3 leads captured, Nov 23");
        assert_eq!(digest_title(date!(2026 - 11 - 23), 0, Some(2026)), "Daily record: no leads captured, Nov 23");
        assert_eq!(digest_title(date!(2026 - 1 - 5), 1_250, Some(2026)), "Daily record: 1,250 leads captured, Jan 5");
    }

    #[test]
    fn a_date_of_another_year_or_of_a_stored_title_carries_its_year() {
        assert_eq!(short_date(date!(2025 - 12 - 31), Some(2026)), "Dec 31, 2025");
        assert_eq!(short_date(date!(2026 - 11 - 23), None), "Nov 23, 2026");
        assert_eq!(digest_title(date!(2025 - 11 - 23), 2, Some(2026)), "Daily record: 2 leads captured, Nov 23, 2025");
    }

    #[test]
    fn a_legend_is_titled_by_its_version() {
        assert_eq!(legend_title("ttw-2026-11"), "Legend text, version ttw-2026-11");
        assert_eq!(legend_title(" "), "Legend text");
    }

    #[test]
    fn records_filed_with_the_old_titles_show_the_new_ones_computed_from_their_facts() {
        let form = record(Kind::FormSnapshot, "Harbor Coffee Co. Expansion (published)", json!({"event": "published", "form_version": 3, "form_id": "f1"}));
        assert_eq!(display_title(&form, 2026), "Form published: Harbor Coffee Co. Expansion (version 3)");
        // A name that itself ends in brackets keeps them; only the event suffix goes.
        let bracketed = record(Kind::FormSnapshot, "Seed (2026) (edited while live)", json!({"event": "edited while live", "form_version": 9}));
        assert_eq!(display_title(&bracketed, 2026), "Form edited while live: Seed (2026) (version 9)");
        let legend = record(Kind::Legend, "Legend ttw-2026-11", json!({"legend_version": "ttw-2026-11", "first_form_id": "f1"}));
        assert_eq!(display_title(&legend, 2026), "Legend text, version ttw-2026-11");
        let digest = record(Kind::Digest, "Leads captured on 2026-11-23: 1", json!({"day": "2026-11-23", "total": 1}));
        assert_eq!(display_title(&digest, 2026), "Daily record: 1 lead captured, Nov 23");
        assert_eq!(display_title(&digest, 2027), "Daily record: 1 lead captured, Nov 23, 2026");
    }

    #[test]
    fn a_new_form_record_takes_its_name_from_its_facts_and_other_kinds_keep_their_stored_title() {
        let form = record(Kind::FormSnapshot, "Form published: Old name (version 2)", json!({"event": "published", "form_version": 2, "form_name": "Old name"}));
        assert_eq!(display_title(&form, 2026), "Form published: Old name (version 2)");
        for kind in [Kind::Upload, Kind::Campaign, Kind::Offering] {
            assert_eq!(display_title(&record(kind, "Board minutes, March", json!({"event": "published"})), 2026), "Board minutes, March");
        }
        // Facts that do not say enough leave the stored title.
        assert_eq!(display_title(&record(Kind::Digest, "Leads captured on x: 1", json!({"day": "x", "total": 1})), 2026), "Leads captured on x: 1");
        assert_eq!(display_title(&record(Kind::FormSnapshot, "Name (published)", json!({})), 2026), "Name (published)");
    }
}
