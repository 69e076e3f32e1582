//! The account e-mails that are not the confirmation: password reset and the notice to the
//! owner of an address someone tried to sign up with.

use shared::{
    mail::{Email, button, escape_html, layout},
    repo::users::UserRecord,
};

fn hello(user: &UserRecord) -> String {
    user.name().map_or("Hi,".to_owned(), |name| format!("Hi {name},"))
}

/// The one-time reset link (1 hour).
pub fn recovery(user: &UserRecord, link: &str) -> Email {
    let hello = hello(user);
    Email {
        to: user.email.clone(),
        subject: "Reset your RaiseSpark password".into(),
        html: layout(
            "Reset your RaiseSpark password",
            &format!(
                "<p>{}</p><p>Someone (hopefully you) asked to reset the password of your RaiseSpark account. \
                 Choose a new password with the button below.</p>{}\
                 <p style=\"color:#6b7280;font-size:13px\">The link works once and expires in 1 hour. Setting a new \
                 password signs you out on every other device. If you did not ask for this, you can ignore this \
                 e-mail: your password stays as it is.</p>",
                escape_html(&hello),
                button(link, "Set a new password"),
            ),
        ),
        text: format!(
            "{hello}\n\nSomeone (hopefully you) asked to reset the password of your RaiseSpark account. \
             Choose a new password here:\n{link}\n\nThe link works once and expires in 1 hour. Setting a new password \
             signs you out on every other device. If you did not ask for this, you can ignore this e-mail.\n"
        ),
    }
}

/// Sent instead of a confirmation when the address already has a confirmed account, so the
/// sign-up answer itself never reveals that.
pub fn sign_up_attempt(user: &UserRecord, origin: &str) -> Email {
    let hello = hello(user);
    let (sign_in, reset) = (format!("{origin}/login"), format!("{origin}/forgot-password"));
    Email {
        to: user.email.clone(),
        subject: "Someone tried to sign up with your address".into(),
        html: layout(
            "Someone tried to sign up with your address",
            &format!(
                "<p>{}</p><p>Someone just tried to create a RaiseSpark account with this e-mail address, which \
                 already has an account. If it was you, sign in instead; if you forgot your password, reset it.</p>{}\
                 <p><a href=\"{}\">Reset your password</a></p>\
                 <p style=\"color:#6b7280;font-size:13px\">If it was not you, you can ignore this e-mail: nothing \
                 changed on your account.</p>",
                escape_html(&hello),
                button(&sign_in, "Sign in"),
                escape_html(&reset),
            ),
        ),
        text: format!(
            "{hello}\n\nSomeone just tried to create a RaiseSpark account with this e-mail address, which already has \
             an account. If it was you, sign in instead: {sign_in}\nForgot your password? Reset it: {reset}\n\n\
             If it was not you, you can ignore this e-mail: nothing changed on your account.\n"
        ),
    }
}
