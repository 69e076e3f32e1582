//! Every transactional e-mail RaiseSpark sends, in one place: what it says (subject, HTML and
//! plain text of the same content) and nothing else. Callers decide when and to whom; the
//! [`Mailer`](super::Mailer) sends. Values from users are escaped in the HTML and kept on one
//! line in headers (by the mailer). Campaign messages are the founder's own words, rendered by
//! `domain::campaigns::render`, not templates.

use domain::{
    days::minutes_between,
    forms::{Form, FormField},
    html::escape as escape_html,
    impersonation::Impersonation,
    lead_digest::{Digest, Period},
    leads::{LeadRecord, Temperature},
    users::UserRecord,
    vault::{ChainHead, Record},
};

use super::Email;
use crate::impersonation::activity::Activity;

// ------------------------------------------------------------------ accounts

fn hello(name: Option<&str>) -> String {
    name.map_or("Hi,".to_owned(), |name| format!("Hi {name},"))
}

/// The one-time confirmation link of one sign-up. It says what the link will ask where: in
/// the browser the sign-up was made in it finishes at once, elsewhere it asks for the
/// password chosen at that sign-up.
pub fn confirm_account(name: Option<&str>, to: &str, link: &str) -> Email {
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
pub fn password_reset(name: Option<&str>, to: &str, link: &str) -> Email {
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

/// `account_created`: the welcome, by name when the sign-up gave one.
pub fn welcome(to: &str, name: Option<&str>, app_origin: &str) -> Email {
    let greeting = name.map_or("Welcome to RaiseSpark!".to_owned(), |name| format!("Welcome to RaiseSpark, {name}!"));
    let dashboard = format!("{app_origin}/dashboard");
    Email {
        to: to.to_owned(),
        subject: "Welcome to RaiseSpark".to_owned(),
        html: layout(
            "Welcome to RaiseSpark",
            &format!(
                "<h1 style=\"font-size:20px;margin:0 0 12px\">{}</h1>\
                 <p>Your account is ready. Build your first testing-the-waters form, embed it on your site, \
                 and every indication of interest lands in your dashboard, scored hot, warm or cold.</p>{}",
                escape_html(&greeting),
                button(&dashboard, "Open your dashboard"),
            ),
        ),
        text: format!(
            "{greeting}\n\nYour account is ready. Build your first testing-the-waters form, embed it on your site, \
             and every indication of interest lands in your dashboard.\n\nOpen your dashboard: {dashboard}\n"
        ),
    }
}

/// An invitation to a company's team: who invited, to which company, in which role, and the
/// one-time link (7 days). The link asks the invited address to sign in or sign up first.
pub fn team_invitation(to: &str, inviter: &str, company: &str, role: domain::teams::Role, link: &str) -> Email {
    let subject = format!("{inviter} invited you to {company} on RaiseSpark");
    let role_line = format!("You are invited as {} ({}).", role.as_str(), role.summary().trim_end_matches('.').to_lowercase());
    Email {
        to: to.to_owned(),
        subject: subject.clone(),
        html: layout(
            &subject,
            &format!(
                "<p>{} invited you to join <strong>{}</strong> on RaiseSpark, where the team runs its raise: investor \
                 forms, leads, campaigns and the compliance vault.</p><p>{}</p>{}\
                 <p style=\"color:#6b7280;font-size:13px\">Sign in or create an account with this address ({}) to accept. \
                 The link works once and expires in 7 days. If you did not expect it, ignore this e-mail.</p>",
                escape_html(inviter),
                escape_html(company),
                escape_html(&role_line),
                button(link, "Accept the invitation"),
                escape_html(to),
            ),
        ),
        text: format!(
            "{inviter} invited you to join {company} on RaiseSpark.\n\n{role_line}\n\nAccept the invitation: {link}\n\n\
             Sign in or create an account with this address ({to}) to accept. The link works once and expires in 7 days. \
             If you did not expect it, ignore this e-mail.\n"
        ),
    }
}

/// To counsel and the company's other approvers: a version waits for their review.
pub fn review_requested(to: &str, author: &str, company: &str, what: &str, title: &str, link: &str) -> Email {
    let subject = format!("Review requested: {title}");
    Email {
        to: to.to_owned(),
        subject: subject.clone(),
        html: layout(
            &subject,
            &format!(
                "<p>{} asks for your approval before {} at <strong>{}</strong>:</p><p><strong>{}</strong></p>{}\
                 <p style=\"color:#6b7280;font-size:13px\">Your approval holds for this exact version: any later edit needs a new one.</p>",
                escape_html(author),
                escape_html(what),
                escape_html(company),
                escape_html(title),
                button(link, "Open the review queue"),
            ),
        ),
        text: format!(
            "{author} asks for your approval before {what} at {company}:\n\n{title}\n\nOpen the review queue: {link}\n\n\
             Your approval holds for this exact version: any later edit needs a new one.\n"
        ),
    }
}

/// To the author: counsel approved their version, or asked for changes (with the comment).
pub fn review_decided(to: &str, reviewer: &str, approved: bool, title: &str, comment: &str, link: &str) -> Email {
    let (subject, line) = if approved {
        (format!("Approved: {title}"), format!("{reviewer} approved this version. You can go ahead."))
    } else {
        (format!("Changes requested: {title}"), format!("{reviewer} asked for changes before this reaches investors."))
    };
    let quoted_html = if comment.is_empty() { String::new() } else { format!("<blockquote style=\"border-left:3px solid #d1d5db;margin:12px 0;padding:4px 12px;color:#374151\">{}</blockquote>", escape_html(comment)) };
    let quoted_text = if comment.is_empty() { String::new() } else { format!("\n\n“{comment}”") };
    Email {
        to: to.to_owned(),
        subject: subject.clone(),
        html: layout(&subject, &format!("<p><strong>{}</strong></p><p>{}</p>{}{}", escape_html(title), escape_html(&line), quoted_html, button(link, "Open it in RaiseSpark"))),
        text: format!("{title}\n\n{line}{quoted_text}\n\nOpen it in RaiseSpark: {link}\n"),
    }
}

/// `trial_started`: the trial's length as Stripe's checkout named it ("7 days"), said the way
/// the pricing page and the Help Center say it ("Your 7-day RaiseSpark trial has started").
pub fn trial_started(to: &str, length: &str, app_origin: &str) -> Email {
    let forms = format!("{app_origin}/forms?create=true");
    let length = &length_adjective(length);
    Email {
        to: to.to_owned(),
        subject: format!("Your {length} RaiseSpark trial has started"),
        html: layout(
            "Your trial has started",
            &format!(
                "<h1 style=\"font-size:20px;margin:0 0 12px\">Your {length} free trial has started</h1>\
                 <p>Every feature is unlocked. A good first step: create an investor form and put it on your website.</p>{}",
                button(&forms, "Create an investor form"),
                length = escape_html(length),
            ),
        ),
        text: format!(
            "Your {length} free trial has started.\n\nEvery feature is unlocked. A good first step: create an investor \
             form and put it on your website: {forms}\n"
        ),
    }
}

/// "7 days" → "7-day" (and "1 day" → "1-day"); any other text is kept as it is.
fn length_adjective(length: &str) -> String {
    let mut words = length.split_whitespace();
    match (words.next(), words.next(), words.next()) {
        (Some(count), Some("days" | "day"), None) if count.bytes().all(|b| b.is_ascii_digit()) => format!("{count}-day"),
        _ => length.to_owned(),
    }
}

// ------------------------------------------------------------------ leads and the vault

/// The founder's 'New investor lead' e-mail: the answers in the form's order, the
/// temperature and a link to the lead.
pub fn new_lead(form: &Form, lead: &LeadRecord, to: &str, app_origin: &str) -> Email {
    let link = format!("{app_origin}/leads?formId={}&lead={}", form.id, lead.id);
    let mut fields: Vec<&FormField> = form.fields.iter().collect();
    fields.sort_by_key(|f| f.order);
    let rows: Vec<(String, String)> = fields
        .iter()
        .filter_map(|f| lead.data.get(&f.id).map(|answer| (f.label.clone(), answer.clone())))
        .collect();
    let temperature = Temperature::from_status(&lead.status);
    let html_rows: String = rows
        .iter()
        .map(|(label, answer)| {
            format!(
                "<tr><td style=\"padding:6px 12px 6px 0;color:#6b7280;vertical-align:top\">{}</td><td style=\"padding:6px 0\">{}</td></tr>",
                escape_html(label),
                escape_html(answer)
            )
        })
        .collect();
    let badge = match temperature {
        Temperature::Hot => "#dc2626",
        Temperature::Warm => "#d97706",
        Temperature::Cold => "#2563eb",
    };
    Email {
        to: to.to_owned(),
        subject: format!("New investor lead: {}", form.name),
        html: layout(
            "New investor lead",
            &format!(
                "<h1 style=\"font-size:20px;margin:0 0 8px\">New investor lead</h1>\
                 <p style=\"margin:0 0 16px\">Someone just indicated interest through <strong>{}</strong>. \
                 Temperature: <strong style=\"color:{badge}\">{}</strong></p>\
                 <table role=\"presentation\" style=\"border-collapse:collapse;font-size:14px\">{html_rows}</table>{}",
                escape_html(&form.name),
                temperature.as_str(),
                button(&link, "View the lead"),
            ),
        ),
        text: format!(
            "New investor lead through {}\nTemperature: {}\n\n{}\n\nView the lead: {link}\n",
            form.name,
            temperature.as_str(),
            rows.iter().map(|(l, a)| format!("{l}: {a}")).collect::<Vec<_>>().join("\n")
        ),
    }
}

/// The founder's digest of new leads (an hourly or daily choice, or the leads of a busy hour
/// past its instant e-mails): how many by temperature, the top sources, a link to the leads.
pub fn lead_digest(digest: &Digest, period: Period, to: &str, app_origin: &str) -> Email {
    let leads_link = format!("{app_origin}/leads");
    let settings_link = format!("{app_origin}/settings?tab=notifications");
    let top = digest.top_sources();
    let sources_html: String = top
        .iter()
        .map(|(source, leads)| {
            format!(
                "<tr><td style=\"padding:4px 16px 4px 0\">{}</td><td style=\"padding:4px 0;text-align:right\">{leads}</td></tr>",
                escape_html(source)
            )
        })
        .collect();
    let sources_block = if top.is_empty() {
        String::new()
    } else {
        format!(
            "<p style=\"margin:16px 0 4px;font-weight:600\">Top sources</p>\
             <table role=\"presentation\" style=\"border-collapse:collapse;font-size:14px\">{sources_html}</table>"
        )
    };
    let temperature = |label: &str, colour: &str, count: u64| {
        format!("<td style=\"padding:8px 16px 8px 0\"><strong style=\"color:{colour};font-size:18px\">{count}</strong> {label}</td>")
    };
    let covers = Digest::covers(period);
    Email {
        to: to.to_owned(),
        subject: digest.subject(period),
        html: layout(
            &digest.subject(period),
            &format!(
                "<h1 style=\"font-size:20px;margin:0 0 8px\">{}</h1>\
                 <table role=\"presentation\" style=\"border-collapse:collapse;font-size:14px\"><tr>{}{}{}</tr></table>\
                 {sources_block}{}\
                 <p style=\"color:#6b7280;font-size:13px\">{} You choose how you hear about new leads in \
                 <a href=\"{}\">Settings → Notifications</a>.</p>",
                escape_html(&digest.subject(period)),
                temperature("hot", "#dc2626", digest.hot),
                temperature("warm", "#d97706", digest.warm),
                temperature("cold", "#2563eb", digest.cold),
                button(&leads_link, "View your leads"),
                escape_html(&covers),
                escape_html(&settings_link),
            ),
        ),
        text: format!(
            "{}\n\nView your leads: {leads_link}\n\n{covers} You choose how you hear about new leads in Settings → Notifications: {settings_link}\n",
            digest.summary(period)
        ),
    }
}

/// The digest mail: the chain's head in full, and what was filed since the last one.
pub fn vault_digest(to: &str, origin: &str, head: &ChainHead, added: u64, newest: &[Record], at: &str) -> Email {
    let listed: Vec<String> = newest.iter().rev().map(|r| format!("#{} {}", r.seq, r.title)).collect();
    let more = added.saturating_sub(listed.len() as u64);
    let link = format!("{origin}/compliance-vault");
    let mut text = format!(
        "Your compliance vault's daily digest ({at}).\n\n{added} new {} since the last digest. The chain now holds {} records.\n\nHead record: #{}\nHead hash (SHA-256): {}\n\n",
        if added == 1 { "record" } else { "records" },
        head.seq,
        head.seq,
        head.hash
    );
    for line in &listed {
        text.push_str(&format!("- {line}\n"));
    }
    if more > 0 {
        text.push_str(&format!("- and {more} more\n"));
    }
    text.push_str(&format!(
        "\nKeep this e-mail: it is your own witness of the vault. 'Verify integrity' checks the vault against copies kept in write-once storage; if the head it shows for record #{} ever has another hash than the one above, the vault was changed after this mail.\n\nOpen the vault: {link}\n",
        head.seq
    ));
    let items: String = listed.iter().map(|line| format!("<li>{}</li>", escape_html(line))).collect();
    let more_html = if more > 0 { format!("<li>and {more} more</li>") } else { String::new() };
    let body = format!(
        r#"<p style="margin:0 0 12px">{added} new {} in your compliance vault since the last digest. The chain now holds {} records.</p>
<p style="margin:0 0 4px;font-weight:600">Head record #{}</p>
<p style="margin:0 0 16px;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px;word-break:break-all;background:#f3f4f6;padding:10px 12px;border-radius:8px">{}</p>
<ul style="margin:0 0 16px;padding-left:20px">{items}{more_html}</ul>
<p style="margin:0 0 12px;color:#4b5563">Keep this e-mail: it is your own witness of the vault. 'Verify integrity' checks the vault against copies kept in write-once storage; if the head it shows for record #{} ever has another hash than the one above, the vault was changed after this mail.</p>{}"#,
        if added == 1 { "record" } else { "records" },
        head.seq,
        head.seq,
        escape_html(&head.hash),
        head.seq,
        button(&link, "Open the vault"),
    );
    Email {
        to: to.to_owned(),
        subject: format!("Your compliance vault: head #{} ({}…)", head.seq, &head.hash[..head.hash.len().min(12)]),
        html: layout("Your compliance vault's daily digest", &body),
        text,
    }
}

// ------------------------------------------------------------------ support

/// What the user reads after a support session on their account: how long, why, every
/// change made or attempted, and what was viewed (grouped).
pub fn support_session_ended(record: &Impersonation, activity: &Activity, app_origin: &str) -> Email {
    let started = record.session_started_at.as_deref().unwrap_or(&record.started_at);
    let minutes = minutes_between(started, record.ended_at.as_deref().unwrap_or(started));
    let changes: Vec<String> = activity.changes.iter().map(|c| format!("{} ({} {})", c.description, c.method, c.path)).collect();
    let views: Vec<String> = activity
        .views
        .iter()
        .map(|v| format!("{} ({} {}, {} time{})", v.description, v.method, v.path, v.count, if v.count == 1 { "" } else { "s" }))
        .collect();
    let list_text = |title: &str, lines: &[String]| format!("{title}\n{}", lines.iter().map(|line| format!("- {line}")).collect::<Vec<_>>().join("\n"));
    let list_html = |title: &str, lines: &[String]| {
        format!("<p>{}</p><ul>{}</ul>", escape_html(title), lines.iter().map(|line| format!("<li>{}</li>", escape_html(line))).collect::<String>())
    };
    let (changed_text, changed_html) = if changes.is_empty() {
        ("Nothing was changed.".to_owned(), "<p>Nothing was changed.</p>".to_owned())
    } else {
        (list_text("Changes made or attempted:", &changes), list_html("Changes made or attempted:", &changes))
    };
    let (viewed_text, viewed_html) = if views.is_empty() {
        ("Nothing was viewed.".to_owned(), "<p>Nothing was viewed.</p>".to_owned())
    } else {
        (list_text("What was viewed:", &views), list_html("What was viewed:", &views))
    };
    let more = if activity.complete { "" } else { "More was recorded than this e-mail lists; the full record is kept.\n" };
    let link = format!("{app_origin}/settings?tab=security");
    let summary = format!(
        "A member of the RaiseSpark support team used your account for {minutes} minute{} (started {started}). Reason given: {}",
        if minutes == 1 { "" } else { "s" },
        record.reason
    );
    Email {
        to: record.target_email.clone(),
        subject: "A RaiseSpark support session on your account has ended".into(),
        html: layout(
            "A support session on your account has ended",
            &format!(
                "<p>{}</p>{changed_html}{viewed_html}{}{}<p style=\"color:#6b7280;font-size:13px\">Every support session is listed in \
                 Settings → Security. If you did not expect this, reply to this e-mail.</p>",
                escape_html(&summary),
                if more.is_empty() { String::new() } else { format!("<p>{}</p>", escape_html(more.trim())) },
                button(&link, "Review support sessions"),
            ),
        ),
        text: format!(
            "{summary}\n\n{changed_text}\n\n{viewed_text}\n{more}\nEvery support session is listed in Settings → Security: {link}\n\
             If you did not expect this, reply to this e-mail.\n"
        ),
    }
}

/// A message from the contact form, as support receives it.
pub struct SupportMessage<'a> {
    pub topic: &'a str,
    pub name: &'a str,
    pub email: &'a str,
    pub message: &'a str,
    /// The stored message's id.
    pub id: &'a str,
    /// The signed-in writer, if any.
    pub user_id: Option<&'a str>,
}

/// The contact form's message to the support address.
pub fn contact_message(support: &str, message: &SupportMessage<'_>) -> Email {
    let account = message.user_id.map_or("not signed in".to_owned(), |id| format!("signed in as user {id}"));
    Email {
        to: support.to_owned(),
        subject: format!("[{}] {} via the contact form", message.topic, message.name),
        html: layout(
            "Contact form",
            &format!(
                "<h1 style=\"font-size:20px;margin:0 0 8px\">{}</h1>\
                 <p style=\"margin:0 0 16px;color:#6b7280\">From {} &lt;{}&gt; ({}) · message {}</p>\
                 <p style=\"white-space:pre-wrap;margin:0\">{}</p>",
                escape_html(message.topic),
                escape_html(message.name),
                escape_html(message.email),
                escape_html(&account),
                escape_html(message.id),
                escape_html(message.message),
            ),
        ),
        text: format!("{}\nFrom {} <{}> ({account}) · message {}\n\n{}\n", message.topic, message.name, message.email, message.id, message.message),
    }
}

// ------------------------------------------------------------------ layout

/// Wraps content in the branded layout every RaiseSpark e-mail uses (inline styles: mail
/// clients ignore style sheets).
fn layout(title: &str, body_html: &str) -> String {
    format!(
        r#"<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>{title}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:Inter,-apple-system,'Segoe UI',Arial,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#4f46e5;padding:20px 28px;color:#ffffff;font-size:18px;font-weight:700">&#9889; RaiseSpark</td></tr>
<tr><td style="padding:28px;font-size:15px;line-height:1.6">{body_html}</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e5e7eb;font-size:12px;color:#6b7280">RaiseSpark &middot; Investor lead capture for Regulation Crowdfunding founders</td></tr>
</table></td></tr></table></body></html>"#,
        title = escape_html(title),
    )
}

/// A call-to-action button for `layout` bodies.
fn button(href: &str, label: &str) -> String {
    format!(
        r#"<p style="margin:24px 0"><a href="{href}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:8px">{label}</a></p>"#,
        href = escape_html(href),
        label = escape_html(label),
    )
}

#[cfg(test)]
mod tests {
    use domain::{
        impersonation::EndedBy,
        vault::{Actor, Category, Kind as RecordKind},
    };

    use super::*;

    use crate::repo::impersonation_actions::{Entry, Kind};

    fn record() -> Impersonation {
        Impersonation {
            id: "a".into(),
            admin_id: "admin".into(),
            admin_email: "admin@example.com".into(),
            target_id: "t".into(),
            target_email: "founder@example.com".into(),
            reason: "Asked for help".into(),
            started_at: "2026-11-23T10:00:00Z".into(),
            ip: "203.0.113.9".into(),
            user_agent: "ua".into(),
            ends_at: 0,
            session_started_at: Some("2026-11-23T10:00:00Z".into()),
            ended_at: Some("2026-11-23T10:12:00Z".into()),
            ended_by: Some(EndedBy::Revert),
        }
    }

    fn write(n: u32, method: &str, path: &str, status: u16) -> Entry {
        Entry {
            session_id: "a".into(),
            entry: format!("w#{n:020}"),
            kind: Kind::Write,
            method: method.into(),
            path: path.into(),
            status,
            at: format!("2026-11-23T10:0{n}:00Z"),
            first_at: None,
            count: 0,
            refused: 0,
        }
    }

    fn read(path: &str, count: u64, refused: u64, first: &str) -> Entry {
        Entry {
            session_id: "a".into(),
            entry: format!("r#GET {path}"),
            kind: Kind::Read,
            method: "GET".into(),
            path: path.into(),
            status: if refused > 0 { 403 } else { 200 },
            at: "2026-11-23T10:09:00Z".into(),
            first_at: Some(first.into()),
            count,
            refused,
        }
    }

    #[test]
    fn the_mail_lists_every_write_marks_the_refused_ones_and_lists_reads_as_views_grouped() {
        let activity = Activity::of(
            vec![
                read("/api/leads/export", 2, 0, "2026-11-23T10:05:00Z"),
                read("/api/leads", 40, 0, "2026-11-23T10:01:00Z"),
                write(1, "PATCH", "/api/auth/user", 403),
                write(2, "PATCH", "/api/leads/1", 200),
            ],
            true,
        );
        let mail = support_session_ended(&record(), &activity, "https://app.example.com");
        assert!(mail.text.contains("for 12 minutes") && mail.text.contains("Reason given: Asked for help"), "{}", mail.text);
        assert!(
            mail.text.contains("Changes made or attempted:\n- Updated account details (refused) (PATCH /api/auth/user)\n- Updated a lead (PATCH /api/leads/1)"),
            "{}",
            mail.text
        );
        assert!(
            mail.text.contains("What was viewed:\n- Viewed the leads (GET /api/leads, 40 times)\n- Downloaded the leads (CSV) (GET /api/leads/export, 2 times)"),
            "{}",
            mail.text
        );
        assert!(mail.text.contains("https://app.example.com/settings?tab=security"));
        assert!(!mail.text.contains("admin@example.com"), "the administrator is RaiseSpark support, not named");
        assert!(!mail.text.contains("More was recorded"));
    }

    #[test]
    fn a_session_that_only_read_changed_nothing_and_lists_what_was_viewed() {
        let activity = Activity::of(vec![read("/api/profiles/me", 1, 0, "2026-11-23T10:01:00Z")], true);
        assert!(activity.changes.is_empty(), "a GET is never a change");
        let mail = support_session_ended(&record(), &activity, "https://app.example.com");
        assert!(mail.text.contains("Nothing was changed.\n\nWhat was viewed:\n- Viewed the profile (GET /api/profiles/me, 1 time)"), "{}", mail.text);
        assert!(mail.html.contains("<p>Nothing was changed.</p><p>What was viewed:</p><ul><li>Viewed the profile"), "{}", mail.html);
        let idle = support_session_ended(&record(), &Activity::of(Vec::new(), true), "https://app.example.com");
        assert!(idle.text.contains("Nothing was changed.\n\nNothing was viewed."), "{}", idle.text);
    }

    #[test]
    fn the_sign_out_that_ended_a_session_is_not_a_change_and_an_incomplete_listing_says_so() {
        let activity = Activity::of(vec![write(1, "POST", "/api/auth/signout", 0)], false);
        assert!(activity.changes.is_empty());
        let mail = support_session_ended(&record(), &activity, "https://app.example.com");
        assert!(mail.text.contains("More was recorded than this e-mail lists"), "{}", mail.text);
    }

    fn vault_record(seq: u64, title: &str) -> Record {
        Record {
            id: format!("id-{seq}"),
            seq,
            owner_id: "o".into(),
            kind: RecordKind::Upload,
            category: Category::Other,
            title: title.into(),
            notes: String::new(),
            created_at: "2026-11-25T10:00:00Z".into(),
            actor: Actor::system(),
            files: Vec::new(),
            content_sha256: String::new(),
            meta: serde_json::json!({}),
            supersedes: None,
            prev_hash: String::new(),
            hash: String::new(),
        }
    }

    #[test]
    fn the_digest_mail_carries_the_full_head_hash_and_what_was_filed_since() {
        let head = ChainHead { seq: 14, hash: "3f".repeat(32) };
        let newest = [vault_record(13, "Deck <v3>"), vault_record(14, "Leads captured on 2026-11-24: 3")];
        let mail = vault_digest("ada@example.com", "https://app.example", &head, 12, &newest, "2026-11-25T00:20:00Z");
        assert_eq!(mail.subject, "Your compliance vault: head #14 (3f3f3f3f3f3f…)");
        for part in [&mail.text, &mail.html] {
            assert!(part.contains(&"3f".repeat(32)), "the whole hash");
            assert!(part.contains("#14"));
            assert!(part.contains("and 10 more"));
        }
        assert!(mail.text.contains("- #14 Leads captured on 2026-11-24: 3\n- #13 Deck <v3>\n"), "{}", mail.text);
        assert!(mail.html.contains("Deck &lt;v3&gt;"), "titles are escaped");
        assert!(mail.html.contains("https://app.example/compliance-vault"));
    }

    /// The `href` of every link in an HTML body, as a mail client reads it.
    fn links(html: &str) -> Vec<String> {
        html.split("href=\"").skip(1).filter_map(|rest| rest.split('"').next()).map(|href| href.replace("&amp;", "&")).collect()
    }

    #[test]
    fn the_confirmation_greets_by_name_escaped_and_carries_the_link_once() {
        let link = "https://app.example/auth/callback?token=t1&type=signup";
        let mail = confirm_account(Some("Ada <b>"), "ada@example.com", link);
        assert_eq!(mail.to, "ada@example.com");
        assert_eq!(mail.subject, "Confirm your RaiseSpark account");
        assert!(mail.html.contains("<p>Hi Ada &lt;b&gt;,</p>"), "{}", mail.html);
        assert!(mail.html.contains("<title>Confirm your RaiseSpark account</title>"));
        assert_eq!(links(&mail.html), vec![link]);
        assert!(mail.html.contains("token=t1&amp;type=signup"), "the link is escaped in the HTML");
        assert!(
            mail.text.starts_with(
                "Hi Ada <b>,\n\nConfirm your e-mail address to finish creating your RaiseSpark account:\nhttps://app.example/auth/callback?token=t1&type=signup\n\n"
            ),
            "{}",
            mail.text
        );
        assert!(confirm_account(None, "ada@example.com", link).text.starts_with("Hi,\n\n"));
    }

    #[test]
    fn the_password_reset_carries_its_link_and_says_it_works_once_for_an_hour() {
        let link = "https://app.example/reset-password?token=r1";
        let mail = password_reset(None, "ada@example.com", link);
        assert_eq!(mail.subject, "Reset your RaiseSpark password");
        assert_eq!(links(&mail.html), vec![link]);
        assert!(mail.html.contains("<p>Hi,</p>"));
        assert!(mail.text.contains("Choose a new password here:\nhttps://app.example/reset-password?token=r1\n\nThe link works once, expires in 1 hour"), "{}", mail.text);
        assert!(password_reset(Some("Ada"), "ada@example.com", link).text.starts_with("Hi Ada,\n\n"));
    }

    #[test]
    fn the_sign_up_attempt_notice_links_to_sign_in_and_to_the_reset() {
        let user: UserRecord = serde_json::from_value(serde_json::json!({
            "id": "u1", "email": "ada@example.com", "password_hash": "x", "created_at": "2026-11-01T00:00:00Z",
            "user_metadata": { "name": "Ada & Co" }
        }))
        .unwrap();
        let mail = sign_up_attempt(&user, "https://app.example");
        assert_eq!(mail.to, "ada@example.com");
        assert_eq!(mail.subject, "Someone tried to sign up with your address");
        assert_eq!(links(&mail.html), vec!["https://app.example/login", "https://app.example/forgot-password"]);
        assert!(mail.html.contains("<p>Hi Ada &amp; Co,</p>"), "{}", mail.html);
        assert!(
            mail.text.contains("sign in instead: https://app.example/login\nForgot your password? Reset it: https://app.example/forgot-password\n"),
            "{}",
            mail.text
        );
    }

    #[test]
    fn the_welcome_greets_by_name_when_given_and_links_to_the_dashboard() {
        let mail = welcome("ada@example.com", Some("Ada & Co"), "https://app.example");
        assert_eq!(mail.subject, "Welcome to RaiseSpark");
        assert!(mail.html.contains(">Welcome to RaiseSpark, Ada &amp; Co!</h1>"), "{}", mail.html);
        assert_eq!(links(&mail.html), vec!["https://app.example/dashboard"]);
        assert!(mail.text.starts_with("Welcome to RaiseSpark, Ada & Co!\n\nYour account is ready."), "{}", mail.text);
        assert!(mail.text.ends_with("Open your dashboard: https://app.example/dashboard\n"));
        assert!(welcome("ada@example.com", None, "https://app.example").text.starts_with("Welcome to RaiseSpark!\n\n"));
    }

    #[test]
    fn the_trial_mail_names_its_length_and_links_to_a_new_form() {
        let mail = trial_started("ada@example.com", "14 days", "https://app.example");
        assert_eq!(mail.subject, "Your 14-day RaiseSpark trial has started");
        assert!(mail.html.contains(">Your 14-day free trial has started</h1>"), "{}", mail.html);
        assert_eq!(links(&mail.html), vec!["https://app.example/forms?create=true"]);
        assert!(mail.text.starts_with("Your 14-day free trial has started.\n\n"));
        assert_eq!(trial_started("a@example.com", "1 day", "https://app.example").subject, "Your 1-day RaiseSpark trial has started");
        assert_eq!(trial_started("a@example.com", "two weeks", "https://app.example").subject, "Your two weeks RaiseSpark trial has started");
        assert!(trial_started("a@example.com", "<7 days>", "https://app.example").html.contains("Your &lt;7 days&gt; free trial"));
    }

    #[test]
    fn the_new_lead_mail_lists_the_answers_in_form_order_escaped_and_links_to_the_lead() {
        let mut form = Form::new_default("owner", "2026-11-01T00:00:00Z");
        form.id = "f1".into();
        form.name = "Deck <2026>".into();
        form.fields.reverse(); // stored out of order: the mail follows `order`
        let (name_field, email_field) = (form.fields[2].id.clone(), form.fields[1].id.clone());
        let lead: LeadRecord = serde_json::from_value(serde_json::json!({
            "id": "l1", "form_id": "f1", "owner_id": "owner", "created_at": "2026-11-01T00:00:00Z",
            "data": { name_field: "Eve <script>", email_field: "eve@example.com" },
            "status": "hot",
            "compliance": { "legend_version": "1", "legend_sha256": "x", "form_version": 1, "submitted_at": "2026-11-01T00:00:00Z" }
        }))
        .unwrap();
        let mail = new_lead(&form, &lead, "founder@example.com", "https://app.example");
        assert_eq!(mail.to, "founder@example.com");
        assert_eq!(mail.subject, "New investor lead: Deck <2026>");
        assert_eq!(links(&mail.html), vec!["https://app.example/leads?formId=f1&lead=l1"]);
        assert!(mail.html.contains("through <strong>Deck &lt;2026&gt;</strong>"), "{}", mail.html);
        assert!(mail.html.contains("<strong style=\"color:#dc2626\">hot</strong>"));
        assert!(mail.html.contains(">Eve &lt;script&gt;</td>") && !mail.html.contains("<script>"), "answers are escaped");
        assert_eq!(
            mail.text,
            "New investor lead through Deck <2026>\nTemperature: hot\n\nFull Name: Eve <script>\nEmail Address: eve@example.com\n\nView the lead: https://app.example/leads?formId=f1&lead=l1\n"
        );
    }

    #[test]
    fn a_contact_message_reaches_support_with_the_writer_escaped() {
        let message = SupportMessage { topic: "Billing", name: "Ada <b>", email: "ada@example.com", message: "Hello <there>", id: "m1", user_id: Some("u1") };
        let mail = contact_message("support@example.com", &message);
        assert_eq!(mail.to, "support@example.com");
        assert_eq!(mail.subject, "[Billing] Ada <b> via the contact form");
        assert_eq!(mail.text, "Billing\nFrom Ada <b> <ada@example.com> (signed in as user u1) · message m1\n\nHello <there>\n");
        assert!(mail.html.contains("From Ada &lt;b&gt; &lt;ada@example.com&gt; (signed in as user u1) · message m1"), "{}", mail.html);
        assert!(mail.html.contains(">Hello &lt;there&gt;</p>"));
        assert!(links(&mail.html).is_empty());
        let anonymous = contact_message("support@example.com", &SupportMessage { user_id: None, ..message });
        assert!(anonymous.text.contains("(not signed in)"));
    }

    #[test]
    fn user_text_is_escaped() {
        assert_eq!(escape_html("<b>\"Ada\" & 'Bob'</b>"), "&lt;b&gt;&quot;Ada&quot; &amp; &#39;Bob&#39;&lt;/b&gt;");
        assert!(layout("A <title>", "").contains("<title>A &lt;title&gt;</title>"));
        assert_eq!(links(&button("https://x.example/?a=1&b=\"2\"", "Go")), vec!["https://x.example/?a=1&b=&quot;2&quot;"]);
    }
}
