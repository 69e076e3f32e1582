//! The caller acting in a company, as a request extractor: `Member` = the signed-in user
//! (`AuthUser`), the company of the `X-Company-Id` header (else their own) and their role in
//! it, read on every request. Every owner route takes a `Member` and keys what it reads and
//! writes by `member.company_id`; a route that changes something first asks
//! `member.require(Action::…)`, the one role matrix of `domain::teams`.

use axum::{
    extract::{FromRef, FromRequestParts},
    http::request::Parts,
};
use domain::teams::{Action, Role, allows};

use crate::{
    AppState,
    auth::AuthUser,
    error::ApiError,
    http::activity::ActingSlot,
    services::teams::{COMPANY_HEADER, ROLE_FORBIDS, active_membership},
};

#[derive(Debug, Clone)]
pub struct Member {
    pub user: AuthUser,
    pub company_id: String,
    pub role: Role,
}

impl Member {
    /// 403 `role_forbids` with the action's sentence unless the role allows it.
    pub fn require(&self, action: Action) -> Result<&Self, ApiError> {
        if allows(self.role, action) { Ok(self) } else { Err(ApiError::forbidden(ROLE_FORBIDS, action.refusal())) }
    }

    pub fn may(&self, action: Action) -> bool {
        allows(self.role, action)
    }

    /// The membership of `user` in `company_id`, named by the route rather than the header
    /// (the review queue acts across the caller's companies): 403 unless they belong to it.
    pub async fn of(state: &AppState, user: AuthUser, company_id: &str) -> Result<Self, ApiError> {
        let membership = active_membership(state, &user, Some(company_id)).await?;
        Ok(Self { user, company_id: membership.company_id, role: membership.role })
    }

    /// The membership of an already signed-in `user` in the company `headers` name (else
    /// their own): for routes where signing in is optional and answered in their own words.
    pub async fn resolve(state: &AppState, user: AuthUser, headers: &axum::http::HeaderMap) -> Result<Self, ApiError> {
        let requested = match headers.get(COMPANY_HEADER) {
            None => None,
            Some(value) => Some(value.to_str().map_err(|_| ApiError::bad_request("invalid_company", "The X-Company-Id header is not a company id."))?.trim().to_owned()),
        };
        let membership = active_membership(state, &user, requested.as_deref()).await?;
        Ok(Self { user, company_id: membership.company_id, role: membership.role })
    }
}

impl<S> FromRequestParts<S> for Member
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let state = AppState::from_ref(state);
        let user = AuthUser::from_request_parts(parts, &state).await?;
        let member = Self::resolve(&state, user, &parts.headers).await?;
        // The company's activity records what this request changes there.
        if let Some(slot) = parts.extensions.get::<ActingSlot>() {
            slot.set(&member.user, &member.company_id);
        }
        Ok(member)
    }
}
