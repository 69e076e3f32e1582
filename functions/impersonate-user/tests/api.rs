//! Impersonation end to end through the real routers (auth, impersonate-user,
//! revert-impersonation and owner functions) against DynamoDB Local, with the state's clock
//! moved instead of sleeping.

use std::{sync::Arc, time::Duration};

use axum::{Router, http::StatusCode};
use serde_json::{Value, json};
use shared::{
    AppState,
    auth::{ACCESS_TOKEN_TTL, NOT_WHILE_IMPERSONATING},
    repo::{
        impersonations::{self, EndedBy, Impersonation},
        sessions,
        users::UserRecord,
    },
    testing::{Call, TestResponse, mail_to, stored_user, test_state},
};

struct World {
    app: Router,
    state: AppState,
    admin: UserRecord,
    admin_token: String,
    target: UserRecord,
}

/// An administrator (in `ADMIN_USER_IDS` with a second one), a confirmed founder, and every
/// router the flows touch.
async fn world() -> World {
    let base = test_state().await;
    let admin = stored_user(&base, "admin").await;
    let other_admin = stored_user(&base, "admin2").await;
    let target = stored_user(&base, "founder").await;
    let mut config = (*base.config).clone();
    config.admin_user_ids = vec![admin.id.clone(), other_admin.id.clone(), "third-admin-id".into()];
    let state = AppState { config: Arc::new(config), ..base };
    let app = Router::new()
        .merge(shared::http::mount("auth", auth::router(state.clone())))
        .merge(shared::http::mount("impersonate-user", impersonate_user::router(state.clone())))
        .merge(shared::http::mount("revert-impersonation", revert_impersonation::router(state.clone())))
        .merge(shared::http::mount("forms", forms::router(state.clone())))
        .merge(shared::http::mount("profiles", profiles::router(state.clone())))
        .merge(shared::http::mount("billing-portal", billing_portal::router(state.clone())))
        .merge(shared::http::mount("create-checkout-session", create_checkout_session::router(state.clone())));
    let admin_token = state.tokens.issue(&admin.id, &admin.email, ACCESS_TOKEN_TTL).unwrap();
    World { app, state, admin, admin_token, target }
}

fn token_of(link: &str) -> String {
    link.split("token=").nth(1).unwrap().split('&').next().unwrap().to_owned()
}

async fn impersonate(world: &World, token: &str, email: &str, reason: Option<&str>) -> TestResponse {
    let mut body = json!({ "email": email });
    if let Some(reason) = reason {
        body["reason"] = json!(reason);
    }
    Call::post("/api/impersonate-user")
        .token(token)
        .from_ip("203.0.113.9")
        .header("user-agent", "AdminBrowser/1.0")
        .json(body)
        .send(&world.app)
        .await
}

/// An impersonation link for the target, and its audit record id.
async fn link(world: &World) -> (String, String) {
    let answer = impersonate(world, &world.admin_token, &world.target.email, Some("Customer asked for help with the form")).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    let link = answer.body["signInLink"].as_str().unwrap().to_owned();
    assert!(link.starts_with("http://localhost:3000/auth/callback?token=") && link.ends_with("&type=impersonation"), "{link}");
    let consumed_id = record_ids(world).await.pop().unwrap();
    (token_of(&link), consumed_id)
}

async fn record_ids(world: &World) -> Vec<String> {
    let listing = impersonations::Listing::ByTarget(world.target.id.clone());
    let page = impersonations::list(&world.state.dynamo, &world.state.config.tables.impersonations, &listing, None, 50, None)
        .await
        .unwrap();
    page.records.into_iter().map(|record| record.id).collect()
}

async fn record(world: &World, id: &str) -> Impersonation {
    impersonations::get(&world.state.dynamo, &world.state.config.tables.impersonations, id).await.unwrap().unwrap()
}

async fn exchange(world: &World, token: &str, kind: &str) -> TestResponse {
    Call::post("/api/auth/verify").json(json!({ "token": token, "type": kind })).send(&world.app).await
}

/// A started impersonation session: (access token, refresh token, record id).
async fn session(world: &World) -> (String, String, String) {
    let (token, id) = link(world).await;
    let answer = exchange(world, &token, "impersonation").await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    let access = answer.body["access_token"].as_str().unwrap().to_owned();
    assert!(answer.set_cookie(auth::REFRESH_COOKIE).is_none(), "the user's own refresh cookie is never set by a support session");
    (access, answer.set_cookie(&sessions::support_cookie_name(&id)).unwrap(), id)
}

/// `POST /api/auth/token?support=<id>` with the support session's own cookie.
async fn support_refresh(world: &World, id: &str, refresh: &str) -> TestResponse {
    Call::post(&format!("/api/auth/token?support={id}")).cookie(&sessions::support_cookie_name(id), refresh).send(&world.app).await
}

async fn revert(world: &World, token: &str, original: &str) -> TestResponse {
    Call::post("/api/revert-impersonation").token(token).json(json!({ "originalUserId": original })).send(&world.app).await
}

// ------------------------------------------------------------------ who may

#[tokio::test]
async fn a_non_admin_gets_403_on_impersonate_and_revert() {
    let world = world().await;
    let founder_token = world.state.tokens.issue(&world.target.id, &world.target.email, ACCESS_TOKEN_TTL).unwrap();
    let answer = impersonate(&world, &founder_token, &world.admin.email, Some("let me in please")).await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN);
    assert_eq!(answer.error_code(), "forbidden");
    assert_eq!(answer.error_message(), impersonate_user::NOT_ADMIN);
    // The check the spec's client-side design lacks: a normal session naming an admin's id.
    let answer = revert(&world, &founder_token, &world.admin.id).await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN);
    assert!(answer.body.get("signInLink").is_none());
    assert!(record_ids(&world).await.is_empty(), "nothing is recorded for refused calls");
    let anonymous = Call::post("/api/impersonate-user").json(json!({"email": world.target.email, "reason": "hello"})).send(&world.app).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn an_admin_cannot_impersonate_an_admin_themselves_or_an_unknown_or_unconfirmed_account() {
    let world = world().await;
    let other_admin = world.state.config.admin_user_ids[1].clone();
    let other_admin = shared::repo::users::get_user(&world.state.dynamo, &world.state.config.tables, &other_admin).await.unwrap().unwrap();
    let answer = impersonate(&world, &world.admin_token, &other_admin.email, Some("checking their settings")).await;
    assert_eq!((answer.status, answer.error_code()), (StatusCode::FORBIDDEN, "target_is_admin"));
    let answer = impersonate(&world, &world.admin_token, &world.admin.email, Some("checking my settings")).await;
    assert_eq!((answer.status, answer.error_code()), (StatusCode::BAD_REQUEST, "cannot_impersonate_self"));
    let answer = impersonate(&world, &world.admin_token, "nobody@example.com", Some("checking their settings")).await;
    assert_eq!((answer.status, answer.error_message()), (StatusCode::NOT_FOUND, impersonate_user::NO_SUCH_USER));

    let mut unconfirmed = stored_user(&world.state, "unconfirmed").await;
    unconfirmed.email_confirmed_at = None;
    world.state.dynamo.put_item().table_name(&world.state.config.tables.users).set_item(Some(shared::dynamo::to_item(&unconfirmed).unwrap())).send().await.unwrap();
    let answer = impersonate(&world, &world.admin_token, &unconfirmed.email, Some("checking their settings")).await;
    assert_eq!((answer.status, answer.error_message()), (StatusCode::NOT_FOUND, impersonate_user::NO_SUCH_USER));

    for reason in [None, Some("abc"), Some(&*"x".repeat(501))] {
        let answer = impersonate(&world, &world.admin_token, &world.target.email, reason).await;
        assert_eq!((answer.status, answer.error_message()), (StatusCode::BAD_REQUEST, impersonate_user::REASON_RULE));
    }
    assert!(record_ids(&world).await.is_empty());
}

// ------------------------------------------------------------------ the link

#[tokio::test]
async fn the_link_is_audited_works_once_and_carries_the_actor() {
    let world = world().await;
    let (token, id) = link(&world).await;
    let pending = record(&world, &id).await;
    assert_eq!(pending.admin_id, world.admin.id);
    assert_eq!(pending.target_id, world.target.id);
    assert_eq!(pending.reason, "Customer asked for help with the form");
    assert_eq!(pending.ip, "203.0.113.9");
    assert_eq!(pending.user_agent, "AdminBrowser/1.0");
    assert!(pending.session_started_at.is_none());

    let answer = exchange(&world, &token, "impersonation").await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert_eq!(answer.body["user"]["id"], world.target.id.as_str());
    assert_eq!(answer.body["user"]["impersonation"]["admin_id"], world.admin.id.as_str());
    assert!(answer.body["expires_in"].as_i64().unwrap() <= 300);
    let claims = world.state.tokens.verify(answer.body["access_token"].as_str().unwrap()).unwrap();
    assert_eq!(claims.sub, world.target.id);
    assert_eq!(claims.act.unwrap().sub, world.admin.id);
    assert_eq!(claims.imp.as_deref(), Some(id.as_str()));

    let again = exchange(&world, &token, "impersonation").await;
    assert_eq!((again.status, again.error_code()), (StatusCode::BAD_REQUEST, "invalid_link"));
    // The same token is no confirmation or sign-in link either.
    assert_eq!(exchange(&world, &token, "signup").await.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn the_link_expires_after_five_minutes_and_the_sweep_ends_its_record_without_mail() {
    let world = world().await;
    let (token, id) = link(&world).await;
    world.state.clock.advance(Duration::from_secs(5 * 60 + 1));
    let answer = exchange(&world, &token, "impersonation").await;
    assert_eq!((answer.status, answer.error_code()), (StatusCode::BAD_REQUEST, "invalid_link"));
    assert_eq!(shared::impersonation::sweep_expired(&world.state).await.unwrap(), 1);
    let ended = record(&world, &id).await;
    assert_eq!(ended.ended_by, Some(EndedBy::Expiry));
    assert!(mail_to(&world.state, &world.target.email).is_empty(), "a link nobody used gave nobody access");
    assert_eq!(shared::impersonation::sweep_expired(&world.state).await.unwrap(), 0);
}

// ------------------------------------------------------------------ inside the session

#[tokio::test]
async fn sensitive_routes_answer_403_inside_an_impersonation_session() {
    let world = world().await;
    let (access, _, _) = session(&world).await;
    let calls = [
        Call::patch("/api/auth/user").json(json!({"name": "Hacker"})),
        Call::post("/api/auth/password").json(json!({"current_password": "whatever1", "new_password": "new-password-1"})),
        Call::patch("/api/profiles/me").json(json!({"name": "Hacker"})),
        Call::post("/api/billing-portal"),
        Call::post("/api/create-checkout-session").json(json!({"priceId": "price_standard", "successUrl": "http://localhost:3000/dashboard"})),
        Call::post("/api/impersonate-user").json(json!({"email": world.admin.email, "reason": "chain impersonation"})),
    ];
    for call in calls {
        let answer = call.token(&access).send(&world.app).await;
        assert_eq!(answer.status, StatusCode::FORBIDDEN, "{}", answer.text);
        assert_eq!(answer.error_message(), NOT_WHILE_IMPERSONATING);
    }
}

#[tokio::test]
async fn every_write_is_appended_to_the_audit_record_and_reads_are_not() {
    let world = world().await;
    let (access, _, id) = session(&world).await;
    let listed = Call::get("/api/forms").token(&access).send(&world.app).await;
    assert_eq!(listed.status, StatusCode::OK);
    let created = Call::post("/api/forms").token(&access).json(json!({})).send(&world.app).await;
    let refused = Call::patch("/api/profiles/me").token(&access).json(json!({"name": "X"})).send(&world.app).await;
    let actions = record(&world, &id).await.actions;
    let seen: Vec<(&str, &str, u16)> = actions.iter().map(|a| (a.method.as_str(), a.path.as_str(), a.status)).collect();
    assert_eq!(
        seen,
        [("POST", "/api/forms", created.status.as_u16()), ("PATCH", "/api/profiles/me", refused.status.as_u16())]
    );
    assert!(actions.iter().all(|a| !a.at.is_empty()));
}

#[tokio::test]
async fn an_impersonation_session_cannot_refresh_past_thirty_minutes_and_ends_by_expiry() {
    let world = world().await;
    let (_, refresh, id) = session(&world).await;
    world.state.clock.advance(Duration::from_secs(20 * 60));
    let renewed = support_refresh(&world, &id, &refresh).await;
    assert_eq!(renewed.status, StatusCode::OK, "{}", renewed.text);
    let refresh = renewed.set_cookie(&sessions::support_cookie_name(&id)).unwrap();
    // Activity does not extend it: the token's life is capped by the session's end.
    assert!(renewed.body["expires_in"].as_i64().unwrap() <= 300);
    world.state.clock.advance(Duration::from_secs(10 * 60 + 1));
    let refused = support_refresh(&world, &id, &refresh).await;
    assert_eq!(refused.status, StatusCode::UNAUTHORIZED);
    let ended = record(&world, &id).await;
    assert_eq!(ended.ended_by, Some(EndedBy::Expiry));
    let mail = mail_to(&world.state, &world.target.email);
    assert_eq!(mail.len(), 1, "exactly one mail after the session ended");
    assert_eq!(mail[0].email.subject, "A RaiseSpark support session on your account has ended");
}

#[tokio::test]
async fn signing_out_of_an_impersonation_session_ends_only_it() {
    let world = world().await;
    let own = sessions::start(&world.state.dynamo, &world.state.config.tables, &world.target, world.state.clock.unix()).await.unwrap();
    let (access, refresh, id) = session(&world).await;
    let out = Call::post("/api/auth/signout").token(&access).cookie(&sessions::support_cookie_name(&id), &refresh).send(&world.app).await;
    assert_eq!(out.status, StatusCode::NO_CONTENT);
    assert_eq!(record(&world, &id).await.ended_by, Some(EndedBy::Signout));
    let gone = support_refresh(&world, &id, &refresh).await;
    assert_eq!(gone.status, StatusCode::UNAUTHORIZED);
    let still = Call::post("/api/auth/token").cookie(auth::REFRESH_COOKIE, &own).send(&world.app).await;
    assert_eq!(still.status, StatusCode::OK, "the founder's own session survives: {}", still.text);
}

// ------------------------------------------------------------------ revert

#[tokio::test]
async fn revert_ends_the_record_revokes_the_session_and_signs_the_admin_back_in_once() {
    let world = world().await;
    let (access, refresh, id) = session(&world).await;
    let wrong = revert(&world, &access, &world.state.config.admin_user_ids[1]).await;
    assert_eq!(wrong.status, StatusCode::FORBIDDEN);
    assert!(record(&world, &id).await.ended_at.is_none(), "a refused revert ends nothing");

    let answer = revert(&world, &access, &world.admin.id).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    let back = answer.body["signInLink"].as_str().unwrap();
    assert!(back.ends_with("&type=magiclink"), "{back}");
    let ended = record(&world, &id).await;
    assert_eq!(ended.ended_by, Some(EndedBy::Revert));
    assert!(ended.ended_at.is_some());

    let twice = revert(&world, &access, &world.admin.id).await;
    assert_eq!(twice.status, StatusCode::FORBIDDEN);
    let refreshed = support_refresh(&world, &id, &refresh).await;
    assert_eq!(refreshed.status, StatusCode::UNAUTHORIZED);
    // Writes stop at once, although the short access token has not expired yet.
    let late = Call::post("/api/forms").token(&access).json(json!({})).send(&world.app).await;
    assert_eq!((late.status, late.error_code()), (StatusCode::UNAUTHORIZED, "impersonation_ended"));

    let signed_in = exchange(&world, &token_of(back), "magiclink").await;
    assert_eq!(signed_in.status, StatusCode::OK, "{}", signed_in.text);
    assert_eq!(signed_in.body["user"]["id"], world.admin.id.as_str());
    assert!(signed_in.body["user"].get("impersonation").is_none());
    assert_eq!(exchange(&world, &token_of(back), "magiclink").await.status, StatusCode::BAD_REQUEST, "single use");

    let mail = mail_to(&world.state, &world.target.email);
    assert_eq!(mail.len(), 1);
    assert!(mail[0].email.text.contains("Customer asked for help with the form"));
}

#[tokio::test]
async fn the_way_back_expires_after_sixty_seconds() {
    let world = world().await;
    let (access, _, _) = session(&world).await;
    let answer = revert(&world, &access, &world.admin.id).await;
    let back = token_of(answer.body["signInLink"].as_str().unwrap());
    world.state.clock.advance(Duration::from_secs(61));
    assert_eq!(exchange(&world, &back, "magiclink").await.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn the_user_sees_support_sessions_on_their_own_account_only() {
    let world = world().await;
    let (access, _, _) = session(&world).await;
    Call::post("/api/forms").token(&access).json(json!({})).send(&world.app).await;
    revert(&world, &access, &world.admin.id).await;
    let founder = world.state.tokens.issue(&world.target.id, &world.target.email, ACCESS_TOKEN_TTL).unwrap();
    let listed = Call::get("/api/auth/support-sessions").token(&founder).send(&world.app).await;
    assert_eq!(listed.status, StatusCode::OK);
    let sessions = listed.body["sessions"].as_array().unwrap();
    assert_eq!(sessions.len(), 1);
    assert_eq!(sessions[0]["reason"], "Customer asked for help with the form");
    assert_eq!(sessions[0]["ended_by"], "revert");
    assert_eq!(sessions[0]["changes"][0]["path"], "/api/forms");
    assert!(sessions[0].get("admin_id").is_none() && sessions[0].get("ip").is_none());
    let admin_view = Call::get("/api/auth/support-sessions").token(&world.admin_token).send(&world.app).await;
    assert_eq!(admin_view.body["sessions"], Value::Array(vec![]));
}
