//! What SNS posts, verified before anything in it is believed: its size, its topic, where its
//! signing certificate comes from and its signature. A subscription is confirmed only at
//! Amazon's SNS host.

use axum::body::Bytes;
use shared::{ApiError, AppState, Result};

use crate::{MAX_BODY, refused, sns};

/// The posted SNS message, once its topic is ours and its signature verifies.
pub(crate) async fn verified_message(state: &AppState, body: &[u8]) -> Result<sns::SnsMessage> {
    if body.len() > MAX_BODY {
        return Err(ApiError::payload_too_large(MAX_BODY));
    }
    let message: sns::SnsMessage = serde_json::from_slice(body).map_err(|_| refused("not an SNS message"))?;
    let local = state.config.dynamodb_endpoint.is_some();
    sns::topic_allowed(state.config.ses_events_topic_arn.as_deref(), &message.topic_arn, local).map_err(refused)?;
    if !sns::is_sns_url(&message.signing_cert_url, state.config.sns_cert_url_prefix.as_deref()) {
        return Err(refused("the signing certificate is not on Amazon's SNS host"));
    }
    let certificate = signing_certificate(state, &message.signing_cert_url).await?;
    sns::verify(&message, &certificate, state.clock.unix()).map_err(refused)?;
    Ok(message)
}

/// The PEM at an SNS host's address (checked by the caller).
async fn signing_certificate(state: &AppState, url: &str) -> Result<Bytes> {
    state
        .http
        .get(url)
        .send()
        .await
        .and_then(|r| r.error_for_status())
        .map_err(|err| ApiError::internal(anyhow::anyhow!("signing certificate not fetched: {err}")))?
        .bytes()
        .await
        .map_err(|err| ApiError::internal(anyhow::anyhow!("signing certificate not read: {err}")))
}

/// Visits the verified confirmation's subscribe URL, if it is on Amazon's SNS host.
pub(crate) async fn confirm_subscription(state: &AppState, message: &sns::SnsMessage) -> Result<()> {
    let prefix = state.config.sns_cert_url_prefix.as_deref();
    let url = message.subscribe_url.as_deref().filter(|u| sns::is_sns_url(u, prefix)).ok_or_else(|| refused("the subscribe URL is not Amazon's"))?;
    state.http.get(url).send().await.and_then(|r| r.error_for_status()).map_err(|err| ApiError::internal(anyhow::anyhow!("subscription not confirmed: {err}")))?;
    tracing::info!(topic = %message.topic_arn, "SNS subscription confirmed");
    Ok(())
}
