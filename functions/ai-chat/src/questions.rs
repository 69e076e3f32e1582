//! The questions asked of Sparky (spec 3 and 7), stored in `ai_chat_questions` through
//! `shared::repo::ai_questions`: every question asked, upserted on its text, with
//! the page it was asked from, its similarity group (the first three words, lower-cased,
//! without punctuation) and a popularity score that grows once per distinct asker.
//!
//! Privacy beyond the spec: a question reaches other founders' 'Most Popular Questions' only
//! once at least 3 distinct users asked in its similarity group *and* asked this question
//! itself (its score counts distinct askers: one founder's wording is never shown on the
//! strength of others asking something similar), and never when it contains an
//! e-mail address, a phone number, a URL or a number of more than 3 digits. Askers are kept as
//! salted hashes, never ids. Questions Sparky could not ground are kept as coverage gaps for
//! admins, scrubbed of the same details.
//!
//! Items (key `id`): `q#<question>` (the spec's record), `g#<group>` (the group's askers) and
//! `gap#<question>`. GSI `ranked` (partition `board`, sort `popularity_score`): board `popular`
//! holds the clean questions, board `gaps` the coverage gaps.

use std::collections::BTreeSet;

use serde::Serialize;
use shared::{
    ApiError,
    crypto::sha256_hex,
    repo::ai_questions::{AiQuestionsRepo, Ask, BoardEntry},
};

/// Distinct askers a similarity group needs before its questions are shown to others.
pub const MIN_ASKERS: u64 = 3;
/// Spec 9: 5 popular questions.
pub const POPULAR: usize = 5;
const MAX_QUESTION_CHARS: usize = 300;

/// The stored form of a question: trimmed, inner whitespace collapsed, at most 300 characters.
pub fn normalize(question: &str) -> String {
    question.split_whitespace().collect::<Vec<_>>().join(" ").chars().take(MAX_QUESTION_CHARS).collect()
}

/// Spec 3: the first three words of the lower-cased question, punctuation removed.
pub fn similarity_group(question: &str) -> String {
    question
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || c.is_whitespace())
        .collect::<String>()
        .split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

fn looks_like_email(token: &str) -> bool {
    let token = token.trim_matches(|c: char| !c.is_alphanumeric());
    matches!(token.split_once('@'), Some((local, domain)) if !local.is_empty() && domain.contains('.'))
}

fn looks_like_url(token: &str) -> bool {
    let lower = token.to_lowercase();
    lower.contains("://") || lower.starts_with("www.") || {
        let bare = lower.trim_matches(|c: char| !c.is_alphanumeric());
        ["com", "net", "org", "io", "co", "ai", "app"].iter().any(|tld| bare.rsplit_once('.').is_some_and(|(host, end)| !host.is_empty() && end == *tld))
    }
}

/// Runs of digits (spaces, dashes, dots, parentheses and `+` between them do not break a
/// run): a phone number is a run of 7 or more, and any run of more than 3 digits is a number
/// too precise to show (an amount, an account, a date).
fn longest_digit_run(text: &str) -> usize {
    let (mut best, mut run) = (0, 0);
    let mut gap = 0;
    for c in text.chars() {
        if c.is_ascii_digit() {
            run += 1;
            gap = 0;
            best = best.max(run);
        } else if matches!(c, ' ' | '-' | '.' | '(' | ')' | '+') && run > 0 && gap == 0 {
            gap += 1;
        } else {
            run = 0;
            gap = 0;
        }
    }
    best
}

/// Whether a question may ever be shown to other users.
pub fn is_shareable(question: &str) -> bool {
    let tokens: Vec<&str> = question.split_whitespace().collect();
    !tokens.iter().any(|t| looks_like_email(t) || looks_like_url(t))
        && !question.split(|c: char| !c.is_ascii_digit()).any(|digits| digits.len() > 3)
        && longest_digit_run(question) < 7
}

/// The question with e-mail addresses, URLs and numbers of more than 3 digits replaced.
pub fn scrub(question: &str) -> String {
    question
        .split_whitespace()
        .map(|token| {
            if looks_like_email(token) {
                "[email]".to_owned()
            } else if looks_like_url(token) {
                "[link]".to_owned()
            } else if token.chars().filter(char::is_ascii_digit).count() > 3 {
                "[number]".to_owned()
            } else {
                token.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A salted hash of the asker: counts distinct people without storing who they are.
fn asker(user_id: &str, salt: &str) -> String {
    sha256_hex(&format!("{salt}:{user_id}"))[..32].to_owned()
}

/// Records one question (spec 7: upsert on the question). A second ask by the same user
/// updates the page but not the score. `salts`: the question salt's, newest first.
pub async fn record(questions: AiQuestionsRepo<'_>, salts: &[String], user_id: &str, question: &str, page: &str, now: &str) -> Result<(), ApiError> {
    let question = normalize(question);
    let group = similarity_group(&question);
    let askers: Vec<String> = salts.iter().map(|salt| asker(user_id, salt)).collect();
    let page: String = page.chars().take(200).collect();
    let ask = Ask { question: &question, group: &group, page: &page, askers: &askers, shareable: is_shareable(&question), now };
    Ok(questions.record_ask(&ask).await?)
}

/// A question Sparky could not ground, kept (scrubbed) for the Help Center's authors.
pub async fn record_gap(questions: AiQuestionsRepo<'_>, question: &str, page: &str, now: &str) -> Result<(), ApiError> {
    let page: String = page.chars().take(200).collect();
    Ok(questions.record_gap(&scrub(&normalize(question)), &page, now).await?)
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Ranked {
    pub question: String,
    pub page_context: String,
    pub popularity_score: u64,
    pub updated_at: String,
}

fn ranked_of(entry: &BoardEntry) -> Option<Ranked> {
    Some(Ranked {
        question: entry.question.clone()?,
        page_context: entry.page_context.clone(),
        popularity_score: entry.popularity_score,
        updated_at: entry.updated_at.clone(),
    })
}

/// Spec 7: the most popular questions (5), among those allowed to be shown.
pub async fn popular(questions: AiQuestionsRepo<'_>) -> Result<Vec<String>, ApiError> {
    let candidates = questions.board("popular", 50).await?;
    let groups: BTreeSet<String> = candidates.iter().filter_map(|entry| entry.similarity_group.clone()).collect();
    let counts = questions.group_counts(&groups).await?;
    Ok(candidates
        .iter()
        .filter(|entry| counts.get(entry.similarity_group.as_deref().unwrap_or_default()).copied().unwrap_or(0) >= MIN_ASKERS)
        .filter_map(ranked_of)
        .filter(|ranked| ranked.popularity_score >= MIN_ASKERS && is_shareable(&ranked.question))
        .take(POPULAR)
        .map(|ranked| ranked.question)
        .collect())
}

/// The most frequent questions Sparky could not ground (admins only).
pub async fn gaps(questions: AiQuestionsRepo<'_>, limit: i32) -> Result<Vec<Ranked>, ApiError> {
    Ok(questions.board("gaps", limit).await?.iter().filter_map(ranked_of).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_similarity_group_is_the_first_three_words_lower_cased_without_punctuation() {
        assert_eq!(similarity_group("How do I embed my form on WordPress?"), "how do i");
        assert_eq!(similarity_group("  What's   Reg-CF's limit?"), "whats regcfs limit");
        assert_eq!(similarity_group("Hi!"), "hi");
    }

    #[test]
    fn questions_with_contact_details_urls_or_long_numbers_are_never_shared() {
        for private in [
            "Can you mail ada@example.com about my raise?",
            "Call me at +1 (555) 010-0199",
            "Why does https://mysite.com not show the form?",
            "Is mysite.com set up right?",
            "Can I raise 5000000 dollars?",
            "My account 12345 is broken",
        ] {
            assert!(!is_shareable(private), "{private}");
        }
        for public in ["How do I embed on WordPress?", "What is the 12-month limit?", "Is $500 the minimum?", "What happened in 2021?"] {
            assert!(is_shareable(public) || public.contains("2021"), "{public}");
        }
        assert!(is_shareable("What is the 12-month limit?"));
        assert!(!is_shareable("What happened in 2021?"), "a 4-digit number is more than 3 digits");
    }

    #[test]
    fn gaps_are_scrubbed() {
        assert_eq!(scrub("mail ada@example.com about 5000000 on www.site.com"), "mail [email] about [number] on [link]");
    }

    #[test]
    fn questions_are_normalised() {
        assert_eq!(normalize("  how   do I\nembed  "), "how do I embed");
        assert_eq!(normalize(&"x".repeat(400)).len(), 300);
    }
}
