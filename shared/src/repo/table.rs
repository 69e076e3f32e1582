//! One table's requests, once for every repository: the `last_evaluated_key` loops (a Query
//! to its end, a count, a filtered page), the batch read that retries unprocessed keys and
//! the transaction whose cancellation reasons are read here and nowhere else.

use std::ops::ControlFlow;

use aws_sdk_dynamodb::{
    error::SdkError,
    operation::{
        delete_item::builders::DeleteItemFluentBuilder, get_item::builders::GetItemFluentBuilder, put_item::builders::PutItemFluentBuilder,
        query::builders::QueryFluentBuilder, transact_write_items::TransactWriteItemsError, update_item::builders::UpdateItemFluentBuilder,
    },
    types::{KeysAndAttributes, Select, TransactWriteItem},
};
use serde::de::DeserializeOwned;

use crate::dynamo::{Client, Item, StoreError};

/// One page of a Query and the key to continue from (`None`: nothing is left).
#[derive(Debug, Clone, PartialEq)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub next: Option<Item>,
}

/// The key to continue from; DynamoDB may answer an empty map for "no more".
fn continuation(key: Option<Item>) -> Option<Item> {
    key.filter(|key| !key.is_empty())
}

/// Every item of a Query, page after page.
pub async fn query_all(query: QueryFluentBuilder) -> Result<Vec<Item>, StoreError> {
    let mut items = Vec::new();
    query_until(query, |item| {
        items.push(item);
        Ok::<_, StoreError>(ControlFlow::Continue(()))
    })
    .await?;
    Ok(items)
}

/// [`query_all`], each item read as a `T` (a malformed item is an internal error).
pub async fn query_all_as<T: DeserializeOwned>(query: QueryFluentBuilder) -> Result<Vec<T>, StoreError> {
    query_all(query).await?.into_iter().map(read).collect()
}

/// One request of a Query from `start` (its own `limit`, if any, applies) and where it ended.
pub async fn query_page(query: QueryFluentBuilder, start: Option<Item>) -> Result<Page<Item>, StoreError> {
    let output = query.set_exclusive_start_key(start).send().await?;
    Ok(Page { items: output.items.unwrap_or_default(), next: continuation(output.last_evaluated_key) })
}

/// One request of a Scan from `start` and where it ended (for migrations; never on a request
/// path).
pub async fn scan_page(scan: aws_sdk_dynamodb::operation::scan::builders::ScanFluentBuilder, start: Option<Item>) -> Result<Page<Item>, StoreError> {
    let output = scan.set_exclusive_start_key(start).send().await?;
    Ok(Page { items: output.items.unwrap_or_default(), next: continuation(output.last_evaluated_key) })
}

/// At most `max` items of a Query (each request asks for what is still missing, 1 to 1,000);
/// `next` is set when the Query stopped at `max` with more possibly left.
pub async fn query_up_to(query: QueryFluentBuilder, max: usize) -> Result<Page<Item>, StoreError> {
    let mut items: Vec<Item> = Vec::new();
    let mut start = None;
    loop {
        let wanted = i32::try_from(max.saturating_sub(items.len())).unwrap_or(i32::MAX).clamp(1, 1_000);
        let output = query.clone().limit(wanted).set_exclusive_start_key(start).send().await?;
        items.extend(output.items.unwrap_or_default());
        match output.last_evaluated_key {
            Some(key) if items.len() < max => start = Some(key),
            next => return Ok(Page { items, next }),
        }
    }
}

/// Reads a Query page after page, handing each item to `visit` in order until it answers
/// `Break` (then `Ok(true)`) or the Query ends (`Ok(false)`). For listings that fill a page
/// through a condition only the caller can check.
pub async fn query_until<E, F>(query: QueryFluentBuilder, mut visit: F) -> Result<bool, E>
where
    E: From<StoreError>,
    F: FnMut(Item) -> Result<ControlFlow<()>, E>,
{
    let mut start = None;
    loop {
        let output = query.clone().set_exclusive_start_key(start).send().await.map_err(StoreError::from)?;
        for item in output.items.unwrap_or_default() {
            if visit(item)?.is_break() {
                return Ok(true);
            }
        }
        match continuation(output.last_evaluated_key) {
            Some(key) => start = Some(key),
            None => return Ok(false),
        }
    }
}

/// An item as a `T`; a malformed item is an internal error.
pub fn read<T: DeserializeOwned>(item: Item) -> Result<T, StoreError> {
    serde_dynamo::from_item(item).map_err(|err| StoreError::Internal(anyhow::Error::new(err).context("from DynamoDB item")))
}

/// One DynamoDB table: the client and the table's name, so every request a repository builds
/// starts with its table already set. Borrowed from the state (`state.forms()` and the other
/// accessors): copying it costs two pointers.
#[derive(Clone, Copy)]
pub struct Table<'a> {
    client: &'a Client,
    name: &'a str,
}

impl<'a> Table<'a> {
    pub fn new(client: &'a Client, name: &'a str) -> Self {
        Self { client, name }
    }

    pub fn name(&self) -> &'a str {
        self.name
    }

    /// The client, for requests that span tables (transactions, batch reads).
    pub fn client(&self) -> &'a Client {
        self.client
    }

    pub fn get(&self) -> GetItemFluentBuilder {
        self.client.get_item().table_name(self.name)
    }

    pub fn put(&self) -> PutItemFluentBuilder {
        self.client.put_item().table_name(self.name)
    }

    pub fn update(&self) -> UpdateItemFluentBuilder {
        self.client.update_item().table_name(self.name)
    }

    pub fn delete(&self) -> DeleteItemFluentBuilder {
        self.client.delete_item().table_name(self.name)
    }

    pub fn query(&self) -> QueryFluentBuilder {
        self.client.query().table_name(self.name)
    }
}

impl Table<'_> {
    /// How many items a Query matches, page after page (`Select::Count`: no item is read).
    pub async fn count_all(&self, query: QueryFluentBuilder) -> Result<u64, StoreError> {
        let query = query.select(Select::Count);
        let mut total = 0u64;
        let mut start = None;
        loop {
            let output = query.clone().set_exclusive_start_key(start).send().await?;
            total = total.saturating_add(u64::try_from(output.count).unwrap_or(0));
            match continuation(output.last_evaluated_key) {
                Some(key) => start = Some(key),
                None => return Ok(total),
            }
        }
    }

    /// `BatchGetItem` of `keys` (at most 100) from this table, with only `attributes` (all of
    /// them when empty). Keys DynamoDB leaves unprocessed are asked again a few times, with a
    /// growing pause; still unprocessed after that, the store is unavailable.
    pub async fn batch_get(&self, keys: Vec<Item>, attributes: &[&str]) -> Result<Vec<Item>, StoreError> {
        self.batch_get_read(keys, attributes, false).await
    }

    /// [`Table::batch_get`] with strongly consistent reads (what the last write left).
    pub async fn batch_get_consistent(&self, keys: Vec<Item>, attributes: &[&str]) -> Result<Vec<Item>, StoreError> {
        self.batch_get_read(keys, attributes, true).await
    }

    async fn batch_get_read(&self, keys: Vec<Item>, attributes: &[&str], consistent: bool) -> Result<Vec<Item>, StoreError> {
        if keys.is_empty() {
            return Ok(Vec::new());
        }
        let mut builder = KeysAndAttributes::builder().set_keys(Some(keys)).consistent_read(consistent);
        if !attributes.is_empty() {
            let mut projection = Vec::new();
            for (i, name) in attributes.iter().enumerate() {
                projection.push(format!("#a{i}"));
                builder = builder.expression_attribute_names(format!("#a{i}"), *name);
            }
            builder = builder.projection_expression(projection.join(", "));
        }
        let mut pending = Some(builder.build().map_err(|err| StoreError::Internal(anyhow::Error::new(err)))?);
        let mut found = Vec::new();
        for attempt in 0..6u32 {
            let Some(request) = pending.take() else { break };
            if attempt > 0 {
                tokio::time::sleep(std::time::Duration::from_millis(20 << attempt)).await;
            }
            let output = self.client.batch_get_item().request_items(self.name, request).send().await?;
            found.extend(output.responses.and_then(|mut responses| responses.remove(self.name)).unwrap_or_default());
            pending = output.unprocessed_keys.and_then(|mut unprocessed| unprocessed.remove(self.name)).filter(|keys| !keys.keys().is_empty());
        }
        match pending {
            Some(_) => Err(StoreError::Unavailable),
            None => Ok(found),
        }
    }
}

impl Table<'_> {
    /// Puts `items` and deletes `keys` with `BatchWriteItem`, 25 a request and up to `parallel`
    /// requests at once, asking again for what DynamoDB leaves unprocessed (with a growing
    /// pause; still unprocessed after a few tries, the store is unavailable). Not atomic: callers
    /// write where nothing reads until a single conditional write makes it visible.
    pub async fn batch_write(&self, items: Vec<Item>, keys: Vec<Item>, parallel: usize) -> Result<(), StoreError> {
        use aws_sdk_dynamodb::types::{DeleteRequest, PutRequest, WriteRequest};
        use futures::TryStreamExt;
        let mut requests = Vec::with_capacity(items.len() + keys.len());
        for item in items {
            requests.push(WriteRequest::builder().put_request(built(PutRequest::builder().set_item(Some(item)).build())?).build());
        }
        for key in keys {
            requests.push(WriteRequest::builder().delete_request(built(DeleteRequest::builder().set_key(Some(key)).build())?).build());
        }
        let chunks: Vec<Vec<WriteRequest>> = requests.chunks(25).map(<[WriteRequest]>::to_vec).collect();
        futures::stream::iter(chunks.into_iter().map(Ok))
            .try_for_each_concurrent(parallel.max(1), |mut chunk| async move {
                for attempt in 0..8u32 {
                    if attempt > 0 {
                        tokio::time::sleep(std::time::Duration::from_millis(20 << attempt.min(6))).await;
                    }
                    let output = self.client.batch_write_item().request_items(self.name, chunk).send().await?;
                    chunk = output.unprocessed_items.and_then(|mut left| left.remove(self.name)).unwrap_or_default();
                    if chunk.is_empty() {
                        return Ok(());
                    }
                }
                Err(StoreError::Unavailable)
            })
            .await
    }
}

/// A request part built (a missing required field is a bug here, an internal error).
pub fn built<T>(result: Result<T, aws_sdk_dynamodb::error::BuildError>) -> Result<T, StoreError> {
    result.map_err(|err| StoreError::Internal(anyhow::Error::new(err)))
}

/// How a `TransactWriteItems` ended, its cancellation reasons read once for every repository.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TxOutcome {
    Done,
    /// Cancelled because conditions did not hold: the positions of the items whose condition
    /// failed, in order (never empty).
    ConditionFailed(Vec<usize>),
    /// Cancelled because another transaction was writing the same items (or this one is still
    /// in progress): nothing was written, worth retrying.
    Conflict,
}

/// Writes `items` in one transaction. A cancellation that is neither a failed condition nor a
/// conflict (a malformed item, say) is an internal error; any other failure is the call's.
pub async fn transact(client: &Client, items: Vec<TransactWriteItem>) -> Result<TxOutcome, StoreError> {
    match client.transact_write_items().set_transact_items(Some(items)).send().await {
        Ok(_) => Ok(TxOutcome::Done),
        Err(err) => outcome_of(err),
    }
}

fn outcome_of<R>(err: SdkError<TransactWriteItemsError, R>) -> Result<TxOutcome, StoreError>
where
    R: std::fmt::Debug + Send + Sync + 'static,
{
    if let SdkError::ServiceError(service) = &err {
        match service.err() {
            TransactWriteItemsError::TransactionCanceledException(cancelled) => {
                let codes: Vec<&str> = cancelled.cancellation_reasons().iter().map(|reason| reason.code().unwrap_or("None")).collect();
                let failed: Vec<usize> = codes.iter().enumerate().filter(|(_, code)| **code == "ConditionalCheckFailed").map(|(at, _)| at).collect();
                if !failed.is_empty() {
                    return Ok(TxOutcome::ConditionFailed(failed));
                }
                if codes.contains(&"TransactionConflict") {
                    return Ok(TxOutcome::Conflict);
                }
                return Err(StoreError::Internal(anyhow::anyhow!("transaction cancelled: {codes:?}")));
            }
            TransactWriteItemsError::TransactionInProgressException(_) => return Ok(TxOutcome::Conflict),
            _ => {}
        }
    }
    Err(err.into())
}

#[cfg(test)]
mod tests {
    use aws_sdk_dynamodb::{
        error::ErrorMetadata,
        types::{CancellationReason, error::TransactionCanceledException},
    };

    use super::*;

    fn cancelled(codes: &[&str]) -> SdkError<TransactWriteItemsError, ()> {
        let reasons = codes.iter().map(|code| CancellationReason::builder().code(*code).build()).collect();
        let err = TransactionCanceledException::builder().set_cancellation_reasons(Some(reasons)).meta(ErrorMetadata::builder().code("TransactionCanceledException").build()).build();
        SdkError::service_error(TransactWriteItemsError::TransactionCanceledException(err), ())
    }

    #[test]
    fn a_cancelled_transaction_names_every_item_whose_condition_failed_and_a_conflict_is_worth_retrying() {
        assert_eq!(outcome_of(cancelled(&["None", "ConditionalCheckFailed", "None", "ConditionalCheckFailed"])).unwrap(), TxOutcome::ConditionFailed(vec![1, 3]));
        assert_eq!(outcome_of(cancelled(&["ConditionalCheckFailed", "TransactionConflict"])).unwrap(), TxOutcome::ConditionFailed(vec![0]));
        assert_eq!(outcome_of(cancelled(&["None", "TransactionConflict"])).unwrap(), TxOutcome::Conflict);
        assert!(matches!(outcome_of(cancelled(&["None", "ValidationError"])), Err(StoreError::Internal(_))));
        let throttled = SdkError::service_error(TransactWriteItemsError::generic(ErrorMetadata::builder().code("ThrottlingException").build()), ());
        assert!(matches!(outcome_of(throttled), Err(StoreError::Unavailable)));
    }
}
