//! Outgoing e-mail. In AWS it goes through Amazon SES; locally (and in tests) every message is
//! kept in an outbox that `/dev/mail` lists, so flows that depend on mail can be clicked through.
//! What each transactional message says is in [`templates`].

use std::{
    io::Write,
    path::PathBuf,
    sync::{Arc, Mutex},
};

use anyhow::Context;
use aws_sdk_ses::types::{Body, Content, Destination, Message};
use serde::{Deserialize, Serialize};

use crate::config::MailConfig;

pub mod templates;

/// A message ready to send: HTML and plain-text bodies of the same content.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Email {
    pub to: String,
    pub subject: String,
    pub html: String,
    pub text: String,
}

/// A campaign message: it goes out under the founder's name with Reply-To the founder, and
/// its own headers (`List-Unsubscribe`, `List-Unsubscribe-Post`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CampaignEmail {
    pub to: String,
    pub from_name: String,
    pub reply_to: String,
    pub subject: String,
    pub html: String,
    pub text: String,
    pub headers: Vec<(String, String)>,
}

pub use domain::email::header_value;
/// HTML escaping of user text (the templates and the local `/dev` pages use it).
pub use domain::html::escape as escape_html;

/// The address part of `Name <address>` (or the whole text).
pub fn address_of(from: &str) -> &str {
    from.rsplit_once('<').map_or(from, |(_, rest)| rest.trim_end_matches('>')).trim()
}

/// `"Name" <address>` with the name's quotes and backslashes escaped.
pub fn named_address(name: &str, address: &str) -> String {
    let clean = header_value(name);
    format!("\"{}\" <{}>", clean.replace('\\', "\\\\").replace('"', "\\\""), header_value(address))
}

#[derive(Clone)]
pub enum Mailer {
    Ses(SesMailer),
    Outbox(Outbox),
    /// Functions that send no mail: no SES client; a send is an error.
    Disabled,
}

impl Mailer {
    /// `sdk` is the function's one AWS configuration, shared with its DynamoDB client.
    pub fn from_config(config: Option<&MailConfig>, sdk: &aws_config::SdkConfig) -> anyhow::Result<Self> {
        Ok(match config {
            Some(MailConfig::Ses { from, endpoint }) => Self::Ses(SesMailer::new(from.clone(), endpoint.as_deref(), sdk)),
            Some(MailConfig::Outbox { from, dir }) => Self::Outbox(Outbox::open(from.clone(), dir.clone())?),
            None => Self::Disabled,
        })
    }

    #[tracing::instrument(skip(self, email), fields(subject = %email.subject))]
    pub async fn send(&self, email: &Email) -> anyhow::Result<()> {
        match self {
            Self::Ses(ses) => ses.send(email).await,
            Self::Outbox(outbox) => outbox.push(email),
            Self::Disabled => anyhow::bail!("this function sends no mail: its configuration has no mail provider"),
        }
    }

    /// The local outbox, when that is the provider.
    pub fn outbox(&self) -> Option<&Outbox> {
        match self {
            Self::Outbox(outbox) => Some(outbox),
            Self::Ses(_) | Self::Disabled => None,
        }
    }
}

#[derive(Clone)]
pub struct SesMailer {
    client: aws_sdk_ses::Client,
    from: String,
}

impl SesMailer {
    pub fn new(from: String, endpoint: Option<&str>, sdk: &aws_config::SdkConfig) -> Self {
        let mut builder = aws_sdk_ses::config::Builder::from(sdk);
        if let Some(endpoint) = endpoint {
            builder = builder.endpoint_url(endpoint);
        }
        Self { client: aws_sdk_ses::Client::from_conf(builder.build()), from }
    }

    async fn send(&self, email: &Email) -> anyhow::Result<()> {
        let content = |data: &str| Content::builder().data(data).charset("UTF-8").build();
        let message = Message::builder()
            .subject(content(&header_value(&email.subject))?)
            .body(Body::builder().html(content(&email.html)?).text(content(&email.text)?).build())
            .build();
        self.client
            .send_email()
            .source(&self.from)
            .destination(Destination::builder().to_addresses(header_value(&email.to)).build())
            .message(message)
            .send()
            .await
            .context("SES SendEmail failed")?;
        Ok(())
    }
}

/// A message as the outbox keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoredEmail {
    pub id: String,
    pub sent_at: String,
    pub from: String,
    #[serde(flatten)]
    pub email: Email,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_to: Option<String>,
    /// A campaign's own headers, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub headers: Vec<(String, String)>,
}

impl StoredEmail {
    /// The `href` targets of the HTML body, in order: what a reader could click.
    pub fn links(&self) -> Vec<String> {
        self.email
            .html
            .split("href=\"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .map(|href| href.replace("&amp;", "&"))
            .collect()
    }
}

/// The local provider: every message in memory, and appended to `outbox.jsonl` when a folder
/// is given so `make dev` keeps mail across restarts.
#[derive(Clone, Default)]
pub struct Outbox {
    from: String,
    messages: Arc<Mutex<Vec<StoredEmail>>>,
    file: Option<PathBuf>,
}

impl Outbox {
    pub fn open(from: String, dir: Option<PathBuf>) -> anyhow::Result<Self> {
        let mut messages = Vec::new();
        let file = match dir {
            Some(dir) => {
                std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
                let file = dir.join("outbox.jsonl");
                if let Ok(text) = std::fs::read_to_string(&file) {
                    messages.extend(text.lines().filter_map(|line| serde_json::from_str(line).ok()));
                }
                Some(file)
            }
            None => None,
        };
        Ok(Self { from, messages: Arc::new(Mutex::new(messages)), file })
    }

    fn push(&self, email: &Email) -> anyhow::Result<()> {
        let stored = StoredEmail {
            id: uuid::Uuid::new_v4().to_string(),
            sent_at: crate::time::now_iso(),
            from: self.from.clone(),
            email: Email { to: header_value(&email.to), subject: header_value(&email.subject), ..email.clone() },
            reply_to: None,
            headers: Vec::new(),
        };
        self.keep(stored).map(|_| ())
    }

    /// Keeps a campaign message as SES would send it; returns its id (SES's message id).
    pub fn push_campaign(&self, email: &CampaignEmail) -> anyhow::Result<String> {
        self.keep(StoredEmail {
            id: uuid::Uuid::new_v4().to_string(),
            sent_at: crate::time::now_iso(),
            from: named_address(&email.from_name, address_of(&self.from)),
            email: Email { to: header_value(&email.to), subject: header_value(&email.subject), html: email.html.clone(), text: email.text.clone() },
            reply_to: Some(header_value(&email.reply_to)),
            headers: email.headers.iter().map(|(name, value)| (header_value(name), header_value(value))).collect(),
        })
    }

    fn keep(&self, stored: StoredEmail) -> anyhow::Result<String> {
        let email = &stored.email;
        if let Some(file) = &self.file {
            let mut handle = std::fs::OpenOptions::new().create(true).append(true).open(file)?;
            writeln!(handle, "{}", serde_json::to_string(&stored)?)?;
        }
        tracing::info!(to = %email.to, subject = %email.subject, "mail kept in the local outbox");
        let id = stored.id.clone();
        self.messages.lock().map_err(|_| anyhow::anyhow!("outbox lock poisoned"))?.push(stored);
        Ok(id)
    }

    /// Newest first.
    pub fn messages(&self) -> Vec<StoredEmail> {
        let mut messages = self.messages.lock().map(|m| m.clone()).unwrap_or_default();
        messages.reverse();
        messages
    }

    pub fn find(&self, id: &str) -> Option<StoredEmail> {
        self.messages.lock().ok()?.iter().find(|m| m.id == id).cloned()
    }

    /// Messages to one address, newest first.
    pub fn to(&self, address: &str) -> Vec<StoredEmail> {
        self.messages().into_iter().filter(|m| m.email.to.eq_ignore_ascii_case(address)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn email() -> Email {
        Email {
            to: "ada@example.com".into(),
            subject: "Confirm".into(),
            html: r#"<p><a href="http://localhost:3000/auth/callback?token=a&amp;type=signup">Go</a></p>"#.into(),
            text: "Go".into(),
        }
    }

    #[test]
    fn the_outbox_keeps_messages_newest_first_and_reads_their_links() {
        let outbox = Outbox::open("from@example.com".into(), None).unwrap();
        outbox.push(&email()).unwrap();
        outbox.push(&Email { subject: "Second".into(), ..email() }).unwrap();
        let messages = outbox.to("ADA@example.com");
        assert_eq!(messages.len(), 2);
        assert_eq!(messages[0].email.subject, "Second");
        assert_eq!(messages[1].links(), vec!["http://localhost:3000/auth/callback?token=a&type=signup"]);
    }

    #[test]
    fn the_outbox_survives_a_restart_when_given_a_folder() {
        let dir = std::env::temp_dir().join(format!("outbox-{}", uuid::Uuid::new_v4()));
        Outbox::open("f".into(), Some(dir.clone())).unwrap().push(&email()).unwrap();
        let reopened = Outbox::open("f".into(), Some(dir)).unwrap();
        assert_eq!(reopened.messages().len(), 1);
    }

    #[test]
    fn values_from_investors_never_reach_a_mail_header_with_a_line_break_or_control_character() {
        let cases = [
            ("Eve Doe\nBcc: evil@example.net", "Eve Doe Bcc: evil@example.net"),
            ("Eve Doe\r\nBcc: evil@example.net", "Eve Doe Bcc: evil@example.net"),
            ("Eve Doe\rBcc: evil@example.net", "Eve Doe Bcc: evil@example.net"),
            ("Eve \n  Doe", "Eve Doe"),
            ("line\u{2028}separator\u{2029}paragraph", "line separator paragraph"),
            ("next\u{85}line", "next line"),
            ("nul\0del\u{7f}esc\u{1b}", "nul del esc"),
            ("tab\there", "tab here"),
            ("\n\r Subject \n", "Subject"),
            ("Hi  there, Ada", "Hi  there, Ada"),
            ("Ünïcödé — “quotes”", "Ünïcödé — “quotes”"),
        ];
        for (input, expected) in cases {
            let value = header_value(input);
            assert_eq!(value, expected, "{input:?}");
            assert!(!value.chars().any(|c| c.is_control() || c == '\u{2028}' || c == '\u{2029}'), "{input:?}");
        }
        assert_eq!(named_address("Eve \"Doe\"\nBcc: x@example.net", "hello@example.com\r\n"), "\"Eve \\\"Doe\\\" Bcc: x@example.net\" <hello@example.com>");
    }

    #[test]
    fn the_outbox_keeps_header_values_on_one_line() {
        let outbox = Outbox::open("RaiseSpark <hello@example.com>".into(), None).unwrap();
        outbox.push(&Email { subject: "New lead: Eve\nBcc: evil@example.net".into(), ..email() }).unwrap();
        outbox
            .push_campaign(&CampaignEmail {
                to: "ada@example.com".into(),
                from_name: "Sunrise\r\nX-Injected: 1".into(),
                reply_to: "founder@example.com\nBcc: evil@example.net".into(),
                subject: "Hi Eve Doe\nBcc: evil@example.net".into(),
                html: String::new(),
                text: String::new(),
                headers: vec![("List-Unsubscribe".into(), "<https://x.example/u>\r\nBcc: evil@example.net".into())],
            })
            .unwrap();
        let messages = outbox.to("ada@example.com");
        assert_eq!(messages.len(), 2);
        assert_eq!(messages[0].email.subject, "Hi Eve Doe Bcc: evil@example.net");
        assert_eq!(messages[0].from, "\"Sunrise X-Injected: 1\" <hello@example.com>");
        assert_eq!(messages[0].reply_to.as_deref(), Some("founder@example.com Bcc: evil@example.net"));
        assert_eq!(messages[0].headers[0].1, "<https://x.example/u> Bcc: evil@example.net");
        assert_eq!(messages[1].email.subject, "New lead: Eve Bcc: evil@example.net");
    }

    #[tokio::test]
    async fn ses_receives_a_send_email_request_with_both_bodies() {
        use wiremock::{Mock, MockServer, ResponseTemplate, matchers::{body_string_contains, method}};
        let server = MockServer::start().await;
        Mock::given(method("POST"))
            .and(body_string_contains("Action=SendEmail"))
            .respond_with(ResponseTemplate::new(200).set_body_string(
                r#"<SendEmailResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/"><SendEmailResult><MessageId>m-1</MessageId></SendEmailResult><ResponseMetadata><RequestId>r-1</RequestId></ResponseMetadata></SendEmailResponse>"#,
            ))
            .expect(1)
            .mount(&server)
            .await;
        let mailer = Mailer::from_config(
            Some(&MailConfig::Ses { from: "RaiseSpark <hello@example.com>".into(), endpoint: Some(server.uri()) }),
            &crate::aws::local_sdk_config(),
        )
        .unwrap();
        // A subject carrying a lead's value with a line break reaches SES on one line.
        mailer.send(&Email { subject: "Confirm\r\nBcc: evil@example.net".into(), ..email() }).await.unwrap();

        let requests = server.received_requests().await.unwrap();
        let body = String::from_utf8(requests[0].body.clone()).unwrap();
        let form: std::collections::HashMap<String, String> =
            body.split('&').filter_map(|pair| pair.split_once('=')).map(|(k, v)| (k.to_owned(), decode(v))).collect();
        assert_eq!(form["Source"], "RaiseSpark <hello@example.com>");
        assert_eq!(form["Destination.ToAddresses.member.1"], "ada@example.com");
        assert_eq!(form["Message.Subject.Data"], "Confirm Bcc: evil@example.net");
        assert!(form["Message.Body.Html.Data"].contains("auth/callback"));
        assert_eq!(form["Message.Body.Text.Data"], "Go");
        assert!(requests[0].headers.get("authorization").unwrap().to_str().unwrap().starts_with("AWS4-HMAC-SHA256"));
    }

    #[tokio::test]
    async fn an_ses_failure_is_an_error_not_a_panic() {
        use wiremock::{Mock, MockServer, ResponseTemplate, matchers::method};
        let server = MockServer::start().await;
        Mock::given(method("POST")).respond_with(ResponseTemplate::new(400).set_body_string(
            r#"<ErrorResponse><Error><Type>Sender</Type><Code>MessageRejected</Code><Message>Email address is not verified.</Message></Error><RequestId>r</RequestId></ErrorResponse>"#,
        )).mount(&server).await;
        let mailer =
            Mailer::from_config(Some(&MailConfig::Ses { from: "a@b.co".into(), endpoint: Some(server.uri()) }), &crate::aws::local_sdk_config())
                .unwrap();
        assert!(mailer.send(&email()).await.is_err());
    }

    fn decode(value: &str) -> String {
        let bytes = value.replace('+', " ");
        let mut out = Vec::new();
        let mut iter = bytes.bytes();
        while let Some(b) = iter.next() {
            if b == b'%' {
                let hex: String = [iter.next().unwrap() as char, iter.next().unwrap() as char].iter().collect();
                out.push(u8::from_str_radix(&hex, 16).unwrap());
            } else {
                out.push(b);
            }
        }
        String::from_utf8(out).unwrap()
    }
}
