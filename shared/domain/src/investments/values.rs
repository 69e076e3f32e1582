//! One cell's value as the import reads it: amounts in any common notation, dates in any common
//! order, status words, and formulas that are read, never run.

use serde::{Deserialize, Serialize};
use time::{Date, Duration, Month};

/// Where an investment stands on the portal.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Money the portal confirms.
    Invested,
    /// Committed, not yet confirmed: still in the portal's process.
    Pending,
    /// Never became money, or was given back.
    Cancelled,
}

const CANCELLED_WORDS: &[&str] = &[
    "cancelled",
    "canceled",
    "cancel",
    "cancellation",
    "refunded",
    "refund",
    "failed",
    "failure",
    "rejected",
    "withdrawn",
    "withdrew",
    "void",
    "voided",
    "declined",
    "reversed",
    "reversal",
    "chargeback",
    "chargedback",
    "returned",
    "expired",
];
const PENDING_WORDS: &[&str] = &[
    "pending",
    "processing",
    "committed",
    "reserved",
    "reconfirm",
    "reconfirmation",
    "awaiting",
    "waiting",
    "progress",
    "submitted",
    "waitlist",
    "waitlisted",
    "unconfirmed",
];
const INVESTED_WORDS: &[&str] = &[
    "confirmed",
    "complete",
    "completed",
    "funded",
    "accepted",
    "settled",
    "closed",
    "paid",
    "succeeded",
    "success",
    "successful",
    "invested",
    "disbursed",
    "cleared",
];

/// A portal's status text as a [`Status`], by its words, case and punctuation aside:
/// "Refund pending" and "Payment failed" are cancelled (a word of cancellation wins), "Awaiting
/// funds" and "Reconfirmation needed" are pending, "Funds cleared" is invested. An empty cell is
/// invested: portals that export only completed investments leave it out. Text with none of the
/// words, or with a negation ("Not funded"), is `None`: the row is a problem, never a guess.
pub fn parse_status(text: &str) -> Option<Status> {
    let lower = text.trim().to_lowercase();
    if lower.is_empty() {
        return Some(Status::Invested);
    }
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .collect();
    let has = |list: &[&str]| words.iter().any(|word| list.contains(word));
    if words
        .iter()
        .any(|word| matches!(*word, "not" | "no" | "non"))
    {
        None
    } else if has(CANCELLED_WORDS) || lower.contains("charged back") {
        Some(Status::Cancelled)
    } else if has(PENDING_WORDS) {
        Some(Status::Pending)
    } else if has(INVESTED_WORDS) {
        Some(Status::Invested)
    } else {
        None
    }
}

/// An amount of money in cents, whatever the portal or the founder's spreadsheet app wrote:
/// "$1,000.00", "1.000,00", "1 000,50", "USD 2,500", "€2.500", "(250.00)" (negative), an
/// Excel number "2500.5". Separators: when both '.' and ',' occur, the last one is the decimal
/// point; when one of them occurs once, it groups thousands if exactly 3 digits follow and 1–3
/// digits (not a lone 0) precede it ("2.500" is 2,500; "2500.125" and "0.500" are decimals),
/// else it is the decimal point; repeated, it groups thousands. Spaces and apostrophes group
/// thousands. Fractions of a cent round half up. `None` when it is not a number.
pub fn parse_amount(text: &str) -> Option<i64> {
    let mut text = text.trim();
    let mut negative = false;
    if let Some(inner) = text
        .strip_prefix('(')
        .and_then(|inner| inner.strip_suffix(')'))
    {
        negative = true;
        text = inner;
    }
    let start = text.find(is_number_char)?;
    let end = text.rfind(is_number_char)? + 1;
    let (prefix, core, suffix) = (&text[..start], &text[start..end], &text[end..]);
    for edge in [prefix, suffix] {
        let mut code = String::new();
        for c in edge.chars() {
            match c {
                '-' | '−' => negative = true,
                '+' => {}
                c if c.is_whitespace() || is_currency_symbol(c) => {}
                c if c.is_ascii_alphabetic() => code.push(c.to_ascii_lowercase()),
                _ => return None,
            }
        }
        if !code.is_empty() && !CURRENCY_CODES.contains(&code.as_str()) {
            return None;
        }
    }
    let core: String = core.chars().filter(|c| !is_group_char(*c)).collect();
    if !core
        .chars()
        .all(|c| c.is_ascii_digit() || c == '.' || c == ',')
    {
        return None;
    }
    let (whole, fraction) = match decimal_point(&core)? {
        Some(point) => core.rsplit_once(point)?,
        None => (core.as_str(), ""),
    };
    if whole.is_empty() && fraction.is_empty() {
        return None;
    }
    if whole.starts_with(['.', ','])
        || whole.ends_with(['.', ','])
        || whole.contains(",,")
        || whole.contains("..")
    {
        return None;
    }
    let whole_digits: String = whole.chars().filter(char::is_ascii_digit).collect();
    if !fraction.chars().all(|c| c.is_ascii_digit()) || whole_digits.len() > 15 {
        return None;
    }
    let dollars: i64 = if whole_digits.is_empty() {
        0
    } else {
        whole_digits.parse().ok()?
    };
    let digit = |at: usize| {
        fraction
            .as_bytes()
            .get(at)
            .map_or(0, |byte| i64::from(byte - b'0'))
    };
    let cents = dollars * 100 + digit(0) * 10 + digit(1) + i64::from(digit(2) >= 5);
    Some(if negative { -cents } else { cents })
}

/// Currency codes an amount may carry before or after it.
const CURRENCY_CODES: &[&str] = &[
    "usd", "us", "eur", "gbp", "cad", "aud", "chf", "dollars", "dollar",
];

fn is_number_char(c: char) -> bool {
    c.is_ascii_digit() || c == '.' || c == ','
}

fn is_currency_symbol(c: char) -> bool {
    matches!(
        c,
        '$' | '€' | '£' | '¥' | '¢' | '₹' | '₩' | '₽' | '₪' | '₺' | '₱' | '₫'
    )
}

fn is_group_char(c: char) -> bool {
    matches!(c, ' ' | '\u{a0}' | '\u{202f}' | '\u{2009}' | '\'' | '’')
}

/// Which of '.' and ',' is the decimal point of a number made of digits and both: `Some(None)`
/// when there is none, `None` when the separators cannot be read.
fn decimal_point(number: &str) -> Option<Option<char>> {
    let dots = number.matches('.').count();
    let commas = number.matches(',').count();
    match (dots, commas) {
        (0, 0) => Some(None),
        (0, _) | (_, 0) => {
            let separator = if dots > 0 { '.' } else { ',' };
            if dots + commas > 1 {
                return Some(None).filter(|_| groups_of_three(number, separator));
            }
            let (before, after) = number.split_once(separator)?;
            let groups_thousands =
                after.len() == 3 && (1..=3).contains(&before.len()) && before != "0";
            Some(if groups_thousands {
                None
            } else {
                Some(separator)
            })
        }
        _ => {
            let point = if number.rfind('.') > number.rfind(',') {
                '.'
            } else {
                ','
            };
            let grouping = if point == '.' { ',' } else { '.' };
            let (whole, _) = number.rsplit_once(point)?;
            let single_point = number.matches(point).count() == 1;
            (single_point && groups_of_three(whole, grouping)).then_some(Some(point))
        }
    }
}

/// Thousands groups: 1–3 digits, then groups of exactly 3.
fn groups_of_three(whole: &str, separator: char) -> bool {
    let mut groups = whole.split(separator);
    let first = groups.next().unwrap_or("");
    (1..=3).contains(&first.len()) && groups.all(|group| group.len() == 3)
}

/// A date as `YYYY-MM-DD`, from what portals and spreadsheet apps write: ISO ("2026-03-01",
/// "2026-03-01T10:00:00Z", "2026-03-01 10:00:00", the date as written, no time zone applied),
/// US numeric ("3/1/2026", "03/01/2026", "3/1/26"; day first only when the first number cannot
/// be a month, "25/12/2026"), European dotted ("01.03.2026", day first), month names ("Mar 1,
/// 2026", "1 March 2026", "Sunday, March 1 2026 10:00 AM") and Excel serial day numbers (a
/// plain number from 20000 to 80000, days since 1899-12-30). `None` otherwise.
pub fn parse_date(text: &str) -> Option<String> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let date = excel_serial(text)
        .or_else(|| iso(text))
        .or_else(|| numeric(text))
        .or_else(|| worded(text))?;
    Some(format!(
        "{:04}-{:02}-{:02}",
        date.year(),
        u8::from(date.month()),
        date.day()
    ))
}

/// Years a date from a portal can have; anything else is a misread number.
fn calendar_date(year: i32, month: u32, day: u32) -> Option<Date> {
    if !(1900..=2199).contains(&year) || day > 31 {
        return None;
    }
    Date::from_calendar_date(
        year,
        Month::try_from(u8::try_from(month).ok()?).ok()?,
        day as u8,
    )
    .ok()
}

fn excel_serial(text: &str) -> Option<Date> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, "0"));
    let digits = |part: &str| !part.is_empty() && part.chars().all(|c| c.is_ascii_digit());
    if !digits(whole) || !digits(fraction) {
        return None;
    }
    let days: i64 = whole.parse().ok()?;
    if !(20_000..=80_000).contains(&days) {
        return None;
    }
    let epoch = Date::from_calendar_date(1899, Month::December, 30).ok()?;
    epoch.checked_add(Duration::days(days))
}

/// A number written with one of the digit counts `lengths`.
fn number(part: &str, lengths: &[usize]) -> Option<u32> {
    (lengths.contains(&part.len()) && part.chars().all(|c| c.is_ascii_digit()))
        .then(|| part.parse().ok())
        .flatten()
}

fn iso(text: &str) -> Option<Date> {
    let head = text.split(['T', ' ']).next()?;
    let parts: Vec<&str> = head.split(['-', '/', '.']).collect();
    let [year, month, day] = parts.as_slice() else {
        return None;
    };
    calendar_date(
        number(year, &[4])? as i32,
        number(month, &[1, 2])?,
        number(day, &[1, 2])?,
    )
}

fn numeric(text: &str) -> Option<Date> {
    let head = text.split_whitespace().next()?;
    let separator = head.chars().find(|c| matches!(c, '/' | '.' | '-'))?;
    let parts: Vec<&str> = head.split(separator).collect();
    let [first, second, year] = parts.as_slice() else {
        return None;
    };
    let (first, second) = (number(first, &[1, 2])?, number(second, &[1, 2])?);
    let year = match number(year, &[2, 4])? {
        short if year.len() == 2 && short < 70 => 2000 + short,
        short if year.len() == 2 => 1900 + short,
        full => full,
    };
    let day_first = separator == '.' || first > 12;
    let (month, day) = if day_first {
        (second, first)
    } else {
        (first, second)
    };
    calendar_date(year as i32, month, day)
}

const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];
const WEEKDAYS: [&str; 7] = [
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
];
/// Words a worded date may carry besides its month and weekday.
const DATE_FILLERS: &[&str] = &[
    "am", "pm", "utc", "gmt", "z", "at", "of", "the", "on", "tues", "thur", "thurs",
];

fn worded(text: &str) -> Option<Date> {
    let (mut year, mut month, mut day) = (None, None, None);
    let set = |slot: &mut Option<u32>, value: u32| slot.replace(value).is_none();
    for token in text
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | '-' | '/' | '.'))
        .filter(|token| !token.is_empty())
    {
        let token = token.to_lowercase();
        let digits: String = token.chars().take_while(char::is_ascii_digit).collect();
        let rest = &token[digits.len()..];
        let fresh = if token.contains(':') {
            true
        } else if !digits.is_empty() && digits.len() == 4 && rest.is_empty() {
            set(&mut year, digits.parse().ok()?)
        } else if (1..=2).contains(&digits.len()) && matches!(rest, "" | "st" | "nd" | "rd" | "th")
        {
            set(&mut day, digits.parse().ok()?)
        } else if !digits.is_empty() {
            return None;
        } else if let Some(at) = MONTHS.iter().position(|name| {
            token == *name || (token.len() == 3 && name.starts_with(token.as_str()))
        }) {
            set(&mut month, at as u32 + 1)
        } else if token == "sept" {
            set(&mut month, 9)
        } else if WEEKDAYS
            .iter()
            .any(|name| token == *name || (token.len() == 3 && name.starts_with(token.as_str())))
            || DATE_FILLERS.contains(&token.as_str())
        {
            true
        } else {
            return None;
        };
        if !fresh {
            return None;
        }
    }
    calendar_date(year? as i32, month?, day?)
}

/// A cell's text, with formulas read and never run (a CSV from outside can carry any formula):
/// `=HYPERLINK("https://…", "Jane Doe")` reads as its label (or as its target without
/// "mailto:" when it has no label), `="00123"` as its text and `=2500` as its number; every
/// other formula (`=1+2`, `=A1`, `=cmd|…`) reads as empty.
pub fn cell_text(raw: &str) -> String {
    let text = raw.trim();
    let Some(formula) = text.strip_prefix('=') else {
        return text.to_owned();
    };
    let formula = formula.trim();
    if let Some(label) = hyperlink_label(formula) {
        return label;
    }
    if let Some(([Some(literal)], "")) = literals(formula)
        .as_ref()
        .map(|(args, rest)| (args.as_slice(), *rest))
    {
        return literal.trim().to_owned();
    }
    let unsigned = formula.strip_prefix('-').unwrap_or(formula);
    let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    let is_number = !whole.is_empty()
        && whole.chars().all(|c| c.is_ascii_digit())
        && fraction.chars().all(|c| c.is_ascii_digit());
    if is_number {
        formula.to_owned()
    } else {
        String::new()
    }
}

fn hyperlink_label(formula: &str) -> Option<String> {
    let name = formula.get(..10)?;
    if !name.eq_ignore_ascii_case("hyperlink(") {
        return None;
    }
    let (args, rest) = literals(&formula[10..])?;
    if rest.trim() != ")" {
        return None;
    }
    match args.as_slice() {
        [_, Some(label), ..] => Some(label.trim().to_owned()),
        [Some(target), ..] => Some(target.trim().trim_start_matches("mailto:").to_owned()),
        _ => None,
    }
}

/// A formula's comma- or semicolon-separated arguments up to the closing parenthesis (or the
/// end): each a string literal's text (`""` is a quote) or `None` for anything else; with the
/// text after them.
fn literals(text: &str) -> Option<(Vec<Option<String>>, &str)> {
    let mut args = Vec::new();
    let mut rest = text.trim_start();
    loop {
        if let Some(quoted) = rest.strip_prefix('"') {
            let mut literal = String::new();
            let mut chars = quoted.char_indices().peekable();
            let end = loop {
                match chars.next()? {
                    (_, '"') if chars.peek().map(|(_, c)| *c) == Some('"') => {
                        literal.push('"');
                        chars.next();
                    }
                    (at, '"') => break at + 1,
                    (_, c) => literal.push(c),
                }
            };
            args.push(Some(literal));
            rest = quoted[end..].trim_start();
        } else {
            let mut depth = 0usize;
            let end = rest
                .char_indices()
                .find(|(_, c)| {
                    match c {
                        '(' => depth += 1,
                        ')' if depth == 0 => return true,
                        ')' => depth -= 1,
                        ',' | ';' if depth == 0 => return true,
                        _ => {}
                    }
                    false
                })
                .map_or(rest.len(), |(at, _)| at);
            args.push(None);
            rest = rest[end..].trim_start();
        }
        match rest.strip_prefix([',', ';']) {
            Some(next) => rest = next.trim_start(),
            None => return Some((args, rest)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_read_in_every_common_notation_as_cents() {
        for (text, cents) in [
            ("$1,000.00", 100_000),
            ("1,000", 100_000),
            ("1.000,00", 100_000),
            ("1 000,50", 100_050),
            ("1\u{a0}000,50", 100_050),
            ("1'000.50", 100_050),
            ("USD 2,500", 250_000),
            ("2,500 USD", 250_000),
            ("US$2,500", 250_000),
            ("2500", 250_000),
            ("€2.500", 250_000),
            ("2,500", 250_000),
            ("2.500", 250_000),
            ("2500.5", 250_050),
            ("2,500.5", 250_050),
            ("2.500,5", 250_050),
            ("1,234,567.89", 123_456_789),
            ("1.234.567", 123_456_700),
            ("10,5", 1_050),
            ("0.500", 50),
            ("2500.125", 250_013),
            ("2500.124", 250_012),
            ("0", 0),
            (".5", 50),
        ] {
            assert_eq!(parse_amount(text), Some(cents), "{text:?}");
        }
    }

    #[test]
    fn negative_amounts_read_as_negative_so_the_row_can_be_refused() {
        for text in [
            "(250.00)",
            "(250)",
            "-250",
            "-$250",
            "$-250",
            "250-",
            "($250.00)",
        ] {
            assert!(
                parse_amount(text).is_some_and(|cents| cents < 0),
                "{text:?}"
            );
        }
        assert_eq!(parse_amount("(250)"), Some(-25_000));
    }

    #[test]
    fn text_that_is_not_an_amount_is_none() {
        for text in [
            "abc",
            "",
            "-",
            "$",
            "12abc",
            "1,2,3.4.5",
            "1.2.3,4",
            "1,,000",
            "2,50,0",
            "1e5",
            "12 apples",
            "N/A",
        ] {
            assert_eq!(parse_amount(text), None, "{text:?}");
        }
    }

    #[test]
    fn dates_read_as_iso_days_in_every_common_notation() {
        for (text, day) in [
            ("2026-03-01", "2026-03-01"),
            ("2026-03-01T10:00:00Z", "2026-03-01"),
            ("2026-03-01T23:30:00-08:00", "2026-03-01"),
            ("2026-03-01 10:00:00", "2026-03-01"),
            ("2026/3/1", "2026-03-01"),
            ("3/1/2026", "2026-03-01"),
            ("03/01/2026", "2026-03-01"),
            ("3/1/26", "2026-03-01"),
            ("3/1/2026 10:15 AM", "2026-03-01"),
            ("25/12/2026", "2026-12-25"),
            ("01.03.2026", "2026-03-01"),
            ("Mar 1, 2026", "2026-03-01"),
            ("1 March 2026", "2026-03-01"),
            ("March 1 2026", "2026-03-01"),
            ("1-Mar-2026", "2026-03-01"),
            ("Sunday, March 1st, 2026 at 10:00 PM", "2026-03-01"),
            ("Sept 9, 2025", "2025-09-09"),
            ("45658", "2025-01-01"),
            ("45658.75", "2025-01-01"),
        ] {
            assert_eq!(parse_date(text).as_deref(), Some(day), "{text:?}");
        }
    }

    #[test]
    fn garbage_and_impossible_dates_are_none() {
        for text in [
            "garbage",
            "",
            "2026-02-30",
            "13/13/2026",
            "2026",
            "1000",
            "100000",
            "Mar 2026",
            "Foo 1, 2026",
            "1 2 3",
            "3/1/2026/4",
            "Mar 1 2 2026",
        ] {
            assert_eq!(parse_date(text), None, "{text:?}");
        }
    }

    #[test]
    fn status_words_read_as_invested_pending_or_cancelled_and_unknown_words_as_none() {
        use Status::*;
        for (text, status) in [
            ("Confirmed", Invested),
            ("COMPLETE", Invested),
            ("funds_cleared", Invested),
            ("Disbursed", Invested),
            ("", Invested),
            ("Pending", Pending),
            ("Reconfirmation Needed", Pending),
            ("awaiting-funds", Pending),
            ("In Progress", Pending),
            ("Waitlisted", Pending),
            ("Committed", Pending),
            ("Canceled", Cancelled),
            ("Refunded", Cancelled),
            ("Refund pending", Cancelled),
            ("Payment Failed", Cancelled),
            ("Charged back", Cancelled),
            ("VOID", Cancelled),
        ] {
            assert_eq!(parse_status(text), Some(status), "{text:?}");
        }
        for text in ["Unknown", "Not funded", "maybe", "42"] {
            assert_eq!(parse_status(text), None, "{text:?}");
        }
    }

    #[test]
    fn a_hyperlink_formula_reads_as_its_label_and_is_never_run() {
        assert_eq!(
            cell_text("=HYPERLINK(\"https://x.example/i/1\",\"Jane Doe\")"),
            "Jane Doe"
        );
        assert_eq!(
            cell_text(" =hyperlink( \"https://x\" ; \"Say \"\"Hi\"\"\" ) "),
            "Say \"Hi\""
        );
        assert_eq!(cell_text("=HYPERLINK(\"mailto:jane@x.com\")"), "jane@x.com");
        assert_eq!(cell_text("=HYPERLINK(A1, \"Jane\")"), "Jane");
        assert_eq!(cell_text("=HYPERLINK(A1)"), "");
    }

    #[test]
    fn a_text_or_number_formula_reads_as_its_value_and_any_other_formula_as_empty() {
        assert_eq!(cell_text("=\"00123\""), "00123");
        assert_eq!(cell_text("=2500"), "2500");
        assert_eq!(cell_text("=-12.5"), "-12.5");
        for formula in [
            "=1+2",
            "=A1",
            "=SUM(A1:A3)",
            "=cmd|' /C calc'!A0",
            "=",
            "=\"a\"&\"b\"",
        ] {
            assert_eq!(cell_text(formula), "", "{formula:?}");
        }
        assert_eq!(cell_text("  Jane Doe "), "Jane Doe");
        assert_eq!(cell_text("a=b"), "a=b");
    }
}
