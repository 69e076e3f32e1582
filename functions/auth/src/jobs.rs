//! The account work that depends on an address's state, done off the request path so that a
//! sign-up, a resend or a reset request costs the same whatever the address is: each is an
//! insert into `account_requests`, run here — in AWS by `AuthJobsFunction` on the table's
//! stream (`AUTH_ROLE=jobs`), locally right after answering (`AUTH_JOBS=inline`, through
//! `state.background`).
//!
//! Each request is claimed before its mail goes out, so a retried stream batch never mails
//! twice; a failed send gives the claim back and fails the batch for a retry (after the last
//! attempt the record lands in the dead-letter queue).

use aws_lambda_events::event::dynamodb::Event;
use serde_json::{Map, Value, json};
use shared::{
    ApiError, AppState, Result,
    config::LeadNotifications,
    mail::templates,
    notify::{ACCOUNT_CREATED, TRIAL_STARTED, send_event_notification},
    rate_limit,
    repo::{
        account_requests::{self, AccountRequest, Job, JobKind, Registration},
        one_time_tokens::SignUpToken,
        users::UserRecord,
    },
};

use crate::{limits, mail_subject, tokens};

/// Runs `request` after answering when the jobs run inline (locally); with `AUTH_JOBS=stream`
/// the table's stream runs it instead.
pub fn start(state: &AppState, request: AccountRequest) {
    if state.config.auth_jobs != LeadNotifications::Inline {
        return;
    }
    let background = state.clone();
    state.background.spawn(async move {
        if let Err(err) = run(&background, &request).await {
            tracing::warn!(error = %err, "account request failed");
        }
    });
}

/// The table's stream (AWS): every inserted request, in order. An error fails the batch so
/// Lambda retries it; the claims keep a retry from mailing twice.
pub async fn handle(state: &AppState, event: Event) -> Result<usize> {
    let mut processed = 0;
    for record in event.records {
        if record.event_name != "INSERT" {
            continue;
        }
        match AccountRequest::from_stream_image(record.change.new_image) {
            Ok(request) => {
                run(state, &request).await?;
                processed += 1;
            }
            Err(err) => tracing::warn!(error = %err, "unreadable account request in the stream"),
        }
    }
    Ok(processed)
}

/// Does what one request asks, once.
pub async fn run(state: &AppState, request: &AccountRequest) -> Result<()> {
    let (email, key) = request.key();
    let now = state.clock.unix();
    if !state.account_requests().claim(email, key, now).await? {
        return Ok(()); // done before (a retried batch), or gone (confirmed meanwhile)
    }
    let outcome = match request {
        AccountRequest::Registration(registration) => on_sign_up(state, registration).await,
        AccountRequest::Job(job) => match job.kind {
            JobKind::Resend => resend(state, job).await,
            JobKind::Recover => recover(state, job).await,
            JobKind::Welcome => welcome(state, job).await,
        },
    };
    if let Err(err) = outcome {
        if let Err(release) = state.account_requests().release(email, key).await {
            tracing::warn!(error = %release, "claim not given back");
        }
        return Err(err);
    }
    Ok(())
}

/// A new sign-up. If the address has an account, the registration can never become one: it
/// goes, and the owner is told (at most once a minute). Otherwise the browser's earlier
/// sign-ups for the address give way to this one, and its confirmation link is mailed.
async fn on_sign_up(state: &AppState, registration: &Registration) -> Result<()> {
    let now = state.clock.unix();
    if let Some(owner) = state.users().find_user_by_email(&registration.email).await? {
        state.account_requests().delete(&registration.email, &registration.sk).await?;
        let subject = mail_subject("signup-attempt", &owner.email);
        if rate_limit::reserve(state.rate_limits(), &limits::MAIL_PER_ADDRESS, &subject).await?.is_some() {
            let email = templates::sign_up_attempt(&owner, &state.config.app_origin);
            state.mailer.send(&email).await.map_err(ApiError::internal)?;
        }
        return Ok(());
    }
    for earlier in state.account_requests().registrations(&registration.email, now).await? {
        if earlier.sk < registration.sk && earlier.nonce_hash == registration.nonce_hash {
            state.account_requests().delete(&earlier.email, &earlier.sk).await?;
        }
    }
    send_confirmation(state, registration).await
}

/// The confirmation link of a registration, valid as long as the registration.
async fn send_confirmation(state: &AppState, registration: &Registration) -> Result<()> {
    let now = state.clock.unix();
    let link = SignUpToken {
        purpose: tokens::CONFIRMATION,
        email: &registration.email,
        registration: &registration.sk,
        epoch: 0,
        ttl_secs: (registration.expires_at - now).max(1),
    };
    let token = state.one_time_tokens().issue_for_sign_up(link, now).await?;
    let link = format!("{}/auth/callback?token={token}&type={}", state.config.app_origin, tokens::CONFIRMATION);
    let name = registration.user_metadata.get("name").and_then(Value::as_str);
    state.mailer.send(&templates::confirm_account(name, &registration.email, &link)).await.map_err(ApiError::internal)
}

/// A resend: the asking browser's registration (else the address's newest) waits another day
/// and its link goes out again, bound to the same password. Nothing for an address with an
/// account or none waiting.
async fn resend(state: &AppState, job: &Job) -> Result<()> {
    let now = state.clock.unix();
    if state.users().find_user_id(&job.email).await?.is_some() {
        return Ok(());
    }
    let mut waiting = state.account_requests().registrations(&job.email, now).await?;
    let own = job.nonce_hash.as_ref().and_then(|hash| waiting.iter().position(|registration| &registration.nonce_hash == hash));
    let Some(registration) = (match own {
        Some(at) => Some(waiting.swap_remove(at)),
        None => waiting.into_iter().next(),
    }) else {
        return Ok(());
    };
    if !state.account_requests().extend(&registration, now).await? {
        return Ok(());
    }
    send_confirmation(state, &Registration { expires_at: now + account_requests::REGISTRATION_TTL_SECS, ..registration }).await
}

/// A reset request. An account gets a link under its next recovery epoch (older links die).
/// An address with only sign-ups waiting gets a link bound to the newest one's next reset
/// generation: completing it proves the mailbox and chooses a password, so it makes the
/// account. Nothing for an unknown address.
async fn recover(state: &AppState, job: &Job) -> Result<()> {
    let now = state.clock.unix();
    let origin = &state.config.app_origin;
    if let Some(user) = state.users().find_user_by_email(&job.email).await? {
        let Some(epoch) = state.users().next_recovery_epoch(&user.id).await? else { return Ok(()) };
        let token = tokens::issue(state, tokens::RECOVERY, &user.id, epoch, tokens::RECOVERY_TTL_SECS).await?;
        let link = format!("{origin}/auth/callback?token={token}&type={}", tokens::RECOVERY);
        return state.mailer.send(&templates::password_reset(user.name(), &user.email, &link)).await.map_err(ApiError::internal);
    }
    let Some(newest) = state.account_requests().registrations(&job.email, now).await?.into_iter().next() else {
        return Ok(());
    };
    let Some(generation) = state.account_requests().next_reset_generation(&newest).await? else { return Ok(()) };
    let link = SignUpToken {
        purpose: tokens::RECOVERY,
        email: &newest.email,
        registration: &newest.sk,
        epoch: generation,
        ttl_secs: tokens::RECOVERY_TTL_SECS.min(newest.expires_at - now).max(1),
    };
    let token = state.one_time_tokens().issue_for_sign_up(link, now).await?;
    let link = format!("{origin}/auth/callback?token={token}&type={}", tokens::RECOVERY);
    state.mailer.send(&templates::password_reset(None, &newest.email, &link)).await.map_err(ApiError::internal)
}

/// A new account exists (written in the transaction that made it): the referral it came with
/// is recorded and `account_created` (and `trial_started`) are sent, once.
async fn welcome(state: &AppState, job: &Job) -> Result<()> {
    let Some(user_id) = job.user_id.as_deref() else { return Ok(()) };
    let Some(user) = state.users().get_user(user_id).await? else { return Ok(()) };
    if let Some(code) = user.user_metadata.get("referral_id").and_then(Value::as_str) {
        shared::services::referrals::attach(state, code, &user).await;
    }
    announce_account(state, &user).await;
    Ok(())
}

/// Spec 7: when the account comes to exist, `account_created` with the creation date, and
/// `trial_started` when the account already carries trial fields.
async fn announce_account(state: &AppState, user: &UserRecord) {
    let mut fields = Map::new();
    fields.insert("creationDate".into(), json!(user.created_at));
    if let Some(name) = user.name() {
        fields.insert("name".into(), json!(name));
    }
    send_event_notification(state, ACCOUNT_CREATED, &user.email, &fields).await;
    if user.app_metadata.trial_start_date.is_some() || user.app_metadata.is_trial_user.is_some() {
        let start = user.app_metadata.trial_start_date.clone().unwrap_or_else(|| user.created_at.clone());
        let fields = Map::from_iter([("startDate".into(), json!(start)), ("trialLength".into(), json!("7 days"))]);
        send_event_notification(state, TRIAL_STARTED, &user.email, &fields).await;
    }
}
