//! What the layers below answer, as the HTTP answer: `?` in a handler or a service turns a
//! storage failure (`StoreError`, `StorageError`), a repository's refusal or the access
//! tokens' (`TokenError`, `Impersonating`) into its status and message here, and only here.
//! The layers below name outcomes; this decides what a client sees.

use axum::http::StatusCode;

use crate::{
    auth::{Impersonating, NOT_WHILE_IMPERSONATING, TokenError},
    dynamo::StoreError,
    http::error::ApiError,
    repo::{campaigns::CampaignError, cursor::InvalidCursor, forms::FormError, leads::LeadError, sessions::SessionError},
};

/// A token that cannot be made or read by this function is a server fault, never the caller's.
impl From<TokenError> for ApiError {
    fn from(err: TokenError) -> Self {
        ApiError::internal(err)
    }
}

/// 403: the route is not for an administrator acting in a support session.
impl From<Impersonating> for ApiError {
    fn from(_: Impersonating) -> Self {
        ApiError::new(StatusCode::FORBIDDEN, "impersonating", NOT_WHILE_IMPERSONATING)
    }
}

/// Unavailable → 503 with `Retry-After: 1`; anything else → an opaque 500 (cause logged).
impl From<StoreError> for ApiError {
    fn from(err: StoreError) -> Self {
        match err {
            StoreError::Unavailable => Self::unavailable(),
            StoreError::Internal(err) => Self::internal(err),
        }
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

    fn store_failure(code: &str) -> aws_sdk_dynamodb::error::SdkError<aws_sdk_dynamodb::operation::get_item::GetItemError, ()> {
        use aws_sdk_dynamodb::{error::ErrorMetadata, operation::get_item::GetItemError};
        aws_sdk_dynamodb::error::SdkError::service_error(GetItemError::generic(ErrorMetadata::builder().code(code).message("from the test").build()), ())
    }

    #[test]
    fn a_store_that_sheds_load_answers_503_with_retry_after_and_any_other_failure_an_opaque_500() {
        let answer = ApiError::from(StoreError::from(store_failure("ThrottlingException")));
        assert_eq!((answer.status, answer.retry_after), (StatusCode::SERVICE_UNAVAILABLE, Some(1)));
        let answer = ApiError::from(StoreError::from(store_failure("ValidationException")));
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

    #[test]
    fn an_administrator_in_a_support_session_is_refused_with_403_and_a_token_fault_is_an_opaque_500() {
        let answer = ApiError::from(crate::auth::Impersonating);
        assert_eq!(answer, ApiError::new(StatusCode::FORBIDDEN, "impersonating", "Not available while impersonating a user"));
        let answer = ApiError::from(crate::auth::TokenError::CannotMint);
        assert_eq!((answer.status, answer.code.as_ref()), (StatusCode::INTERNAL_SERVER_ERROR, "internal_error"));
    }
}
