//! The built-in provider: the best Help Center passage, quoted in Markdown with a link to its
//! article (and the next best articles), or a plain "I don't know" with the contact links when
//! nothing in the Help Center matches — never a guess.

use crate::knowledge::{Hit, Knowledge};

/// A question is grounded when its best article's confidence — its score (BM25 of the best
/// passage plus the article card) times the share of the question's words the article uses —
/// reaches this. Measured with `tests/api/retrieval.rs` (`threshold_margins`): the weakest of the
/// 106 evaluation questions scores 8.75, the strongest off-topic one 6.10 ("what is the capital
/// of australia": one strong shared word, "capital"); the threshold sits between them.
pub const MIN_CONFIDENCE: f32 = 7.4;
/// How much more a section with numbered steps counts for a "how" question.
const STEPS_BOOST: f32 = 2.0;
/// The quoted passage is cut at a paragraph boundary past this many characters.
const MAX_PASSAGE_CHARS: usize = 1_400;

/// Added by the server to every answer drawn from an article on the rules, whichever article
/// or provider answered (a model's own caveat does not replace it).
pub const DISCLAIMER: &str = "General information, not legal advice — confirm with your securities counsel.";

/// `message`, with the disclaimer as its last line when the article it is drawn from is on the
/// rules (once: a reply that already ends with it is left as it is).
pub fn with_disclaimer(message: String, grounding: &Grounding<'_>) -> String {
    let regulatory = grounding.hits.first().is_some_and(|best| best.article.meta.regulatory);
    if regulatory && !message.contains(DISCLAIMER) { format!("{message}\n\n_{DISCLAIMER}_") } else { message }
}

/// Where to reach a person (spec 2: the chat's contact strip), from configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contact {
    pub email: String,
    pub sms: Option<String>,
}

/// The grounding of an answer: the passages an LLM is given, and whether any cleared the bar.
pub struct Grounding<'a> {
    /// The best articles (at most 3), best first; empty when nothing answers the question.
    pub hits: Vec<Hit<'a>>,
    /// The best article's three best sections, in reading order: what the built-in answer quotes.
    pub sections: Vec<Hit<'a>>,
}

impl<'a> Grounding<'a> {
    pub fn find(knowledge: &'a Knowledge, question: &str) -> Self {
        let mut hits = knowledge.rank_articles(question, 3);
        let grounded = hits.first().is_some_and(|best| best.score * knowledge.coverage(question, best.article) >= MIN_CONFIDENCE);
        if !grounded {
            hits.clear();
        }
        // A "how do I …" question wants the steps: sections with a numbered list count more.
        let wants_steps = {
            let lower = question.trim_start().to_lowercase();
            lower.starts_with("how") || lower.contains("steps") || lower.contains("where do i")
        };
        let has_steps = |hit: &Hit<'_>| hit.passage.text.lines().any(|line| line.trim_start().starts_with("1. "));
        let mut sections: Vec<Hit<'a>> = match hits.first() {
            Some(best) => knowledge
                .search(question, knowledge.passages.len())
                .into_iter()
                .filter(|hit| std::ptr::eq(hit.article, best.article))
                .map(|hit| if wants_steps && has_steps(&hit) { Hit { score: hit.score * STEPS_BOOST, ..hit } } else { hit })
                .collect(),
            None => Vec::new(),
        };
        sections.sort_by(|a, b| b.score.total_cmp(&a.score));
        sections.truncate(3);
        if sections.is_empty() {
            sections.extend(hits.first().copied());
        }
        let position = |hit: &Hit<'_>| knowledge.passages.iter().position(|p| std::ptr::eq(p, hit.passage));
        sections.sort_by_key(position);
        Self { hits, sections }
    }

    pub fn is_grounded(&self) -> bool {
        !self.hits.is_empty()
    }
}

fn cut(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_owned();
    }
    let mut out = String::new();
    for paragraph in text.split("\n\n") {
        if !out.is_empty() && out.len() + paragraph.len() > max {
            break;
        }
        if !out.is_empty() {
            out.push_str("\n\n");
        }
        out.push_str(paragraph);
    }
    out
}

/// The built-in answer to a question.
pub fn builtin(grounding: &Grounding<'_>, contact: &Contact) -> String {
    let Some(best) = grounding.hits.first() else {
        return not_found(contact);
    };
    let meta = &best.article.meta;
    let mut text = format!("From **{}**:", meta.title);
    // The sections in reading order, as many as fit the budget (the first always does, cut).
    let mut used = 0;
    for (i, section) in grounding.sections.iter().enumerate() {
        let body = cut(&section.passage.text, MAX_PASSAGE_CHARS);
        if i > 0 && used + body.len() > MAX_PASSAGE_CHARS + 300 {
            continue;
        }
        used += body.len();
        if let Some(heading) = &section.passage.heading {
            text.push_str(&format!("\n\n**{heading}**"));
        }
        text.push_str("\n\n");
        text.push_str(&body);
    }
    text.push_str(&format!("\n\nRead the whole article: [{}](/help/{})", meta.title, meta.slug));
    let related: Vec<String> =
        grounding.hits.iter().skip(1).map(|hit| format!("[{}](/help/{})", hit.article.meta.title, hit.article.meta.slug)).collect();
    if !related.is_empty() {
        text.push_str(&format!("\n\nRelated: {}", related.join(" · ")));
    }
    text
}

/// What Sparky says when the Help Center has nothing on the question. The text-message link
/// is in the chat's contact strip (an `sms:` link in a reply would be dropped by the spec's
/// link rule), so the reply offers e-mail and points to the strip when there is one.
pub fn not_found(contact: &Contact) -> String {
    let mut reach = format!("[e-mail us](mailto:{})", contact.email);
    if contact.sms.is_some() {
        reach.push_str(" or send us a text message from the links below");
    }
    format!(
        "I couldn't find anything about that in the RaiseSpark Help Center, and I'd rather not guess. \
         You can [browse the Help Center](/help), or {reach} and a person will answer."
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn contact() -> Contact {
        Contact { email: "support@raisespark.local".into(), sms: Some("+15550100".into()) }
    }

    #[test]
    fn a_grounded_answer_quotes_the_best_passage_and_links_its_article() {
        let knowledge = Knowledge::embedded();
        let grounding = Grounding::find(knowledge, "How do I embed my investor form on WordPress?");
        assert!(grounding.is_grounded());
        let answer = builtin(&grounding, &contact());
        let slug = &grounding.hits[0].article.meta.slug;
        assert_eq!(slug, "embed-wordpress");
        println!("{answer}");
        assert!(!grounding.sections.is_empty() && grounding.sections.iter().all(|s| s.article.meta.slug == "embed-wordpress"));
        assert!(answer.contains("**Inline form on one page (block editor)**"), "the steps are quoted");
        assert!(answer.contains("(/help/embed-wordpress)"), "{answer}");
    }

    #[test]
    fn off_topic_questions_are_not_answered_with_a_guess() {
        let knowledge = Knowledge::embedded();
        for question in [
            "What's the weather in Paris tomorrow?",
            "Write me a poem about cats",
            "zzzz qqqq",
            "What is the best pizza topping in Naples? mail me at ada@example.com",
            "what is the capital of australia",
            "how do i fix my car's brakes",
            "best way to learn the guitar",
        ] {
            let grounding = Grounding::find(knowledge, question);
            assert!(!grounding.is_grounded(), "{question}: {:?}", grounding.hits.iter().map(|h| (&h.article.meta.slug, h.score)).collect::<Vec<_>>());
            let answer = builtin(&grounding, &contact());
            assert!(answer.contains("mailto:support@raisespark.local") && answer.contains("text message") && !answer.contains("sms:"));
        }
    }

    #[test]
    fn long_passages_are_cut_at_a_paragraph() {
        let text = format!("{}\n\n{}", "a".repeat(1_000), "b".repeat(1_000));
        assert_eq!(cut(&text, MAX_PASSAGE_CHARS), "a".repeat(1_000));
    }
}
