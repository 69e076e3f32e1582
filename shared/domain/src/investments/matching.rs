//! Which lead each portal row is: the same e-mail, else the founder's earlier confirmation,
//! else suggestions by name for the founder to confirm. Keys are computed once per lead and
//! looked up per row, so a large raise matches in linear time.

use std::cmp::Reverse;
use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};

use crate::email::EmailAddress;

use super::rows::InvestorRow;

/// At most this many leads are suggested for one row.
const MAX_SUGGESTIONS: usize = 3;

#[derive(Serialize, Deserialize, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct MatchOptions {
    /// Gmail ignores dots in the local part: `jane.doe@gmail.com` and `janedoe@gmail.com` are
    /// one inbox. Off unless the founder turns it on, since other providers do not.
    pub gmail_dots: bool,
}

/// The key two addresses match by: trimmed and lower-cased, without the `+tag` of the local
/// part (`jane+wefunder@x.com` is `jane@x.com`); with `gmail_dots`, `googlemail.com` reads as
/// `gmail.com` and a Gmail local part loses its dots. `None` for a non-address.
pub fn email_key(email: &str, options: MatchOptions) -> Option<String> {
    let email = EmailAddress::parse(email).ok()?;
    let (local, domain) = email.as_str().rsplit_once('@')?;
    let local = match local.split_once('+') {
        Some((untagged, _)) if !untagged.is_empty() => untagged,
        _ => local,
    };
    let gmail = options.gmail_dots && matches!(domain, "gmail.com" | "googlemail.com");
    Some(if gmail {
        format!("{}@gmail.com", local.replace('.', ""))
    } else {
        format!("{local}@{domain}")
    })
}

/// The key two names match by: lower-case, accents of Latin letters folded (é→e, ñ→n, ø→o,
/// ß→ss...), apostrophes and dots dropped (O'Brien, J.R.), other punctuation separating words,
/// the words sorted: "Doe, Jane", "jane doe" and "Jane  DOE" are one key. `None` when no letter
/// or digit is left.
pub fn name_key(name: &str) -> Option<String> {
    let mut folded = String::with_capacity(name.len());
    for c in name.chars().flat_map(char::to_lowercase) {
        match c {
            '\'' | '’' | '.' | '\u{300}'..='\u{36f}' => {}
            c if c.is_alphanumeric() => match fold(c) {
                Some(ascii) => folded.push_str(ascii),
                None => folded.push(c),
            },
            _ => folded.push(' '),
        }
    }
    let mut words: Vec<&str> = folded.split_whitespace().collect();
    words.sort_unstable();
    (!words.is_empty()).then(|| words.join(" "))
}

/// A lower-case Latin letter with a diacritic (or a ligature) as plain letters.
fn fold(c: char) -> Option<&'static str> {
    Some(match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' => "a",
        'æ' => "ae",
        'ç' | 'ć' | 'ĉ' | 'ċ' | 'č' => "c",
        'ď' | 'đ' | 'ð' => "d",
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ĕ' | 'ė' | 'ę' | 'ě' => "e",
        'ĝ' | 'ğ' | 'ġ' | 'ģ' => "g",
        'ĥ' | 'ħ' => "h",
        'ì' | 'í' | 'î' | 'ï' | 'ĩ' | 'ī' | 'ĭ' | 'į' | 'ı' => "i",
        'ĵ' => "j",
        'ķ' => "k",
        'ĺ' | 'ļ' | 'ľ' | 'ŀ' | 'ł' => "l",
        'ñ' | 'ń' | 'ņ' | 'ň' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ŏ' | 'ő' => "o",
        'œ' => "oe",
        'ŕ' | 'ŗ' | 'ř' => "r",
        'ś' | 'ŝ' | 'ş' | 'š' | 'ș' => "s",
        'ß' => "ss",
        'ţ' | 'ť' | 'ŧ' | 'ț' => "t",
        'þ' => "th",
        'ù' | 'ú' | 'û' | 'ü' | 'ũ' | 'ū' | 'ŭ' | 'ů' | 'ű' | 'ų' => "u",
        'ŵ' => "w",
        'ý' | 'ÿ' | 'ŷ' => "y",
        'ź' | 'ż' | 'ž' => "z",
        _ => return None,
    })
}

/// A lead as matching needs it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct LeadRef {
    pub lead_id: String,
    pub email: Option<String>,
    pub name: Option<String>,
    /// What the lead said on the form they would invest.
    pub indicated_dollars: u64,
    /// RFC 3339, so that text order is time order.
    pub created_at: String,
}

/// Which lead a row is.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    tag = "kind"
)]
pub enum Match {
    /// The e-mail keys are equal; of several leads with the key, the earliest created.
    Email {
        lead_id: String,
    },
    /// The founder confirmed this row's identity as this lead in an earlier import.
    Confirmed {
        lead_id: String,
    },
    /// No e-mail match, but leads with the same name key, best first, for the founder to pick.
    Suggested {
        lead_ids: Vec<String>,
    },
    Unmatched,
}

/// One [`Match`] per row, in row order. A confirmation (`confirmed`: row identity → lead id)
/// wins over everything while its lead still exists; then the e-mail; then up to three leads
/// with the row's name key, the indicated amount closest to the row's amount first, then the
/// newest. A row whose e-mail matches no lead still gets suggestions by name.
///
/// Lead keys are built once into hash maps and each name's leads sorted by amount, so a row
/// costs a lookup and a binary search: 50,000 rows against 100,000 leads take well under a
/// second, even when many leads share a name.
pub fn match_rows(
    rows: &[InvestorRow],
    leads: &[LeadRef],
    confirmed: &HashMap<String, String>,
    options: MatchOptions,
) -> Vec<Match> {
    let lead_ids: HashSet<&str> = leads.iter().map(|lead| lead.lead_id.as_str()).collect();
    let mut by_email: HashMap<String, &LeadRef> = HashMap::with_capacity(leads.len());
    let mut by_name: HashMap<String, Vec<&LeadRef>> = HashMap::with_capacity(leads.len());
    for lead in leads {
        if let Some(key) = lead
            .email
            .as_deref()
            .and_then(|email| email_key(email, options))
        {
            let earliest = by_email.entry(key).or_insert(lead);
            if lead.created_at < earliest.created_at {
                *earliest = lead;
            }
        }
        if let Some(key) = lead.name.as_deref().and_then(name_key) {
            by_name.entry(key).or_default().push(lead);
        }
    }
    for namesakes in by_name.values_mut() {
        // Stable: leads created at the same moment keep their order.
        namesakes.sort_by(|a, b| {
            indicated_cents(a)
                .cmp(&indicated_cents(b))
                .then_with(|| b.created_at.cmp(&a.created_at))
        });
    }

    rows.iter()
        .map(|row| {
            if let Some(lead_id) = confirmed
                .get(&row.identity)
                .filter(|lead_id| lead_ids.contains(lead_id.as_str()))
            {
                return Match::Confirmed {
                    lead_id: lead_id.clone(),
                };
            }
            if let Some(lead) = row
                .email
                .as_deref()
                .and_then(|email| email_key(email, options))
                .and_then(|key| by_email.get(&key))
            {
                return Match::Email {
                    lead_id: lead.lead_id.clone(),
                };
            }
            match name_key(&row.name).and_then(|key| by_name.get(&key)) {
                Some(namesakes) => Match::Suggested {
                    lead_ids: closest(namesakes, row.amount_cents),
                },
                None => Match::Unmatched,
            }
        })
        .collect()
}

fn indicated_cents(lead: &LeadRef) -> u64 {
    lead.indicated_dollars.saturating_mul(100)
}

/// The [`MAX_SUGGESTIONS`] leads of `namesakes` (sorted by indicated amount, the newest first
/// among equal amounts) whose indicated amount is closest to `cents`, the newest first on a tie.
/// The best on each side of `cents` are the first ones walking outwards from it, so only those
/// are compared.
fn closest(namesakes: &[&LeadRef], cents: u64) -> Vec<String> {
    let split = namesakes.partition_point(|lead| indicated_cents(lead) < cents);
    let mut candidates: Vec<&LeadRef> = namesakes[split..]
        .iter()
        .take(MAX_SUGGESTIONS)
        .copied()
        .collect();
    // Below `cents`, walk the runs of equal amounts downwards, each run newest first.
    let mut end = split;
    let mut below = 0;
    while below < MAX_SUGGESTIONS && end > 0 {
        let amount = indicated_cents(namesakes[end - 1]);
        let start = namesakes[..end].partition_point(|lead| indicated_cents(lead) < amount);
        let run = namesakes[start..end].iter().take(MAX_SUGGESTIONS - below);
        below += run.len();
        candidates.extend(run);
        end = start;
    }
    candidates.sort_by_key(|lead| {
        (
            indicated_cents(lead).abs_diff(cents),
            Reverse(lead.created_at.as_str()),
        )
    });
    candidates
        .into_iter()
        .take(MAX_SUGGESTIONS)
        .map(|lead| lead.lead_id.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::investments::Status;

    const DOTS: MatchOptions = MatchOptions { gmail_dots: true };

    #[test]
    fn e_mail_keys_ignore_case_spaces_and_plus_tags() {
        let key = |email: &str| email_key(email, MatchOptions::default());
        assert_eq!(
            key(" Jane.Doe+Wefunder@X.com ").as_deref(),
            Some("jane.doe@x.com")
        );
        assert_eq!(key("jane.doe@x.com"), key("JANE.DOE+a+b@X.COM"));
        assert_eq!(
            key("+only@x.com").as_deref(),
            Some("+only@x.com"),
            "a local part that is all tag is kept"
        );
        assert_eq!(key("not an address"), None);
        assert_eq!(key(""), None);
    }

    #[test]
    fn gmail_dots_are_ignored_only_with_the_option_and_only_for_gmail() {
        assert_eq!(
            email_key("Jane.Doe+x@GoogleMail.com", DOTS).as_deref(),
            Some("janedoe@gmail.com")
        );
        assert_eq!(
            email_key("j.a.n.e@gmail.com", DOTS),
            email_key("jane@gmail.com", DOTS)
        );
        assert_eq!(
            email_key("jane.doe@gmail.com", MatchOptions::default()).as_deref(),
            Some("jane.doe@gmail.com")
        );
        assert_eq!(
            email_key("jane.doe@googlemail.com", MatchOptions::default()).as_deref(),
            Some("jane.doe@googlemail.com")
        );
        assert_eq!(
            email_key("jane.doe@outlook.com", DOTS).as_deref(),
            Some("jane.doe@outlook.com")
        );
    }

    #[test]
    fn name_keys_ignore_order_case_accents_and_punctuation() {
        assert_eq!(name_key("Doe, Jane").as_deref(), Some("doe jane"));
        assert_eq!(name_key("Doe, Jane"), name_key("jane doe"));
        assert_eq!(name_key("Jane  DOE"), name_key("jane doe"));
        assert_eq!(
            name_key("José Núñez-Ødegård"),
            name_key("jose nunez odegard")
        );
        assert_eq!(name_key("Jürgen Straße"), name_key("jurgen strasse"));
        assert_eq!(
            name_key("Jose\u{301} Nu\u{303}n\u{303}ez"),
            name_key("jose nunez"),
            "decomposed accents fold too"
        );
        assert_eq!(
            name_key("Seán O'Brien-Smith").as_deref(),
            Some("obrien sean smith")
        );
        assert_eq!(name_key("J.R. Tolkien"), name_key("jr tolkien"));
        assert_eq!(name_key("山田 太郎").as_deref(), Some("太郎 山田"));
        assert_eq!(name_key(""), None);
        assert_eq!(name_key(" - , . "), None);
    }

    fn row(identity: &str, name: &str, email: Option<&str>, cents: u64) -> InvestorRow {
        InvestorRow {
            line: 2,
            identity: identity.into(),
            name: name.into(),
            email: email.map(Into::into),
            amount_cents: cents,
            date: None,
            status: Status::Invested,
        }
    }

    fn lead(
        id: &str,
        email: Option<&str>,
        name: Option<&str>,
        dollars: u64,
        created_at: &str,
    ) -> LeadRef {
        LeadRef {
            lead_id: id.into(),
            email: email.map(Into::into),
            name: name.map(Into::into),
            indicated_dollars: dollars,
            created_at: created_at.into(),
        }
    }

    fn suggested(ids: &[&str]) -> Match {
        Match::Suggested {
            lead_ids: ids.iter().map(|id| id.to_string()).collect(),
        }
    }

    #[test]
    fn a_row_matches_the_lead_with_its_e_mail_and_of_several_the_earliest() {
        let leads = [
            lead("late", Some("jane@x.com"), None, 0, "2026-02-01T00:00:00Z"),
            lead(
                "early",
                Some("JANE+form@x.com"),
                None,
                0,
                "2026-01-01T00:00:00Z",
            ),
            lead("bob", Some("bob@x.com"), None, 0, "2026-01-01T00:00:00Z"),
        ];
        let rows = [
            row("r1", "", Some("jane@x.com"), 100),
            row("r2", "", Some("bob@x.com"), 100),
        ];
        let matches = match_rows(&rows, &leads, &HashMap::new(), MatchOptions::default());
        assert_eq!(
            matches,
            [
                Match::Email {
                    lead_id: "early".into()
                },
                Match::Email {
                    lead_id: "bob".into()
                }
            ]
        );
    }

    #[test]
    fn gmail_dots_match_only_when_the_founder_turns_them_on() {
        let leads = [lead(
            "l1",
            Some("jane.doe@gmail.com"),
            None,
            0,
            "2026-01-01",
        )];
        let rows = [row("r1", "", Some("janedoe@gmail.com"), 100)];
        assert_eq!(
            match_rows(&rows, &leads, &HashMap::new(), MatchOptions::default()),
            [Match::Unmatched]
        );
        assert_eq!(
            match_rows(&rows, &leads, &HashMap::new(), DOTS),
            [Match::Email {
                lead_id: "l1".into()
            }]
        );
    }

    #[test]
    fn a_confirmation_wins_over_the_e_mail_while_its_lead_exists() {
        let leads = [
            lead(
                "by-mail",
                Some("jane@x.com"),
                Some("Jane Doe"),
                0,
                "2026-01-01",
            ),
            lead("chosen", None, None, 0, "2026-01-02"),
        ];
        let rows = [
            row("r1", "Jane Doe", Some("jane@x.com"), 100),
            row("r2", "Jane Doe", Some("jane@x.com"), 100),
        ];
        let confirmed = HashMap::from([
            ("r1".to_owned(), "chosen".to_owned()),
            ("r2".to_owned(), "deleted".to_owned()),
        ]);
        let matches = match_rows(&rows, &leads, &confirmed, MatchOptions::default());
        assert_eq!(
            matches,
            [
                Match::Confirmed {
                    lead_id: "chosen".into()
                },
                Match::Email {
                    lead_id: "by-mail".into()
                }
            ],
            "a deleted lead's confirmation is ignored"
        );
    }

    #[test]
    fn namesakes_are_suggested_closest_amount_first_then_newest_and_at_most_three() {
        let leads = [
            lead("far", None, Some("Jane Doe"), 10_000, "2026-01-01"),
            lead("exact-old", None, Some("jane doe"), 1_000, "2026-01-01"),
            lead(
                "exact-new",
                Some("other@x.com"),
                Some("DOE, Jane"),
                1_000,
                "2026-01-05",
            ),
            lead("below", None, Some("Jane Doe"), 900, "2026-01-01"),
            lead("above", None, Some("Jane Doe"), 1_100, "2026-01-09"),
            lead("someone-else", None, Some("John Doe"), 1_000, "2026-01-01"),
        ];
        let matches = match_rows(
            &[row("r1", "Jane Doe", Some("jane@elsewhere.com"), 100_000)],
            &leads,
            &HashMap::new(),
            MatchOptions::default(),
        );
        assert_eq!(
            matches,
            [suggested(&["exact-new", "exact-old", "above"])],
            "$1,100 and $900 are as close; the newer wins"
        );
        let matches = match_rows(
            &[row("r1", "Jane Doe", None, 5_000_000)],
            &leads,
            &HashMap::new(),
            MatchOptions::default(),
        );
        assert_eq!(matches, [suggested(&["far", "above", "exact-new"])]);
        let matches = match_rows(
            &[row("r1", "Jane Doe", None, 0)],
            &leads,
            &HashMap::new(),
            MatchOptions::default(),
        );
        assert_eq!(matches, [suggested(&["below", "exact-new", "exact-old"])]);
    }

    #[test]
    fn a_row_with_no_e_mail_or_name_match_is_unmatched() {
        let leads = [lead(
            "l1",
            Some("jane@x.com"),
            Some("Jane Doe"),
            0,
            "2026-01-01",
        )];
        let rows = [
            row("r1", "Bob Roe", Some("bob@x.com"), 100),
            row("r2", "", None, 100),
        ];
        assert_eq!(
            match_rows(&rows, &leads, &HashMap::new(), MatchOptions::default()),
            [Match::Unmatched, Match::Unmatched]
        );
        assert!(match_rows(&[], &leads, &HashMap::new(), MatchOptions::default()).is_empty());
    }

    #[test]
    fn a_match_reads_as_camel_case_json_tagged_by_kind() {
        let json = serde_json::to_value(Match::Email {
            lead_id: "l1".into(),
        })
        .unwrap();
        assert_eq!(json, serde_json::json!({ "kind": "email", "leadId": "l1" }));
        let json = serde_json::to_value(suggested(&["a"])).unwrap();
        assert_eq!(
            json,
            serde_json::json!({ "kind": "suggested", "leadIds": ["a"] })
        );
        assert_eq!(
            serde_json::to_value(Match::Unmatched).unwrap(),
            serde_json::json!({ "kind": "unmatched" })
        );
    }

    #[test]
    fn fifty_thousand_rows_match_against_a_hundred_thousand_leads() {
        let leads: Vec<LeadRef> = (0..100_000)
            .map(|i| {
                lead(
                    &format!("l{i}"),
                    Some(&format!("investor{i}@x.com")),
                    Some(&format!("Investor {}", i % 40_000)),
                    i % 5_000,
                    &format!("2026-01-01T00:00:{:02}Z", i % 60),
                )
            })
            .collect();
        let rows: Vec<InvestorRow> = (0..50_000)
            .map(|i| match i % 3 {
                0 => row(
                    &format!("r{i}"),
                    "",
                    Some(&format!("Investor{i}+portal@X.com")),
                    100,
                ),
                1 => row(
                    &format!("r{i}"),
                    &format!("investor {}", i % 40_000),
                    Some("nobody@y.com"),
                    250_000,
                ),
                _ => row(&format!("r{i}"), &format!("Stranger {i}"), None, 100),
            })
            .collect();
        // Many leads share one name: the suggestion must not walk all of them.
        let mut crowded = leads.clone();
        crowded.extend(
            (0..20_000).map(|i| lead(&format!("c{i}"), None, Some("Jane Doe"), i, "2026-01-01")),
        );
        let mut rows = rows;
        rows.extend((0..1_000).map(|i| row(&format!("j{i}"), "Jane Doe", None, 1_000_000)));
        let matches = match_rows(&rows, &crowded, &HashMap::new(), MatchOptions::default());
        assert_eq!(matches.len(), 51_000);
        assert_eq!(
            matches[0],
            Match::Email {
                lead_id: "l0".into()
            }
        );
        assert_eq!(
            matches[3],
            Match::Email {
                lead_id: "l3".into()
            }
        );
        let Match::Suggested { lead_ids } = &matches[1] else {
            panic!("{:?}", matches[1])
        };
        assert_eq!(lead_ids.len(), 3);
        assert!(
            lead_ids
                .iter()
                .all(|id| ["l1", "l40001", "l80001"].contains(&id.as_str())),
            "{lead_ids:?}"
        );
        assert_eq!(matches[2], Match::Unmatched);
        assert_eq!(
            matches[50_000],
            suggested(&["c10000", "c10001", "c9999"]),
            "on a full tie, the higher amount first"
        );
        let counted = |kind: fn(&Match) -> bool| matches.iter().filter(|m| kind(m)).count();
        assert_eq!(counted(|m| matches!(m, Match::Email { .. })), 16_667);
        assert_eq!(
            counted(|m| matches!(m, Match::Suggested { .. })),
            16_667 + 1_000
        );
        assert_eq!(counted(|m| matches!(m, Match::Unmatched)), 16_666);
    }
}
