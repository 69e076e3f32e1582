//! Rate limits of the auth routes (documented in the README). Each is a sliding window kept
//! in DynamoDB, keyed by a hash of its subject.

use shared::rate_limit::Rule;

/// Sign-in attempts from one IP: a burst of about 30 …
pub const SIGNIN_PER_IP_BURST: Rule = Rule::new("signin-ip-1m", 60, 30);
/// … and 150 in 5 minutes.
pub const SIGNIN_PER_IP: Rule = Rule::new("signin-ip-5m", 300, 150);
/// Failed sign-ins for one e-mail from one IP: 5 in 15 minutes.
pub const FAILURES_PER_EMAIL_AND_IP: Rule = Rule::new("signin-fail-email-ip", 900, 5);
/// Failed sign-ins for one account from anywhere: 100 an hour, so an attacker elsewhere
/// cannot lock the owner out for long.
pub const FAILURES_PER_ACCOUNT: Rule = Rule::new("signin-fail-account", 3600, 100);
/// Sign-ups from one IP: 10 an hour.
pub const SIGNUPS_PER_IP: Rule = Rule::new("signup-ip", 3600, 10);
/// Sign-ups of one address, whatever its state (so the limit tells nothing): 5 an hour, which
/// bounds the confirmation mail a stranger can send someone.
pub const SIGNUPS_PER_ADDRESS: Rule = Rule::new("signup-address", 3600, 5);
/// Wrong passwords typed on one confirmation link opened outside the signing-up browser:
/// 5 in 15 minutes.
pub const LINK_PASSWORD_FAILURES: Rule = Rule::new("signup-link-fail", 900, 5);
/// Password-reset requests from one IP: 10 an hour (with one mail a minute per address).
pub const RECOVERIES_PER_IP: Rule = Rule::new("recover-ip", 3600, 10);
/// Confirmation resends from one IP: 10 an hour (with one mail a minute per address).
pub const RESENDS_PER_IP: Rule = Rule::new("resend-ip", 3600, 10);
/// E-mails of one type to one address: one a minute.
pub const MAIL_PER_ADDRESS: Rule = Rule::new("mail-address", 60, 1);
/// How long each sign-in attempt waits once the account's failures from everywhere passed
/// their hourly limit: slowed, never locked, so the owner can still sign in.
pub const ACCOUNT_SLOWDOWN: std::time::Duration = std::time::Duration::from_secs(1);
