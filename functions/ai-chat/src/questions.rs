//! The questions asked of Sparky (spec 3 and 7), stored in `ai_chat_questions` through
//! `shared::repo::ai_questions`: every question asked, upserted on its text, with
//! the page it was asked from, its similarity group (the first three words, lower-cased,
//! without punctuation) and a popularity score that grows once per distinct asker.
//!
//! What other founders see ('Most Popular Questions') is never an asker's wording: each answered
//! question counts toward its topic (the Help Center article that answered it, or the account
//! question it asked), shown in the topic's canonical wording (the article's title, the account
//! question's own). A topic is shown once at least 3 distinct *paying* companies asked about it
//! (trial accounts are free to create), and administrators can hide one. A prompt-injection
//! text asked from any number of accounts is therefore never shown. Askers are kept as salted
//! hashes, never ids. Questions Sparky could not ground are kept as coverage gaps for admins,
//! scrubbed of e-mail addresses, URLs and long numbers.
//!
//! Items (key `id`): `q#<question>` (the spec's record), `g#<group>` (the group's askers),
//! `t#<topic>` (a topic's paying askers) and `gap#<question>`. GSI `ranked` (partition `board`,
//! sort `popularity_score`): board `topics` holds the topics, board `gaps` the coverage gaps.

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
    let ask = Ask { question: &question, group: &group, page: &page, askers: &askers, now };
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

/// What a question was about, for the popular list: a Help Center article or one of the
/// account questions, with the wording shown for it — the article's title or the account
/// question's own, never an asker's words (so no one can put text in front of other founders).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Topic {
    /// `article:<slug>` or `account:<intent>`.
    pub key: String,
    pub wording: String,
}

/// Counts a paying company's ask of `topic` once, however often and under whichever salt.
pub async fn record_topic(questions: AiQuestionsRepo<'_>, salts: &[String], user_id: &str, topic: &Topic, now: &str) -> Result<(), ApiError> {
    let askers: Vec<String> = salts.iter().map(|salt| asker(user_id, salt)).collect();
    Ok(questions.record_topic(&topic.key, &topic.wording, &askers, now).await?)
}

/// Spec 7: the most popular questions (5): the topics at least [`MIN_ASKERS`] distinct paying
/// companies asked about, in their canonical wording, without those an administrator hid.
pub async fn popular(questions: AiQuestionsRepo<'_>) -> Result<Vec<String>, ApiError> {
    Ok(questions
        .board("topics", 50)
        .await?
        .into_iter()
        .filter(|entry| !entry.hidden && entry.popularity_score >= MIN_ASKERS)
        .filter_map(|entry| entry.question)
        .take(POPULAR)
        .collect())
}

/// A topic as administrators see it.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct TopicEntry {
    pub key: String,
    pub wording: String,
    /// Distinct paying companies that asked.
    pub companies: u64,
    pub hidden: bool,
    pub shown: bool,
    pub updated_at: String,
}

/// Every counted topic, most asked first (admins only).
pub async fn topics(questions: AiQuestionsRepo<'_>) -> Result<Vec<TopicEntry>, ApiError> {
    let (mut entries, hidden) = tokio::try_join!(questions.board("topics", 100), questions.board("hidden_topics", 100))?;
    entries.extend(hidden);
    entries.sort_by(|a, b| b.popularity_score.cmp(&a.popularity_score));
    let mut shown = 0;
    Ok(entries
        .into_iter()
        .filter_map(|entry| {
            let visible = !entry.hidden && entry.popularity_score >= MIN_ASKERS && shown < POPULAR;
            shown += usize::from(visible);
            Some(TopicEntry { key: entry.key, wording: entry.question?, companies: entry.popularity_score, hidden: entry.hidden, shown: visible, updated_at: entry.updated_at })
        })
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
    fn gaps_are_scrubbed() {
        assert_eq!(scrub("mail ada@example.com about 5000000 on www.site.com"), "mail [email] about [number] on [link]");
    }

    #[test]
    fn questions_are_normalised() {
        assert_eq!(normalize("  how   do I\nembed  "), "how do I embed");
        assert_eq!(normalize(&"x".repeat(400)).len(), 300);
    }
}
