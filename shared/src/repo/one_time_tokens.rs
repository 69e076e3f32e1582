//! Table `one_time_tokens` (key = SHA-256 of the token, TTL `expires_at`): e-mail
//! confirmation, password-reset, impersonation and admin sign-in links. Consuming one is a
//! single conditional update, so a link works once even when opened twice at the same moment.
//! Times are passed in (`now`, Unix seconds) so tests can move the clock.

use std::collections::HashMap;

use aws_sdk_dynamodb::{
    Client,
    types::{AttributeValue, ReturnValue, TransactWriteItem, Update},
};

use crate::{
    config::Tables,
    crypto::{random_token, sha256_hex},
    dynamo::StoreError,
};

use super::table::Table;

/// A used token: whose it was, the account's session epoch when it was issued, and the
/// impersonation record it starts (impersonation links only).
#[derive(Debug, Clone, PartialEq)]
pub struct Consumed {
    pub user_id: String,
    pub epoch: Option<u64>,
    pub impersonation_id: Option<String>,
}

/// What a new token is for.
pub struct NewToken<'a> {
    pub purpose: &'a str,
    pub user_id: &'a str,
    /// Binds the token to the account's session epoch (see `Consumed::epoch`).
    pub epoch: u64,
    pub ttl_secs: i64,
    pub impersonation_id: Option<&'a str>,
}

/// Table `one_time_tokens`: `state.one_time_tokens()`.
#[derive(Clone, Copy)]
pub struct OneTimeTokensRepo<'a> {
    table: Table<'a>,
}

impl<'a> OneTimeTokensRepo<'a> {
    pub fn new(client: &'a Client, tables: &'a Tables) -> Self {
        Self {
            table: Table::new(client, &tables.one_time_tokens),
        }
    }

    /// Stores a new token and returns it (the only time it exists in clear).
    pub async fn issue(self, token: NewToken<'_>, now: i64) -> Result<String, StoreError> {
        let secret = random_token();
        let mut item = HashMap::from([
            ("token_hash".to_owned(), AttributeValue::S(sha256_hex(&secret))),
            ("purpose".to_owned(), AttributeValue::S(token.purpose.to_owned())),
            ("user_id".to_owned(), AttributeValue::S(token.user_id.to_owned())),
            ("epoch".to_owned(), AttributeValue::N(token.epoch.to_string())),
            ("expires_at".to_owned(), AttributeValue::N((now + token.ttl_secs).to_string())),
        ]);
        if let Some(id) = token.impersonation_id {
            item.insert("impersonation_id".to_owned(), AttributeValue::S(id.to_owned()));
        }
        self.table.put().set_item(Some(item)).send().await?;
        Ok(secret)
    }

    /// Stores a new sign-up link and returns it (the only time it exists in clear).
    pub async fn issue_for_sign_up(self, token: SignUpToken<'_>, now: i64) -> Result<String, StoreError> {
        let secret = random_token();
        let item = HashMap::from([
            ("token_hash".to_owned(), AttributeValue::S(sha256_hex(&secret))),
            ("purpose".to_owned(), AttributeValue::S(token.purpose.to_owned())),
            ("email".to_owned(), AttributeValue::S(token.email.to_owned())),
            ("registration".to_owned(), AttributeValue::S(token.registration.to_owned())),
            ("epoch".to_owned(), AttributeValue::N(token.epoch.to_string())),
            ("expires_at".to_owned(), AttributeValue::N((now + token.ttl_secs).to_string())),
        ]);
        self.table.put().set_item(Some(item)).send().await?;
        Ok(secret)
    }

    /// The link, if it exists, has this purpose, is unexpired and unused.
    pub async fn find(self, purpose: &str, token: &str, now: i64) -> Result<Option<Link>, StoreError> {
        if !well_formed(token) {
            return Ok(None);
        }
        let output = self.table.get()
            .key("token_hash", AttributeValue::S(sha256_hex(token)))
            .consistent_read(true)
            .send()
            .await?;
        let Some(item) = output.item else { return Ok(None) };
        let text = |key: &str| item.get(key).and_then(|v| v.as_s().ok()).cloned();
        let expires = item.get("expires_at").and_then(|v| v.as_n().ok()).and_then(|n| n.parse::<i64>().ok()).unwrap_or(0);
        if text("purpose").as_deref() != Some(purpose) || item.contains_key("used_at") || expires <= now {
            return Ok(None);
        }
        Ok(Some(Link {
            user_id: text("user_id"),
            email: text("email"),
            registration: text("registration"),
            epoch: item.get("epoch").and_then(|v| v.as_n().ok()).and_then(|n| n.parse().ok()),
        }))
    }

    /// Whether the token exists, has this purpose, is unexpired and unused, without using it.
    pub async fn check(self, purpose: &str, token: &str, now: i64) -> Result<bool, StoreError> {
        Ok(self.find(purpose, token, now).await?.is_some())
    }

    /// Marks the token used and returns what it was for, if it exists, has this purpose, is
    /// unexpired and unused; `None` in every other case.
    pub async fn consume(self, purpose: &str, token: &str, now: i64) -> Result<Option<Consumed>, StoreError> {
        if !well_formed(token) {
            return Ok(None);
        }
        let result = self.table.update()
            .key("token_hash", AttributeValue::S(sha256_hex(token)))
            .update_expression("SET used_at = :now")
            .condition_expression("attribute_exists(token_hash) AND attribute_not_exists(used_at) AND purpose = :purpose AND expires_at > :now")
            .expression_attribute_values(":now", AttributeValue::N(now.to_string()))
            .expression_attribute_values(":purpose", AttributeValue::S(purpose.to_owned()))
            .return_values(ReturnValue::AllNew)
            .send()
            .await;
        let Some(output) = crate::dynamo::applied_output(result)? else { return Ok(None) };
        let item = output.attributes.unwrap_or_default();
        let text = |key: &str| item.get(key).and_then(|v| v.as_s().ok()).cloned();
        Ok(text("user_id").map(|user_id| Consumed {
            user_id,
            epoch: item.get("epoch").and_then(|v| v.as_n().ok()).and_then(|n| n.parse().ok()),
            impersonation_id: text("impersonation_id"),
        }))
    }
}

/// A link bound to a sign-up waiting for its confirmation (`account_requests`), not to an
/// account: confirmation links, and reset links for an address that has no account yet.
pub struct SignUpToken<'a> {
    pub purpose: &'a str,
    pub email: &'a str,
    /// The sign-up's key (`reg#…`).
    pub registration: &'a str,
    /// Reset links: the sign-up's reset generation when the link was made.
    pub epoch: u64,
    pub ttl_secs: i64,
}

/// What an unused, unexpired link is for, read without using it: an account's (`user_id`),
/// or a sign-up's (`email` + `registration`).
#[derive(Debug, Clone, PartialEq)]
pub struct Link {
    pub user_id: Option<String>,
    pub email: Option<String>,
    pub registration: Option<String>,
    pub epoch: Option<u64>,
}

/// Uses the link up inside a transaction (with what it does), under the same conditions as
/// [`consume`]: the transaction fails as a whole when the link was used meanwhile.
pub fn consume_in_transaction(table: &str, purpose: &str, token: &str, now: i64) -> Result<TransactWriteItem, StoreError> {
    let update = Update::builder()
        .table_name(table)
        .key("token_hash", AttributeValue::S(sha256_hex(token)))
        .update_expression("SET used_at = :now")
        .condition_expression("attribute_exists(token_hash) AND attribute_not_exists(used_at) AND purpose = :purpose AND expires_at > :now")
        .expression_attribute_values(":now", AttributeValue::N(now.to_string()))
        .expression_attribute_values(":purpose", AttributeValue::S(purpose.to_owned()))
        .build()
        .map_err(StoreError::internal)?;
    Ok(TransactWriteItem::builder().update(update).build())
}

fn well_formed(token: &str) -> bool {
    !token.is_empty() && token.len() <= 128
}
