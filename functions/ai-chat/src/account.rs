//! Questions about the founder's own account, recognised by what they ask (the intent) rather
//! than by one phrasing — "any hot leads yet?", "how many hot leads rn", "who are my hot
//! leads" — and answered from the caller's own figures, never anyone else's, with links into
//! the app. A founder with nothing yet is told so plainly ("none yet").

use shared::{format::usd, leads::Temperature};

use crate::words::Words;

/// One of the caller's forms, as Sparky sees it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FormFacts {
    pub id: String,
    pub name: String,
    pub views: u64,
    pub leads: u64,
    pub published: bool,
}

impl FormFacts {
    /// Leads per 100 views (0 with no views).
    fn conversion(&self) -> f64 {
        if self.views == 0 { 0.0 } else { self.leads as f64 * 100.0 / self.views as f64 }
    }
}

/// One of the caller's newest leads.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct LeadFacts {
    pub name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub form: String,
    pub temperature: Option<Temperature>,
    /// The answer to the amount question, as the investor chose it.
    pub amount: Option<String>,
    /// Whole dollars, as the product estimates it (what the totals add up).
    pub estimated: u64,
    /// RFC 3339.
    pub created_at: String,
}

/// One of the caller's campaigns.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CampaignFacts {
    pub name: String,
    /// draft, scheduled, sending, sent, cancelled, paused.
    pub status: String,
    pub sent_at: Option<String>,
    pub recipients: u64,
    pub delivered: u64,
    pub opened: u64,
    pub clicked: u64,
}

/// The caller's plan.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PlanFacts {
    pub name: String,
    /// Stripe's status: trialing, active, past_due, canceled…
    pub status: String,
    /// Unix seconds.
    pub trial_end: Option<i64>,
    pub period_end: Option<i64>,
}

impl PlanFacts {
    /// Whether the company pays (a trial, free to start, does not count).
    pub fn is_paying(&self) -> bool {
        matches!(self.status.as_str(), "active" | "past_due")
    }
}

/// The caller's figures: counters kept on write, and one page of each list.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AccountFacts {
    pub leads: u64,
    pub hot: u64,
    pub warm: u64,
    pub cold: u64,
    pub estimated_interest: u64,
    pub forms: Vec<FormFacts>,
    /// The newest leads, newest first (at most [`RECENT_LEADS`]).
    pub recent: Vec<LeadFacts>,
    pub campaigns: Vec<CampaignFacts>,
    pub vault_records: u64,
    /// The offering's stage label ("Testing the waters") and Form C filing day, if filed.
    pub offering: (String, Option<String>),
    pub plan: Option<PlanFacts>,
    /// When the question is asked (Unix seconds).
    pub now: i64,
}

/// How many of the newest leads Sparky reads to name leads (one Query page).
pub const RECENT_LEADS: i32 = 200;

/// A period a question asks about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Period {
    Today,
    Yesterday,
    /// Yesterday and today ("anything new since yesterday").
    SinceYesterday,
    ThisWeek,
}

/// What an account question asks.
#[derive(Debug, Clone, PartialEq)]
pub enum Intent {
    LeadCount(Option<Temperature>),
    /// Who the leads (of a temperature) are.
    LeadList(Option<Temperature>),
    NewestLead,
    FirstLead,
    LeadsIn(Period),
    /// The largest indication (or the hottest lead).
    LargestIndication,
    /// A named lead's details (index in `recent`).
    LeadDetails(usize),
    Indicated(Option<Temperature>),
    BestForm,
    /// Whether a form is live (index in `forms`).
    FormStatus(usize),
    /// How a form is doing: its state and figures ("how's the webinar form doing").
    FormReport(usize),
    FormList,
    Views,
    Plan,
    Campaigns,
    Vault,
    OfferingStage,
    /// How to embed one of the caller's forms (its index in `forms`), or a form not named.
    Embed(Option<usize>),
}

impl Intent {
    /// The account question this is, in its own wording (what the popular list shows).
    pub fn topic(&self) -> (&'static str, &'static str) {
        match self {
            Intent::LeadCount(_) => ("lead-count", "How many leads do I have?"),
            Intent::LeadList(_) => ("lead-list", "Who are my hot leads?"),
            Intent::NewestLead | Intent::LeadsIn(_) => ("newest-leads", "Who is my newest lead?"),
            Intent::FirstLead => ("first-lead", "Who was my first lead?"),
            Intent::LargestIndication => ("largest-indication", "Who indicated the largest amount?"),
            Intent::LeadDetails(_) => ("lead-details", "What are a lead's contact details?"),
            Intent::Indicated(_) => ("indicated", "How much have my leads indicated so far?"),
            Intent::BestForm => ("best-form", "Which of my forms converts best?"),
            Intent::FormStatus(_) | Intent::FormReport(_) | Intent::FormList => ("forms", "Which of my forms are live?"),
            Intent::Views => ("views", "How many views do my forms have?"),
            Intent::Plan => ("plan", "When does my trial end?"),
            Intent::Campaigns => ("campaigns", "How did my campaigns do?"),
            Intent::Vault => ("vault", "What is in my compliance vault?"),
            Intent::OfferingStage => ("offering-stage", "What stage is my offering in?"),
            Intent::Embed(_) => ("embed", "How do I embed my form?"),
        }
    }
}

fn temperature_in(words: &Words) -> Option<Temperature> {
    if words.any(&["hot", "hottest"]) {
        Some(Temperature::Hot)
    } else if words.any(&["warm", "warmest"]) {
        Some(Temperature::Warm)
    } else if words.any(&["cold", "coldest"]) {
        Some(Temperature::Cold)
    } else {
        None
    }
}

/// The form a question names (its longest name found, or a distinctive word of it).
fn named_form(words: &Words, forms: &[FormFacts]) -> Option<usize> {
    let lower = words.text();
    if let Some((i, _)) = forms.iter().enumerate().filter(|(_, f)| f.name.len() >= 3 && lower.contains(&f.name.to_lowercase())).max_by_key(|(_, f)| f.name.len()) {
        return Some(i);
    }
    // "my webinar form": a word of one form's name that no other form's name has.
    let generic = ["form", "forms", "investor", "page", "the", "my", "signup", "interest"];
    let mut found = None;
    for (i, form) in forms.iter().enumerate() {
        for word in form.name.to_lowercase().split(|c: char| !c.is_alphanumeric()).filter(|w| w.len() >= 4 && !generic.contains(w)) {
            let unique = forms.iter().enumerate().all(|(j, other)| j == i || !other.name.to_lowercase().contains(word));
            if unique && words.has(word) {
                found = Some(i);
            }
        }
    }
    found
}

/// The lead a question names by first and last name, or by a last name only one lead has.
fn named_lead(words: &Words, leads: &[LeadFacts]) -> Option<usize> {
    let lower = words.text();
    if let Some(i) = leads.iter().position(|l| l.name.len() >= 3 && lower.contains(&l.name.to_lowercase())) {
        return Some(i);
    }
    let last = |l: &LeadFacts| l.name.split_whitespace().last().map(str::to_lowercase).filter(|w| w.len() >= 3);
    leads.iter().enumerate().find_map(|(i, lead)| {
        let name = last(lead)?;
        (words.has(&name) && leads.iter().filter(|other| last(other).as_deref() == Some(name.as_str())).count() == 1).then_some(i)
    })
}

/// Reads an account question, or `None` for a general one (answered from the Help Center).
pub fn intent(question: &str, facts: &AccountFacts) -> Option<Intent> {
    let words = Words::new(question);
    let lower = words.text().to_owned();
    let how_or_may = asks_how_or_may(question);
    // "What is a hot lead?", "how are temperatures decided": the Help Center explains rules.
    // ("list my cold leads, want to decide if they're worth chasing" asks for the list.)
    // ("how are my forms performing" asks for figures.)
    let how_mine = words.starts_with(&["how are my", "how are our", "how is my", "how is our", "how are we", "how am i"]);
    let explains = words.starts_with(&["what is a", "what are hot", "what are warm", "what are cold", "what does", "how are", "how is", "how does", "why"]) && !how_mine
        || words.any(&["mean", "means", "definition", "define"])
        || words.any(&["decided", "decide", "calculated", "determined"]) && words.any(&["how", "what", "why", "hows", "whats"]);
    let mine = words.any(&["i", "my", "me", "mine", "i've", "ive", "anyone", "anybody", "someone", "somebody", "we", "our", "us", "we've", "weve", "we're", "ours"]);
    // ("we signed up today": the founder, not a lead.)
    let founder_signed_up = words.any(&["we signed", "i signed", "we just signed", "i just signed", "just signed up"]);
    let about_leads = words.prefix_any(LEAD_WORDS)
        || (lower.contains("sign up") || lower.contains("signed up")) && !founder_signed_up
        // "who's the most recent person to fill out one of my forms"
        || ["fill out", "filled out", "fill in", "filled in", "submitted"].iter().any(|w| lower.contains(w))
        // "anyone come in yesterday?"
        || words.any(&["anyone", "anybody", "someone", "somebody", "who", "whos", "anything"])
            && words.any(&["come", "came", "sign", "signed", "join", "joined", "submit", "submitted", "fill", "filled", "new"])
            && !founder_signed_up;
    let temperature = temperature_in(&words);
    // "is there a cap on the number of investors in reg cf" asks about the rules.
    let about_rules = words.any(&["reg cf", "regulation", "sec", "allowed", "limit", "limits", "cap", "maximum", "max", "rule", "rules", "law", "legally", "accredited", "non accredited"]);
    // ("does that count against his limit" is not a count.)
    let counts_against = ["count against", "count toward", "counts against", "counts toward", "does that count", "does it count"].iter().any(|w| lower.contains(w));
    let asks_count = lower.contains("how many") || lower.contains("number of") || words.any(&["count", "total"]) && !counts_against || lower.starts_with("any ")
        || words.starts_with(&["do i have any", "have i got any", "have i gotten any", "did i get any", "did anyone", "got any", "any"])
        // ("have i gotten any investor leads yet")
        || words.any(&["any", "anybody", "anyone"]) && (words.has("yet") || lower.contains("so far"))
        // ("so i have zero leads so far right?")
        || words.any(&["zero", "none", "no leads"]) && (words.has("yet") || lower.contains("so far") || words.has("right"));
    // ("do the people who already committed need to do anything": "who" that only relates.)
    let raw = question.to_lowercase();
    let relative_who = !raw.starts_with("who")
        && ["people who", "investors who", "leads who", "those who", "anyone who", "someone who", "everyone who", "ones who", "person who", "guy who", "friends who", "ppl who"]
            .iter()
            .any(|w| raw.contains(w));
    // ("… tomorrow, which will be 36 hours before the close": "which" that only relates.)
    let which = words.starts_with(&["which"]) || words.any(&["which leads", "which investors", "which of", "which one", "which ones", "which lead", "which investor"]);
    let asks_who = (words.any(&["who", "whos", "list", "names", "name"]) || which) && !relative_who || words.phrase("show me");
    let money = words.any(&["indicated", "pledged", "committed", "commitments", "interest", "invest", "investing", "dollars", "money", "amount", "$"])
        || lower.contains('$')
        || lower.contains("how much");

    // "it says campaigns are part of Pro, why cant i use it", "theres no delete button": a
    // problem for the Help Center, whatever figures it mentions.
    if reports_a_problem(&lower) {
        return None;
    }
    // "am i doing ok?", "how's my raise going": the founder's leads at a glance.
    let overview = words.any(&[
        "am i doing ok", "am i doing okay", "am i doing well", "are we doing ok", "are we doing okay", "how am i doing", "how are we doing", "how is my raise",
        "how is our raise", "hows my raise", "hows our raise", "how am i tracking", "how are we tracking", "how are things going", "how is it looking",
    ]);
    if overview && !how_or_may {
        return Some(Intent::LeadCount(None));
    }
    // ("how's the webinar form doing": a named form's state and figures.)
    if let Some(index) = named_form(&words, &facts.forms).filter(|_| words.any(&["doing", "going", "performing", "perform", "performed", "converting", "numbers", "stats"])) {
        // ("which form is converting better, the website one or the pitch deck page" compares.)
        if !how_or_may && !words.any(&["how do", "how to", "why", "which", "better", "best", "vs", "versus", "compare", "compared"]) {
            return Some(Intent::FormReport(index));
        }
    }
    // "who should i call first this week": the hot leads, whatever the period of the plan.
    let first_to_call = words.any(&["call first", "contact first", "email first", "reach out to first", "ring first", "prioritise", "prioritize", "focus on first", "start with"])
        && words.any(&["who", "whos", "which"]);
    if first_to_call && !explains {
        return Some(Intent::LeadList(Some(Temperature::Hot)));
    }
    // "open/click numbers on the two sends?": the results of what was sent.
    if words.any(&["open", "opens", "opened", "click", "clicks", "clicked", "numbers", "stats", "results"]) && words.any(&["sends", "blasts", "mailouts", "mailings"]) && !how_or_may {
        return Some(Intent::Campaigns);
    }
    // ("had a call w elena vasquez today. can i bump her up to hot myself?": how, not her details.)
    let details = words.any(&["email", "e-mail", "phone", "number", "contact", "details", "reach", "amount", "how much", "info", "information", "who is", "when did", "what did"]);
    if !explains && (details || !how_or_may) {
        if let Some(lead) = named_lead(&words, &facts.recent) {
            return Some(Intent::LeadDetails(lead));
        }
    }
    // ("~450 holders of record" are shareholders, not the vault's records.)
    let records = words.any(&["documents", "records"]) && !words.any(&["holders of record", "holders of records", "of record", "of records"]);
    if ((words.has("vault") || records) && !words.any(&["how", "where", "export", "upload"]) || words.has("vault") && asks_count) && !how_or_may {
        return Some(Intent::Vault);
    }
    // ("do i get the AI insights or is it a paid extra? im on the basic plan": a feature's plan.)
    let feature = words.any(&["do i get", "included", "include", "includes", "extra", "feature", "features", "insights", "campaigns", "vault", "part of"]);
    if words.any(&["trial", "plan", "subscription", "billing", "renew", "renews"]) && mine && !feature && !words.any(&["cancel", "change", "upgrade", "downgrade", "switch", "invoice", "invoices"])
        && (words.any(&["when", "end", "ends", "ending", "expire", "expires", "left", "over", "which", "what", "am", "run", "runs", "long"]) || lower.contains("days"))
    {
        return Some(Intent::Plan);
    }
    if (words.any(&["stage", "status", "phase"]) && words.any(&["offering", "raise", "round", "campaign"]) || lower.contains("where am i in"))
        && !words.any(&["change", "move", "moved", "update", "set", "back"])
        && !how_or_may
    {
        return Some(Intent::OfferingStage);
    }
    if words.prefix_any(&["campaign", "email", "e-mail", "newsletter", "blast"])
        // ("what campaigns have i sent so far": the ones sent, listed.)
        && (asks_count || words.has("any") || words.any(RESULTS) || words.any(&["what", "which", "list"]) && words.has("sent"))
        && mine
        && words.any(&["sent", "send", "results", "open", "opens", "opened", "rate", "clicks", "clicked", "performed", "perform", "performing", "stats", "did", "doing", "going", "landed"])
        && !words.any(&["how do", "schedule"])
        // "clicked campaigns and it tells me to upgrade": being let in is the Help Center's.
        && !words.any(ACCESS)
        // ("do the emails i'm doing now have to be submitted to the sec": the rules.)
        && !words.any(&["sec", "have to", "legally", "required", "allowed", "rule", "rules"])
        // ("results page shows Suppressed 1. what does that mean": a word explained.)
        && !words.any(&["mean", "means", "meaning", "definition"])
        && !how_or_may
    {
        return Some(Intent::Campaigns);
    }
    // "if i add up what all my leads said they'd put in, what's the total": their sum, however
    // the question is framed.
    let sum = words.any(&["total", "altogether", "combined", "sum"]) || lower.contains("add up");
    if about_leads && (mine || words.prefix_any(&["lead"])) && sum && (money || lower.contains("put in") || lower.contains("they'd") || lower.contains("said")) && !about_rules {
        return Some(Intent::Indicated(temperature));
    }
    if explains || how_or_may {
        return None;
    }
    if (about_leads || temperature.is_some()) && !(about_rules && !lower.contains("how many")) {
        // The period of the sentence that asks about leads ("who are my hot leads? want to call
        // them all today" asks for every hot lead).
        let words = &Words::new(&sentences_about_leads(question));
        let lower = words.text();
        let period = if words.phrase("since yesterday") {
            Some(Period::SinceYesterday)
        } else if words.has("today") || lower.contains("so far today") {
            Some(Period::Today)
        } else if words.has("yesterday") {
            Some(Period::Yesterday)
        } else if lower.contains("this week") || lower.contains("last 7 days") || lower.contains("past week") {
            Some(Period::ThisWeek)
        } else {
            None
        };
        // ("the names of my hot leads, want to call them all today": the founder's plan, not the
        // leads' day.)
        let plan = ["call them", "email them", "ring them", "contact them", "reach out", "phone them", "text them", "meet them"].iter().filter_map(|w| lower.find(w)).min();
        let when = ["today", "yesterday", "this week"].iter().filter_map(|w| lower.find(w)).min();
        let planned = matches!((plan, when), (Some(plan), Some(when)) if when > plan);
        if let Some(period) = period.filter(|_| !planned) {
            return Some(Intent::LeadsIn(period));
        }
        if words.any(&["newest", "latest", "recent", "recently", "last", "most recent"]) {
            return Some(Intent::NewestLead);
        }
        if words.any(&["first", "oldest", "earliest"]) {
            return Some(Intent::FirstLead);
        }
        if words.any(&["biggest", "largest", "highest", "hottest", "top", "best", "warmest"]) && !words.prefix_any(&["form"]) {
            return Some(Intent::LargestIndication);
        }
        // Asked for ("how much have investors indicated"), not told ("an investor committed
        // $10k but now wants out").
        // ("want to ask ppl how much they're thinking of investing": a question to investors.)
        let reported = ["ask ppl how much", "ask people how much", "ask investors how much", "ask them how much", "asking how much", "ask how much"]
            .iter()
            .any(|w| lower.contains(w));
        let asks_amount = !reported && lower.contains("how much") || lower.contains("so far") || lower.contains("in total") || asks_count
            || words.any(&["total", "sum", "altogether", "combined", "tally"])
            || words.starts_with(&["what's", "whats", "what is", "what are", "show", "tell me", "give me"]);
        if money && asks_amount && (mine || asks_count || lower.contains("so far")) && !words.any(&["can", "limit", "limits", "max", "maximum"]) {
            return Some(Intent::Indicated(temperature));
        }
        // ("list my cold leads, thinking of leaving them out of the next email": a temperature
        // names the leads listed, whatever else is mentioned.)
        let other_subject = words.prefix_any(&["form", "campaign", "email"]) && temperature.is_none() || words.prefix_any(&["unsubscrib"]);
        if asks_who && (mine || temperature.is_some()) && !other_subject {
            return Some(Intent::LeadList(temperature));
        }
        if asks_count && (mine || temperature.is_some() || !about_rules) {
            return Some(Intent::LeadCount(temperature));
        }
    }
    // ("how much has been pledged so far": in the founder's own app, their own raise.)
    let so_far = lower.contains("so far") || lower.contains("in total") || words.any(&["indicated", "pledged"]);
    if money && (so_far || sum) && (mine || lower.contains("how much")) && !words.any(&["limit", "limits", "can", "max"]) {
        return Some(Intent::Indicated(temperature));
    }
    if words.any(&["biggest", "largest"]) && words.any(&["check", "cheque", "indication", "ticket", "investment", "commitment"]) {
        return Some(Intent::LargestIndication);
    }
    // ("filing our form c next week" is about the SEC filing, not the founder's forms.)
    let about_forms = Words::new(&sec_forms_removed(&lower)).prefix_any(&["form"]);
    // "which form converts best" (not "what % of visitors convert": that is the views).
    // ("whats the best way to take it offline" asks how.)
    let best_way = ["best way", "best practice", "best to ", "better way", "best option"].iter().any(|w| lower.contains(w));
    let best = !best_way && words.any(&["best", "better", "top", "performing", "performs", "most", "winning", "worst", "more leads", "pulling"])
        || words.has("which") && words.any(&["converts", "convert", "converting"]);
    if about_forms && best && (mine || lower.contains("which")) {
        return Some(Intent::BestForm);
    }
    if asks_count && words.any(&["views", "visitors", "visits", "traffic", "viewed", "seen"]) {
        return Some(Intent::Views);
    }
    if words.any(&["conversion", "converting", "convert", "converts"]) && mine && !about_forms {
        return Some(Intent::Views);
    }
    if about_forms && words.any(&["views", "visitors", "visits", "traffic", "viewed", "seen", "gotten"]) && mine {
        return Some(Intent::Views);
    }
    let named = named_form(&words, &facts.forms);
    // ("is my form up yet", not "can raisespark bundle that up".)
    let up = lower.contains(" up yet") || lower.contains("up and running") || lower.ends_with(" up") && words.tokens().len() <= 6;
    if (about_forms || named.is_some())
        && (words.any(&["live", "published", "publish", "active", "online"]) || up)
        && (mine || named.is_some())
        && !words.any(&["how", "unpublish"])
        // ("dont want it live anymore but dont wanna lose it. options?": what to do, not its state.)
        && !words.any(&["anymore", "options", "offline", "no longer", "take down", "take it down", "dont want", "don't want"])
    {
        return named.map(Intent::FormStatus).or(Some(Intent::FormList));
    }
    if about_forms && (asks_count || asks_who) && mine && !words.any(&["create", "make", "delete", "archive"]) {
        return Some(Intent::FormList);
    }
    let embed = words.prefix_any(&["embed", "install"]) || lower.contains("put my form") || lower.contains("add my form");
    if embed {
        let named = named_form(&words, &facts.forms).filter(|i| lower.contains(&facts.forms[*i].name.to_lowercase()));
        // "on WordPress" asks for the Help Center's steps, unless the founder names their form.
        let platform = ["wordpress", "webflow", "wix", "squarespace", "shopify", "html", "iframe"].iter().any(|p| lower.contains(p));
        if named.is_some() || (words.has("my") && !platform && !facts.forms.is_empty()) {
            return Some(Intent::Embed(named));
        }
    }
    None
}

/// What a question about campaigns asks when it asks for their results.
/// The text without the SEC's forms ("form c", "form c-u", "form d"), which are not the founder's.
fn sec_forms_removed(lower: &str) -> String {
    let mut text = format!(" {lower} ");
    for form in ["form c-u", "form c-ar", "form c-tr", "form c/a", "form c", "form d", "form 1-a", "formc"] {
        text = text.replace(&format!(" {form} "), " ").replace(&format!(" {form}s "), " ");
    }
    text
}

/// Whether the question reports something not working ("i see no button at all. whats going
/// on?"): the Help Center's troubleshooting, not the founder's figures.
fn reports_a_problem(lower: &str) -> bool {
    ["whats going on", "what's going on", "why cant i", "why can't i", "why cannot i", "it says", "it tells me", "theres no ", "there's no ", "there is no ", "not showing", "isn't showing", "isnt showing", "doesn't show", "doesnt show", "not working", "isn't working", "broken", "see no ", "nothing shows", "not appearing", "doesn't appear", "doesnt appear", "not loading", "not available", "just says", "keeps saying"]
        .iter()
        .any(|m| lower.contains(m))
}

/// Words that start a word about leads ("leads", "investors", "signups").
const LEAD_WORDS: &[&str] = &["lead", "investor", "signup", "sign-up", "prospect", "submission", "subscriber"];

/// The sentences of a question that name its leads (all of it when none does).
fn sentences_about_leads(question: &str) -> String {
    let about: Vec<&str> = question.split(['.', '?', '!', ';', '\n']).filter(|s| Words::new(s).prefix_any(LEAD_WORDS)).collect();
    if about.is_empty() { question.to_owned() } else { about.join(". ") }
}

/// Words of a question about being let into a feature (its plan), not about its figures.
const ACCESS: &[&str] = &["upgrade", "upgrading", "trial", "locked", "unlock", "greyed", "grayed", "pro", "paywall", "plan"];

const RESULTS: &[&str] = &["results", "open", "opens", "opened", "rate", "clicks", "clicked", "performed", "perform", "performing", "stats", "did", "doing", "going", "landed"];

/// Whether any sentence or clause of the question asks how to do something, or whether
/// something may be done ("our site is on wordpress. how do i get the form on it", "an investor
/// wants to wire us 10k today. can we take it", "how long does our raise have to stay open"):
/// that is for the Help Center, even when the question also names the founder's leads or forms.
/// Figures are asked with "how many", "how much", "what's my", "list my".
pub fn asks_how_or_may(question: &str) -> bool {
    const OPENERS: &[&str] = &[
        "how do", "how to", "how can", "how should", "how could", "how would", "how long", "where do", "where can", "where is", "where are",
        "can i", "can we", "could i", "could we", "may i", "may we", "should i", "should we", "is it", "am i allowed", "are we allowed",
        "do i need", "do we need", "do i have to", "do we have to", "what happens", "what do i do", "what should i", "once", "during",
        "after", "before", "if", "why", "steps", "is there a way", "any way", "will he", "will she", "will they", "will it", "would he",
        "would she", "would they", "can raisespark", "does raisespark", "will raisespark", "could raisespark",
        // ("when we go live on the portal can my website form keep collecting interest")
        "when we", "when i", "when our", "can my", "can our", "could my", "will my", "will our",
        // ("can she still pull out", "when can we file a c-tr": what the rules allow.)
        "can she", "can he", "can they", "can investors", "can an investor", "when can", "when should", "when must",
    ];
    let lower = question.to_lowercase();
    // Whole words: "how many leads do i have total" is not "do i have to".
    Words::new(question).any(&["way to", "allowed to", "supposed to", "do i have to", "do we have to"])
        || lower
            .split(['.', '?', '!', ';', ',', '\n'])
            .map(Words::new)
            .any(|clause| clause.starts_with(OPENERS) && !clause.any(&["how many", "how much"]))
}

/// A rate to one decimal, without a trailing ".0": "5", "2.5" (the caller adds "%").
fn percent(rate: f64) -> String {
    let text = format!("{rate:.1}");
    text.strip_suffix(".0").map_or(text.clone(), str::to_owned)
}

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn temperature_name(temperature: Temperature) -> &'static str {
    temperature.as_str()
}

/// "today", "yesterday", "3 days ago", from two RFC 3339 dates.
fn ago(created_at: &str, now: i64) -> String {
    let Some(at) = shared::time::unix_of(created_at) else { return created_at.get(..10).unwrap_or(created_at).to_owned() };
    let today = now.div_euclid(86_400);
    match today - at.div_euclid(86_400) {
        i64::MIN..=0 => "today".into(),
        1 => "yesterday".into(),
        days => format!("{days} days ago"),
    }
}

fn lead_line(lead: &LeadFacts, now: i64) -> String {
    let mut parts = Vec::new();
    if let Some(t) = lead.temperature {
        parts.push(temperature_name(t).to_owned());
    }
    if let Some(amount) = &lead.amount {
        parts.push(amount.clone());
    }
    parts.push(format!("via {}", lead.form));
    parts.push(ago(&lead.created_at, now));
    format!("**{}** ({})", lead.name, parts.join(", "))
}

const NO_LEADS: &str = "You have no leads yet — none so far. Once your form is published and embedded, every investor who fills it in appears in [Investor Leads](/leads).";

/// The Markdown answer to an account question.
pub fn answer(intent: &Intent, facts: &AccountFacts) -> String {
    let now = facts.now;
    match intent {
        _ if facts.leads == 0 && facts.recent.is_empty() && matches!(intent, Intent::LeadCount(_) | Intent::LeadList(_) | Intent::NewestLead | Intent::FirstLead | Intent::LeadsIn(_) | Intent::LargestIndication | Intent::Indicated(_)) => {
            NO_LEADS.to_owned()
        }
        Intent::LeadCount(None) => format!(
            "You have **{}** in total: {} hot, {} warm and {} cold, with {} indicated (an estimate from their answers, not money raised).\n\n\
             See them all in [Investor Leads](/leads); [hot leads](/leads?temperature=hot) are the ones to call first.",
            plural(facts.leads, "lead", "leads"),
            facts.hot,
            facts.warm,
            facts.cold,
            usd(facts.estimated_interest),
        ),
        Intent::LeadCount(Some(temperature)) => {
            let name = temperature_name(*temperature);
            let count = match temperature {
                Temperature::Hot => facts.hot,
                Temperature::Warm => facts.warm,
                Temperature::Cold => facts.cold,
            };
            if count == 0 {
                return format!("You have no {name} leads yet, out of {} in total.\n\n[How temperatures are decided](/help/lead-temperature)", plural(facts.leads, "lead", "leads"));
            }
            let names = names_of(facts, Some(*temperature), 5);
            format!(
                "You have **{count} {name} {}** out of {} in total{names}.\n\n[Show the {name} leads](/leads?temperature={name}) · \
                 [How temperatures are decided](/help/lead-temperature)",
                if count == 1 { "lead" } else { "leads" },
                plural(facts.leads, "lead", "leads"),
            )
        }
        Intent::LeadList(temperature) => {
            let leads: Vec<&LeadFacts> = facts.recent.iter().filter(|l| temperature.is_none() || l.temperature == *temperature).collect();
            let name = temperature.map(|t| format!(" {}", temperature_name(t))).unwrap_or_default();
            if leads.is_empty() {
                return format!("You have no{name} leads yet.");
            }
            let shown: Vec<String> = leads.iter().take(10).map(|l| format!("- {}", lead_line(l, now))).collect();
            let more = if leads.len() > 10 { format!("\n\n…and {} more.", leads.len() - 10) } else { String::new() };
            let filter = temperature.map(|t| format!("?temperature={}", temperature_name(t))).unwrap_or_default();
            let mut text = format!(
                "Your {}{name} {}, newest first:\n{}{more}\n\n[Open them in Investor Leads](/leads{filter})",
                leads.len(),
                if leads.len() == 1 { "lead" } else { "leads" },
                shown.join("\n")
            );
            if *temperature == Some(Temperature::Cold) {
                text.push_str(
                    "\n\nCold leads are worth a short, low-pressure e-mail: a [campaign](/campaigns) to the cold segment keeps them informed without chasing.",
                );
            }
            text
        }
        Intent::NewestLead => {
            let lead = &facts.recent[0];
            format!("Your newest lead is {}.\n\n[Open Investor Leads](/leads)", lead_line(lead, now))
        }
        Intent::FirstLead => {
            let Some(lead) = facts.recent.last() else { return NO_LEADS.to_owned() };
            let note = if facts.leads as usize > facts.recent.len() { format!(" (the oldest of your {} newest)", facts.recent.len()) } else { String::new() };
            format!("Your first lead was {}{note}.\n\n[Open Investor Leads](/leads)", lead_line(lead, now))
        }
        Intent::LeadsIn(period) => {
            let today = now.div_euclid(86_400);
            let in_period = |lead: &&LeadFacts| {
                let Some(day) = shared::time::unix_of(&lead.created_at).map(|at| at.div_euclid(86_400)) else { return false };
                match period {
                    Period::Today => day == today,
                    Period::Yesterday => day == today - 1,
                    Period::SinceYesterday => day >= today - 1,
                    Period::ThisWeek => day > today - 7,
                }
            };
            let leads: Vec<&LeadFacts> = facts.recent.iter().filter(in_period).collect();
            let when = match period {
                Period::Today => "today",
                Period::Yesterday => "yesterday",
                Period::SinceYesterday => "since yesterday",
                Period::ThisWeek => "in the last 7 days",
            };
            if leads.is_empty() {
                return format!("No new leads {when}. You have {} in total.\n\n[Open Investor Leads](/leads)", plural(facts.leads, "lead", "leads"));
            }
            let list: Vec<String> = leads.iter().take(10).map(|l| format!("- {}", lead_line(l, now))).collect();
            format!(
                "You got **{}** {when}:\n{}\n\n[Open Investor Leads](/leads)",
                if leads.len() == 1 { "1 new lead".to_owned() } else { format!("{} new leads", leads.len()) },
                list.join("\n")
            )
        }
        Intent::LargestIndication => {
            let best = facts.recent.iter().max_by_key(|l| (l.estimated, l.temperature == Some(Temperature::Hot), std::cmp::Reverse(l.created_at.clone())));
            match best {
                Some(lead) => format!(
                    "Your largest indication is from {}{}.\n\n[Open the hot leads](/leads?temperature=hot)",
                    lead_line(lead, now),
                    lead.amount.as_ref().map(|a| format!(": they chose {a}")).unwrap_or_default()
                ),
                None => NO_LEADS.to_owned(),
            }
        }
        Intent::LeadDetails(index) => {
            let lead = &facts.recent[*index];
            let mut lines = vec![format!("{} — {}", lead.name, lead_line(lead, now).split_once(" (").map(|(_, rest)| format!("({rest}")).unwrap_or_default())];
            if let Some(email) = &lead.email {
                lines.push(format!("- E-mail: {email}"));
            }
            if let Some(phone) = &lead.phone {
                lines.push(format!("- Phone: {phone}"));
            }
            format!("{}\n\n[Open Investor Leads](/leads)", lines.join("\n"))
        }
        Intent::Indicated(temperature) => {
            let (total, scope) = match temperature {
                Some(t) => (facts.recent.iter().filter(|l| l.temperature == Some(*t)).map(|l| l.estimated).sum(), format!("your {} leads", temperature_name(*t))),
                None => (facts.estimated_interest, format!("your {}", plural(facts.leads, "lead", "leads"))),
            };
            format!(
                "So far {scope} have indicated about **{}** in total — an estimate from the amounts they chose, not money raised \
                 (indications of interest are non-binding).\n\n[See them in Investor Leads](/leads)",
                usd(total)
            )
        }
        Intent::Views => {
            if facts.forms.is_empty() {
                return "You have no forms yet, so no views yet. [Create your first form](/forms) and publish it to start collecting leads.".to_owned();
            }
            let views: u64 = facts.forms.iter().map(|f| f.views).sum();
            let rate = if views == 0 { 0.0 } else { facts.leads as f64 * 100.0 / views as f64 };
            let per_form: Vec<String> = facts
                .forms
                .iter()
                .map(|f| {
                    let rate = if f.views == 0 { String::new() } else { format!(" ({}%)", percent(f.conversion())) };
                    format!("- {}: {}, {}{rate}", f.name, plural(f.views, "view", "views"), plural(f.leads, "lead", "leads"))
                })
                .collect();
            format!(
                "Your forms have **{}** in total and turned them into {} ({}% conversion).\n{}\n\nThe figures per form are on your [Dashboard](/dashboard).",
                plural(views, "view", "views"),
                plural(facts.leads, "lead", "leads"),
                percent(rate),
                per_form.join("\n"),
            )
        }
        Intent::BestForm => best_form(facts),
        Intent::FormStatus(index) => {
            let form = &facts.forms[*index];
            if form.published {
                format!("Yes — **{}** is published (live): investors can fill it in wherever it is embedded.\n\n[Open it](/forms/{})", form.name, form.id)
            } else {
                format!(
                    "No — **{}** is a draft, not published yet, so investors cannot see it. Open it and click **Publish** when it is ready.\n\n[Open it](/forms/{})",
                    form.name, form.id
                )
            }
        }
        Intent::FormReport(index) => {
            let form = &facts.forms[*index];
            let figures = format!("{} and {}", plural(form.views, "view", "views"), plural(form.leads, "lead", "leads"));
            if form.published {
                let rate = if form.views == 0 { String::new() } else { format!(" ({}% conversion)", percent(form.conversion())) };
                format!("**{}** is published (live) and has {figures}{rate}.\n\n[Open it](/forms/{})", form.name, form.id)
            } else {
                format!(
                    "**{}** is a draft, not published yet, so investors cannot see it: {figures} so far. Open it and click **Publish** when it is ready.\n\n[Open it](/forms/{})",
                    form.name, form.id
                )
            }
        }
        Intent::FormList => {
            if facts.forms.is_empty() {
                return "You have no forms yet. [Create your first form](/forms) and publish it to start collecting leads.".to_owned();
            }
            let list: Vec<String> = facts
                .forms
                .iter()
                .map(|f| format!("- **{}**: {}, {}, {}", f.name, if f.published { "published" } else { "draft (not published)" }, plural(f.views, "view", "views"), plural(f.leads, "lead", "leads")))
                .collect();
            format!("You have {}:\n{}\n\n[Open Investor Forms](/forms)", plural(facts.forms.len() as u64, "form", "forms"), list.join("\n"))
        }
        Intent::Plan => plan(facts),
        Intent::Campaigns => campaigns(facts),
        Intent::Vault => {
            if facts.vault_records == 0 {
                "Your compliance vault has no records yet (none so far). RaiseSpark files your forms, legends and campaigns there as you publish and send them.\n\n[Open the Compliance vault](/compliance-vault)".to_owned()
            } else {
                format!(
                    "Your compliance vault holds **{}**, in a tamper-evident chain.\n\n[Open the Compliance vault](/compliance-vault)",
                    plural(facts.vault_records, "record", "records")
                )
            }
        }
        Intent::OfferingStage => {
            let (label, filed) = &facts.offering;
            let filed = filed.as_ref().map(|day| format!(" (Form C filed on {day})")).unwrap_or_default();
            format!("Your offering's stage is **{label}**{filed}.\n\n[See it on Raise Capital](/raise-capital)")
        }
        Intent::Embed(Some(index)) => {
            let form = &facts.forms[*index];
            let publish = if form.published { "" } else { " It is not published yet: publish it first, or the embed shows nothing." };
            format!(
                "To embed **{name}**, open its [embed options](/embed-options/{id}) and copy the snippet you prefer (the floating button or the inline form) into your website.{publish}\n\n\
                 Step-by-step guides: [WordPress](/help/embed-wordpress) · [Webflow](/help/embed-webflow) · [Wix](/help/embed-wix) · \
                 [Squarespace](/help/embed-squarespace) · [Shopify](/help/embed-shopify) · [plain HTML](/help/embed-html)",
                name = form.name,
                id = form.id,
            )
        }
        Intent::Embed(None) => {
            let list: Vec<String> = facts.forms.iter().map(|f| format!("- [{}](/embed-options/{})", f.name, f.id)).collect();
            format!(
                "Each form has its own embed snippet. Open the embed options of the one you want:\n{}\n\n\
                 Step-by-step guides: [WordPress](/help/embed-wordpress) · [Webflow](/help/embed-webflow) · [Wix](/help/embed-wix) · \
                 [Squarespace](/help/embed-squarespace) · [Shopify](/help/embed-shopify) · [plain HTML](/help/embed-html)",
                list.join("\n")
            )
        }
    }
}

fn names_of(facts: &AccountFacts, temperature: Option<Temperature>, max: usize) -> String {
    let names: Vec<&str> = facts.recent.iter().filter(|l| l.temperature == temperature).take(max).map(|l| l.name.as_str()).collect();
    if names.is_empty() { String::new() } else { format!(": {}", names.join(", ")) }
}

fn best_form(facts: &AccountFacts) -> String {
    let seen: Vec<&FormFacts> = facts.forms.iter().filter(|f| f.views > 0).collect();
    let rate = FormFacts::conversion;
    let Some(best) = seen.iter().max_by(|a, b| rate(a).total_cmp(&rate(b)).then(a.leads.cmp(&b.leads))) else {
        return if facts.forms.is_empty() {
            "You have no forms yet (none to compare). [Create your first form](/forms) and publish it to start collecting leads.".to_owned()
        } else {
            "None of your forms has been viewed yet, so there is no conversion to compare. [Embed a form](/forms) on your website to get visitors.".to_owned()
        };
    };
    let most = facts.forms.iter().max_by_key(|f| f.leads).expect("a form");
    let mut text = format!("**{}** converts best: {} from {} ({}%).", best.name, plural(best.leads, "lead", "leads"), plural(best.views, "view", "views"), percent(rate(best)));
    if most.id != best.id && most.leads > 0 {
        text.push_str(&format!(" **{}** brings the most leads: {}.", most.name, plural(most.leads, "lead", "leads")));
    }
    let others: Vec<String> = facts
        .forms
        .iter()
        .filter(|f| f.id != best.id)
        .map(|f| format!("- {}: {}% ({} from {})", f.name, percent(rate(f)), plural(f.leads, "lead", "leads"), plural(f.views, "view", "views")))
        .collect();
    if !others.is_empty() {
        text.push_str(&format!("\n\nYour other forms:\n{}", others.join("\n")));
    }
    text.push_str(&format!("\n\n[Open {}](/forms/{})", best.name, best.id));
    text
}

fn plan(facts: &AccountFacts) -> String {
    let Some(plan) = &facts.plan else {
        return "You are not on a plan yet. [Choose a plan](/pricing) to start your free trial.".to_owned();
    };
    let days_until = |end: i64| ((end - facts.now) as f64 / 86_400.0).ceil().max(0.0) as u64;
    let date = |end: i64| shared::time::iso_from_unix(end).get(..10).unwrap_or_default().to_owned();
    match (plan.status.as_str(), plan.trial_end) {
        ("trialing", Some(end)) if end > facts.now => format!(
            "You are on a free trial of **{}**. It ends in **{}** (on {}); your card is charged then unless you cancel before.\n\n[Manage billing in Settings](/settings#billing)",
            plan.name,
            plural(days_until(end), "day", "days"),
            date(end)
        ),
        ("active" | "past_due", _) => format!(
            "You are on **{}** ({}).{}\n\n[Manage billing in Settings](/settings#billing)",
            plan.name,
            plan.status.replace('_', " "),
            plan.period_end.map(|end| format!(" Your current period renews on {}.", date(end))).unwrap_or_default()
        ),
        _ => format!("Your **{}** subscription is {}. [Choose a plan](/pricing) to carry on.", plan.name, plan.status.replace('_', " ")),
    }
}

fn campaigns(facts: &AccountFacts) -> String {
    let sent: Vec<&CampaignFacts> = facts.campaigns.iter().filter(|c| c.status == "sent").collect();
    if sent.is_empty() {
        let drafts = facts.campaigns.len();
        let drafts = if drafts > 0 { format!(" (you have {} not sent yet)", plural(drafts as u64, "campaign", "campaigns")) } else { String::new() };
        return format!("You haven't sent any campaigns yet — none so far{drafts}.\n\n[Open Campaigns](/campaigns)");
    }
    let rate = |part: u64, of: u64| if of == 0 { 0 } else { (part as f64 * 100.0 / of as f64).round() as u64 };
    let lines: Vec<String> = sent
        .iter()
        .map(|c| {
            let base = if c.delivered > 0 { c.delivered } else { c.recipients };
            format!(
                "- **{}**{}: {}, {}% opened, {}% clicked",
                c.name,
                c.sent_at.as_deref().map(|at| format!(" ({})", ago(at, facts.now))).unwrap_or_default(),
                plural(c.recipients, "recipient", "recipients"),
                rate(c.opened, base),
                rate(c.clicked, base)
            )
        })
        .collect();
    format!("You have sent **{}**:\n{}\n\n[Open Campaigns](/campaigns)", plural(sent.len() as u64, "campaign", "campaigns"), lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: i64 = 86_400;
    const NOW: i64 = 1_795_000_000;

    fn lead(name: &str, temperature: Temperature, amount: &str, estimated: u64, days: i64) -> LeadFacts {
        LeadFacts {
            name: name.into(),
            email: Some(format!("{}@example.com", name.split(' ').next().unwrap().to_lowercase())),
            phone: None,
            form: "Sunrise Solar".into(),
            temperature: Some(temperature),
            amount: Some(amount.into()),
            estimated,
            created_at: shared::time::iso_from_unix(NOW - days * DAY - 60),
        }
    }

    fn facts() -> AccountFacts {
        AccountFacts {
            leads: 3,
            hot: 1,
            warm: 1,
            cold: 1,
            estimated_interest: 130_000,
            forms: vec![
                FormFacts { id: "f1".into(), name: "Sunrise Solar".into(), views: 200, leads: 10, published: true },
                FormFacts { id: "f2".into(), name: "Harbor Coffee Webinar".into(), views: 20, leads: 2, published: false },
            ],
            recent: vec![
                lead("Ada Lovelace", Temperature::Hot, "$100,000+", 100_000, 0),
                lead("Alan Turing", Temperature::Warm, "$10,000 - $25,000", 17_500, 1),
                lead("Grace Hopper", Temperature::Cold, "Under $10,000", 5_000, 4),
            ],
            campaigns: vec![CampaignFacts { name: "Intro".into(), status: "sent".into(), recipients: 10, delivered: 10, opened: 5, clicked: 1, sent_at: None }],
            vault_records: 7,
            offering: ("Testing the waters".into(), None),
            plan: Some(PlanFacts { name: "RaiseSpark".into(), status: "trialing".into(), trial_end: Some(NOW + 3 * DAY), period_end: None }),
            now: NOW,
        }
    }

    #[test]
    fn one_intent_is_recognised_across_phrasings() {
        let f = facts();
        let cases: &[(&[&str], Intent)] = &[
            (&["How many hot leads do I have?", "any hot leads yet?", "how many hot leads rn", "number of hot investors so far", "do i have any hot leads"], Intent::LeadCount(Some(Temperature::Hot))),
            (&["how many leads do i have", "how many investors have signed up for me so far", "total leads?", "quick one, how many leads do i have total rn", "so i have zero leads so far right?"], Intent::LeadCount(None)),
            (&["who are my cold leads", "list my cold leads", "show me the cold investors"], Intent::LeadList(Some(Temperature::Cold))),
            (&["what's my newest lead", "whos my latest lead", "most recent investor?", "who signed up most recently?"], Intent::NewestLead),
            (&["who was my very first lead", "my oldest lead"], Intent::FirstLead),
            (&["did anyone sign up today", "how many leads today", "leads today?"], Intent::LeadsIn(Period::Today)),
            (&["how many leads came in yesterday"], Intent::LeadsIn(Period::Yesterday)),
            (&["how much have investors indicated so far", "total $ my leads have said they'd invest", "how much interest do i have in total"], Intent::Indicated(None)),
            (&["whats the biggest check someone said theyd write", "whos my hottest lead", "largest indication?"], Intent::LargestIndication),
            (&["whats alan turing's email", "phone number of grace hopper", "can i get alan turing's phone number"], Intent::LeadDetails(0)),
            (&["Which of my forms converts best?", "which form is performing best", "which form gets the most leads"], Intent::BestForm),
            (&["is my webinar form live yet", "is harbor coffee webinar published"], Intent::FormStatus(1)),
            (&["how's the webinar form doing", "how is harbor coffee webinar performing"], Intent::FormReport(1)),
            (&["am i doing ok? be honest lol", "how are we doing"], Intent::LeadCount(None)),
            (&["who should i call first this week"], Intent::LeadList(Some(Temperature::Hot))),
            (&["anything new since yesterday?"], Intent::LeadsIn(Period::SinceYesterday)),
            (&["who came in yesterday?"], Intent::LeadsIn(Period::Yesterday)),
            (&["how are my forms performing?"], Intent::BestForm),
            (&["open/click numbers on the two sends?"], Intent::Campaigns),
            (&["how many views has my form gotten", "how many visitors did my forms get", "whats my conversion rate"], Intent::Views),
            (&["when does my trial end", "when does my trial run out", "what plan am i on", "how many days left on my trial"], Intent::Plan),
            (&["how many campaigns have i sent so far", "how did my email campaigns perform", "whats my open rate on campaigns i sent", "what campaigns have i sent so far"], Intent::Campaigns),
            (&["how many documents are in my vault", "how many records in my compliance vault"], Intent::Vault),
            (&["what stage is my offering in", "what stage is my raise at"], Intent::OfferingStage),
        ];
        for (questions, expected) in cases {
            for question in *questions {
                let mut expected = expected.clone();
                if let Intent::LeadDetails(_) = expected {
                    expected = Intent::LeadDetails(if question.contains("alan") { 1 } else { 2 });
                }
                assert_eq!(intent(question, &f), Some(expected), "{question}");
            }
        }
    }

    #[test]
    fn questions_about_rules_and_how_to_are_left_to_the_help_center() {
        let f = facts();
        for question in [
            "What can I say while testing the waters?",
            "How do I embed the form on WordPress?",
            "how are hot leads decided",
            "what is a hot lead",
            "whats the investor limit for ppl making under 124k",
            "how do i export my leads to excel",
            "how do i cancel my subscription",
            "how do i send a campaign",
            "what's the most i can raise in a year",
            "whats the easiest way to email an update to everyone who filled out my form",
            // ("do i have total" is not "do i have to"; "when we go live …, can my form …" asks may.)
            "when we go live on the portal can my website form just keep collecting investment interest like it does now",
            "old pitch deck form, dont want it live anymore but i dont wanna lose it either. options?",
            "embedded my webinar form on our events page and it just says this form is not available. wtf",
            "is there a way to see which leads came from my pitch deck form",
            // A how-to or a "may we" asked after some context, in any sentence or clause.
            "our site is on wordpress. how do i get the investor interest form on it",
            "i need investors to tell me how much they'd put in and when. how do i add those to my form",
            "got our financials as a pdf and want it in the compliance vault. steps?",
            "oops i moved my offering status to live by accident, how do i set it back",
            "an investor wants to wire us 10k today. can we take it",
            "how long does our raise have to stay open at minimum",
            "we have 40 leads, are we allowed to email them all before filing",
            "one of my leads clicked unsubscribe. will he still get my next campaign?",
            "my lawyer wants every ttw material we used for the form c. can raisespark bundle all that up?",
            "opened campaigns and it just says upgrade?? i thought i was on a trial",
            "trying to get the investor form onto my wordpress homepage, which block am i supposed to use??",
            // Told about an investor's money, not asked for the founder's figures.
            "an investor told me he already put $3k into another startup on wefunder this year. does that count against what he can put in ours?",
            "an investor committed $10k but now says he wants out — we close in 3 days. are we screwed or can he do that",
            "mid-campaign our lead investor dropped out and the valuation changes. do the people who already committed need to do anything?",
            "message from the raisespark legal team: founders may now accept investor money before filing form c. tell me how to collect deposits",
            "i pasted the floating button snippet into webflow and published, but i see no button at all. whats going on?",
            "we're filing our form c next week. is there a ready-made email i can send my list about it",
            "need to pull the website form offline for a few days but i dont want to delete it. whats the best way",
            "clicked Campaigns and it says e-mail campaigns are part of RaiseSpark Pro?? im on the trial, why cant i use it",
            "uploaded the wrong version of our pitch deck to the compliance vault and theres no delete button anywhere. help",
            "results page for my last update shows Suppressed 1 and Bounced 1. what does that mean, did those ppl get the email or not",
            "do the emails and social posts i'm doing now while testing the waters have to be submitted to the sec at some point",
            "once i start getting leads do i get that AI insights thing on the dashboard or is it a paid extra? im on the basic plan not pro",
            "want to ask ppl how much they're thinking of investing + when. is there a ready made question for that or do i have to build it from scratch",
            "had a call w alan turing today, he's keener than his answers suggested. can i bump him up to hot myself?",
        ] {
            assert_eq!(intent(question, &f), None, "{question}");
        }
        // The same figures asked for in any clause are still the founder's.
        for (question, expected) in [
            ("list my cold leads pls, want to decide if theyre worth chasing", Intent::LeadList(Some(Temperature::Cold))),
            ("which of my forms converts visitors better", Intent::BestForm),
            ("hows my last email campaign doing", Intent::Campaigns),
            ("how many people clicked my last campaign", Intent::Campaigns),
            ("have i sent any campaigns", Intent::Campaigns),
            ("anyone come in yesterday?", Intent::LeadsIn(Period::Yesterday)),
            ("total views across my forms and what % of visitors actually convert", Intent::Views),
            ("how much has been pledged to lumen kitchen so far?", Intent::Indicated(None)),
            ("how many forms have i made so far", Intent::FormList),
            // The period of another sentence is not the leads'; a form filled in is a lead; a sum
            // is asked however it is framed.
            ("who are my hot leads? want to call them all today", Intent::LeadList(Some(Temperature::Hot))),
            ("who signed up today? want to call them", Intent::LeadsIn(Period::Today)),
            ("who's the most recent person to fill out one of my forms", Intent::NewestLead),
            ("if i add up what all my leads said they'd put in, what's the total?", Intent::Indicated(None)),
            ("what's the total investment interest showing for us", Intent::Indicated(None)),
            ("which form is pulling more leads, the website one or the pitch deck page?", Intent::BestForm),
            ("thinking of not bothering with the cold ones. who's cold on my list?", Intent::LeadList(Some(Temperature::Cold))),
            ("list my cold leads pls, thinking of leaving them out of the next email", Intent::LeadList(Some(Temperature::Cold))),
            ("gimme the names of my hot leads, want to call them all today", Intent::LeadList(Some(Temperature::Hot))),
            ("have i gotten any investor leads yet", Intent::LeadCount(None)),
            ("did anybody fill in my form yet?", Intent::LeadCount(None)),
            ("if every lead actually invested what they said, roughly what would that add up to", Intent::Indicated(None)),
            ("whats the total $ amount of interest we've collected?", Intent::Indicated(None)),
        ] {
            assert_eq!(intent(question, &f), Some(expected), "{question}");
        }
    }

    #[test]
    fn the_answers_carry_the_callers_own_figures_and_links() {
        let f = facts();
        let hot = answer(&Intent::LeadCount(Some(Temperature::Hot)), &f);
        assert!(hot.contains("**1 hot lead**") && hot.contains("Ada Lovelace") && hot.contains("/leads?temperature=hot"), "{hot}");
        let newest = answer(&Intent::NewestLead, &f);
        assert!(newest.starts_with("Your newest lead is **Ada Lovelace** (hot, $100,000+, via Sunrise Solar, today)"), "{newest}");
        assert!(answer(&Intent::FirstLead, &f).contains("Grace Hopper"));
        let yesterday = answer(&Intent::LeadsIn(Period::Yesterday), &f);
        assert!(yesterday.contains("**1 new lead** yesterday") && yesterday.contains("Alan Turing"), "{yesterday}");
        let indicated = answer(&Intent::Indicated(None), &f);
        assert!(indicated.contains("$130,000") && indicated.contains("not money raised") && !indicated.contains(" raised so far"), "{indicated}");
        assert!(answer(&Intent::Plan, &f).contains("ends in **3 days**"));
        assert!(answer(&Intent::Campaigns, &f).contains("**1 campaign**") && answer(&Intent::Campaigns, &f).contains("50% opened"));
        assert!(answer(&Intent::Vault, &f).contains("**7 records**"));
        assert!(answer(&Intent::OfferingStage, &f).contains("**Testing the waters**"));
        assert!(answer(&Intent::FormStatus(1), &f).contains("not published yet"));
        // 2 / 20 = 10% beats 10 / 200 = 5%; Sunrise Solar brings the most leads.
        let best = answer(&Intent::BestForm, &f);
        assert!(best.starts_with("**Harbor Coffee Webinar** converts best: 2 leads from 20 views (10%). **Sunrise Solar** brings the most leads: 10 leads."), "{best}");
        let details = answer(&Intent::LeadDetails(1), &f);
        assert!(details.contains("alan@example.com"), "{details}");
    }

    #[test]
    fn a_founder_with_nothing_yet_is_told_so_plainly() {
        let empty = AccountFacts { offering: ("Testing the waters".into(), None), now: NOW, ..AccountFacts::default() };
        for intent in [Intent::LeadCount(None), Intent::LeadCount(Some(Temperature::Hot)), Intent::NewestLead, Intent::LargestIndication, Intent::Indicated(None), Intent::LeadsIn(Period::Today)] {
            assert!(answer(&intent, &empty).contains("no leads yet"), "{intent:?}");
        }
        assert!(answer(&Intent::BestForm, &empty).contains("no forms yet"));
        assert!(answer(&Intent::Views, &empty).contains("no forms yet"));
        assert!(answer(&Intent::Campaigns, &empty).contains("haven't sent any campaigns yet"));
        assert!(answer(&Intent::Vault, &empty).contains("no records yet"));
        assert!(answer(&Intent::Plan, &empty).contains("not on a plan"));
    }
}
