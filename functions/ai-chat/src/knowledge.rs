//! The Help Center as Sparky knows it: the Markdown articles of `help/` (front matter: title,
//! slug, summary, tags, updated), cut into passages at their `##` sections and indexed with
//! BM25. Built once per cold start (a few milliseconds), searched per question.

use std::sync::OnceLock;

use std::collections::HashSet;

use bm25::{Document, SearchEngine, SearchEngineBuilder, Tokenizer};

use crate::meaning::{Store, Vector, cosine};
use serde::Deserialize;

/// English words without meaning for retrieval (the common function words).
const STOP_WORDS: &[&str] = &[
    "a", "about", "above", "after", "again", "against", "all", "am", "an", "and", "any", "are", "as", "at", "be",
    "because", "been", "before", "being", "below", "between", "both", "but", "by", "can", "could", "did", "do", "does",
    "doing", "down", "during", "each", "few", "for", "from", "further", "had", "has", "have", "having", "he", "her",
    "here", "hers", "herself", "him", "himself", "his", "how", "i", "if", "in", "into", "is", "it", "its", "itself",
    "just", "me", "more", "most", "my", "myself", "no", "nor", "not", "now", "of", "off", "on", "once", "only", "or",
    "other", "our", "ours", "ourselves", "over", "own", "same", "she", "should", "so", "some", "such", "than",
    "that", "the", "their", "theirs", "them", "themselves", "then", "there", "these", "they", "this", "those",
    "through", "to", "too", "under", "until", "up", "very", "was", "we", "were", "what", "when", "where", "which",
    "while", "who", "whom", "why", "will", "with", "would", "you", "your", "yours", "yourself", "yourselves", "s", "t",
    "don", "doesn", "didn", "isn", "aren", "wasn", "weren", "won", "ll", "re", "ve", "d", "m", "o", "y", "i'm",
    "it's", "don't", "can't", "i've", "let", "also", "get", "got", "still", "yet",
];

/// Lower-cased words without stop words, Snowball-stemmed (English): small enough for the
/// Lambda (only the English stemmer and stop list are compiled in).
pub struct EnglishTokenizer {
    stemmer: rust_stemmers::Stemmer,
    stop_words: HashSet<&'static str>,
}

impl EnglishTokenizer {
    pub fn new() -> Self {
        Self { stemmer: rust_stemmers::Stemmer::create(rust_stemmers::Algorithm::English), stop_words: STOP_WORDS.iter().copied().collect() }
    }
}

impl Default for EnglishTokenizer {
    fn default() -> Self {
        Self::new()
    }
}

impl Tokenizer for EnglishTokenizer {
    fn tokenize(&self, input_text: &str) -> Vec<String> {
        input_text
            .to_lowercase()
            .split(|c: char| !(c.is_alphanumeric() || c == '\''))
            .map(|word| word.trim_matches('\''))
            .filter(|word| !word.is_empty() && !self.stop_words.contains(word))
            .map(|word| self.stemmer.stem(word).into_owned())
            .collect()
    }
}

pub mod sources {
    include!(concat!(env!("OUT_DIR"), "/articles.rs"));
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct FrontMatter {
    pub title: String,
    pub slug: String,
    pub summary: String,
    #[serde(default)]
    pub tags: Vec<String>,
    /// An article on the rules (Reg CF, testing the waters, filings): every answer drawn from
    /// it carries [`crate::answer::DISCLAIMER`].
    #[serde(default)]
    pub regulatory: bool,
    pub updated: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Article {
    pub meta: FrontMatter,
    /// The Markdown after the front matter.
    pub body: String,
}

/// One `##` section of an article (the text before the first heading is the introduction).
#[derive(Debug, Clone, PartialEq)]
pub struct Passage {
    pub article: usize,
    pub heading: Option<String>,
    pub text: String,
}

pub struct Knowledge {
    tuning: Tuning,
    pub articles: Vec<Article>,
    pub passages: Vec<Passage>,
    /// Every passage (with its article's title and tags).
    engine: SearchEngine<u32, u32, EnglishTokenizer>,
    /// One card per article: title, summary and tags, what a question most often names.
    cards: SearchEngine<u32, u32, EnglishTokenizer>,
    /// Founders' questions each article answers (`phrasings/`), one document each.
    asked: SearchEngine<u32, u32, EnglishTokenizer>,
    /// The article of each of those questions.
    asked_by: Vec<usize>,
    asked_texts: Vec<String>,
    /// Every (stemmed) word of each article, for how much of a question it covers.
    vocabulary: Vec<HashSet<String>>,
    tokenizer: EnglishTokenizer,
    /// Every word the articles use (lower case, not stemmed): what a typo is corrected to.
    spellings: HashSet<String>,
    /// Each article's answer units (sentences, list items, step lists), by article.
    pub units: Vec<Vec<Unit>>,
    /// Each article's title, stemmed (the context of its units).
    pub title_stems: Vec<HashSet<String>>,
    /// In how many units each stemmed word appears (for the units' IDF).
    unit_frequency: std::collections::HashMap<String, u32>,
    unit_count: u32,
    /// What each unit, founder question and card means (`meaning`), parallel to `units`,
    /// `asked_by` and `articles`.
    unit_meanings: Vec<Vec<Vector>>,
    asked_meanings: Vec<Vector>,
    card_meanings: Vec<Vector>,
    /// Texts `vectors.bin` did not hold, encoded at start-up instead (0 once it is current).
    pub unstored: usize,
}

/// A piece of an article that can answer a question on its own: a sentence, a list item, or
/// a whole numbered list of steps.
#[derive(Debug, Clone, PartialEq)]
pub struct Unit {
    /// Index in `Knowledge::passages`.
    pub passage: usize,
    /// Markdown, as written.
    pub text: String,
    /// Its stemmed words (with the section heading's).
    pub stems: HashSet<String>,
    /// Stemmed words of its section's heading.
    pub heading_stems: HashSet<String>,
    pub is_steps: bool,
    /// Whether it opens its section.
    pub leads_passage: bool,
    /// Whether it is one bullet of a list (read with the sentence that introduces the list).
    pub in_list: bool,
    /// Order within the article.
    pub position: usize,
}

/// How the index is built and scored (the defaults are what the evaluation chose).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tuning {
    /// How much an article's card adds to its best passage's score.
    pub card_weight: f32,
    /// How much an article's best-matching founder question adds.
    pub asked_weight: f32,
    /// Times the article title is repeated in each passage's indexed text.
    pub title_repeats: usize,
    pub summary_in_passages: bool,
    pub k1: f32,
    pub b: f32,
    /// How much an article's meaning adds: this times its similarity above `semantic_floor`.
    pub semantic_weight: f32,
    pub semantic_floor: f32,
}

impl Default for Tuning {
    fn default() -> Self {
        Self { card_weight: 1.5, asked_weight: 0.5, title_repeats: 2, summary_in_passages: true, k1: 0.9, b: 0.4, semantic_weight: 30.0, semantic_floor: 0.3 }
    }
}

/// A question as the index reads it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Query {
    /// Shorthand written out, typos corrected.
    pub corrected: String,
    /// With the Help Center's words for the founder's ([`SYNONYMS`]).
    pub expanded: String,
    /// Stems of the founder's words a synonym explained.
    pub explained: HashSet<String>,
}

/// A passage found for a question, with its BM25 score.
#[derive(Debug, Clone, Copy)]
pub struct Hit<'a> {
    pub article: &'a Article,
    pub passage: &'a Passage,
    /// Its words' score (BM25 and the card's and phrasings'), plus its meaning's.
    pub score: f32,
    /// The words' part of `score` alone.
    pub lexical: f32,
    /// The article's best cosine similarity to the question (a sentence, card or phrasing).
    pub similarity: f32,
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum ArticleError {
    #[error("{0}: no front matter (--- … ---)")]
    NoFrontMatter(String),
    #[error("{file}: front matter: {reason}")]
    FrontMatter { file: String, reason: String },
    #[error("{file}: the slug {slug:?} does not match the file name")]
    SlugMismatch { file: String, slug: String },
}

pub fn parse_article(file: &str, source: &str) -> Result<Article, ArticleError> {
    let rest = source.strip_prefix("---\n").ok_or_else(|| ArticleError::NoFrontMatter(file.to_owned()))?;
    let (yaml, body) = rest.split_once("\n---\n").ok_or_else(|| ArticleError::NoFrontMatter(file.to_owned()))?;
    let meta: FrontMatter =
        serde_yaml_ng::from_str(yaml).map_err(|err| ArticleError::FrontMatter { file: file.to_owned(), reason: err.to_string() })?;
    if file.strip_suffix(".md") != Some(meta.slug.as_str()) {
        return Err(ArticleError::SlugMismatch { file: file.to_owned(), slug: meta.slug });
    }
    Ok(Article { meta, body: body.trim().to_owned() })
}

/// The article's sections: the introduction, then one passage per `## ` heading.
fn passages_of(index: usize, article: &Article) -> Vec<Passage> {
    let mut passages = Vec::new();
    let mut heading: Option<String> = None;
    let mut text = String::new();
    let mut flush = |heading: &Option<String>, text: &mut String| {
        if !text.trim().is_empty() {
            passages.push(Passage { article: index, heading: heading.clone(), text: text.trim().to_owned() });
        }
        text.clear();
    };
    for line in article.body.lines() {
        if let Some(title) = line.strip_prefix("## ") {
            flush(&heading, &mut text);
            heading = Some(title.trim().to_owned());
        } else {
            text.push_str(line);
            text.push('\n');
        }
    }
    flush(&heading, &mut text);
    passages
}

/// Founders' words, and the Help Center's words for the same thing, added to a question that
/// uses them (an entry ending in `*` matches any word it starts).
/// The days a founder schedules a send on.
const WEEKDAYS: &[&str] = &["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

pub const SYNONYMS: &[(&str, &str)] = &[
    ("linkedin", "social media post testing the waters"),
    ("twitter", "social media post testing the waters"),
    ("facebook", "social media post testing the waters"),
    ("instagram", "social media post testing the waters"),
    ("tiktok", "social media post testing the waters"),
    ("social", "social media post testing the waters"),
    ("newsletter", "campaign email"),
    ("email update", "campaign"),
    ("email just", "campaign segment"),
    ("email them", "campaign"),
    ("emailing", "campaign"),
    ("pro", "plans pricing"),
    ("making", "income"),
    ("i filed", "offering stage form c filed settings"),
    ("we filed", "offering stage form c filed settings"),
    ("just filed", "offering stage form c filed settings"),
    ("looks like", "preview"),
    ("look like", "preview"),
    ("earn", "income"),
    ("earns", "income"),
    ("salary", "income"),
    ("people", "investors"),
    ("revenue", "eligible eligibility"),
    ("resell", "resale restrictions transfer"),
    ("sell their shares", "resale restrictions transfer"),
    ("sell my shares", "resale restrictions transfer"),
    ("sell shares", "resale restrictions transfer"),
    ("flip their", "resale restrictions transfer"),
    ("flip the shares", "resale restrictions transfer"),
    ("flip shares", "resale restrictions transfer"),
    ("flip it", "resale restrictions transfer"),
    ("arent accredited", "non-accredited limit"),
    ("aren't accredited", "non-accredited limit"),
    ("not accredited", "non-accredited limit"),
    ("unaccredited", "non-accredited limit"),
    ("regular people", "non-accredited"),
    ("yearly", "annual"),
    ("every year", "annual"),
    ("max", "limit maximum"),
    ("most i can raise", "limit maximum 12-month period"),
    ("most we can raise", "limit maximum 12-month period"),
    ("allowed to raise", "limit maximum 12-month period"),
    ("max i can raise", "limit maximum 12-month period"),
    ("how much can i raise", "limit maximum 12-month period"),
    ("how much can we raise", "limit maximum 12-month period"),
    ("cap", "limit"),
    ("crowdfunding", "reg cf"),
    ("raise", "offering"),
    ("excel", "export csv"),
    ("spreadsheet", "export csv"),
    ("download", "export"),
    ("referral", "earn rewards refer"),
    ("refer*", "earn rewards referral"),
    ("payout", "earn rewards free month"),
    ("paid out", "earn rewards free month"),
    ("sec trouble", "bad actor disqualification"),
    ("trouble with the sec", "bad actor disqualification"),
    ("convicted", "bad actor disqualification"),
    ("conviction", "bad actor disqualification"),
    ("how long", "period days"),
    ("minimum days", "offering period 21 days minimum"),
    ("min days", "offering period 21 days minimum"),
    ("back out", "cancel commitment"),
    ("change their mind", "cancel commitment"),
    ("pull out", "cancel commitment"),
    ("withdraw", "cancel commitment"),
    ("log out", "sign out"),
    ("logout", "sign out"),
    ("real person", "contact support"),
    ("human", "contact support"),
    ("talk to", "contact"),
    ("blue sky", "state securities registration covered"),
    ("deposit*", "accept money payments commitments"),
    ("influencer", "promoter compensation rule 205"),
    ("promote", "promoter compensation"),
    ("506c", "rule 506(c) accredited"),
    ("506b", "rule 506(b) general solicitation"),
    // The portals founders name for "a funding portal".
    ("wefunder", "funding portal intermediary"),
    ("startengine", "funding portal intermediary"),
    ("republic", "funding portal intermediary"),
    ("netcapital", "funding portal intermediary"),
    ("mainvest", "funding portal intermediary"),
    ("honeycomb", "funding portal intermediary"),
    ("dealmaker", "funding portal intermediary"),
    ("halfway", "50% target amount progress"),
    ("half way", "50% target amount progress"),
    ("goal", "target amount"),
    ("reg a", "regulation a+ tier"),
    ("reg a+", "regulation a+ tier"),
    ("reg a plus", "regulation a+ tier"),
    ("rega", "regulation a+ tier"),
    ("not decided", "rule 241 not yet decided which exemption"),
    ("not yet decided", "rule 241 not yet decided which exemption"),
    ("still deciding", "rule 241 not yet decided which exemption"),
    // A valuation changed during the offering is a material change; one advertised is a term.
    ("changed our valuation", "material change amendment reconfirm"),
    ("changed the valuation", "material change amendment reconfirm"),
    ("change the valuation", "material change amendment reconfirm"),
    ("change our valuation", "material change amendment reconfirm"),
    ("bumped the valuation", "material change amendment reconfirm"),
    ("lowered the valuation", "material change amendment reconfirm"),
    ("raised the valuation", "material change amendment reconfirm"),
    ("valuation", "terms price"),
    ("serious", "hot temperature"),
    ("fake", "delete"),
    ("get rid", "delete"),
    ("greyed", "delete confirm type"),
    ("grayed", "delete confirm type"),
    ("unsubscrib*", "unsubscribe suppression"),
    ("financials", "financial statements"),
    ("c-u", "form c-u progress update"),
    ("c-ar", "form c-ar annual report"),
    ("c-tr", "form c-tr termination"),
    // How founders say "the Investor Leads list".
    ("track my investor", "investor leads list status"),
    ("track my leads", "investor leads list status"),
    ("track leads", "investor leads list status"),
    ("track investors", "investor leads list status"),
    ("keep track of", "investor leads list status"),
    // How founders say "search".
    ("look up", "search"),
    ("specific investor", "search"),
    ("specific lead", "search"),
    ("find a lead", "search"),
    ("find an investor", "search"),
    ("find one investor", "search"),
    ("find one lead", "search"),
    ("starts with", "search matches"),
    ("starts w", "search matches"),
    // How founders say "schedule", "cancel", "send test", "unsubscribe" and "template".
    ("kill it", "cancel"),
    ("kill the", "cancel"),
    ("broken", "troubleshoot nothing appears"),
    ("no button", "floating button missing nothing appears troubleshoot"),
    ("not showing", "nothing appears troubleshoot"),
    ("not show up", "nothing appears troubleshoot"),
    ("doesn't show", "nothing appears troubleshoot"),
    ("does not show", "nothing appears troubleshoot"),
    ("isn't showing", "nothing appears troubleshoot"),
    ("not appearing", "nothing appears troubleshoot"),
    ("not working", "nothing appears troubleshoot"),
    ("doesn't work", "nothing appears troubleshoot"),
    ("does not work", "nothing appears troubleshoot"),
    ("can't see", "nothing appears"),
    ("blank", "nothing appears"),
    ("go out", "send schedule"),
    ("goes out", "send schedule"),
    ("going out", "send schedule cancel"),
    ("send itself", "schedule send at"),
    ("automatically", "schedule"),
    ("monday", "schedule send at"),
    ("tuesday", "schedule send at"),
    ("wednesday", "schedule send at"),
    ("thursday", "schedule send at"),
    ("friday", "schedule send at"),
    ("call off", "cancel"),
    ("unschedule", "cancel campaign"),
    ("own inbox", "send test yourself"),
    ("to myself", "send test yourself"),
    ("test copy", "send test yourself"),
    ("stop emailing", "unsubscribe suppression"),
    ("stop sending", "unsubscribe suppression"),
    ("opt out", "unsubscribe suppression"),
    ("take me off", "unsubscribe suppression"),
    ("template*", "starting point new campaign"),
    ("from scratch", "starting point"),
    ("archived", "show archived unarchive"),
    ("logo", "logo upload settings brand"),
    ("bump", "change the status override"),
    ("add a question", "add a field form fields"),
    ("investor update", "campaign"),
    ("undo", "go back"),
    ("cf campaign", "offering"),
    ("crowdfunding campaign", "offering"),
    ("wants out", "cancel investment commitment"),
    ("intro page", "welcome screen"),
    ("own gmail", "send test yourself"),
    ("how it looks in my", "send test yourself preview"),
    ("same chrome", "signed in same browser private window"),
    ("same browser", "signed in same browser private window"),
    ("stash", "upload compliance vault"),
    ("keep copies", "compliance vault records automatically"),
    ("can we just close", "close my offering early before its deadline"),
    ("how fast", "how long replies within business day"),
    ("tick off", "mark as done"),
    ("bot", "spam test submission delete lead"),
    ("gibberish", "spam test submission delete lead"),
    ("junk", "spam test submission delete lead"),
    ("stop it before", "cancel sending"),
    // ("the campaigns page wont let me do anything?? do i need a different plan")
    ("won't let me", "part of the raisespark pro plan upgrade"),
    ("different plan", "raisespark pro plan upgrade"),
    // ("where in the app do i put the date we file with the sec")
    ("date we file", "form c filing date settings offering"),
    ("date we filed", "form c filing date settings offering"),
    // ("can i keep our financials in raisespark somewhere safe")
    ("somewhere safe", "compliance vault upload document"),
    ("keep our financials", "compliance vault upload financial statements"),
    // ("how we'd prove the records weren't altered after the fact. is there some check i can run")
    ("altered", "verify integrity edited"),
    ("tampered", "verify integrity"),
    ("check i can run", "verify integrity"),
    // ("how do i get it to say 'hi sarah' instead of everyone getting 'hi there'")
    ("hi there", "merge field first name insert field"),
    ("their first name", "merge field first name insert field"),
    ("their name", "merge field first name insert field"),
    // ("already put 3k into another startup on wefunder, does that eat into what they can invest")
    ("eat into", "counts toward investment limit across all reg cf offerings 12 months"),
    ("another startup", "across all reg cf offerings"),
    ("into the compliance vault", "upload a document"),
    ("into the vault", "upload a document"),
    // ("oversubscription mechanics: can we go past target, how do we decide who gets in")
    ("oversubscription", "oversubscriptions accept more than target allocated"),
    ("oversubscribed", "oversubscriptions accept more than target allocated"),
    ("go past target", "oversubscriptions accept more than target allocated"),
    ("past our target", "oversubscriptions accept more than target allocated"),
    ("over our target", "oversubscriptions accept more than target allocated"),
    // ("what actually goes into the form c")
    ("goes into the form c", "what goes in form c discloses company people owners business risks use of proceeds financial statements"),
    ("goes in the form c", "what goes in form c discloses company people owners business risks use of proceeds financial statements"),
    ("in a form c", "what goes in form c discloses company people owners business risks use of proceeds financial statements"),
    // ("SAFE or selling shares? the portal says 'crowd note'")
    ("safe or", "safes crowd notes shares convert"),
    ("safe vs", "safes crowd notes shares convert"),
    ("or a safe", "safes crowd notes shares convert"),
    ("safe note", "safes crowd notes shares convert"),
    ("safes", "safes crowd notes shares convert"),
    ("crowd note", "safes crowd notes shares convert"),
    ("cap table", "safes crowd notes shares convert"),
    ("convertible note", "safes crowd notes shares convert"),
    // ("what questions does it come with by default", "can i make phone optional")
    ("by default", "default new form starts required fields"),
    ("duplicate a form", "forms cannot be duplicated create a new form"),
    ("copy a form", "forms cannot be duplicated create a new form"),
    ("clone", "forms cannot be duplicated create a new form"),
    ("jot notes", "notes field"),
    ("notes on a lead", "notes field"),
    ("get rid of", "delete"),
    // ("the AI insights box looks stale, can i make it update")
    ("stale", "refresh"),
    ("insights box", "ai-driven investment insights panel"),
    ("make it update", "refresh"),
    // ("a few addresses bounced on our last send. will raisespark keep trying")
    ("bounced", "bounce excluded left out"),
    ("keep trying", "excluded left out"),
    // ("can i choose who gets an email", "only the people who seemed really keen")
    ("who gets an email", "audience choose"),
    ("who gets the email", "audience choose"),
    ("choose who", "audience choose"),
    ("really keen", "hot temperature"),
    // ("clicked the confirm link on my phone and now its asking me for a password")
    ("confirm link", "confirmation link"),
    ("on my phone", "another device"),
    // ("floating button … theres no button anywhere")
    ("no button", "floating button missing signed in private window"),
    // ("invest through RaiseSpark, an SEC-registered portal")
    ("through raisespark", "raisespark is neither not a funding portal broker-dealer"),
    ("raisespark is a registered", "raisespark is neither not a funding portal broker-dealer"),
    ("raisespark a registered", "raisespark is neither not a funding portal broker-dealer"),
    // ("do i need to register our offering in every state")
    ("every state", "state blue sky covered securities"),
    ("each state", "state blue sky covered securities"),
    ("change my mind", "cancel"),
    ("founder update", "campaign"),
    ("actually opened", "campaign read the results opened"),
    ("swap it", "upload a newer version supersedes"),
    ("hot ones", "audience temperature"),
    ("warm ones", "audience temperature"),
    ("close early", "close my offering early before its deadline"),
    ("just close", "close my offering early before its deadline"),
    ("hit our max", "close my offering early before its deadline"),
    ("close the round early", "close my offering early before its deadline"),
    ("venmo", "accept money investment commitments testing the waters"),
    ("paypal", "accept money investment commitments testing the waters"),
    ("hold his spot", "accept money investment commitments"),
    ("hold her spot", "accept money investment commitments"),
    ("creator", "promoter compensation rule 205 influencer disclose"),
    ("pay someone", "promoter compensation rule 205 disclose"),
    ("paying someone", "promoter compensation rule 205 disclose"),
    ("notify the sec", "file form c-u progress update"),
    ("hit our target", "reaching target form c-u progress update"),
    ("hit our funding target", "reaching target form c-u progress update"),
    ("brother", "family member"),
    ("sister", "family member"),
    ("parents", "family member"),
    ("pull it", "cancel sending unschedule"),
    ("can't remember", "forgot password reset"),
    ("locked out", "forgot password reset"),
    ("can't be used", "invalid or has expired work once"),
    ("link doesn't work", "invalid or has expired work once"),
    ("link not working", "invalid or has expired work once"),
    ("link is invalid", "invalid or has expired work once"),
    ("link expired", "invalid or has expired work once"),
    ("through me", "referral link earn rewards free month"),
    ("through my link", "referral link earn rewards free month"),
    ("friend of mine", "referral earn rewards"),
    ("intro screen", "welcome screen"),
    ("not required", "tick required field"),
    ("optional", "tick required field"),
    ("fake lead", "preview no lead is created"),
    ("test lead", "preview no lead is created"),
    ("preview mode", "preview no lead is created"),
    ("offline", "unpublish archive"),
    ("take down", "unpublish archive"),
    ("ready-made", "template starting point"),
    ("readymade", "template starting point"),
    ("pre-written", "template starting point"),
    ("just my hot", "audience temperature"),
    ("only my hot", "audience temperature"),
    ("who gets it", "audience choose"),
    ("pick who", "audience choose"),
    ("just me", "send test yourself"),
    ("change my email", "email field account settings contact us"),
    ("change the email", "email field account settings contact us"),
    ("switch the email", "email field account settings contact us"),
    ("switch my email", "email field account settings contact us"),
    ("email on my account", "email field account settings contact us"),
    ("login email", "email field account settings contact us"),
    ("ad", "advertise terms notice rule 204"),
    ("ads", "advertise terms notice rule 204"),
    ("who holds", "investor funds held qualified third party escrow"),
    ("actually holds", "investor funds held qualified third party escrow"),
    ("investors money", "investor funds held qualified third party escrow"),
    ("each person", "merge field first name"),
    ("their first name", "merge field first name"),
    ("personalize", "personalise merge fields"),
    ("holds the money", "investor funds held qualified third party escrow"),
    ("investors' money", "investor funds held qualified third party escrow"),
    ("valuation change*", "material change amendment reconfirm"),
    ("terms change*", "material change amendment reconfirm"),
    ("count against", "investment limit across all reg cf offerings 12 months"),
    ("counts against", "investment limit across all reg cf offerings 12 months"),
    ("count toward*", "investment limit across all reg cf offerings 12 months"),
    ("back out", "cancel investment commitment"),
    ("pull out", "cancel investment commitment"),
    ("of whatever", "transaction-based compensation broker finder"),
    ("intro us", "finder transaction-based compensation broker"),
    ("introduce us", "finder transaction-based compensation broker"),
    ("bank account", "investor funds held qualified third party escrow"),
    ("get the money", "investor funds held qualified third party escrow"),
    ("get our money", "investor funds held qualified third party escrow"),
    ("receive the money", "investor funds held qualified third party escrow"),
    ("messed with", "tamper verify integrity"),
    ("altered", "tamper verify integrity"),
    ("get it out", "export"),
    ("get them out", "export"),
    ("out of raisespark", "export"),
    ("its from", "sender identity via raisespark"),
    ("it's from", "sender identity via raisespark"),
    ("from name", "sender identity via raisespark"),
    ("comes from", "sender identity via raisespark"),
    ("coming from", "sender identity via raisespark"),
    ("who opened", "campaign read the results opened"),
    ("opened my", "campaign read the results opened"),
    ("reuse", "duplicate campaign copy"),
    ("re-use", "duplicate campaign copy"),
    ("just the hot", "audience temperature"),
    ("only the hot", "audience temperature"),
    ("just hot", "audience temperature"),
    ("only hot", "audience temperature"),
    ("another question", "add a field form fields"),
    ("tagged", "status"),
    ("re-rate", "change the status override"),
    ("rerate", "change the status override"),
    ("mark him", "change the status override"),
    ("mark her", "change the status override"),
    ("mark them", "change the status override"),
    ("manually", "by hand override"),
    ("tamper*", "verify integrity hash"),
    ("prove", "verify integrity"),
    ("bundle", "export exhibit pack"),
    ("all at once", "export exhibit pack"),
    ("finfluencer", "promoter compensation rule 205 influencer"),
    ("finder*", "finder transaction-based compensation broker"),
    ("commission", "transaction-based compensation broker"),
    ("kickback", "transaction-based compensation broker"),
    ("cut of", "transaction-based compensation broker"),
    ("percent of", "transaction-based compensation broker"),
    ("% of what", "transaction-based compensation broker"),
    ("thank you fee", "transaction-based compensation broker"),
    ("have to say", "required statements legend disclaimer"),
    ("need to say", "required statements legend disclaimer"),
    ("must say", "required statements legend disclaimer"),
    ("have to include", "required statements legend disclaimer"),
    ("dont know yet", "rule 241 not yet decided which exemption"),
    ("don't know yet", "rule 241 not yet decided which exemption"),
    ("undecided", "rule 241 not yet decided which exemption"),
    ("not sure which", "rule 241 not yet decided which exemption"),
    ("set it back", "only moves forward go back"),
    ("move it back", "only moves forward go back"),
    ("c/a", "form c/a amendment"),
    ("our target", "target amount"),
    ("the target", "target amount"),
    ("my target", "target amount"),
    ("target raise", "target amount"),
    ("targeting", "target amount"),
    ("target like", "audience choose"),
    ("target only", "audience choose"),
    ("only my", "audience choose"),
    // ("i only want to email the people who are hot, not the whole list")
    ("who are hot", "audience temperature"),
    ("not the whole list", "audience choose"),
    ("not my whole list", "audience choose"),
    ("my whole list", "audience choose"),
    ("not everyone", "audience choose"),
    // ("after someone submits i want to send them back to our website")
    ("send them back", "thank-you link website button"),
    ("back to our website", "thank-you link website button"),
    ("back to our site", "thank-you link website button"),
    ("redirect", "thank-you link website button"),
    ("redirects", "thank-you link website button"),
    // ("a friend is raising too, do i get anything if i send her raisespark")
    ("do i get anything", "referral earn rewards free month"),
    ("friend is raising", "referral earn rewards"),
    ("send her raisespark", "refer earn rewards"),
    ("send him raisespark", "refer earn rewards"),
    ("tell a friend", "refer earn rewards"),
    ("recommend raisespark", "refer earn rewards"),
    // ("can we advertise everywhere but only take accredited investors, outside of reg cf")
    ("only take accredited", "rule 506(c) verified accredited investors general solicitation"),
    ("only accredited", "rule 506(c) verified accredited investors general solicitation"),
    ("accredited only", "rule 506(c) verified accredited investors general solicitation"),
    ("outside of reg cf", "other exemptions reg a+ rule 506(c) compared"),
    ("outside reg cf", "other exemptions reg a+ rule 506(c) compared"),
    ("instead of reg cf", "other exemptions reg a+ rule 506(c) compared"),
    ("other than reg cf", "other exemptions reg a+ rule 506(c) compared"),
    ("beyond reg cf", "other exemptions reg a+ rule 506(c) compared"),
    // ("we may need 30M. reg cf cant do that right? whats the alternative", "the next option up")
    ("the alternative", "other exemptions reg a+ tier 2 rule 506(c) compared"),
    ("an alternative", "other exemptions reg a+ tier 2 rule 506(c) compared"),
    ("next option", "other exemptions reg a+ tier 2 rule 506(c) compared"),
    ("other options", "other exemptions reg a+ tier 2 rule 506(c) compared"),
    ("won't cut it", "other exemptions reg a+ tier 2 rule 506(c) compared"),
    // ("how short can our campaign on the portal be"): the offering, not an e-mail campaign.
    ("how short", "minimum shortest days"),
    ("campaign on the portal", "offering period open"),
    ("portal campaign", "offering period open"),
    // ("an angel wants to wire me 20k direct, can i count it as part of the crowdfund")
    ("count it as part", "invest directly outside the intermediary portal"),
    ("part of the crowdfund", "invest directly outside the intermediary portal"),
    ("outside the portal", "invest directly outside the intermediary portal"),
    ("after it closed", "invest directly outside the intermediary portal"),
    // ("if i schedule a campaign and then change my mind can i stop it before it goes out")
    ("change my mind", "cancel sending"),
    ("stop it before", "cancel sending"),
    ("crowdfund", "reg cf offering"),
    // ("a micro influencer wants $50 for every investor she brings in")
    ("for every investor", "commission transaction-based compensation broker-dealer"),
    ("per investor", "commission transaction-based compensation broker-dealer"),
    ("for each investor", "commission transaction-based compensation broker-dealer"),
    ("brings in", "commission transaction-based compensation"),
    // ("can i say we've raised 250k? thats what people put down on our interest form")
    ("we've raised", "indications of interest not money raised"),
    ("we raised", "indications of interest not money raised"),
    ("put down", "indicated amount"),
    // ("we havent filed anything with the sec yet. what am i allowed to tell ppl")
    ("have not filed", "before form c testing the waters no money accepted"),
    ("not filed yet", "before form c testing the waters no money accepted"),
    ("before we file", "before form c testing the waters no money accepted"),
    ("hold their spot", "deposit accept money investment commitments"),
    ("hold a spot", "deposit accept money investment commitments"),
    ("save their spot", "deposit accept money investment commitments"),
    // ("like a yes/no question on the form. how do i add that")
    ("yes no", "multiple choice dropdown add a field"),
    ("add a question", "add a field"),
    ("question on the form", "add a field"),
    ("2 factor", "two-factor authentication 2fa"),
    ("two factor", "two-factor authentication 2fa"),
    ("authenticator", "two-factor authentication 2fa"),
    ("only to my", "audience choose"),
    ("only to the", "audience choose"),
    ("spreadsheet", "export csv"),
    ("pull that out", "export"),
    ("spit those out", "export"),
    ("in one go", "export"),
    ("live anymore", "archive unpublish"),
    ("want to lose", "archive keep"),
    ("testing the waters materials", "export exhibit pack"),
    ("ttw materials", "export exhibit pack"),
    ("hit our target", "target not reached deadline returned"),
    ("hit the target", "target not reached deadline returned"),
    ("miss our target", "target not reached deadline returned"),
    ("mailing address", "physical postal address can-spam"),
    ("lawyer", "attorney counsel"),
    ("logo", "brand logo"),
    ("serious investors", "hot"),
];

/// Each founder question of `phrasings/`, with its article's slug.
fn asked_lines<'a>(phrasings: &'a [(&'a str, &'a str)]) -> impl Iterator<Item = (&'a str, &'a str)> + 'a {
    phrasings.iter().flat_map(|(slug, text)| text.lines().map(str::trim).filter(|l| !l.is_empty()).map(move |line| (*slug, line)))
}

/// A unit as it is encoded: with its section's heading (or its article's title), which says
/// what "it" or "this" in the sentence is about.
fn unit_meaning_text(articles: &[Article], passages: &[Passage], unit: &Unit) -> String {
    let passage = &passages[unit.passage];
    let context = passage.heading.as_deref().unwrap_or(&articles[passage.article].meta.title);
    format!("{context}: {}", strip_markdown(&unit.text))
}

fn card_meaning_text(article: &Article) -> String {
    format!("{}. {}", article.meta.title, article.meta.summary)
}

/// A figure as the articles write it: "124k" → "124 000" (as "$124,000" reads), "5m" →
/// "5 million".
fn written_out(word: &str) -> String {
    let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    // A contraction typed without its apostrophe is a negation, not a misspelt word
    // ("arent" is not "agent").
    if let Some(base) = word.strip_suffix("nt").filter(|base| NEGATABLE.contains(base)) {
        return match base {
            "ca" => "can not".to_owned(),
            "wo" => "will not".to_owned(),
            _ => format!("{base} not"),
        };
    }
    match (word.strip_suffix('k'), word.strip_suffix('m')) {
        (Some(n), _) if digits(n) => format!("{n} 000"),
        (_, Some(n)) if digits(n) => format!("{n} million"),
        _ => word.to_owned(),
    }
}

/// The verbs founders negate without an apostrophe: "arent", "doesnt", "havent", "cant".
const NEGATABLE: &[&str] = &["are", "is", "was", "were", "do", "does", "did", "have", "has", "had", "ca", "could", "wo", "would", "should", "must"];

/// The units of a section: each numbered list of steps whole, each bullet, each sentence of
/// a paragraph (tables and headings are not units).
fn units_of(text: &str) -> Vec<(String, bool)> {
    let mut units = Vec::new();
    for block in text.split("\n\n").map(str::trim).filter(|b| !b.is_empty()) {
        let lines: Vec<&str> = block.lines().collect();
        let is_list = lines.first().is_some_and(|l| {
            let l = l.trim_start();
            l.starts_with("- ") || l.split_once(". ").is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
        });
        // "A lead is hot if either:" and the list after it are one answer; so are "Paste the
        // snippet:" and a short code block after it.
        let short_code = block.starts_with("```") && block.len() <= 400;
        if is_list || short_code {
            if let Some((last, _)) = units.last_mut().filter(|(text, _): &&mut (String, bool)| text.ends_with(':')) {
                last.push_str("\n");
                last.push_str(block);
                continue;
            }
        }
        let number = |line: &str| line.trim_start().split_once(". ").and_then(|(n, _)| n.parse::<u32>().ok());
        let numbered = |line: &str| number(line).is_some();
        // "4. Publish the site" after a code block inside step 3 goes on the same list.
        let continues = lines.first().and_then(|l| number(l)).is_some_and(|n| n > 1);
        if continues && units.last().is_some_and(|(_, is_steps)| *is_steps) {
            let (last, _) = units.last_mut().expect("checked");
            last.push_str("\n\n");
            last.push_str(block);
        } else if lines.iter().any(|l| numbered(l)) {
            units.push((block.to_owned(), true));
        } else if lines.iter().all(|l| l.trim_start().starts_with('|')) {
            continue;
        } else if lines.iter().any(|l| l.trim_start().starts_with("- ")) {
            let mut current = String::new();
            for line in lines {
                if let Some(item) = line.trim_start().strip_prefix("- ") {
                    if !current.is_empty() {
                        units.push((std::mem::take(&mut current), false));
                    }
                    current.push_str(item.trim());
                } else {
                    if !current.is_empty() {
                        current.push(' ');
                    }
                    current.push_str(line.trim());
                }
            }
            if !current.is_empty() {
                units.push((current, false));
            }
        } else {
            units.extend(sentences(&lines.join(" ")).into_iter().map(|s| (s, false)));
        }
    }
    // A bare link ("[Reg CF vs Reg A+](/help/…)") points to an answer; it is not one.
    units.retain(|(text, _)| !only_links(text));
    units
}

/// Whether a unit says nothing but its links (at most one word besides, such as "See").
fn only_links(text: &str) -> bool {
    let mut rest = String::new();
    let mut remaining = text;
    while let Some(open) = remaining.find('[') {
        rest.push_str(&remaining[..open]);
        match remaining[open..].find("](").and_then(|close| remaining[open + close..].find(')').map(|end| open + close + end + 1)) {
            Some(after) => remaining = &remaining[after..],
            None => {
                rest.push_str(&remaining[open..]);
                remaining = "";
            }
        }
    }
    rest.push_str(remaining);
    text.contains("](") && rest.split_whitespace().filter(|w| w.chars().any(char::is_alphanumeric)).count() <= 1
}

/// A paragraph's sentences: cut after `.`, `!` or `?` followed by a space and a capital
/// (or a Markdown opener), not after an abbreviation.
pub fn sentences(paragraph: &str) -> Vec<String> {
    const ABBREVIATIONS: &[&str] = &["e.g.", "i.e.", "U.S.", "vs.", "Inc.", "No.", "etc.", "St.", "Mr.", "Ms.", "Dr."];
    let chars: Vec<char> = paragraph.chars().collect();
    let mut out = Vec::new();
    let mut start = 0;
    // A quotation is not cut: "Form deleted successfully. Your leads have been preserved."
    let mut quoted = false;
    for i in 0..chars.len() {
        match chars[i] {
            '"' => quoted = !quoted,
            '“' => quoted = true,
            '”' => quoted = false,
            _ => {}
        }
        // A sentence also ends at a quotation that ends one: … "Your leads have been preserved." In …
        let closes_quote = matches!(chars[i], '"' | '”') && !quoted && i > 0 && matches!(chars[i - 1], '.' | '!' | '?');
        if quoted || !(matches!(chars[i], '.' | '!' | '?') || closes_quote) || chars.get(i + 1) != Some(&' ') {
            continue;
        }
        let next = chars.get(i + 2).copied().unwrap_or(' ');
        if !(next.is_uppercase() || matches!(next, '*' | '[' | '"' | '(' | '`')) {
            continue;
        }
        let sentence: String = chars[start..=i].iter().collect();
        if ABBREVIATIONS.iter().any(|a| sentence.ends_with(a)) {
            continue;
        }
        out.push(sentence.trim().to_owned());
        start = i + 2;
    }
    let rest: String = chars[start.min(chars.len())..].iter().collect();
    if !rest.trim().is_empty() {
        out.push(rest.trim().to_owned());
    }
    out
}

/// What BM25 indexes for a passage: the article's title, tags and summary weigh in every
/// passage (a question names the topic more often than the section's words).
fn indexed_text(article: &Article, passage: &Passage, tuning: &Tuning) -> String {
    let meta = &article.meta;
    format!(
        "{titles}{tags}. {summary}. {heading}. {text}",
        titles = format!("{}. ", meta.title).repeat(tuning.title_repeats),
        tags = meta.tags.join(", "),
        summary = if tuning.summary_in_passages { meta.summary.as_str() } else { "" },
        heading = passage.heading.as_deref().unwrap_or_default(),
        text = strip_markdown(&passage.text),
    )
}

/// Link targets and Markdown punctuation are not words a founder types.
pub fn strip_markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            // `[label](target)`: keep the label, drop the target.
            ']' if chars.peek() == Some(&'(') => {
                for inner in chars.by_ref() {
                    if inner == ')' {
                        break;
                    }
                }
                out.push(' ');
            }
            '[' | '*' | '`' | '#' | '>' | '|' => out.push(' '),
            _ => out.push(c),
        }
    }
    out
}

impl Knowledge {
    pub fn from_sources(sources: &[(&str, &str)]) -> Result<Self, ArticleError> {
        Self::tuned(sources, &[], Tuning::default())
    }

    /// The embedded articles indexed with other settings (the evaluation's tuning runs).
    pub fn embedded_with(tuning: Tuning) -> Self {
        Self::tuned(sources::SOURCES, sources::PHRASINGS, tuning).expect("the help articles parse")
    }

    /// `phrasings`: `(slug, questions)`, how founders ask what an article answers; they join the
    /// article's card (what ranks articles), never the text an answer is taken from.
    pub fn tuned(sources: &[(&str, &str)], phrasings: &[(&str, &str)], tuning: Tuning) -> Result<Self, ArticleError> {
        let mut knowledge = Self::lexical(sources, phrasings, tuning)?;
        let store = Store::committed();
        let mut unstored = 0;
        let mut meaning = |text: String| {
            let (vector, stored) = store.vector(&text);
            unstored += usize::from(!stored);
            vector
        };
        let [units, asked, cards] = knowledge.meaning_texts().map(|texts| texts.into_iter().map(&mut meaning).collect::<Vec<_>>());
        let mut units = units.into_iter();
        knowledge.unit_meanings = knowledge.units.iter().map(|list| units.by_ref().take(list.len()).collect()).collect();
        knowledge.asked_meanings = asked;
        knowledge.card_meanings = cards;
        knowledge.unstored = unstored;
        Ok(knowledge)
    }

    /// The texts whose vectors are the index's meaning: every unit, founder question and card,
    /// in the order of `units`, `asked_by` and `articles`.
    pub fn meaning_texts(&self) -> [Vec<String>; 3] {
        [
            self.units.iter().flatten().map(|unit| unit_meaning_text(&self.articles, &self.passages, unit)).collect(),
            self.asked_texts.clone(),
            self.articles.iter().map(card_meaning_text).collect(),
        ]
    }

    /// The index without its meaning (the words only).
    pub fn lexical(sources: &[(&str, &str)], phrasings: &[(&str, &str)], tuning: Tuning) -> Result<Self, ArticleError> {
        let articles = sources.iter().map(|(file, source)| parse_article(file, source)).collect::<Result<Vec<_>, _>>()?;
        let passages: Vec<Passage> = articles.iter().enumerate().flat_map(|(i, article)| passages_of(i, article)).collect();
        let documents: Vec<Document<u32>> = passages
            .iter()
            .enumerate()
            .map(|(i, passage)| Document::new(i as u32, indexed_text(&articles[passage.article], passage, &tuning)))
            .collect();
        let engine = SearchEngineBuilder::<u32, u32, EnglishTokenizer>::with_tokenizer_and_documents(EnglishTokenizer::new(), documents)
            .k1(tuning.k1)
            .b(tuning.b)
            .build();
        let cards: Vec<Document<u32>> = articles
            .iter()
            .enumerate()
            .map(|(i, article)| Document::new(i as u32, format!("{}. {}. {}", article.meta.title, article.meta.summary, article.meta.tags.join(", "))))
            .collect();
        let cards = SearchEngineBuilder::<u32, u32, EnglishTokenizer>::with_tokenizer_and_documents(EnglishTokenizer::new(), cards)
            .k1(tuning.k1)
            .b(tuning.b)
            .build();
        // One document per founder question: an article ranks by its best-matching one.
        let mut asked_by = Vec::new();
        let mut asked = Vec::new();
        let mut asked_texts = Vec::new();
        for (slug, line) in asked_lines(phrasings) {
            if let Some(index) = articles.iter().position(|a| a.meta.slug == slug) {
                asked.push(Document::new(asked_by.len() as u32, line.to_owned()));
                asked_by.push(index);
                asked_texts.push(line.to_owned());
            }
        }
        let asked = SearchEngineBuilder::<u32, u32, EnglishTokenizer>::with_tokenizer_and_documents(EnglishTokenizer::new(), asked).k1(tuning.k1).b(tuning.b).build();
        let tokenizer = EnglishTokenizer::new();
        let vocabulary = articles
            .iter()
            .map(|article| {
                let text = format!("{} {} {} {}", article.meta.title, article.meta.summary, article.meta.tags.join(" "), strip_markdown(&article.body));
                tokenizer.tokenize(&text).into_iter().collect()
            })
            .collect();
        let spellings = articles
            .iter()
            .flat_map(|article| {
                let text = format!("{} {} {} {}", article.meta.title, article.meta.summary, article.meta.tags.join(" "), strip_markdown(&article.body));
                text.to_lowercase().split(|c: char| !c.is_alphanumeric()).filter(|w| w.len() >= 3).map(str::to_owned).collect::<Vec<_>>()
            })
            .collect();
        let mut units: Vec<Vec<Unit>> = vec![Vec::new(); articles.len()];
        for (index, passage) in passages.iter().enumerate() {
            let heading_stems: HashSet<String> = tokenizer.tokenize(passage.heading.as_deref().unwrap_or_default()).into_iter().collect();
            let list = &mut units[passage.article];
            for (n, (text, is_steps)) in units_of(&passage.text).into_iter().enumerate() {
                let mut stems: HashSet<String> = tokenizer.tokenize(&strip_markdown(&text)).into_iter().collect();
                stems.extend(heading_stems.iter().cloned());
                let position = list.len();
                let in_list = !is_steps
                    && passage.text.lines().any(|line| line.trim_start().strip_prefix("- ").is_some_and(|item| !item.trim().is_empty() && text.starts_with(item.trim())));
                list.push(Unit { passage: index, text, stems, heading_stems: heading_stems.clone(), is_steps, leads_passage: n == 0, in_list, position });
            }
        }
        let mut unit_frequency = std::collections::HashMap::new();
        for unit in units.iter().flatten() {
            for stem in &unit.stems {
                *unit_frequency.entry(stem.clone()).or_insert(0u32) += 1;
            }
        }
        let unit_count = units.iter().map(Vec::len).sum::<usize>() as u32;
        let title_stems = articles.iter().map(|a| tokenizer.tokenize(&a.meta.title).into_iter().collect()).collect();
        Ok(Self {
            asked,
            asked_by,
            asked_texts,
            unit_meanings: Vec::new(),
            asked_meanings: Vec::new(),
            card_meanings: Vec::new(),
            unstored: 0,
            title_stems, tuning, articles, passages, engine, cards, vocabulary, tokenizer, spellings, units, unit_frequency, unit_count })
    }

    /// The articles compiled into this binary (parsed once).
    pub fn embedded() -> &'static Knowledge {
        static KNOWLEDGE: OnceLock<Knowledge> = OnceLock::new();
        KNOWLEDGE.get_or_init(|| Knowledge::tuned(sources::SOURCES, sources::PHRASINGS, Tuning::default()).expect("the help articles parse (checked by the tests)"))
    }

    pub fn article(&self, slug: &str) -> Option<&Article> {
        self.articles.iter().find(|article| article.meta.slug == slug)
    }

    /// How telling a stemmed word is among the answer units (inverse document frequency).
    pub fn idf(&self, stem: &str) -> f32 {
        let n = self.unit_frequency.get(stem).copied().unwrap_or(0) as f32;
        ((self.unit_count as f32 - n + 0.5) / (n + 0.5) + 1.0).ln()
    }

    /// A question's stemmed words without stop words (what units are scored on).
    pub fn stems(&self, text: &str) -> Vec<String> {
        self.tokenizer.tokenize(text)
    }

    /// The question as the index reads it: shorthand written out, typos corrected to words
    /// the articles use, and founders' words joined by the Help Center's (see [`SYNONYMS`]).
    pub fn query(&self, question: &str) -> String {
        self.read(question).expanded
    }

    /// The question corrected and expanded (see [`Knowledge::query`]), with the stems of the
    /// founder's words a synonym explained.
    pub fn read(&self, question: &str) -> Query {
        let words = crate::words::Words::new(question);
        let corrected: Vec<String> = words
            .tokens()
            .iter()
            .map(|word| {
                let written = written_out(word);
                if written != *word { written } else { self.spelling(word).unwrap_or(written) }
            })
            .collect();
        let corrected = corrected.join(" ");
        let padded = format!(" {corrected} ");
        let mut extra = Vec::new();
        let mut explained = HashSet::new();
        for (founder, ours) in SYNONYMS {
            let stem = founder.trim_end_matches('*');
            let found = if founder.ends_with('*') { padded.contains(&format!(" {stem}")) } else { padded.contains(&format!(" {founder} ")) };
            // A day gone by ("closed last friday") is not a send being scheduled.
            let past = WEEKDAYS.contains(founder) && !padded.replace(&format!(" last {founder} "), " ").contains(&format!(" {founder} "));
            if found && !past {
                extra.push(*ours);
                explained.extend(self.tokenizer.tokenize(stem));
                if founder.ends_with('*') {
                    explained.extend(padded.split(' ').filter(|w| w.starts_with(stem)).flat_map(|w| self.tokenizer.tokenize(w)));
                }
            }
        }
        let expanded = if extra.is_empty() { corrected.clone() } else { format!("{corrected} {}", extra.join(" ")) };
        Query { corrected, expanded, explained }
    }

    /// The article word a misspelt question word stands for: one edit away (two for long
    /// words), among words of about its length.
    fn spelling(&self, word: &str) -> Option<String> {
        // An English word the articles happen not to use is not a typo: "blast" is not "last".
        if word.len() < 5
            || !word.chars().all(char::is_alphabetic)
            || self.spellings.contains(word)
            || self.tokenizer.stop_words.contains(word)
            || sentence_encoder::is_known_word(word)
            // … and neither is a form of a word they use: "emailing" is not "failing".
            || self.tokenizer.tokenize(word).iter().any(|stem| self.vocabulary.iter().any(|words| words.contains(stem)))
        {
            return None;
        }
        let max = if word.len() >= 8 { 2 } else { 1 };
        self.spellings
            .iter()
            .filter(|known| known.len().abs_diff(word.len()) <= max)
            .map(|known| (crate::words::distance(word, known, max), known))
            .filter(|(d, _)| *d <= max)
            .min_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(b.1)))
            .map(|(_, known)| known.clone())
    }

    /// The best passages for a question, best first.
    pub fn search(&self, query: &str, limit: usize) -> Vec<Hit<'_>> {
        self.engine
            .search(query, limit)
            .into_iter()
            .filter_map(|result| {
                let passage = self.passages.get(result.document.id as usize)?;
                Some(Hit { article: &self.articles[passage.article], passage, score: result.score, lexical: result.score, similarity: 0.0 })
            })
            .collect()
    }

    /// The share of the question's words (stemmed, without stop words) that the article uses:
    /// a high BM25 score on one shared word ("capital", "mail") is not an answer.
    pub fn coverage(&self, query: &Query, article: &Article) -> f32 {
        let Some(index) = self.articles.iter().position(|a| std::ptr::eq(a, article)) else { return 0.0 };
        // Figures ("80k", "2021") are the question's data, not its topic.
        let words: HashSet<String> =
            self.tokenizer.tokenize(&query.corrected).into_iter().filter(|word| !word.chars().any(|c| c.is_ascii_digit())).collect();
        if words.is_empty() {
            return 0.0;
        }
        // A founder's word a synonym explained counts as known.
        let known = words.iter().filter(|word| self.vocabulary[index].contains(*word) || query.explained.contains(*word)).count();
        known as f32 / words.len() as f32
    }

    /// A question's articles, best first, by its words and its meaning (what the tests and
    /// the benchmark rank; a reply reads the question once and calls [`Knowledge::rank_articles`]).
    pub fn rank(&self, question: &str, limit: usize) -> Vec<Hit<'_>> {
        let read = self.read(question);
        let meaning = crate::meaning::Encoder::get().encode(&read.corrected);
        self.rank_articles(&read.expanded, Some(&meaning), limit)
    }

    /// How near each article comes to the question's meaning: its nearest unit, founder
    /// question or card; with that unit's passage when a unit is nearest.
    fn similarities(&self, meaning: &Vector) -> Vec<(f32, Option<usize>)> {
        let mut best: Vec<(f32, Option<usize>)> =
            self.card_meanings.iter().map(|card| (cosine(card, meaning), None)).collect();
        for (vector, article) in self.asked_meanings.iter().zip(&self.asked_by) {
            let similarity = cosine(vector, meaning);
            if similarity > best[*article].0 {
                best[*article] = (similarity, None);
            }
        }
        for (article, vectors) in self.unit_meanings.iter().enumerate() {
            for (unit, vector) in self.units[article].iter().zip(vectors) {
                let similarity = cosine(vector, meaning);
                if similarity > best[article].0 {
                    best[article] = (similarity, Some(unit.passage));
                }
            }
        }
        best
    }

    /// How near a unit comes to the question's meaning.
    pub fn unit_similarity(&self, unit: &Unit, meaning: &Vector) -> f32 {
        let article = self.passages[unit.passage].article;
        self.unit_meanings.get(article).and_then(|vectors| vectors.get(unit.position)).map_or(0.0, |vector| cosine(vector, meaning))
    }

    /// Articles ranked by their best passage plus their card and founder phrasings (their
    /// words), plus how near they come to the question's meaning when it is given; best first,
    /// each with its best passage (its introduction when only the card matched).
    pub fn rank_articles(&self, query: &str, meaning: Option<&Vector>, limit: usize) -> Vec<Hit<'_>> {
        let mut best: Vec<Option<Hit<'_>>> = vec![None; self.articles.len()];
        for hit in self.search(query, self.passages.len()) {
            let slot = &mut best[hit.passage.article];
            if slot.is_none() {
                *slot = Some(hit);
            }
        }
        for card in self.cards.search(query, self.articles.len()) {
            let index = card.document.id as usize;
            let boost = self.tuning.card_weight * card.score;
            match &mut best[index] {
                Some(hit) => {
                    hit.score += boost;
                    hit.lexical += boost;
                }
                slot @ None => {
                    if let Some(passage) = self.passages.iter().find(|p| p.article == index) {
                        *slot = Some(Hit { article: &self.articles[index], passage, score: boost, lexical: boost, similarity: 0.0 });
                    }
                }
            }
        }
        let mut asked_best: Vec<f32> = vec![0.0; self.articles.len()];
        for hit in self.asked.search(query, 50) {
            let index = self.asked_by[hit.document.id as usize];
            asked_best[index] = asked_best[index].max(hit.score);
        }
        for (index, score) in asked_best.into_iter().enumerate().filter(|(_, s)| *s > 0.0) {
            let boost = self.tuning.asked_weight * score;
            match &mut best[index] {
                Some(hit) => {
                    hit.score += boost;
                    hit.lexical += boost;
                }
                slot @ None => {
                    if let Some(passage) = self.passages.iter().find(|p| p.article == index) {
                        *slot = Some(Hit { article: &self.articles[index], passage, score: boost, lexical: boost, similarity: 0.0 });
                    }
                }
            }
        }
        if let Some(meaning) = meaning.filter(|_| !self.card_meanings.is_empty()) {
            for (index, (similarity, passage)) in self.similarities(meaning).into_iter().enumerate() {
                let boost = self.tuning.semantic_weight * (similarity - self.tuning.semantic_floor).max(0.0);
                match &mut best[index] {
                    Some(hit) => {
                        hit.similarity = similarity;
                        hit.score += boost;
                    }
                    slot @ None if boost > 0.0 => {
                        let passage = passage.map(|p| &self.passages[p]).or_else(|| self.passages.iter().find(|p| p.article == index));
                        if let Some(passage) = passage {
                            *slot = Some(Hit { article: &self.articles[index], passage, score: boost, lexical: 0.0, similarity });
                        }
                    }
                    None => {}
                }
            }
        }
        let mut ranked: Vec<Hit<'_>> = best.into_iter().flatten().collect();
        ranked.sort_by(|a, b| b.score.total_cmp(&a.score));
        ranked.truncate(limit);
        ranked
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_contraction_typed_without_its_apostrophe_reads_as_a_negation_not_a_misspelt_word() {
        for (word, read) in [("arent", "are not"), ("isnt", "is not"), ("dont", "do not"), ("doesnt", "does not"), ("havent", "have not"), ("cant", "can not"), ("wont", "will not"), ("shouldnt", "should not")] {
            assert_eq!(written_out(word), read);
        }
        for word in ["want", "agent", "meant", "client", "payment", "front"] {
            assert_eq!(written_out(word), word);
        }
        let knowledge = Knowledge::embedded();
        assert!(knowledge.read("if they arent accredited whats the most").corrected.contains("are not accredited"));
    }

    #[test]
    fn an_english_word_the_articles_do_not_use_is_read_as_typed_and_a_typo_is_corrected() {
        let knowledge = Knowledge::embedded();
        for (question, read) in [
            ("before i blast this to 12 ppl", "blast"),
            ("how do i stop it going out", "going"),
            ("theres a floating option", "there is a floating"),
            ("can i schedule the campagin", "campaign"),
            ("how many investers do i have", "investors"),
            ("pls stop emailing me", "emailing"),
        ] {
            assert!(knowledge.read(question).corrected.contains(read), "{question}: {}", knowledge.read(question).corrected);
        }
    }

    #[test]
    fn a_numbered_list_that_goes_on_after_a_code_block_is_one_list_of_steps() {
        let text = "1. Open the page.\n2. Drag an **Embed** element.\n3. Paste the snippet:\n\n   ```html\n   <div></div>\n   ```\n\n4. **Publish** the site.";
        let units = units_of(text);
        assert_eq!(units.len(), 1, "{units:?}");
        assert!(units[0].1 && units[0].0.contains("4. **Publish**"));
        // A new list that starts at 1 is a list of its own.
        assert_eq!(units_of("1. One.\n2. Two.\n\nThen:\n\n1. Again.").len(), 2);
    }

    const SAMPLE: &str = "---\ntitle: Embed on WordPress\nslug: embed-wordpress\nsummary: Paste the snippet.\ntags: [embed, wordpress]\nupdated: 2026-11-23\n---\n\nIntro text.\n\n## Steps\n\n1. Open [Investor Forms](/forms).\n\n## Troubleshooting\n\nPublish first.\n";

    /// The day counts a line states: "7-day", "14 days", "1 day".
    fn day_counts(line: &str) -> Vec<u32> {
        let bytes = line.as_bytes();
        let mut counts = Vec::new();
        for (at, _) in line.match_indices("day") {
            let mut end = at;
            if end > 0 && matches!(bytes[end - 1], b'-' | b' ') {
                end -= 1;
            } else {
                continue;
            }
            let start = line[..end].rfind(|c: char| !c.is_ascii_digit()).map_or(0, |i| i + 1);
            if let Ok(n) = line[start..end].parse() {
                counts.push(n);
            }
        }
        counts
    }

    #[test]
    fn a_bare_link_is_not_an_answer_unit_but_a_sentence_with_a_link_is() {
        assert!(only_links("[Reg CF vs Reg A+ vs Rule 506(c)](/help/reg-cf-vs-reg-a-506c)"));
        assert!(only_links("See [Plans](/pricing) · [Billing](/billing)."));
        assert!(!only_links("Open [Investor Forms](/forms) and click **New form**."));
        assert!(!only_links("A plain sentence without links."));
        let units = units_of("Read this first.\n\n[Reg CF vs Reg A+](/help/reg-cf-vs-reg-a-506c)\n\n- [Raise Capital guide](/help/raise-capital-guide): the checklist");
        assert_eq!(units.iter().map(|(t, _)| t.as_str()).collect::<Vec<_>>(), ["Read this first.", "[Raise Capital guide](/help/raise-capital-guide): the checklist"]);
    }

    /// `make sparky-vectors`: encodes every Help Center text into `vectors.bin` (run after
    /// editing an article or a phrasing; the next test fails until then).
    #[test]
    #[ignore = "writes vectors.bin: run by make sparky-vectors"]
    fn write_the_help_centers_vectors() {
        let knowledge = Knowledge::lexical(sources::SOURCES, sources::PHRASINGS, Tuning::default()).unwrap();
        let texts = knowledge.meaning_texts().concat();
        std::fs::write(concat!(env!("CARGO_MANIFEST_DIR"), "/vectors.bin"), Store::write(&texts)).unwrap();
    }

    #[test]
    fn vectors_bin_holds_the_meaning_of_every_help_center_text_so_a_cold_start_encodes_nothing() {
        let knowledge = Knowledge::embedded();
        assert_eq!(knowledge.unstored, 0, "vectors.bin is behind the articles or phrasings: run `make sparky-vectors`");
    }

    #[test]
    fn every_trial_length_the_help_center_states_is_the_one_checkout_grants() {
        use shared::plans::{EXTENDED_TRIAL_DAYS, TRIAL_DAYS};
        assert_eq!(day_counts("a 14-day free trial instead of 7 days, 1 day"), [14, 7, 1]);
        let mut stated = 0;
        for (file, source) in sources::SOURCES {
            for line in source.lines().filter(|line| line.to_lowercase().contains("trial")) {
                let lower = line.to_lowercase();
                for days in day_counts(line) {
                    stated += 1;
                    // The extended trial is only ever named as the offer it is.
                    let extended = days == EXTENDED_TRIAL_DAYS && ["extended", "instead of", "offer"].iter().any(|word| lower.contains(word));
                    assert!(days == TRIAL_DAYS || extended, "{file}: a {days}-day trial is neither the {TRIAL_DAYS}-day trial nor the extended {EXTENDED_TRIAL_DAYS}-day offer: {line}");
                }
            }
        }
        assert!(stated >= 5, "the articles state the trial's length ({stated} found)");
    }

    #[test]
    fn an_article_is_cut_into_its_introduction_and_sections() {
        let article = parse_article("embed-wordpress.md", SAMPLE).unwrap();
        assert_eq!(article.meta.tags, ["embed", "wordpress"]);
        let passages = passages_of(0, &article);
        let headings: Vec<_> = passages.iter().map(|p| p.heading.as_deref()).collect();
        assert_eq!(headings, [None, Some("Steps"), Some("Troubleshooting")]);
        assert_eq!(passages[1].text, "1. Open [Investor Forms](/forms).");
    }

    #[test]
    fn a_slug_must_match_its_file_and_front_matter_is_required() {
        assert!(matches!(parse_article("other.md", SAMPLE), Err(ArticleError::SlugMismatch { .. })));
        assert!(matches!(parse_article("x.md", "no front matter"), Err(ArticleError::NoFrontMatter(_))));
    }

    #[test]
    fn a_quotation_is_not_cut_into_sentences() {
        assert_eq!(
            sentences("Leads are **kept**: you see \"Form deleted successfully. Your leads have been preserved.\" In the list they show \"Deleted form\"."),
            ["Leads are **kept**: you see \"Form deleted successfully. Your leads have been preserved.\"", "In the list they show \"Deleted form\"."]
        );
        assert_eq!(sentences("You see “Saved. Done.” Then close it. Next."), ["You see “Saved. Done.”", "Then close it.", "Next."]);
        assert_eq!(sentences("It says “Go. Now” and waits. Next."), ["It says “Go. Now” and waits.", "Next."]);
    }

    #[test]
    fn a_section_is_cut_into_sentences_bullets_and_step_lists() {
        let text = "A company may raise $5,000,000. It counts e.g. earlier sales. Then more.\n\n1. Open it.\n2. Click **Export CSV**.\n\n- One item\n- Two items\n\n| a | b |\n| - | - |";
        let units = units_of(text);
        assert_eq!(
            units,
            [
                ("A company may raise $5,000,000.".to_owned(), false),
                ("It counts e.g. earlier sales.".to_owned(), false),
                ("Then more.".to_owned(), false),
                ("1. Open it.\n2. Click **Export CSV**.".to_owned(), true),
                ("One item".to_owned(), false),
                ("Two items".to_owned(), false),
            ]
        );
    }

    #[test]
    fn a_question_is_read_with_typos_corrected_and_founders_words_joined() {
        let knowledge = Knowledge::embedded();
        let query = knowledge.query("can my investors resell thier shares");
        assert!(query.contains("their") && query.contains("resale restrictions"), "{query}");
        assert!(knowledge.query("how do i export to excel").contains("export csv"));
    }

    #[test]
    fn link_targets_are_not_indexed() {
        assert_eq!(strip_markdown("Open [Investor Forms](/forms) **now**").split_whitespace().collect::<Vec<_>>(), ["Open", "Investor", "Forms", "now"]);
    }

    #[test]
    fn every_phrasings_file_names_an_article() {
        let knowledge = Knowledge::embedded();
        for (slug, text) in sources::PHRASINGS {
            assert!(knowledge.article(slug).is_some(), "phrasings/{slug}.txt names no article");
            assert!(text.lines().all(|line| !line.trim().is_empty() && line.len() <= 200), "phrasings/{slug}.txt: one question a line");
        }
    }

    #[test]
    fn every_embedded_article_parses_and_has_a_unique_slug() {
        let knowledge = Knowledge::embedded();
        assert!(knowledge.articles.len() >= 25, "only {} articles", knowledge.articles.len());
        let mut slugs: Vec<_> = knowledge.articles.iter().map(|a| a.meta.slug.as_str()).collect();
        slugs.sort();
        slugs.dedup();
        assert_eq!(slugs.len(), knowledge.articles.len());
    }
}
