//! Sign-up and its confirmation.
//!
//! **A password becomes usable only when the person who chose it also proves the mailbox.**
//! A sign-up makes no account: it stores a *pending registration* (`account_requests`) with
//! the argon2 hash of the password chosen at that sign-up, its details, and the hash of a
//! random nonce that the signing-up browser keeps in the HttpOnly cookie `rs_signup`
//! (Path=/api/auth). The mailed link names that registration. Opened in that browser, the
//! link confirms at once; opened anywhere else, it asks for the password chosen at that
//! sign-up and checks it against the registration's hash (limited like sign-in). Only then
//! is the account made, from that registration, in one transaction that also requires the
//! address to have no account: so a link never activates a password its opener did not
//! choose, whichever sign-up came first, and a sign-up never sets or replaces the password of
//! an existing account.
//!
//! Every sign-up answer looks alike whatever the address's state (new, waiting for a
//! confirmation, or an account): the same status and body, an id that is a keyed hash of the
//! address (stable per address, never an account's id), and the same work on the request
//! path — limits, the hash, one write. What depends on the state (a confirmation link, or a
//! note to the owner of an existing account) is a job done after answering (`jobs`).

use axum::{
    Json,
    extract::State,
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use hmac::{Hmac, Mac};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use sha2::Sha256;
use shared::{
    ApiError, AppState, Result,
    crypto::{random_token, sha256_hex},
    email::EmailAddress,
    http::{ClientIp, JsonBody, cookie},
    rate_limit,
    repo::{
        account_requests::{AccountRequest, Job, JobKind, REGISTRATION_TTL_SECS, Registration},
        one_time_tokens,
        users::{self, ActivateError, Activation},
    },
};

use crate::{
    jobs, limits, mail_subject,
    messages::*,
    password::{self, Password, hash_password, verify_password},
    rate_limited, sessions::signed_in, tokens,
};

/// The cookie that marks the browser a sign-up was made in.
pub const NONCE_COOKIE: &str = "rs_signup";

/// `SameSite=Strict` is enough: the mail client's link is a cross-site navigation to the SPA's
/// page, which carries no cookie, but the page's own `fetch` to `/api/auth/verify` is a
/// same-site request and carries it (the journey `auth.spec.ts` clicks the link from another
/// site to prove it).
fn nonce_cookie(nonce: &str) -> String {
    format!("{NONCE_COOKIE}={nonce}; Path=/api/auth; Max-Age={REGISTRATION_TTL_SECS}; HttpOnly; Secure; SameSite=Strict")
}

fn clear_nonce_cookie() -> String {
    format!("{NONCE_COOKIE}=; Path=/api/auth; Max-Age=0; HttpOnly; Secure; SameSite=Strict")
}

/// The nonce this browser holds from a sign-up, when it holds a well-formed one.
fn browser_nonce(headers: &HeaderMap) -> Option<&str> {
    cookie(headers, NONCE_COOKIE).filter(|nonce| nonce.len() == 43 && nonce.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'))
}

/// The SHA-256 of this browser's sign-up nonce, as registrations store it.
pub fn browser_nonce_hash(headers: &HeaderMap) -> Option<String> {
    browser_nonce(headers).map(sha256_hex)
}

/// The `user.id` a sign-up answers: HMAC-SHA256 of the normalised address under the newest
/// sign-up id secret (`SIGN_UP_ID_SECRETS`, `shared::keys`), shaped as a UUID (version 8, RFC 9562's custom layout). The
/// same for every sign-up of an address whatever its state, different between addresses,
/// and never an account's id (accounts get a random v4 id when they are made).
pub fn shown_user_id(state: &AppState, email: &EmailAddress) -> String {
    let key = state.config.links.sign_up_ids.signing_key();
    let mut mac = Hmac::<Sha256>::new_from_slice(&key).expect("HMAC takes a key of any length");
    mac.update(email.as_str().as_bytes());
    let digest = mac.finalize().into_bytes();
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    bytes[6] = (bytes[6] & 0x0f) | 0x80;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    uuid::Uuid::from_bytes(bytes).to_string()
}

/// Registration metadata (spec 3): attribution fields are kept only when present.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SignUpData {
    name: Option<String>,
    utm_source: Option<String>,
    utm_medium: Option<String>,
    utm_campaign: Option<String>,
    utm_term: Option<String>,
    utm_content: Option<String>,
    referrer: Option<String>,
    referral_id: Option<String>,
}

impl SignUpData {
    fn into_metadata(self) -> Result<Map<String, Value>> {
        let mut metadata = Map::new();
        if let Some(name) = self.name.as_deref().map(str::trim).filter(|name| !name.is_empty()) {
            if name.chars().count() > 100 || name.chars().any(char::is_control) {
                return Err(ApiError::bad_request("invalid_name", "Please enter a name of at most 100 characters."));
            }
            metadata.insert("name".into(), json!(name));
        }
        let fields = [
            ("utm_source", self.utm_source, 200),
            ("utm_medium", self.utm_medium, 200),
            ("utm_campaign", self.utm_campaign, 200),
            ("utm_term", self.utm_term, 200),
            ("utm_content", self.utm_content, 200),
            ("referrer", self.referrer, 2048),
            ("referral_id", self.referral_id, 100),
        ];
        for (key, value, max) in fields {
            if let Some(value) = value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty()) {
                if value.chars().count() > max || value.chars().any(char::is_control) {
                    return Err(ApiError::bad_request("invalid_metadata", format!("The {key} value is too long or malformed.")));
                }
                metadata.insert(key.into(), json!(value));
            }
        }
        Ok(metadata)
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SignUp {
    email: String,
    password: Option<String>,
    #[serde(default)]
    data: Option<SignUpData>,
}

/// `POST /api/auth/signup`: stores a pending registration and answers 201 with the same body
/// for every address; the confirmation link (or, for an address with an account, a note to
/// its owner) goes out after answering.
#[tracing::instrument(skip(state, headers, body))]
pub(crate) async fn sign_up(State(state): State<AppState>, ip: ClientIp, headers: HeaderMap, JsonBody(body): JsonBody<SignUp, 16384>) -> Result<Response> {
    let email = EmailAddress::parse(&body.email)?;
    let password = match body.password.as_deref() {
        Some(raw) if !raw.is_empty() => Password::parse(raw)?,
        _ => Password::generate(),
    };
    let user_metadata = body.data.unwrap_or_default().into_metadata()?;
    if rate_limit::reserve(state.rate_limits(), &limits::SIGNUPS_PER_IP, &ip.0).await?.is_none() {
        return Err(rate_limited("signup_rate_limited", SIGNUP_RATE_LIMITED, 600));
    }
    // Per address whatever its state, so the limit tells nothing about it.
    if rate_limit::reserve(state.rate_limits(), &limits::SIGNUPS_PER_ADDRESS, email.as_str()).await?.is_none() {
        return Err(rate_limited("signup_rate_limited", SIGNUP_RATE_LIMITED, 600));
    }
    // The confirmation's minute starts now: a resend waits for it (a taken slot changes nothing).
    rate_limit::reserve(state.rate_limits(), &limits::MAIL_PER_ADDRESS, &mail_subject(tokens::CONFIRMATION, email.as_str())).await?;

    let nonce = browser_nonce(&headers).map_or_else(random_token, str::to_owned);
    let registration = Registration::new(email.as_str(), hash_password(&password).await?, user_metadata.clone(), sha256_hex(&nonce), state.clock.unix());
    state.account_requests().put_registration(&registration).await?;
    jobs::start(&state, AccountRequest::Registration(registration));

    let user = json!({ "id": shown_user_id(&state, &email), "email": email.as_str(), "app_metadata": {}, "user_metadata": user_metadata });
    let body = json!({ "user": user, "confirmation_sent": true });
    Ok((StatusCode::CREATED, [(header::SET_COOKIE, nonce_cookie(&nonce))], Json(body)).into_response())
}

/// A confirmation link (`POST /api/auth/verify`, `type: signup`). In the signing-up browser
/// (its nonce matches) it confirms at once; anywhere else it needs the password chosen at that
/// sign-up. Then the account is made from the registration, which only works while the
/// address has no account; the address's other registrations are dead from then on.
pub(crate) async fn confirm(state: &AppState, headers: &HeaderMap, ip: &ClientIp, token: &str, password: Option<&str>) -> Result<Response> {
    let (tables, now) = (&state.config.tables, state.clock.unix());
    let invalid = || ApiError::bad_request("invalid_link", INVALID_LINK);
    let link = state.one_time_tokens().find(tokens::CONFIRMATION, token, now).await?.ok_or_else(invalid)?;
    let (Some(email), Some(key)) = (link.email, link.registration) else { return Err(invalid()) };
    let registration = state.account_requests().get_registration(&email, &key)
        .await?
        .filter(|registration| registration.is_live(now))
        .ok_or_else(invalid)?;
    let same_browser = browser_nonce_hash(headers).is_some_and(|hash| hash == registration.nonce_hash);
    if !same_browser {
        prove_password(state, ip, token, &registration, password).await?;
    }

    let activation = Activation {
        email: &email,
        password_hash: &registration.password_hash,
        user_metadata: &registration.user_metadata,
        registration: &key,
        reset_generation: None,
        link: one_time_tokens::consume_in_transaction(&tables.one_time_tokens, tokens::CONFIRMATION, token, now)?,
        now,
    };
    let user = activated(state, state.users().activate(activation).await, &email, &key).await?;
    tracing::info!(user_id = %user.id, same_browser, "account made: its password's chooser proved the mailbox");
    let mut response = signed_in(state, &user).await?;
    if same_browser {
        response.headers_mut().append(header::SET_COOKIE, HeaderValue::from_str(&clear_nonce_cookie()).map_err(ApiError::internal)?);
    }
    Ok(response)
}

/// What an activation's outcome means for the link's opener. A new account's welcome (made in
/// the same transaction) is started, and the address's other registrations are tidied away
/// (they could never confirm anyway).
pub(crate) async fn activated(
    state: &AppState,
    outcome: std::result::Result<users::UserRecord, ActivateError>,
    email: &str,
    key: &str,
) -> Result<users::UserRecord> {
    let user = match outcome {
        Ok(user) => user,
        Err(ActivateError::AddressTaken) => {
            tracing::info!("a registration for an address that has an account: dead");
            if let Err(err) = state.account_requests().delete(email, key).await {
                tracing::warn!(error = %err, "dead registration not tidied");
            }
            return Err(ApiError::bad_request("invalid_link", INVALID_LINK));
        }
        Err(ActivateError::LinkDead) => return Err(ApiError::bad_request("invalid_link", INVALID_LINK)),
        Err(ActivateError::Store(err)) => return Err(err.into()),
    };
    let mut welcome = Job::new(&user.email, JobKind::Welcome, &user.id, state.clock.unix());
    welcome.user_id = Some(user.id.clone());
    jobs::start(state, AccountRequest::Job(welcome));
    match state.account_requests().registrations(email, state.clock.unix()).await {
        Ok(others) => {
            for other in others {
                if let Err(err) = state.account_requests().delete(email, &other.sk).await {
                    tracing::warn!(error = %err, "dead registration not tidied");
                }
            }
        }
        Err(err) => tracing::warn!(error = %err, "dead registrations not tidied"),
    }
    Ok(user)
}

/// The step a link opened outside the signing-up browser needs: the password chosen at that
/// sign-up. Limited like sign-in: the IP's attempts, and 5 wrong passwords per link in 15
/// minutes (reserved before checking, given back when right).
async fn prove_password(state: &AppState, ip: &ClientIp, token: &str, registration: &Registration, password: Option<&str>) -> Result<()> {
    let Some(password) = password.filter(|password| !password.is_empty()) else {
        return Err(ApiError::bad_request("password_required", SIGN_UP_PASSWORD_REQUIRED));
    };
    let per_ip = [(&limits::SIGNIN_PER_IP_BURST, ip.0.as_str()), (&limits::SIGNIN_PER_IP, ip.0.as_str())];
    if rate_limit::reserve_all(state.rate_limits(), &per_ip).await?.is_err() {
        return Err(rate_limited("login_rate_limited", LOGIN_RATE_LIMITED, 300));
    }
    let link_subject = sha256_hex(token);
    let Some(failure) = rate_limit::reserve(state.rate_limits(), &limits::LINK_PASSWORD_FAILURES, &link_subject).await? else {
        return Err(rate_limited("login_rate_limited", LOGIN_RATE_LIMITED, 300));
    };
    let fits = password.chars().count() <= password::MAX_CHARS;
    if !(fits && verify_password(password, Some(&registration.password_hash)).await?) {
        return Err(ApiError::bad_request("wrong_password", WRONG_SIGN_UP_PASSWORD));
    }
    rate_limit::release(state.rate_limits(), &failure).await?;
    Ok(())
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Resend {
    email: String,
}

/// `POST /api/auth/resend`: the confirmation again, for this browser's registration (else the
/// address's newest), carrying the same password as before. Same answer for any address.
#[tracing::instrument(skip(state, headers, body))]
pub(crate) async fn resend(State(state): State<AppState>, ip: ClientIp, headers: HeaderMap, JsonBody(body): JsonBody<Resend, 4096>) -> Result<Json<Value>> {
    let email = EmailAddress::parse(&body.email)?;
    if rate_limit::reserve(state.rate_limits(), &limits::RESENDS_PER_IP, &ip.0).await?.is_none() {
        return Err(rate_limited("resend_rate_limited", RESEND_RATE_LIMITED, 600));
    }
    let subject = mail_subject(tokens::CONFIRMATION, email.as_str());
    if rate_limit::reserve(state.rate_limits(), &limits::MAIL_PER_ADDRESS, &subject).await?.is_none() {
        return Err(rate_limited("mail_rate_limited", MAIL_RATE_LIMITED, 60));
    }
    let mut job = Job::new(email.as_str(), JobKind::Resend, &uuid::Uuid::new_v4().simple().to_string(), state.clock.unix());
    job.nonce_hash = browser_nonce_hash(&headers);
    state.account_requests().put_job(&job).await?;
    jobs::start(&state, AccountRequest::Job(job));
    Ok(Json(json!({ "sent": true })))
}

/// The registration a sign-in's password is checked against when the address has no account:
/// this browser's own, else the newest (one hash either way, so the time is the same).
pub(crate) async fn sign_in_candidate(state: &AppState, headers: &HeaderMap, email: &str) -> Result<Option<Registration>> {
    let mut waiting = state.account_requests().registrations(email, state.clock.unix()).await?;
    let own = browser_nonce_hash(headers).and_then(|hash| waiting.iter().position(|registration| registration.nonce_hash == hash));
    Ok(match own {
        Some(at) => Some(waiting.swap_remove(at)),
        None => waiting.into_iter().next(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_well_formed_nonce_cookie_is_read() {
        let with = |value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::COOKIE, HeaderValue::from_str(&format!("other=1; {NONCE_COOKIE}={value}")).unwrap());
            headers
        };
        let nonce = random_token();
        assert_eq!(browser_nonce(&with(&nonce)), Some(nonce.as_str()));
        assert_eq!(browser_nonce_hash(&with(&nonce)), Some(sha256_hex(&nonce)));
        for bad in ["", "short", &"x".repeat(44), &format!("{}%", &nonce[..42])] {
            assert_eq!(browser_nonce(&with(bad)), None, "{bad:?}");
        }
        assert_eq!(browser_nonce(&HeaderMap::new()), None);
    }

    #[test]
    fn the_nonce_cookie_is_http_only_secure_strict_and_scoped_to_the_auth_routes() {
        let cookie = nonce_cookie("n");
        for attribute in ["HttpOnly", "Secure", "SameSite=Strict", "Path=/api/auth", "Max-Age=86400"] {
            assert!(cookie.contains(attribute), "{cookie}");
        }
        assert!(clear_nonce_cookie().contains("Max-Age=0"));
    }
}
