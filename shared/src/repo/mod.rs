//! One module per shared DynamoDB table, each with its repository: a value borrowing the
//! client and the table names (`state.leads()`, `state.forms()`, … in `state/repos.rs`) whose
//! methods are the table's only accesses. Every access is a GetItem, Query or conditional
//! write on a key, built from a [`Table`] that has its name already set; item mapping lives
//! next to the calls.

pub mod account_requests;
pub mod activity;
pub mod ai_questions;
pub mod campaign_recipients;
pub mod campaigns;
pub mod contact_messages;
pub mod cursor;
pub mod directory;
pub mod form_views;
pub mod forms;
pub mod impersonation_actions;
pub mod impersonations;
pub mod investments;
pub mod lead_digests;
pub mod lead_listings;
pub mod lead_folds;
pub mod lead_stats;
pub mod leads;
pub mod notifications;
pub mod one_time_tokens;
pub mod platform_stats;
pub mod profiles;
pub mod rate_limits;
pub mod rewards;
pub mod sequence;
pub mod sessions;
pub mod stripe_events;
pub mod subscriptions;
pub mod table;
pub mod teams;
pub mod users;
pub mod vault_head;
#[cfg(feature = "vault")]
pub mod vault;

pub use crate::dynamo::StoreError;
pub use table::{Page, Table, TxOutcome, query_all, query_all_as, query_page, query_until, query_up_to, transact};

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use aws_sdk_dynamodb::types::AttributeValue;
    use serde::Deserialize;

    use crate::counters::{CEILING, lenient};

    #[derive(Deserialize)]
    struct Counted {
        #[serde(default, deserialize_with = "lenient")]
        total: u64,
    }

    fn read(value: AttributeValue) -> u64 {
        let item: HashMap<String, AttributeValue> = [("total".to_owned(), value)].into();
        serde_dynamo::from_item::<_, Counted>(item).unwrap().total
    }

    #[test]
    fn stored_counters_of_any_dynamodb_shape_read_without_failing() {
        assert_eq!(read(AttributeValue::N("42".into())), 42);
        assert_eq!(read(AttributeValue::N("-7".into())), 0);
        assert_eq!(read(AttributeValue::N("12.9".into())), 12);
        assert_eq!(read(AttributeValue::N("99999999999999999999".into())), CEILING);
        assert_eq!(read(AttributeValue::N("9".repeat(38))), CEILING);
        assert_eq!(read(AttributeValue::S("lots".into())), 0);
        assert_eq!(read(AttributeValue::Bool(true)), 0);
        assert_eq!(read(AttributeValue::M(HashMap::new())), 0);
        let missing: HashMap<String, AttributeValue> = HashMap::new();
        assert_eq!(serde_dynamo::from_item::<_, Counted>(missing).unwrap().total, 0);
    }
}
