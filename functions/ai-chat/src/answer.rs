//! The built-in provider: the best Help Center passage, quoted in Markdown with a link to its
//! article (and the next best articles), or a plain "I don't know" with the contact links when
//! nothing in the Help Center matches — never a guess.

use crate::knowledge::{Hit, Knowledge};

/// A question is grounded when its best article's confidence — its score (BM25 of the best
/// passage plus the article card) times the share of the question's words the article uses —
/// reaches this. Measured with `tests/retrieval.rs` (`threshold_margins`): the weakest of the
/// 106 evaluation questions scores 8.75, the strongest off-topic one 6.10 ("what is the capital
/// of australia": one strong shared word, "capital"); the threshold sits between them.
pub const MIN_CONFIDENCE: f32 = 7.4;
/// The quoted passage is cut at a paragraph boundary past this many characters.
const MAX_PASSAGE_CHARS: usize = 1_400;

/// Where to reach a person (spec 2: the chat's contact strip), from configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contact {
    pub email: String,
    pub sms: Option<String>,
}

/// The grounding of an answer: the passages an LLM is given, and whether any cleared the bar.
pub struct Grounding<'a> {
    pub hits: Vec<Hit<'a>>,
}

impl<'a> Grounding<'a> {
    pub fn find(knowledge: &'a Knowledge, question: &str) -> Self {
        let mut hits = knowledge.rank_articles(question, 3);
        let grounded = hits.first().is_some_and(|best| best.score * knowledge.coverage(question, best.article) >= MIN_CONFIDENCE);
        if !grounded {
            hits.clear();
        }
        Self { hits }
    }

    pub fn is_grounded(&self) -> bool {
        !self.hits.is_empty()
    }
}

fn cut(text: &str) -> String {
    if text.len() <= MAX_PASSAGE_CHARS {
        return text.to_owned();
    }
    let mut out = String::new();
    for paragraph in text.split("\n\n") {
        if !out.is_empty() && out.len() + paragraph.len() > MAX_PASSAGE_CHARS {
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
    let mut text = match &best.passage.heading {
        Some(heading) => format!("From **{}** — *{heading}*:\n\n", meta.title),
        None => format!("From **{}**:\n\n", meta.title),
    };
    text.push_str(&cut(&best.passage.text));
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
        assert_eq!(cut(&text), "a".repeat(1_000));
    }
}
