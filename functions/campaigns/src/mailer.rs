//! How campaign messages leave: SES v2 (`SendEmail` with the message's own headers and the
//! configuration set whose events reach `ses-events`) in AWS, the local outbox otherwise. The
//! SES message id is what the recipient is marked with. Every header value is put on one line
//! here too (`shared::mail::header_value`), whatever the renderer did: a value from an
//! investor never reaches SES with a line break or a control character.

use aws_sdk_sesv2::types::{Body, Content, Destination, EmailContent, Message, MessageHeader};
use shared::{
    AppState,
    config::MailConfig,
    mail::{CampaignEmail, Outbox, address_of, header_value, named_address},
};

#[derive(Clone)]
pub enum CampaignMailer {
    Ses { client: aws_sdk_sesv2::Client, from_address: String, configuration_set: Option<String> },
    Outbox(Outbox),
}

/// Why a message was not sent.
#[derive(Debug)]
pub struct SendError {
    /// SES asked to slow down: worth retrying.
    pub throttled: bool,
    pub message: String,
}

impl CampaignMailer {
    pub async fn from_state(state: &AppState) -> anyhow::Result<Self> {
        match state.config.mail.as_ref() {
            Some(MailConfig::Ses { from, .. }) => {
                let sdk = shared::state::aws_sdk_config(&state.config).await;
                let mut builder = aws_sdk_sesv2::config::Builder::from(&sdk);
                if let Some(endpoint) = &state.config.sesv2_endpoint {
                    builder = builder.endpoint_url(endpoint);
                }
                Ok(Self::Ses {
                    client: aws_sdk_sesv2::Client::from_conf(builder.build()),
                    from_address: address_of(from).to_owned(),
                    configuration_set: state.config.ses_configuration_set.clone(),
                })
            }
            Some(MailConfig::Outbox { .. }) => Ok(Self::Outbox(state.mailer.outbox().cloned().ok_or_else(|| anyhow::anyhow!("the outbox mailer has no outbox"))?)),
            None => anyhow::bail!("campaigns need a mail provider"),
        }
    }

    /// Sends one message; `Ok` carries the message id.
    pub async fn send(&self, email: &CampaignEmail) -> Result<String, SendError> {
        match self {
            Self::Outbox(outbox) => outbox.push_campaign(email).map_err(|err| SendError { throttled: false, message: err.to_string() }),
            Self::Ses { client, from_address, configuration_set } => {
                let text = |data: &str| Content::builder().data(data).charset("UTF-8").build().map_err(|e| SendError { throttled: false, message: e.to_string() });
                let mut headers = Vec::new();
                for (name, value) in &email.headers {
                    let header = MessageHeader::builder().name(header_value(name)).value(header_value(value)).build();
                    headers.push(header.map_err(|e| SendError { throttled: false, message: e.to_string() })?);
                }
                let message = Message::builder()
                    .subject(text(&header_value(&email.subject))?)
                    .body(Body::builder().html(text(&email.html)?).text(text(&email.text)?).build())
                    .set_headers(Some(headers))
                    .build();
                let output = client
                    .send_email()
                    .from_email_address(named_address(&email.from_name, from_address))
                    .reply_to_addresses(header_value(&email.reply_to))
                    .destination(Destination::builder().to_addresses(header_value(&email.to)).build())
                    .content(EmailContent::builder().simple(message).build())
                    .set_configuration_set_name(configuration_set.clone())
                    .send()
                    .await;
                match output {
                    Ok(output) => Ok(output.message_id.unwrap_or_default()),
                    Err(err) => {
                        let throttled = err.as_service_error().is_some_and(|e| e.is_too_many_requests_exception() || e.is_limit_exceeded_exception());
                        Err(SendError { throttled, message: aws_sdk_sesv2::error::DisplayErrorContext(&err).to_string() })
                    }
                }
            }
        }
    }
}
