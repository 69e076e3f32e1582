//! A sheet's rows as investments: each row read with the mapping, or reported as a problem that
//! names its line and the value at fault.

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};

use crate::crypto::sha256_hex;
use crate::email::EmailAddress;

use super::file::Sheet;
use super::mapping::Mapping;
use super::matching::name_key;
use super::values::{Status, cell_text, parse_amount, parse_date, parse_status};

/// The largest amount one row can hold: $100,000,000, far above any Reg CF investment; more is
/// a misread column (a phone number, an account number).
pub const MAX_AMOUNT_CENTS: u64 = 100_000_000 * 100;
/// The longest display name kept (characters).
pub const MAX_NAME: usize = 200;
/// The longest value a problem quotes (characters).
const MAX_QUOTED: usize = 40;

/// One investment as the portal reports it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct InvestorRow {
    /// The line the founder finds the row on in the file (see [`Sheet::lines`]).
    pub line: usize,
    /// The same for this investment in every import of the same or an updated export (see
    /// [`parse_rows`]): what the founder's confirmations and earlier imports refer to.
    pub identity: String,
    /// The investor's name as the file has it, "" when it has none.
    pub name: String,
    /// Trimmed and lower-cased; `None` when the cell is empty or not an e-mail address.
    pub email: Option<String>,
    pub amount_cents: u64,
    /// `YYYY-MM-DD`.
    pub date: Option<String>,
    pub status: Status,
}

/// A row that was not imported, and why, in words the founder can act on.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Problem {
    pub line: usize,
    pub message: String,
}

#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Parsed {
    pub rows: Vec<InvestorRow>,
    /// In line order, one per row not imported.
    pub problems: Vec<Problem>,
}

/// Reads each data row with the mapping (every cell through [`cell_text`]). A row that cannot be
/// read (amount empty, not a number, negative or above [`MAX_AMOUNT_CENTS`]; date unreadable;
/// status unknown; neither e-mail nor name) is not imported: it becomes one [`Problem`] that
/// names every value at fault ("Line 14: the amount 'abc' is not a number."). No row is dropped
/// without a word, with one exception below.
///
/// Identity: `id:<value>` when the id column is mapped and has a value. Otherwise the first 32
/// hex digits of the SHA-256 of the e-mail (or, without one, the name's [`name_key`]), the
/// amount, the date and how many identical rows came before it in the file: two identical rows
/// are two investments, and the same file gives the same identities on every import. The status
/// is left out, so a row that moves from pending to invested keeps its identity.
///
/// When an id is on more than one row, the last row wins (portals append status changes) and
/// the earlier ones are dropped without a problem, even when the last one is itself a problem:
/// an earlier state is never imported as the current one.
pub fn parse_rows(sheet: &Sheet, mapping: &Mapping) -> Parsed {
    let column = |header: &Option<String>| {
        header
            .as_ref()
            .and_then(|header| sheet.headers.iter().position(|h| h == header))
    };
    let columns = Columns {
        name: column(&mapping.name),
        first_name: column(&mapping.first_name),
        last_name: column(&mapping.last_name),
        email: column(&mapping.email),
        amount: column(&mapping.amount),
        date: column(&mapping.date),
        status: column(&mapping.status),
        id: column(&mapping.id),
    };
    let mut read: Vec<(Option<String>, Result<InvestorRow, Problem>)> =
        Vec::with_capacity(sheet.rows.len());
    let mut seen: HashMap<String, usize> = HashMap::new();
    for (index, cells) in sheet.rows.iter().enumerate() {
        let line = sheet.lines.get(index).copied().unwrap_or(index + 2);
        let cell = |at: Option<usize>| {
            at.and_then(|at| cells.get(at))
                .map(|raw| cell_text(raw))
                .unwrap_or_default()
        };
        let id = Some(cell(columns.id)).filter(|id| !id.is_empty());
        let row = read_row(line, &cell, &columns).map(|mut row| {
            row.identity = match &id {
                Some(id) => format!("id:{id}"),
                None => {
                    let person = row.email.as_ref().map(|email| format!("email:{email}"));
                    let person = person
                        .or_else(|| name_key(&row.name).map(|key| format!("name:{key}")))
                        .unwrap_or_default();
                    let same = format!(
                        "{person}\n{}\n{}",
                        row.amount_cents,
                        row.date.as_deref().unwrap_or("")
                    );
                    let occurrence = seen.entry(same.clone()).or_insert(0);
                    *occurrence += 1;
                    sha256_hex(format!("{same}\n{occurrence}"))[..32].to_owned()
                }
            };
            row
        });
        read.push((id, row));
    }
    let mut later_ids: HashSet<&str> = HashSet::new();
    let mut keep = vec![true; read.len()];
    for (at, (id, _)) in read.iter().enumerate().rev() {
        if let Some(id) = id {
            keep[at] = later_ids.insert(id.as_str());
        }
    }
    let mut parsed = Parsed::default();
    for ((_, row), keep) in read.into_iter().zip(keep) {
        match row {
            _ if !keep => {}
            Ok(row) => parsed.rows.push(row),
            Err(problem) => parsed.problems.push(problem),
        }
    }
    parsed
}

struct Columns {
    name: Option<usize>,
    first_name: Option<usize>,
    last_name: Option<usize>,
    email: Option<usize>,
    amount: Option<usize>,
    date: Option<usize>,
    status: Option<usize>,
    id: Option<usize>,
}

/// One row without its identity, or its problem.
fn read_row(
    line: usize,
    cell: &dyn Fn(Option<usize>) -> String,
    columns: &Columns,
) -> Result<InvestorRow, Problem> {
    let mut faults: Vec<String> = Vec::new();

    let full_name = [cell(columns.first_name), cell(columns.last_name)].join(" ");
    let name = Some(cell(columns.name))
        .filter(|name| !name.is_empty())
        .unwrap_or(full_name);
    let name: String = name
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(MAX_NAME)
        .collect();
    let email_text = cell(columns.email);
    let email = EmailAddress::parse(&email_text)
        .ok()
        .map(|email| email.as_str().to_owned());
    if email.is_none() && name_key(&name).is_none() {
        faults.push(if email_text.is_empty() {
            "there is neither an e-mail nor a name".to_owned()
        } else {
            format!(
                "{} is not an e-mail address and there is no name",
                quoted("", &email_text)
            )
        });
    }

    let amount_text = cell(columns.amount);
    let amount = parse_amount(&amount_text);
    let amount_cents = match amount {
        _ if amount_text.is_empty() => {
            faults.push("the amount is empty".to_owned());
            0
        }
        None => {
            faults.push(format!(
                "{} is not a number",
                quoted("the amount ", &amount_text)
            ));
            0
        }
        Some(cents) if cents < 0 => {
            faults.push(format!(
                "{} is negative",
                quoted("the amount ", &amount_text)
            ));
            0
        }
        Some(cents) if cents as u64 > MAX_AMOUNT_CENTS => {
            faults.push(format!(
                "{} is more than $100,000,000",
                quoted("the amount ", &amount_text)
            ));
            0
        }
        Some(cents) => cents as u64,
    };

    let date_text = cell(columns.date);
    let date = parse_date(&date_text);
    if date.is_none() && !date_text.is_empty() {
        faults.push(format!(
            "{} is not a date (write it as 2026-03-01, for example)",
            quoted("the date ", &date_text)
        ));
    }

    let status_text = cell(columns.status);
    let status = parse_status(&status_text).unwrap_or_else(|| {
        faults.push(format!(
            "{} is not one the import knows (such as Confirmed, Pending or Refunded)",
            quoted("the status ", &status_text)
        ));
        Status::Invested
    });

    if !faults.is_empty() {
        return Err(Problem {
            line,
            message: format!("Line {line}: {}.", faults.join("; ")),
        });
    }
    Ok(InvestorRow {
        line,
        identity: String::new(),
        name,
        email,
        amount_cents,
        date,
        status,
    })
}

/// `what 'value'`, the value cut to [`MAX_QUOTED`] characters.
fn quoted(what: &str, value: &str) -> String {
    let mut shown: String = value.chars().take(MAX_QUOTED).collect();
    if shown.len() < value.len() {
        shown.push('…');
    }
    format!("{what}'{shown}'")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet(headers: &str, rows: &[&str]) -> Sheet {
        let split = |line: &str| line.split('|').map(str::to_owned).collect::<Vec<_>>();
        Sheet {
            headers: split(headers),
            rows: rows.iter().map(|row| split(row)).collect(),
            lines: (2..rows.len() + 2).collect(),
        }
    }

    fn mapping(headers: &str) -> Mapping {
        Mapping::guess(&sheet(headers, &[]).headers)
    }

    const HEADERS: &str = "Name|Email|Amount|Date|Status";

    #[test]
    fn rows_read_with_the_mapping_into_investments() {
        let file = sheet(
            HEADERS,
            &[
                "  Jane   Doe |Jane@X.com |$1,000.00|3/1/2026|Confirmed",
                "Bob|not an email|250|  |",
                "|bo@x.com|(0)|2026-03-02|Pending",
            ],
        );
        let parsed = parse_rows(&file, &mapping(HEADERS));
        assert!(parsed.problems.is_empty(), "{:?}", parsed.problems);
        let [jane, bob, bo] = parsed.rows.as_slice() else {
            panic!("three rows: {:?}", parsed.rows)
        };
        assert_eq!(
            (jane.line, jane.name.as_str(), jane.email.as_deref()),
            (2, "Jane Doe", Some("jane@x.com"))
        );
        assert_eq!(
            (jane.amount_cents, jane.date.as_deref(), jane.status),
            (100_000, Some("2026-03-01"), Status::Invested)
        );
        assert_eq!(
            (bob.email.as_deref(), bob.date.as_deref(), bob.status),
            (None, None, Status::Invested),
            "a bad e-mail beside a name is left out"
        );
        assert_eq!(
            (bo.name.as_str(), bo.amount_cents, bo.status),
            ("", 0, Status::Pending)
        );
    }

    #[test]
    fn first_and_last_names_make_the_name_when_there_is_no_name_column() {
        let headers = "First Name|Last Name|Amount";
        let parsed = parse_rows(
            &sheet(headers, &["Jane|Doe|5", "|Roe|5"]),
            &mapping(headers),
        );
        let names: Vec<&str> = parsed.rows.iter().map(|row| row.name.as_str()).collect();
        assert_eq!(names, ["Jane Doe", "Roe"]);
    }

    #[test]
    fn a_row_that_cannot_be_read_is_a_problem_naming_its_line_and_values() {
        let file = sheet(
            HEADERS,
            &[
                "Jane|jane@x.com|abc||",
                "Jane|jane@x.com|-5||",
                "Jane|jane@x.com|(250)||",
                "Jane|jane@x.com|100,000,000.01||",
                "Jane|jane@x.com|||",
                "Jane|jane@x.com|5|yesterday|",
                "Jane|jane@x.com|5||Maybe",
                "||5||",
                "|nope|5||",
                "|jane@x.com|abc|soon|Unknown",
                "Ok|ok@x.com|100000000||",
            ],
        );
        let parsed = parse_rows(&file, &mapping(HEADERS));
        let messages: Vec<&str> = parsed
            .problems
            .iter()
            .map(|problem| problem.message.as_str())
            .collect();
        assert_eq!(
            messages,
            [
                "Line 2: the amount 'abc' is not a number.",
                "Line 3: the amount '-5' is negative.",
                "Line 4: the amount '(250)' is negative.",
                "Line 5: the amount '100,000,000.01' is more than $100,000,000.",
                "Line 6: the amount is empty.",
                "Line 7: the date 'yesterday' is not a date (write it as 2026-03-01, for example).",
                "Line 8: the status 'Maybe' is not one the import knows (such as Confirmed, Pending or Refunded).",
                "Line 9: there is neither an e-mail nor a name.",
                "Line 10: 'nope' is not an e-mail address and there is no name.",
                "Line 11: the amount 'abc' is not a number; the date 'soon' is not a date (write it as 2026-03-01, for example); the status 'Unknown' is not one the import knows (such as Confirmed, Pending or Refunded).",
            ]
        );
        assert_eq!(
            parsed
                .problems
                .iter()
                .map(|problem| problem.line)
                .collect::<Vec<_>>(),
            (2..=11).collect::<Vec<_>>()
        );
        assert_eq!(
            parsed.rows.len(),
            1,
            "rows are imported or reported, never both, never neither"
        );
        assert_eq!(parsed.rows[0].amount_cents, MAX_AMOUNT_CENTS);
    }

    #[test]
    fn a_long_value_is_quoted_cut() {
        let long = "x".repeat(100);
        let parsed = parse_rows(
            &sheet(HEADERS, &[&format!("Jane||{long}||")]),
            &mapping(HEADERS),
        );
        assert_eq!(
            parsed.problems[0].message,
            format!("Line 2: the amount '{}…' is not a number.", "x".repeat(40))
        );
    }

    #[test]
    fn every_cell_is_read_as_text_and_formulas_are_never_run() {
        let parsed = parse_rows(
            &sheet(
                HEADERS,
                &[
                    "=HYPERLINK(\"https://portal.example/i/7\",\"Jane Doe\")|=\"jane@x.com\"|=2500|=TODAY()|=A1",
                ],
            ),
            &mapping(HEADERS),
        );
        assert!(parsed.problems.is_empty(), "{:?}", parsed.problems);
        let row = &parsed.rows[0];
        assert_eq!(
            (row.name.as_str(), row.email.as_deref(), row.amount_cents),
            ("Jane Doe", Some("jane@x.com"), 250_000)
        );
        assert_eq!((row.date.as_deref(), row.status), (None, Status::Invested));
    }

    #[test]
    fn the_same_file_gives_the_same_identities_and_identical_rows_are_two_investments() {
        let file = sheet(
            HEADERS,
            &[
                "Jane|jane@x.com|500|2026-03-01|",
                "Jane|jane@x.com|500|2026-03-01|",
                "Jane Doe|jane@x.com|500|2026-03-01|Pending",
                "Bob||500||",
            ],
        );
        let first = parse_rows(&file, &mapping(HEADERS));
        let again = parse_rows(&file, &mapping(HEADERS));
        assert_eq!(first, again);
        let identities: Vec<&str> = first.rows.iter().map(|row| row.identity.as_str()).collect();
        assert_eq!(identities.len(), 4);
        assert_ne!(
            identities[0], identities[1],
            "two identical rows are two investments"
        );
        assert_eq!(identities[0].len(), 32);
        assert!(
            identities
                .iter()
                .all(|identity| identity.chars().all(|c| c.is_ascii_hexdigit()))
        );
        // The name and the status are not part of it: the third row is the same person's
        // third identical investment, whatever the portal calls them today.
        // SHA-256 of "email:jane@x.com\n50000\n2026-03-01\n3" and of "name:bob\n50000\n\n1".
        assert_eq!(identities[2], "0f57352455dba95de4317b809804b702");
        assert_eq!(identities[3], "073b0e89daa945097c9430b0e31c815f");
    }

    #[test]
    fn an_id_column_gives_the_identity_and_the_last_row_of_an_id_wins() {
        let headers = "Investment ID|Email|Amount|Status";
        let file = sheet(
            headers,
            &[
                "A-1|jane@x.com|500|Pending",
                "A-2|bob@x.com|300|",
                "A-1|jane@x.com|500|Confirmed",
                "|ann@x.com|100|",
                "A-2|bob@x.com|300|Huh",
            ],
        );
        let parsed = parse_rows(&file, &mapping(headers));
        let rows: Vec<(&str, usize, Status)> = parsed
            .rows
            .iter()
            .map(|row| (row.identity.as_str(), row.line, row.status))
            .collect();
        assert_eq!(rows[..1], [("id:A-1", 4, Status::Invested)]);
        assert_eq!(rows.len(), 2);
        assert_eq!(
            rows[1].1, 5,
            "a row without an id is identified by its content"
        );
        assert!(!rows[1].0.starts_with("id:"));
        assert_eq!(
            parsed.problems.len(),
            1,
            "the last A-2 is a problem, and the earlier A-2 is not imported in its place"
        );
        assert_eq!(parsed.problems[0].line, 6);
    }

    #[test]
    fn a_hand_built_sheet_without_lines_counts_lines_below_the_header() {
        let mut file = sheet(HEADERS, &["Jane|jane@x.com|5||"]);
        file.lines.clear();
        assert_eq!(parse_rows(&file, &mapping(HEADERS)).rows[0].line, 2);
    }
}
