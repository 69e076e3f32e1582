//! Reading a Query to its end, once, for every repository: the `last_evaluated_key` loop is
//! written here and nowhere else.

use std::ops::ControlFlow;

use aws_sdk_dynamodb::operation::{
    delete_item::builders::DeleteItemFluentBuilder, get_item::builders::GetItemFluentBuilder, put_item::builders::PutItemFluentBuilder,
    query::builders::QueryFluentBuilder, update_item::builders::UpdateItemFluentBuilder,
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
