//! Sparky's use of the LLM providers (`shared::ai`), retrieval-augmented: the model gets the
//! best Help Center passages and the caller's own figures, and a system prompt that keeps it
//! to RaiseSpark, fundraising and Reg CF. Any failure (error, timeout, empty answer) is the
//! caller's cue to fall back to the built-in answer.


pub use shared::ai::{Llm, TIMEOUT};

use crate::knowledge::Hit;

/// The system prompt: who Sparky is, its limits, the passages to answer from (to cite), and
/// the caller's own figures.
pub fn system_prompt(hits: &[Hit<'_>], account: &str) -> String {
    let mut prompt = String::from(
        "You are Sparky, the assistant inside RaiseSpark, a web app for founders who test the waters for a US Regulation \
         Crowdfunding (Reg CF) raise: investor interest forms, embedding them, investor leads, and the RaiseSpark account.\n\
         Rules:\n\
         - Only help with RaiseSpark, fundraising and Reg CF. Politely decline anything else.\n\
         - Answer from the Help Center passages below. Cite the articles you used as Markdown links like [Title](/help/slug). \
           If the passages do not answer the question, say so plainly and suggest the Help Center (/help) or contacting support; never invent facts, figures or features.\n\
         - Never draft or help send anything that solicits money, investment commitments or sales before a Form C is filed; \
           testing-the-waters material may only gauge interest and must carry the Rule 206 statements. Explain this when asked.\n\
         - Legal and regulatory answers are general information, not legal advice; say so.\n\
         - Be concise: short paragraphs or numbered steps, Markdown.\n\n",
    );
    prompt.push_str("Help Center passages:\n");
    if hits.is_empty() {
        prompt.push_str("(none matched this question)\n");
    }
    for hit in hits {
        let meta = &hit.article.meta;
        prompt.push_str(&format!(
            "\n--- [{}](/help/{}) (updated {}){} ---\n{}\n",
            meta.title,
            meta.slug,
            meta.updated,
            hit.passage.heading.as_deref().map(|h| format!(" — {h}")).unwrap_or_default(),
            hit.passage.text
        ));
    }
    prompt.push_str(&format!("\nThe founder's own account (use only for questions about their account):\n{account}\n"));
    prompt
}
