//! Impersonation end to end through the real routers (auth, impersonate-user,
//! revert-impersonation and owner functions) against DynamoDB Local, with the state's clock
//! moved instead of sleeping.

use std::{sync::Arc, time::Duration};

use axum::{Router, http::StatusCode};
use serde_json::{Value, json};
use shared::{
    AppState,
    auth::{ACCESS_TOKEN_TTL, NOT_WHILE_IMPERSONATING},
    impersonation::SESSION_OVER,
    repo::{
        impersonation_actions::Kind,
        impersonations::{self, EndedBy, Impersonation},
        sessions,
        users::UserRecord,
    },
    testing::{Call, TestResponse, mail_to, stored_user, test_state},
};

struct World {
    app: Router,
    /// The same routers over `state` (for variants of its configuration).
    routers: fn(&AppState) -> Router,
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
    let app = routers(&state);
    let admin_token = state.tokens.issue(&admin.id, &admin.email, ACCESS_TOKEN_TTL).unwrap();
    World { app, routers, state, admin, admin_token, target }
}

/// Every router the flows touch, over `state`.
fn routers(state: &AppState) -> Router {
    Router::new()
        .merge(shared::http::mount("auth", auth::router(state.clone())))
        .merge(shared::http::mount("impersonate-user", impersonate_user::router(state.clone())))
        .merge(shared::http::mount("revert-impersonation", revert_impersonation::router(state.clone())))
        .merge(shared::http::mount("forms", forms::router(state.clone())))
        .merge(shared::http::mount("profiles", profiles::router(state.clone())))
        .merge(shared::http::mount("billing-portal", billing_portal::router(state.clone())))
        .merge(shared::http::mount("create-checkout-session", create_checkout_session::router(state.clone())))
        .merge(shared::http::mount("leads", leads::router(state.clone())))
        .merge(shared::http::mount("check-subscription", check_subscription::router(state.clone())))
        .merge(shared::http::mount("rewards", rewards::router(state.clone())))
        .merge(shared::http::mount("admin", admin::router(state.clone())))
        .merge(shared::http::mount("raise-capital", raise_capital::router(state.clone())))
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
    let before = record_ids(world).await;
    let answer = impersonate(world, &world.admin_token, &world.target.email, Some("Customer asked for help with the form")).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    let link = answer.body["signInLink"].as_str().unwrap().to_owned();
    assert!(link.starts_with("http://localhost:3000/auth/callback?token=") && link.ends_with("&type=impersonation"), "{link}");
    // The record this link made: the one id the listing did not hold before (the listing's
    // order among records of the same second is not the order they were made in).
    let mut made: Vec<String> = record_ids(world).await.into_iter().filter(|id| !before.contains(id)).collect();
    assert_eq!(made.len(), 1, "one record per link");
    (token_of(&link), made.remove(0))
}

async fn record_ids(world: &World) -> Vec<String> {
    let listing = impersonations::Listing::ByTarget(world.target.id.clone());
    let page = world.state.impersonations().list(&listing, None, 50, None)
        .await
        .unwrap();
    page.records.into_iter().map(|record| record.id).collect()
}

async fn record(world: &World, id: &str) -> Impersonation {
    world.state.impersonations().get(id).await.unwrap().unwrap()
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
    let other_admin = world.state.users().get_user(&other_admin).await.unwrap().unwrap();
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
    assert_eq!(shared::services::impersonation::sweep_expired(&world.state).await.unwrap(), 1);
    let ended = record(&world, &id).await;
    assert_eq!(ended.ended_by, Some(EndedBy::Expiry));
    assert!(mail_to(&world.state, &world.target.email).is_empty(), "a link nobody used gave nobody access");
    assert_eq!(shared::services::impersonation::sweep_expired(&world.state).await.unwrap(), 0);
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
    let own = world.state.sessions().start(&world.target, world.state.clock.unix()).await.unwrap();
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
    assert!(back.ends_with("&type=magiclink&next=/admin"), "the way back lands in the admin area: {back}");
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

// ------------------------------------------------------------------ ended means ended

/// Reads and writes of several owner functions, every method: what a support session does.
fn owner_calls() -> Vec<(&'static str, Call)> {
    let lead = uuid::Uuid::new_v4();
    vec![
        ("leads export", Call::get("/api/leads/export")),
        ("profile", Call::get("/api/profiles/me")),
        ("profile (HEAD)", Call::new("HEAD", "/api/profiles/me")),
        ("forms", Call::get("/api/forms")),
        ("leads", Call::get("/api/leads")),
        ("subscription (a POST that reads)", Call::post("/api/check-subscription").json(json!({}))),
        ("rewards", Call::get("/api/rewards")),
        ("current user", Call::get("/api/auth/user")),
        ("support sessions", Call::get("/api/auth/support-sessions")),
        ("raise capital step", Call::put("/api/raise-capital/progress/launch").json(json!({"done": true}))),
        ("new form", Call::post("/api/forms").json(json!({}))),
        ("lead status", Call::patch(&format!("/api/leads/{lead}")).json(json!({"status": "hot"}))),
        ("lead deletion", Call::delete(&format!("/api/leads/{lead}"))),
    ]
}

async fn end_by(world: &World, how: EndedBy, access: &str, refresh: &str, id: &str) {
    match how {
        EndedBy::Revert => assert_eq!(revert(world, access, &world.admin.id).await.status, StatusCode::OK),
        EndedBy::Signout => {
            let out = Call::post("/api/auth/signout").token(access).cookie(&sessions::support_cookie_name(id), refresh).send(&world.app).await;
            assert_eq!(out.status, StatusCode::NO_CONTENT, "{}", out.text);
        }
        // The session's 30 minutes are up; nothing has stamped the record yet.
        EndedBy::Expiry => world.state.clock.advance(Duration::from_secs(30 * 60 + 1)),
    }
}

#[tokio::test]
async fn a_live_support_session_reads_and_writes_through_every_owner_function() {
    let world = world().await;
    let (access, _, _) = session(&world).await;
    for (what, call) in owner_calls() {
        let answer = call.token(&access).send(&world.app).await;
        assert!(![StatusCode::UNAUTHORIZED, StatusCode::SERVICE_UNAVAILABLE].contains(&answer.status), "{what}: {} {}", answer.status, answer.text);
    }
    let export = Call::get("/api/leads/export").token(&access).send(&world.app).await;
    assert_eq!(export.status, StatusCode::OK);
    assert!(export.headers[axum::http::header::CONTENT_TYPE].to_str().unwrap().starts_with("text/csv"));
}

#[tokio::test]
async fn a_support_sessions_token_is_refused_on_every_read_and_write_once_the_session_ended_by_revert_sign_out_or_expiry() {
    // One world, three sessions; expiry moves the clock, so it comes last.
    let world = world().await;
    for how in [EndedBy::Revert, EndedBy::Signout, EndedBy::Expiry] {
        let (access, refresh, id) = session(&world).await;
        end_by(&world, how, &access, &refresh, &id).await;
        // The access token itself has not expired: its minutes are not what ends the session.
        assert!(world.state.tokens.verify(&access).is_ok());
        for (what, call) in owner_calls() {
            let answer = call.token(&access).send(&world.app).await;
            assert_eq!(answer.status, StatusCode::UNAUTHORIZED, "{how:?}, {what}: {}", answer.text);
            if what != "profile (HEAD)" {
                assert_eq!((answer.error_code(), answer.error_message()), ("impersonation_ended", SESSION_OVER), "{how:?}, {what}");
            }
        }
        // After expiry the sweep stamps the record; the token stays refused.
        if how == EndedBy::Expiry {
            assert_eq!(shared::services::impersonation::sweep_expired(&world.state).await.unwrap(), 1);
            assert_eq!(record(&world, &id).await.ended_by, Some(EndedBy::Expiry));
            assert_eq!(Call::get("/api/profiles/me").token(&access).send(&world.app).await.status, StatusCode::UNAUTHORIZED);
        }
        assert_eq!(support_refresh(&world, &id, &refresh).await.status, StatusCode::UNAUTHORIZED, "{how:?}: no new token either");
    }
}

// ------------------------------------------------------------------ what is recorded

async fn founder_sessions(world: &World) -> Vec<Value> {
    let founder = world.state.tokens.issue(&world.target.id, &world.target.email, ACCESS_TOKEN_TTL).unwrap();
    let listed = Call::get("/api/auth/support-sessions").token(&founder).send(&world.app).await;
    assert_eq!(listed.status, StatusCode::OK, "{}", listed.text);
    listed.body["sessions"].as_array().unwrap().clone()
}

fn changes(session: &Value) -> Vec<(String, String, u64, String)> {
    session["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["method"].as_str().unwrap().to_owned(), c["path"].as_str().unwrap().to_owned(), c["status"].as_u64().unwrap(), c["description"].as_str().unwrap().to_owned()))
        .collect()
}

fn views(session: &Value) -> Vec<(String, u64, u64, String)> {
    session["views"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| (v["path"].as_str().unwrap().to_owned(), v["count"].as_u64().unwrap(), v["refused"].as_u64().unwrap(), v["description"].as_str().unwrap().to_owned()))
        .collect()
}

fn owned(rows: &[(&str, &str, u64, &str)]) -> Vec<(String, String, u64, String)> {
    rows.iter().map(|(a, b, c, d)| ((*a).to_owned(), (*b).to_owned(), *c, (*d).to_owned())).collect()
}

#[tokio::test]
async fn reads_are_recorded_grouped_by_route_apart_from_writes_and_never_as_changes() {
    let world = world().await;
    let (access, _, _) = session(&world).await;
    let send = |call: Call| call.token(&access).send(&world.app);
    for _ in 0..3 {
        assert_eq!(send(Call::get("/api/forms")).await.status, StatusCode::OK);
    }
    assert_eq!(send(Call::get("/api/profiles/me")).await.status, StatusCode::OK);
    let step = send(Call::put("/api/raise-capital/progress/launch").json(json!({"done": true}))).await;
    assert_eq!(step.status, StatusCode::OK, "{}", step.text);
    for _ in 0..2 {
        assert_eq!(send(Call::post("/api/check-subscription").json(json!({}))).await.status, StatusCode::OK);
    }
    assert_eq!(send(Call::patch("/api/profiles/me").json(json!({"name": "X"}))).await.status, StatusCode::FORBIDDEN);
    assert_eq!(send(Call::get("/api/admin/stats")).await.status, StatusCode::FORBIDDEN);
    revert(&world, &access, &world.admin.id).await;

    let sessions = founder_sessions(&world).await;
    assert_eq!(sessions.len(), 1);
    assert_eq!(
        changes(&sessions[0]),
        owned(&[
            ("PUT", "/api/raise-capital/progress/launch", 200, "Updated a Raise Capital step"),
            ("PATCH", "/api/profiles/me", 403, "Updated the profile (refused)"),
        ])
    );
    assert_eq!(
        views(&sessions[0]),
        [
            ("/api/forms".to_owned(), 3, 0, "Viewed the forms".to_owned()),
            ("/api/profiles/me".to_owned(), 1, 0, "Viewed the profile".to_owned()),
            ("/api/check-subscription".to_owned(), 2, 0, "Checked the subscription".to_owned()),
            ("/api/admin/stats".to_owned(), 1, 1, "Tried to view the admin area (refused)".to_owned()),
        ]
    );
    assert_eq!(sessions[0]["complete"], true);
    let mail = mail_to(&world.state, &world.target.email);
    assert_eq!(mail.len(), 1);
    let text = &mail[0].email.text;
    assert!(text.contains("Changes made or attempted:\n- Updated a Raise Capital step (PUT /api/raise-capital/progress/launch)\n- Updated the profile (refused) (PATCH /api/profiles/me)"), "{text}");
    assert!(text.contains("What was viewed:\n- Viewed the forms (GET /api/forms, 3 times)\n- Viewed the profile (GET /api/profiles/me, 1 time)"), "{text}");
}

#[tokio::test]
async fn a_support_session_that_only_read_says_nothing_was_changed_and_lists_what_was_viewed() {
    let world = world().await;
    let (access, _, _) = session(&world).await;
    assert_eq!(Call::get("/api/leads/export").token(&access).send(&world.app).await.status, StatusCode::OK);
    assert_eq!(Call::get("/api/profiles/me").token(&access).send(&world.app).await.status, StatusCode::OK);
    revert(&world, &access, &world.admin.id).await;
    let sessions = founder_sessions(&world).await;
    assert!(changes(&sessions[0]).is_empty(), "a GET is never a change");
    assert_eq!(views(&sessions[0]).iter().map(|v| v.3.as_str()).collect::<Vec<_>>(), ["Downloaded the leads (CSV)", "Viewed the profile"]);
    let text = &mail_to(&world.state, &world.target.email)[0].email.text;
    assert!(text.contains("Nothing was changed.\n\nWhat was viewed:\n- Downloaded the leads (CSV) (GET /api/leads/export, 1 time)"), "{text}");
}

#[tokio::test]
async fn an_attempt_to_impersonate_from_inside_a_support_session_is_refused_and_recorded() {
    let world = world().await;
    let (access, _, id) = session(&world).await;
    let other = stored_user(&world.state, "other").await;
    let answer = impersonate(&world, &access, &other.email, Some("from inside a support session")).await;
    assert_eq!((answer.status, answer.error_message()), (StatusCode::FORBIDDEN, NOT_WHILE_IMPERSONATING));
    assert_eq!(record_ids(&world).await, [id.clone()], "no second session was opened");
    revert(&world, &access, &world.admin.id).await;
    let sessions = founder_sessions(&world).await;
    assert_eq!(changes(&sessions[0]), owned(&[("POST", "/api/impersonate-user", 403, "Tried to impersonate another user (refused)")]));
}

#[tokio::test]
async fn an_audit_write_that_fails_fails_the_request_and_nothing_is_done_or_shown() {
    let world = world().await;
    let (access, _, id) = session(&world).await;
    let founder = world.state.tokens.issue(&world.target.id, &world.target.email, ACCESS_TOKEN_TTL).unwrap();
    // No such table, then a table of another shape (its key is not the entries' key).
    for broken in ["raisespark-no-such-table".to_owned(), world.state.config.tables.impersonations.clone()] {
        let mut config = (*world.state.config).clone();
        config.tables.impersonation_actions = broken.clone();
        let app = (world.routers)(&AppState { config: Arc::new(config), ..world.state.clone() });
        let write = Call::put("/api/raise-capital/progress/launch").json(json!({"done": true})).token(&access).send(&app).await;
        assert_eq!((write.status, write.error_code()), (StatusCode::SERVICE_UNAVAILABLE, "audit_unavailable"), "{broken}: {}", write.text);
        let progress = Call::get("/api/raise-capital/progress").token(&founder).send(&world.app).await;
        assert_eq!(progress.body["completed"], 0, "{broken}: the write did not run");
        let export = Call::get("/api/leads/export").token(&access).send(&app).await;
        assert_eq!((export.status, export.error_code()), (StatusCode::SERVICE_UNAVAILABLE, "audit_unavailable"), "{broken}");
        assert!(!export.text.contains("Submitted at"), "{broken}: no CSV left without its record");
        let me = Call::get("/api/profiles/me").token(&access).send(&app).await;
        assert_eq!(me.status, StatusCode::SERVICE_UNAVAILABLE, "{broken}");
        assert!(me.body.get("id").is_none());
        // The founder's own requests are not audited and not affected.
        assert_eq!(Call::get("/api/profiles/me").token(&founder).send(&app).await.status, StatusCode::OK);
    }
    let stored = world.state.impersonation_actions().of_session(&id, 100).await.unwrap();
    assert!(stored.entries.is_empty(), "nothing ran, nothing is recorded");
    assert_eq!(Call::get("/api/profiles/me").token(&access).send(&world.app).await.status, StatusCode::OK, "with its table the audit works again");
}

#[tokio::test]
async fn past_two_hundred_writes_every_one_is_still_recorded_in_order() {
    let world = world().await;
    let (access, _, id) = session(&world).await;
    for i in 0..205 {
        let answer = Call::put("/api/raise-capital/progress/launch").json(json!({"done": i % 2 == 0})).token(&access).send(&world.app).await;
        assert_eq!(answer.status, StatusCode::OK, "write {i}");
    }
    let stored = world.state.impersonation_actions().of_session(&id, 10_000).await.unwrap();
    assert!(stored.complete);
    let writes: Vec<_> = stored.entries.iter().filter(|e| e.kind == Kind::Write).collect();
    assert_eq!(writes.len(), 205);
    assert!(writes.iter().all(|w| w.status == 200 && w.path == "/api/raise-capital/progress/launch"));
    assert!(writes.windows(2).all(|pair| pair[0].entry < pair[1].entry), "in the order they were made");
    revert(&world, &access, &world.admin.id).await;
    let sessions = founder_sessions(&world).await;
    assert_eq!(sessions[0]["changes"].as_array().unwrap().len(), 205);
    assert_eq!(sessions[0]["complete"], true);
}

// ------------------------------------------------------------------ the administrator's own session

#[tokio::test]
async fn the_support_session_has_its_own_refresh_cookie_and_the_administrators_tab_stays_the_administrators() {
    let world = world().await;
    // The administrator's tab: a session of their own in this browser's rs_refresh cookie.
    let mut admin_refresh = world.state.sessions().start(&world.admin, world.state.clock.unix()).await.unwrap();
    let (link_token, id) = link(&world).await;
    let exchanged = exchange(&world, &link_token, "impersonation").await;
    assert_eq!(exchanged.status, StatusCode::OK);
    assert!(exchanged.set_cookie(auth::REFRESH_COOKIE).is_none(), "the administrator's cookie is left alone");
    let cookie = exchanged.set_cookie_header(&sessions::support_cookie_name(&id)).unwrap();
    for attribute in ["Path=/api/auth", "HttpOnly", "Secure", "SameSite=Strict"] {
        assert!(cookie.contains(attribute), "{cookie}");
    }
    let max_age: i64 = cookie.split("Max-Age=").nth(1).unwrap().split(';').next().unwrap().parse().unwrap();
    assert!((1..=30 * 60).contains(&max_age), "{cookie}");
    let mut support = exchanged.set_cookie(&sessions::support_cookie_name(&id)).unwrap();

    // Both tabs refresh from the same cookie jar, each with its own session.
    let jar = |admin: &str, support: &str| format!("{}={admin}; {}={support}", auth::REFRESH_COOKIE, sessions::support_cookie_name(&id));
    for _ in 0..2 {
        let admin_tab = Call::post("/api/auth/token").header("cookie", &jar(&admin_refresh, &support)).send(&world.app).await;
        assert_eq!(admin_tab.status, StatusCode::OK, "{}", admin_tab.text);
        assert_eq!(admin_tab.body["user"]["id"], world.admin.id.as_str());
        assert!(admin_tab.body["user"].get("impersonation").is_none());
        assert_eq!(admin_tab.body["user"]["app_metadata"]["role"], "admin");
        admin_refresh = admin_tab.set_cookie(auth::REFRESH_COOKIE).unwrap();
        let support_tab = Call::post(&format!("/api/auth/token?support={id}")).header("cookie", &jar(&admin_refresh, &support)).send(&world.app).await;
        assert_eq!(support_tab.status, StatusCode::OK, "{}", support_tab.text);
        assert_eq!(support_tab.body["user"]["id"], world.target.id.as_str());
        assert_eq!(support_tab.body["user"]["impersonation"]["admin_id"], world.admin.id.as_str());
        assert!(support_tab.set_cookie(auth::REFRESH_COOKIE).is_none());
        support = support_tab.set_cookie(&sessions::support_cookie_name(&id)).unwrap();
    }

    // The support tab reverts; the administrator's tab is still the administrator.
    let access = support_refresh(&world, &id, &support).await;
    support = access.set_cookie(&sessions::support_cookie_name(&id)).unwrap();
    assert_eq!(revert(&world, access.body["access_token"].as_str().unwrap(), &world.admin.id).await.status, StatusCode::OK);
    let admin_tab = Call::post("/api/auth/token").header("cookie", &jar(&admin_refresh, &support)).send(&world.app).await;
    assert_eq!(admin_tab.body["user"]["id"], world.admin.id.as_str());
    let gone = Call::post(&format!("/api/auth/token?support={id}")).header("cookie", &jar(&admin_refresh, &support)).send(&world.app).await;
    assert_eq!(gone.status, StatusCode::UNAUTHORIZED);
    assert_eq!(gone.set_cookie(&sessions::support_cookie_name(&id)).as_deref(), Some(""), "the ended session's cookie is cleared");
}

#[tokio::test]
async fn a_refresh_cookie_renews_only_its_own_kind_of_session() {
    let world = world().await;
    let own = world.state.sessions().start(&world.target, world.state.clock.unix()).await.unwrap();
    let (_, support, id) = session(&world).await;
    // A support session's token presented as the user's own cookie.
    let as_own = Call::post("/api/auth/token").cookie(auth::REFRESH_COOKIE, &support).send(&world.app).await;
    assert_eq!(as_own.status, StatusCode::UNAUTHORIZED);
    // The user's own token presented as a support session's cookie.
    let as_support = Call::post(&format!("/api/auth/token?support={id}")).cookie(&sessions::support_cookie_name(&id), &own).send(&world.app).await;
    assert_eq!(as_support.status, StatusCode::UNAUTHORIZED);
    // Another session's id than the one the cookie holds.
    let other = uuid::Uuid::new_v4().to_string();
    let mismatch = Call::post(&format!("/api/auth/token?support={other}")).cookie(&sessions::support_cookie_name(&other), &support).send(&world.app).await;
    assert_eq!(mismatch.status, StatusCode::UNAUTHORIZED);
    for bad in ["..%2Fx", "a%3Bb", ""] {
        let answer = Call::post(&format!("/api/auth/token?support={bad}")).send(&world.app).await;
        assert_eq!((answer.status, answer.error_code()), (StatusCode::BAD_REQUEST, "invalid_session"), "{bad}");
    }
    // Signing out of the support session without an access token names it, and leaves rs_refresh alone.
    let out = Call::post(&format!("/api/auth/signout?support={id}")).cookie(&sessions::support_cookie_name(&id), &support).send(&world.app).await;
    assert_eq!(out.status, StatusCode::NO_CONTENT, "{}", out.text);
    assert!(out.set_cookie(auth::REFRESH_COOKIE).is_none());
    assert_eq!(out.set_cookie(&sessions::support_cookie_name(&id)).as_deref(), Some(""));
    assert_eq!(record(&world, &id).await.ended_by, Some(EndedBy::Signout));
    assert_eq!(Call::post("/api/auth/token").cookie(auth::REFRESH_COOKIE, &own).send(&world.app).await.status, StatusCode::OK, "the founder's own session survives");
}
