//! Where a visitor came from, read without trackers: the address of the page that embeds the
//! form (embed.js passes it), that page's `utm_*` parameters, and the page's own referrer
//! (`document.referrer`, also passed by embed.js). Nothing is stored about the person: no
//! cookie, no address; these are facts about pages.
//!
//! Everything here comes from the browser, so it is text to keep, never to run: web addresses
//! only (`http(s)`), the page and referrer kept without their query or fragment (which can
//! carry personal data), each `utm_*` value cleaned and capped.

use serde::{Deserialize, Serialize};

use crate::forms::is_http_url;

/// Longest page or referrer address kept (characters).
pub const MAX_ADDRESS: usize = 500;
/// Longest `utm_*` value kept (characters).
pub const MAX_PARAMETER: usize = 100;
/// The source of a visit with no `utm_source` and no referrer from another site.
pub const DIRECT: &str = "direct";
/// How [`DIRECT`] reads in the founder's tables.
pub const DIRECT_LABEL: &str = "Direct / none";

/// A lead's (or a visit's) origin, as stored on the lead.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attribution {
    /// The embedding page, without query or fragment: `https://harbor.example/invest`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub utm_source: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub utm_medium: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub utm_campaign: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub utm_content: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub utm_term: Option<String>,
    /// The page that sent the visitor to the embedding page, without query or fragment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub referrer: Option<String>,
}

/// The campaign parameters read, in the order the founder's tables show them.
pub const UTM_PARAMETERS: [&str; 5] = ["utm_source", "utm_medium", "utm_campaign", "utm_content", "utm_term"];

impl Attribution {
    /// From the embedding page's full address (`page_url`, with its query) and its referrer.
    /// Anything that is not a web address is dropped; so are empty parameters.
    pub fn of(page_url: Option<&str>, referrer: Option<&str>) -> Self {
        let page = page_url.map(str::trim).filter(|url| is_http_url(url));
        let mut attribution = Self { page: page.and_then(without_query), referrer: referrer.map(str::trim).filter(|url| is_http_url(url)).and_then(without_query), ..Self::default() };
        let Some(query) = page.and_then(|url| url.split('#').next()).and_then(|url| url.split_once('?')).map(|(_, query)| query) else {
            return attribution;
        };
        for (name, value) in url_pairs(query) {
            let slot = match name.as_str() {
                "utm_source" => &mut attribution.utm_source,
                "utm_medium" => &mut attribution.utm_medium,
                "utm_campaign" => &mut attribution.utm_campaign,
                "utm_content" => &mut attribution.utm_content,
                "utm_term" => &mut attribution.utm_term,
                _ => continue,
            };
            if slot.is_none() {
                *slot = clean(&value);
            }
        }
        attribution
    }

    /// Where the visitor came from, for the sources table: `utm_source` (lower-case), else the
    /// host of a referrer on another site, else [`DIRECT`].
    pub fn source(&self) -> String {
        if let Some(source) = &self.utm_source {
            return source.to_lowercase();
        }
        let page_host = self.page.as_deref().and_then(crate::lead_stats::host_of);
        match self.referrer.as_deref().and_then(crate::lead_stats::host_of) {
            Some(host) if Some(&host) != page_host.as_ref() => host,
            _ => DIRECT.to_owned(),
        }
    }

    /// The embedding page as the founder reads it: `harbor.example/invest` (host without
    /// 'www.', path without a trailing '/').
    pub fn page_label(&self) -> Option<String> {
        let page = self.page.as_deref()?;
        let host = crate::lead_stats::host_of(page)?;
        let path = page.split_once("://").map(|(_, rest)| rest).and_then(|rest| rest.find('/').map(|at| &rest[at..])).unwrap_or("");
        Some(format!("{host}{}", path.trim_end_matches('/')))
    }

    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }
}

/// The label a source value reads as.
pub fn source_label(value: &str) -> &str {
    if value == DIRECT { DIRECT_LABEL } else { value }
}

/// `scheme://host/path`, dropping query and fragment, at most [`MAX_ADDRESS`] characters (a
/// longer path is cut: its host and start still say which page it was).
fn without_query(url: &str) -> Option<String> {
    let bare = url.split(['?', '#']).next().unwrap_or(url);
    Some(bare.chars().take(MAX_ADDRESS).collect())
}

/// A parameter's value as kept: trimmed, inner white space collapsed, no control characters,
/// at most [`MAX_PARAMETER`] characters; `None` when empty.
fn clean(value: &str) -> Option<String> {
    let words: Vec<&str> = value.split_whitespace().collect();
    let text: String = words.join(" ").chars().filter(|c| !c.is_control()).take(MAX_PARAMETER).collect();
    // '~' starts the key of a dimension's Other: a value never does.
    let text = text.trim().trim_start_matches('~').trim_start();
    (!text.is_empty()).then(|| text.to_owned())
}

/// The `name=value` pairs of a query string, `+` and `%XX` decoded (invalid UTF-8 replaced).
fn url_pairs(query: &str) -> impl Iterator<Item = (String, String)> + '_ {
    query.split('&').filter(|pair| !pair.is_empty()).map(|pair| {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        (decode(name).to_lowercase(), decode(value))
    })
}

fn decode(text: &str) -> String {
    let hex = |byte: u8| (byte as char).to_digit(16).map(|digit| digit as u8);
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let escaped = (bytes[at] == b'%').then(|| Some((hex(*bytes.get(at + 1)?)?, hex(*bytes.get(at + 2)?)?))).flatten();
        match (bytes[at], escaped) {
            (b'%', Some((high, low))) => {
                out.push(high << 4 | low);
                at += 3;
                continue;
            }
            (b'+', _) => out.push(b' '),
            (byte, _) => out.push(byte),
        }
        at += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_s_campaign_parameters_are_read_decoded_and_the_page_kept_without_its_query() {
        let a = Attribution::of(
            Some("https://www.harbor.example/invest/?utm_source=Newsletter&utm_medium=email&utm_campaign=launch+week%202&email=ada%40example.com#form"),
            Some("https://mail.example.com/inbox?id=42"),
        );
        assert_eq!(a.page.as_deref(), Some("https://www.harbor.example/invest/"));
        assert_eq!(a.utm_source.as_deref(), Some("Newsletter"));
        assert_eq!(a.utm_medium.as_deref(), Some("email"));
        assert_eq!(a.utm_campaign.as_deref(), Some("launch week 2"));
        assert_eq!((a.utm_content.as_deref(), a.utm_term.as_deref()), (None, None));
        // The referrer's query (and the page's other parameters) can carry personal data: dropped.
        assert_eq!(a.referrer.as_deref(), Some("https://mail.example.com/inbox"));
        assert_eq!(a.source(), "newsletter");
        assert_eq!(a.page_label().as_deref(), Some("harbor.example/invest"));
    }

    #[test]
    fn the_source_is_utm_source_else_another_site_s_referrer_else_direct() {
        let from = |page: &str, referrer: Option<&str>| Attribution::of(Some(page), referrer).source();
        assert_eq!(from("https://harbor.example/?utm_source=X", Some("https://news.ycombinator.com/item?id=1")), "x");
        assert_eq!(from("https://harbor.example/", Some("https://www.news.ycombinator.com/item?id=1")), "news.ycombinator.com");
        // A visitor moving within the founder's own site came from nowhere new.
        assert_eq!(from("https://harbor.example/invest", Some("https://www.harbor.example/about")), DIRECT);
        assert_eq!(from("https://harbor.example/", None), DIRECT);
        assert_eq!(source_label(DIRECT), DIRECT_LABEL);
        assert_eq!(Attribution::default().source(), DIRECT);
    }

    #[test]
    fn what_is_not_a_web_address_or_too_long_is_dropped_and_values_are_cleaned_and_capped() {
        let a = Attribution::of(Some("javascript:alert(1)?utm_source=x"), Some("data:text/html,hi"));
        assert!(a.is_empty());
        let long = format!("https://harbor.example/{}", "a".repeat(600));
        let cut = Attribution::of(Some(&long), Some("https://harbor.example/"));
        assert_eq!(cut.page.as_ref().map(|p| p.chars().count()), Some(MAX_ADDRESS));
        assert_eq!(cut.source(), DIRECT, "a long page keeps its host: its own site is no source");
        assert_eq!(Attribution::of(Some("https://h.example/?utm_source=~other&utm_campaign=~"), None).utm_source.as_deref(), Some("other"));
        assert_eq!(Attribution::of(Some("https://h.example/?utm_campaign=~"), None).utm_campaign, None);
        let a = Attribution::of(Some(&format!("https://h.example/?utm_source=%20%20a%0A%0Db%09c%20&utm_campaign={}&utm_term=&utm_medium=%E2%82%AC%FF", "z".repeat(300))), None);
        assert_eq!(a.utm_source.as_deref(), Some("a b c"));
        assert_eq!(a.utm_campaign.map(|c| c.chars().count()), Some(MAX_PARAMETER));
        assert_eq!(a.utm_term, None);
        assert_eq!(a.utm_medium.as_deref(), Some("€\u{fffd}"));
        // A broken escape is kept as text; the first of a repeated parameter wins.
        let a = Attribution::of(Some("https://h.example/?UTM_SOURCE=50%zz&utm_source=second&utm_content=%"), None);
        assert_eq!((a.utm_source.as_deref(), a.utm_content.as_deref()), (Some("50%zz"), Some("%")));
    }

    #[test]
    fn a_page_s_label_is_host_and_path() {
        let label = |page: &str| Attribution::of(Some(page), None).page_label();
        assert_eq!(label("https://harbor.example").as_deref(), Some("harbor.example"));
        assert_eq!(label("http://www.Harbor.example:8080/a/b/?q=1").as_deref(), Some("harbor.example/a/b"));
        assert_eq!(Attribution::default().page_label(), None);
    }
}
