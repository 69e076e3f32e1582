//! A company's activity (`repo::activity`): every change a member makes in a company is
//! recorded after it succeeded — who, what (method and path, told in words by
//! `impersonation::describe_write`, the support-session audit's own wording), when, and the
//! administrator behind it in a support session.
//!
//! The company is the one the request acted for: `Member` (or a route that resolves the
//! company another way, such as a review decided from the queue) fills the request's
//! [`ActingSlot`]; a request that acted for no company records nothing.

use std::sync::{Arc, OnceLock};

use axum::{
    Router,
    extract::{Request, State},
    middleware::{self, Next},
    response::Response,
};

use crate::{AppState, auth::AuthUser, impersonation::changes_founder_data, repo::activity::Entry};

/// Who acted, and for which company: set once per request by whoever resolved the company.
#[derive(Debug, Clone, Default)]
pub struct ActingSlot(Arc<OnceLock<(AuthUser, String)>>);

impl ActingSlot {
    pub fn set(&self, user: &AuthUser, company_id: &str) {
        let _ = self.0.set((user.clone(), company_id.to_owned()));
    }
}

#[derive(Clone)]
struct Recorder {
    state: AppState,
    function: &'static str,
}

/// Records the changes made through an owner function's router in the company's activity;
/// `function` is its mount name (`/api/<function>`), for the full path.
pub fn recorded(function: &'static str, router: Router, state: &AppState) -> Router {
    router.layer(middleware::from_fn_with_state(Recorder { state: state.clone(), function }, record))
}

async fn record(State(recorder): State<Recorder>, mut request: Request, next: Next) -> Response {
    let method = request.method().to_string();
    let path = match request.uri().path() {
        "/" => format!("/api/{}", recorder.function),
        relative => format!("/api/{}{relative}", recorder.function),
    };
    // The inner service's future is boxed: this layer adds a pointer, not its size, to the
    // stack of every request.
    if !changes_founder_data(&method, &path) {
        return Box::pin(next.run(request)).await;
    }
    let slot = ActingSlot::default();
    request.extensions_mut().insert(slot.clone());
    let response = Box::pin(next.run(request)).await;
    let status = response.status().as_u16();
    if status >= 400 {
        return response;
    }
    if let Some((user, company_id)) = slot.0.get() {
        let state = &recorder.state;
        let admin = user.impersonation.as_ref().map(|acting| acting.admin_id.as_str());
        let entry = Entry::new(company_id, &user.id, &user.email, admin, &method, &path, status, state.clock.unix());
        // The change is made: an entry that cannot be stored is logged, not turned into an error.
        if let Err(err) = Box::pin(state.activity().record(&entry)).await {
            tracing::error!(company_id = %company_id, error = %err, "company activity not recorded");
        }
    }
    response
}
