//! Tables `referral_codes` (code → user) and `referrals` (one item per referred account;
//! GSI `by_referrer`). A referral is written once per new account (conditional put) and
//! rewarded once (conditional update), so retries never double-count or double-credit.

use aws_sdk_dynamodb::{Client, types::AttributeValue};
use domain::rewards::Referral;

use crate::{
    config::Tables,
    dynamo::{StoreError, from_item, to_item},
};

use super::table::Table;

fn s(value: &str) -> AttributeValue {
    AttributeValue::S(value.to_owned())
}

/// Tables `referral_codes`, `referrals`: `state.rewards()`.
#[derive(Clone, Copy)]
pub struct RewardsRepo<'a> {
    referral_codes: Table<'a>,
    referrals: Table<'a>,
}

impl<'a> RewardsRepo<'a> {
    pub fn new(client: &'a Client, tables: &'a Tables) -> Self {
        Self {
            referral_codes: Table::new(client, &tables.referral_codes),
            referrals: Table::new(client, &tables.referrals),
        }
    }

    /// Makes sure `code` points at `user_id`; `false` if another user already holds it.
    pub async fn claim_code(self, code: &str, user_id: &str) -> Result<bool, StoreError> {
        let result = self.referral_codes.put()
            .item("code", s(code))
            .item("user_id", s(user_id))
            .item("created_at", s(&crate::time::now_iso()))
            .condition_expression("attribute_not_exists(code) OR user_id = :user")
            .expression_attribute_values(":user", s(user_id))
            .send()
            .await;
        crate::dynamo::applied(result)
    }

    pub async fn code_owner(self, code: &str) -> Result<Option<String>, StoreError> {
        let output = self.referral_codes.get().key("code", s(code)).send().await?;
        Ok(output.item.and_then(|item| item.get("user_id").and_then(|v| v.as_s().ok()).cloned()))
    }

    /// Stores a referral unless the account already has one. `Ok(false)` when it had.
    pub async fn record_referral(self, referral: &Referral) -> Result<bool, StoreError> {
        let result = self.referrals.put()
            .set_item(Some(to_item(referral)?))
            .condition_expression("attribute_not_exists(referred_user_id)")
            .send()
            .await;
        crate::dynamo::applied(result)
    }

    pub async fn referral_of(self, referred_user_id: &str) -> Result<Option<Referral>, StoreError> {
        let output = self.referrals.get()
            .key("referred_user_id", s(referred_user_id))
            .consistent_read(true)
            .send()
            .await?;
        output.item.map(from_item).transpose()
    }

    /// A referrer's referrals, newest first.
    pub async fn referrals_of(self, referrer_id: &str) -> Result<Vec<Referral>, StoreError> {
        let query = self.referrals.query()
            .index_name("by_referrer")
            .key_condition_expression("referrer_id = :referrer")
            .expression_attribute_values(":referrer", s(referrer_id))
            .scan_index_forward(false);
        Ok(crate::repo::query_all_as(query).await?)
    }

    /// Marks the referral rewarded, once. `Ok(false)` when it already was.
    pub async fn mark_rewarded(self, referred_user_id: &str, usd: u32, plan: &str, credit: &str) -> Result<bool, StoreError> {
        let result = self.referrals.update()
            .key("referred_user_id", s(referred_user_id))
            .update_expression("SET rewarded_at = :now, reward_usd = :usd, reward_plan = :plan, credit = :credit")
            .condition_expression("attribute_exists(referred_user_id) AND attribute_not_exists(rewarded_at)")
            .expression_attribute_values(":now", s(&crate::time::now_iso()))
            .expression_attribute_values(":usd", AttributeValue::N(usd.to_string()))
            .expression_attribute_values(":plan", s(plan))
            .expression_attribute_values(":credit", s(credit))
            .send()
            .await;
        crate::dynamo::applied(result)
    }
}
