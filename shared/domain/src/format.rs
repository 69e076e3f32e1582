//! Numbers as founders read them in generated text (insights, Sparky, vault snapshots), and
//! the CSV cells of every export (the leads CSV, the exhibit pack's manifest).

/// `1412500` → `1,412,500`
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `1412500` → `$1,412,500` (whole dollars).
pub fn usd(dollars: u64) -> String {
    format!("${}", grouped(dollars))
}

/// One CSV cell (RFC 4180), quoted when it needs to be, with what a spreadsheet would run as a
/// formula (`=`, `+`, `-`, `@`, tab, carriage return first) neutralised by a leading `'`.
pub fn csv_cell(value: &str) -> String {
    let neutral = if value.starts_with(['=', '+', '-', '@', '\t', '\r']) { format!("'{value}") } else { value.to_owned() };
    if neutral.contains([',', '"', '\r', '\n']) || neutral.starts_with(' ') || neutral.ends_with(' ') {
        format!("\"{}\"", neutral.replace('"', "\"\""))
    } else {
        neutral
    }
}

/// One CSV record, CRLF-terminated (RFC 4180).
pub fn csv_record<'a>(cells: impl IntoIterator<Item = &'a str>) -> String {
    let mut line = cells.into_iter().map(csv_cell).collect::<Vec<_>>().join(",");
    line.push_str("\r\n");
    line
}

/// The numbers a text states ('$1,412,500' → '1412500', '38%' → '38', '4.5' → '4.5').
pub fn numbers_in(text: &str) -> Vec<String> {
    let mut numbers = Vec::new();
    let mut current = String::new();
    let chars: Vec<char> = text.chars().collect();
    for (i, c) in chars.iter().enumerate() {
        let next_is_digit = chars.get(i + 1).is_some_and(char::is_ascii_digit);
        if c.is_ascii_digit() {
            current.push(*c);
        } else if (*c == ',' || *c == '.') && !current.is_empty() && next_is_digit {
            if *c == '.' {
                current.push('.');
            }
        } else if !current.is_empty() {
            numbers.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        numbers.push(current);
    }
    numbers
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_written() {
        assert_eq!(numbers_in("Investors indicated $1,412,500 across 40 leads (38%), 4.5x. Done."), ["1412500", "40", "38", "4.5"]);
        assert_eq!(numbers_in("in the $10,000 to $25,000 range."), ["10000", "25000"]);
        assert_eq!(numbers_in("no numbers"), Vec::<String>::new());
    }

    #[test]
    fn csv_cells_are_quoted_as_rfc_4180_says() {
        assert_eq!(csv_cell("plain"), "plain");
        assert_eq!(csv_cell("a,b"), "\"a,b\"");
        assert_eq!(csv_cell("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_cell("two\nlines"), "\"two\nlines\"");
        assert_eq!(csv_cell(" padded "), "\" padded \"");
        assert_eq!(csv_cell(""), "");
        assert_eq!(csv_record(["a", "b,c", ""]), "a,\"b,c\",\r\n");
    }

    #[test]
    fn csv_formulas_are_neutralised() {
        assert_eq!(csv_cell("=HYPERLINK(\"http://evil\")"), "\"'=HYPERLINK(\"\"http://evil\"\")\"");
        assert_eq!(csv_cell("+1 555 0100"), "'+1 555 0100");
        assert_eq!(csv_cell("-2+3"), "'-2+3");
        assert_eq!(csv_cell("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(csv_cell("\t=1"), "'\t=1");
        assert_eq!(csv_cell("a=b"), "a=b");
    }

    #[test]
    fn thousands_are_grouped_with_commas() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1_000), "1,000");
        assert_eq!(usd(1_412_500), "$1,412,500");
        assert_eq!(usd(u64::MAX), "$18,446,744,073,709,551,615");
    }
}
