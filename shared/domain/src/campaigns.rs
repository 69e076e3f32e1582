//! Campaign rules, once, in Rust: what a campaign holds and accepts, who it reaches (segments,
//! de-duplication, suppressions), and the one renderer that both previews and sends — merge
//! tags, the testing-the-waters legend, the sender's company and postal address, the
//! unsubscribe link and headers (RFC 8058), and signed links.

use std::collections::{HashMap, HashSet};

use hmac::{Hmac, Mac};
use pulldown_cmark::{CowStr, Event, Options, Parser, Tag, TagEnd};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

use crate::html::escape;

use crate::{Checked, Invalid, leads::Temperature};

pub const MAX_NAME: usize = 120;
pub const MAX_SUBJECT: usize = 200;
pub const MAX_PREVIEW: usize = 200;
pub const MAX_BODY: usize = 50_000;
/// The merge tags a body or subject may use: `{{first_name}}` or `{{first_name|there}}`.
pub const MERGE_TAGS: [&str; 4] = ["first_name", "name", "company_name", "form_name"];

fn bad(code: &'static str, message: impl Into<std::borrow::Cow<'static, str>>) -> Invalid {
    Invalid::new(code, message)
}

// ------------------------------------------------------------------ audience

/// Who a campaign reaches, over the founder's own leads. Empty lists mean "any".
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Segment {
    #[serde(default)]
    pub form_ids: Vec<String>,
    #[serde(default)]
    pub temperatures: Vec<Temperature>,
    /// US state codes ('CA').
    #[serde(default)]
    pub states: Vec<String>,
    /// Captured on or after this day (`YYYY-MM-DD`, UTC).
    #[serde(default)]
    pub created_from: Option<String>,
    /// Captured on or before this day.
    #[serde(default)]
    pub created_to: Option<String>,
    /// The lead's status as far as campaigns go: `false` only leads no campaign has reached
    /// yet, `true` only leads one has; absent, either.
    #[serde(default)]
    pub emailed: Option<bool>,
    /// From the applied portal imports: `false` only leads who have not invested (yet),
    /// `true` only those who have; absent, either. "Hot, not invested" is the reconfirm push.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invested: Option<bool>,
    /// `true` only leads who indicated an amount on the form ("indicated but not invested"
    /// with `invested: false`); absent, any lead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub indicated: Option<bool>,
}

fn valid_day(day: &str) -> bool {
    crate::lead_stats::day_of(day).is_some_and(|d| d.len() == day.len())
}

impl Segment {
    pub fn validate(&mut self) -> Checked<()> {
        if self.form_ids.len() > 100 || self.states.len() > 60 {
            return Err(bad("invalid_segment", "Choose at most 100 forms and 60 states."));
        }
        for state in &mut self.states {
            *state = crate::leads::us_state_code(state).map(str::to_owned).ok_or_else(|| bad("invalid_segment", format!("'{state}' is not a US state.")))?;
        }
        for day in [&self.created_from, &self.created_to].into_iter().flatten() {
            if !valid_day(day) {
                return Err(bad("invalid_segment", "Dates must be written YYYY-MM-DD."));
            }
        }
        if let (Some(from), Some(to)) = (&self.created_from, &self.created_to)
            && from > to
        {
            return Err(bad("invalid_segment", "The start date must be on or before the end date."));
        }
        Ok(())
    }

    /// Whether a lead is in the segment.
    pub fn matches(&self, lead: &Candidate) -> bool {
        let day = lead.created_at.get(..10).unwrap_or_default();
        (self.form_ids.is_empty() || self.form_ids.iter().any(|f| *f == lead.form_id))
            && (self.temperatures.is_empty() || self.temperatures.contains(&lead.temperature))
            && (self.states.is_empty() || lead.state.as_deref().is_some_and(|s| self.states.iter().any(|code| code.eq_ignore_ascii_case(s))))
            && self.created_from.as_deref().is_none_or(|from| day >= from)
            && self.created_to.as_deref().is_none_or(|to| day <= to)
            && self.emailed.is_none_or(|wanted| wanted == lead.emailed)
            && self.invested.is_none_or(|wanted| wanted == lead.invested)
            && self.indicated.is_none_or(|wanted| wanted == (lead.indicated > 0))
    }
}

/// One person a campaign goes to (the newest lead of that address).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recipient {
    /// Lower-cased.
    pub email: String,
    pub lead_id: String,
    pub name: Option<String>,
    pub form_name: Option<String>,
    /// The audience's other leads with this address: a sent message reaches them too.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<String>,
}

impl Recipient {
    pub fn new(email: impl Into<String>, lead_id: impl Into<String>, name: Option<String>, form_name: Option<String>) -> Self {
        Self { email: email.into(), lead_id: lead_id.into(), name, form_name, also: Vec::new() }
    }
}

/// A lead as the audience sees it.
pub struct Candidate {
    pub lead_id: String,
    pub form_id: String,
    pub form_name: Option<String>,
    pub temperature: Temperature,
    pub state: Option<String>,
    pub created_at: String,
    pub email: Option<String>,
    pub name: Option<String>,
    /// A campaign has reached this lead.
    pub emailed: bool,
    /// The portal confirmed money from this lead (applied imports).
    pub invested: bool,
    /// Whole dollars the lead indicated on the form.
    pub indicated: u64,
}

#[derive(Debug, Default, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Audience {
    #[serde(skip)]
    pub recipients: Vec<Recipient>,
    pub count: u64,
    /// Leads in the segment whose address is unsubscribed, bounced or complained.
    pub excluded_suppressed: u64,
    /// Further leads of an address already in the audience (one copy each).
    pub duplicates: u64,
    /// Leads in the segment without a usable e-mail address.
    pub without_email: u64,
}

/// The segment's recipients over `leads` (newest first): one per address, suppressed
/// addresses excluded and counted.
pub fn audience(leads: impl IntoIterator<Item = Candidate>, segment: &Segment, suppressed: &HashSet<String>) -> Audience {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut audience = Audience::default();
    for lead in leads {
        if !segment.matches(&lead) {
            continue;
        }
        let Some(email) = lead.email.as_deref().map(|e| e.trim().to_lowercase()).filter(|e| crate::leads::is_email(e)) else {
            audience.without_email += 1;
            continue;
        };
        if suppressed.contains(&email) {
            audience.excluded_suppressed += 1;
        } else if let Some(&index) = seen.get(&email) {
            audience.duplicates += 1;
            audience.recipients[index].also.push(lead.lead_id);
        } else {
            seen.insert(email.clone(), audience.recipients.len());
            audience.recipients.push(Recipient::new(email, lead.lead_id, lead.name, lead.form_name));
        }
    }
    audience.count = audience.recipients.len() as u64;
    audience
}

// ------------------------------------------------------------------ content

/// What the founder writes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Content {
    pub name: String,
    pub subject: String,
    #[serde(default)]
    pub preview_text: String,
    /// Markdown.
    pub body: String,
    #[serde(default = "yes")]
    pub track_opens: bool,
    #[serde(default = "yes")]
    pub track_clicks: bool,
    /// Web links get `utm_source=raisespark&utm_medium=email&utm_campaign=<name>` (unless the
    /// link carries campaign tags of its own), so the founder's site and the sources table see
    /// which campaign brought a visitor. New campaigns start with it on; one stored before it
    /// existed (or a body that leaves it out) has it off, so a click on an e-mail already sent
    /// still goes exactly where it went.
    #[serde(default)]
    pub tag_links: bool,
}

fn yes() -> bool {
    true
}

/// The `utm_source` campaign links are tagged with.
pub const LINK_SOURCE: &str = "raisespark";

impl Content {
    /// Where each of the body's web links takes a reader, in order ([`web_links`], tagged when
    /// [`Content::tag_links`]): what a sent message links to, and what its click redirect
    /// resolves a link's index to.
    pub fn destinations(&self) -> Vec<String> {
        web_links(&self.body).iter().map(|url| self.destination(url)).collect()
    }

    fn destination(&self, url: &str) -> String {
        if self.tag_links { tagged_link(url, &self.name) } else { url.to_owned() }
    }
}

/// `url` with `utm_source=raisespark&utm_medium=email&utm_campaign=<campaign, as a slug>`
/// added before its fragment; unchanged when it already has any `utm_` parameter (the
/// founder's own tags win).
pub fn tagged_link(url: &str, campaign: &str) -> String {
    let (base, fragment) = url.split_once('#').map_or((url, None), |(base, fragment)| (base, Some(fragment)));
    let query = base.split_once('?').map(|(_, query)| query).unwrap_or("");
    if query.split('&').any(|pair| pair.to_ascii_lowercase().starts_with("utm_")) {
        return url.to_owned();
    }
    let mut slug = String::new();
    for c in campaign.trim().to_lowercase().chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c);
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    let slug: String = slug.trim_end_matches('-').chars().take(60).collect::<String>().trim_end_matches('-').to_owned();
    let slug = if slug.is_empty() { "campaign".to_owned() } else { slug };
    let separator = if base.contains('?') { if base.ends_with('?') || base.ends_with('&') { "" } else { "&" } } else { "?" };
    let tagged = format!("{base}{separator}utm_source={LINK_SOURCE}&utm_medium=email&utm_campaign={slug}");
    match fragment {
        Some(fragment) => format!("{tagged}#{fragment}"),
        None => tagged,
    }
}

/// The merge tags a text uses, with their fallbacks: `(name, fallback)`.
pub fn merge_tags(text: &str) -> Vec<(String, Option<String>)> {
    let mut tags = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        let Some(end) = rest[start + 2..].find("}}") else { break };
        let inner = rest[start + 2..start + 2 + end].trim();
        let (name, fallback) = match inner.split_once('|') {
            Some((name, fallback)) => (name.trim().to_owned(), Some(fallback.trim().to_owned())),
            None => (inner.to_owned(), None),
        };
        tags.push((name, fallback));
        rest = &rest[start + 2 + end + 2..];
    }
    tags
}

impl Content {
    pub fn validate(&mut self) -> Checked<()> {
        self.name = self.name.trim().to_owned();
        self.subject = self.subject.trim().to_owned();
        self.preview_text = self.preview_text.trim().to_owned();
        let checks = [
            (&self.name, MAX_NAME, "The campaign name"),
            (&self.subject, MAX_SUBJECT, "The subject"),
            (&self.preview_text, MAX_PREVIEW, "The preview text"),
            (&self.body, MAX_BODY, "The message"),
        ];
        for (value, max, what) in checks {
            if value.chars().count() > max {
                return Err(bad("too_long", format!("{what} can be at most {max} characters long.")));
            }
        }
        if self.name.is_empty() {
            return Err(bad("name_required", "Give the campaign a name."));
        }
        for text in [&self.subject, &self.preview_text, &self.body] {
            if let Some((unknown, _)) = merge_tags(text).into_iter().find(|(name, _)| !MERGE_TAGS.contains(&name.as_str())) {
                return Err(bad("unknown_merge_tag", format!("{{{{{unknown}}}}} is not a merge tag. Use {{{{first_name}}}}, {{{{name}}}}, {{{{company_name}}}} or {{{{form_name}}}}.")));
            }
        }
        Ok(())
    }

    /// Whether it can be sent (a draft may be incomplete).
    pub fn ready(&self) -> Checked<()> {
        if self.subject.is_empty() {
            return Err(bad("subject_required", "Write a subject before sending."));
        }
        if self.body.trim().is_empty() {
            return Err(bad("body_required", "Write the message before sending."));
        }
        Ok(())
    }
}

// ------------------------------------------------------------------ rendering

/// The values merge tags take for one recipient.
#[derive(Debug, Clone, Default)]
pub struct MergeValues {
    pub first_name: Option<String>,
    pub name: Option<String>,
    pub company_name: Option<String>,
    pub form_name: Option<String>,
}

impl MergeValues {
    pub fn of(recipient: &Recipient, company_name: &str) -> Self {
        let name = recipient.name.clone().filter(|n| !n.trim().is_empty());
        Self {
            first_name: name.as_deref().and_then(|n| n.split_whitespace().next()).map(str::to_owned),
            name,
            company_name: Some(company_name.to_owned()).filter(|c| !c.is_empty()),
            form_name: recipient.form_name.clone(),
        }
    }

    /// The values of a copy no investor in particular gets (the founder's campaign list, the
    /// records kept for others): the company's name filled in, each investor's own values shown
    /// as what they stand for.
    pub fn placeholders(company_name: &str) -> Self {
        Self {
            first_name: Some("[First name]".into()),
            name: Some("[Full name]".into()),
            company_name: Some(company_name.to_owned()).filter(|c| !c.is_empty()),
            form_name: Some("[Form name]".into()),
        }
    }

    fn get(&self, tag: &str) -> Option<&str> {
        match tag {
            "first_name" => self.first_name.as_deref(),
            "name" => self.name.as_deref(),
            "company_name" => self.company_name.as_deref(),
            "form_name" => self.form_name.as_deref(),
            _ => None,
        }
    }
}

/// Replaces merge tags with the recipient's values (or the tag's fallback, or nothing).
pub fn merge(text: &str, values: &MergeValues) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        let Some(end) = rest[start + 2..].find("}}") else { break };
        out.push_str(&rest[..start]);
        let inner = rest[start + 2..start + 2 + end].trim();
        let (name, fallback) = inner.split_once('|').map_or((inner, ""), |(n, f)| (n.trim(), f.trim()));
        out.push_str(values.get(name).unwrap_or(fallback));
        rest = &rest[start + 2 + end + 2..];
    }
    out.push_str(rest);
    out
}

/// The company name a founder's campaigns carry: the one of their sender identity (Settings),
/// else the first company name their forms show investors, else none.
pub fn company_name<'a>(sender: &'a str, form_companies: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    std::iter::once(sender).chain(form_companies).map(str::trim).find(|c| !c.is_empty())
}

/// A subject as the founder's campaign list shows it: as every investor's copy shares it, the
/// company's name filled in and each investor's own values as placeholders ('[First name]'),
/// on one line.
pub fn listed_subject(subject: &str, company_name: &str) -> String {
    crate::email::header_value(&merge(subject, &MergeValues::placeholders(company_name))).trim().to_owned()
}

/// What every campaign carries, whatever the founder writes.
#[derive(Debug, Clone)]
pub struct Compliance {
    pub company_name: String,
    pub postal_address: String,
    /// The testing-the-waters legend, while the raise tests the waters.
    pub legend: Option<String>,
    /// The founder's address, for Reply-To.
    pub reply_to: String,
}

/// The recipient's links: unsubscribe (page, one-click and mailto), and, when tracked, the
/// open pixel and the click redirect of each web link (given its index among the body's web
/// links, [`web_links`], and its destination).
pub struct Links<'a> {
    pub unsubscribe_page: String,
    pub one_click: String,
    pub mailto: String,
    pub open_pixel: Option<String>,
    pub click: Option<ClickLink<'a>>,
}

/// A tracked link's address from the link's index among the body's web links and its destination.
pub type ClickLink<'a> = &'a dyn Fn(usize, &str) -> String;

/// A rendered message, as previewed and as sent.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Rendered {
    pub subject: String,
    pub from_name: String,
    pub reply_to: String,
    pub html: String,
    pub text: String,
    /// In order: `List-Unsubscribe` before `List-Unsubscribe-Post`.
    pub headers: Vec<(String, String)>,
}

fn is_web_link(url: &str) -> bool {
    url.starts_with("https://") || url.starts_with("http://")
}

fn parser(markdown: &str) -> Parser<'_> {
    Parser::new_ext(markdown, Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TABLES)
}

/// The body's web links in order: link `i` of a sent message goes to `web_links(body)[i]`.
/// The click redirect resolves a link's index against the campaign as it was sent, so a
/// click token never carries a destination of its own.
pub fn web_links(markdown: &str) -> Vec<String> {
    parser(markdown)
        .filter_map(|event| match event {
            Event::Start(Tag::Link { dest_url, .. }) if is_web_link(&dest_url) => Some(dest_url.to_string()),
            _ => None,
        })
        .collect()
}

/// The body's HTML and text: the founder's Markdown (raw HTML shown as text), merge tags
/// filled with escaped values, web links tagged ([`Content::destinations`]) and through the
/// click redirect when tracked.
fn body(content: &Content, values: &MergeValues, links: &Links<'_>) -> (String, String) {
    let markdown = content.body.as_str();
    let mut events: Vec<Event<'_>> = Vec::new();
    let mut text = String::new();
    let mut pending_link: Option<String> = None;
    let mut web_link_index = 0;
    for event in parser(markdown) {
        let event = match event {
            Event::Text(t) => Event::Text(CowStr::from(merge(&t, values))),
            Event::Html(h) | Event::InlineHtml(h) => Event::Text(h),
            Event::Start(Tag::Link { link_type, dest_url, title, id }) => {
                let web = is_web_link(&dest_url);
                let dest = if web { content.destination(&dest_url) } else { "#".to_owned() };
                pending_link = Some(dest.clone());
                let href = match links.click {
                    Some(click) if web => click(web_link_index, &dest),
                    _ => dest,
                };
                if web {
                    web_link_index += 1;
                }
                Event::Start(Tag::Link { link_type, dest_url: CowStr::from(href), title, id })
            }
            Event::Start(Tag::Image { dest_url, title, id, link_type }) if !dest_url.starts_with("https://") => {
                Event::Start(Tag::Image { dest_url: CowStr::from(""), title, id, link_type })
            }
            other => other,
        };
        match &event {
            Event::Text(t) | Event::Code(t) => text.push_str(t),
            Event::SoftBreak | Event::HardBreak => text.push('\n'),
            Event::End(TagEnd::Paragraph | TagEnd::Heading(_) | TagEnd::Item | TagEnd::CodeBlock) => text.push_str("\n\n"),
            Event::End(TagEnd::Link) => {
                if let Some(url) = pending_link.take() {
                    text.push_str(&format!(" ({url})"));
                }
            }
            Event::Start(Tag::Item) => text.push_str("- "),
            _ => {}
        }
        events.push(event);
    }
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, events.into_iter());
    let text = text.lines().map(str::trim_end).collect::<Vec<_>>().join("\n");
    (html, text.trim().to_owned())
}

/// Renders a campaign for one recipient: the same function previews and sends. Every value
/// that reaches a header (subject, sender name, Reply-To, `List-Unsubscribe`) is kept on one
/// line ([`domain::email::header_value`]): a lead's name merged into the subject never starts a
/// header of its own.
pub fn render(content: &Content, values: &MergeValues, compliance: &Compliance, links: &Links<'_>) -> Rendered {
    use crate::email::header_value;
    let subject = header_value(&merge(&content.subject, values));
    let preview = merge(&content.preview_text, values);
    let (body_html, body_text) = body(content, values, links);
    let company = escape(&compliance.company_name);
    let address = escape(&compliance.postal_address).replace('\n', "<br>");
    let legend_html = compliance
        .legend
        .as_deref()
        .map(|legend| format!(r#"<div style="margin:24px 0 0;padding:12px 14px;border:1px solid #e5e7eb;border-radius:8px;background:#f9fafb;color:#4b5563;font-size:12px;line-height:1.5">{}</div>"#, escape(legend)))
        .unwrap_or_default();
    let pixel = links.open_pixel.as_deref().map(|src| format!(r#"<img src="{}" width="1" height="1" alt="" style="display:block;border:0">"#, escape(src))).unwrap_or_default();
    let html = format!(
        r#"<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>{subject}</title></head><body style="margin:0;padding:0;background:#f3f4f6"><span style="display:none;max-height:0;overflow:hidden;opacity:0">{preview}</span><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px"><tr><td style="padding:28px 28px 8px;font-family:Inter,Arial,sans-serif;font-size:16px;line-height:1.6;color:#1f2937">{body_html}{legend_html}</td></tr><tr><td style="padding:16px 28px 28px;font-family:Inter,Arial,sans-serif;font-size:12px;line-height:1.5;color:#6b7280;border-top:1px solid #f3f4f6">{company}<br>{address}<br><br>You receive this because you told {company} you might invest. <a href="{unsubscribe}" style="color:#4f46e5">Unsubscribe</a></td></tr></table></td></tr></table>{pixel}</body></html>"#,
        subject = escape(&subject),
        preview = escape(&preview),
        unsubscribe = escape(&links.unsubscribe_page),
    );
    let mut text = body_text;
    if let Some(legend) = &compliance.legend {
        text.push_str(&format!("\n\n---\n{legend}"));
    }
    text.push_str(&format!(
        "\n\n--\n{}\n{}\n\nYou receive this because you told {} you might invest. Unsubscribe: {}\n",
        compliance.company_name, compliance.postal_address, compliance.company_name, links.unsubscribe_page
    ));
    Rendered {
        subject,
        from_name: header_value(&format!("{} via RaiseSpark", compliance.company_name)),
        reply_to: header_value(&compliance.reply_to),
        html,
        text,
        headers: vec![
            ("List-Unsubscribe".into(), header_value(&format!("<{}>, <{}>", links.one_click, links.mailto))),
            ("List-Unsubscribe-Post".into(), "List-Unsubscribe=One-Click".into()),
        ],
    }
}

// ------------------------------------------------------------------ signed tokens

type HmacSha256 = Hmac<Sha256>;

fn mac(secret: &[u8], kind: &str, payload: &str) -> Vec<u8> {
    let mut mac = HmacSha256::new_from_slice(secret).expect("HMAC takes any key");
    mac.update(kind.as_bytes());
    mac.update(b"|");
    mac.update(payload.as_bytes());
    mac.finalize().into_bytes().to_vec()
}

/// A token carrying `claims`, signed for one `kind` of use ('unsubscribe', 'click', …).
pub fn sign<T: Serialize>(secret: &[u8], kind: &str, claims: &T) -> String {
    use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
    let payload = URL_SAFE_NO_PAD.encode(serde_json::to_vec(claims).unwrap_or_default());
    let signature = URL_SAFE_NO_PAD.encode(mac(secret, kind, &payload));
    // '~' (not '.'): a link path ending in `.something` reads as a file to static hosting.
    format!("{payload}~{signature}")
}

/// The claims of a token signed for `kind`; `None` if forged, altered or malformed.
pub fn verify<T: for<'de> Deserialize<'de>>(secret: &[u8], kind: &str, token: &str) -> Option<T> {
    use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
    let (payload, signature) = token.split_once('~')?;
    let mut check = HmacSha256::new_from_slice(secret).ok()?;
    check.update(kind.as_bytes());
    check.update(b"|");
    check.update(payload.as_bytes());
    check.verify_slice(&URL_SAFE_NO_PAD.decode(signature).ok()?).ok()?;
    serde_json::from_slice(&URL_SAFE_NO_PAD.decode(payload).ok()?).ok()
}

/// An unsubscribe link's claims: the founder, the address, the campaign and an expiry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unsubscribe {
    #[serde(rename = "o")]
    pub owner_id: String,
    #[serde(rename = "e")]
    pub email: String,
    #[serde(rename = "c")]
    pub campaign_id: String,
    /// Unix seconds.
    #[serde(rename = "x")]
    pub expires_at: i64,
}

/// How long an unsubscribe link works: long after the mail is read.
pub const UNSUBSCRIBE_LINK_DAYS: i64 = 400;

/// A tracked link's claims: which link of which sent campaign, for whom (the campaign's
/// figures), and until when. Never a destination: the redirect reads it from the campaign as
/// sent ([`Content::destinations`]), so the token cannot send anyone anywhere the founder did
/// not write.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Click {
    #[serde(rename = "c")]
    pub campaign_id: String,
    #[serde(rename = "r")]
    pub email: String,
    /// The link's index among the body's web links.
    #[serde(rename = "l")]
    pub link: usize,
    /// Unix seconds.
    #[serde(rename = "x")]
    pub expires_at: i64,
}

/// An open pixel's claims: the campaign and the recipient, until when.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Open {
    #[serde(rename = "c")]
    pub campaign_id: String,
    #[serde(rename = "r")]
    pub email: String,
    /// Unix seconds.
    #[serde(rename = "x")]
    pub expires_at: i64,
}

/// How long a tracked link (and the open pixel) works: a year after the mail was sent. Long
/// enough for anyone who keeps the mail; after that the link answers a page that says it has
/// expired (the destination is in the text part of the mail).
pub const CLICK_LINK_DAYS: i64 = 365;

/// Suppression reasons.
pub const UNSUBSCRIBED: &str = "unsubscribed";
pub const BOUNCED: &str = "bounced";
pub const COMPLAINED: &str = "complained";

/// Why an address is suppressed, weakest first: an address keeps its strongest reason
/// (complaint > bounce > unsubscribe), whatever order the events arrive in, and only an
/// unsubscribe can be undone (by the investor, with their link).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Reason {
    Unsubscribed,
    Bounced,
    Complained,
}

impl Reason {
    pub const ALL: [Reason; 3] = [Reason::Unsubscribed, Reason::Bounced, Reason::Complained];

    pub fn as_str(self) -> &'static str {
        match self {
            Reason::Unsubscribed => UNSUBSCRIBED,
            Reason::Bounced => BOUNCED,
            Reason::Complained => COMPLAINED,
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|r| r.as_str() == value)
    }

    /// The reasons this one replaces.
    pub fn weaker(self) -> impl Iterator<Item = Reason> {
        Self::ALL.into_iter().filter(move |r| *r < self)
    }

    /// Whether a resubscribe may lift it.
    pub fn liftable(self) -> bool {
        self == Reason::Unsubscribed
    }
}

/// The lower-cased addresses of a map of suppressions.
pub fn suppressed_set(entries: &HashMap<String, String>) -> HashSet<String> {
    entries.keys().map(|e| e.to_lowercase()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn candidate(id: &str, email: Option<&str>, temperature: Temperature, state: Option<&str>, day: &str) -> Candidate {
        Candidate {
            lead_id: id.into(),
            form_id: "f1".into(),
            form_name: Some("Seed".into()),
            temperature,
            state: state.map(str::to_owned),
            created_at: format!("{day}T10:00:00Z"),
            email: email.map(str::to_owned),
            name: Some("Ada Lovelace".into()),
            emailed: false,
            invested: false,
            indicated: 0,
        }
    }

    #[test]
    fn hot_not_invested_and_indicated_not_invested_leave_out_every_investor() {
        let lead = |id: &str, temperature: Temperature, invested: bool, indicated: u64| Candidate {
            invested,
            indicated,
            ..candidate(id, Some(&format!("{id}@example.com")), temperature, None, "2026-11-20")
        };
        let leads = || vec![lead("a", Temperature::Hot, true, 2_500), lead("b", Temperature::Hot, false, 1_000), lead("c", Temperature::Warm, false, 5_000), lead("d", Temperature::Hot, false, 0)];
        let none = HashSet::new();
        let ids = |segment: &Segment| audience(leads(), segment, &none).recipients.into_iter().map(|r| r.lead_id).collect::<Vec<_>>();
        let hot_not_invested = Segment { temperatures: vec![Temperature::Hot], invested: Some(false), ..Segment::default() };
        assert_eq!(ids(&hot_not_invested), ["b", "d"]);
        let indicated_not_invested = Segment { invested: Some(false), indicated: Some(true), ..Segment::default() };
        assert_eq!(ids(&indicated_not_invested), ["b", "c"]);
        assert_eq!(ids(&Segment { invested: Some(true), ..Segment::default() }), ["a"]);
    }

    #[test]
    fn an_audience_is_deduplicated_and_excludes_suppressed_addresses() {
        let leads = vec![
            candidate("1", Some("Ada@Example.com"), Temperature::Hot, Some("CA"), "2026-11-20"),
            candidate("2", Some("ada@example.com "), Temperature::Hot, Some("CA"), "2026-11-10"),
            candidate("3", Some("bounced@example.com"), Temperature::Hot, Some("CA"), "2026-11-10"),
            candidate("4", None, Temperature::Hot, Some("CA"), "2026-11-10"),
            candidate("5", Some("cold@example.com"), Temperature::Cold, Some("CA"), "2026-11-10"),
            candidate("6", Some("tx@example.com"), Temperature::Hot, Some("TX"), "2026-11-10"),
            candidate("7", Some("old@example.com"), Temperature::Hot, Some("CA"), "2026-01-01"),
        ];
        let mut segment = Segment { temperatures: vec![Temperature::Hot], states: vec!["california".into()], created_from: Some("2026-11-01".into()), ..Segment::default() };
        segment.validate().unwrap();
        assert_eq!(segment.states, ["CA"]);
        let suppressed: HashSet<String> = ["bounced@example.com".to_owned()].into();
        let audience = audience(leads, &segment, &suppressed);
        assert_eq!(audience.recipients.iter().map(|r| (r.email.as_str(), r.lead_id.as_str())).collect::<Vec<_>>(), [("ada@example.com", "1")]);
        assert_eq!((audience.count, audience.duplicates, audience.excluded_suppressed, audience.without_email), (1, 1, 1, 1));
        assert_eq!(audience.recipients[0].also, ["2"], "the older lead of the same address is reached too");
    }

    #[test]
    fn the_lead_status_filter_keeps_leads_not_yet_emailed_or_only_emailed_ones() {
        let mut reached = candidate("1", Some("ada@example.com"), Temperature::Hot, None, "2026-11-20");
        reached.emailed = true;
        let leads = || vec![candidate("2", Some("grace@example.com"), Temperature::Hot, None, "2026-11-20"), {
            let mut c = candidate("1", Some("ada@example.com"), Temperature::Hot, None, "2026-11-20");
            c.emailed = true;
            c
        }];
        let none = HashSet::new();
        let emails = |segment: &Segment| audience(leads(), segment, &none).recipients.into_iter().map(|r| r.email).collect::<Vec<_>>();
        assert_eq!(emails(&Segment::default()), ["grace@example.com", "ada@example.com"]);
        assert_eq!(emails(&Segment { emailed: Some(false), ..Segment::default() }), ["grace@example.com"]);
        assert_eq!(emails(&Segment { emailed: Some(true), ..Segment::default() }), ["ada@example.com"]);
        assert!(reached.emailed);
    }

    #[test]
    fn segments_and_content_are_validated() {
        let mut bad_state = Segment { states: vec!["Atlantis".into()], ..Segment::default() };
        assert_eq!(bad_state.validate().unwrap_err().code, "invalid_segment");
        let mut backwards = Segment { created_from: Some("2026-11-02".into()), created_to: Some("2026-11-01".into()), ..Segment::default() };
        assert!(backwards.validate().is_err());
        let mut bad_day = Segment { created_from: Some("2026-13-01".into()), ..Segment::default() };
        assert!(bad_day.validate().is_err());
        let mut content = Content { name: " Update ".into(), subject: "Hi {{first_name|there}}".into(), body: "Hello {{nickname}}".into(), ..Content::default() };
        assert_eq!(content.validate().unwrap_err().code, "unknown_merge_tag");
        content.body = "Hello {{ name }}".into();
        content.validate().unwrap();
        assert_eq!(content.name, "Update");
        assert!(Content { name: "x".into(), ..Content::default() }.ready().is_err());
    }

    fn compliance() -> Compliance {
        Compliance {
            company_name: "Sunrise & Co".into(),
            postal_address: "1 Main St\nAustin, TX 78701".into(),
            legend: Some("No money is being solicited.".into()),
            reply_to: "founder@example.com".into(),
        }
    }

    #[test]
    fn the_renderer_carries_the_legend_address_unsubscribe_and_escaped_lead_data() {
        let content = Content {
            name: "n".into(),
            subject: "{{first_name|Friend}}, an update".into(),
            preview_text: "News from {{company_name}}".into(),
            body: "Hi **{{first_name|there}}**, see [our page](https://sunrise.example/raise).\n\n<script>alert(1)</script>\n\n[bad](javascript:alert(1))".into(),
            track_opens: true,
            track_clicks: true,
            tag_links: false,
        };
        let recipient = Recipient::new("x@example.com", "l", Some("<b>Eve</b> Smith".into()), None);
        let values = MergeValues::of(&recipient, "Sunrise & Co");
        let click = |index: usize, url: &str| format!("https://app.example/r/{index}-{}", url.len());
        let links = Links {
            unsubscribe_page: "https://app.example/unsubscribe/TOKEN".into(),
            one_click: "https://app.example/api/campaigns/unsubscribe/TOKEN".into(),
            mailto: "mailto:founder@example.com?subject=unsubscribe".into(),
            open_pixel: Some("https://app.example/api/campaigns/o/P".into()),
            click: Some(&click),
        };
        let rendered = render(&content, &values, &compliance(), &links);
        assert_eq!(rendered.subject, "<b>Eve</b>, an update", "subjects are text");
        assert!(rendered.html.contains("Hi <strong>&lt;b&gt;Eve&lt;/b&gt;</strong>"), "{}", rendered.html);
        assert!(!rendered.html.contains("<script>"));
        assert!(rendered.html.contains("&lt;script&gt;"));
        assert!(rendered.html.contains(r#"href="https://app.example/r/0-29""#), "web links go through the click redirect");
        assert!(!rendered.html.contains("javascript:"));
        assert!(rendered.html.contains("No money is being solicited."));
        assert!(rendered.html.contains("Sunrise &amp; Co<br>1 Main St<br>Austin, TX 78701"));
        assert!(rendered.html.contains(r#"href="https://app.example/unsubscribe/TOKEN""#));
        assert!(rendered.html.contains("https://app.example/api/campaigns/o/P"));
        assert!(rendered.text.contains("see our page (https://sunrise.example/raise)"), "{}", rendered.text);
        assert!(rendered.text.contains("No money is being solicited.") && rendered.text.contains("Unsubscribe: https://app.example/unsubscribe/TOKEN"));
        assert_eq!(rendered.from_name, "Sunrise & Co via RaiseSpark");
        assert_eq!(rendered.headers[0].0, "List-Unsubscribe");
        assert_eq!(rendered.headers[0].1, "<https://app.example/api/campaigns/unsubscribe/TOKEN>, <mailto:founder@example.com?subject=unsubscribe>");
        assert_eq!(rendered.headers[1], ("List-Unsubscribe-Post".to_owned(), "List-Unsubscribe=One-Click".to_owned()));
    }

    fn no_links() -> Links<'static> {
        Links { unsubscribe_page: "u".into(), one_click: "https://app.example/api/campaigns/unsubscribe/T".into(), mailto: "mailto:f@example.com".into(), open_pixel: None, click: None }
    }

    #[test]
    fn values_merged_into_a_header_never_carry_a_line_break_or_control_character() {
        let content = Content { name: "n".into(), subject: "Hi {{name}}, from {{company_name}}".into(), body: "Hello {{first_name}}".into(), ..Content::default() };
        for name in ["Eve Doe\nBcc: evil@example.net", "Eve Doe\r\nBcc: evil@example.net", "Eve Doe\rBcc: evil@example.net", "Eve Doe\u{2028}Bcc: evil@example.net", "Eve Doe\u{85}Bcc: evil@example.net"] {
            let recipient = Recipient::new("x@example.com", "l", Some(name.into()), None);
            let compliance = Compliance { company_name: "Sunrise\r\nX-Injected: 1".into(), reply_to: "founder@example.com\nBcc: evil@example.net".into(), ..compliance() };
            let rendered = render(&content, &MergeValues::of(&recipient, &compliance.company_name), &compliance, &no_links());
            assert_eq!(rendered.subject, "Hi Eve Doe Bcc: evil@example.net, from Sunrise X-Injected: 1", "{name:?}");
            assert_eq!(rendered.from_name, "Sunrise X-Injected: 1 via RaiseSpark");
            assert_eq!(rendered.reply_to, "founder@example.com Bcc: evil@example.net");
            let header_values = [&rendered.subject, &rendered.from_name, &rendered.reply_to].into_iter().chain(rendered.headers.iter().flat_map(|(n, v)| [n, v]));
            for value in header_values {
                assert!(!value.chars().any(|c| c.is_control() || c == '\u{2028}' || c == '\u{2029}'), "{value:?}");
            }
        }
    }

    #[test]
    fn every_tracked_link_names_its_index_and_the_index_resolves_to_the_link_the_founder_wrote() {
        let body = "[a](https://a.example/1) [mail](mailto:x@example.com) [bad](javascript:alert(1)) <https://auto.example/2>\n\n\
                    [again](https://a.example/1) ![img](https://img.example/p.png) [b](http://b.example/3?x=1&y=2)";
        let content = Content { name: "n".into(), subject: "s".into(), body: body.into(), ..Content::default() };
        let seen = std::cell::RefCell::new(Vec::new());
        let click = |index: usize, url: &str| {
            seen.borrow_mut().push((index, url.to_owned()));
            format!("https://app.example/r/{index}")
        };
        let links = Links { click: Some(&click), ..no_links() };
        let rendered = render(&content, &MergeValues::default(), &compliance(), &links);
        let targets = web_links(body);
        assert_eq!(targets, ["https://a.example/1", "https://auto.example/2", "https://a.example/1", "http://b.example/3?x=1&y=2"]);
        let seen = seen.into_inner();
        assert_eq!(seen.len(), targets.len());
        for (index, url) in &seen {
            assert_eq!(&targets[*index], url, "link {index}");
        }
        assert_eq!(seen.iter().map(|(i, _)| *i).collect::<Vec<_>>(), [0, 1, 2, 3]);
        for index in 0..4 {
            assert!(rendered.html.contains(&format!(r#"href="https://app.example/r/{index}""#)));
        }
        assert!(!rendered.html.contains("https://a.example/1\""), "no web link goes out unwrapped when clicks are tracked");
    }

    #[test]
    fn campaign_links_carry_the_campaigns_tags_unless_they_have_their_own_and_a_click_resolves_to_the_tagged_link() {
        let body = "[invest](https://sunrise.example/invest) [own](https://sunrise.example/?UTM_source=x) \
                    [frag](https://sunrise.example/a?b=1#top) [mail](mailto:x@example.com) [q](https://sunrise.example/?)";
        let content = Content { name: "  Launch week: Day 1! ".into(), subject: "s".into(), body: body.into(), tag_links: true, ..Content::default() };
        let tagged = "https://sunrise.example/invest?utm_source=raisespark&utm_medium=email&utm_campaign=launch-week-day-1";
        assert_eq!(
            content.destinations(),
            [
                tagged,
                "https://sunrise.example/?UTM_source=x",
                "https://sunrise.example/a?b=1&utm_source=raisespark&utm_medium=email&utm_campaign=launch-week-day-1#top",
                "https://sunrise.example/?utm_source=raisespark&utm_medium=email&utm_campaign=launch-week-day-1",
            ]
        );
        // Untracked, the link itself is tagged; tracked, the click redirect is given the tagged link.
        let rendered = render(&content, &MergeValues::default(), &compliance(), &no_links());
        assert!(rendered.html.contains(&format!(r#"href="{}""#, tagged.replace('&', "&amp;"))), "{}", rendered.html);
        assert!(rendered.text.contains(&format!("invest ({tagged})")), "{}", rendered.text);
        let seen = std::cell::RefCell::new(Vec::new());
        let click = |index: usize, url: &str| {
            seen.borrow_mut().push(url.to_owned());
            format!("https://app.example/r/{index}")
        };
        render(&content, &MergeValues::default(), &compliance(), &Links { click: Some(&click), ..no_links() });
        assert_eq!(seen.into_inner(), content.destinations());
        // The visitor the link brings counts under the campaign in the founder's sources.
        let arrived = crate::attribution::Attribution::of(Some(tagged), None);
        assert_eq!((arrived.source(), arrived.utm_campaign.as_deref()), ("raisespark".to_owned(), Some("launch-week-day-1")));
        // Switched off, links go out as written; a name with nothing to slug still tags.
        assert_eq!(Content { tag_links: false, ..content.clone() }.destinations(), web_links(body));
        assert_eq!(tagged_link("https://a.example", "!!!"), "https://a.example?utm_source=raisespark&utm_medium=email&utm_campaign=campaign");
        assert_eq!(tagged_link("https://a.example", &"x".repeat(80)).len(), "https://a.example?utm_source=raisespark&utm_medium=email&utm_campaign=".len() + 60);
    }

    #[test]
    fn a_suppression_keeps_its_strongest_reason_and_only_an_unsubscribe_can_be_lifted() {
        assert!(Reason::Complained > Reason::Bounced && Reason::Bounced > Reason::Unsubscribed);
        assert_eq!(Reason::Complained.weaker().collect::<Vec<_>>(), [Reason::Unsubscribed, Reason::Bounced]);
        assert_eq!(Reason::Unsubscribed.weaker().count(), 0);
        assert_eq!(Reason::ALL.into_iter().filter(|r| r.liftable()).collect::<Vec<_>>(), [Reason::Unsubscribed]);
        for reason in Reason::ALL {
            assert_eq!(Reason::parse(reason.as_str()), Some(reason));
        }
        assert_eq!(Reason::parse("manual"), None);
    }

    #[test]
    fn the_company_name_is_the_sender_identitys_else_the_first_one_a_form_shows_else_none() {
        assert_eq!(company_name("Harbor Labs", ["Sunrise Solar"]), Some("Harbor Labs"));
        assert_eq!(company_name(" ", ["", "  Sunrise Solar ", "Harbor Labs"]), Some("Sunrise Solar"));
        assert_eq!(company_name("", ["", " "]), None);
        assert_eq!(company_name("", []), None);
    }

    #[test]
    fn a_listed_subject_fills_in_the_company_and_shows_each_investors_own_values_as_placeholders() {
        assert_eq!(listed_subject("An update from {{company_name}}", "Sunrise Solar"), "An update from Sunrise Solar");
        assert_eq!(listed_subject("{{company_name}} is live", "Sunrise & Co"), "Sunrise & Co is live");
        assert_eq!(
            listed_subject("Hi {{first_name|there}}, {{ name }}: your {{form_name}} answer", "S"),
            "Hi [First name], [Full name]: your [Form name] answer"
        );
        // Without a company name, the tag's fallback stands in (or nothing): never the tag itself.
        assert_eq!(listed_subject("News from {{company_name|us}}", ""), "News from us");
        assert_eq!(listed_subject("News from {{company_name}}", ""), "News from");
        // A company name (or subject) never breaks the line.
        assert_eq!(listed_subject("From {{company_name}}\r\nBcc: x", "Sunrise\nSolar"), "From Sunrise Solar Bcc: x");
    }

    #[test]
    fn merge_tags_fall_back() {
        let none = MergeValues::default();
        assert_eq!(merge("Hi {{first_name|there}}, from {{company_name}}.", &none), "Hi there, from .");
        let values = MergeValues { first_name: Some("Ada".into()), ..MergeValues::default() };
        assert_eq!(merge("Hi {{ first_name | there }}! {{unclosed", &values), "Hi Ada! {{unclosed");
    }

    #[test]
    fn tokens_are_signed_per_use() {
        let key = b"secret".to_vec();
        let claims = Unsubscribe { owner_id: "o".into(), email: "a@example.com".into(), campaign_id: "c".into(), expires_at: 99 };
        let token = sign(&key, "unsubscribe", &claims);
        assert_eq!(verify::<Unsubscribe>(&key, "unsubscribe", &token), Some(claims.clone()));
        assert_eq!(verify::<Unsubscribe>(&key, "click", &token), None, "signed for another use");
        assert_eq!(verify::<Unsubscribe>(b"other", "unsubscribe", &token), None);
        let (payload, signature) = token.split_once('~').unwrap();
        let forged = format!("{}x~{signature}", payload);
        assert!(!token.contains('.'), "no dot: static hosting would take the link for a file");
        assert_eq!(verify::<Unsubscribe>(&key, "unsubscribe", &forged), None);
        assert_eq!(verify::<Unsubscribe>(&key, "unsubscribe", "garbage"), None);
    }
}
