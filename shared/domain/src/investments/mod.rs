//! Importing a funding portal's investor export (Wefunder, Republic, StartEngine, DealMaker,
//! Netcapital...) and matching its rows to the founder's leads: the pure rules, no I/O.
//!
//! The steps, in the order the import runs them:
//! 1. [`sniff`] and [`read_sheet`]: the uploaded bytes become a [`Sheet`] of text cells, whatever
//!    the portal wrote (CSV with any common delimiter and encoding, or XLSX).
//! 2. [`Mapping`]: which column holds what, guessed from the headers or remembered from the
//!    founder's last import from the same portal.
//! 3. [`parse_rows`]: each row becomes an [`InvestorRow`] or a [`Problem`] naming the line and
//!    the value, so no row is ever lost without the founder seeing why.
//! 4. [`match_rows`]: each row is matched to a lead by e-mail, by the founder's earlier
//!    confirmation, or suggested by name.
//!
//! A portal file is input from outside: a cell is text to read, never a formula to run
//! ([`cell_text`]).

mod file;
mod mapping;
mod matching;
mod rows;
mod values;

pub use file::{FileKind, MAX_COLUMNS, MAX_ROWS, Sheet, read_sheet, sniff};
pub use mapping::Mapping;
pub use matching::{LeadRef, Match, MatchOptions, email_key, match_rows, name_key};
pub use rows::{InvestorRow, MAX_AMOUNT_CENTS, MAX_NAME, Parsed, Problem, parse_rows};
pub use values::{Status, cell_text, parse_amount, parse_date, parse_status};
