//! The one error shape every route answers with: an HTTP status and
//! `{"error":{"code":"snake_case","message":"..."}}`. The message is what the SPA shows.

use std::borrow::Cow;

use axum::{
    Json,
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use serde_json::json;

use crate::{
    dynamo::StoreError,
    repo::{campaigns::CampaignError, cursor::InvalidCursor, forms::FormError, leads::LeadError, sessions::SessionError},
};

pub type Result<T, E = ApiError> = std::result::Result<T, E>;

#[derive(Debug, Clone, PartialEq)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: Cow<'static, str>,
    pub message: Cow<'static, str>,
    /// Seconds, sent as `Retry-After` on 429 and 503.
    pub retry_after: Option<u32>,
}

impl ApiError {
    pub fn new(
        status: StatusCode,
        code: impl Into<Cow<'static, str>>,
        message: impl Into<Cow<'static, str>>,
    ) -> Self {
        Self { status, code: code.into(), message: message.into(), retry_after: None }
    }

    pub fn bad_request(code: impl Into<Cow<'static, str>>, message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, message)
    }

    pub fn unauthorized(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "unauthorized", message)
    }

    /// 402: the route needs a subscription (or a plan) the caller does not have.
    pub fn payment_required(code: impl Into<Cow<'static, str>>, message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::PAYMENT_REQUIRED, code, message)
    }

    /// 403: the caller is known and may not do this.
    pub fn forbidden(code: impl Into<Cow<'static, str>>, message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::FORBIDDEN, code, message)
    }

    pub fn not_found(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", message)
    }

    pub fn conflict(code: impl Into<Cow<'static, str>>, message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::CONFLICT, code, message)
    }

    pub fn payload_too_large(limit: usize) -> Self {
        Self::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "payload_too_large",
            format!("The request body is larger than the {} KB this endpoint accepts.", limit / 1024),
        )
    }

    /// The store is throttling or unreachable: the client may retry, nothing was written.
    pub fn unavailable() -> Self {
        Self {
            retry_after: Some(1),
            ..Self::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "service_unavailable",
                "The service is busy right now. Please try again in a moment.",
            )
        }
    }

    /// A failure the caller cannot act on: the cause chain goes to the log, the body stays opaque.
    pub fn internal(err: impl Into<anyhow::Error>) -> Self {
        let err = err.into();
        tracing::error!(error = format!("{err:#}"), "internal error");
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, "internal_error", "Something went wrong on our side. Please try again.")
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}: {}", self.status.as_u16(), self.code, self.message)
    }
}

impl std::error::Error for ApiError {}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = json!({ "error": { "code": self.code, "message": self.message } });
        let mut response = (self.status, Json(body)).into_response();
        if let Some(seconds) = self.retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

impl From<anyhow::Error> for ApiError {
    fn from(err: anyhow::Error) -> Self {
        Self::internal(err)
    }
}

/// A rule refused the input: 400 with the rule's code and message.
impl From<domain::Invalid> for ApiError {
    fn from(invalid: domain::Invalid) -> Self {
        Self::bad_request(invalid.code, invalid.message)
    }
}

// What the layers below answer, as the HTTP answer: `?` in a handler or a service turns a
// storage failure or a repository's refusal into its status and message here, and only here.

/// Unavailable → 503 with `Retry-After: 1`; anything else → an opaque 500 (cause logged).
impl From<StoreError> for ApiError {
    fn from(err: StoreError) -> Self {
        match err {
            StoreError::Unavailable => Self::unavailable(),
            StoreError::Internal(err) => Self::internal(err),
        }
    }
}

/// A DynamoDB call's error straight into the HTTP answer, through [`StoreError`]'s mapping.
impl<E, R> From<aws_sdk_dynamodb::error::SdkError<E, R>> for ApiError
where
    E: aws_sdk_dynamodb::error::ProvideErrorMetadata + std::error::Error + Send + Sync + 'static,
    R: std::fmt::Debug + Send + Sync + 'static,
{
    fn from(err: aws_sdk_dynamodb::error::SdkError<E, R>) -> Self {
        StoreError::from(err).into()
    }
}

/// The vault's object store failed: an opaque 500 (cause logged).
#[cfg(feature = "vault")]
impl From<crate::storage::StorageError> for ApiError {
    fn from(err: crate::storage::StorageError) -> Self {
        Self::internal(err.0)
    }
}

const INVALID_CURSOR: &str = "The page cursor is not valid. Start from the first page.";

/// A cursor the listing did not hand out: 400, start from the first page.
impl From<InvalidCursor> for ApiError {
    fn from(_: InvalidCursor) -> Self {
        Self::bad_request("invalid_cursor", INVALID_CURSOR)
    }
}

impl From<FormError> for ApiError {
    fn from(err: FormError) -> Self {
        match err {
            FormError::NotFound => Self::not_found("Form not found"),
            FormError::VersionConflict => Self::conflict(
                "version_conflict",
                "This form was changed somewhere else since you opened it. Reload to see the latest version; your changes were not saved.",
            ),
            FormError::Store(err) => err.into(),
        }
    }
}

impl From<CampaignError> for ApiError {
    fn from(err: CampaignError) -> Self {
        match err {
            CampaignError::NotFound => Self::not_found("Campaign not found"),
            CampaignError::Changed => Self::conflict(
                "campaign_changed",
                "This campaign changed since you opened it (or is no longer a draft). Reload it to see the latest version.",
            ),
            CampaignError::NotADraft => Self::conflict(
                "not_a_draft",
                "Only drafts can be deleted. Cancel a scheduled campaign instead; sent campaigns are kept as a record.",
            ),
            CampaignError::Store(err) => err.into(),
        }
    }
}

impl From<LeadError> for ApiError {
    fn from(err: LeadError) -> Self {
        match err {
            LeadError::NotFound => Self::not_found("Lead not found"),
            LeadError::Store(err) => err.into(),
        }
    }
}

/// 401 `session_ended`: the client signs in again.
impl From<SessionError> for ApiError {
    fn from(err: SessionError) -> Self {
        match err {
            SessionError::Ended => Self::new(StatusCode::UNAUTHORIZED, "session_ended", "Your session has ended. Please sign in again."),
            SessionError::Store(err) => err.into(),
        }
    }
}

#[cfg(feature = "vault")]
impl From<crate::repo::vault::VaultError> for ApiError {
    fn from(err: crate::repo::vault::VaultError) -> Self {
        use crate::repo::vault::VaultError;
        match err {
            VaultError::UnknownRecord => Self::bad_request("unknown_record", "The record to supersede is not one of yours."),
            VaultError::NotFound => Self::not_found("Record not found"),
            VaultError::Store(err) => err.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use http_body_util_shim::body_json;

    mod http_body_util_shim {
        pub async fn body_json(response: axum::response::Response) -> serde_json::Value {
            let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
            serde_json::from_slice(&bytes).unwrap()
        }
    }

    #[tokio::test]
    async fn an_error_renders_the_documented_json_shape() {
        let response = ApiError::not_found("Form not found").into_response();
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
        let body = body_json(response).await;
        assert_eq!(body, json!({"error": {"code": "not_found", "message": "Form not found"}}));
    }

    #[test]
    fn an_invalid_input_is_a_bad_request_with_its_code_and_message() {
        let error = ApiError::from(domain::Invalid::new("invalid_email", "Please enter a valid email address."));
        assert_eq!(error, ApiError::bad_request("invalid_email", "Please enter a valid email address."));
    }

    fn store_failure(code: &str) -> aws_sdk_dynamodb::error::SdkError<aws_sdk_dynamodb::operation::get_item::GetItemError, ()> {
        use aws_sdk_dynamodb::{error::ErrorMetadata, operation::get_item::GetItemError};
        aws_sdk_dynamodb::error::SdkError::service_error(GetItemError::generic(ErrorMetadata::builder().code(code).message("from the test").build()), ())
    }

    #[test]
    fn a_store_that_sheds_load_answers_503_with_retry_after_and_any_other_failure_an_opaque_500() {
        let answer = ApiError::from(store_failure("RequestLimitExceeded"));
        assert_eq!((answer.status, answer.retry_after), (StatusCode::SERVICE_UNAVAILABLE, Some(1)));
        let answer = ApiError::from(StoreError::from(store_failure("ThrottlingException")));
        assert_eq!((answer.status, answer.retry_after), (StatusCode::SERVICE_UNAVAILABLE, Some(1)));
        let answer = ApiError::from(store_failure("ValidationException"));
        assert_eq!((answer.status, answer.code.as_ref(), answer.retry_after), (StatusCode::INTERNAL_SERVER_ERROR, "internal_error", None));
    }

    #[test]
    fn each_repository_refusal_answers_its_documented_status_code_and_message() {
        let cases: Vec<(ApiError, StatusCode, &str, &str)> = vec![
            (InvalidCursor.into(), StatusCode::BAD_REQUEST, "invalid_cursor", "The page cursor is not valid. Start from the first page."),
            (FormError::NotFound.into(), StatusCode::NOT_FOUND, "not_found", "Form not found"),
            (
                FormError::VersionConflict.into(),
                StatusCode::CONFLICT,
                "version_conflict",
                "This form was changed somewhere else since you opened it. Reload to see the latest version; your changes were not saved.",
            ),
            (CampaignError::NotFound.into(), StatusCode::NOT_FOUND, "not_found", "Campaign not found"),
            (
                CampaignError::Changed.into(),
                StatusCode::CONFLICT,
                "campaign_changed",
                "This campaign changed since you opened it (or is no longer a draft). Reload it to see the latest version.",
            ),
            (
                CampaignError::NotADraft.into(),
                StatusCode::CONFLICT,
                "not_a_draft",
                "Only drafts can be deleted. Cancel a scheduled campaign instead; sent campaigns are kept as a record.",
            ),
            (LeadError::NotFound.into(), StatusCode::NOT_FOUND, "not_found", "Lead not found"),
            (SessionError::Ended.into(), StatusCode::UNAUTHORIZED, "session_ended", "Your session has ended. Please sign in again."),
            (FormError::Store(StoreError::Unavailable).into(), StatusCode::SERVICE_UNAVAILABLE, "service_unavailable", "The service is busy right now. Please try again in a moment."),
        ];
        for (answer, status, code, message) in cases {
            assert_eq!((answer.status, answer.code.as_ref(), answer.message.as_ref()), (status, code, message));
        }
    }

    #[cfg(feature = "vault")]
    #[test]
    fn the_vaults_refusals_answer_their_documented_status_code_and_message() {
        use crate::repo::vault::VaultError;
        assert_eq!(ApiError::from(VaultError::UnknownRecord), ApiError::bad_request("unknown_record", "The record to supersede is not one of yours."));
        assert_eq!(ApiError::from(VaultError::NotFound), ApiError::not_found("Record not found"));
        let answer = ApiError::from(crate::storage::StorageError(anyhow::anyhow!("secret bucket xyz")));
        assert_eq!((answer.status, answer.message.contains("xyz")), (StatusCode::INTERNAL_SERVER_ERROR, false));
    }

    #[tokio::test]
    async fn unavailable_carries_retry_after() {
        let response = ApiError::unavailable().into_response();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(response.headers()[header::RETRY_AFTER], "1");
    }

    #[tokio::test]
    async fn internal_errors_never_leak_their_cause() {
        let response = ApiError::internal(anyhow::anyhow!("secret table name xyz")).into_response();
        let body = body_json(response).await;
        assert!(!body.to_string().contains("xyz"));
        assert_eq!(body["error"]["code"], "internal_error");
    }
}
