//! Amazon SNS HTTP(S) messages and their signatures: the signing certificate must come from
//! Amazon's SNS host over HTTPS, and the message's canonical string must verify against it
//! (RSA PKCS#1 v1.5 with SHA1 for `SignatureVersion` 1, SHA256 for 2). Anything else is refused.

use base64::{Engine, engine::general_purpose::STANDARD};
use rsa::{Pkcs1v15Sign, RsaPublicKey, pkcs8::DecodePublicKey};
use serde::Deserialize;
use sha1::Sha1;
use sha2::{Digest, Sha256};

/// An SNS message as posted to an HTTP(S) subscription.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct SnsMessage {
    #[serde(rename = "Type")]
    pub kind: String,
    pub message_id: String,
    pub topic_arn: String,
    #[serde(default)]
    pub subject: Option<String>,
    pub message: String,
    pub timestamp: String,
    pub signature_version: String,
    pub signature: String,
    #[serde(rename = "SigningCertURL")]
    pub signing_cert_url: String,
    #[serde(default, rename = "SubscribeURL")]
    pub subscribe_url: Option<String>,
    #[serde(default)]
    pub token: Option<String>,
}

/// The canonical string SNS signs (its documented field order), or `None` for an unknown type.
pub fn string_to_sign(m: &SnsMessage) -> Option<String> {
    let mut fields: Vec<(&str, &str)> = vec![("Message", &m.message), ("MessageId", &m.message_id)];
    match m.kind.as_str() {
        "Notification" => {
            if let Some(subject) = &m.subject {
                fields.push(("Subject", subject));
            }
            fields.extend([("Timestamp", m.timestamp.as_str()), ("TopicArn", m.topic_arn.as_str()), ("Type", m.kind.as_str())]);
        }
        "SubscriptionConfirmation" | "UnsubscribeConfirmation" => {
            fields.push(("SubscribeURL", m.subscribe_url.as_deref()?));
            fields.extend([("Timestamp", m.timestamp.as_str()), ("Token", m.token.as_deref()?), ("TopicArn", m.topic_arn.as_str()), ("Type", m.kind.as_str())]);
        }
        _ => return None,
    }
    Some(fields.iter().map(|(name, value)| format!("{name}\n{value}\n")).collect())
}

/// Whether a URL is on Amazon's SNS host over HTTPS (`https://sns.<region>.amazonaws.com/…`),
/// or starts with the one extra prefix tests allow.
pub fn is_sns_url(url: &str, extra_prefix: Option<&str>) -> bool {
    if extra_prefix.is_some_and(|prefix| !prefix.is_empty() && url.starts_with(prefix)) {
        return true;
    }
    let Some(rest) = url.strip_prefix("https://") else { return false };
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    host.starts_with("sns.")
        && (host.ends_with(".amazonaws.com") || host.ends_with(".amazonaws.com.cn"))
        && host.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-')
}

/// Verifies the message's signature with the PEM certificate it names. The certificate must be
/// within its validity period at `now` (Unix seconds).
pub fn verify(message: &SnsMessage, certificate_pem: &[u8], now: i64) -> Result<(), &'static str> {
    let canonical = string_to_sign(message).ok_or("unknown message type")?;
    let (_, pem) = x509_parser::pem::parse_x509_pem(certificate_pem).map_err(|_| "the signing certificate is not PEM")?;
    let certificate = pem.parse_x509().map_err(|_| "the signing certificate is not X.509")?;
    let validity = certificate.validity();
    if now < validity.not_before.timestamp() || now > validity.not_after.timestamp() {
        return Err("the signing certificate is not valid now");
    }
    let key = RsaPublicKey::from_public_key_der(certificate.public_key().raw).map_err(|_| "the signing certificate has no RSA key")?;
    let signature = STANDARD.decode(message.signature.trim()).map_err(|_| "the signature is not base64")?;
    let verified = match message.signature_version.as_str() {
        "1" => key.verify(Pkcs1v15Sign::new::<Sha1>(), &Sha1::digest(canonical.as_bytes()), &signature),
        "2" => key.verify(Pkcs1v15Sign::new::<Sha256>(), &Sha256::digest(canonical.as_bytes()), &signature),
        _ => return Err("unknown signature version"),
    };
    verified.map_err(|_| "the signature does not verify")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_amazons_sns_host_over_https_signs() {
        assert!(is_sns_url("https://sns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem", None));
        assert!(is_sns_url("https://sns.cn-north-1.amazonaws.com.cn/x.pem", None));
        assert!(!is_sns_url("http://sns.us-east-1.amazonaws.com/x.pem", None), "plain http");
        assert!(!is_sns_url("https://sns.us-east-1.amazonaws.com.evil.example/x.pem", None));
        assert!(!is_sns_url("https://evil.example/sns.us-east-1.amazonaws.com/x.pem", None));
        assert!(!is_sns_url("https://sns.us-east-1.amazonaws.com@evil.example/x.pem", None));
        assert!(is_sns_url("http://127.0.0.1:9/cert.pem", Some("http://127.0.0.1:9/")));
        assert!(!is_sns_url("http://127.0.0.1:9/cert.pem", Some("")));
    }

    #[test]
    fn the_canonical_string_follows_the_documented_order() {
        let message = SnsMessage {
            kind: "Notification".into(),
            message_id: "id".into(),
            topic_arn: "arn".into(),
            subject: None,
            message: "{}".into(),
            timestamp: "t".into(),
            signature_version: "1".into(),
            signature: String::new(),
            signing_cert_url: String::new(),
            subscribe_url: None,
            token: None,
        };
        assert_eq!(string_to_sign(&message).unwrap(), "Message\n{}\nMessageId\nid\nTimestamp\nt\nTopicArn\narn\nType\nNotification\n");
        let confirmation = SnsMessage { kind: "SubscriptionConfirmation".into(), subscribe_url: Some("u".into()), token: Some("k".into()), ..message };
        assert_eq!(string_to_sign(&confirmation).unwrap(), "Message\n{}\nMessageId\nid\nSubscribeURL\nu\nTimestamp\nt\nToken\nk\nTopicArn\narn\nType\nSubscriptionConfirmation\n");
    }
}
