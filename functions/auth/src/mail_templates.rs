//! The account e-mails: the confirmation link, the password reset and the notice to the owner
//! of an address someone tried to sign up with.

use shared::{
    mail::{Email, button, escape_html, layout},
    repo::users::UserRecord,
};

fn hello(name: Option<&str>) -> String {
    name.map_or("Hi,".to_owned(), |name| format!("Hi {name},"))
}

/// The one-time confirmation link of one sign-up. It says what the link will ask where: in
/// the browser the sign-up was made in it finishes at once, elsewhere it asks for the
/// password chosen at that sign-up.
pub fn confirmation(name: Option<&str>, to: &str, link: &str) -> Email {
    let hello = hello(name);
    Email {
        to: to.to_owned(),
        subject: "Confirm your RaiseSpark account".into(),
        html: layout(
            "Confirm your RaiseSpark account",
            &format!(
                "<p>{}</p><p>Confirm your e-mail address to finish creating your RaiseSpark account.</p>{}\
                 <p style=\"color:#6b7280;font-size:13px\">Opened in the browser you signed up in, the link signs you in \
                 at once; on another device you will be asked for the password you chose when you signed up. It works \
                 once and expires in 24 hours. If you did not sign up, you can ignore this e-mail: no account is \
                 created without it.</p>",
                escape_html(&hello),
                button(link, "Confirm my e-mail"),
            ),
        ),
        text: format!(
            "{hello}\n\nConfirm your e-mail address to finish creating your RaiseSpark account:\n{link}\n\n\
             Opened in the browser you signed up in, the link signs you in at once; on another device you will be \
             asked for the password you chose when you signed up. It works once and expires in 24 hours. If you did \
             not sign up, you can ignore this e-mail: no account is created without it.\n"
        ),
    }
}

/// The one-time reset link (1 hour; only the newest one sent works).
pub fn recovery(name: Option<&str>, to: &str, link: &str) -> Email {
    let hello = hello(name);
    Email {
        to: to.to_owned(),
        subject: "Reset your RaiseSpark password".into(),
        html: layout(
            "Reset your RaiseSpark password",
            &format!(
                "<p>{}</p><p>Someone (hopefully you) asked to reset the password of your RaiseSpark account. \
                 Choose a new password with the button below.</p>{}\
                 <p style=\"color:#6b7280;font-size:13px\">The link works once, expires in 1 hour and stops working \
                 when a newer one is sent. Setting a new password signs you out on every other device. If you did not ask for this, you can ignore this \
                 e-mail: your password stays as it is.</p>",
                escape_html(&hello),
                button(link, "Set a new password"),
            ),
        ),
        text: format!(
            "{hello}\n\nSomeone (hopefully you) asked to reset the password of your RaiseSpark account. \
             Choose a new password here:\n{link}\n\nThe link works once, expires in 1 hour and stops working when a \
             newer one is sent. Setting a new password signs you out on every other device. If you did not ask for this, you can ignore this e-mail.\n"
        ),
    }
}

/// Sent instead of a confirmation when the address already has a confirmed account, so the
/// sign-up answer itself never reveals that.
pub fn sign_up_attempt(user: &UserRecord, origin: &str) -> Email {
    let hello = hello(user.name());
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
