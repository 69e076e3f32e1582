//! "My investor makes 80k a year with a net worth of 200k, how much can they put in?": the Reg
//! CF investment limit worked out from the figures in the question (`reg_cf::investment_limit`,
//! the rule itself), with the rule it followed and its article.

use shared::{
    format::usd,
    reg_cf::{INVESTOR_MINIMUM, INVESTOR_THRESHOLD, LimitRule, investment_limit},
};

use crate::words::Words;

/// An amount as founders write it: "80k", "$200,000", "2m", "1.5 million", "300k/yr".
fn amount(token: &str, next: Option<&str>) -> Option<u64> {
    let token = token.trim_start_matches(['$', '~', '≈']).trim_start_matches('$').trim_end_matches("/yr").trim_end_matches("/year").trim_end_matches(['.', ',']);
    let (digits, suffix) = token.split_at(token.find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ',')).unwrap_or(token.len()));
    let number: f64 = digits.replace(',', "").parse().ok()?;
    let scale = match (suffix, next) {
        ("k", _) | ("", Some("k" | "thousand")) => 1_000.0,
        ("m" | "mm", _) | ("", Some("m" | "million" | "mil")) => 1_000_000.0,
        ("", _) => 1.0,
        _ => return None,
    };
    let value = (number * scale).round() as u64;
    (value >= 1_000 || scale > 1.0).then_some(value)
}

/// The income and net worth a question states, when it asks for an investment limit.
pub fn figures(question: &str) -> Option<(u64, u64)> {
    let words = Words::new(question);
    if !asks(question) || !words.any(&["income", "makes", "making", "earns", "earning", "salary", "net worth", "worth", "yr", "year", "student"]) {
        return None;
    }
    let tokens = words.tokens();
    let mut income = None;
    let mut worth = None;
    for (i, token) in tokens.iter().enumerate() {
        let Some(value) = amount(token, tokens.get(i + 1).map(String::as_str)) else { continue };
        // The nearest cue word says which it is (on a tie, the one after: "300k income").
        const INCOME: &[&str] = &["income", "makes", "making", "earns", "earning", "salary", "yr", "year", "annual", "annually"];
        const WORTH: &[&str] = &["worth", "assets"];
        let nearest = |cues: &[&str]| {
            tokens.iter().enumerate().filter(|(_, t)| cues.contains(&t.as_str())).map(|(j, _)| if j > i { 2 * (j - i) - 1 } else { 2 * (i - j) }).min()
        };
        let is_worth = if token.ends_with("/yr") || token.ends_with("/year") {
            false
        } else {
            match (nearest(INCOME), nearest(WORTH)) {
                (Some(income), Some(worth)) => worth < income,
                (None, Some(_)) => true,
                _ => false,
            }
        };
        if is_worth && worth.is_none() {
            worth = Some(value);
        } else if !is_worth && income.is_none() {
            income = Some(value);
        }
    }
    let no_worth = words.any(&["no net worth", "basically no net worth", "zero net worth", "nothing saved"]);
    match (income, worth) {
        (Some(income), Some(worth)) => Some((income, worth)),
        (Some(income), None) if no_worth => Some((income, 0)),
        _ => None,
    }
}

/// Whether a question (or a part of one) asks how much an investor may put in.
pub fn asks(question: &str) -> bool {
    asks_amount(question) || Words::new(question).any(&["can they", "can he", "can she", "can i"])
}

/// Whether it asks for the amount itself ("how much can he do"; not "can they back out").
pub fn asks_amount(question: &str) -> bool {
    Words::new(question).any(&["how much", "limit", "max", "maximum", "invest", "put in"])
}

/// The limit for those figures, explained, with its article.
pub fn answer(income: u64, net_worth: u64) -> String {
    let (limit, rule) = investment_limit(income, net_worth);
    let why = match rule {
        LimitRule::FivePercent => format!(
            "because their income or net worth is below {threshold}, the limit is the greater of {min} or 5 % of the greater of the two ({greater})",
            threshold = usd(INVESTOR_THRESHOLD),
            min = usd(INVESTOR_MINIMUM),
            greater = usd(income.max(net_worth)),
        ),
        LimitRule::TenPercent => format!(
            "because both are at least {threshold}, the limit is 10 % of the greater of the two ({greater}), capped at {threshold}",
            threshold = usd(INVESTOR_THRESHOLD),
            greater = usd(income.max(net_worth)),
        ),
    };
    format!(
        "With an annual income of {} and a net worth of {}, a non-accredited investor can invest up to **{}** across all Reg CF offerings in 12 months: {why}. \
         Accredited investors have no limit.\n\nSource: [How much can one investor put into a Reg CF offering](/help/investor-investment-limits)",
        usd(income),
        usd(net_worth),
        usd(limit),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_figures_are_read_however_they_are_written() {
        assert_eq!(figures("investor makes 80k/yr, net worth 200k. how much can they put in across reg cf deals"), Some((80_000, 200_000)));
        assert_eq!(figures("rich guy, 300k income and 2m net worth, whats his reg cf limit if not accredited"), Some((300_000, 2_000_000)));
        assert_eq!(figures("college student 20k income basically no net worth, can they invest and how much"), Some((20_000, 0)));
        assert_eq!(figures("income of $150,000 and net worth of $1.5 million, how much can she invest"), Some((150_000, 1_500_000)));
        assert_eq!(figures("she's not accredited, income ~150k and net worth ~400k - how much can she legally put in"), Some((150_000, 400_000)));
        assert_eq!(figures("whats the investor limit"), None);
        assert_eq!(figures("how much can i raise with reg cf in 12 months"), None);
    }

    #[test]
    fn the_answer_states_the_limit_and_the_rule() {
        let text = answer(80_000, 200_000);
        assert!(text.contains("up to **$10,000**") && text.contains("greater of $2,500 or 5 %"), "{text}");
        assert!(answer(300_000, 2_000_000).contains("up to **$124,000**"));
        assert!(answer(20_000, 0).contains("up to **$2,500**"));
    }
}
