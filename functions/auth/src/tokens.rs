//! One-time tokens (table `one_time_tokens`, key = SHA-256 of the token, TTL `expires_at`):
//! e-mail confirmation and password-reset links. Consuming one is a single conditional
//! update, so a link works once even when opened twice at the same moment.

use std::collections::HashMap;

use aws_sdk_dynamodb::{
    Client,
    error::SdkError,
    operation::update_item::UpdateItemError,
    types::{AttributeValue, ReturnValue},
};
use shared::{
    ApiError,
    crypto::{random_token, sha256_hex},
    time::{now, unix},
};

use crate::messages::{INVALID_LINK, INVALID_RECOVERY_LINK};

pub const CONFIRMATION: &str = "signup";
/// Confirmation links work for 24 hours.
pub const CONFIRMATION_TTL_SECS: i64 = 24 * 3600;
/// Password-reset links (`type=recovery`) work for one hour.
pub const RECOVERY: &str = "recovery";
pub const RECOVERY_TTL_SECS: i64 = 3600;

/// A used token: whose it was, and the account's session epoch when it was issued.
pub struct Consumed {
    pub user_id: String,
    pub epoch: Option<u64>,
}

/// Stores a new token for `user_id` and returns it (the only time it exists in clear).
/// `epoch` binds it to the account's current session epoch: a confirmation link stops
/// working once a later sign-up replaced the unconfirmed account.
pub async fn issue(client: &Client, table: &str, purpose: &str, user_id: &str, epoch: u64, ttl_secs: i64) -> Result<String, ApiError> {
    let token = random_token();
    let item = HashMap::from([
        ("token_hash".to_owned(), AttributeValue::S(sha256_hex(&token))),
        ("purpose".to_owned(), AttributeValue::S(purpose.to_owned())),
        ("user_id".to_owned(), AttributeValue::S(user_id.to_owned())),
        ("epoch".to_owned(), AttributeValue::N(epoch.to_string())),
        ("expires_at".to_owned(), AttributeValue::N((unix(now()) + ttl_secs).to_string())),
    ]);
    client.put_item().table_name(table).set_item(Some(item)).send().await?;
    Ok(token)
}

fn invalid(purpose: &str) -> ApiError {
    ApiError::bad_request("invalid_link", if purpose == RECOVERY { INVALID_RECOVERY_LINK } else { INVALID_LINK })
}

/// Whether the token exists, has this purpose, is unexpired and unused, without using it.
pub async fn check(client: &Client, table: &str, purpose: &str, token: &str) -> Result<(), ApiError> {
    if token.is_empty() || token.len() > 128 {
        return Err(invalid(purpose));
    }
    let output = client
        .get_item()
        .table_name(table)
        .key("token_hash", AttributeValue::S(sha256_hex(token)))
        .consistent_read(true)
        .send()
        .await?;
    let item = output.item.unwrap_or_default();
    let text = |key: &str| item.get(key).and_then(|v| v.as_s().ok()).map(String::as_str);
    let expires = item.get("expires_at").and_then(|v| v.as_n().ok()).and_then(|n| n.parse::<i64>().ok()).unwrap_or(0);
    let usable = text("purpose") == Some(purpose) && !item.contains_key("used_at") && expires > unix(now());
    if usable { Ok(()) } else { Err(invalid(purpose)) }
}

/// Marks the token used and returns its user, if it exists, has this purpose, is unexpired
/// and unused. Any other case is the same "invalid or expired link" answer.
pub async fn consume(client: &Client, table: &str, purpose: &str, token: &str) -> Result<Consumed, ApiError> {
    let invalid = || invalid(purpose);
    if token.is_empty() || token.len() > 128 {
        return Err(invalid());
    }
    let result = client
        .update_item()
        .table_name(table)
        .key("token_hash", AttributeValue::S(sha256_hex(token)))
        .update_expression("SET used_at = :now")
        .condition_expression("attribute_exists(token_hash) AND attribute_not_exists(used_at) AND purpose = :purpose AND expires_at > :now")
        .expression_attribute_values(":now", AttributeValue::N(unix(now()).to_string()))
        .expression_attribute_values(":purpose", AttributeValue::S(purpose.to_owned()))
        .return_values(ReturnValue::AllNew)
        .send()
        .await;
    match result {
        Ok(output) => {
            let item = output.attributes.unwrap_or_default();
            match item.get("user_id") {
                Some(AttributeValue::S(user_id)) => Ok(Consumed {
                    user_id: user_id.clone(),
                    epoch: item.get("epoch").and_then(|v| v.as_n().ok()).and_then(|n| n.parse().ok()),
                }),
                _ => Err(invalid()),
            }
        }
        Err(SdkError::ServiceError(err)) if matches!(err.err(), UpdateItemError::ConditionalCheckFailedException(_)) => {
            Err(invalid())
        }
        Err(err) => Err(err.into()),
    }
}
