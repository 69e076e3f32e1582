//! The built-in provider: the answer stated first, in the one or two sentences (or the list of
//! steps) of the Help Center that answer the question, then the article it comes from — or a
//! plain "I don't know" with the contact links when nothing in the Help Center matches, never
//! a guess.

use std::collections::HashSet;

use crate::{
    knowledge::{Hit, Knowledge, Unit},
    meaning::{Encoder, Vector},
};

/// A question is grounded when its best article's confidence — its score (BM25 of the best
/// passage, plus the article card and its best-matching founder phrasing) times the share of the
/// question's words the article uses or a synonym explains — reaches this. Measured with
/// `tests/api/retrieval.rs` (`threshold_margins`): the weakest of the 106 questions of
/// `eval/questions.json` scores 13.99, the strongest off-topic one 6.84 ("what is the capital
/// of australia": one strong shared word, "capital"); the threshold sits between them, nearer
/// the off-topic side (terse real questions score lower than those of that set).
pub const MIN_CONFIDENCE: f32 = 9.0;
/// A question is also grounded when an article means what it asks, in other words: its
/// nearest sentence, card or founder phrasing reaches this cosine similarity. The off-topic
/// questions of `tests/api/retrieval.rs` reach at most 0.32, the weakest real ones about 0.40;
/// chosen with the two independent sets' tuning parts (`make test`), never the held-out one.
pub const MIN_SIMILARITY: f32 = 0.45;
/// How much a unit's similarity to the question (above 0.2) adds to its words' score.
const UNIT_MEANING_WEIGHT: f32 = 20.0;
/// How much more a section with numbered steps counts for a "how" question.
const STEPS_BOOST: f32 = 2.0;

/// Added by the server to every answer drawn from an article on the rules, whichever article
/// or provider answered (a model's own caveat does not replace it).
pub const DISCLAIMER: &str = "General information, not legal advice — confirm with your securities counsel.";

/// `message`, with the disclaimer as its last line (once: a reply that already ends with it
/// is left as it is).
pub fn with_disclaimer(message: String) -> String {
    if message.contains(DISCLAIMER) { message } else { format!("{message}\n\n_{DISCLAIMER}_") }
}

/// The article the built-in answer is taken from, and its chosen units.
pub fn source(grounding: &Grounding<'static>) -> Option<(&'static crate::knowledge::Article, Vec<&'static Unit>)> {
    if !grounding.is_grounded() {
        return None;
    }
    let knowledge = Knowledge::embedded();
    let (article, units) = choose(knowledge, grounding, &grounding.query)?;
    Some((&knowledge.articles[article], units))
}

/// Whether an answer drawn from this grounding is on the rules: the article its answer is
/// taken from is, or the article that best matches the question is (a question on the rules
/// answered from a product article still gets the disclaimer).
pub fn is_regulatory(grounding: &Grounding<'_>) -> bool {
    let knowledge = Knowledge::embedded();
    grounding.hits.first().is_some_and(|best| best.article.meta.regulatory)
        || choose(knowledge, grounding, &grounding.query).is_some_and(|(article, _)| knowledge.articles[article].meta.regulatory)
}

/// Whether an answer's own text states something about the securities rules (a rule, a form
/// filed with the SEC, an exemption, who may invest): such an answer carries the disclaimer
/// whichever article or provider it came from. Its "Source" line and link targets are not read
/// (a related article's title is not a statement).
pub fn states_a_rule(answer: &str) -> bool {
    let body: String = answer.lines().filter(|line| !line.starts_with("Source: [")).collect::<Vec<_>>().join("\n");
    // Whole words only ("the form card" does not name Form C).
    let words: Vec<String> =
        strip_link_targets(&body).to_lowercase().split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_owned).collect();
    let text = format!(" {} ", words.join(" "));
    let numbered_rule = words.windows(2).any(|pair| pair[0] == "rule" && pair[1].len() == 3 && pair[1].chars().all(|c| c.is_ascii_digit()));
    numbered_rule
        || [
            "form c", "reg cf", "regulation crowdfunding", "reg a", "regulation a", "regulation d", "506", "securities act", "sec", "accredited investor",
            "accredited investors", "funding portal", "funding portals", "intermediary", "17 cfr",
        ]
        .iter()
        .any(|marker| text.contains(&format!(" {marker} ")))
}

/// `text` without its Markdown links' targets: "[Raise Capital](/raise-capital)" → "[Raise Capital]".
fn strip_link_targets(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        out.push_str(&rest[..=at]);
        rest = &rest[at + 2..];
        rest = rest.find(')').map_or("", |end| &rest[end + 1..]);
    }
    out.push_str(rest);
    out
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
    /// The best article's three best sections, in reading order (what a model is given).
    pub sections: Vec<Hit<'a>>,
    /// The question as the index read it (see `Knowledge::query`).
    pub query: String,
    /// What the question means (`meaning`), when it was read.
    pub meaning: Option<Vector>,
}

impl<'a> Grounding<'a> {
    pub fn find(knowledge: &'a Knowledge, question: &str) -> Self {
        let read = knowledge.read(question);
        let meaning = Encoder::get().encode(&read.corrected);
        let query = read.expanded.clone();
        let question = query.as_str();
        let mut hits = knowledge.rank_articles(question, Some(&meaning), 3);
        let grounded = hits
            .first()
            .is_some_and(|best| best.lexical * knowledge.coverage(&read, best.article) >= MIN_CONFIDENCE || best.similarity >= MIN_SIMILARITY);
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
        Self { hits, sections, query, meaning: Some(meaning) }
    }

    /// Nothing found (a question that is not for the Help Center).
    pub fn none() -> Self {
        Self { hits: Vec::new(), sections: Vec::new(), query: String::new(), meaning: None }
    }

    pub fn is_grounded(&self) -> bool {
        !self.hits.is_empty()
    }
}

/// What a question asks for, beyond its words.
#[derive(Debug, Clone, Default)]
struct Wants {
    /// A figure: an amount, a limit, a count of days.
    figure: bool,
    /// Steps: "how do I …".
    steps: bool,
    /// A place in the app: "where is …".
    place: bool,
    /// The one amount of money the question names ("raising 100k"), in dollars.
    amount: Option<f64>,
    /// A comparison: "506b vs 506c", "tier 1 or tier 2", "what's the difference".
    compare: bool,
    /// What a "what is …" question asks to have defined ("a funding portal"), as stems.
    define: Option<Vec<String>>,
    /// Taking something back, asked how or whether it can be: "how do i delete it", "can i
    /// still edit it", "theres no delete button".
    reverse: bool,
    /// An obligation: "do i need a disclaimer", "what am i supposed to say".
    obligation: bool,
}

/// Whether a sentence states an obligation ("must", "is required", "needs").
fn obliges(text: &str) -> bool {
    let lower = format!(" {} ", text.to_lowercase());
    [" must ", " required ", " requires ", " need ", " needs ", " have to ", " has to "].iter().any(|m| lower.contains(m))
}

/// Words of taking something back (deleting, undoing, editing what was done).
const REVERSING: &[&str] = &["delete", "deleted", "deleting", "remove", "erase", "undo", "undone", "revert", "reverse", "back", "backwards", "edit", "edited"];

/// Whether a sentence says something cannot be done ("can never go back", "cannot be deleted").
fn refuses(text: &str) -> bool {
    let lower = text.to_lowercase();
    ["cannot", "can't", "can never", "can only", "can no longer", "never be", "only moves forward", "only move forward", "is refused", "no way to"].iter().any(|m| lower.contains(m))
        || lower.starts_with("nothing")
}

impl Wants {
    fn of(question: &str) -> Self {
        let words = crate::words::Words::new(question);
        let figure = words.any(&["how much", "how many", "how long", "limit", "limits", "max", "maximum", "minimum", "min", "cap", "threshold", "thresholds", "when", "deadline", "days", "due"]);
        let steps = !figure
            && (words.starts_with(&["how", "how do", "how to", "how can", "can i", "where do i"])
                || words.any(&["steps", "how to", "how do i", "what do i do", "what should i do", "what do i change", "what do i need to do", "doing wrong", "what's wrong", "whats wrong", "how do i fix"]));
        let place = words.any(&["where", "find"]);
        // The amount raised, the largest in the question ("we only need 100k … accountant
        // quoted 15k"), within what Reg CF allows at all.
        let amount = amounts(question).iter().map(|a| a.0).filter(|a| (1_000.0..=shared::reg_cf::OFFERING_LIMIT as f64).contains(a)).reduce(f64::max);
        // A difference, or a choice between options ("which one should i pick").
        let compare = words.any(&["vs", "versus", "compare", "compared", "comparison", "difference", "differences", "diff", "differ", "each", "which one", "which should", "pick", "choose"]);
        // "what's a funding portal", "what is rule 241": a short term after "what is/are".
        let define = ["what is ", "what are ", "define ", "meaning of "].iter().find_map(|opener| {
            let term = words.text().strip_prefix(opener)?.trim_start_matches("a ").trim_start_matches("an ").trim_start_matches("the ");
            let stems = Knowledge::embedded().stems(term);
            (!stems.is_empty() && term.split_whitespace().count() <= 4).then_some(stems)
        });
        // Asked how, or whether it can be done, or found missing ("no delete button anywhere").
        let may = words.any(&["can i", "can we", "is it possible", "is there a way", "possible", "can i still", "no delete", "theres no", "there is no", "cant find", "can't find"]);
        // The founder's own undoing ("can i delete it", "how do i undo that"), not someone
        // else's ("my cofounder fears someone could edit the records").
        let tokens = words.tokens();
        let own = tokens.iter().enumerate().any(|(i, t)| {
            REVERSING.contains(&t.as_str()) && tokens[i.saturating_sub(3)..i].iter().any(|w| matches!(w.as_str(), "i" | "we" | "to" | "it"))
        });
        let reverse = own && (steps || may);
        let obligation = words.any(&["do i need", "do we need", "do i have to", "do we have to", "must i", "must we", "supposed to say", "required", "requirement", "requirements", "mandatory", "have to say", "need to say", "need to include"]);
        Self { figure, steps, place, amount, compare, define, reverse, obligation }
    }
}

/// The amounts of money a text names: "$124,000", "124,000.01", "100k", "1.5m", "$5 million".
fn amounts(text: &str) -> Vec<(f64, usize)> {
    let lower = text.to_lowercase();
    let bytes = lower.as_bytes();
    let mut found = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let starts = bytes[at].is_ascii_digit() && (at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'.'));
        if !starts {
            at += 1;
            continue;
        }
        let mut end = at;
        while end < bytes.len() && (bytes[end].is_ascii_digit() || (matches!(bytes[end], b',' | b'.') && bytes.get(end + 1).is_some_and(u8::is_ascii_digit))) {
            end += 1;
        }
        let Ok(mut value) = lower[at..end].replace(',', "").parse::<f64>() else {
            at = end;
            continue;
        };
        // "100 000": how the index writes out "100k".
        let mut grouped = false;
        while bytes.get(end) == Some(&b' ') && bytes.len() >= end + 4 && bytes[end + 1..end + 4].iter().all(u8::is_ascii_digit) && bytes.get(end + 4).is_none_or(|b| !b.is_ascii_digit()) {
            value = value * 1000.0 + lower[end + 1..end + 4].parse::<f64>().unwrap_or(0.0);
            end += 4;
            grouped = true;
        }
        let rest = lower[end..].trim_start_matches(' ');
        let dollar = at > 0 && bytes[at - 1] == b'$';
        let mut scaled = false;
        for (suffix, factor) in [("million", 1e6), ("m ", 1e6), ("k ", 1e3), ("thousand", 1e3)] {
            if rest.starts_with(suffix) || (suffix.ends_with(' ') && rest == suffix.trim_end()) {
                value *= factor;
                scaled = true;
                break;
            }
        }
        if dollar || scaled || grouped || lower[at..end].contains(',') {
            found.push((value, at));
        }
        at = end;
    }
    found
}

/// The range of amounts a sentence states a rule for: "more than $124,000 and up to $618,000",
/// "$124,000.01 to $618,000", "up to $124,000", "more than $618,000".
fn tier(text: &str) -> Option<(f64, f64)> {
    let lower = text.to_lowercase();
    let found = amounts(&lower);
    let before = |at: usize| lower[..at].trim_end_matches(['$', ' ']).to_owned();
    let (first, at) = *found.first()?;
    // "more than $618,000 …, except for a first-time issuer raising up to $1,235,000": an
    // exception names another range, not the end of this one.
    let joined = |second_at: usize| {
        let between = &lower[at..second_at];
        !between.contains("except") && !between.contains("unless") && between.split_whitespace().count() <= 6
    };
    match found.get(1) {
        Some((second, second_at)) if (before(*second_at).ends_with("up to") || before(*second_at).ends_with(" to")) && joined(*second_at) => Some((first.floor(), *second)),
        _ if ["up to", "below", "under", "less than"].iter().any(|w| before(at).ends_with(w)) || lower[at..].contains(" or less") => Some((0.0, first)),
        _ if ["more than", "above"].iter().any(|w| before(at).ends_with(w)) => Some((first, f64::INFINITY)),
        _ => None,
    }
}

/// How well a unit answers: the question's telling words it holds (IDF-weighted), more for
/// its section's heading, and for a figure, steps or a place when the question wants one.
fn unit_score(knowledge: &Knowledge, unit: &Unit, stems: &[String], wants: &Wants, meaning: Option<&Vector>) -> f32 {
    let mut score: f32 = stems.iter().filter(|s| unit.stems.contains(*s)).map(|s| knowledge.idf(s)).sum();
    // What it means, in whatever words.
    if let Some(meaning) = meaning {
        score += UNIT_MEANING_WEIGHT * (knowledge.unit_similarity(unit, meaning) - 0.2).max(0.0);
    }
    score += 0.5 * stems.iter().filter(|s| unit.heading_stems.contains(*s)).map(|s| knowledge.idf(s)).sum::<f32>();
    // The article's title is the context of every sentence in it ("Embed on Squarespace").
    let title = &knowledge.title_stems[knowledge.passages[unit.passage].article];
    score += 0.5 * stems.iter().filter(|s| title.contains(*s) && !unit.stems.contains(*s)).map(|s| knowledge.idf(s)).sum::<f32>();
    if score == 0.0 {
        return 0.0;
    }
    let text = &unit.text;
    if wants.figure && text.chars().any(|c| c.is_ascii_digit()) {
        score *= 1.35;
    }
    // "raising 100k, which financials": the tier whose range holds the amount, not its neighbours.
    if let (Some(amount), Some((low, high))) = (wants.amount, tier(text)) {
        score *= if amount > low && amount <= high { 1.6 } else { 0.6 };
    }
    // (Asked to undo something, steps that do something else are no answer: "uploaded the
    // wrong deck, how do i delete it" is not answered by the upload steps.)
    if wants.steps && unit.is_steps && !(wants.reverse && !crate::words::Words::new(text).any(REVERSING)) {
        score *= 1.5;
    }
    // "How do I delete it" is answered by "it can never be deleted" where that is the rule,
    // and not by a sentence that says nothing of undoing.
    if wants.reverse {
        let undoes = crate::words::Words::new(text).any(REVERSING);
        if refuses(text) && undoes {
            score *= 1.6;
        } else if !undoes {
            score *= 0.75;
        }
    }
    // "Do I need a disclaimer" is answered by the sentence that says what must be done.
    if wants.obligation && obliges(text) {
        score *= 1.25;
    }
    // A difference or a choice is answered by what sets the options apart, not by steps.
    if wants.compare && !wants.steps && unit.is_steps {
        score *= 0.7;
    }
    // "What is X" is answered by the sentence that says what X is ("A funding portal is …").
    if let Some(term) = &wants.define {
        if defines(knowledge, text, term) {
            score *= 1.5;
        }
    }
    if wants.place && (text.contains("](/") || text.contains("**")) {
        score *= 1.2;
    }
    // A section's first sentence states its answer.
    if unit.leads_passage {
        score *= 1.3;
    }
    // A long unit says more than the answer.
    let words = text.split_whitespace().count();
    if words > 70 {
        score *= 0.8;
    }
    // A bare fragment ("See below.") is not an answer.
    if words < 5 {
        score *= 0.5;
    }
    score
}

/// Whether a unit tells the founder what to do: numbered steps, or a sentence that says what
/// to click, open, choose, tick or paste.
fn actionable(unit: &Unit) -> bool {
    unit.is_steps || unit.text.to_lowercase().split(|c: char| !c.is_alphanumeric()).any(|w| matches!(w, "click" | "open" | "choose" | "tick" | "untick" | "paste"))
}

/// Whether a sentence defines the term: it opens with the term, then "is", "are", "means" or
/// "lets" ("A funding portal is an SEC-registered intermediary …").
fn defines(knowledge: &Knowledge, text: &str, term: &[String]) -> bool {
    let lower = text.to_lowercase();
    let Some(verb) = [" is ", " are ", " means ", " lets ", " allows "].iter().filter_map(|v| lower.find(v)).min() else {
        return false;
    };
    let subject = knowledge.stems(&lower[..verb]);
    subject.len() <= term.len() + 2 && term.iter().all(|stem| subject.contains(stem))
}

/// The boost steps get for a how-to (`unit_score`), given in full only to the best section's.
const STEPS_SECTION: f32 = 0.5;

/// The answer's units, in reading order, and the article they come from: the best unit of the
/// best three articles (the best article counts most), and a second unit of the same article
/// when it adds what the first lacks.
fn choose<'a>(knowledge: &'a Knowledge, grounding: &Grounding<'a>, question: &str) -> Option<(usize, Vec<&'a Unit>)> {
    let wants = Wants::of(question);
    let stems: Vec<String> = {
        let mut seen = HashSet::new();
        knowledge.stems(&grounding.query).into_iter().filter(|s| seen.insert(s.clone())).collect()
    };
    let index_of = |hit: &Hit<'_>| knowledge.articles.iter().position(|a| std::ptr::eq(a, hit.article));
    let top_article = grounding.hits.first().and_then(index_of);
    // Steps count more for a how-to as far as their section answers the question: not the
    // sender-identity steps for "make the e-mail say Hi Sarah" ("Personalise with merge
    // fields" answers it).
    // (By the sections' words: their scores already count steps more.)
    let section_best = grounding.sections.iter().map(|h| h.lexical).fold(0.0_f32, f32::max);
    let section = |unit: &Unit| {
        if !(wants.steps && unit.is_steps) || section_best <= 0.0 || Some(knowledge.passages[unit.passage].article) != top_article {
            return 1.0;
        }
        let passage = &knowledge.passages[unit.passage];
        let relative = grounding.sections.iter().find(|h| std::ptr::eq(h.passage, passage)).map_or(0.0, |h| h.lexical / section_best);
        (1.0 + STEPS_SECTION * relative) / (1.0 + STEPS_SECTION)
    };
    let mut best: Option<(f32, usize, &Unit)> = None;
    for (rank, hit) in grounding.hits.iter().enumerate() {
        let Some(article) = index_of(hit) else { continue };
        let mut weight = [1.0, 0.8, 0.65][rank.min(2)] * if rank > 0 && hit.score < grounding.hits[0].score * 0.6 { 0.7 } else { 1.0 };
        // A sibling of the best article ("Embed … on Wix" beside "Embed … on a plain HTML
        // website") answers only if it is about what the question names of the best one too:
        // not the Wix steps for a site of plain HTML files.
        if let Some(top) = top_article.filter(|top| *top != article) {
            let (mine, theirs) = (&knowledge.title_stems[article], &knowledge.title_stems[top]);
            let siblings = mine.intersection(theirs).count() >= 3;
            if siblings && theirs.iter().any(|s| stems.contains(s) && !mine.contains(s)) {
                weight *= 0.6;
            }
        }
        for unit in &knowledge.units[article] {
            let score = unit_score(knowledge, unit, &stems, &wants, grounding.meaning.as_ref()) * weight * section(unit);
            if best.is_none_or(|(b, _, _)| score > b) {
                best = Some((score, article, unit));
            }
        }
    }
    let (top, article, first) = best.filter(|(score, _, _)| *score > 0.0)?;
    let mut chosen = vec![first];
    // "A scheduled campaign can no longer be edited." is followed by what to do instead.
    let instead = refuses(&first.text)
        .then(|| knowledge.units[article].iter().find(|u| u.passage == first.passage && u.position == first.position + 1))
        .flatten()
        .filter(|u| u.text.split_whitespace().count() <= 60);
    if let Some(next) = instead {
        chosen.push(next);
    } else if !first.is_steps || first.text.len() < 160 {
        let missing: Vec<&String> = stems.iter().filter(|s| !first.stems.contains(*s)).collect();
        let second = knowledge.units[article]
            .iter()
            .filter(|u| u.position != first.position && !u.is_steps || (u.is_steps && wants.steps && !first.is_steps))
            .filter(|u| u.position != first.position)
            .map(|u| {
                let adds: f32 = missing.iter().filter(|s| u.stems.contains(**s)).map(|s| knowledge.idf(s)).sum();
                let next = if u.passage == first.passage && u.position == first.position + 1 { 0.35 * top } else { 0.0 };
                let score = unit_score(knowledge, u, &stems, &wants, grounding.meaning.as_ref());
                (adds * 1.2 + next + score * 0.5, score, u)
            })
            .max_by(|a, b| a.0.total_cmp(&b.0));
        // A comparison gets the other side too: the article's next best unit, when it is
        // nearly as good ("Tier 1 … $20 million" beside "Tier 2 … $75 million"); so does a
        // question two units answer equally well ("whats reg a+": either tier alone is half).
        let bar = if wants.compare { 0.75 } else { 0.9 };
        let scored = || {
            knowledge.units[article]
                .iter()
                .filter(|u| u.position != first.position && !u.is_steps && u.text.split_whitespace().count() <= 80)
                .map(|u| (unit_score(knowledge, u, &stems, &wants, grounding.meaning.as_ref()), u))
        };
        // The other side of a comparison is the best unit naming what the first leaves out
        // ("archive vs delete": the sentence on deleting), if there is a good one.
        let named_other = || {
            scored()
                .filter(|(score, u)| *score >= 0.5 * top && missing.iter().any(|s| u.stems.contains(*s)))
                .max_by(|a, b| a.0.total_cmp(&b.0))
                .map(|(_, u)| u)
        };
        let other_side = || {
            wants.compare.then(named_other).flatten().or_else(|| {
                scored().max_by(|a, b| a.0.total_cmp(&b.0)).filter(|(score, _)| *score >= bar * top).map(|(_, u)| u)
            })
        };
        if let Some(unit) = other_side() {
            chosen.push(unit);
        } else if let Some((value, score, unit)) = second {
            if value >= 0.6 * top && score >= 0.35 * top && unit.text.split_whitespace().count() <= 80 {
                chosen.push(unit);
            }
        }
    }
    // A how-to is answered with something to do: when the chosen sentences only describe
    // ("Campaigns lets you e-mail your investor leads …"), the article's best step comes too.
    if wants.steps && !chosen.iter().any(|u| actionable(u)) && chosen.len() < 3 {
        let step = knowledge.units[article]
            .iter()
            .filter(|u| actionable(u) && u.text.split_whitespace().count() <= 80)
            .map(|u| (unit_score(knowledge, u, &stems, &wants, grounding.meaning.as_ref()) * section(u), u))
            .filter(|(score, _)| *score >= 0.3 * top)
            .max_by(|a, b| a.0.total_cmp(&b.0));
        if let Some((_, unit)) = step {
            chosen.push(unit);
        }
    }
    // A bullet is read with the sentence that opens its section ("Click **Export exhibit
    // pack** …" before "Testing-the-waters material is always included").
    if first.in_list && !first.leads_passage {
        let lead = knowledge.units[article].iter().find(|u| u.passage == first.passage && u.leads_passage);
        if let Some(lead) = lead.filter(|u| !u.in_list && u.text.split_whitespace().count() <= 45 && !chosen.iter().any(|c| c.position == u.position)) {
            if chosen.len() < 3 {
                chosen.push(lead);
            }
        }
    }
    // "Click it again …" needs the sentence it refers to.
    let refers = |u: &Unit| {
        ["It ", "It's ", "This ", "That ", "They ", "These ", "Those ", "Click it ", "Then ", "During that ", "After that ", "In that ", "Until then", "By then", "Otherwise"]
            .iter()
            .any(|w| u.text.starts_with(w))
    };
    for unit in chosen.clone() {
        if refers(unit) && unit.position > 0 {
            let before = &knowledge.units[article][unit.position - 1];
            if before.passage == unit.passage && !chosen.iter().any(|c| c.position == before.position) && chosen.len() < 3 {
                chosen.push(before);
            }
        }
    }
    chosen.sort_by_key(|u| u.position);
    Some((article, chosen))
}

/// The best units of the grounding's articles with their scores, best first (for
/// `examples/why.rs`: what `choose` weighed).
pub fn unit_scores(grounding: &Grounding<'_>, limit: usize) -> Vec<(f32, &'static str, String)> {
    let knowledge = Knowledge::embedded();
    let wants = Wants::of(&grounding.query);
    let stems: Vec<String> = {
        let mut seen = HashSet::new();
        knowledge.stems(&grounding.query).into_iter().filter(|s| seen.insert(s.clone())).collect()
    };
    let mut scored: Vec<(f32, &'static str, String)> = grounding
        .hits
        .iter()
        .filter_map(|hit| knowledge.articles.iter().position(|a| a.meta.slug == hit.article.meta.slug))
        .flat_map(|article| {
            let slug = knowledge.articles[article].meta.slug.as_str();
            let (stems, wants, meaning) = (&stems, &wants, grounding.meaning.as_ref());
            knowledge.units[article].iter().map(move |unit| (unit_score(knowledge, unit, stems, wants, meaning), slug, unit.text.chars().take(90).collect()))
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    scored.truncate(limit);
    scored
}

/// The built-in answer to a question: the answer first, then its source.
pub fn builtin(grounding: &Grounding<'_>, contact: &Contact) -> String {
    let knowledge = Knowledge::embedded();
    let Some(best) = grounding.hits.first() else {
        return not_found(contact);
    };
    let Some((article, units)) = choose(knowledge, grounding, &grounding.query) else {
        return format!("{}\n\nSource: [{}](/help/{})", best.article.meta.summary, best.article.meta.title, best.article.meta.slug);
    };
    let meta = &knowledge.articles[article].meta;
    let mut text = String::new();
    for unit in &units {
        if !text.is_empty() {
            text.push_str(if unit.is_steps || text.ends_with(':') { "\n\n" } else { " " });
        }
        // A step list gets its section's heading as its lead-in.
        if unit.is_steps {
            if let Some(heading) = &knowledge.passages[unit.passage].heading {
                if text.is_empty() {
                    text.push_str(&format!("**{heading}**\n\n"));
                }
            }
        }
        text.push_str(&unit.text);
    }
    text.push_str(&format!("\n\nSource: [{}](/help/{})", meta.title, meta.slug));
    let related: Vec<String> = grounding
        .hits
        .iter()
        .filter(|hit| hit.article.meta.slug != meta.slug)
        .take(2)
        .map(|hit| format!("[{}](/help/{})", hit.article.meta.title, hit.article.meta.slug))
        .collect();
    if !related.is_empty() {
        text.push_str(&format!(" · Related: {}", related.join(" · ")));
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
        "I can only help with RaiseSpark, raising capital and Reg CF, and I couldn't find anything about that in the Help Center — \
         I'd rather not guess. You can [browse the Help Center](/help), or {reach} and a person will answer."
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_amount_in_the_question_picks_the_tier_whose_range_holds_it() {
        let values = |text: &str| amounts(text).into_iter().map(|(v, _)| v).collect::<Vec<_>>();
        assert_eq!(values("raising 100k what financials"), [100_000.0]);
        assert_eq!(values("raising 100 000 what financials"), [100_000.0]);
        assert_eq!(values("$5 million in 12 months, 1.5m or $124,000.01"), [5e6, 1.5e6, 124_000.01]);
        assert_eq!(values("21 days, rule 206, form c-u, 2022"), Vec::<f64>::new());
        assert_eq!(tier("A Reg CF offering of more than $124,000 and up to $618,000 needs reviewed statements."), Some((124_000.0, 618_000.0)));
        assert_eq!(tier("Raising $124,000.01 to $618,000"), Some((124_000.0, 618_000.0)));
        assert_eq!(tier("A Reg CF offering of up to $124,000 needs certified statements."), Some((0.0, 124_000.0)));
        assert_eq!(tier("Offerings of more than $618,000 need audited statements."), Some((618_000.0, f64::INFINITY)));
        assert_eq!(
            tier("A Reg CF offering of more than $618,000 needs audited statements, except for a first-time Reg CF issuer raising up to $1,235,000."),
            Some((618_000.0, f64::INFINITY))
        );
        assert_eq!(tier("The limit is $5,000,000 in 12 months."), None);
        assert_eq!(tier("A lead saying \"Over $100,000\" on your form may not invest that much."), None);
        assert_eq!(tier("An investor whose income is below $124,000 may invest the greater of $2,500 or 5%."), Some((0.0, 124_000.0)));
        let knowledge = Knowledge::embedded();
        for (question, expected) in [("raising 100k what financials do i need", "certified"), ("raising 400k what financials do i need", "reviewed"), ("raising $900,000 what financials do i need", "audited")] {
            let answer = builtin(&Grounding::find(knowledge, question), &contact());
            let first = answer.split("\n\n").next().unwrap().to_lowercase();
            assert!(first.contains(expected), "{question}: {answer}");
        }
    }

    #[test]
    fn an_answer_that_states_a_rule_is_regulatory_whatever_its_source_and_a_product_answer_is_not() {
        for answer in [
            "From **Form C filed** on, your forms show a Rule 204 notice.",
            "Under Rule 206 you may test the waters.",
            "Only accredited investors may invest under [Rule 506(c)](/help/reg-cf-vs-reg-a-506c).",
            "Your offering must run through one intermediary.",
            "You can raise up to $5,000,000 under Reg CF.",
            "File it with the SEC within 120 days.",
        ] {
            assert!(states_a_rule(answer), "{answer}");
        }
        for answer in [
            "Open **Leads** and click **Export CSV**.\n\nSource: [Export your leads (Form C exhibits)](/help/export-leads-csv)",
            "See [the guide](/help/form-c-explained) for more.",
            "Click **Publish**. Your form is live at rule 12 of the list.",
            "The second attempt secures the account.",
            "Click **Embed** on the form card.",
        ] {
            assert!(!states_a_rule(answer), "{answer}");
        }
    }

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
        assert!(answer.lines().next().unwrap().starts_with("**"), "the steps come first, under their heading: {answer}");
        assert!(answer.contains("\n1. "), "{answer}");
        assert!(answer.contains("Source: [") && answer.contains("(/help/embed-wordpress)"), "{answer}");
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
    fn a_sentence_that_refers_back_comes_with_the_one_it_refers_to() {
        let knowledge = Knowledge::embedded();
        let answer = builtin(&Grounding::find(knowledge, "can my investors resell their shares"), &contact());
        assert!(!answer.starts_with("During that year"), "{answer}");
        assert!(answer.contains("one year"), "{answer}");
    }

    #[test]
    fn a_what_is_question_is_answered_by_the_sentence_that_defines_the_term() {
        let knowledge = Knowledge::embedded();
        for (question, opens) in [
            ("what's a funding portal", "A funding portal is"),
            ("what is form c", "Form C is"),
            ("whats testing the waters", "Testing the waters means"),
        ] {
            let answer = builtin(&Grounding::find(knowledge, question), &contact());
            assert!(answer.starts_with(opens), "{question}: {answer}");
        }
    }

    #[test]
    fn a_comparison_is_answered_for_each_side() {
        let knowledge = Knowledge::embedded();
        for (question, sides) in [
            ("506b vs 506c in plain english pls", ["506(b)", "506(c)"]),
            ("reg a+ tier 1 vs tier 2, how much can you raise in each", ["$20 million", "$75 million"]),
            ("whats the difference between tier 1 and tier 2 of reg a", ["$20 million", "$75 million"]),
        ] {
            let answer = builtin(&Grounding::find(knowledge, question), &contact());
            let body = answer.split("Source:").next().unwrap();
            assert!(sides.iter().all(|side| body.contains(side)), "{question}: {answer}");
        }
    }

    #[test]
    fn a_rule_question_gets_the_figure_in_the_first_sentence_not_the_whole_article() {
        let knowledge = Knowledge::embedded();
        for question in ["whats the most i can raise with reg cf in a year", "whats the max i can raise under reg cf", "how much can we raise with regcf"] {
            let grounding = Grounding::find(knowledge, question);
            let answer = builtin(&grounding, &contact());
            let first = answer.split(". ").next().unwrap();
            assert!(first.contains("$5,000,000") && first.contains("12-month"), "{question}: {answer}");
            assert!(answer.split_whitespace().count() < 120, "{answer}");
            assert!(answer.contains("Source: ["), "{answer}");
        }
    }

    /// The body of the built-in answer (before its "Source:" line).
    fn body(question: &str) -> String {
        let answer = builtin(&Grounding::find(Knowledge::embedded(), question), &contact());
        answer.split("Source:").next().unwrap().to_owned()
    }

    #[test]
    fn how_to_undo_what_cannot_be_undone_is_answered_by_the_rule_that_it_cannot() {
        let vault = body("uploaded the wrong version of our financials to the compliance vault, how do i delete it");
        assert!(vault.contains("cannot be edited or deleted") && vault.contains("Upload a newer version"), "{vault}");
        let scheduled = body("scheduled the investor update for tmrw 9am and just spotted a typo in the subject line. can i still edit it??");
        assert!(scheduled.contains("can no longer be edited") && scheduled.contains("Duplicate"), "{scheduled}");
        let stage = body("i clicked Live instead of Form C filed on the offering status. how do i undo that");
        assert!(stage.contains("cannot go back"), "{stage}");
        // Not asked how or whether: a greyed-out button is not answered with "cannot be undone".
        assert!(!Wants::of("trying to delete a form but the delete button is greyed out??").reverse);
        assert!(Wants::of("scheduled the investor update for tmrw. can i still edit it??").reverse);
        assert!(!Wants::of("my cofounder is paranoid someone could edit the records. how can i check the vault").reverse);
    }

    #[test]
    fn a_how_to_is_answered_with_something_to_do() {
        let answer = body("how do i email my investor leads an update from inside the app");
        assert!(answer.contains("Campaigns") && (answer.contains("Click") || answer.contains("Open it from")), "{answer}");
    }

    #[test]
    fn a_question_on_an_obligation_is_answered_by_the_sentence_that_says_what_must_be_done() {
        let answer = body("do i need some kind of disclaimer in it while we're still testing the waters");
        assert!(answer.contains("must state") && answer.contains("no obligation or commitment"), "{answer}");
        assert!(obliges("Every communication must include legends") && !obliges("You can change its words"));
    }

    #[test]
    fn a_sibling_article_does_not_answer_for_what_the_question_names_of_the_best_one() {
        // Plain HTML, not the Wix steps beside it.
        let answer = body("our site is just hand written html files. where exactly do i put the floating button code");
        assert!(answer.contains("</body>") && !answer.contains("Wix") && !answer.contains("Custom code"), "{answer}");
    }

    #[test]
    fn steps_count_as_far_as_their_section_answers_the_question() {
        // "Personalise with merge fields", not the sender-identity steps of another section.
        let answer = body("how do i make the email say 'Hi Sarah' with each investors own first name");
        assert!(answer.contains("first_name") || answer.contains("Insert field"), "{answer}");
        // A choice is answered by what sets the options apart, not by the steps to embed.
        let answer = body("when embedding theres a floating option and an inline one. which should i pick, whats the diff");
        assert!(answer.contains("corner of every page") && answer.contains("inside one page"), "{answer}");
    }
}
