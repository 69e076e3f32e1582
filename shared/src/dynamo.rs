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
pub fn applied<T, E, R>(result: Result<T, aws_sdk_dynamodb::error::SdkError<E, R>>) -> Result<bool, StoreError>
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

/// [`applied`] keeping the write's output (its `ReturnValues`): `Some(output)` when it was
/// made, `None` when its condition did not hold, and the error otherwise.
pub fn applied_output<T, E, R>(result: Result<T, aws_sdk_dynamodb::error::SdkError<E, R>>) -> Result<Option<T>, StoreError>
where
    E: aws_sdk_dynamodb::error::ProvideErrorMetadata + std::error::Error + Send + Sync + 'static,
    R: std::fmt::Debug + Send + Sync + 'static,
{
    match result {
        Ok(output) => Ok(Some(output)),
        Err(err) if is_condition_failed(&err) => Ok(None),
        Err(err) => Err(err.into()),
    }
}

/// A storage failure: what a repository answers when DynamoDB did not do what was asked.
/// "Not found" and "the condition did not hold" are not failures (they are `Option`/`bool`
/// values); this is only "try again" or "broken".
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// DynamoDB is shedding load or unreachable: nothing was written, the caller may retry.
    #[error("store unavailable")]
    Unavailable,
    /// Anything else (a malformed item, a rejected request): the cause goes to the log.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl StoreError {
    /// A failure the caller cannot act on (a malformed item, a request that could not be built).
    pub fn internal(err: impl Into<anyhow::Error>) -> Self {
        Self::Internal(err.into())
    }
}

/// Error codes DynamoDB uses when it sheds load; they become [`StoreError::Unavailable`]
/// (503 + `Retry-After`), never 500.
const RETRYABLE_CODES: &[&str] = &[
    "ThrottlingException",
    "ProvisionedThroughputExceededException",
    "RequestLimitExceeded",
    "InternalServerError",
    "ServiceUnavailable",
    "TransactionInProgressException",
];

impl<E, R> From<aws_sdk_dynamodb::error::SdkError<E, R>> for StoreError
where
    E: aws_sdk_dynamodb::error::ProvideErrorMetadata + std::error::Error + Send + Sync + 'static,
    R: std::fmt::Debug + Send + Sync + 'static,
{
    fn from(err: aws_sdk_dynamodb::error::SdkError<E, R>) -> Self {
        use aws_sdk_dynamodb::error::SdkError;
        let retryable = match &err {
            SdkError::TimeoutError(_) | SdkError::DispatchFailure(_) => true,
            SdkError::ServiceError(service) => service.err().code().is_some_and(|code| RETRYABLE_CODES.contains(&code)),
            _ => false,
        };
        if retryable {
            tracing::warn!(error = %aws_sdk_dynamodb::error::DisplayErrorContext(&err), "store unavailable");
            Self::Unavailable
        } else {
            Self::Internal(anyhow::Error::new(err))
        }
    }
}

/// Serialises a record into a DynamoDB item.
pub fn to_item<T: serde::Serialize>(value: &T) -> Result<Item, StoreError> {
    serde_dynamo::to_item(value).map_err(|err| StoreError::Internal(anyhow::Error::new(err).context("to DynamoDB item")))
}

/// Reads a record from a DynamoDB item; a malformed item is an internal error.
pub fn from_item<T: serde::de::DeserializeOwned>(item: Item) -> Result<T, StoreError> {
    serde_dynamo::from_item(item).map_err(|err| StoreError::Internal(anyhow::Error::new(err).context("from DynamoDB item")))
}

#[cfg(test)]
mod tests {
    use aws_sdk_dynamodb::{
        error::{ErrorMetadata, SdkError},
        operation::get_item::GetItemError,
    };

    use super::*;

    pub(crate) fn service(code: &str) -> SdkError<GetItemError, ()> {
        SdkError::service_error(GetItemError::generic(ErrorMetadata::builder().code(code).message("from the test").build()), ())
    }

    #[test]
    fn a_store_that_sheds_load_or_times_out_is_unavailable() {
        for err in [service("ThrottlingException"), service("ProvisionedThroughputExceededException"), SdkError::timeout_error("slow")] {
            assert!(matches!(StoreError::from(err), StoreError::Unavailable));
        }
    }

    #[test]
    fn any_other_store_error_is_internal() {
        assert!(matches!(StoreError::from(service("ValidationException")), StoreError::Internal(_)));
    }

    #[test]
    fn a_failed_condition_is_a_value_and_any_other_error_stays_an_error() {
        assert!(matches!(applied(Ok::<_, SdkError<GetItemError, ()>>(())), Ok(true)));
        assert!(matches!(applied(Err::<(), _>(service("ConditionalCheckFailedException"))), Ok(false)));
        assert!(matches!(applied_output(Ok::<_, SdkError<GetItemError, ()>>(7)), Ok(Some(7))));
        assert!(matches!(applied_output(Err::<u8, _>(service("ConditionalCheckFailedException"))), Ok(None)));
        assert!(matches!(applied(Err::<(), _>(service("ThrottlingException"))), Err(StoreError::Unavailable)));
    }
}
