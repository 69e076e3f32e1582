//! E-mail: where it goes (`MAIL_PROVIDER`, `MAIL_FROM`; SES in AWS, the local outbox
//! elsewhere) and the support address contact messages go to (`SUPPORT_EMAIL`).

use super::{ConfigError, Env, Needs, Variable};

/// Where e-mail goes: Amazon SES in AWS, the local outbox (`/dev/mail`) everywhere else.
#[derive(Debug, Clone, PartialEq)]
pub enum MailConfig {
    Ses {
        /// Verified sender, e.g. `RaiseSpark <hello@raisespark.com>`.
        from: String,
        /// Endpoint override, for tests against a local stub.
        endpoint: Option<String>,
    },
    Outbox {
        from: String,
        /// Folder where the outbox keeps its messages across restarts; memory only when unset.
        dir: Option<std::path::PathBuf>,
    },
}

impl MailConfig {
    pub fn from(&self) -> &str {
        match self {
            Self::Ses { from, .. } | Self::Outbox { from, .. } => from,
        }
    }
}

pub(super) fn variables(needs: &Needs, vars: &mut Vec<Variable>) {
    if needs.mail {
        vars.push(Variable::required("MAIL_PROVIDER"));
        vars.push(Variable::required("MAIL_FROM"));
        vars.push(Variable::local_only("SES_ENDPOINT"));
        vars.push(Variable::local_only("OUTBOX_DIR"));
    }
}

pub(super) fn support_variables(needs: &Needs, vars: &mut Vec<Variable>) {
    if needs.support_email {
        vars.push(Variable::required("SUPPORT_EMAIL"));
    }
}

/// `None` unless the function declared mail: it gets no SES client.
pub(super) fn read(needs: &Needs, env: &Env) -> Result<Option<MailConfig>, ConfigError> {
    if !needs.mail {
        return Ok(None);
    }
    Ok(Some(match env.required("MAIL_PROVIDER")?.as_str() {
        "ses" => MailConfig::Ses { from: env.required("MAIL_FROM")?, endpoint: env.optional("SES_ENDPOINT") },
        "outbox" => MailConfig::Outbox {
            from: env.optional("MAIL_FROM").unwrap_or_else(|| "RaiseSpark <hello@raisespark.local>".to_owned()),
            dir: env.optional("OUTBOX_DIR").map(Into::into),
        },
        other => return Err(ConfigError::Invalid { name: "MAIL_PROVIDER", reason: format!("{other:?} is not one of ses, outbox") }),
    }))
}

/// `SUPPORT_EMAIL`; empty unless declared.
pub(super) fn read_support(needs: &Needs, env: &Env) -> Result<String, ConfigError> {
    if needs.support_email { env.required("SUPPORT_EMAIL") } else { Ok(String::new()) }
}

#[cfg(test)]
mod tests {
    use super::super::{Config, test_env::*};
    use super::*;

    #[test]
    fn ses_needs_a_sender() {
        let mut vars = complete();
        set(&mut vars, "MAIL_PROVIDER", "ses");
        assert_eq!(Config::from_lookup(lookup(&vars)).unwrap_err(), ConfigError::Missing("MAIL_FROM"));
        set(&mut vars, "MAIL_FROM", "RaiseSpark <hello@example.com>");
        let config = Config::from_lookup(lookup(&vars)).unwrap();
        assert_eq!(config.mail.unwrap().from(), "RaiseSpark <hello@example.com>");
    }

    #[test]
    fn an_unknown_mail_provider_is_refused() {
        let mut vars = complete();
        set(&mut vars, "MAIL_PROVIDER", "pigeon");
        assert!(Config::from_lookup(lookup(&vars)).unwrap_err().to_string().contains("MAIL_PROVIDER"));
    }

    #[test]
    fn a_function_that_sends_no_mail_has_no_mail_configuration() {
        assert!(Config::from_lookup_for(&Needs::NONE, lookup(&complete())).unwrap().mail.is_none());
    }
}
