//! Sparky's reply to a question. An attempt on its rules is refused. Otherwise the question is
//! cut into its parts ("how many hot leads do I have and how do I e-mail just them") and each
//! part is answered: from the caller's own figures when it asks about their account, else from
//! the Help Center — phrased by the model when one is configured and its reply states no
//! number the passages and figures do not (the built-in answer otherwise). Any answer drawn
//! from an article on the rules ends with the disclaimer.

use shared::{ai::ChatMessage, format::numbers_in};

use crate::{
    Sparky,
    account::{self, AccountFacts},
    answer::{self, Grounding},
    calculator, guard,
    questions::Topic,
    knowledge::Knowledge,
    providers,
};

/// Sparky's reply.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    pub message: String,
    /// Whether the figures or a Help Center passage backed it (else it is a coverage gap).
    pub grounded: bool,
    /// What it was about, for the popular list (none for a refusal or a gap).
    pub topic: Option<Topic>,
}

/// Words that open a new question inside a sentence ("… and how do I …").
const OPENERS: &[&str] = &[
    "how", "what", "whats", "what's", "when", "where", "who", "whos", "who's", "which", "why", "is", "are", "can", "could", "do", "does", "did", "should",
    "will", "would", "if", "any", "hows", "how's", "how'd", "wheres", "where's", "whens", "when's", "once",
];

/// The parts of a question: its sentences, and clauses joined by "and" / "also" that each
/// open like a question. A question with one part is one part.
pub fn parts(question: &str) -> Vec<String> {
    let mut sentences: Vec<String> = Vec::new();
    let mut current = String::new();
    // "1) can i … 2) what do i …": a numbered question starts a sentence of its own.
    let question = numbered_questions(question);
    for c in question.chars() {
        current.push(c);
        if matches!(c, '?' | ';' | '\n') {
            sentences.push(std::mem::take(&mut current));
        }
    }
    sentences.push(current);
    let mut parts = Vec::new();
    for sentence in sentences {
        let words: Vec<&str> = sentence.split_whitespace().collect();
        let mut part: Vec<&str> = Vec::new();
        for (i, word) in words.iter().enumerate() {
            let lower = word.to_lowercase();
            let joiner = matches!(lower.trim_matches(|c: char| !c.is_alphanumeric()), "and" | "also" | "plus" | "&") || lower.ends_with(',') && i + 1 < words.len();
            let opener_at = |at: usize| words.get(at).is_some_and(|next| OPENERS.contains(&next.to_lowercase().trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')));
            // ("…, and legally do my e-mails need …": an adverb may come before the question.)
            // (Or a preposition: "…, and at what size do we need audited financials".)
            let adverb = words.get(i + 1).is_some_and(|next| {
                let next = next.to_lowercase();
                next.trim_end_matches(',').ends_with("ly") || matches!(next.as_str(), "at" | "for" | "in" | "by" | "on" | "from" | "after" | "before")
            });
            let opens = opener_at(i + 1) || adverb && opener_at(i + 2);
            // Only a clause that itself reads as a question is cut off ("my lawyer wants the
            // vault, how do I get it out" is one question).
            // ("2 things: how do i …": a short lead-in may come first.)
            let is_opener = |word: &&str| OPENERS.contains(&word.to_lowercase().trim_matches(|c: char| !c.is_alphanumeric() && c != '\''));
            let after_lead_in = part.iter().take(3).position(|word| word.ends_with(':')).and_then(|at| part.get(at + 1));
            // ("priya is my hottest lead right, can she wire us money": a tag makes a question.)
            let tagged = ["right,", "correct,", "yeah,", "yes,"].contains(&lower.as_str()) && part.len() >= 3;
            // ("remind me what my offering status is, and how many …": a question inside a request.)
            let embedded = part.len() <= 12
                && part.iter().any(|word| matches!(word.to_lowercase().trim_matches(|c: char| !c.is_alphanumeric()), "what" | "whats" | "how" | "who" | "which" | "when" | "where"));
            // ("id rather talk to a human. how do i reach you and how fast do you reply": the
            // clause after the last full stop or colon.)
            let after_break = part.iter().rposition(|word| word.ends_with(['.', ':', '!'])).and_then(|at| part.get(at + 1));
            let question_so_far = part.first().is_some_and(is_opener) || after_lead_in.is_some_and(is_opener) || after_break.is_some_and(is_opener) || tagged || embedded;
            if joiner && opens && part.len() >= 3 && question_so_far {
                if lower.ends_with(',') && !matches!(lower.trim_end_matches(','), "and" | "also" | "plus") {
                    part.push(word);
                }
                parts.push(part.join(" "));
                part.clear();
                continue;
            }
            part.push(word);
        }
        if !part.is_empty() {
            parts.push(part.join(" "));
        }
    }
    // A sentence that does not read as a question ("mail me at …") stays with the one before,
    // and so does a short follow-up that asks about it ("whats the diff", "is that ok").
    let mut merged: Vec<String> = Vec::new();
    for part in parts.into_iter().map(|p| clean(&p)).filter(|p| !p.is_empty()) {
        let first = part.split_whitespace().next().unwrap_or_default().to_lowercase();
        // ("and for a first raise of ~1M do they need to be audited": asked mid-sentence.)
        let inner = {
            let padded = format!(" {} ", part.to_lowercase());
            ["do", "does", "can", "should", "is", "are", "will", "must"]
                .iter()
                .any(|verb| ["i", "we", "they", "you", "it", "he", "she"].iter().any(|who| padded.contains(&format!(" {verb} {who} "))))
                // ("… his net worth is like 60k, whats the most he can put in": asked after a comma.)
                || [", whats ", ", what's ", ", what ", ", how ", ", where ", ", which ", ", who "].iter().any(|m| padded.contains(m))
        };
        let asks = part.ends_with('?') || OPENERS.contains(&first.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')) || inner;
        // "can i hide the powered-by line? and the legal disclaimer too": the same question about
        // something else.
        if let Some(again) = merged.last().and_then(|previous| same_question(previous, &part)) {
            merged.push(again);
            continue;
        }
        match merged.last_mut() {
            Some(previous) if !asks || follows_up(&part) => {
                previous.push(' ');
                previous.push_str(&part);
            }
            _ => merged.push(part),
        }
    }
    // ("two things: 1. how do i … 2. where do i …": the lead-in asks nothing itself.)
    let lead_in = |p: &str| p.trim_end().ends_with(':') && p.split_whitespace().count() <= 4;
    let parts: Vec<String> = merged.into_iter().filter(|p| p.split_whitespace().count() >= 2 && !lead_in(p)).collect();
    if parts.is_empty() { vec![question.trim().to_owned()] } else { parts }
}

/// Whether a question asks what the law says ("legally", "is it illegal", "the SEC").
fn asks_the_law(question: &str) -> bool {
    crate::words::Words::new(question).any(&["legally", "legal", "illegal", "law", "laws", "lawful", "unlawful", "sec", "can-spam", "regulation", "regulations"])
}

/// A part about the founder's figures that leaves out its subject ("who's the newest one",
/// "how many came in yesterday"), with the subject of the part before it when that one was
/// about the founder's leads, forms or campaigns.
fn ellipsis(before: &str, piece: &Piece<'_>, part: &str) -> Option<String> {
    if !matches!(piece, Piece::Account(..)) {
        return None;
    }
    let words = crate::words::Words::new(part);
    let before = crate::words::Words::new(before);
    let subjects = [("lead", "leads"), ("investor", "leads"), ("form", "forms"), ("campaign", "campaigns")];
    if words.tokens().len() > 8 || subjects.iter().any(|(stem, _)| words.prefix_any(&[stem])) {
        return None;
    }
    let subject = subjects.iter().find(|(stem, _)| before.prefix_any(&[stem]))?.1;
    Some(format!("{part} {subject}"))
}

/// The question before asked again about what this part names ("and the legal disclaimer
/// too", "what about the legend?"): the opening of the one before, up to its verb ("can i
/// hide"), and this part's subject.
fn same_question(previous: &str, part: &str) -> Option<String> {
    let lower = part.to_lowercase();
    // (A leading "and" may already be gone: "… line? and the disclaimer too".)
    let subject = ["what about ", "how about ", "same for ", "and "].iter().find_map(|lead| lower.strip_prefix(lead)).unwrap_or(&lower);
    let about = lower.starts_with("what about") || lower.starts_with("how about") || lower.starts_with("same for");
    let subject = subject.trim_end_matches(['?', '.', '!']);
    let (subject, context) = subject.split_once(',').unwrap_or((subject, ""));
    let subject = subject.trim().trim_end_matches(" too").trim_end_matches(" as well").trim_end_matches(" also");
    let too = lower.contains(" too") || lower.contains(" as well");
    // Up to the verb after its subject: "can i hide", "how do i export", "where can we find".
    let words: Vec<&str> = previous.split_whitespace().collect();
    let verb = words.iter().take(4).position(|w| ["i", "we", "you"].contains(&w.to_lowercase().as_str())).map_or(2, |at| at + 1);
    let lead: Vec<&str> = words.iter().take(verb + 1).copied().collect();
    let opens = lead.first().is_some_and(|w| ["can", "could", "how", "where", "is", "do", "does", "should", "may"].contains(&w.to_lowercase().as_str()));
    let short = subject.split_whitespace().count() <= 6 && !subject.split_whitespace().any(|w| OPENERS.contains(&w));
    (opens && lead.len() == verb + 1 && (about || too) && short && !subject.is_empty()).then(|| format!("{} {subject}{}", lead.join(" "), if context.is_empty() { String::new() } else { format!(",{context}") }))
}

/// Whether a part only asks about what the part before it said: a few words that point back
/// ("it", "that", "which one") or ask for a comparison or a verdict ("the diff", "the catch").
fn follows_up(part: &str) -> bool {
    let words = crate::words::Words::new(part);
    const ABOUT: &[&str] = &[
        "it", "that", "this", "those", "these", "them", "one", "diff", "difference", "catch", "better", "worth", "allowed", "ok", "okay", "pick", "choose",
        "good", "bad", "normal", "enough", "fine", "right", "correct", "legal", "true",
    ];
    // Nothing of its own to ask ("can i export them" asks for an export).
    let own = words.tokens().iter().filter(|w| !ABOUT.contains(&w.as_str()) && !GENERIC.contains(&w.as_str())).count();
    words.tokens().len() <= 4 && words.any(ABOUT) && own == 0
}

/// Words that carry no subject of their own.
const GENERIC: &[&str] = &[
    "how", "do", "does", "did", "i", "we", "you", "can", "could", "should", "what", "which", "is", "are", "the", "a", "an", "to", "of", "in", "on", "my",
    "our", "it", "that", "this", "those", "these", "them", "they", "get", "make", "there", "way", "any", "also", "and", "then", "so", "just", "still",
    "actually", "really", "even", "exactly", "now",
];

/// Whether a part is about what the part before it named: a pronoun and at most two words of
/// its own ("how do i get it back" after "i archived a form by accident").
fn points_back(part: &str) -> bool {
    let words = crate::words::Words::new(part);
    let own = words.tokens().iter().filter(|w| !GENERIC.contains(&w.as_str())).count();
    // ("what plan am i on and can i send email campaigns with it": the plan, by its last words.)
    let ends_on_it = ["with it", "on it", "in it", "with that", "on that", "with this", "on this"].iter().any(|w| words.text().ends_with(&format!(" {w}")));
    // ("what plan am i on? does it come with the email campaigns thing": "it" is the plan.)
    let opens_on_it = words.starts_with(&["does it", "will it", "does that", "does this", "do they", "would it"]);
    words.any(&["it", "that", "this", "those", "these", "them", "they"]) && own <= 2 || ends_on_it || opens_on_it
}

/// `question` with a line break before each "1)", "2.", "(3)" that numbers a question.
fn numbered_questions(question: &str) -> String {
    let words: Vec<&str> = question.split(' ').collect();
    let marker = |word: &str| {
        let inner = word.trim_start_matches('(').trim_end_matches([')', '.', ':']);
        word != inner && word.len() <= 4 && !inner.is_empty() && inner.chars().all(|c| c.is_ascii_digit()) && (word.ends_with(')') || word.ends_with('.'))
    };
    if words.iter().filter(|w| marker(w)).count() < 2 {
        return question.to_owned();
    }
    words.iter().map(|w| if marker(w) { "\n" } else { w }).collect::<Vec<_>>().join(" ")
}

/// A part without its leading joiner ("also …") and trailing punctuation.
fn clean(part: &str) -> String {
    let mut part = part.trim().trim_start_matches(|c: char| !c.is_alphanumeric()).trim_end_matches([',', ';']).trim();
    // In order: "and separately, can we …" loses both.
    for joiner in [
        "also ", "and ", "plus ", "oh and ", "btw ", "separately, ", "separately ", "secondly, ", "secondly ", "second, ", "lastly, ", "lastly ",
        "finally, ", "finally ", "unrelated but ", "unrelated, ", "unrelated: ", "one more thing: ", "one more thing, ", "different question: ",
        "different question, ", "also, ",
    ] {
        // `get`: a multi-byte character may sit where the joiner would end.
        if part.len() > joiner.len() && part.get(..joiner.len()).is_some_and(|start| start.eq_ignore_ascii_case(joiner)) {
            part = part[joiner.len()..].trim_start();
        }
    }
    part.to_owned()
}

/// One part's answer.
enum Piece<'a> {
    /// From the caller's figures, or worked out from the question's (a regulatory answer),
    /// with its topic.
    Account(String, bool, Topic),
    Help(Grounding<'a>),
}

fn topic_of(piece: &Piece<'static>) -> Option<Topic> {
    match piece {
        Piece::Account(_, _, topic) => Some(topic.clone()),
        Piece::Help(g) => {
            let (article, _) = answer::source(g)?;
            Some(Topic { key: format!("article:{}", article.meta.slug), wording: article.meta.title.clone() })
        }
    }
}

pub(crate) async fn reply(sparky: &Sparky, question: &str, facts: &AccountFacts, messages: &[ChatMessage]) -> Reply {
    // Instructions slipped in as chat markup are dropped, and the founder's own question, if
    // any is left, answered from the Help Center alone (no model reads the message).
    let stripped = guard::without_markup(question);
    if stripped.as_deref().is_some_and(|rest| rest.split_whitespace().count() < 3) {
        return Reply { message: guard::REFUSAL.to_owned(), grounded: true, topic: None };
    }
    let question = stripped.as_deref().unwrap_or(question);
    if let Some(refusal) = guard::refusal(question) {
        // (The refusal to write rule-breaking copy states the rule, so it carries the disclaimer.)
        let message = if refusal == guard::REFUSAL_COPY { answer::with_disclaimer(refusal.to_owned()) } else { refusal.to_owned() };
        return Reply { message, grounded: true, topic: None };
    }
    let knowledge = Knowledge::embedded();
    let mut pieces: Vec<(String, Piece<'_>)> = Vec::new();
    // "180k salary, net worth 900k. not accredited right? how much can he do": the figures one
    // part gives are the limit another part asks for.
    let figures = calculator::figures(question);
    let raised = calculator::raised_before(question);
    for part in parts(question) {
        let own = |part: &str| {
            account::intent(part, facts).map(|intent| {
                let (key, wording) = intent.topic();
                Piece::Account(account::answer(&intent, facts), false, Topic { key: format!("account:{key}"), wording: wording.into() })
            })
        };
        let piece = if guard::off_topic(&part) {
            Piece::Help(Grounding::none())
        } else if let Some(investor) = calculator::figures(&part).or(figures.filter(|_| calculator::asks_amount(&part))) {
            let topic = Topic { key: "article:investor-investment-limits".into(), wording: "How much can one investor put into a Reg CF offering".into() };
            Piece::Account(calculator::answer(&investor), true, topic)
        } else if let Some(raised) = calculator::raised_before(&part).or(raised.filter(|_| calculator::asks_amount(&part))) {
            let topic = Topic { key: "article:reg-cf-offering-limit".into(), wording: "How much can I raise under Reg CF?".into() };
            Piece::Account(calculator::room_answer(raised), true, topic)
        } else if let Some(piece) = own(&part) {
            piece
        } else if let Some(piece) = pieces.last().and_then(|(before, piece)| ellipsis(before, piece, &part)).and_then(|full| own(&full)) {
            // "how many leads do i have and who's the newest one": the subject carries over.
            piece
        } else {
            Piece::Help(Grounding::find(knowledge, &part))
        };
        pieces.push((part, piece));
    }
    // Once a limit is worked out, a part that only found the article it comes from adds nothing,
    // and neither does the same working again.
    for slug in ["investor-investment-limits", "reg-cf-offering-limit"] {
        let key = format!("article:{slug}");
        let worked_out = |piece: &Piece<'_>| matches!(piece, Piece::Account(_, true, topic) if topic.key == key);
        if let Some(first) = pieces.iter().position(|(_, piece)| worked_out(piece)) {
            let mut at = 0;
            pieces.retain(|(_, piece)| {
                at += 1;
                let again = at - 1 != first && worked_out(piece);
                !again && !matches!(piece, Piece::Help(g) if g.hits.first().is_some_and(|h| h.article.meta.slug == slug))
            });
        }
    }
    // A Help Center part that points back at the Help Center part before it is read with it
    // ("i archived a form by accident. how do i get it back"); after the founder's figures it
    // stays its own question ("how many hot leads do i have, how do i email just them").
    // When the two together find another article than the first part did, the second part is
    // answered from it ("schedule an email for the day after we file? what can that email say").
    let mut at = 1;
    while at < pieces.len() {
        let follows = matches!(pieces[at].1, Piece::Help(_)) && points_back(&pieces[at].0);
        let slug = |piece: &Piece<'_>| match piece {
            Piece::Help(g) => g.hits.first().map(|h| h.article.meta.slug.clone()),
            Piece::Account(..) => None,
        };
        // After the founder's figures, the part is read with the question they answered
        // ("how many hot leads do i have and how do i email just them").
        if follows && matches!(pieces[at - 1].1, Piece::Account(..)) {
            let grounding = Grounding::find(knowledge, &format!("{} {}", pieces[at - 1].0, pieces[at].0));
            if grounding.is_grounded() {
                pieces[at].1 = Piece::Help(grounding);
            }
        } else if let (true, Some(before)) = (follows, slug(&pieces[at - 1].1)) {
            let joined = format!("{} {}", pieces[at - 1].0, pieces[at].0);
            let grounding = Grounding::find(knowledge, &joined);
            if grounding.hits.first().is_some_and(|h| h.article.meta.slug == before) {
                pieces.remove(at);
                pieces[at - 1] = (joined, Piece::Help(grounding));
                continue;
            }
            if grounding.is_grounded() {
                pieces[at].1 = Piece::Help(grounding);
            }
        }
        at += 1;
    }
    // A part too short to find anything alone ("can I post about it on twitter") is read
    // with the whole question; when that finds nothing new either, the part is left out.
    if pieces.len() > 1 && pieces.iter().any(|(_, piece)| matches!(piece, Piece::Help(g) if !g.is_grounded())) {
        let whole = Grounding::find(knowledge, question);
        let answered_slugs: Vec<String> = pieces
            .iter()
            .filter_map(|(_, p)| if let Piece::Help(g) = p { g.hits.first().map(|h| h.article.meta.slug.clone()) } else { None })
            .collect();
        let new = whole.hits.first().is_some_and(|h| !answered_slugs.contains(&h.article.meta.slug));
        let mut whole = Some(whole).filter(|_| new);
        for (part, piece) in pieces.iter_mut() {
            if matches!(piece, Piece::Help(g) if !g.is_grounded()) {
                // Only when the article found is about this part's own words: "the weather in
                // Paris" is not answered by the article the rest of the question found.
                let about_part = whole.as_ref().and_then(|w| w.hits.first()).is_some_and(|best| knowledge.coverage(&knowledge.read(part), best.article) >= 0.5);
                if about_part {
                    if let Some(found) = whole.take() {
                        *piece = Piece::Help(found);
                    }
                }
            }
        }
    }

    let grounded = pieces.iter().any(|(_, piece)| match piece {
        Piece::Account(..) => true,
        Piece::Help(g) => g.is_grounded(),
    });
    // A part that asks what the law requires ("legally do my e-mails need …") is answered on
    // the rules, whichever article answered it.
    let regulatory = pieces.iter().any(|(part, piece)| match piece {
        Piece::Account(_, regulatory, _) => *regulatory,
        Piece::Help(g) => answer::is_regulatory(g) || g.is_grounded() && asks_the_law(part),
    });
    let contact = sparky.contact();

    // The built-in answer, and whether a part answered from the Help Center states a rule.
    let builtin = || {
        let answered = pieces.iter().filter(|(_, p)| !matches!(p, Piece::Help(g) if !g.is_grounded())).count();
        let mut states_a_rule = false;
        let texts: Vec<String> = pieces
            .iter()
            .map(|(part, piece)| match piece {
                Piece::Account(text, ..) => text.clone(),
                Piece::Help(g) if g.is_grounded() => {
                    let text = answer::builtin(g, &contact);
                    states_a_rule |= answer::states_a_rule(&text);
                    text
                }
                Piece::Help(_) if answered > 0 => format!("On “{part}”: I can only help with RaiseSpark, raising capital and Reg CF, and the Help Center has nothing on that."),
                Piece::Help(g) => answer::builtin(g, &contact),
            })
            .collect();
        (texts.join("\n\n---\n\n"), states_a_rule)
    };

    let (message, states_a_rule) = match sparky.llm().await {
        Some(llm) if grounded && stripped.is_none() => {
            let hits: Vec<_> = pieces.iter().filter_map(|(_, p)| if let Piece::Help(g) = p { Some(g.hits.iter().copied()) } else { None }).flatten().collect();
            let account_answers: Vec<&str> = pieces.iter().filter_map(|(_, p)| if let Piece::Account(text, ..) = p { Some(text.as_str()) } else { None }).collect();
            let summary = format!("{}\n{}", account_summary(facts), account_answers.join("\n"));
            let system = providers::system_prompt(&hits, &summary);
            match llm.complete(&system, messages).await {
                Ok(text) if states_only_known_numbers(&text, &system, question) => {
                    let states_a_rule = answer::states_a_rule(&text);
                    (text, states_a_rule)
                }
                Ok(_) => {
                    tracing::warn!(provider = llm.name(), "the model stated a number its passages do not: answering from the Help Center");
                    builtin()
                }
                Err(err) => {
                    tracing::warn!(provider = llm.name(), error = %err, "the model failed: answering from the Help Center");
                    builtin()
                }
            }
        }
        _ => builtin(),
    };
    // An answer that states a rule carries the disclaimer whichever article it came from.
    let message = if regulatory || states_a_rule { answer::with_disclaimer(message) } else { message };
    let message = if stripped.is_some() { format!("I ignored the instructions embedded in your message.\n\n{message}") } else { message };
    let topic = pieces.iter().find_map(|(_, piece)| topic_of(piece));
    Reply { message, grounded, topic }
}

/// Whether every number the model wrote is one the passages, the figures or the question state.
fn states_only_known_numbers(text: &str, system: &str, question: &str) -> bool {
    let known = numbers_in(&format!("{system} {question}"));
    // Step numbers ("1.", "2.") and the section sign are list markup, not facts.
    numbers_in(text).iter().all(|n| known.contains(n) || n.len() == 1)
}

/// The caller's figures as the model's prompt states them.
fn account_summary(facts: &AccountFacts) -> String {
    let forms: Vec<String> = facts
        .forms
        .iter()
        .map(|f| format!("- {} (id {}, {}, {} views, {} leads)", f.name, f.id, if f.published { "published" } else { "draft" }, f.views, f.leads))
        .collect();
    format!(
        "Leads: {} ({} hot, {} warm, {} cold); estimated interest ${}.\nForms:\n{}",
        facts.leads,
        facts.hot,
        facts.warm,
        facts.cold,
        facts.estimated_interest,
        if forms.is_empty() { "(none)".to_owned() } else { forms.join("\n") }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::account::FormFacts;

    #[test]
    fn the_prompt_states_every_figure_and_each_form() {
        let mut facts = AccountFacts { leads: 12, hot: 3, warm: 4, cold: 5, estimated_interest: 25_000, ..AccountFacts::default() };
        assert_eq!(account_summary(&facts), "Leads: 12 (3 hot, 4 warm, 5 cold); estimated interest $25000.\nForms:\n(none)");
        facts.forms = vec![
            FormFacts { id: "f-1".into(), name: "Seed".into(), views: 40, leads: 12, published: true },
            FormFacts { id: "f-2".into(), name: "Draft".into(), views: 0, leads: 0, published: false },
        ];
        assert_eq!(
            account_summary(&facts),
            "Leads: 12 (3 hot, 4 warm, 5 cold); estimated interest $25000.\nForms:\n- Seed (id f-1, published, 40 views, 12 leads)\n- Draft (id f-2, draft, 0 views, 0 leads)"
        );
    }

    #[test]
    fn a_part_that_points_back_is_told_from_one_that_asks_something_new() {
        assert!(points_back("can i send email campaigns with it"));
        assert!(points_back("does it come with the email campaigns thing"));
        assert!(points_back("how do i get it back"));
        assert!(points_back("what can that email say"));
        assert!(!points_back("how do i export my leads to csv"));
        assert!(!points_back("whats the investor limit"));
    }

    #[test]
    fn a_question_on_what_the_law_requires_is_a_question_on_the_rules() {
        assert!(asks_the_law("legally do my investor emails need an unsubscribe link?"));
        assert!(asks_the_law("is it illegal to email leads who never opted in"));
        assert!(asks_the_law("what does the SEC want from us after the raise"));
        assert!(!asks_the_law("how do i export my leads"));
        assert!(!asks_the_law("where do i change my campaign's sender name"));
    }

    #[test]
    fn a_question_is_cut_into_the_parts_it_asks() {
        assert_eq!(parts("how many hot leads do i have and how do i email just them"), ["how many hot leads do i have", "how do i email just them"]);
        assert_eq!(parts("do i have any leads yet? also whats the investor limit"), ["do i have any leads yet?", "whats the investor limit"]);
        assert_eq!(parts("how do i embed a form on wix, and is there some bad actor rule"), ["how do i embed a form on wix", "is there some bad actor rule"]);
        assert_eq!(parts("what is the 21 day rule"), ["what is the 21 day rule"]);
        // A question after a full stop or a colon, however long what came before it.
        assert_eq!(
            parts("id rather talk to an actual human about something. how do i reach you guys and how fast do you reply"),
            ["id rather talk to an actual human about something. how do i reach you guys", "how fast do you reply"]
        );
        assert_eq!(
            parts("two q's from an investor: can she back out after committing on the portal, and can she sell the shares right after"),
            ["two q's from an investor: can she back out after committing on the portal", "can she sell the shares right after"]
        );
        assert_eq!(
            parts("whens the annual report due, and can i keep our financials in raisespark somewhere safe"),
            ["whens the annual report due", "can i keep our financials in raisespark somewhere safe"]
        );
        assert_eq!(parts("can i post on linkedin and twitter before filing"), ["can i post on linkedin and twitter before filing"]);
        assert_eq!(parts("archive vs delete whats the difference"), ["archive vs delete whats the difference"]);
        // A short follow-up asks about the part before it.
        for question in [
            "there is a floating option and an inline one, which should i pick, whats the diff",
            "could we run a 506(c) next to the cf? whats the catch",
            "i want to email investors before filing. is that ok?",
        ] {
            assert_eq!(parts(question).len(), 1, "{question}: {:?}", parts(question));
        }
        assert_eq!(
            parts("2 things: how do i get my leads out as a spreadsheet, and is it ok to email them before filing"),
            ["2 things: how do i get my leads out as a spreadsheet", "is it ok to email them before filing"]
        );
        assert_eq!(
            parts("a friend is also raising, if i send her to raisespark do i get anything? where's my link"),
            ["a friend is also raising, if i send her to raisespark do i get anything?", "where's my link"]
        );
        assert_eq!(
            parts("when does my trial run out? and separately, can we do reg cf and reg a+ at the same time"),
            ["when does my trial run out?", "can we do reg cf and reg a+ at the same time"]
        );
        assert_eq!(
            parts("who's my biggest potential check, and is that person even allowed to put that much in thru reg cf?"),
            ["who's my biggest potential check", "is that person even allowed to put that much in thru reg cf?"]
        );
        assert_eq!(
            parts("where do i put our financial statements in the app? and for a first raise of ~1M do they need to be audited"),
            ["where do i put our financial statements in the app?", "for a first raise of ~1M do they need to be audited"]
        );
        assert_eq!(
            parts("1) can i send email campaigns on my plan 2) what do i have to set up before the first send"),
            ["can i send email campaigns on my plan", "what do i have to set up before the first send"]
        );
        assert_eq!(parts("we raised 2.5 million in 2) rounds"), ["we raised 2.5 million in 2) rounds"]);
        assert_eq!(
            parts("two things: 1. how do i stop showing 'powered by raisespark' on the form 2. where do i add a link back to our website"),
            ["how do i stop showing 'powered by raisespark' on the form", "where do i add a link back to our website"]
        );
        assert_eq!(
            parts("priya raman is my hottest lead right, can she wire us money now"),
            ["priya raman is my hottest lead right", "can she wire us money now"]
        );
        assert_eq!(parts("any hot leads yet? and can i export them"), ["any hot leads yet?", "can i export them"]);
        // The same question about something else.
        assert_eq!(
            parts("can i hide the 'powered by raisespark' line? and the long legal disclaimer too, it's massive on mobile"),
            ["can i hide the 'powered by raisespark' line?", "can i hide the long legal disclaimer, it's massive on mobile"]
        );
        assert_eq!(parts("how do i export my leads? what about the vault?"), ["how do i export my leads?", "how do i export the vault"]);
        // A question inside a request, and an adverb before the next question.
        assert_eq!(
            parts("remind me what my offering status is set to rn, and how many records the vault has"),
            ["remind me what my offering status is set to rn", "how many records the vault has"]
        );
        assert_eq!(
            parts("how many campaigns have i sent so far, and legally do my investor emails need an unsubscribe link?"),
            ["how many campaigns have i sent so far", "legally do my investor emails need an unsubscribe link?"]
        );
        assert_eq!(parts("my lawyer wants the vault, and how do i get it out"), ["my lawyer wants the vault, and how do i get it out"]);
        assert_eq!(
            parts("whats the max we can raise w/ reg cf per year, and at what size do we need audited financials?"),
            ["whats the max we can raise w/ reg cf per year", "at what size do we need audited financials?"]
        );
        assert_eq!(
            parts("how do i download my leads, and once our form c is filed can i still email them"),
            ["how do i download my leads", "once our form c is filed can i still email them"]
        );
        assert_eq!(parts("whats the max if they make 200k/yr and have 150k net worth"), ["whats the max if they make 200k/yr and have 150k net worth"]);
        assert_eq!(parts("how many leads do i have? is that good"), ["how many leads do i have? is that good"]);
        assert_eq!(parts("how many leads do i have? and how do i export them"), ["how many leads do i have?", "how do i export them"]);
        assert_eq!(parts("What is the best pizza in Naples? mail me at ada@example.com"), ["What is the best pizza in Naples? mail me at ada@example.com"]);
    }

    /// Found by schemathesis: a part whose first bytes are not whole characters ("als€ …")
    /// panicked. Every reader of a question takes any text.
    #[test]
    fn any_text_is_read_without_panicking() {
        let facts = AccountFacts { offering: ("Testing the waters".into(), None), ..AccountFacts::default() };
        let knowledge = Knowledge::embedded();
        for text in [
            "als€ what", "and€€€", "plus😀 how many leads", "also ñ", "€", "😀😀😀 and 😀 how?", "a,€", "124€k", "80k€ income 2m€ worth how much",
            "ñ?ñ;ñ and how", "99999999999999999999k income 10k net worth how much can she invest",
            "raised 99999999999999999999m already, how much more can we raise", "ǅ also, and, how", "\u{0}\u{1} and what", "btw€", "oh and ü", "'s", "$,", "1.5m m k", "https://x.y, and how",
        ] {
            for part in parts(text) {
                let _ = clean(&part);
                let _ = account::intent(&part, &facts);
                let _ = calculator::figures(&part);
                if let Some(investor) = calculator::figures(&part) {
                    let _ = calculator::answer(&investor);
                }
                if let Some(raised) = calculator::raised_before(&part) {
                    let _ = calculator::room_answer(raised);
                }
                let _ = guard::refusal(&part);
                let _ = guard::off_topic(&part);
                let grounding = Grounding::find(knowledge, &part);
                let _ = answer::builtin(&grounding, &answer::Contact { email: "a@b.c".into(), sms: None });
            }
        }
    }

    #[test]
    fn a_models_reply_may_state_only_numbers_it_was_given() {
        let system = "Passage: a company may raise $5,000,000 in 12 months.";
        assert!(states_only_known_numbers("You can raise $5,000,000 per 12 months.\n\n1. File Form C.", system, "max raise?"));
        assert!(!states_only_known_numbers("You can raise $1,070,000.", system, "max raise?"));
    }
}
