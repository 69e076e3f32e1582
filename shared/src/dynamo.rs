//! The DynamoDB client, built once per cold start.

use aws_config::{BehaviorVersion, Region};
use aws_sdk_dynamodb::config::Credentials;

use crate::config::Config;

pub use aws_sdk_dynamodb::Client;

/// Builds the client. With `DYNAMODB_ENDPOINT` set (DynamoDB Local) it uses fixed local
/// credentials and region, so no credential chain or instance metadata is probed.
pub async fn client(config: &Config) -> Client {
    match &config.dynamodb_endpoint {
        Some(endpoint) => local_client(endpoint),
        None => Client::new(&aws_config::load_defaults(BehaviorVersion::latest()).await),
    }
}

pub fn local_client(endpoint: &str) -> Client {
    let conf = aws_sdk_dynamodb::Config::builder()
        .behavior_version(BehaviorVersion::latest())
        .endpoint_url(endpoint)
        .region(Region::new("us-east-1"))
        .credentials_provider(Credentials::new("local", "local", None, None, "dynamodb-local"))
        .build();
    Client::from_conf(conf)
}

pub type Item = std::collections::HashMap<String, aws_sdk_dynamodb::types::AttributeValue>;

/// Serialises a record into a DynamoDB item.
pub fn to_item<T: serde::Serialize>(value: &T) -> Result<Item, crate::ApiError> {
    serde_dynamo::to_item(value).map_err(|err| crate::ApiError::internal(anyhow::Error::new(err).context("to DynamoDB item")))
}

/// Reads a record from a DynamoDB item; a malformed item is an internal error.
pub fn from_item<T: serde::de::DeserializeOwned>(item: Item) -> Result<T, crate::ApiError> {
    serde_dynamo::from_item(item).map_err(|err| crate::ApiError::internal(anyhow::Error::new(err).context("from DynamoDB item")))
}
