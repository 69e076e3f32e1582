//! A question as founders type it — lower case, shorthand ("rn", "ppl", "whats"), typos
//! ("campagins", "investers") — read into plain words that the intents and the retrieval share.

/// Shorthand and run-together words, as written out.
const SHORTHAND: &[(&str, &str)] = &[
    ("whats", "what is"),
    ("what's", "what is"),
    ("whos", "who is"),
    ("who's", "who is"),
    ("hows", "how is"),
    ("how's", "how is"),
    ("wheres", "where is"),
    ("where's", "where is"),
    ("whens", "when is"),
    ("theres", "there is"),
    ("there's", "there is"),
    ("thats", "that is"),
    ("that's", "that is"),
    ("heres", "here is"),
    ("theyre", "they are"),
    ("youre", "you are"),
    ("rn", "right now"),
    ("ppl", "people"),
    ("u", "you"),
    ("ur", "your"),
    ("pls", "please"),
    ("plz", "please"),
    ("im", "i am"),
    ("i'm", "i am"),
    ("ive", "i've"),
    ("dont", "don't"),
    ("cant", "can't"),
    ("wont", "won't"),
    ("didnt", "didn't"),
    ("doesnt", "doesn't"),
    ("isnt", "isn't"),
    ("theyd", "they would"),
    ("they'd", "they would"),
    ("b4", "before"),
    ("w/", "with"),
    ("yr", "year"),
    ("yrs", "years"),
    ("mo", "month"),
    ("regcf", "reg cf"),
    ("ttw", "testing the waters"),
    ("reg-cf", "reg cf"),
    ("formc", "form c"),
    ("e-mail", "email"),
    ("e-mails", "emails"),
    ("emails", "emails"),
    ("signups", "sign ups"),
    ("signup", "sign up"),
    ("sign-up", "sign up"),
    ("info", "information"),
    ("pwd", "password"),
    ("pw", "password"),
    ("pword", "password"),
    ("acct", "account"),
    ("msg", "message"),
    ("thx", "thanks"),
    ("docs", "documents"),
    ("biz", "business"),
    ("co-founder", "cofounder"),
    ("co-founders", "cofounders"),
];

/// Words the intents look for, to which a one-letter typo is corrected ("campagins").
const VOCABULARY: &[&str] = &[
    "leads", "investors", "investor", "campaign", "campaigns", "trial", "vault", "offering", "embed", "published", "conversion", "newest",
    "yesterday", "today", "indicated", "subscription", "documents", "records", "latest", "biggest", "largest", "hottest", "visitors",
    "views", "performing", "converts", "compliance", "website", "webinar", "expire", "expires", "stage", "started",
];

/// Edit distance (insertions, deletions, substitutions and swaps of neighbours count one
/// each), or `max + 1` when it is larger than `max`.
pub fn distance(a: &str, b: &str, max: usize) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > max {
        return max + 1;
    }
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for j in 0..=b.len() {
        d[0][j] = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()].min(max + 1)
}

/// The words of a question, read the way a person would.
#[derive(Debug, Clone)]
pub struct Words {
    text: String,
    tokens: Vec<String>,
}

impl Words {
    pub fn new(question: &str) -> Self {
        let lower = question.to_lowercase().replace(['’', '‘'], "'");
        let mut tokens: Vec<String> = Vec::new();
        // A comma cuts words ("vault,how") but not figures ("$150,000").
        let lower: String = lower
            .char_indices()
            .map(|(i, c)| if c == ',' && !lower[i + 1..].starts_with(|d: char| d.is_ascii_digit()) { ' ' } else { c })
            .collect();
        for raw in lower.split(|c: char| c.is_whitespace() || matches!(c, '?' | '!' | ';' | ':' | '(' | ')' | '"')) {
            let word = raw.trim_matches(|c: char| matches!(c, '.' | '\'' | '*' | ','));
            if word.is_empty() {
                continue;
            }
            if let Some((_, long)) = SHORTHAND.iter().find(|(short, _)| *short == word) {
                tokens.extend(long.split(' ').map(str::to_owned));
                continue;
            }
            // "nasser's" is about Nasser.
            let word = word.strip_suffix("'s").unwrap_or(word);
            tokens.push(correct(word).unwrap_or(word).to_owned());
        }
        Self { text: tokens.join(" "), tokens }
    }

    /// The question, normalised (lower case, shorthand written out, typos corrected).
    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn is_empty(&self) -> bool {
        self.tokens.is_empty()
    }

    pub fn tokens(&self) -> &[String] {
        &self.tokens
    }

    pub fn has(&self, word: &str) -> bool {
        self.tokens.iter().any(|t| t == word)
    }

    /// Whether any of `words` is in the question (an entry with a space is a phrase).
    pub fn any(&self, words: &[&str]) -> bool {
        words.iter().any(|w| if w.contains(' ') { self.phrase(w) } else { self.has(w) })
    }

    pub fn phrase(&self, phrase: &str) -> bool {
        format!(" {} ", self.text).contains(&format!(" {phrase} "))
    }

    /// Whether a word starts with one of `prefixes` ("lead" finds "leads").
    pub fn prefix_any(&self, prefixes: &[&str]) -> bool {
        self.tokens.iter().any(|t| prefixes.iter().any(|p| t.starts_with(p)))
    }

    /// Whether the question opens with one of `phrases`.
    pub fn starts_with(&self, phrases: &[&str]) -> bool {
        phrases.iter().any(|p| self.text == *p || self.text.starts_with(&format!("{p} ")))
    }
}

/// The vocabulary word a typo stands for (one edit away; words of 5 letters or more).
fn correct(word: &str) -> Option<&'static str> {
    // An English word is not a typo: "state" is not "stage", "record" not "records".
    if word.len() < 5 || VOCABULARY.contains(&word) || !word.chars().all(char::is_alphabetic) || sentence_encoder::is_known_word(word) {
        return None;
    }
    VOCABULARY.iter().copied().find(|v| distance(word, v, 1) <= 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shorthand_and_typos_are_read_as_meant() {
        assert_eq!(Words::new("whats my newest lead rn?").text(), "what is my newest lead right now");
        assert_eq!(Words::new("how many campagins have i sent").text(), "how many campaigns have i sent");
        assert_eq!(Words::new("Any HOT investers yet?").text(), "any hot investors yet");
        assert_eq!(Words::new("whats ahmed nasser's email").text(), "what is ahmed nasser email");
        assert!(Words::new("do i have any leads").starts_with(&["do i have any"]));
        assert!(Words::new("so how many leads so far").any(&["so far"]));
        assert_eq!(Words::new("pwd change? cant find it").text(), "password change can't find it");
        assert_eq!(Words::new("register in every state").text(), "register in every state");
    }

    #[test]
    fn the_distance_counts_edits_and_a_swap_as_one() {
        assert_eq!(distance("leads", "leads", 1), 0);
        assert_eq!(distance("campagins", "campaigns", 1), 1);
        assert_eq!(distance("trail", "trial", 1), 1);
        assert!(distance("vault", "leads", 1) > 1);
    }
}
