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

/// Whether a URL is on Amazon's SNS host over HTTPS: exactly `sns.<region>.amazonaws.com`
/// (or `sns.cn-<…>.amazonaws.com.cn` in the China regions), the default port, no user info.
/// `<region>` is a region name (`us-east-1`, `us-gov-west-1`, `ap-southeast-3`): two letters,
/// words, a number. Anything else under `amazonaws.com` can be someone else's: `sns.s3.amazonaws.com`
/// and `sns.s3-website-us-east-1.amazonaws.com` are an S3 bucket named `sns`. Tests may allow
/// one extra prefix (`SNS_CERT_URL_PREFIX`, never set in AWS).
pub fn is_sns_url(url: &str, extra_prefix: Option<&str>) -> bool {
    if extra_prefix.is_some_and(|prefix| !prefix.is_empty() && url.starts_with(prefix)) {
        return true;
    }
    let Ok(parsed) = reqwest::Url::parse(url) else { return false };
    if parsed.scheme() != "https" || !parsed.username().is_empty() || parsed.password().is_some() || parsed.port().is_some() {
        return false;
    }
    let Some(host) = parsed.domain() else { return false };
    let (region, china) = match host.strip_prefix("sns.") {
        Some(rest) => match (rest.strip_suffix(".amazonaws.com"), rest.strip_suffix(".amazonaws.com.cn")) {
            (Some(region), _) => (region, false),
            (None, Some(region)) => (region, true),
            (None, None) => return false,
        },
        None => return false,
    };
    is_region(region) && china == region.starts_with("cn-")
}

/// `us-east-1`, `us-gov-west-1`, `cn-northwest-1`: two lower-case letters, then one or more
/// `-word`s of lower-case letters, then `-` and a number.
fn is_region(region: &str) -> bool {
    let parts: Vec<&str> = region.split('-').collect();
    let [first, words @ .., number] = parts.as_slice() else { return false };
    first.len() == 2
        && first.bytes().all(|b| b.is_ascii_lowercase())
        && !words.is_empty()
        && words.iter().all(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_lowercase()))
        && (1..=2).contains(&number.len())
        && number.bytes().all(|b| b.is_ascii_digit())
}

/// Whether a message of `topic` is accepted: only from the configured topic. Without one it
/// fails closed, except locally (`local`: DynamoDB Local), where no SNS topic exists.
pub fn topic_allowed(configured: Option<&str>, topic: &str, local: bool) -> Result<(), &'static str> {
    match configured {
        Some(expected) if expected == topic => Ok(()),
        Some(_) => Err("another topic"),
        None if local => Ok(()),
        None => Err("no SES events topic is configured"),
    }
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
    fn only_sns_dot_a_region_dot_amazonaws_com_over_https_signs() {
        for url in [
            "https://sns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem",
            "https://sns.eu-central-2.amazonaws.com/x.pem",
            "https://sns.us-gov-west-1.amazonaws.com/x.pem",
            "https://sns.ap-southeast-3.amazonaws.com/?Action=ConfirmSubscription&Token=t",
            "https://sns.cn-north-1.amazonaws.com.cn/x.pem",
            "https://sns.cn-northwest-1.amazonaws.com.cn/x.pem",
            "https://SNS.US-EAST-1.AMAZONAWS.COM/x.pem",
        ] {
            assert!(is_sns_url(url, None), "{url}");
        }
        for hostile in [
            // Someone's S3 bucket named `sns`, in every addressing style.
            "https://sns.s3.amazonaws.com/x.pem",
            "https://sns.s3-website-us-east-1.amazonaws.com/x.pem",
            "https://sns.s3-us-west-2.amazonaws.com/x.pem",
            "https://sns.s3.us-east-1.amazonaws.com/x.pem",
            "https://sns.s3-accelerate.amazonaws.com/x.pem",
            // Other services' customer hosts and near misses.
            "https://sns.execute-api.us-east-1.amazonaws.com/x.pem",
            "https://sns.elb.amazonaws.com/x.pem",
            "https://sns.compute-1.amazonaws.com/x.pem",
            "https://sns.amazonaws.com/x.pem",
            "https://sns..amazonaws.com/x.pem",
            "https://sns.us-east-1.amazonaws.com./x.pem",
            "https://sns.foo.us-east-1.amazonaws.com/x.pem",
            "https://sns.us-east-.amazonaws.com/x.pem",
            "https://sns.us-east-123.amazonaws.com/x.pem",
            "https://sns.u1-east-1.amazonaws.com/x.pem",
            "https://notsns.us-east-1.amazonaws.com/x.pem",
            "https://xsns.us-east-1.amazonaws.com/x.pem",
            "https://sns.us-east-1.amazonaws.co/x.pem",
            "https://sns.us-east-1.amazonaws.com.cn/x.pem",
            "https://sns.cn-north-1.amazonaws.com/x.pem",
            // Lookalikes by URL syntax.
            "https://sns.us-east-1.amazonaws.com.evil.example/x.pem",
            "https://evil.example/sns.us-east-1.amazonaws.com/x.pem",
            "https://sns.us-east-1.amazonaws.com@evil.example/x.pem",
            "https://evil.example@sns.us-east-1.amazonaws.com/x.pem",
            "https://user:pass@sns.us-east-1.amazonaws.com/x.pem",
            "https://sns.us-east-1.amazonaws.com:8443/x.pem",
            "https://sns.us-east-1.amazonaws.com%2eevil.example/x.pem",
            "https://sns.us-east-1.amazonaws.com%00.evil.example/x.pem",
            "https://54.239.28.85/x.pem",
            "https://[::1]/x.pem",
            // Not https.
            "http://sns.us-east-1.amazonaws.com/x.pem",
            "ftp://sns.us-east-1.amazonaws.com/x.pem",
            "//sns.us-east-1.amazonaws.com/x.pem",
            "sns.us-east-1.amazonaws.com/x.pem",
            "",
        ] {
            assert!(!is_sns_url(hostile, None), "{hostile}");
        }
        assert!(is_sns_url("http://127.0.0.1:9/cert.pem", Some("http://127.0.0.1:9/")));
        assert!(!is_sns_url("http://127.0.0.1:9/cert.pem", Some("")));
    }

    #[test]
    fn the_topic_check_fails_closed_when_no_topic_is_configured_outside_local() {
        let topic = "arn:aws:sns:us-east-1:1:events";
        assert_eq!(topic_allowed(Some(topic), topic, false), Ok(()));
        assert_eq!(topic_allowed(Some(topic), "arn:aws:sns:us-east-1:1:other", false), Err("another topic"));
        assert_eq!(topic_allowed(Some(topic), "arn:aws:sns:us-east-1:1:other", true), Err("another topic"));
        assert!(topic_allowed(None, topic, false).is_err(), "AWS without a topic refuses every message");
        assert_eq!(topic_allowed(None, topic, true), Ok(()), "locally no SNS topic exists");
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
