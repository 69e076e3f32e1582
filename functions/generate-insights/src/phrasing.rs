//! How the facts read: tested templates (the built-in provider), and the checks a model's
//! rephrasing must pass — it may only restate the facts, so any number it writes must be one
//! the template already holds, or the template is used.

use serde::Serialize;

use crate::facts::{Facts, Rate, Share, WEEKS};
use shared::format::numbers_in;

/// Spec 3, AI insight.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Insight {
    pub title: String,
    pub content: String,
    pub icon: &'static str,
    pub color: &'static str,
}

pub use shared::format::{grouped, usd};

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", grouped(n), if n == 1 { one } else { many })
}

fn leads(n: u64) -> String {
    plural(n, "lead", "leads")
}

/// 'A', 'A and B', 'A, B and C'.
fn listed(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn pipeline(f: &Facts) -> Insight {
    let p = &f.pipeline;
    let content = if p.with_amount == 0 {
        format!(
            "None of your {} has stated an amount yet. Add the 'Investment amount range' question to your form to see the interest behind your leads.",
            leads(f.leads)
        )
    } else {
        let mut text = format!(
            "Investors have indicated {} of interest across {}. The average indication is {}",
            usd(p.estimated_interest),
            leads(p.with_amount),
            usd(p.average)
        );
        if let Some(median) = &p.median_bucket {
            text.push_str(&format!(" and the median falls in the {median} range"));
        }
        text.push_str(&format!("; {} ({}%) indicated $25,000 or more.", leads(p.large.leads), p.large.percent));
        text
    };
    Insight { title: "Your pipeline".into(), content, icon: "dollar", color: "green" }
}

fn state_phrase(share: &Share) -> String {
    format!("{} ({}, {}%)", share.label, leads(share.leads), share.percent)
}

fn geography(f: &Facts) -> Insight {
    let g = &f.geography;
    let content = if g.located == 0 {
        format!("None of your {} has a location yet. Add the 'State' question to your form to see where your investors are.", leads(f.leads))
    } else {
        let mut text = if g.states.is_empty() {
            "Your located investors are all outside the US.".to_owned()
        } else {
            let states: Vec<String> = g.states.iter().map(state_phrase).collect();
            format!("Most of your interested investors are in {}.", listed(&states))
        };
        if let Some(city) = &g.top_city {
            text.push_str(&format!(" Your top city is {} with {}.", city.label, leads(city.leads)));
        }
        if g.outside_us > 0 && !g.states.is_empty() {
            text.push_str(&format!(" {} from outside the US.", plural(g.outside_us, "lead is", "leads are")));
        }
        let unknown = f.leads.saturating_sub(g.located);
        if unknown > 0 {
            text.push_str(&format!(" {} no location.", plural(unknown, "lead has", "leads have")));
        }
        text
    };
    Insight { title: "Where your investors are".into(), content, icon: "map-pin", color: "blue" }
}

fn momentum(f: &Facts) -> Insight {
    let m = &f.momentum;
    let (last, previous) = (m.last_7_days, m.previous_7_days);
    let mut content = match (last, previous) {
        (0, 0) => format!("No new leads in the last 14 days; your last {WEEKS} weeks brought {}.", leads(m.window)),
        (_, 0) => format!("{} in the last 7 days, after none the 7 days before.", leads(last)),
        _ if last == previous => format!("{} in the last 7 days, the same as the 7 days before.", leads(last)),
        _ if last > previous => {
            format!("{} in the last 7 days, up {}% from {} the 7 days before.", leads(last), (last - previous) * 100 / previous, grouped(previous))
        }
        _ => format!("{} in the last 7 days, down {}% from {} the 7 days before.", leads(last), (previous - last) * 100 / previous, grouped(previous)),
    };
    if let Some(best) = m.best_weekday.as_ref().filter(|_| m.window >= 5) {
        content.push_str(&format!(" Over the last {WEEKS} weeks, {} brought the most leads ({} of {}).", best.label, grouped(best.leads), grouped(m.window)));
    }
    let color = match last.cmp(&previous) {
        std::cmp::Ordering::Greater => "green",
        std::cmp::Ordering::Less => "amber",
        std::cmp::Ordering::Equal => "blue",
    };
    Insight { title: "Momentum".into(), content, icon: "trending-up", color }
}

fn quality(f: &Facts) -> Insight {
    let q = &f.quality;
    let total = q.hot + q.warm + q.cold;
    let pct = |n| crate::facts::percent(n, total);
    let mut content = format!(
        "{} ({}%), {} warm ({}%) and {} cold ({}%).",
        plural(q.hot, "hot lead", "hot leads"),
        pct(q.hot),
        grouped(q.warm),
        pct(q.warm),
        grouped(q.cold),
        pct(q.cold)
    );
    if q.ready_within_a_week > 0 {
        content.push_str(&format!(" {} could invest within a week or sooner.", plural(q.ready_within_a_week, "investor says they", "investors say they")));
    }
    if let Some(timeline) = &q.top_timeline {
        content.push_str(&format!(" The most common timeline is '{}' ({}, {}%).", timeline.label, leads(timeline.leads), timeline.percent));
    }
    if q.hot > 0 && q.any_emailed {
        if q.hot_not_emailed == 0 {
            content.push_str(" Every hot lead has received a campaign e-mail.");
        } else {
            content.push_str(&format!(" {} of the hot leads {} not received a campaign e-mail yet.", grouped(q.hot_not_emailed), if q.hot_not_emailed == 1 { "has" } else { "have" }));
        }
    }
    Insight { title: "Lead quality".into(), content, icon: "default", color: "amber" }
}

fn rate_phrase(rate: &Rate) -> String {
    match rate.percent {
        Some(percent) => format!("{percent}% ({} from {})", leads(rate.leads), plural(rate.views, "view", "views")),
        None => leads(rate.leads),
    }
}

fn conversion(f: &Facts) -> Option<Insight> {
    let best = f.forms.first()?;
    let mut content = match (f.forms.len(), best.percent) {
        (1, _) => format!("{} converts {} of its visitors into leads.", best.label, rate_phrase(best)),
        _ => {
            let others: Vec<String> = f.forms.iter().skip(1).take(2).map(|r| format!("{} for {}", r.percent.map_or_else(|| leads(r.leads), |p| format!("{p}%")), r.label)).collect();
            format!("{} converts best at {}, against {}.", best.label, rate_phrase(best), listed(&others))
        }
    };
    if best.percent.is_none() {
        content = format!("{} brought {}; views will show its conversion rate.", best.label, leads(best.leads));
    }
    let pages: Vec<&Rate> = f.pages.iter().filter(|p| p.percent.is_some() && p.views >= 10).collect();
    if pages.len() >= 2 {
        let page = pages.iter().max_by(|a, b| a.percent.cmp(&b.percent).then_with(|| b.label.cmp(&a.label))).expect("two pages");
        content.push_str(&format!(" By page, {} converts best: {}.", page.label, rate_phrase(page)));
    } else if let Some(page) = f.pages.first() {
        content.push_str(&format!(" Your top source page is {} with {}.", page.label, leads(page.leads)));
    }
    Some(Insight { title: "Conversion by form and page".into(), content, icon: "trending-up", color: "blue" })
}

/// How many times `a` is `b` ("4", "2.5"), when both are rates.
fn times(a: u64, b: u64) -> Option<String> {
    (b > 0 && a > b).then(|| {
        let ratio = (a as f64 / b as f64 * 10.0).round() / 10.0;
        if ratio.fract() == 0.0 { format!("{ratio:.0}") } else { format!("{ratio:.1}") }
    })
}

/// Money the portal confirmed against interest indicated ("invested", never "raised").
fn investment(f: &Facts) -> Option<Insight> {
    let i = f.invested.as_ref()?;
    let mut content = format!(
        "The portal confirms {} invested by {}, against {} indicated on your forms.",
        usd(i.dollars),
        plural(i.investors, "investor", "investors"),
        usd(i.indicated)
    );
    let rate = |label: &str| i.by_temperature.iter().find(|t| t.label == label).and_then(|t| t.percent);
    if let (Some(hot), Some(warm)) = (rate("Hot"), rate("Warm"))
        && let Some(times) = times(hot, warm)
    {
        content.push_str(&format!(" Hot leads invested at {times}× the rate of warm ones ({hot}% against {warm}%)."));
    }
    if i.hot_not_invested > 0 {
        content.push_str(&format!(" {} {} not invested yet.", plural(i.hot_not_invested, "hot lead", "hot leads"), if i.hot_not_invested == 1 { "has" } else { "have" }));
    }
    Some(Insight { title: "From interest to investment".into(), content, icon: "dollar", color: "green" })
}

fn next_action(f: &Facts) -> Insight {
    let q = &f.quality;
    let hot_not_invested = f.invested.as_ref().map_or(0, |i| i.hot_not_invested);
    let content = if hot_not_invested > 0 {
        format!(
            "{} {} not invested yet: send them a reconfirm campaign (audience Hot, not invested) while their interest is fresh, and follow up personally.",
            plural(hot_not_invested, "hot lead", "hot leads"),
            if hot_not_invested == 1 { "has" } else { "have" }
        )
    } else if q.hot_not_emailed > 0 {
        format!(
            "{} {} had no follow-up from a campaign yet: write to them with a campaign (audience Hot, not yet e-mailed) or export them from the Leads page, and reach out while their interest is fresh.",
            plural(q.hot_not_emailed, "hot lead", "hot leads"),
            if q.hot_not_emailed == 1 { "has" } else { "have" }
        )
    } else if q.hot > 0 {
        format!(
            "Your {} {} received a campaign e-mail: follow up personally now (a call, or answers to their questions) while their interest is fresh.",
            plural(q.hot, "hot lead", "hot leads"),
            if q.hot == 1 { "has" } else { "have all" }
        )
    } else if let Some(best) = f.forms.first().filter(|r| r.percent.is_some_and(|p| p > 0)) {
        format!("{} converts best: share it again where your investors are, and link to it from your site's main pages.", best.label)
    } else if f.pipeline.with_amount == 0 || f.geography.located == 0 {
        "Add the amount and State questions to your form so each new lead tells you more.".to_owned()
    } else {
        "Share your form again: a post to your community or your newsletter brings the next wave of interest.".to_owned()
    };
    Insight { title: "Next best action".into(), content, icon: "default", color: if q.hot > 0 { "amber" } else { "gray" } }
}

/// The insights in display order (4–7), or none when there are no leads to analyse.
pub fn templates(facts: &Facts) -> Vec<(&'static str, Insight)> {
    if facts.leads == 0 {
        return Vec::new();
    }
    let mut insights = vec![("pipeline", pipeline(facts)), ("geography", geography(facts)), ("momentum", momentum(facts)), ("quality", quality(facts))];
    if let Some(conversion) = conversion(facts) {
        insights.push(("conversion", conversion));
    }
    if let Some(investment) = investment(facts) {
        insights.push(("investment", investment));
    }
    insights.push(("next_action", next_action(facts)));
    insights
}

/// A model's rephrasing of one insight, if it states only numbers the template states.
pub fn accept(template: &Insight, rephrased: &str) -> Option<String> {
    let text = rephrased.trim();
    if text.is_empty() || text.chars().count() > 600 || text.contains('<') {
        return None;
    }
    let allowed = numbers_in(&format!("{} {}", template.title, template.content));
    numbers_in(text).iter().all(|n| allowed.contains(n)).then(|| text.to_owned())
}

/// The model's instructions: restate, never add.
pub const SYSTEM_PROMPT: &str = "You rewrite analytics insights for a startup founder who is testing the waters for a \
Regulation Crowdfunding raise. You receive a JSON object mapping keys to insights (title, content). Rewrite each content \
in a warm, direct voice, one or two sentences, plain text without Markdown. Keep every number, amount and percentage \
exactly as written; never add a number, date, name or fact that is not in the content; do not give legal or investment \
advice. Answer with only a JSON object mapping the same keys to the rewritten content strings.";

/// The user message the model gets: the template insights.
pub fn prompt(insights: &[(&'static str, Insight)]) -> String {
    let map: serde_json::Map<String, serde_json::Value> =
        insights.iter().map(|(key, i)| ((*key).to_owned(), serde_json::json!({"title": i.title, "content": i.content}))).collect();
    serde_json::Value::Object(map).to_string()
}

/// The model's answer as key → content (a fenced or bare JSON object); `None` if unreadable.
pub fn parse_answer(answer: &str) -> Option<serde_json::Map<String, serde_json::Value>> {
    let start = answer.find('{')?;
    let end = answer.rfind('}')?;
    serde_json::from_str::<serde_json::Value>(answer.get(start..=end)?).ok()?.as_object().cloned()
}

/// The insights with each accepted rephrasing in place of its template, and how many were.
pub fn merge(templates: Vec<(&'static str, Insight)>, answer: Option<&serde_json::Map<String, serde_json::Value>>) -> (Vec<(&'static str, Insight)>, usize) {
    let mut accepted = 0;
    let merged = templates
        .into_iter()
        .map(|(key, template)| {
            let rephrased = answer.and_then(|a| a.get(key)).and_then(|v| v.as_str()).and_then(|text| accept(&template, text));
            match rephrased {
                Some(content) => {
                    accepted += 1;
                    (key, Insight { content, ..template })
                }
                None => (key, template),
            }
        })
        .collect();
    (merged, accepted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_investment_insight_says_invested_against_indicated_compares_temperatures_and_counts_hot_leads_not_invested() {
        use shared::invested::{Summary, Tally};
        let mut profile = shared::repo::profiles::Profile::empty("c1");
        (profile.interested_investors_count, profile.estimated_interest, profile.hot_leads, profile.warm_leads, profile.cold_leads) = (60, 410_000, 25, 25, 10);
        let summary = Summary {
            investors: 9,
            invested_cents: 2_250_000,
            leads_invested: 7,
            by_temperature: [("hot".to_owned(), Tally { investors: 6, cents: 1_500_000 }), ("warm".to_owned(), Tally { investors: 1, cents: 250_000 })].into(),
            ..Summary::default()
        };
        let facts = crate::facts::compute(&crate::facts::Inputs { profile: &profile, forms: &[], dimensions: &[], days: &[], investments: Some(&summary) });
        let insights = templates(&facts);
        let investment = &insights.iter().find(|(key, _)| *key == "investment").expect("an investment insight").1;
        assert_eq!(
            investment.content,
            "The portal confirms $22,500 invested by 9 investors, against $410,000 indicated on your forms. Hot leads invested at 6× the rate of warm ones (24% against 4%). 19 hot leads have not invested yet."
        );
        assert!(!investment.content.to_lowercase().contains("raised"));
        let next = &insights.iter().find(|(key, _)| *key == "next_action").unwrap().1;
        assert!(next.content.starts_with("19 hot leads have not invested yet: send them a reconfirm campaign"), "{}", next.content);
        let without = crate::facts::compute(&crate::facts::Inputs { profile: &profile, forms: &[], dimensions: &[], days: &[], investments: None });
        assert!(templates(&without).iter().all(|(key, _)| *key != "investment"), "no import, no investment insight");
    }

    #[test]
    fn money_and_numbers_read_as_written() {
        assert_eq!(usd(1_412_500), "$1,412,500");
        assert_eq!(usd(0), "$0");
        assert_eq!(usd(999), "$999");
        assert_eq!(usd(1_000), "$1,000");
    }

    fn insight(content: &str) -> Insight {
        Insight { title: "Your pipeline".into(), content: content.into(), icon: "dollar", color: "green" }
    }

    #[test]
    fn a_rephrasing_with_a_new_number_is_rejected() {
        let template = insight("Investors have indicated $1,412,500 of interest across 40 leads.");
        assert_eq!(accept(&template, "Across 40 leads, investors signalled $1,412,500."), Some("Across 40 leads, investors signalled $1,412,500.".into()));
        assert_eq!(accept(&template, "Across 41 leads, investors signalled $1,412,500."), None);
        assert_eq!(accept(&template, "Investors signalled about $1.4M."), None, "rounded figures are new numbers");
        assert_eq!(accept(&template, "Great news for 2026!"), None);
        assert_eq!(accept(&template, "Nice pipeline."), Some("Nice pipeline.".into()));
        assert_eq!(accept(&template, "<script>x</script>"), None);
        assert_eq!(accept(&template, "  "), None);
    }

    #[test]
    fn merge_keeps_the_template_where_the_model_strays() {
        let templates = vec![("pipeline", insight("Investors indicated $500 across 2 leads.")), ("momentum", insight("2 leads in the last 7 days."))];
        let answer = parse_answer(
            "```json\n{\"pipeline\": \"Two leads, $500 in total: a start.\", \"momentum\": \"3 leads this week!\", \"extra\": \"x\"}\n```",
        )
        .unwrap();
        let (merged, accepted) = merge(templates.clone(), Some(&answer));
        assert_eq!(accepted, 1);
        assert_eq!(merged[0].1.content, "Two leads, $500 in total: a start.");
        assert_eq!(merged[1].1, templates[1].1);
        assert_eq!(parse_answer("no json here"), None);
        let (unchanged, none) = merge(templates.clone(), None);
        assert_eq!((unchanged, none), (templates, 0));
    }
}
