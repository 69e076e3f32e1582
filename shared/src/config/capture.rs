//! Lead capture (`public-forms`): who tells founders about new leads (`LEAD_NOTIFICATIONS`)
//! and the in-process limit of submissions (`PUBLIC_LEADS_PER_MINUTE`).

use super::{ConfigError, Env, Needs, Variable};

/// Who tells founders about new leads: the request itself, after answering (local), or the
/// `lead-notifications` function on the leads table's stream (AWS, where a Lambda cannot
/// keep working after it answered).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeadNotifications {
    Inline,
    Stream,
}

pub(super) struct Capture {
    pub notifications: LeadNotifications,
    pub per_minute: usize,
}

pub(super) fn variables(needs: &Needs, vars: &mut Vec<Variable>) {
    if needs.lead_capture {
        vars.push(Variable::optional("LEAD_NOTIFICATIONS"));
        vars.push(Variable::optional("PUBLIC_LEADS_PER_MINUTE"));
    }
}

/// `mails`: whether the function reads the mail configuration (inline notifications need it).
pub(super) fn read(needs: &Needs, env: &Env, mails: bool) -> Result<Capture, ConfigError> {
    if !needs.lead_capture {
        return Ok(Capture { notifications: LeadNotifications::Stream, per_minute: 10 });
    }
    // Unset: inline where the function can mail (the local gateway), else the stream.
    let default = if mails { "inline" } else { "stream" };
    let notifications = match env.optional("LEAD_NOTIFICATIONS").as_deref().unwrap_or(default) {
        "inline" if !mails => {
            return Err(ConfigError::Invalid {
                name: "LEAD_NOTIFICATIONS",
                reason: "inline needs the mail configuration, which this function does not read; use stream".into(),
            });
        }
        "inline" => LeadNotifications::Inline,
        "stream" => LeadNotifications::Stream,
        other => return Err(ConfigError::Invalid { name: "LEAD_NOTIFICATIONS", reason: format!("{other:?} is not one of inline, stream") }),
    };
    let per_minute = match env.optional("PUBLIC_LEADS_PER_MINUTE") {
        None => 10,
        Some(value) => value.parse().map_err(|_| ConfigError::Invalid { name: "PUBLIC_LEADS_PER_MINUTE", reason: "must be a whole number".into() })?,
    };
    Ok(Capture { notifications, per_minute })
}

#[cfg(test)]
mod tests {
    use super::super::{Config, test_env::*};
    use super::*;

    const CAPTURE_WITHOUT_MAIL: Needs = Needs { lead_capture: true, ..Needs::NONE };

    #[test]
    fn a_function_that_sends_no_mail_refuses_inline_notifications_it_cannot_send() {
        let mut vars = deployed(&CAPTURE_WITHOUT_MAIL);
        assert_eq!(Config::from_lookup_for(&CAPTURE_WITHOUT_MAIL, lookup(&vars)).unwrap().lead_notifications, LeadNotifications::Stream);
        set(&mut vars, "LEAD_NOTIFICATIONS", "inline");
        let err = Config::from_lookup_for(&CAPTURE_WITHOUT_MAIL, lookup(&vars)).unwrap_err();
        assert!(err.to_string().contains("LEAD_NOTIFICATIONS"), "{err}");
    }

    #[test]
    fn the_lead_limit_is_a_whole_number() {
        let mut vars = deployed(&CAPTURE_WITHOUT_MAIL);
        set(&mut vars, "PUBLIC_LEADS_PER_MINUTE", "3");
        assert_eq!(Config::from_lookup_for(&CAPTURE_WITHOUT_MAIL, lookup(&vars)).unwrap().public_leads_per_minute, 3);
        set(&mut vars, "PUBLIC_LEADS_PER_MINUTE", "many");
        assert!(Config::from_lookup_for(&CAPTURE_WITHOUT_MAIL, lookup(&vars)).unwrap_err().to_string().contains("PUBLIC_LEADS_PER_MINUTE"));
    }
}
