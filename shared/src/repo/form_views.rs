//! Table `form_views` (key `visit`, TTL `expires_at`): one item per form, visitor and day, so
//! a form's view counter grows once per visitor a day. The key is a salted hash (no address
//! is stored); during a salt rotation the older salts' keys are checked too.

use aws_sdk_dynamodb::{
    Client,
    types::{AttributeValue, ConditionCheck, Put, TransactWriteItem},
};

use crate::{
    config::Tables,
    dynamo::{StoreError, applied},
};

use super::table::{Table, TxOutcome, transact};

/// Table `form_views`: `state.form_views()`.
#[derive(Clone, Copy)]
pub struct FormViewsRepo<'a> {
    table: Table<'a>,
}

impl<'a> FormViewsRepo<'a> {
    pub fn new(client: &'a Client, tables: &'a Tables) -> Self {
        Self {
            table: Table::new(client, &tables.form_views),
        }
    }

    /// Records today's visit under the newest key, `keys[0]`, unless it is already there under
    /// any of `keys`: `true` for the first visit. Outside a rotation (one key) this is one
    /// conditional PutItem; during one, a transaction that also checks the older keys.
    #[tracing::instrument(skip(self, keys), fields(keys = keys.len()))]
    pub async fn first_visit(self, keys: &[String], expires: i64) -> Result<bool, StoreError> {
        let newest = keys.first().ok_or_else(|| StoreError::internal(anyhow::anyhow!("no view key")))?;
        let item = [("visit".to_owned(), AttributeValue::S(newest.clone())), ("expires_at".to_owned(), AttributeValue::N(expires.to_string()))];
        if keys.len() == 1 {
            let put = self.table.put().set_item(Some(item.into())).condition_expression("attribute_not_exists(visit)").send().await;
            return applied(put);
        }
        let mut writes = vec![TransactWriteItem::builder()
            .put(Put::builder().table_name(self.table.name()).set_item(Some(item.into())).condition_expression("attribute_not_exists(visit)").build().map_err(StoreError::internal)?)
            .build()];
        for older in &keys[1..] {
            let check = ConditionCheck::builder()
                .table_name(self.table.name())
                .key("visit", AttributeValue::S(older.clone()))
                .condition_expression("attribute_not_exists(visit)")
                .build()
                .map_err(StoreError::internal)?;
            writes.push(TransactWriteItem::builder().condition_check(check).build());
        }
        match transact(self.table.client(), writes).await? {
            TxOutcome::Done => Ok(true),
            TxOutcome::ConditionFailed(_) => Ok(false),
            TxOutcome::Conflict => Err(StoreError::Unavailable),
        }
    }
}