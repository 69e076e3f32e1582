//! One-time tokens (table `one_time_tokens`, key = SHA-256 of the token, TTL `expires_at`):
//! e-mail confirmation links now, sign-in links later. Consuming one is a single conditional
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

use crate::messages::INVALID_LINK;

pub const CONFIRMATION: &str = "signup";
/// Confirmation links work for 24 hours.
pub const CONFIRMATION_TTL_SECS: i64 = 24 * 3600;

/// Stores a new token for `user_id` and returns it (the only time it exists in clear).
pub async fn issue(client: &Client, table: &str, purpose: &str, user_id: &str, ttl_secs: i64) -> Result<String, ApiError> {
    let token = random_token();
    let item = HashMap::from([
        ("token_hash".to_owned(), AttributeValue::S(sha256_hex(&token))),
        ("purpose".to_owned(), AttributeValue::S(purpose.to_owned())),
        ("user_id".to_owned(), AttributeValue::S(user_id.to_owned())),
        ("expires_at".to_owned(), AttributeValue::N((unix(now()) + ttl_secs).to_string())),
    ]);
    client.put_item().table_name(table).set_item(Some(item)).send().await?;
    Ok(token)
}

/// Marks the token used and returns its user, if it exists, has this purpose, is unexpired
/// and unused. Any other case is the same "invalid or expired link" answer.
pub async fn consume(client: &Client, table: &str, purpose: &str, token: &str) -> Result<String, ApiError> {
    let invalid = || ApiError::bad_request("invalid_link", INVALID_LINK);
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
        Ok(output) => match output.attributes.as_ref().and_then(|item| item.get("user_id")) {
            Some(AttributeValue::S(user_id)) => Ok(user_id.clone()),
            _ => Err(invalid()),
        },
        Err(SdkError::ServiceError(err)) if matches!(err.err(), UpdateItemError::ConditionalCheckFailedException(_)) => {
            Err(invalid())
        }
        Err(err) => Err(err.into()),
    }
}
