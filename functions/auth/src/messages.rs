//! The texts users see (spec section 8, error catalogue), used verbatim.

pub const INVALID_CREDENTIALS: &str =
    "The email or password you entered doesn't match our records. Please double-check and try again.";
pub const EMAIL_NOT_CONFIRMED: &str =
    "Please verify your email address before logging in. Check your inbox for a confirmation email.";
pub const LOGIN_RATE_LIMITED: &str = "Too many login attempts. Please wait a few minutes before trying again.";
pub const USER_EXISTS: &str = "An account with this email already exists. Please sign in instead.";
pub const SIGNUP_RATE_LIMITED: &str = "Too many registration attempts. Please wait a few minutes before trying again.";
pub const MAIL_RATE_LIMITED: &str = "Please wait a minute before requesting another email.";
pub use shared::email::INVALID_EMAIL;
pub const PASSWORD_TOO_SHORT: &str = "Password must be at least 8 characters long.";
pub const PASSWORD_TOO_LONG: &str = "Password can be at most 256 characters long.";
pub const INVALID_LINK: &str = "This link is invalid or has expired. Request a new confirmation email from the sign-in page.";
pub const SESSION_ENDED: &str = "Your session has ended. Please sign in again.";
pub const WRONG_CURRENT_PASSWORD: &str = "Your current password is incorrect.";
pub const INVALID_RECOVERY_LINK: &str = "This password reset link is invalid or has expired. Please request a new one.";
pub const RECOVER_RATE_LIMITED: &str = "Too many password reset requests. Please wait a few minutes before trying again.";
pub const RESEND_RATE_LIMITED: &str = "Too many confirmation emails requested. Please wait a few minutes before trying again.";
/// A confirmation link opened outside the browser the sign-up was made in.
pub const SIGN_UP_PASSWORD_REQUIRED: &str = "Enter the password you chose when you signed up to finish creating your account.";
pub const WRONG_SIGN_UP_PASSWORD: &str = "That is not the password you chose when you signed up. Please try again.";
