//! "My investor makes 80k a year with a net worth of 200k, how much can they put in?": the Reg
//! CF investment limit worked out from the figures in the question (`reg_cf::investment_limit`,
//! the rule itself), with the rule it followed and its article.

use shared::{
    format::usd,
    reg_cf::{INVESTOR_MINIMUM, INVESTOR_THRESHOLD, LimitRule, OFFERING_LIMIT, investment_limit, investment_room, offering_room},
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

/// An investor as a question describes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Investor {
    pub income: u64,
    pub net_worth: u64,
    /// Already put into Reg CF offerings in the last 12 months ("already put 2k into another
    /// startup's raise").
    pub already: u64,
}

/// The income and net worth a question states, when it asks for an investment limit: each
/// amount belongs to the cue nearest it ("earns 50k, net worth 45k", "300k income"), and an
/// amount put in before ("already put 2k into …") counts against the limit.
pub fn figures(question: &str) -> Option<Investor> {
    let words = Words::new(question);
    if !asks(question) || !words.any(&["income", "makes", "making", "earns", "earning", "salary", "net worth", "worth", "yr", "year", "student", "savings"]) {
        return None;
    }
    const INCOME: &[&str] = &["income", "makes", "making", "earns", "earning", "salary", "yr", "year", "annual", "annually"];
    // ("150k in savings and investments (not counting her house)": what she owns.)
    const WORTH: &[&str] = &["worth", "assets", "savings", "saved", "savings and investments"];
    // ("already put 2k into …", "invested 2k last month"; not "wants to put $30k in".)
    const ALREADY: &[&str] = &["already", "invested", "spent"];
    // The words with the clause each is in: a cue across a comma belongs to another amount
    // ("makes about 60k, net worth maybe 40k").
    let (tokens, clause): (Vec<String>, Vec<usize>) = clauses(question)
        .iter()
        .enumerate()
        .flat_map(|(n, part)| Words::new(part).tokens().iter().map(move |t| (t.clone(), n)).collect::<Vec<_>>())
        .unzip();
    // How far a cue is (on a tie, the one after wins: "300k income"); "already" only before.
    let distance = |i: usize, cues: &[&str], before_only: bool| {
        tokens
            .iter()
            .enumerate()
            .filter(|(j, t)| cues.contains(&t.as_str()) && (!before_only || (*j < i && i - j <= 4)))
            .map(|(j, _)| if j > i { 2 * (j - i) - 1 } else { 2 * (i - j) } + if clause[j] == clause[i] { 0 } else { 100 })
            .min()
    };
    // (kind, distance, value): 0 income, 1 net worth, 2 already invested.
    let mut found: Vec<(u8, usize, u64)> = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let Some(value) = amount(token, tokens.get(i + 1).map(String::as_str)) else { continue };
        let per_year = token.ends_with("/yr") || token.ends_with("/year");
        let kinds = [(0, if per_year { Some(0) } else { distance(i, INCOME, false) }), (1, distance(i, WORTH, false)), (2, distance(i, ALREADY, true))];
        // Nearest cue; an income and a net worth at the same distance read as income.
        if let Some((kind, at)) = kinds.iter().filter_map(|(k, d)| d.map(|d| (*k, d))).min_by_key(|(k, d)| (*d, *k)) {
            found.push((kind, at, value));
        } else {
            found.push((0, usize::MAX, value));
        }
    }
    let nearest = |kind: u8| found.iter().filter(|(k, _, _)| *k == kind).min_by_key(|(_, d, _)| *d).map(|(_, _, v)| *v);
    let (income, worth) = (nearest(0), nearest(1));
    let already = nearest(2).unwrap_or(0);
    let no_worth = words.any(&["no net worth", "basically no net worth", "zero net worth", "nothing saved"]);
    match (income, worth) {
        (Some(income), Some(net_worth)) => Some(Investor { income, net_worth, already }),
        (Some(income), None) if no_worth => Some(Investor { income, net_worth: 0, already }),
        _ => None,
    }
}

/// A text's clauses: cut at ";", "?", "!", brackets, and at a comma or full stop that ends a
/// word (not inside "$150,000" or "1.5m").
fn clauses(text: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let ends = matches!(c, ';' | '?' | '!' | '(' | ')') || matches!(c, ',' | '.') && chars.peek().is_none_or(|next| next.is_whitespace());
        if ends {
            out.push(String::new());
        } else {
            out.last_mut().unwrap().push(c);
        }
    }
    out
}

/// What a company raised under Reg CF before, when the question asks how much more it may
/// raise ("raised 3.1M in our first reg cf round in march … how much can we go for").
pub fn raised_before(question: &str) -> Option<u64> {
    let words = Words::new(question);
    let asks = words.any(&["how much", "how big", "max", "maximum", "go for", "can we raise", "can we still", "left", "another round", "more"]);
    if !asks || words.any(&["income", "net worth", "salary", "earns", "invest in", "investor"]) {
        return None;
    }
    let tokens = words.tokens();
    tokens.iter().enumerate().find_map(|(i, token)| {
        let value = amount(token, tokens.get(i + 1).map(String::as_str)).filter(|v| *v >= 10_000)?;
        let after_raise = tokens[i.saturating_sub(3)..i].iter().any(|t| matches!(t.as_str(), "raised" | "sold" | "closed" | "brought"));
        after_raise.then_some(value)
    })
}

/// What may still be raised in the same 12 months, explained, with its article.
pub fn room_answer(raised: u64) -> String {
    let room = offering_room(raised);
    let rest = if room == 0 {
        "nothing more can be raised under Reg CF until 12 months after those sales".to_owned()
    } else {
        format!("an offering in the same 12 months can be for up to **{}**", usd(room))
    };
    format!(
        "Reg CF allows at most **{}** in any 12-month period, counting what you sold under Reg CF in the 12 months before the new sale: with {} already raised, {rest}.\n\n\
         Source: [Reg CF essentials and the $5 million limit](/help/reg-cf-offering-limit)",
        usd(OFFERING_LIMIT),
        usd(raised),
    )
}

/// Whether a question (or a part of one) asks how much an investor may put in.
pub fn asks(question: &str) -> bool {
    asks_amount(question) || Words::new(question).any(&["can they", "can he", "can she", "can i", "allowed", "cap"])
}

/// Whether it asks for the amount itself ("how much can he do"; not "can they back out").
pub fn asks_amount(question: &str) -> bool {
    Words::new(question).any(&["how much", "limit", "max", "maximum", "the most", "invest", "put in", "put into"])
}

/// The limit for those figures, explained, with its article.
pub fn answer(investor: &Investor) -> String {
    let Investor { income, net_worth, already } = *investor;
    let (limit, rule) = investment_limit(income, net_worth);
    let why = match rule {
        LimitRule::FivePercent => format!(
            "because their income or net worth is below {threshold}, the limit is the greater of {min} or 5% of the greater of the two ({greater})",
            threshold = usd(INVESTOR_THRESHOLD),
            min = usd(INVESTOR_MINIMUM),
            greater = usd(income.max(net_worth)),
        ),
        LimitRule::TenPercent => format!(
            "because both are at least {threshold}, the limit is 10% of the greater of the two ({greater}), capped at {threshold}",
            threshold = usd(INVESTOR_THRESHOLD),
            greater = usd(income.max(net_worth)),
        ),
    };
    let room = if already > 0 {
        format!(" Having already put {} into Reg CF offerings in the last 12 months, they can invest **{}** more.", usd(already), usd(investment_room(income, net_worth, already)))
    } else {
        String::new()
    };
    format!(
        "With an annual income of {} and a net worth of {}, a non-accredited investor can invest up to **{}** across all Reg CF offerings in 12 months: {why}.{room} \
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
        let two = |text: &str| figures(text).map(|f| (f.income, f.net_worth));
        assert_eq!(two("investor makes 80k/yr, net worth 200k. how much can they put in across reg cf deals"), Some((80_000, 200_000)));
        assert_eq!(two("rich guy, 300k income and 2m net worth, whats his reg cf limit if not accredited"), Some((300_000, 2_000_000)));
        assert_eq!(two("college student 20k income basically no net worth, can they invest and how much"), Some((20_000, 0)));
        assert_eq!(two("income of $150,000 and net worth of $1.5 million, how much can she invest"), Some((150_000, 1_500_000)));
        assert_eq!(two("she's not accredited, income ~150k and net worth ~400k - how much can she legally put in"), Some((150_000, 400_000)));
        // What she has saved and invested is her net worth.
        assert_eq!(
            two("one of the people on my waitlist makes about 80k a year and has maybe 150k in savings and investments (not counting her house). how much is she allowed to put in?"),
            Some((80_000, 150_000))
        );
        assert_eq!(two("whats the investor limit"), None);
        assert_eq!(two("how much can i raise with reg cf in 12 months"), None);
        let q = "a lead of ours (not accredited) earns ~$180k a year and has ~$150k net worth. He wants to put $30k into our round. Is that allowed or is there a cap for him?";
        assert_eq!(figures(q), Some(Investor { income: 180_000, net_worth: 150_000, already: 0 }));
        assert_eq!(two("a teacher, makes about 60k, net worth maybe 40k. whats the most she can put into reg cf deals over 12 months"), Some((60_000, 40_000)));
        // What was put in before counts against the limit, and is neither income nor net worth.
        assert_eq!(
            figures("an investor already put 2k into another startup's reg cf raise in august. she earns 50k, net worth 45k. how much can she still put into mine?"),
            Some(Investor { income: 50_000, net_worth: 45_000, already: 2_000 })
        );
    }

    #[test]
    fn what_was_raised_before_is_taken_from_the_same_12_months() {
        assert_eq!(raised_before("raised 3.1M in our first reg cf round that closed in march. board wants another round in october, same year. how much can we go for"), Some(3_100_000));
        assert_eq!(raised_before("how much can i raise with reg cf in 12 months"), None);
        assert_eq!(raised_before("an investor earns 50k, net worth 45k, how much can she put in"), None);
        let text = room_answer(3_100_000);
        assert!(text.contains("up to **$1,900,000**") && text.contains("12-month"), "{text}");
        assert!(room_answer(5_000_000).contains("nothing more"));
    }

    #[test]
    fn the_answer_states_the_limit_and_the_rule() {
        let investor = |income, net_worth, already| Investor { income, net_worth, already };
        let text = answer(&investor(80_000, 200_000, 0));
        assert!(text.contains("up to **$10,000**") && text.contains("greater of $2,500 or 5%"), "{text}");
        assert!(answer(&investor(300_000, 2_000_000, 0)).contains("up to **$124,000**"));
        assert!(answer(&investor(20_000, 0, 0)).contains("up to **$2,500**"));
        let after = answer(&investor(50_000, 45_000, 2_000));
        assert!(after.contains("up to **$2,500**") && after.contains("**$500** more"), "{after}");
    }
}
