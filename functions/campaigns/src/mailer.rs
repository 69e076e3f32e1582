//! How campaign messages leave: SES (`SendRawEmail`: a MIME message built here with the
//! message's own headers, and the configuration set whose events reach `ses-events`) in AWS,
//! the local outbox otherwise. The SES message id is what the recipient is marked with. Every
//! header value is put on one line here too (`shared::mail::header_value`), whatever the
//! renderer did: a value from an investor never reaches SES with a line break or a control
//! character, and the message goes to its one `To` address whatever its headers say.
//!
//! SES v1's raw sending instead of v2's `SendEmail`: the same message reaches the recipient,
//! and the v2 SDK was the largest crate of the build (213 s of a 534 s cold compile).

use aws_sdk_ses::{error::ProvideErrorMetadata, primitives::Blob, types::RawMessage};
use mail_builder::{MessageBuilder, headers::raw::Raw};
use shared::{
    AppState,
    config::MailConfig,
    mail::{CampaignEmail, Outbox, address_of, header_value},
};

#[derive(Clone)]
pub enum CampaignMailer {
    Ses { client: aws_sdk_ses::Client, from_address: String, configuration_set: Option<String> },
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
            Some(MailConfig::Ses { from, endpoint }) => {
                let sdk = shared::state::aws_sdk_config(&state.config).await;
                let mut builder = aws_sdk_ses::config::Builder::from(&sdk);
                if let Some(endpoint) = endpoint {
                    builder = builder.endpoint_url(endpoint);
                }
                Ok(Self::Ses {
                    client: aws_sdk_ses::Client::from_conf(builder.build()),
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
                let failed = |message: String| SendError { throttled: false, message };
                let mime = mime_message(email, from_address).map_err(|err| failed(err.to_string()))?;
                let raw = RawMessage::builder().data(Blob::new(mime)).build().map_err(|err| failed(err.to_string()))?;
                let output = client
                    .send_raw_email()
                    .destinations(header_value(&email.to))
                    .raw_message(raw)
                    .set_configuration_set_name(configuration_set.clone())
                    .send()
                    .await;
                match output {
                    Ok(output) => Ok(output.message_id),
                    Err(err) => {
                        // SES answers `Throttling` when the account's sending rate is exceeded.
                        let throttled = err.as_service_error().and_then(ProvideErrorMetadata::code) == Some("Throttling");
                        Err(SendError { throttled, message: aws_sdk_ses::error::DisplayErrorContext(&err).to_string() })
                    }
                }
            }
        }
    }
}

/// The MIME message SES sends: text and HTML alternatives, the sender's name on the verified
/// address, and the campaign's headers (unsubscribe links), every value on one line.
fn mime_message(email: &CampaignEmail, from_address: &str) -> std::io::Result<Vec<u8>> {
    let mut message = MessageBuilder::new()
        .from((header_value(&email.from_name), from_address.to_owned()))
        .to(header_value(&email.to))
        .reply_to(header_value(&email.reply_to))
        .subject(header_value(&email.subject))
        .text_body(email.text.as_str())
        .html_body(email.html.as_str());
    for (name, value) in &email.headers {
        message = message.header(header_value(name), Raw::new(header_value(value)));
    }
    message.write_to_vec()
}
