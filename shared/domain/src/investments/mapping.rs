//! Which column of the file holds what. Portals name their columns differently and change them
//! now and then, so the import guesses from the headers, the founder corrects, and the
//! correction is remembered per portal.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use crate::invalid::Invalid;

/// Each field is the header text of its column in the file, `None` when the file has none.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Mapping {
    pub name: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub amount: Option<String>,
    pub date: Option<String>,
    pub status: Option<String>,
    pub id: Option<String>,
}

#[derive(Clone, Copy)]
enum Field {
    Id,
    Email,
    FirstName,
    LastName,
    Name,
    Amount,
    Date,
    Status,
}

impl Field {
    /// The order columns are guessed in: the most distinctive headers first, so a column taken
    /// by one field is not offered to a vaguer one.
    const ALL: [Field; 8] = [
        Field::Id,
        Field::Email,
        Field::FirstName,
        Field::LastName,
        Field::Name,
        Field::Amount,
        Field::Date,
        Field::Status,
    ];

    fn slot(self, mapping: &mut Mapping) -> &mut Option<String> {
        match self {
            Field::Id => &mut mapping.id,
            Field::Email => &mut mapping.email,
            Field::FirstName => &mut mapping.first_name,
            Field::LastName => &mut mapping.last_name,
            Field::Name => &mut mapping.name,
            Field::Amount => &mut mapping.amount,
            Field::Date => &mut mapping.date,
            Field::Status => &mut mapping.status,
        }
    }

    /// Headers (as [`header_words`] reads them) that name this field, the most specific first.
    fn headers(self) -> &'static [&'static str] {
        match self {
            Field::Id => &[
                "investment id",
                "transaction id",
                "order id",
                "subscription id",
                "reservation id",
                "id",
                "reference",
                "reference id",
                "reference number",
                "ref",
                "investment number",
                "order number",
                "transaction number",
                "confirmation number",
            ],
            Field::Email => &[
                "investor email",
                "investor email address",
                "investor e mail",
                "email",
                "email address",
                "e mail",
                "e mail address",
                "contact email",
                "user email",
                "mail",
            ],
            Field::FirstName => &[
                "investor first name",
                "first name",
                "firstname",
                "given name",
                "first",
            ],
            Field::LastName => &[
                "investor last name",
                "last name",
                "lastname",
                "surname",
                "family name",
                "last",
            ],
            Field::Name => &[
                "investor name",
                "investor full name",
                "investor legal name",
                "full name",
                "full legal name",
                "legal name",
                "name",
                "investor",
                "contact name",
                "display name",
                "account name",
            ],
            Field::Amount => &[
                "investment amount",
                "amount invested",
                "invested amount",
                "investment amount usd",
                "amount usd",
                "amount",
                "investment",
                "investment usd",
                "total investment",
                "total invested",
                "total amount",
                "total",
                "invested",
                "commitment amount",
                "subscription amount",
                "amount committed",
            ],
            Field::Date => &[
                "investment date",
                "date invested",
                "invested at",
                "invested on",
                "date",
                "transaction date",
                "subscription date",
                "commitment date",
                "committed at",
                "order date",
                "created at",
                "created",
                "created on",
                "date created",
                "submitted at",
                "funded at",
            ],
            Field::Status => &[
                "investment status",
                "status",
                "transaction status",
                "order status",
                "payment status",
                "investor status",
                "state",
            ],
        }
    }

    /// For headers not in [`Field::headers`]: the words that make a header this field
    /// ("Amount Invested (USD)" is an amount), and the words that rule it out.
    fn words(self) -> (&'static [&'static str], &'static [&'static str]) {
        match self {
            Field::Id => (
                &["id"],
                &[
                    "investor", "user", "company", "campaign", "offering", "account", "contact",
                ],
            ),
            Field::Email => (&["email"], &[]),
            Field::FirstName => (&["first"], &[]),
            Field::LastName => (&["last", "surname"], &[]),
            Field::Name => (
                &["name"],
                &[
                    "first", "last", "middle", "user", "company", "file", "campaign", "offering",
                ],
            ),
            Field::Amount => (
                &["amount"],
                &["fee", "fees", "tax", "refunded", "refund", "bonus"],
            ),
            Field::Date => (
                &["date"],
                &[
                    "birth",
                    "updated",
                    "modified",
                    "refunded",
                    "refund",
                    "cancelled",
                    "canceled",
                ],
            ),
            Field::Status => (
                &["status"],
                &["accreditation", "kyc", "aml", "verification", "identity"],
            ),
        }
    }

    /// How well a header names this field: the position in [`Field::headers`], or after all of
    /// them when its words do; `None` when it does not.
    fn score(self, header: &str) -> Option<usize> {
        let words = header_words(header);
        let joined = words.join(" ");
        if let Some(at) = self.headers().iter().position(|known| *known == joined) {
            return Some(at);
        }
        // Another party's column: the referrer's e-mail, the issuing company's name.
        const OTHER_PARTIES: [&str; 6] = [
            "referrer", "referral", "referred", "issuer", "company", "business",
        ];
        let (wanted, unwanted) = self.words();
        let squashed = words.concat();
        let has_word = |word: &&str| {
            words.iter().any(|w| w == word) || (*word == "email" && squashed.contains("email"))
        };
        let ruled_out = words
            .iter()
            .any(|w| OTHER_PARTIES.contains(&w.as_str()) || unwanted.contains(&w.as_str()));
        (wanted.iter().any(has_word) && !ruled_out).then_some(1_000)
    }
}

/// A header as lower-case words, case, spacing, punctuation and camelCase aside:
/// "Investment Amount ($)", "investment_amount" and "investmentAmount" are all
/// `["investment", "amount"]`; "E-mail" is `["e", "mail"]`.
fn header_words(header: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    let mut word = String::new();
    let mut previous_lower = false;
    for c in header.chars() {
        if !c.is_alphanumeric() {
            words.extend((!word.is_empty()).then(|| std::mem::take(&mut word)));
            previous_lower = false;
            continue;
        }
        if c.is_uppercase() && previous_lower {
            words.push(std::mem::take(&mut word));
        }
        previous_lower = c.is_lowercase() || c.is_ascii_digit();
        word.extend(c.to_lowercase());
    }
    words.extend((!word.is_empty()).then_some(word));
    words
}

impl Mapping {
    /// Recognises the usual headers of portal exports ("Investor Name", "Email Address",
    /// "Amount Invested", "Investment Date", "Investment Status", "Transaction ID"...), case,
    /// spacing and punctuation aside. Each field takes the header that names it most
    /// specifically (the first one on a tie), and no header is given to two fields.
    pub fn guess(headers: &[String]) -> Mapping {
        guess_besides(headers, Mapping::default())
    }

    /// A remembered mapping applies to a file only for the headers the file has: each remembered
    /// column the file still has is kept, the other fields are guessed.
    pub fn remembered(remembered: &Mapping, headers: &[String]) -> Mapping {
        let mut kept = remembered.clone();
        for field in Field::ALL {
            let slot = field.slot(&mut kept);
            if slot
                .as_ref()
                .is_some_and(|column| !headers.contains(column))
            {
                *slot = None;
            }
        }
        guess_besides(headers, kept)
    }

    /// The mapping an import can run with: every column it names is in the file, the amount
    /// column is chosen, and so is the e-mail or a name column (name, first or last name).
    pub fn check(&self, headers: &[String]) -> Result<(), Invalid> {
        for column in self.columns().into_iter().flatten() {
            if !headers.iter().any(|header| header == column) {
                return Err(Invalid::new(
                    "unknown_column",
                    format!(
                        "This file has no column named '{column}'. Choose one of the file's columns."
                    ),
                ));
            }
        }
        if self.amount.is_none() {
            return Err(Invalid::new(
                "amount_column_required",
                "Choose the column that holds the amount invested.",
            ));
        }
        if self.email.is_none()
            && self.name.is_none()
            && self.first_name.is_none()
            && self.last_name.is_none()
        {
            return Err(Invalid::new(
                "investor_column_required",
                "Choose the column with the investor's e-mail or name.",
            ));
        }
        Ok(())
    }

    fn columns(&self) -> [Option<&String>; 8] {
        [
            self.name.as_ref(),
            self.first_name.as_ref(),
            self.last_name.as_ref(),
            self.email.as_ref(),
            self.amount.as_ref(),
            self.date.as_ref(),
            self.status.as_ref(),
            self.id.as_ref(),
        ]
    }
}

/// `mapping` with each empty field guessed among the headers no field has taken.
fn guess_besides(headers: &[String], mut mapping: Mapping) -> Mapping {
    let mut taken: HashSet<String> = mapping.columns().into_iter().flatten().cloned().collect();
    for field in Field::ALL {
        if field.slot(&mut mapping).is_some() {
            continue;
        }
        let best = headers
            .iter()
            .filter(|header| !taken.contains(*header))
            .filter_map(|header| Some((field.score(header)?, header)))
            .min_by_key(|(score, _)| *score)
            .map(|(_, header)| header.clone());
        if let Some(header) = best {
            taken.insert(header.clone());
            *field.slot(&mut mapping) = Some(header);
        }
    }
    mapping
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(line: &str) -> Vec<String> {
        line.split(',')
            .map(|header| header.trim().to_owned())
            .collect()
    }

    fn column(name: &str) -> Option<String> {
        Some(name.to_owned())
    }

    #[test]
    fn a_wefunder_like_export_is_guessed() {
        let mapping = Mapping::guess(&headers(
            "Investor Name, Investor Email, Amount, Investment Date, Status, Referrer Email",
        ));
        assert_eq!(
            mapping,
            Mapping {
                name: column("Investor Name"),
                email: column("Investor Email"),
                amount: column("Amount"),
                date: column("Investment Date"),
                status: column("Status"),
                ..Mapping::default()
            }
        );
    }

    #[test]
    fn a_republic_like_export_is_guessed() {
        let mapping = Mapping::guess(&headers(
            "First Name, Last Name, Email, Amount Invested, Date, Investment Status, Investment ID",
        ));
        assert_eq!(
            mapping,
            Mapping {
                first_name: column("First Name"),
                last_name: column("Last Name"),
                email: column("Email"),
                amount: column("Amount Invested"),
                date: column("Date"),
                status: column("Investment Status"),
                id: column("Investment ID"),
                ..Mapping::default()
            }
        );
    }

    #[test]
    fn a_startengine_like_export_is_guessed() {
        let mapping = Mapping::guess(&headers(
            "Name,Email Address,Investment Amount,Created At,State,Order ID,Date of Birth,Company Name",
        ));
        assert_eq!(
            mapping,
            Mapping {
                name: column("Name"),
                email: column("Email Address"),
                amount: column("Investment Amount"),
                date: column("Created At"),
                status: column("State"),
                id: column("Order ID"),
                ..Mapping::default()
            }
        );
    }

    #[test]
    fn headers_are_recognised_whatever_their_case_spacing_or_punctuation() {
        let mapping = Mapping::guess(&headers(
            "investor_name,E-MAIL,Investment ($),investedAt,TransactionID,Amount Invested (USD) Net",
        ));
        assert_eq!(mapping.name, column("investor_name"));
        assert_eq!(mapping.email, column("E-MAIL"));
        assert_eq!(mapping.amount, column("Investment ($)"));
        assert_eq!(mapping.date, column("investedAt"));
        assert_eq!(mapping.id, column("TransactionID"));
        let fallback = Mapping::guess(&headers(
            "Investor,Amount Invested (USD) Net,Investor ID,Fee Amount",
        ));
        assert_eq!(
            fallback.amount,
            column("Amount Invested (USD) Net"),
            "the words of a header name its field"
        );
        assert_eq!(
            fallback.id, None,
            "an investor's id is not the investment's"
        );
        assert_eq!(
            Mapping::guess(&headers("Notes,Comments")),
            Mapping::default()
        );
    }

    #[test]
    fn a_remembered_mapping_is_kept_only_for_the_headers_the_file_has() {
        let remembered = Mapping {
            name: column("Backer"),
            email: column("Contact"),
            amount: column("Pledge"),
            date: column("Old Date Column"),
            ..Mapping::default()
        };
        let mapping = Mapping::remembered(
            &remembered,
            &headers("Backer,Contact,Pledge,Date,Email,Status"),
        );
        assert_eq!(mapping.name, column("Backer"));
        assert_eq!(
            mapping.email,
            column("Contact"),
            "the remembered column wins over a guess"
        );
        assert_eq!(mapping.amount, column("Pledge"));
        assert_eq!(
            mapping.date,
            column("Date"),
            "a column the file lacks is guessed again"
        );
        assert_eq!(mapping.status, column("Status"));
    }

    #[test]
    fn check_requires_known_columns_an_amount_and_an_e_mail_or_name() {
        let file = headers("Name,Email,Amount");
        let ok = Mapping {
            email: column("Email"),
            amount: column("Amount"),
            ..Mapping::default()
        };
        assert_eq!(ok.check(&file), Ok(()));
        assert_eq!(
            Mapping {
                first_name: column("Name"),
                ..ok.clone()
            }
            .check(&file),
            Ok(())
        );

        let unknown = Mapping {
            date: column("Paid On"),
            ..ok.clone()
        }
        .check(&file)
        .unwrap_err();
        assert_eq!(
            (unknown.code.as_ref(), unknown.message.as_ref()),
            (
                "unknown_column",
                "This file has no column named 'Paid On'. Choose one of the file's columns."
            )
        );
        let no_amount = Mapping {
            amount: None,
            ..ok.clone()
        }
        .check(&file)
        .unwrap_err();
        assert_eq!(
            (no_amount.code.as_ref(), no_amount.message.as_ref()),
            (
                "amount_column_required",
                "Choose the column that holds the amount invested."
            )
        );
        let nobody = Mapping { email: None, ..ok }.check(&file).unwrap_err();
        assert_eq!(
            (nobody.code.as_ref(), nobody.message.as_ref()),
            (
                "investor_column_required",
                "Choose the column with the investor's e-mail or name."
            )
        );
    }

    #[test]
    fn a_mapping_reads_and_writes_camel_case() {
        let mapping = Mapping {
            first_name: column("First"),
            ..Mapping::default()
        };
        let json = serde_json::to_value(&mapping).unwrap();
        assert_eq!(json["firstName"], "First");
        assert_eq!(serde_json::from_value::<Mapping>(json).unwrap(), mapping);
    }
}
