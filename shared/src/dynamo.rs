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

/// [`applied`] keeping the write's output (its `ReturnValues`): `Some(output)` when it was
/// made, `None` when its condition did not hold, and the error otherwise.
pub fn applied_output<T, E, R>(result: Result<T, aws_sdk_dynamodb::error::SdkError<E, R>>) -> Result<Option<T>, crate::ApiError>
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

/// Unavailable → 503 with `Retry-After: 1`; anything else → an opaque 500 (cause logged).
impl From<StoreError> for crate::ApiError {
    fn from(err: StoreError) -> Self {
        match err {
            StoreError::Unavailable => Self::unavailable(),
            StoreError::Internal(err) => Self::internal(err),
        }
    }
}

/// A DynamoDB call's error straight into the HTTP answer (`.send().await?` in code that
/// answers `ApiError`), through [`StoreError`]'s mapping.
impl<E, R> From<aws_sdk_dynamodb::error::SdkError<E, R>> for crate::ApiError
where
    E: aws_sdk_dynamodb::error::ProvideErrorMetadata + std::error::Error + Send + Sync + 'static,
    R: std::fmt::Debug + Send + Sync + 'static,
{
    fn from(err: aws_sdk_dynamodb::error::SdkError<E, R>) -> Self {
        StoreError::from(err).into()
    }
}

/// Serialises a record into a DynamoDB item.
pub fn to_item<T: serde::Serialize>(value: &T) -> Result<Item, crate::ApiError> {
    serde_dynamo::to_item(value).map_err(|err| crate::ApiError::internal(anyhow::Error::new(err).context("to DynamoDB item")))
}

/// Reads a record from a DynamoDB item; a malformed item is an internal error.
pub fn from_item<T: serde::de::DeserializeOwned>(item: Item) -> Result<T, crate::ApiError> {
    serde_dynamo::from_item(item).map_err(|err| crate::ApiError::internal(anyhow::Error::new(err).context("from DynamoDB item")))
}

#[cfg(test)]
mod tests {
    use aws_sdk_dynamodb::{
        error::{ErrorMetadata, SdkError},
        operation::get_item::GetItemError,
    };
    use axum::http::StatusCode;

    use super::*;

    fn service(code: &str) -> SdkError<GetItemError, ()> {
        SdkError::service_error(GetItemError::generic(ErrorMetadata::builder().code(code).message("from the test").build()), ())
    }

    #[test]
    fn a_store_that_sheds_load_or_times_out_is_unavailable_and_answers_503_with_retry_after() {
        for err in [service("ThrottlingException"), service("ProvisionedThroughputExceededException"), SdkError::timeout_error("slow")] {
            assert!(matches!(StoreError::from(err), StoreError::Unavailable));
        }
        let answer = crate::ApiError::from(service("RequestLimitExceeded"));
        assert_eq!((answer.status, answer.retry_after), (StatusCode::SERVICE_UNAVAILABLE, Some(1)));
    }

    #[test]
    fn any_other_store_error_is_internal_and_answers_an_opaque_500() {
        assert!(matches!(StoreError::from(service("ValidationException")), StoreError::Internal(_)));
        let answer = crate::ApiError::from(service("ValidationException"));
        assert_eq!((answer.status, answer.code.as_ref(), answer.retry_after), (StatusCode::INTERNAL_SERVER_ERROR, "internal_error", None));
    }

    #[test]
    fn a_failed_condition_is_a_value_and_any_other_error_stays_an_error() {
        assert_eq!(applied(Ok::<_, SdkError<GetItemError, ()>>(())), Ok(true));
        assert_eq!(applied(Err::<(), _>(service("ConditionalCheckFailedException"))), Ok(false));
        assert_eq!(applied_output(Ok::<_, SdkError<GetItemError, ()>>(7)), Ok(Some(7)));
        assert_eq!(applied_output(Err::<u8, _>(service("ConditionalCheckFailedException"))), Ok(None));
        assert_eq!(applied(Err::<(), _>(service("ThrottlingException"))).unwrap_err().status, StatusCode::SERVICE_UNAVAILABLE);
    }
}
