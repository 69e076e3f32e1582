use axum::{Router, http::StatusCode};
use serde_json::{Value, json};
use shared::{
    AppState,
    testing::{Call, TestResponse, mail_to},
};

use auth::{REFRESH_COOKIE, SIGN_UP_COOKIE, messages::*};

async fn app() -> (Router, AppState) {
    shared::testing::app(&[("auth", auth::router)]).await.parts()
}

fn unique_email() -> String {
    format!("founder-{}@example.com", &uuid::Uuid::new_v4().simple().to_string()[..10])
}

const PASSWORD: &str = "correct horse battery";
const STRANGER_PASSWORD: &str = "a strangers password";

/// Waits for the work requests started after answering (the account mail jobs).
async fn settle(state: &AppState) {
    state.background.idle().await;
}

/// A browser: the address it comes from and the sign-up nonce its cookie jar holds.
#[derive(Debug, Clone)]
struct Browser {
    ip: String,
    nonce: Option<String>,
}

impl Browser {
    fn at(ip: &str) -> Self {
        Self { ip: ip.to_owned(), nonce: None }
    }

    fn call(&self, call: Call) -> Call {
        let call = call.from_ip(&self.ip);
        match &self.nonce {
            Some(nonce) => call.cookie(SIGN_UP_COOKIE, nonce),
            None => call,
        }
    }

    /// Signs `email` up with `password`, keeping the nonce cookie the answer sets.
    async fn sign_up(&mut self, app: &Router, email: &str, password: &str) -> TestResponse {
        let call = Call::post("/api/auth/signup").json(json!({"email": email, "password": password, "data": {"name": "Ada Lovelace"}}));
        let response = self.call(call).send(app).await;
        if let Some(nonce) = response.set_cookie(SIGN_UP_COOKIE) {
            self.nonce = Some(nonce);
        }
        response
    }

    /// Opens a confirmation link: the page posts the token, with the password when it asked for one.
    async fn open(&self, app: &Router, token: &str, password: Option<&str>) -> TestResponse {
        let mut body = json!({"token": token, "type": "signup"});
        if let Some(password) = password {
            body["password"] = json!(password);
        }
        self.call(Call::post("/api/auth/verify").json(body)).send(app).await
    }

    async fn sign_in(&self, app: &Router, email: &str, password: &str) -> TestResponse {
        self.call(Call::post("/api/auth/signin").json(json!({"email": email, "password": password}))).send(app).await
    }
}

async fn sign_up(app: &Router, email: &str, ip: &str) -> TestResponse {
    Browser::at(ip).sign_up(app, email, PASSWORD).await
}

/// The token of a link in `mail`.
fn token_of(link: &str) -> String {
    assert!(link.starts_with("http://localhost:3000/auth/callback?token="), "{link}");
    link.split("token=").nth(1).unwrap().split('&').next().unwrap().to_owned()
}

/// Every confirmation link mailed to `email`, newest first (after the background mailed them).
async fn confirmation_tokens(state: &AppState, email: &str) -> Vec<String> {
    settle(state).await;
    mail_to(state, email)
        .iter()
        .filter(|m| m.email.subject == "Confirm your RaiseSpark account")
        .flat_map(|m| m.links())
        .filter(|l| l.contains("type=signup"))
        .map(|l| token_of(&l))
        .collect()
}

/// The newest confirmation link's token.
async fn confirmation_token(state: &AppState, email: &str) -> String {
    confirmation_tokens(state, email).await.into_iter().next().expect("a confirmation link")
}

/// A confirmed account, made in one browser; returns (access token, refresh token).
async fn confirmed_user(app: &Router, state: &AppState, email: &str) -> (String, String) {
    let mut browser = Browser::at("10.0.0.1");
    assert_eq!(browser.sign_up(app, email, PASSWORD).await.status, StatusCode::CREATED);
    let session = browser.open(app, &confirmation_token(state, email).await, None).await;
    assert_eq!(session.status, StatusCode::OK, "{:?}", session.body);
    settle(state).await;
    (session.body["access_token"].as_str().unwrap().to_owned(), session.set_cookie(REFRESH_COOKIE).unwrap())
}

async fn sign_in(app: &Router, email: &str, password: &str, ip: &str) -> TestResponse {
    Call::post("/api/auth/signin").from_ip(ip).json(json!({"email": email, "password": password})).send(app).await
}

async fn refresh(app: &Router, token: &str) -> TestResponse {
    Call::post("/api/auth/token").cookie(REFRESH_COOKIE, token).send(app).await
}

fn subjects(state: &AppState, email: &str) -> Vec<String> {
    mail_to(state, email).into_iter().map(|m| m.email.subject).collect()
}

fn count(state: &AppState, email: &str, subject: &str) -> usize {
    subjects(state, email).iter().filter(|s| *s == subject).count()
}

async fn account_ids(state: &AppState, email: &str) -> Vec<String> {
    let users = state.dynamo.scan().table_name(&state.config.tables.users).send().await.unwrap();
    users
        .items()
        .iter()
        .filter(|item| item.get("email").and_then(|v| v.as_s().ok()) == Some(&email.to_owned()))
        .filter_map(|item| item.get("id").and_then(|v| v.as_s().ok()).cloned())
        .collect()
}

/// Forgets the per-address sign-up and mail windows of `email`, standing in for the time passing.
async fn forget_address_limits(state: &AppState, email: &str) {
    for (rule, subject) in [
        (auth::limits::SIGNUPS_PER_ADDRESS, email.to_owned()),
        (auth::limits::MAIL_PER_ADDRESS, format!("signup:{email}")),
        (auth::limits::MAIL_PER_ADDRESS, format!("recovery:{email}")),
    ] {
        shared::rate_limit::reset(state.rate_limits(), &rule, &subject).await.unwrap();
    }
}

// ------------------------------------------------------------------ sign-up

#[tokio::test]
async fn sign_up_lowercases_the_email_keeps_attribution_and_mails_a_confirmation_link_but_makes_no_account() {
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
    let cookie = response.set_cookie_header(SIGN_UP_COOKIE).expect("the signing-up browser gets its nonce");
    for attribute in ["HttpOnly", "Secure", "SameSite=Strict", "Path=/api/auth"] {
        assert!(cookie.contains(attribute), "{cookie}");
    }

    settle(&state).await;
    assert_eq!(subjects(&state, &email), vec!["Confirm your RaiseSpark account"], "no welcome before the account exists");
    assert!(account_ids(&state, &email).await.is_empty(), "a sign-up makes no account: it waits for its confirmation");
    assert!(state.users().find_user_id(&email).await.unwrap().is_none());
}

#[tokio::test]
async fn sign_up_without_a_password_generates_one_that_waits_for_the_confirmation() {
    let (app, state) = app().await;
    let email = unique_email();
    let response = Call::post("/api/auth/signup").json(json!({"email": email})).send(&app).await;
    assert_eq!(response.status, StatusCode::CREATED);
    let waiting = state.account_requests().registrations(&email, state.clock.unix())
        .await
        .unwrap();
    assert_eq!(waiting.len(), 1);
    assert!(waiting[0].password_hash.starts_with("$argon2id$"));
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
    settle(&state).await;
    let waiting = state.account_requests().registrations(&email, state.clock.unix());
    assert!(waiting.await.unwrap().is_empty());
    assert!(mail_to(&state, &email).is_empty());
}

#[tokio::test]
async fn every_sign_up_answer_looks_alike_whether_the_address_is_new_waiting_or_has_an_account() {
    let (app, state) = app().await;
    let (new, waiting, confirmed) = (unique_email(), unique_email(), unique_email());
    sign_up(&app, &waiting, "10.9.0.1").await;
    confirmed_user(&app, &state, &confirmed).await;
    let owner_id = state.users().find_user_id(&confirmed).await.unwrap().unwrap();

    let mut answers = Vec::new();
    for (i, email) in [&new, &waiting, &confirmed].into_iter().enumerate() {
        let first = sign_up(&app, email, &format!("10.9.1.{i}")).await;
        let again = sign_up(&app, &email.to_uppercase(), &format!("10.9.2.{i}")).await;
        assert_eq!((first.status, again.status), (StatusCode::CREATED, StatusCode::CREATED), "{email}");
        assert_eq!(first.body, again.body, "the same address gets the same answer, id included");
        assert!(first.set_cookie(SIGN_UP_COOKIE).is_some());
        answers.push(first.body);
    }
    // The same body, but for the address itself: the request's own echo.
    for body in &answers {
        let email = body["user"]["email"].as_str().unwrap();
        let expected = json!({
            "user": {"id": auth::shown_user_id(&state, &shared::email::EmailAddress::parse(email).unwrap()), "email": email,
                     "app_metadata": {}, "user_metadata": {"name": "Ada Lovelace"}},
            "confirmation_sent": true,
        });
        assert_eq!(body, &expected);
    }
    let ids: Vec<&str> = answers.iter().map(|b| b["user"]["id"].as_str().unwrap()).collect();
    assert_ne!(ids[0], ids[1]);
    assert_ne!(ids[1], ids[2]);
    assert_ne!(ids[2], owner_id.as_str(), "an account's real id is never shown");
    assert_eq!(uuid::Uuid::parse_str(ids[2]).unwrap().get_version_num(), 8, "a keyed hash, shaped as a UUID");

    // The id an address is answered with does not change when it comes to have an account.
    let before = sign_up(&app, &new, "10.9.3.1").await.body["user"]["id"].clone();
    let token = confirmation_token(&state, &new).await;
    assert_eq!(Browser::at("10.9.3.2").open(&app, &token, Some(PASSWORD)).await.status, StatusCode::OK);
    forget_address_limits(&state, &new).await;
    assert_eq!(sign_up(&app, &new, "10.9.3.3").await.body["user"]["id"], before);

    settle(&state).await;
    assert_eq!(count(&state, &confirmed, "Someone tried to sign up with your address"), 1, "at most one note a minute");
    assert_eq!(count(&state, &confirmed, "Confirm your RaiseSpark account"), 1, "only the owner's own sign-up ever mailed a link");
}

#[tokio::test]
async fn a_sign_up_never_replaces_or_sets_the_password_of_an_account() {
    let (app, state) = app().await;
    let email = unique_email();
    confirmed_user(&app, &state, &email).await;
    let mut stranger = Browser::at("10.9.4.1");
    assert_eq!(stranger.sign_up(&app, &email.to_uppercase(), STRANGER_PASSWORD).await.status, StatusCode::CREATED);
    settle(&state).await;
    let notices: Vec<_> = mail_to(&state, &email).into_iter().filter(|m| m.email.subject == "Someone tried to sign up with your address").collect();
    assert_eq!(notices.len(), 1);
    assert!(notices[0].email.text.contains("/forgot-password"));
    assert_eq!(confirmation_tokens(&state, &email).await.len(), 1, "no link for the stranger's sign-up");
    assert_eq!(sign_in(&app, &email, PASSWORD, "10.9.4.2").await.status, StatusCode::OK, "the owner's password is untouched");
    let stranger_in = stranger.sign_in(&app, &email, STRANGER_PASSWORD).await;
    assert_eq!(stranger_in.error_code(), "invalid_credentials", "the stranger's password is nothing: not even 'not confirmed'");
}

// ------------------------------------------------------------------ the rule: a password becomes usable only when its chooser proves the mailbox

#[tokio::test]
async fn a_link_opened_outside_the_signing_up_browser_asks_for_the_password_chosen_at_that_sign_up() {
    // The ordinary case: sign up on a laptop, open the mail on a phone; one extra step.
    let (app, state) = app().await;
    let email = unique_email();
    let mut laptop = Browser::at("10.10.0.1");
    laptop.sign_up(&app, &email, PASSWORD).await;
    let token = confirmation_token(&state, &email).await;
    let phone = Browser::at("10.10.0.2");

    let asked = phone.open(&app, &token, None).await;
    assert_eq!(asked.status, StatusCode::BAD_REQUEST);
    assert_eq!((asked.error_code(), asked.error_message()), ("password_required", SIGN_UP_PASSWORD_REQUIRED));
    let wrong = phone.open(&app, &token, Some("not what I chose")).await;
    assert_eq!((wrong.error_code(), wrong.error_message()), ("wrong_password", WRONG_SIGN_UP_PASSWORD));
    assert!(account_ids(&state, &email).await.is_empty(), "neither attempt made the account");

    let session = phone.open(&app, &token, Some(PASSWORD)).await;
    assert_eq!(session.status, StatusCode::OK, "{:?}", session.body);
    assert_eq!(session.body["user"]["email"], email);
    assert!(session.set_cookie(REFRESH_COOKIE).is_some());
    assert_eq!(session.set_cookie(SIGN_UP_COOKIE), None, "the phone held no sign-up cookie to clear");
    assert_eq!(account_ids(&state, &email).await.len(), 1);
    assert_eq!(sign_in(&app, &email, PASSWORD, "10.10.0.3").await.status, StatusCode::OK);
    // The laptop's link is used up, and its own sign-in works like anyone's.
    assert_eq!(laptop.open(&app, &token, None).await.error_message(), INVALID_LINK);
}

#[tokio::test]
async fn in_the_signing_up_browser_the_link_confirms_at_once_and_clears_the_nonce() {
    let (app, state) = app().await;
    let email = unique_email();
    let mut browser = Browser::at("10.10.1.1");
    browser.sign_up(&app, &email, PASSWORD).await;
    let token = confirmation_token(&state, &email).await;
    let session = browser.open(&app, &token, None).await;
    assert_eq!(session.status, StatusCode::OK, "{:?}", session.body);
    assert_eq!(session.body["expires_in"], 900);
    let refresh_cookie = session.set_cookie_header(REFRESH_COOKIE).unwrap();
    for attribute in ["HttpOnly", "Secure", "SameSite=Strict", "Path=/api/auth"] {
        assert!(refresh_cookie.contains(attribute), "{refresh_cookie}");
    }
    assert_eq!(session.set_cookie(SIGN_UP_COOKIE).as_deref(), Some(""), "the nonce cookie is cleared");
    let me = Call::get("/api/auth/user").token(session.body["access_token"].as_str().unwrap()).send(&app).await;
    assert_eq!(me.body["email"], email);
    assert_eq!(me.body["user_metadata"]["name"], "Ada Lovelace");
    assert_ne!(me.body["id"].as_str().unwrap(), auth::shown_user_id(&state, &shared::email::EmailAddress::parse(&email).unwrap()));
}

#[tokio::test]
async fn a_strangers_sign_up_gives_the_stranger_nothing_when_the_owner_opens_the_mailed_link() {
    // The stranger signs up the victim's address with the stranger's password; the victim
    // opens the mailed link in their own browser.
    let (app, state) = app().await;
    let email = unique_email();
    let mut stranger = Browser::at("10.11.0.1");
    stranger.sign_up(&app, &email, STRANGER_PASSWORD).await;
    let strangers_link = confirmation_token(&state, &email).await;

    for victim in [Browser::at("10.11.0.2"), Browser { ip: "10.11.0.3".into(), nonce: Some(shared::crypto::random_token()) }] {
        let opened = victim.open(&app, &strangers_link, None).await;
        assert_eq!(opened.error_code(), "password_required", "the victim's browser is not the signing-up one");
        let own_password = victim.open(&app, &strangers_link, Some(PASSWORD)).await;
        assert_eq!(own_password.error_code(), "wrong_password", "the link is bound to the password chosen at its sign-up");
    }
    assert!(account_ids(&state, &email).await.is_empty());
    // What the stranger's password can do: learn that the sign-up waits, nothing more.
    assert_eq!(stranger.sign_in(&app, &email, STRANGER_PASSWORD).await.error_code(), "email_not_confirmed");

    // The victim signs up themselves and confirms: the account is theirs alone.
    forget_address_limits(&state, &email).await;
    let mut victim = Browser::at("10.11.0.4");
    victim.sign_up(&app, &email, PASSWORD).await;
    let own_link = confirmation_token(&state, &email).await;
    assert_ne!(own_link, strangers_link);
    assert_eq!(victim.open(&app, &own_link, None).await.status, StatusCode::OK);
    assert_eq!(stranger.sign_in(&app, &email, STRANGER_PASSWORD).await.error_code(), "invalid_credentials");
    assert_eq!(victim.sign_in(&app, &email, PASSWORD).await.status, StatusCode::OK);
    // And the stranger's link, even with the stranger's own browser and password, is dead.
    assert_eq!(stranger.open(&app, &strangers_link, None).await.error_message(), INVALID_LINK);
    assert_eq!(Browser::at("10.11.0.5").open(&app, &strangers_link, Some(STRANGER_PASSWORD)).await.error_message(), INVALID_LINK);
    assert_eq!(account_ids(&state, &email).await.len(), 1);
}

#[tokio::test]
async fn when_the_owner_signed_up_first_a_later_strangers_sign_up_never_takes_the_account_in_either_link_order_or_browser() {
    // The owner signs up, then a stranger signs the same address up again: two links reach
    // the owner's mailbox. Whichever the owner opens first, in the signing-up browser or on
    // another device, only the owner's password ever works.
    #[derive(Debug, Clone, Copy)]
    enum Order {
        OwnersLinkFirst,
        StrangersLinkFirst,
    }
    for order in [Order::OwnersLinkFirst, Order::StrangersLinkFirst] {
        for on_another_device in [false, true] {
            let (app, state) = app().await;
            let email = unique_email();
            let mut owner = Browser::at("10.12.0.1");
            owner.sign_up(&app, &email, PASSWORD).await;
            let owners_link = confirmation_token(&state, &email).await;
            let mut stranger = Browser::at("10.12.0.2");
            stranger.sign_up(&app, &email, STRANGER_PASSWORD).await;
            let links = confirmation_tokens(&state, &email).await;
            assert_eq!(links.len(), 2, "{order:?}: each sign-up mails its own link");
            let strangers_link = links[0].clone();
            assert_ne!(strangers_link, owners_link);
            let opener = if on_another_device { Browser::at("10.12.0.3") } else { owner.clone() };
            let owners_password = on_another_device.then_some(PASSWORD);
            let case = format!("{order:?}, another device: {on_another_device}");

            if let Order::StrangersLinkFirst = order {
                let opened = opener.open(&app, &strangers_link, owners_password).await;
                let expected = if on_another_device { "wrong_password" } else { "password_required" };
                assert_eq!(opened.error_code(), expected, "{case}: the stranger's link never takes the owner's browser or password");
                assert!(account_ids(&state, &email).await.is_empty(), "{case}");
            }
            let confirmed = opener.open(&app, &owners_link, owners_password).await;
            assert_eq!(confirmed.status, StatusCode::OK, "{case}: {:?}", confirmed.body);
            // Once the address is confirmed, every other link for it is dead, for anyone.
            assert_eq!(opener.open(&app, &strangers_link, owners_password).await.error_message(), INVALID_LINK, "{case}");
            assert_eq!(stranger.open(&app, &strangers_link, None).await.error_message(), INVALID_LINK, "{case}");
            assert_eq!(stranger.sign_in(&app, &email, STRANGER_PASSWORD).await.error_code(), "invalid_credentials", "{case}");
            assert_eq!(sign_in(&app, &email, PASSWORD, "10.12.0.4").await.status, StatusCode::OK, "{case}");
            assert_eq!(account_ids(&state, &email).await.len(), 1, "{case}");
        }
    }
}

#[tokio::test]
async fn signing_in_with_the_password_of_a_waiting_sign_up_says_not_confirmed_only_to_whoever_typed_it() {
    let (app, state) = app().await;
    let email = unique_email();
    let mut owner = Browser::at("10.13.0.1");
    owner.sign_up(&app, &email, PASSWORD).await;
    settle(&state).await;
    for (who, browser) in [("the signing-up browser", owner.clone()), ("another browser", Browser::at("10.13.0.2"))] {
        let response = browser.sign_in(&app, &email, PASSWORD).await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST, "{who}");
        assert_eq!((response.error_code(), response.error_message()), ("email_not_confirmed", EMAIL_NOT_CONFIRMED), "{who}");
    }
    let wrong = sign_in(&app, &email, "not the password", "10.13.0.3").await;
    let unknown = sign_in(&app, &unique_email(), "not the password", "10.13.0.4").await;
    assert_eq!((wrong.status, &wrong.body), (unknown.status, &unknown.body), "anyone else learns nothing");
    assert_eq!(wrong.error_message(), INVALID_CREDENTIALS);

    // With a stranger's sign-up after it, the owner's own browser still finds the owner's.
    let mut stranger = Browser::at("10.13.0.5");
    stranger.sign_up(&app, &email, STRANGER_PASSWORD).await;
    settle(&state).await;
    assert_eq!(owner.sign_in(&app, &email, PASSWORD).await.error_code(), "email_not_confirmed");
    assert_eq!(stranger.sign_in(&app, &email, STRANGER_PASSWORD).await.error_code(), "email_not_confirmed");
}

#[tokio::test]
async fn a_confirmation_link_works_once_expires_and_forged_or_mistyped_links_are_invalid() {
    let (app, state) = app().await;
    let email = unique_email();
    let mut browser = Browser::at("10.14.0.1");
    browser.sign_up(&app, &email, PASSWORD).await;
    let token = confirmation_token(&state, &email).await;
    for body in [json!({"token": "forged-token", "type": "signup"}), json!({"token": token, "type": "magiclink"}), json!({"token": "", "type": "signup"})] {
        let response = browser.call(Call::post("/api/auth/verify").json(body)).send(&app).await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST);
        assert_eq!(response.error_message(), INVALID_LINK);
    }
    assert_eq!(browser.open(&app, &token, None).await.status, StatusCode::OK);
    let again = browser.open(&app, &token, None).await;
    assert_eq!((again.status, again.error_message()), (StatusCode::BAD_REQUEST, INVALID_LINK), "reused");
    assert_eq!(Browser::at("10.14.0.2").open(&app, &token, Some(PASSWORD)).await.error_message(), INVALID_LINK, "reused elsewhere");

    // Expiry: a day later the link (and the sign-up it names) confirms nothing.
    let late = unique_email();
    let mut browser = Browser::at("10.14.0.3");
    browser.sign_up(&app, &late, PASSWORD).await;
    let token = confirmation_token(&state, &late).await;
    state.clock.advance(std::time::Duration::from_secs(24 * 3600 + 1));
    assert_eq!(browser.open(&app, &token, None).await.error_message(), INVALID_LINK);
    assert!(account_ids(&state, &late).await.is_empty());
    assert_eq!(browser.sign_in(&app, &late, PASSWORD).await.error_code(), "invalid_credentials", "an expired sign-up is nothing");
}

#[tokio::test]
async fn wrong_passwords_on_a_link_are_limited_to_five_per_link_like_sign_in() {
    shared::testing::clear_of_window_edge(25).await;
    let (app, state) = app().await;
    let email = unique_email();
    Browser::at("10.15.0.1").sign_up(&app, &email, PASSWORD).await;
    let token = confirmation_token(&state, &email).await;
    for attempt in 0..5 {
        let phone = Browser::at(&format!("10.15.1.{attempt}"));
        assert_eq!(phone.open(&app, &token, Some("guessing wrong")).await.error_code(), "wrong_password", "attempt {attempt}");
    }
    let limited = Browser::at("10.15.2.1").open(&app, &token, Some(PASSWORD)).await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS, "per link, from any address");
    assert_eq!(limited.error_message(), LOGIN_RATE_LIMITED);
    assert!(limited.headers.contains_key("retry-after"));
    assert!(account_ids(&state, &email).await.is_empty());

    // Parallel guesses on another link reserve their slots atomically: exactly five are checked.
    let other = unique_email();
    Browser::at("10.15.3.1").sign_up(&app, &other, PASSWORD).await;
    let token = confirmation_token(&state, &other).await;
    let guesses = (0..20).map(|i| {
        let (app, token) = (app.clone(), token.clone());
        tokio::spawn(async move { Browser::at(&format!("10.15.4.{i}")).open(&app, &token, Some("guessing wrong")).await.status })
    });
    let statuses: Vec<StatusCode> = futures::future::join_all(guesses).await.into_iter().map(Result::unwrap).collect();
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::BAD_REQUEST).count(), 5, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count(), 15, "{statuses:?}");
}

#[tokio::test]
async fn a_waiting_sign_up_never_overrides_an_account_made_from_another_sign_up_of_the_address() {
    // Two sign-ups of one address wait (two browsers); the first confirmed makes the account,
    // and the other is dead from then on, for its own browser and password too.
    let (app, state) = app().await;
    let email = unique_email();
    let mut first = Browser::at("10.16.0.1");
    first.sign_up(&app, &email, PASSWORD).await;
    let first_link = confirmation_token(&state, &email).await;
    let mut second = Browser::at("10.16.0.2");
    second.sign_up(&app, &email.to_uppercase(), "another chosen password").await;
    let second_link = confirmation_token(&state, &email).await;
    assert_eq!(first.open(&app, &first_link, None).await.status, StatusCode::OK);
    let late = second.open(&app, &second_link, None).await;
    assert_eq!(late.error_message(), INVALID_LINK);
    assert_eq!(second.sign_in(&app, &email, "another chosen password").await.error_code(), "invalid_credentials");
    assert_eq!(first.sign_in(&app, &email, PASSWORD).await.status, StatusCode::OK);
    let waiting = state.account_requests().registrations(&email, state.clock.unix());
    assert!(waiting.await.unwrap().is_empty(), "the dead sign-ups are tidied away");
}

#[tokio::test]
async fn fifty_parallel_sign_ups_of_one_address_are_limited_and_fifty_parallel_confirmations_make_exactly_one_account() {
    shared::testing::clear_of_window_edge(25).await;
    let (app, state) = app().await;
    let email = unique_email();
    let attempts = (0..50).map(|i| {
        let (app, email) = (app.clone(), if i % 2 == 0 { email.clone() } else { email.to_uppercase() });
        tokio::spawn(async move { Browser::at(&format!("10.17.0.{i}")).sign_up(&app, &email, PASSWORD).await.status })
    });
    let statuses: Vec<StatusCode> = futures::future::join_all(attempts).await.into_iter().map(Result::unwrap).collect();
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::CREATED).count(), 5, "five an hour per address: {statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count(), 45, "{statuses:?}");

    // Fifty sign-ups waiting at once (the limit set aside), each confirmed in parallel from
    // its own browser: one account, case-insensitively.
    let mut browsers = Vec::new();
    for i in 0..45 {
        forget_address_limits(&state, &email).await;
        let mut browser = Browser::at(&format!("10.17.1.{i}"));
        let address = if i % 2 == 0 { email.clone() } else { email.to_uppercase() };
        assert_eq!(browser.sign_up(&app, &address, PASSWORD).await.status, StatusCode::CREATED);
        browsers.push(browser);
    }
    let links = confirmation_tokens(&state, &email).await;
    assert_eq!(links.len(), 50);
    let opens = links.into_iter().enumerate().map(|(i, token)| {
        let app = app.clone();
        tokio::spawn(async move { Browser::at(&format!("10.17.2.{i}")).open(&app, &token, Some(PASSWORD)).await.status })
    });
    let statuses: Vec<StatusCode> = futures::future::join_all(opens).await.into_iter().map(Result::unwrap).collect();
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::OK).count(), 1, "{statuses:?}");
    assert!(statuses.iter().all(|s| [StatusCode::OK, StatusCode::BAD_REQUEST, StatusCode::SERVICE_UNAVAILABLE].contains(s)), "{statuses:?}");
    assert_eq!(account_ids(&state, &email).await.len(), 1);
    assert_eq!(account_ids(&state, &email.to_uppercase()).await.len(), 0, "addresses are stored lower-cased");
    settle(&state).await;
    assert_eq!(count(&state, &email, "Welcome to RaiseSpark"), 1, "one account, welcomed once");
}

#[tokio::test]
async fn sign_ups_from_one_ip_are_rate_limited() {
    shared::testing::clear_of_window_edge(25).await;
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

#[tokio::test]
async fn the_referral_and_the_welcome_happen_once_when_the_account_comes_to_exist() {
    let (app, state) = app().await;
    let referrer = shared::testing::stored_user(&state, "referrer").await;
    let code = shared::rewards::referral_code(&referrer.id);
    assert!(state.rewards().claim_code(&code, &referrer.id).await.unwrap());
    let email = unique_email();
    let browser = Browser::at("10.18.0.1");
    let body = json!({"email": email, "password": PASSWORD, "data": {"name": "Ada Lovelace", "referral_id": code}});
    let signed_up = browser.call(Call::post("/api/auth/signup").json(body)).send(&app).await;
    assert_eq!(signed_up.status, StatusCode::CREATED);
    let browser = Browser { nonce: signed_up.set_cookie(SIGN_UP_COOKIE), ..browser };
    settle(&state).await;
    let referrals = || state.rewards().referrals_of(&referrer.id);
    assert!(referrals().await.unwrap().is_empty(), "nothing is attached to a sign-up");
    assert_eq!(count(&state, &email, "Welcome to RaiseSpark"), 0);

    let token = confirmation_token(&state, &email).await;
    let session = browser.open(&app, &token, None).await;
    assert_eq!(session.status, StatusCode::OK);
    settle(&state).await;
    let recorded = referrals().await.unwrap();
    assert_eq!(recorded.len(), 1);
    assert_eq!(recorded[0].referred_user_id, session.body["user"]["id"].as_str().unwrap());
    assert_eq!(count(&state, &email, "Welcome to RaiseSpark"), 1);

    // The stream delivers the welcome again (a retried batch): still once.
    let item = state
        .dynamo
        .get_item()
        .table_name(&state.config.tables.account_requests)
        .key("email", aws_sdk_dynamodb::types::AttributeValue::S(email.clone()))
        .key("sk", aws_sdk_dynamodb::types::AttributeValue::S(format!("job#welcome#{}", recorded[0].referred_user_id)))
        .send()
        .await
        .unwrap()
        .item
        .expect("the welcome job, written with the account");
    let mut record = aws_lambda_events::event::dynamodb::EventRecord::default();
    record.event_name = "INSERT".into();
    record.change.new_image = serde_dynamo::Item::from(item);
    let mut event = aws_lambda_events::event::dynamodb::Event::default();
    event.records.push(record);
    auth::jobs::handle(&state, event.clone()).await.unwrap();
    auth::jobs::handle(&state, event).await.unwrap();
    assert_eq!(count(&state, &email, "Welcome to RaiseSpark"), 1);
    assert_eq!(referrals().await.unwrap().len(), 1);
}

#[tokio::test]
async fn in_stream_mode_nothing_is_mailed_on_the_request_and_the_stream_mails_each_link_once() {
    let state = shared::testing::test_state_with(|config| config.auth_jobs = shared::config::LeadNotifications::Stream).await;
    let app = shared::http::mount("auth", auth::router(state.clone()));
    let email = unique_email();
    let mut browser = Browser::at("10.19.0.1");
    assert_eq!(browser.sign_up(&app, &email, PASSWORD).await.status, StatusCode::CREATED);
    settle(&state).await;
    assert!(mail_to(&state, &email).is_empty(), "AWS: the request only writes; the stream mails");

    let output = state
        .dynamo
        .query()
        .table_name(&state.config.tables.account_requests)
        .key_condition_expression("email = :email")
        .expression_attribute_values(":email", aws_sdk_dynamodb::types::AttributeValue::S(email.clone()))
        .send()
        .await
        .unwrap();
    let mut event = aws_lambda_events::event::dynamodb::Event::default();
    for item in output.items.unwrap() {
        let mut record = aws_lambda_events::event::dynamodb::EventRecord::default();
        record.event_name = "INSERT".into();
        record.change.new_image = serde_dynamo::Item::from(item);
        event.records.push(record);
    }
    assert_eq!(auth::jobs::handle(&state, event.clone()).await.unwrap(), 1);
    auth::jobs::handle(&state, event).await.unwrap(); // a retried batch
    assert_eq!(confirmation_tokens(&state, &email).await.len(), 1, "mailed once");
    let token = confirmation_token(&state, &email).await;
    assert_eq!(browser.open(&app, &token, None).await.status, StatusCode::OK);
}

#[tokio::test]
async fn resending_keeps_the_password_of_the_sign_up_it_resends_waits_a_minute_and_never_reveals_accounts() {
    let (app, state) = app().await;
    let email = unique_email();
    let mut owner = Browser::at("10.20.0.1");
    owner.sign_up(&app, &email, PASSWORD).await;
    let early = owner.call(Call::post("/api/auth/resend").json(json!({"email": email}))).send(&app).await;
    assert_eq!(early.status, StatusCode::TOO_MANY_REQUESTS, "the sign-up mail counts as the first send");
    assert_eq!(early.error_message(), MAIL_RATE_LIMITED);

    let unknown = Call::post("/api/auth/resend").json(json!({"email": unique_email()})).send(&app).await;
    assert_eq!(unknown.status, StatusCode::OK);
    assert_eq!(unknown.body, json!({"sent": true}));

    // A stranger's sign-up comes after the owner's; the owner's browser asks again: the new
    // link is the owner's sign-up's, still bound to the owner's password.
    forget_address_limits(&state, &email).await;
    let mut stranger = Browser::at("10.20.0.2");
    stranger.sign_up(&app, &email, STRANGER_PASSWORD).await;
    forget_address_limits(&state, &email).await;
    let resent = owner.call(Call::post("/api/auth/resend").json(json!({"email": email}))).send(&app).await;
    assert_eq!(resent.status, StatusCode::OK);
    let links = confirmation_tokens(&state, &email).await;
    assert_eq!(links.len(), 3);
    let phone = Browser::at("10.20.0.3");
    assert_eq!(phone.open(&app, &links[0], Some(STRANGER_PASSWORD)).await.error_code(), "wrong_password");
    assert_eq!(phone.open(&app, &links[0], Some(PASSWORD)).await.status, StatusCode::OK, "the resent link carries the owner's password");

    // Confirmed addresses get nothing from a resend, and the answer is the same.
    forget_address_limits(&state, &email).await;
    let after = Call::post("/api/auth/resend").from_ip("10.20.0.4").json(json!({"email": email})).send(&app).await;
    assert_eq!((after.status, after.body), (StatusCode::OK, json!({"sent": true})));
    assert_eq!(confirmation_tokens(&state, &email).await.len(), 3);
}

#[tokio::test]
async fn resends_from_one_ip_are_limited_to_ten_an_hour() {
    shared::testing::clear_of_window_edge(25).await;
    let (app, _) = app().await;
    for i in 0..10 {
        let response = Call::post("/api/auth/resend").from_ip("10.21.0.1").json(json!({"email": unique_email()})).send(&app).await;
        assert_eq!(response.status, StatusCode::OK, "resend {i}");
    }
    let limited = Call::post("/api/auth/resend").from_ip("10.21.0.1").json(json!({"email": unique_email()})).send(&app).await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(limited.error_message(), RESEND_RATE_LIMITED);
    assert!(limited.headers.contains_key("retry-after"));
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
    shared::testing::clear_of_window_edge(25).await;
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
    shared::testing::clear_of_window_edge(25).await;
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
    shared::testing::clear_of_window_edge(25).await;
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
    shared::testing::clear_of_window_edge(25).await;
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
    shared::testing::clear_of_window_edge(25).await;
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
    shared::testing::clear_of_window_edge(25).await;
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
    shared::testing::clear_of_window_edge(25).await;
    let (app, state) = app().await;
    let email = unique_email();
    confirmed_user(&app, &state, &email).await;
    // A hundred failures an hour from anywhere: the account-wide limit (filled directly, as
    // if from a hundred addresses).
    for _ in 0..100 {
        shared::rate_limit::reserve(state.rate_limits(), &auth::limits::FAILURES_PER_ACCOUNT, &email).await.unwrap().unwrap();
    }
    let attacker = sign_in(&app, &email, "wrong password", "10.7.2.9").await;
    assert_eq!(attacker.status, StatusCode::TOO_MANY_REQUESTS, "past the limit, wrong passwords learn nothing");
    let started = state.clock.now();
    let owner = sign_in(&app, &email, PASSWORD, "10.7.2.1").await;
    assert_eq!(owner.status, StatusCode::OK, "the owner still signs in: {:?}", owner.body);
    // The test state's clock is manual: the slowdown moved it instead of waiting.
    assert!(state.clock.now() - started >= auth::limits::ACCOUNT_SLOWDOWN, "but slowed down");
}

// ------------------------------------------------------------------ password recovery

async fn ask_reset(app: &Router, email: &str, ip: &str) -> TestResponse {
    Call::post("/api/auth/recover").from_ip(ip).json(json!({"email": email})).send(app).await
}

async fn check_reset(app: &Router, token: &str) -> TestResponse {
    Call::post("/api/auth/recover/check").json(json!({"token": token})).send(app).await
}

async fn complete_reset(app: &Router, token: &str, password: &str) -> TestResponse {
    Call::post("/api/auth/recover/complete").json(json!({"token": token, "new_password": password})).send(app).await
}

/// Every reset link mailed to `email`, newest first.
async fn recovery_tokens(state: &AppState, email: &str) -> Vec<String> {
    settle(state).await;
    mail_to(state, email)
        .iter()
        .filter(|m| m.email.subject == "Reset your RaiseSpark password")
        .flat_map(|m| m.links())
        .filter(|l| l.contains("type=recovery"))
        .map(|l| token_of(&l))
        .collect()
}

async fn recovery_token(state: &AppState, email: &str) -> String {
    recovery_tokens(state, email).await.into_iter().next().expect("a reset link")
}

/// A new reset link for `email` (its per-address minute set aside first).
async fn new_reset_link(app: &Router, state: &AppState, email: &str, ip: &str) -> String {
    forget_address_limits(state, email).await;
    assert_eq!(ask_reset(app, email, ip).await.status, StatusCode::OK);
    recovery_token(state, email).await
}

#[tokio::test]
async fn a_reset_link_sets_a_new_password_once_and_a_reset_revokes_every_other_session() {
    let (app, state) = app().await;
    let email = unique_email();
    let (_, other_device) = confirmed_user(&app, &state, &email).await;
    let phone = sign_in(&app, &email, PASSWORD, "10.8.0.9").await.set_cookie(REFRESH_COOKIE).unwrap();

    let asked = ask_reset(&app, &email.to_uppercase(), "10.8.0.1").await;
    assert_eq!((asked.status, asked.body.clone()), (StatusCode::OK, json!({"sent": true})));
    let token = recovery_token(&state, &email).await;
    assert_eq!(check_reset(&app, &token).await.status, StatusCode::OK);

    let short = complete_reset(&app, &token, "short").await;
    assert_eq!((short.status, short.error_message()), (StatusCode::BAD_REQUEST, PASSWORD_TOO_SHORT));
    let done = complete_reset(&app, &token, "a brand new passphrase").await;
    assert_eq!(done.status, StatusCode::OK, "{:?}", done.body);
    assert!(done.body["access_token"].is_string());
    let this_browser = done.set_cookie(REFRESH_COOKIE).unwrap();

    for other in [&other_device, &phone] {
        assert_eq!(refresh(&app, other).await.status, StatusCode::UNAUTHORIZED, "every other session ended");
    }
    assert_eq!(refresh(&app, &this_browser).await.status, StatusCode::OK, "the resetting browser is signed in");
    assert_eq!(sign_in(&app, &email, PASSWORD, "10.8.0.2").await.status, StatusCode::BAD_REQUEST);
    assert_eq!(sign_in(&app, &email, "a brand new passphrase", "10.8.0.3").await.status, StatusCode::OK);

    let reused = complete_reset(&app, &token, "yet another passphrase").await;
    assert_eq!((reused.status, reused.error_message()), (StatusCode::BAD_REQUEST, INVALID_RECOVERY_LINK));
    assert_eq!(check_reset(&app, &token).await.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn recovery_answers_the_same_for_unknown_addresses_and_waits_a_minute_per_address() {
    shared::testing::clear_of_window_edge(25).await;
    let (app, state) = app().await;
    let email = unique_email();
    confirmed_user(&app, &state, &email).await;
    let known = ask_reset(&app, &email, "10.8.2.1").await;
    let stranger = unique_email();
    let unknown = ask_reset(&app, &stranger, "10.8.2.2").await;
    assert_eq!((known.status, &known.body), (unknown.status, &unknown.body));
    settle(&state).await;
    assert!(mail_to(&state, &stranger).is_empty());
    let again = ask_reset(&app, &email, "10.8.2.3").await;
    assert_eq!(again.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(again.error_message(), MAIL_RATE_LIMITED);
    assert!(again.headers.contains_key("retry-after"));
    let unknown_again = ask_reset(&app, &stranger, "10.8.2.4").await;
    assert_eq!((unknown_again.status, unknown_again.error_message()), (StatusCode::TOO_MANY_REQUESTS, MAIL_RATE_LIMITED), "the same for an unknown address");
    let bad = ask_reset(&app, "not an address", "10.8.2.5").await;
    assert_eq!((bad.status, bad.error_message()), (StatusCode::BAD_REQUEST, INVALID_EMAIL));
    assert_eq!(recovery_tokens(&state, &email).await.len(), 1);
}

#[tokio::test]
async fn reset_requests_from_one_ip_are_limited_to_ten_an_hour_whatever_the_addresses() {
    shared::testing::clear_of_window_edge(25).await;
    let (app, _) = app().await;
    let asks = (0..25).map(|_| {
        let app = app.clone();
        tokio::spawn(async move { ask_reset(&app, &unique_email(), "10.8.3.1").await })
    });
    let answers: Vec<TestResponse> = futures::future::join_all(asks).await.into_iter().map(Result::unwrap).collect();
    assert_eq!(answers.iter().filter(|a| a.status == StatusCode::OK).count(), 10, "atomic reservations, like a sequential run");
    let limited: Vec<_> = answers.iter().filter(|a| a.status == StatusCode::TOO_MANY_REQUESTS).collect();
    assert_eq!(limited.len(), 15);
    for answer in limited {
        assert_eq!(answer.error_message(), RECOVER_RATE_LIMITED);
        assert_eq!(answer.headers.get("retry-after").and_then(|v| v.to_str().ok()), Some("600"));
    }
    assert_eq!(ask_reset(&app, &unique_email(), "10.8.3.2").await.status, StatusCode::OK, "another IP is unaffected");
}

#[tokio::test]
async fn only_the_newest_reset_link_works_a_newer_one_issued_or_used_kills_every_older_one() {
    let (app, state) = app().await;
    let email = unique_email();
    confirmed_user(&app, &state, &email).await;

    // An older link after a newer one was merely issued.
    let older = new_reset_link(&app, &state, &email, "10.8.4.1").await;
    assert_eq!(check_reset(&app, &older).await.status, StatusCode::OK);
    let newer = new_reset_link(&app, &state, &email, "10.8.4.2").await;
    assert_ne!(older, newer);
    assert_eq!(check_reset(&app, &older).await.error_message(), INVALID_RECOVERY_LINK);
    assert_eq!(complete_reset(&app, &older, "the older links passphrase").await.error_message(), INVALID_RECOVERY_LINK);
    assert_eq!(sign_in(&app, &email, PASSWORD, "10.8.4.3").await.status, StatusCode::OK, "the dead link changed nothing");

    // An older link after the newer one was used.
    assert_eq!(complete_reset(&app, &newer, "the newer links passphrase").await.status, StatusCode::OK);
    for link in [&older, &newer] {
        assert_eq!(complete_reset(&app, link, "an attackers passphrase").await.error_message(), INVALID_RECOVERY_LINK);
    }
    assert_eq!(sign_in(&app, &email, "the newer links passphrase", "10.8.4.4").await.status, StatusCode::OK);

    // Two links submitted at the same moment: only the later one works.
    forget_address_limits(&state, &email).await;
    ask_reset(&app, &email, "10.8.4.5").await;
    forget_address_limits(&state, &email).await;
    ask_reset(&app, &email, "10.8.4.6").await;
    let links = recovery_tokens(&state, &email).await;
    let (latest, earlier) = (&links[0], &links[1]);
    let both = futures::future::join(complete_reset(&app, earlier, "racing passphrase one"), complete_reset(&app, latest, "racing passphrase two")).await;
    assert_eq!((both.0.status, both.1.status), (StatusCode::BAD_REQUEST, StatusCode::OK));
}

#[tokio::test]
async fn a_reset_link_dies_when_the_password_is_changed_and_when_it_is_submitted_twice_at_once() {
    let (app, state) = app().await;
    let email = unique_email();
    let (access, _) = confirmed_user(&app, &state, &email).await;
    let link = new_reset_link(&app, &state, &email, "10.8.5.1").await;
    let changed = Call::post("/api/auth/password")
        .token(&access)
        .json(json!({"current_password": PASSWORD, "new_password": "changed in settings"}))
        .send(&app)
        .await;
    assert_eq!(changed.status, StatusCode::OK);
    assert_eq!(check_reset(&app, &link).await.error_message(), INVALID_RECOVERY_LINK);
    assert_eq!(complete_reset(&app, &link, "an attackers passphrase").await.error_message(), INVALID_RECOVERY_LINK);
    assert_eq!(sign_in(&app, &email, "changed in settings", "10.8.5.2").await.status, StatusCode::OK);

    let link = new_reset_link(&app, &state, &email, "10.8.5.3").await;
    let twice = futures::future::join(complete_reset(&app, &link, "first passphrase"), complete_reset(&app, &link, "second passphrase")).await;
    let mut statuses = [twice.0.status, twice.1.status];
    statuses.sort();
    assert_eq!(statuses, [StatusCode::OK, StatusCode::BAD_REQUEST], "a link works once");
}

#[tokio::test]
async fn a_reset_for_an_address_with_only_sign_ups_waiting_makes_the_account_and_every_older_link_dies() {
    // A stranger signed the address up; its owner never did, and asks for a reset: the reset
    // proves the mailbox and the owner chooses the password, so it makes the account.
    let (app, state) = app().await;
    let email = unique_email();
    let mut stranger = Browser::at("10.8.6.1");
    let body = json!({"email": email, "password": STRANGER_PASSWORD, "data": {"name": "Mallory", "referral_id": "STRANGER1"}});
    let signed_up = stranger.call(Call::post("/api/auth/signup").json(body)).send(&app).await;
    stranger.nonce = signed_up.set_cookie(SIGN_UP_COOKIE);
    let confirmation = confirmation_token(&state, &email).await;
    let older = new_reset_link(&app, &state, &email, "10.8.6.2").await;
    let newer = new_reset_link(&app, &state, &email, "10.8.6.3").await;
    assert_eq!(check_reset(&app, &older).await.error_message(), INVALID_RECOVERY_LINK, "a newer link kills the older");
    assert_eq!(check_reset(&app, &newer).await.status, StatusCode::OK);
    assert!(account_ids(&state, &email).await.is_empty());

    let done = complete_reset(&app, &newer, "the owners own passphrase").await;
    assert_eq!(done.status, StatusCode::OK, "{:?}", done.body);
    assert_eq!(done.body["user"]["user_metadata"], json!({}), "nothing from a sign-up its confirmer may not have made");
    assert_eq!(account_ids(&state, &email).await.len(), 1);
    // After a confirmation by reset: the stranger's link, password and browser are nothing,
    // and every older reset link stays dead.
    assert_eq!(stranger.open(&app, &confirmation, None).await.error_message(), INVALID_LINK);
    assert_eq!(stranger.sign_in(&app, &email, STRANGER_PASSWORD).await.error_code(), "invalid_credentials");
    for link in [&older, &newer] {
        assert_eq!(complete_reset(&app, link, "an attackers passphrase").await.error_message(), INVALID_RECOVERY_LINK);
    }
    assert_eq!(sign_in(&app, &email, "the owners own passphrase", "10.8.6.4").await.status, StatusCode::OK);
    settle(&state).await;
    assert_eq!(count(&state, &email, "Welcome to RaiseSpark"), 1, "the account is welcomed when it comes to exist");

    // From now on a reset is an account's reset, under the account's recovery epoch.
    let link = new_reset_link(&app, &state, &email, "10.8.6.5").await;
    assert_eq!(complete_reset(&app, &link, "a later passphrase").await.status, StatusCode::OK);
}

#[tokio::test]
async fn forged_links_and_links_of_another_kind_are_no_reset_links() {
    let (app, state) = app().await;
    let email = unique_email();
    Browser::at("10.8.1.1").sign_up(&app, &email, PASSWORD).await;
    let confirmation = confirmation_token(&state, &email).await;
    for forged in ["", "nope", &"x".repeat(500), &confirmation] {
        let response = complete_reset(&app, forged, "a brand new passphrase").await;
        assert_eq!((response.status, response.error_message()), (StatusCode::BAD_REQUEST, INVALID_RECOVERY_LINK), "{forged}");
        assert_eq!(check_reset(&app, forged).await.status, StatusCode::BAD_REQUEST);
    }
    let reset = new_reset_link(&app, &state, &email, "10.8.1.2").await;
    let as_confirmation = Browser::at("10.8.1.3").open(&app, &reset, Some(PASSWORD)).await;
    assert_eq!(as_confirmation.error_message(), INVALID_LINK, "a reset link confirms no sign-up");
    assert!(account_ids(&state, &email).await.is_empty());
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
    state.clock.advance(std::time::Duration::from_secs(auth::REUSE_GRACE_SECS as u64 + 1));
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
    let profile = state.profiles().get_profile(id).await.unwrap().unwrap();
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
