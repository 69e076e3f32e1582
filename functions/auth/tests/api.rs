use axum::{Router, http::StatusCode};
use serde_json::{Value, json};
use shared::{
    AppState,
    testing::{Call, TestResponse, mail_to, test_state},
};

use auth::{REFRESH_COOKIE, messages::*};

async fn app() -> (Router, AppState) {
    let state = test_state().await;
    (shared::http::mount("auth", auth::router(state.clone())), state)
}

fn unique_email() -> String {
    format!("founder-{}@example.com", &uuid::Uuid::new_v4().simple().to_string()[..10])
}

const PASSWORD: &str = "correct horse battery";

async fn sign_up(app: &Router, email: &str, ip: &str) -> TestResponse {
    Call::post("/api/auth/signup")
        .from_ip(ip)
        .json(json!({"email": email, "password": PASSWORD, "data": {"name": "Ada Lovelace"}}))
        .send(app)
        .await
}

/// The token of the newest confirmation link mailed to `email`.
fn confirmation_token(state: &AppState, email: &str) -> String {
    let mail = mail_to(state, email);
    let link = mail.iter().flat_map(|m| m.links()).find(|l| l.contains("/auth/callback")).expect("a confirmation link");
    assert!(link.starts_with("http://localhost:3000/auth/callback?token="), "{link}");
    link.split("token=").nth(1).unwrap().split('&').next().unwrap().to_owned()
}

async fn confirm(app: &Router, state: &AppState, email: &str) -> TestResponse {
    let token = confirmation_token(state, email);
    Call::post("/api/auth/verify").json(json!({"token": token, "type": "signup"})).send(app).await
}

/// A confirmed account; returns (access token, refresh token).
async fn confirmed_user(app: &Router, state: &AppState, email: &str) -> (String, String) {
    assert_eq!(sign_up(app, email, "10.0.0.1").await.status, StatusCode::CREATED);
    let session = confirm(app, state, email).await;
    assert_eq!(session.status, StatusCode::OK);
    (session.body["access_token"].as_str().unwrap().to_owned(), session.set_cookie(REFRESH_COOKIE).unwrap())
}

async fn sign_in(app: &Router, email: &str, password: &str, ip: &str) -> TestResponse {
    Call::post("/api/auth/signin").from_ip(ip).json(json!({"email": email, "password": password})).send(app).await
}

async fn refresh(app: &Router, token: &str) -> TestResponse {
    Call::post("/api/auth/token").cookie(REFRESH_COOKIE, token).send(app).await
}

// ------------------------------------------------------------------ sign-up

#[tokio::test]
async fn sign_up_lowercases_the_email_keeps_attribution_and_mails_a_confirmation_link() {
    let (app, state) = app().await;
    let email = unique_email();
    let response = Call::post("/api/auth/signup")
        .json(json!({
            "email": format!("  {}  ", email.to_uppercase()),
            "password": PASSWORD,
            "data": {"name": "Ada Lovelace", "utm_source": "newsletter", "utm_medium": "", "referrer": "https://news.example", "referral_id": "ref-123"}
        }))
        .send(&app)
        .await;
    assert_eq!(response.status, StatusCode::CREATED, "{:?}", response.body);
    let user = &response.body["user"];
    assert_eq!(user["email"], email);
    assert_eq!(
        user["user_metadata"],
        json!({"name": "Ada Lovelace", "utm_source": "newsletter", "referrer": "https://news.example", "referral_id": "ref-123"})
    );
    assert_eq!(user["app_metadata"], json!({}));
    assert!(response.body.get("access_token").is_none(), "no session before the address is confirmed");

    let mail = mail_to(&state, &email);
    let subjects: Vec<_> = mail.iter().map(|m| m.email.subject.as_str()).collect();
    assert!(subjects.contains(&"Confirm your RaiseSpark account"), "{subjects:?}");
    assert!(subjects.contains(&"Welcome to RaiseSpark"), "account_created is notified: {subjects:?}");
}

#[tokio::test]
async fn sign_up_without_a_password_generates_one() {
    let (app, state) = app().await;
    let email = unique_email();
    let response = Call::post("/api/auth/signup").json(json!({"email": email})).send(&app).await;
    assert_eq!(response.status, StatusCode::CREATED);
    let user = shared::repo::users::find_user_by_email(&state.dynamo, &state.config.tables, &email).await.unwrap().unwrap();
    assert!(user.password_hash.starts_with("$argon2id$"));
}

#[tokio::test]
async fn invalid_sign_ups_answer_400_with_a_message_and_create_nothing() {
    let (app, state) = app().await;
    let email = unique_email();
    let cases = [
        (json!({"email": "not-an-email", "password": PASSWORD}), INVALID_EMAIL),
        (json!({"email": email, "password": "short"}), PASSWORD_TOO_SHORT),
        (json!({"email": email, "password": "x".repeat(257)}), PASSWORD_TOO_LONG),
        (json!({"email": email, "password": PASSWORD, "data": {"name": "x".repeat(101)}}), "Please enter a name of at most 100 characters."),
        (json!({"email": email, "password": PASSWORD, "data": {"referral_id": "r".repeat(101)}}), "The referral_id value is too long or malformed."),
        (json!({"email": email, "password": PASSWORD, "admin": true}), "Invalid request body: unknown field `admin`, expected one of `email`, `password`, `data`."),
        (json!({"password": PASSWORD}), "Invalid request body: missing field `email`."),
    ];
    for (body, message) in cases {
        let response = Call::post("/api/auth/signup").json(body).send(&app).await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST, "{message}");
        assert_eq!(response.error_message(), message);
    }
    assert!(shared::repo::users::find_user_id(&state.dynamo, &state.config.tables, &email).await.unwrap().is_none());
    assert!(mail_to(&state, &email).is_empty());
}

#[tokio::test]
async fn a_sign_up_for_a_confirmed_address_answers_like_a_new_one_and_mails_the_owner() {
    let (app, state) = app().await;
    let email = unique_email();
    confirmed_user(&app, &state, &email).await;
    let owner_id = shared::repo::users::find_user_id(&state.dynamo, &state.config.tables, &email).await.unwrap().unwrap();
    let fresh = sign_up(&app, &unique_email(), "10.0.9.1").await;
    let again = Call::post("/api/auth/signup")
        .from_ip("10.0.9.2")
        .json(json!({"email": email.to_uppercase(), "password": "squatter password", "data": {"name": "Ada Lovelace"}}))
        .send(&app)
        .await;
    assert_eq!(again.status, StatusCode::CREATED, "{:?}", again.body);
    let keys = |body: &Value| body.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
    assert_eq!(keys(&again.body), keys(&fresh.body));
    assert_eq!(keys(&again.body["user"]), keys(&fresh.body["user"]));
    assert_eq!(again.body["confirmation_sent"], true);
    assert_ne!(again.body["user"]["id"], json!(owner_id), "the real account's id is never shown");

    let mail = mail_to(&state, &email);
    let notices: Vec<_> = mail.iter().filter(|m| m.email.subject == "Someone tried to sign up with your address").collect();
    assert_eq!(notices.len(), 1);
    assert!(notices[0].email.text.contains("/forgot-password"));
    assert_eq!(sign_in(&app, &email, PASSWORD, "10.0.9.3").await.status, StatusCode::OK, "the owner's password is untouched");
    assert_eq!(sign_in(&app, &email, "squatter password", "10.0.9.4").await.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_squatters_password_never_survives_the_owners_confirmation() {
    let (app, state) = app().await;
    let email = unique_email();
    let squatter = Call::post("/api/auth/signup")
        .from_ip("10.0.8.1")
        .json(json!({"email": email, "password": "squatter password"}))
        .send(&app)
        .await;
    assert_eq!(squatter.status, StatusCode::CREATED);
    let squatters_link = confirmation_token(&state, &email);

    // The owner signs up too, before confirming: the unconfirmed account is replaced.
    assert_eq!(sign_up(&app, &email, "10.0.8.2").await.status, StatusCode::CREATED);
    let confirmations = mail_to(&state, &email).into_iter().filter(|m| m.email.subject == "Confirm your RaiseSpark account").count();
    assert_eq!(confirmations, 2, "the replacing sign-up gets its own link at once");
    let stale = Call::post("/api/auth/verify").json(json!({"token": squatters_link, "type": "signup"})).send(&app).await;
    assert_eq!(stale.status, StatusCode::BAD_REQUEST, "a link from before the replacement confirms nothing");
    assert_eq!(confirm(&app, &state, &email).await.status, StatusCode::OK);

    assert_eq!(sign_in(&app, &email, "squatter password", "10.0.8.3").await.status, StatusCode::BAD_REQUEST);
    let owner = sign_in(&app, &email, PASSWORD, "10.0.8.4").await;
    assert_eq!(owner.status, StatusCode::OK, "{:?}", owner.body);
    assert_eq!(owner.body["user"]["user_metadata"]["name"], "Ada Lovelace", "the owner's details replaced the squatter's");
}

#[tokio::test]
async fn fifty_parallel_sign_ups_of_one_address_make_exactly_one_account() {
    let (app, state) = app().await;
    let email = unique_email();
    let attempts = (0..50).map(|i| {
        let (app, email) = (app.clone(), if i % 2 == 0 { email.clone() } else { email.to_uppercase() });
        tokio::spawn(async move { sign_up(&app, &email, &format!("10.1.0.{i}")).await.status })
    });
    let statuses: Vec<StatusCode> = futures::future::join_all(attempts).await.into_iter().map(Result::unwrap).collect();
    assert_eq!(statuses.len(), 50);
    assert!(statuses.iter().all(|s| *s == StatusCode::CREATED), "every attempt looks the same: {statuses:?}");
    let id = shared::repo::users::find_user_id(&state.dynamo, &state.config.tables, &email).await.unwrap().unwrap();
    assert!(shared::repo::users::get_user(&state.dynamo, &state.config.tables, &id).await.unwrap().is_some());
    // Exactly one account: a second item for the address cannot exist (user_emails is keyed by
    // the address), and the profile count for it is one.
    let profiles = state.dynamo.scan().table_name(&state.config.tables.users).send().await.unwrap();
    let accounts = profiles.items().iter().filter(|item| item.get("email").and_then(|v| v.as_s().ok()) == Some(&email)).count();
    assert_eq!(accounts, 1);
}

#[tokio::test]
async fn sign_ups_from_one_ip_are_rate_limited() {
    let (app, _) = app().await;
    for _ in 0..10 {
        assert_eq!(sign_up(&app, &unique_email(), "10.2.0.1").await.status, StatusCode::CREATED);
    }
    let limited = sign_up(&app, &unique_email(), "10.2.0.1").await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(limited.error_message(), SIGNUP_RATE_LIMITED);
    assert!(limited.headers.contains_key("retry-after"));
    assert_eq!(sign_up(&app, &unique_email(), "10.2.0.2").await.status, StatusCode::CREATED, "another IP is unaffected");
}

// ------------------------------------------------------------------ confirmation

#[tokio::test]
async fn signing_in_before_confirming_gets_the_verify_message() {
    let (app, _) = app().await;
    let email = unique_email();
    sign_up(&app, &email, "10.0.0.1").await;
    let response = sign_in(&app, &email, PASSWORD, "10.0.0.1").await;
    assert_eq!(response.status, StatusCode::BAD_REQUEST);
    assert_eq!(response.error_code(), "email_not_confirmed");
    assert_eq!(response.error_message(), EMAIL_NOT_CONFIRMED);
}

#[tokio::test]
async fn the_confirmation_link_signs_in_once_and_only_once() {
    let (app, state) = app().await;
    let email = unique_email();
    sign_up(&app, &email, "10.0.0.1").await;
    let token = confirmation_token(&state, &email);
    let first = Call::post("/api/auth/verify").json(json!({"token": token, "type": "signup"})).send(&app).await;
    assert_eq!(first.status, StatusCode::OK);
    assert_eq!(first.body["user"]["email"], email);
    assert_eq!(first.body["expires_in"], 900);
    let cookie = first.set_cookie_header(REFRESH_COOKIE).unwrap();
    for attribute in ["HttpOnly", "Secure", "SameSite=Strict", "Path=/api/auth"] {
        assert!(cookie.contains(attribute), "{cookie}");
    }
    let me = Call::get("/api/auth/user").token(first.body["access_token"].as_str().unwrap()).send(&app).await;
    assert_eq!(me.body["email"], email);

    let second = Call::post("/api/auth/verify").json(json!({"token": token, "type": "signup"})).send(&app).await;
    assert_eq!(second.status, StatusCode::BAD_REQUEST);
    assert_eq!(second.error_message(), INVALID_LINK);
    assert_eq!(sign_in(&app, &email, PASSWORD, "10.0.0.1").await.status, StatusCode::OK, "confirmed accounts sign in");
}

#[tokio::test]
async fn forged_or_mistyped_links_are_invalid() {
    let (app, state) = app().await;
    let email = unique_email();
    sign_up(&app, &email, "10.0.0.1").await;
    let token = confirmation_token(&state, &email);
    for body in [json!({"token": "forged-token", "type": "signup"}), json!({"token": token, "type": "magiclink"}), json!({"token": "", "type": "signup"})] {
        let response = Call::post("/api/auth/verify").json(body).send(&app).await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST);
        assert_eq!(response.error_message(), INVALID_LINK);
    }
}

#[tokio::test]
async fn resending_the_confirmation_waits_a_minute_and_never_reveals_accounts() {
    let (app, state) = app().await;
    let email = unique_email();
    sign_up(&app, &email, "10.0.0.1").await;
    let early = Call::post("/api/auth/resend").json(json!({"email": email})).send(&app).await;
    assert_eq!(early.status, StatusCode::TOO_MANY_REQUESTS, "the sign-up mail counts as the first send");
    assert_eq!(early.error_message(), MAIL_RATE_LIMITED);

    let unknown = Call::post("/api/auth/resend").json(json!({"email": unique_email()})).send(&app).await;
    assert_eq!(unknown.status, StatusCode::OK);
    assert_eq!(unknown.body, json!({"sent": true}));

    let other = unique_email();
    Call::post("/api/auth/signup").json(json!({"email": other, "password": PASSWORD})).send(&app).await;
    // Clear the sign-up's send marker to stand in for a minute passing.
    let rule = shared::rate_limit::Rule::new("mail-address", 60, 1);
    shared::rate_limit::reset(&state.dynamo, &state.config.tables.rate_limits, &rule, &format!("signup:{other}")).await.unwrap();
    let resent = Call::post("/api/auth/resend").json(json!({"email": other})).send(&app).await;
    assert_eq!(resent.status, StatusCode::OK);
    let confirmations = mail_to(&state, &other).into_iter().filter(|m| m.email.subject == "Confirm your RaiseSpark account").count();
    assert_eq!(confirmations, 2);
}

// ------------------------------------------------------------------ sign-in

#[tokio::test]
async fn unknown_email_and_wrong_password_get_the_same_answer() {
    let (app, state) = app().await;
    let email = unique_email();
    confirmed_user(&app, &state, &email).await;
    let wrong = sign_in(&app, &email, "not the password", "10.3.0.1").await;
    let unknown = sign_in(&app, &unique_email(), "not the password", "10.3.0.2").await;
    assert_eq!(wrong.status, StatusCode::BAD_REQUEST);
    assert_eq!((wrong.status, &wrong.body), (unknown.status, &unknown.body));
    assert_eq!(wrong.error_message(), INVALID_CREDENTIALS);
}

#[tokio::test]
async fn a_sixth_failure_from_one_address_is_rate_limited_but_another_address_signs_in() {
    let (app, state) = app().await;
    let email = unique_email();
    confirmed_user(&app, &state, &email).await;
    for _ in 0..5 {
        assert_eq!(sign_in(&app, &email, "wrong password", "10.4.0.1").await.error_message(), INVALID_CREDENTIALS);
    }
    let limited = sign_in(&app, &email, PASSWORD, "10.4.0.1").await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(limited.error_message(), LOGIN_RATE_LIMITED);
    let elsewhere = sign_in(&app, &email, PASSWORD, "10.4.0.2").await;
    assert_eq!(elsewhere.status, StatusCode::OK, "{:?}", elsewhere.body);
}

#[tokio::test]
async fn a_client_sent_x_forwarded_for_does_not_reset_the_limit() {
    let (app, state) = app().await;
    let email = unique_email();
    confirmed_user(&app, &state, &email).await;
    for i in 0..6 {
        let response = Call::post("/api/auth/signin")
            .from_ip("10.5.0.1")
            .header("x-forwarded-for", &format!("203.0.113.{i}"))
            .json(json!({"email": email, "password": "wrong password"}))
            .send(&app)
            .await;
        let expected = if i < 5 { StatusCode::BAD_REQUEST } else { StatusCode::TOO_MANY_REQUESTS };
        assert_eq!(response.status, expected, "attempt {i}");
    }
}

#[tokio::test]
async fn one_ip_gets_a_burst_of_thirty_attempts() {
    let (app, _) = app().await;
    for i in 0..30 {
        let response = sign_in(&app, &unique_email(), "whatever it is", "10.6.0.1").await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST, "attempt {i}");
    }
    // The window slides: when the burst straddles a minute boundary, the older minute's hits
    // count a little less, so the limit may bite one or two attempts later (never earlier).
    let mut limited = None;
    for _ in 0..3 {
        let response = sign_in(&app, &unique_email(), "whatever it is", "10.6.0.1").await;
        if response.status == StatusCode::TOO_MANY_REQUESTS {
            limited = Some(response);
            break;
        }
    }
    let limited = limited.expect("the 31st to 33rd attempts are limited");
    assert_eq!(limited.error_message(), LOGIN_RATE_LIMITED);
}

#[tokio::test]
async fn forty_parallel_wrong_passwords_get_exactly_five_failures_and_429_for_the_rest() {
    let (app, state) = app().await;
    let email = unique_email();
    confirmed_user(&app, &state, &email).await;
    let attempts = (0..40).map(|_| {
        let (app, email) = (app.clone(), email.clone());
        tokio::spawn(async move { sign_in(&app, &email, "wrong password", "10.7.9.1").await.status })
    });
    let statuses: Vec<StatusCode> = futures::future::join_all(attempts).await.into_iter().map(Result::unwrap).collect();
    assert_eq!(statuses.len(), 40);
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::BAD_REQUEST).count(), 5, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count(), 35, "{statuses:?}");
}

#[tokio::test]
async fn parallel_sign_ups_from_one_ip_get_exactly_the_hourly_ten() {
    let (app, _) = app().await;
    let attempts = (0..25).map(|_| {
        let app = app.clone();
        tokio::spawn(async move { sign_up(&app, &unique_email(), "10.2.9.1").await.status })
    });
    let statuses: Vec<StatusCode> = futures::future::join_all(attempts).await.into_iter().map(Result::unwrap).collect();
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::CREATED).count(), 10, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count(), 15, "{statuses:?}");
}

#[tokio::test]
async fn a_right_password_does_not_use_up_a_failure_slot() {
    let (app, state) = app().await;
    let email = unique_email();
    confirmed_user(&app, &state, &email).await;
    for _ in 0..4 {
        assert_eq!(sign_in(&app, &email, "wrong password", "10.7.8.1").await.status, StatusCode::BAD_REQUEST);
    }
    assert_eq!(sign_in(&app, &email, PASSWORD, "10.7.8.1").await.status, StatusCode::OK);
    // The success cleared this address's failures: five more mistakes are allowed.
    for _ in 0..5 {
        assert_eq!(sign_in(&app, &email, "wrong password", "10.7.8.1").await.status, StatusCode::BAD_REQUEST);
    }
    assert_eq!(sign_in(&app, &email, "wrong password", "10.7.8.1").await.status, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn an_account_attacked_from_many_addresses_slows_down_but_never_locks_its_owner_out() {
    let (app, state) = app().await;
    let email = unique_email();
    confirmed_user(&app, &state, &email).await;
    // A hundred failures an hour from anywhere: the account-wide limit (filled directly, as
    // if from a hundred addresses).
    let limits = &state.config.tables.rate_limits;
    for _ in 0..100 {
        shared::rate_limit::reserve(&state.dynamo, limits, &auth::limits::FAILURES_PER_ACCOUNT, &email).await.unwrap().unwrap();
    }
    let attacker = sign_in(&app, &email, "wrong password", "10.7.2.9").await;
    assert_eq!(attacker.status, StatusCode::TOO_MANY_REQUESTS, "past the limit, wrong passwords learn nothing");
    let started = std::time::Instant::now();
    let owner = sign_in(&app, &email, PASSWORD, "10.7.2.1").await;
    assert_eq!(owner.status, StatusCode::OK, "the owner still signs in: {:?}", owner.body);
    assert!(started.elapsed() >= auth::limits::ACCOUNT_SLOWDOWN, "but slowed down");
}

// ------------------------------------------------------------------ password recovery

fn recovery_token(state: &AppState, email: &str) -> String {
    let mail = mail_to(state, email);
    let reset = mail.iter().find(|m| m.email.subject == "Reset your RaiseSpark password").expect("a reset e-mail");
    let link = reset.links().into_iter().find(|l| l.contains("type=recovery")).expect("a recovery link");
    assert!(link.starts_with("http://localhost:3000/auth/callback?token="), "{link}");
    link.split("token=").nth(1).unwrap().split('&').next().unwrap().to_owned()
}

#[tokio::test]
async fn a_reset_link_sets_a_new_password_once_and_ends_every_other_session() {
    let (app, state) = app().await;
    let email = unique_email();
    let (_, other_device) = confirmed_user(&app, &state, &email).await;

    let asked = Call::post("/api/auth/recover").json(json!({"email": email.to_uppercase()})).send(&app).await;
    assert_eq!((asked.status, asked.body.clone()), (StatusCode::OK, json!({"sent": true})));
    let token = recovery_token(&state, &email);
    let check = Call::post("/api/auth/recover/check").json(json!({"token": token})).send(&app).await;
    assert_eq!(check.status, StatusCode::OK);

    let short = Call::post("/api/auth/recover/complete").json(json!({"token": token, "new_password": "short"})).send(&app).await;
    assert_eq!(short.status, StatusCode::BAD_REQUEST);
    assert_eq!(short.error_message(), PASSWORD_TOO_SHORT);
    let done = Call::post("/api/auth/recover/complete")
        .json(json!({"token": token, "new_password": "a brand new passphrase"}))
        .send(&app)
        .await;
    assert_eq!(done.status, StatusCode::OK, "{:?}", done.body);
    assert!(done.body["access_token"].is_string());
    assert!(done.set_cookie(REFRESH_COOKIE).is_some());

    assert_eq!(refresh(&app, &other_device).await.status, StatusCode::UNAUTHORIZED, "every other session ended");
    assert_eq!(sign_in(&app, &email, PASSWORD, "10.8.0.1").await.status, StatusCode::BAD_REQUEST);
    assert_eq!(sign_in(&app, &email, "a brand new passphrase", "10.8.0.2").await.status, StatusCode::OK);

    let reused = Call::post("/api/auth/recover/complete").json(json!({"token": token, "new_password": "yet another passphrase"})).send(&app).await;
    assert_eq!(reused.status, StatusCode::BAD_REQUEST);
    assert_eq!(reused.error_message(), INVALID_RECOVERY_LINK);
    let check = Call::post("/api/auth/recover/check").json(json!({"token": token})).send(&app).await;
    assert_eq!(check.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn recovery_answers_the_same_for_unknown_addresses_and_waits_a_minute_per_address() {
    let (app, state) = app().await;
    let email = unique_email();
    confirmed_user(&app, &state, &email).await;
    let known = Call::post("/api/auth/recover").json(json!({"email": email})).send(&app).await;
    let stranger = unique_email();
    let unknown = Call::post("/api/auth/recover").json(json!({"email": stranger})).send(&app).await;
    assert_eq!((known.status, &known.body), (unknown.status, &unknown.body));
    assert!(mail_to(&state, &stranger).is_empty());
    let again = Call::post("/api/auth/recover").json(json!({"email": email})).send(&app).await;
    assert_eq!(again.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(again.error_message(), MAIL_RATE_LIMITED);
    let bad = Call::post("/api/auth/recover").json(json!({"email": "not an address"})).send(&app).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    let resets = mail_to(&state, &email).into_iter().filter(|m| m.email.subject == "Reset your RaiseSpark password").count();
    assert_eq!(resets, 1);
}

#[tokio::test]
async fn a_reset_link_confirms_an_unconfirmed_address_and_forged_links_fail() {
    let (app, state) = app().await;
    let email = unique_email();
    sign_up(&app, &email, "10.8.1.1").await;
    Call::post("/api/auth/recover").json(json!({"email": email})).send(&app).await;
    let token = recovery_token(&state, &email);
    for forged in ["", "nope", &"x".repeat(500)] {
        let response = Call::post("/api/auth/recover/complete").json(json!({"token": forged, "new_password": "a brand new passphrase"})).send(&app).await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST, "{forged}");
    }
    // A confirmation token is no reset token.
    let confirmation = mail_to(&state, &email)
        .iter()
        .filter(|m| m.email.subject == "Confirm your RaiseSpark account")
        .flat_map(|m| m.links())
        .find(|l| l.contains("type=signup"))
        .unwrap()
        .split("token=")
        .nth(1)
        .unwrap()
        .split('&')
        .next()
        .unwrap()
        .to_owned();
    let wrong_kind = Call::post("/api/auth/recover/complete").json(json!({"token": confirmation, "new_password": "a brand new passphrase"})).send(&app).await;
    assert_eq!(wrong_kind.error_message(), INVALID_RECOVERY_LINK);
    let done = Call::post("/api/auth/recover/complete").json(json!({"token": token, "new_password": "a brand new passphrase"})).send(&app).await;
    assert_eq!(done.status, StatusCode::OK);
    assert_eq!(sign_in(&app, &email, "a brand new passphrase", "10.8.1.2").await.status, StatusCode::OK);
}

// ------------------------------------------------------------------ sessions

#[tokio::test]
async fn refresh_rotates_the_token_and_allows_parallel_tabs_a_short_grace() {
    let (app, state) = app().await;
    let (_, first) = confirmed_user(&app, &state, &unique_email()).await;
    let rotated = refresh(&app, &first).await;
    assert_eq!(rotated.status, StatusCode::OK);
    let second = rotated.set_cookie(REFRESH_COOKIE).unwrap();
    assert_ne!(first, second);
    assert!(rotated.body["access_token"].is_string());
    // Another tab presenting the just-rotated token within the grace window still gets in.
    assert_eq!(refresh(&app, &first).await.status, StatusCode::OK);
    assert_eq!(refresh(&app, &second).await.status, StatusCode::OK);
}

#[tokio::test]
async fn replaying_a_rotated_token_after_the_grace_window_revokes_its_family() {
    let (app, state) = app().await;
    let (_, stolen) = confirmed_user(&app, &state, &unique_email()).await;
    let legit = refresh(&app, &stolen).await.set_cookie(REFRESH_COOKIE).unwrap();
    tokio::time::sleep(std::time::Duration::from_secs(auth::REUSE_GRACE_SECS as u64 + 1)).await;
    let replay = refresh(&app, &stolen).await;
    assert_eq!(replay.status, StatusCode::UNAUTHORIZED);
    assert_eq!(replay.set_cookie(REFRESH_COOKIE).as_deref(), Some(""), "the cookie is cleared");
    let owner = refresh(&app, &legit).await;
    assert_eq!(owner.status, StatusCode::UNAUTHORIZED, "the whole family is revoked");
    assert_eq!(owner.error_code(), "session_ended");
}

#[tokio::test]
async fn refresh_without_a_cookie_is_204_and_with_a_made_up_one_401() {
    let (app, _) = app().await;
    // Without any refresh cookie there is no session to restore: 204, not an error.
    assert_eq!(Call::post("/api/auth/token").send(&app).await.status, StatusCode::NO_CONTENT);
    assert_eq!(refresh(&app, "made-up").await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn global_sign_out_ends_every_session_of_the_user() {
    let (app, state) = app().await;
    let email = unique_email();
    let (access, laptop) = confirmed_user(&app, &state, &email).await;
    let phone = sign_in(&app, &email, PASSWORD, "10.8.0.1").await.set_cookie(REFRESH_COOKIE).unwrap();
    let other_email = unique_email();
    let (_, bystander) = confirmed_user(&app, &state, &other_email).await;

    let out = Call::post("/api/auth/signout").token(&access).send(&app).await;
    assert_eq!(out.status, StatusCode::NO_CONTENT);
    assert_eq!(out.set_cookie(REFRESH_COOKIE).as_deref(), Some(""));
    assert_eq!(refresh(&app, &laptop).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(refresh(&app, &phone).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(refresh(&app, &bystander).await.status, StatusCode::OK, "other users keep their sessions");
    // Signing in again works normally.
    assert_eq!(sign_in(&app, &email, PASSWORD, "10.8.0.1").await.status, StatusCode::OK);
}

#[tokio::test]
async fn sign_out_with_only_the_refresh_cookie_works_and_without_anything_is_401() {
    let (app, state) = app().await;
    let (_, refresh_token) = confirmed_user(&app, &state, &unique_email()).await;
    let out = Call::post("/api/auth/signout").cookie(REFRESH_COOKIE, &refresh_token).send(&app).await;
    assert_eq!(out.status, StatusCode::NO_CONTENT);
    assert_eq!(refresh(&app, &refresh_token).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(Call::post("/api/auth/signout").send(&app).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn tampered_expired_and_unsigned_access_tokens_are_rejected() {
    let (app, state) = app().await;
    let (access, _) = confirmed_user(&app, &state, &unique_email()).await;
    let mut parts: Vec<String> = access.split('.').map(str::to_owned).collect();
    let tampered = {
        let mut p = parts.clone();
        p[2] = p[2].chars().rev().collect();
        p.join(".")
    };
    parts[0] = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0".into(); // {"alg":"none","typ":"JWT"}
    parts[2] = String::new();
    let unsigned = parts.join(".");
    let me = Call::get("/api/auth/user").token(&access).send(&app).await;
    let (id, email) = (me.body["id"].as_str().unwrap(), me.body["email"].as_str().unwrap());
    let expired = state.tokens.issue_expiring_at(id, email, shared::auth::now_seconds() - 60).unwrap();
    for token in [tampered, unsigned, expired, "garbage".to_owned()] {
        let response = Call::get("/api/auth/user").token(&token).send(&app).await;
        assert_eq!(response.status, StatusCode::UNAUTHORIZED, "{token}");
        assert_eq!(response.error_code(), "invalid_token");
    }
}

// ------------------------------------------------------------------ account

#[tokio::test]
async fn the_current_user_has_the_spec_shape_and_comes_from_the_token() {
    let (app, state) = app().await;
    let email = unique_email();
    let (access, _) = confirmed_user(&app, &state, &email).await;
    let me = Call::get("/api/auth/user").token(&access).send(&app).await;
    let mut keys: Vec<&str> = me.body.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, vec!["app_metadata", "email", "id", "user_metadata"]);
    assert_eq!(me.body["user_metadata"]["name"], "Ada Lovelace");
    assert_eq!(Call::get("/api/auth/user").send(&app).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn renaming_updates_the_user_and_the_profile_and_rejects_bad_names() {
    let (app, state) = app().await;
    let (access, _) = confirmed_user(&app, &state, &unique_email()).await;
    let renamed = Call::patch("/api/auth/user").token(&access).json(json!({"name": " Grace Hopper "})).send(&app).await;
    assert_eq!(renamed.status, StatusCode::OK);
    assert_eq!(renamed.body["user_metadata"]["name"], "Grace Hopper");
    let id = renamed.body["id"].as_str().unwrap();
    let profile = shared::repo::profiles::get_profile(&state.dynamo, &state.config.tables.profiles, id).await.unwrap().unwrap();
    assert_eq!(profile.name.as_deref(), Some("Grace Hopper"));
    for (body, message) in [(json!({"name": ""}), "Please enter your name."), (json!({"name": "x".repeat(101)}), "Please enter a name of at most 100 characters.")] {
        let response = Call::patch("/api/auth/user").token(&access).json(body).send(&app).await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST);
        assert_eq!(response.error_message(), message);
    }
}

#[tokio::test]
async fn changing_the_password_needs_the_current_one_and_ends_other_sessions() {
    let (app, state) = app().await;
    let email = unique_email();
    let (access, laptop) = confirmed_user(&app, &state, &email).await;
    let wrong = Call::post("/api/auth/password")
        .token(&access)
        .json(json!({"current_password": "not it at all", "new_password": "a brand new passphrase"}))
        .send(&app)
        .await;
    assert_eq!(wrong.status, StatusCode::BAD_REQUEST);
    assert_eq!(wrong.error_message(), WRONG_CURRENT_PASSWORD);
    let short = Call::post("/api/auth/password")
        .token(&access)
        .json(json!({"current_password": PASSWORD, "new_password": "short"}))
        .send(&app)
        .await;
    assert_eq!(short.error_message(), PASSWORD_TOO_SHORT);
    assert_eq!(refresh(&app, &laptop).await.status, StatusCode::OK, "failed attempts change nothing");

    let laptop = sign_in(&app, &email, PASSWORD, "10.9.0.1").await.set_cookie(REFRESH_COOKIE).unwrap();
    let changed = Call::post("/api/auth/password")
        .token(&access)
        .json(json!({"current_password": PASSWORD, "new_password": "a brand new passphrase"}))
        .send(&app)
        .await;
    assert_eq!(changed.status, StatusCode::OK);
    let this_device = changed.set_cookie(REFRESH_COOKIE).unwrap();
    assert_eq!(refresh(&app, &laptop).await.status, StatusCode::UNAUTHORIZED, "other sessions end");
    assert_eq!(refresh(&app, &this_device).await.status, StatusCode::OK, "this device stays signed in");
    assert_eq!(sign_in(&app, &email, PASSWORD, "10.9.0.2").await.status, StatusCode::BAD_REQUEST);
    assert_eq!(sign_in(&app, &email, "a brand new passphrase", "10.9.0.2").await.status, StatusCode::OK);
}

#[tokio::test]
async fn administrators_carry_the_admin_role_in_app_metadata() {
    let (app, state) = app().await;
    let email = unique_email();
    let (access, _) = confirmed_user(&app, &state, &email).await;
    let id = Call::get("/api/auth/user").token(&access).send(&app).await.body["id"].as_str().unwrap().to_owned();
    let mut config = (*state.config).clone();
    config.admin_user_ids = vec![id];
    let admin_state = AppState { config: std::sync::Arc::new(config), ..state.clone() };
    let admin_app = shared::http::mount("auth", auth::router(admin_state));
    let me: Value = Call::get("/api/auth/user").token(&access).send(&admin_app).await.body;
    assert_eq!(me["app_metadata"]["role"], "admin");
}
