//! The DynamoDB client, built once per cold start from the function's one AWS configuration.

use aws_config::SdkConfig;

pub use aws_sdk_dynamodb::Client;

/// Builds the client from the shared SDK configuration; with `DYNAMODB_ENDPOINT` set
/// (DynamoDB Local) requests go there, signed with the local configuration's fixed keys.
pub fn client(sdk: &SdkConfig, endpoint: Option<&str>) -> Client {
    let mut builder = aws_sdk_dynamodb::config::Builder::from(sdk);
    if let Some(endpoint) = endpoint {
        builder = builder.endpoint_url(endpoint);
    }
    Client::from_conf(builder.build())
}

/// A client for DynamoDB Local alone (benches and tools outside a function).
pub fn local_client(endpoint: &str) -> Client {
    client(&crate::aws::local_sdk_config(), Some(endpoint))
}

pub type Item = std::collections::HashMap<String, aws_sdk_dynamodb::types::AttributeValue>;

/// Whether a conditional write (of any operation) failed its condition: the one check for
/// "someone got there first / it does not hold", instead of matching each operation's error.
pub fn is_condition_failed<E: aws_sdk_dynamodb::error::ProvideErrorMetadata, R>(err: &aws_sdk_dynamodb::error::SdkError<E, R>) -> bool {
    matches!(err, aws_sdk_dynamodb::error::SdkError::ServiceError(service) if service.err().code() == Some("ConditionalCheckFailedException"))
}

/// [`is_condition_failed`] for a call's result.
pub fn condition_failed<T, E: aws_sdk_dynamodb::error::ProvideErrorMetadata>(result: &Result<T, aws_sdk_dynamodb::error::SdkError<E>>) -> bool {
    result.as_ref().err().is_some_and(is_condition_failed)
}

/// A conditional write's outcome: `true` when it was made, `false` when its condition did not
/// hold, and the error otherwise.
pub fn applied<T, E, R>(result: Result<T, aws_sdk_dynamodb::error::SdkError<E, R>>) -> Result<bool, crate::ApiError>
where
    E: aws_sdk_dynamodb::error::ProvideErrorMetadata + std::error::Error + Send + Sync + 'static,
    R: std::fmt::Debug + Send + Sync + 'static,
{
    match result {
        Ok(_) => Ok(true),
        Err(err) if is_condition_failed(&err) => Ok(false),
        Err(err) => Err(err.into()),
    }
}

/// Whether a transaction was cancelled because one of its conditions failed.
pub fn cancelled_by_condition(err: &aws_sdk_dynamodb::error::SdkError<aws_sdk_dynamodb::operation::transact_write_items::TransactWriteItemsError>) -> bool {
    use aws_sdk_dynamodb::operation::transact_write_items::TransactWriteItemsError;
    matches!(err, aws_sdk_dynamodb::error::SdkError::ServiceError(service) if matches!(service.err(),
        TransactWriteItemsError::TransactionCanceledException(cancelled)
            if cancelled.cancellation_reasons().iter().any(|r| r.code() == Some("ConditionalCheckFailed"))))
}

/// Serialises a record into a DynamoDB item.
pub fn to_item<T: serde::Serialize>(value: &T) -> Result<Item, crate::ApiError> {
    serde_dynamo::to_item(value).map_err(|err| crate::ApiError::internal(anyhow::Error::new(err).context("to DynamoDB item")))
}

/// Reads a record from a DynamoDB item; a malformed item is an internal error.
pub fn from_item<T: serde::de::DeserializeOwned>(item: Item) -> Result<T, crate::ApiError> {
    serde_dynamo::from_item(item).map_err(|err| crate::ApiError::internal(anyhow::Error::new(err).context("from DynamoDB item")))
}
