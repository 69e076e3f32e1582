//! The uploaded file as a table of text: recognised by its bytes (founders rename files, portals
//! name them oddly), then read as CSV or as the first sheet of an XLSX workbook.

use std::borrow::Cow;
use std::io::Cursor;

use calamine::{DataRef, Reader, Xlsx};

use crate::invalid::Invalid;

use super::values::parse_date;

/// The most data rows one import reads: far above any Reg CF raise's investor count, low enough
/// that one file cannot exhaust the function's memory.
pub const MAX_ROWS: usize = 200_000;
/// Cells further right than this are not read: an export has a few dozen columns, and a single
/// stray cell in column XFD must not make every row 16,384 cells wide.
pub const MAX_COLUMNS: usize = 1_000;

/// How many records the delimiter is guessed from: enough to reach a header below a title block.
const SNIFF_RECORDS: usize = 20;
const DELIMITERS: [u8; 4] = [b',', b';', b'\t', b'|'];
const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Csv,
    Xlsx,
}

/// A file's table: the header row's cells and the data rows below it, every cell trimmed text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Sheet {
    pub headers: Vec<String>,
    /// Rows with every cell empty are left out; a row may be shorter or longer than `headers`.
    pub rows: Vec<Vec<String>>,
    /// The line each row is on as the founder finds it in the file (a spreadsheet app's row
    /// number, the header and any title lines counted; for CSV the line a record starts on), so
    /// a problem can say where to look. Same length as `rows`.
    pub lines: Vec<usize>,
}

/// Recognises the file by its bytes, not its name. XLSX is a ZIP holding `xl/workbook.xml`.
/// CSV is text: UTF-8 with or without BOM, UTF-16 with a BOM (Excel's "Unicode Text"), or else
/// Windows-1252 (old Excel on Windows), with no control bytes besides tab, CR and LF. Anything
/// else (PDF, images, old binary `.xls`, other ZIPs, web pages saved as `.csv`) is refused.
pub fn sniff(bytes: &[u8]) -> Result<FileKind, Invalid> {
    Ok(match classify(bytes)? {
        Content::Xlsx => FileKind::Xlsx,
        Content::Text(_) => FileKind::Csv,
    })
}

/// Reads the table of the first sheet of an XLSX, or of a CSV. The header row is the first row
/// with at least two non-empty cells: portals sometimes put a title line above it. A CSV's
/// delimiter is whichever of `,` `;` tab `|` splits its header into the most fields (on a tie,
/// the one whose header comes first, then that order); quoted fields may hold delimiters,
/// newlines and `""`. XLSX cells read as their values (a formula as its cached result): whole
/// numbers without ".0", dates as `YYYY-MM-DD`, errors such as `#N/A` as empty.
pub fn read_sheet(bytes: &[u8]) -> Result<Sheet, Invalid> {
    match classify(bytes)? {
        Content::Xlsx => read_xlsx(bytes),
        Content::Text(text) => read_csv(&text),
    }
}

fn empty_file() -> Invalid {
    Invalid::new(
        "empty_file",
        "This file is empty. Export the investors from your portal again.",
    )
}

fn not_a_spreadsheet() -> Invalid {
    Invalid::new(
        "not_a_spreadsheet",
        "This file is not a CSV or Excel (XLSX) file. Export the investor list from your portal as CSV or XLSX.",
    )
}

fn unreadable_xlsx() -> Invalid {
    Invalid::new(
        "unreadable_file",
        "This Excel file could not be read. Save it again as XLSX or CSV and import that.",
    )
}

fn too_many_rows() -> Invalid {
    Invalid::new(
        "too_many_rows",
        "This file has more than 200,000 rows. Split it into smaller files and import each of them.",
    )
}

fn no_header_row() -> Invalid {
    Invalid::new(
        "no_header_row",
        "This file has no header row naming its columns (such as Name, Email, Amount). Export the investors from your portal again.",
    )
}

enum Content<'a> {
    Xlsx,
    Text(Cow<'a, str>),
}

fn classify(bytes: &[u8]) -> Result<Content<'_>, Invalid> {
    let body = bytes.strip_prefix(UTF8_BOM).unwrap_or(bytes);
    if body.iter().all(u8::is_ascii_whitespace) {
        return Err(empty_file());
    }
    if bytes.starts_with(b"PK\x03\x04") {
        // The part names of a ZIP are stored uncompressed in its headers.
        let is_workbook = bytes
            .windows(b"xl/workbook.xml".len())
            .any(|window| window == b"xl/workbook.xml");
        return if is_workbook {
            Ok(Content::Xlsx)
        } else {
            Err(not_a_spreadsheet())
        };
    }
    if bytes.starts_with(b"PK") || bytes.starts_with(b"%PDF") {
        return Err(not_a_spreadsheet());
    }
    let text = decode_text(body).ok_or_else(not_a_spreadsheet)?;
    // Old DOS tools end text with Ctrl-Z; it is the end of the file, not binary content.
    let text = match text {
        Cow::Borrowed(text) => Cow::Borrowed(text.trim_end_matches('\u{1a}')),
        Cow::Owned(text) => Cow::Owned(text.trim_end_matches('\u{1a}').to_owned()),
    };
    if text.trim().is_empty() {
        return Err(empty_file());
    }
    if text
        .chars()
        .any(|c| c.is_ascii_control() && !matches!(c, '\t' | '\r' | '\n'))
    {
        return Err(not_a_spreadsheet());
    }
    let start: String = text
        .trim_start()
        .chars()
        .take(9)
        .collect::<String>()
        .to_ascii_lowercase();
    if ["<!doctype", "<html", "<?xml"]
        .iter()
        .any(|markup| start.starts_with(markup))
    {
        return Err(not_a_spreadsheet());
    }
    Ok(Content::Text(text))
}

/// The text of a file without its UTF-8 BOM: UTF-16 when it starts with that BOM, UTF-8 when it
/// is valid UTF-8, else Windows-1252. `None` for binary content (NUL bytes outside UTF-16).
fn decode_text(body: &[u8]) -> Option<Cow<'_, str>> {
    let utf16 = |rest: &[u8], unit: fn([u8; 2]) -> u16| {
        if !rest.len().is_multiple_of(2) {
            return None;
        }
        let units = rest.chunks_exact(2).map(|pair| unit([pair[0], pair[1]]));
        char::decode_utf16(units)
            .collect::<Result<String, _>>()
            .ok()
            .map(Cow::Owned)
    };
    if let Some(rest) = body.strip_prefix(b"\xFF\xFE") {
        return utf16(rest, u16::from_le_bytes);
    }
    if let Some(rest) = body.strip_prefix(b"\xFE\xFF") {
        return utf16(rest, u16::from_be_bytes);
    }
    if body.contains(&0) {
        return None;
    }
    match std::str::from_utf8(body) {
        Ok(text) => Some(Cow::Borrowed(text)),
        Err(_) => Some(Cow::Owned(
            body.iter().map(|&byte| windows_1252(byte)).collect(),
        )),
    }
}

/// A Windows-1252 byte as a character: Latin-1, except 0x80–0x9F, which hold € ‚ ƒ „ … and the
/// typographic quotes Excel writes (the five unassigned bytes stay their Latin-1 code points).
fn windows_1252(byte: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž',
        '\u{8f}', '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}',
        'ž', 'Ÿ',
    ];
    match byte {
        0x80..=0x9F => HIGH[usize::from(byte - 0x80)],
        _ => char::from(byte),
    }
}

/// Rows as they are read, in order: finds the header row, skips empty rows, enforces
/// [`MAX_ROWS`]. Shared by the CSV and XLSX readers so both follow the same rules.
#[derive(Default)]
struct SheetBuilder {
    sheet: Option<Sheet>,
}

impl SheetBuilder {
    fn push(&mut self, line: usize, mut cells: Vec<String>) -> Result<(), Invalid> {
        while cells.last().is_some_and(String::is_empty) {
            cells.pop();
        }
        let filled = cells.iter().filter(|cell| !cell.is_empty()).count();
        match &mut self.sheet {
            None if filled >= 2 => {
                self.sheet = Some(Sheet {
                    headers: cells,
                    ..Sheet::default()
                })
            }
            None => {}
            Some(_) if filled == 0 => {}
            Some(sheet) if sheet.rows.len() == MAX_ROWS => return Err(too_many_rows()),
            Some(sheet) => {
                sheet.rows.push(cells);
                sheet.lines.push(line);
            }
        }
        Ok(())
    }

    fn finish(self) -> Result<Sheet, Invalid> {
        self.sheet.ok_or_else(no_header_row)
    }
}

fn csv_reader(text: &str, delimiter: u8) -> csv::Reader<&[u8]> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(delimiter)
        .from_reader(text.as_bytes())
}

fn read_csv(text: &str) -> Result<Sheet, Invalid> {
    let delimiter = guess_delimiter(text);
    let mut sheet = SheetBuilder::default();
    let mut lines = LineCounter::default();
    for record in csv_reader(text, delimiter).records() {
        // The text is valid UTF-8 and read from memory: the reader has nothing left to fail on.
        let record = record.map_err(|_| not_a_spreadsheet())?;
        let line = lines.line_at(
            text.as_bytes(),
            record
                .position()
                .map_or(0, |position| position.byte() as usize),
        );
        sheet.push(
            line,
            record
                .iter()
                .take(MAX_COLUMNS)
                .map(|cell| cell.trim().to_owned())
                .collect(),
        )?;
    }
    sheet.finish()
}

/// The line a record starts on, counted from its byte offset: the csv crate's own line count
/// misses the LF of CRLF endings, and old Mac files end lines with a lone CR.
#[derive(Default)]
struct LineCounter {
    offset: usize,
    line: usize,
}

impl LineCounter {
    /// Offsets must not decrease between calls.
    fn line_at(&mut self, text: &[u8], offset: usize) -> usize {
        // A record's offset can point at the end of the previous record's line break.
        let start = offset
            + text[offset.min(text.len())..]
                .iter()
                .take_while(|byte| matches!(byte, b'\r' | b'\n'))
                .count();
        let start = start.min(text.len());
        for at in self.offset..start {
            let is_break =
                text[at] == b'\n' || (text[at] == b'\r' && text.get(at + 1) != Some(&b'\n'));
            self.line += usize::from(is_break);
        }
        self.offset = self.offset.max(start);
        self.line + 1
    }
}

/// The delimiter that splits the header into the most non-empty fields; on a tie, the one whose
/// header comes first (so commas inside a tab-separated file's names do not win), then the
/// order of [`DELIMITERS`].
fn guess_delimiter(text: &str) -> u8 {
    let mut best = (DELIMITERS[0], 0, usize::MAX);
    for delimiter in DELIMITERS {
        let header = csv_reader(text, delimiter)
            .records()
            .take(SNIFF_RECORDS)
            .map_while(Result::ok)
            .map(|record| record.iter().filter(|cell| !cell.trim().is_empty()).count())
            .enumerate()
            .find(|(_, fields)| *fields >= 2);
        if let Some((at, fields)) = header
            && (fields > best.1 || (fields == best.1 && at < best.2))
        {
            best = (delimiter, fields, at);
        }
    }
    best.0
}

/// Streams the first sheet's cells, so a huge sheet is refused at row [`MAX_ROWS`] + 1 instead
/// of being held in memory whole.
fn read_xlsx(bytes: &[u8]) -> Result<Sheet, Invalid> {
    let mut workbook: Xlsx<_> = Xlsx::new(Cursor::new(bytes)).map_err(|_| unreadable_xlsx())?;
    let first = workbook
        .sheet_names()
        .into_iter()
        .next()
        .ok_or_else(unreadable_xlsx)?;
    let mut cells = workbook
        .worksheet_cells_reader(&first)
        .map_err(|_| unreadable_xlsx())?;
    let mut sheet = SheetBuilder::default();
    let mut row: Option<(u32, Vec<String>)> = None;
    while let Some(cell) = cells.next_cell().map_err(|_| unreadable_xlsx())? {
        let (at, column) = cell.get_position();
        if row.as_ref().is_some_and(|(current, _)| *current != at)
            && let Some((current, done)) = row.take()
        {
            sheet.push(current as usize + 1, done)?;
        }
        let column = column as usize;
        if column >= MAX_COLUMNS {
            continue;
        }
        let (_, values) = row.get_or_insert_with(|| (at, Vec::new()));
        if values.len() <= column {
            values.resize(column + 1, String::new());
        }
        values[column] = xlsx_text(cell.get_value());
    }
    if let Some((current, done)) = row {
        sheet.push(current as usize + 1, done)?;
    }
    sheet.finish()
}

fn xlsx_text(value: &DataRef<'_>) -> String {
    match value {
        DataRef::Int(number) => number.to_string(),
        DataRef::Float(number) => number_text(*number),
        DataRef::String(text) => text.trim().to_owned(),
        DataRef::SharedString(text) => text.trim().to_owned(),
        DataRef::Bool(true) => "TRUE".to_owned(),
        DataRef::Bool(false) => "FALSE".to_owned(),
        DataRef::DateTime(date) if date.is_datetime() => {
            let (year, month, day, ..) = date.to_ymd_hms_milli();
            format!("{year:04}-{month:02}-{day:02}")
        }
        DataRef::DateTime(duration) => number_text(duration.as_f64()),
        DataRef::DateTimeIso(text) => parse_date(text).unwrap_or_else(|| text.trim().to_owned()),
        DataRef::DurationIso(text) => text.trim().to_owned(),
        DataRef::Error(_) | DataRef::Empty => String::new(),
    }
}

/// A number as a spreadsheet shows it: whole numbers without ".0", others without binary noise
/// (`2750.0000000000005` reads `2750`).
fn number_text(number: f64) -> String {
    if !number.is_finite() {
        return String::new();
    }
    if number.fract() == 0.0 && number.abs() < 1e15 {
        return format!("{}", number as i64);
    }
    let text = format!("{number:.9}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet(text: &str) -> Sheet {
        read_sheet(text.as_bytes()).unwrap()
    }

    fn sheet_of(bytes: &[u8]) -> Sheet {
        read_sheet(bytes).unwrap()
    }

    fn refusal(bytes: &[u8]) -> String {
        read_sheet(bytes).unwrap_err().code.into_owned()
    }

    #[test]
    fn a_bom_and_semicolons_read_as_the_same_table() {
        let comma = sheet("Name,Email,Amount\nJane Doe,jane@x.com,\"1,000.00\"\n");
        let semicolon = sheet("\u{feff}Name;Email;Amount\r\nJane Doe;jane@x.com;1,000.00\r\n");
        assert_eq!(comma, semicolon);
        assert_eq!(semicolon.headers, ["Name", "Email", "Amount"]);
        assert_eq!(semicolon.rows, [["Jane Doe", "jane@x.com", "1,000.00"]]);
        assert_eq!(semicolon.lines, [2]);
    }

    #[test]
    fn a_tab_delimited_file_is_read_even_when_its_names_hold_commas() {
        let table = sheet("Name\tEmail\tAmount\nDoe, Jane\tjane@x.com\t1,000.00\n");
        assert_eq!(table.headers, ["Name", "Email", "Amount"]);
        assert_eq!(table.rows, [["Doe, Jane", "jane@x.com", "1,000.00"]]);
    }

    #[test]
    fn a_pipe_delimited_file_is_read() {
        assert_eq!(sheet("Name|Amount\nJane|5\n").rows, [["Jane", "5"]]);
    }

    #[test]
    fn a_quoted_newline_stays_inside_its_name_and_lines_count_from_where_records_start() {
        let table =
            sheet("Name,Amount\n\"Jane\nDoe\",\"1,000\"\n\"Say \"\"Hi\"\"\",5\n\n,\nBob,7\n");
        assert_eq!(
            table.rows,
            [
                vec!["Jane\nDoe", "1,000"],
                vec!["Say \"Hi\"", "5"],
                vec!["Bob", "7"]
            ]
        );
        assert_eq!(
            table.lines,
            [2, 4, 7],
            "the empty line and the row of empty cells are skipped"
        );
        for ending in ["\r\n", "\r"] {
            let table = sheet(&["Name,Amount", "\"Jane", "Doe\",5", "", "Bob,7", ""].join(ending));
            assert_eq!(table.lines, [2, 5], "{ending:?}");
        }
    }

    #[test]
    fn a_title_line_above_the_header_is_skipped() {
        let table = sheet(
            "Investors of Acme, Inc.\n\nName;Email;Amount;Date\nJane;jane@x.com;1.000,00;01.03.2026\n",
        );
        assert_eq!(table.headers, ["Name", "Email", "Amount", "Date"]);
        assert_eq!(
            table.rows,
            [["Jane", "jane@x.com", "1.000,00", "01.03.2026"]]
        );
        assert_eq!(table.lines, [4]);
    }

    #[test]
    fn a_header_only_file_has_no_rows_and_is_not_refused() {
        let table = sheet("Name,Email,Amount\n");
        assert_eq!(table.headers, ["Name", "Email", "Amount"]);
        assert!(table.rows.is_empty() && table.lines.is_empty());
    }

    #[test]
    fn an_empty_file_or_only_a_bom_or_blank_lines_is_empty() {
        for bytes in [&b""[..], b"\xEF\xBB\xBF", b" \r\n\r\n\t", b"\xFF\xFE"] {
            let refused = sniff(bytes).unwrap_err();
            assert_eq!(refused.code, "empty_file", "{bytes:?}");
            assert_eq!(
                refused.message,
                "This file is empty. Export the investors from your portal again."
            );
            assert_eq!(refusal(bytes), "empty_file");
        }
    }

    #[test]
    fn binaries_renamed_csv_and_zips_that_are_not_workbooks_are_not_spreadsheets() {
        let png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01";
        let pdf = b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n";
        let old_xls = b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1\x00\x00";
        let nul = b"Name,Amount\nJane,\x005\n";
        let zip = b"PK\x03\x04\x14\x00\x00\x00\x08\x00\x00\x00\x00\x00notes/hello.txt";
        let odt = b"PK\x03\x04\x14\x00\x00\x00\x00\x00mimetypeapplication/vnd.oasis.opendocument.spreadsheet";
        let html =
            b"\n<!DOCTYPE html><html><table><tr><td>Name</td><td>Amount</td></tr></table></html>";
        for bytes in [&png[..], pdf, old_xls, nul, zip, odt, html] {
            let refused = sniff(bytes).unwrap_err();
            assert_eq!(refused.code, "not_a_spreadsheet", "{bytes:?}");
            assert_eq!(
                refused.message,
                "This file is not a CSV or Excel (XLSX) file. Export the investor list from your portal as CSV or XLSX."
            );
        }
    }

    #[test]
    fn windows_1252_and_utf16_text_read_as_their_characters() {
        assert_eq!(
            sniff(b"Name,Amount\nRen\xE9e,\x805\n").unwrap(),
            FileKind::Csv
        );
        assert_eq!(
            sheet_of(b"Name,Amount\nRen\xE9e \x93R\x94,\x805\n").rows,
            [["Renée “R”", "€5"]]
        );
        let utf16: Vec<u8> = b"\xFF\xFE"
            .iter()
            .copied()
            .chain(
                "Name\tAmount\r\nZoë\t5\r\n"
                    .encode_utf16()
                    .flat_map(u16::to_le_bytes),
            )
            .collect();
        assert_eq!(sheet_of(&utf16).rows, [["Zoë", "5"]]);
        assert_eq!(
            sheet_of(b"Name,Amount\r\nJane,5\r\n\x1a").rows,
            [["Jane", "5"]],
            "a DOS end-of-file mark is no binary"
        );
    }

    #[test]
    fn a_file_without_a_row_of_two_cells_has_no_header_row() {
        assert_eq!(refusal(b"just some notes\nmore notes\n"), "no_header_row");
    }

    #[test]
    fn more_than_max_rows_is_too_many_rows_and_max_rows_is_not() {
        let mut text = String::with_capacity(12 + 4 * (MAX_ROWS + 1));
        text.push_str("Name,Amount\n");
        for _ in 0..MAX_ROWS {
            text.push_str("a,1\n");
        }
        assert_eq!(sheet(&text).rows.len(), MAX_ROWS);
        text.push_str("a,1\n");
        let refused = read_sheet(text.as_bytes()).unwrap_err();
        assert_eq!(refused.code, "too_many_rows");
        assert_eq!(
            refused.message,
            "This file has more than 200,000 rows. Split it into smaller files and import each of them."
        );
    }

    fn workbook() -> Vec<u8> {
        use rust_xlsxwriter::{ExcelDateTime, Format, Formula, Workbook};
        let mut workbook = Workbook::new();
        let sheet = workbook.add_worksheet();
        let day = Format::new().set_num_format("yyyy-mm-dd");
        sheet.write_string(0, 0, "Investors export").unwrap();
        for (column, header) in [
            "Investor Name",
            "Investor Email",
            "Amount",
            "Investment Date",
            "Status",
            "Bonus",
        ]
        .into_iter()
        .enumerate()
        {
            sheet.write_string(2, column as u16, header).unwrap();
        }
        sheet.write_string(3, 0, "Jane Doe").unwrap();
        sheet.write_string(3, 1, "jane@x.com").unwrap();
        sheet.write_number(3, 2, 2500).unwrap();
        sheet
            .write_datetime_with_format(3, 3, ExcelDateTime::from_ymd(2026, 3, 1).unwrap(), &day)
            .unwrap();
        sheet.write_string(3, 4, "Confirmed").unwrap();
        sheet
            .write_formula(3, 5, Formula::new("=1+2").set_result("3"))
            .unwrap();
        sheet.write_string(5, 0, "Bob Roe").unwrap();
        sheet.write_number(5, 2, 1250.5).unwrap();
        sheet.write_number(5, 3, 45658).unwrap();
        sheet
            .write_formula(5, 4, Formula::new("=NA()").set_result("#N/A"))
            .unwrap();
        sheet.write_boolean(5, 5, true).unwrap();
        workbook.save_to_buffer().unwrap()
    }

    #[test]
    fn an_xlsx_reads_its_first_sheet_with_dates_whole_numbers_formula_results_and_errors_as_empty()
    {
        let bytes = workbook();
        assert_eq!(sniff(&bytes).unwrap(), FileKind::Xlsx);
        let table = read_sheet(&bytes).unwrap();
        assert_eq!(
            table.headers,
            [
                "Investor Name",
                "Investor Email",
                "Amount",
                "Investment Date",
                "Status",
                "Bonus"
            ]
        );
        assert_eq!(
            table.rows,
            [
                vec![
                    "Jane Doe",
                    "jane@x.com",
                    "2500",
                    "2026-03-01",
                    "Confirmed",
                    "3"
                ],
                vec!["Bob Roe", "", "1250.5", "45658", "", "TRUE"]
            ]
        );
        assert_eq!(
            table.lines,
            [4, 6],
            "spreadsheet row numbers, the title and the empty row counted"
        );
    }

    #[test]
    fn a_damaged_xlsx_is_unreadable() {
        let bytes = workbook();
        let cut = &bytes[..bytes.len() - 200];
        let refused = read_sheet(cut).unwrap_err();
        assert_eq!(refused.code, "unreadable_file");
        assert_eq!(
            refused.message,
            "This Excel file could not be read. Save it again as XLSX or CSV and import that."
        );
    }

    #[test]
    fn spreadsheet_numbers_read_without_trailing_zeros_or_binary_noise() {
        assert_eq!(number_text(2500.0), "2500");
        assert_eq!(number_text(2500.5), "2500.5");
        assert_eq!(number_text(2750.0000000000005), "2750");
        assert_eq!(number_text(0.1 + 0.2), "0.3");
        assert_eq!(number_text(-12.0), "-12");
    }
}
