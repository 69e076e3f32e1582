//! The product's public origin (`APP_ORIGIN`, the base of every link in mail) and the secrets
//! of the link families and salts (see [`crate::keys`]).

use super::{ConfigError, Env, Needs, Variable};
use crate::keys::{Family, LinkSecrets};

/// One secret set per link family and salt (see [`crate::keys`]).
#[derive(Debug, Clone)]
pub struct Links {
    pub unsubscribe: LinkSecrets,
    pub click: LinkSecrets,
    pub export: LinkSecrets,
    pub view_salt: LinkSecrets,
    pub question_salt: LinkSecrets,
    pub sign_up_ids: LinkSecrets,
}

impl Links {
    pub fn get(&self, family: Family) -> &LinkSecrets {
        match family {
            Family::Unsubscribe => &self.unsubscribe,
            Family::Click => &self.click,
            Family::Export => &self.export,
            Family::ViewSalt => &self.view_salt,
            Family::QuestionSalt => &self.question_salt,
            Family::SignUpIds => &self.sign_up_ids,
        }
    }
}

pub(super) fn origin_variables(needs: &Needs, vars: &mut Vec<Variable>) {
    if needs.app_origin {
        vars.push(Variable::required("APP_ORIGIN"));
    }
}

pub(super) fn variables(needs: &Needs, vars: &mut Vec<Variable>) {
    vars.extend(needs.link_secrets.iter().map(|family| Variable::required(family.variable()).secret()));
}

/// `APP_ORIGIN` without its trailing slash; empty unless declared.
pub(super) fn read_origin(needs: &Needs, env: &Env) -> Result<String, ConfigError> {
    if !needs.app_origin {
        return Ok(String::new());
    }
    let origin = env.required("APP_ORIGIN")?;
    if !(origin.starts_with("https://") || origin.starts_with("http://")) {
        return Err(ConfigError::Invalid { name: "APP_ORIGIN", reason: "must start with http:// or https://".into() });
    }
    Ok(origin.trim_end_matches('/').to_owned())
}

pub(super) fn read(needs: &Needs, env: &Env) -> Result<Links, ConfigError> {
    let link = |family: Family| -> Result<LinkSecrets, ConfigError> {
        if needs.link_secrets.contains(&family) {
            Ok(LinkSecrets::parse(family, &env.required(family.variable())?)?)
        } else {
            Ok(LinkSecrets::unmatched(family))
        }
    };
    Ok(Links {
        unsubscribe: link(Family::Unsubscribe)?,
        click: link(Family::Click)?,
        export: link(Family::Export)?,
        view_salt: link(Family::ViewSalt)?,
        question_salt: link(Family::QuestionSalt)?,
        sign_up_ids: link(Family::SignUpIds)?,
    })
}

#[cfg(test)]
mod tests {
    use super::super::{Config, test_env::*};
    use super::*;

    #[test]
    fn an_origin_without_a_scheme_is_refused() {
        let mut vars = complete();
        set(&mut vars, "APP_ORIGIN", "app.example.com");
        assert!(Config::from_lookup(lookup(&vars)).unwrap_err().to_string().contains("APP_ORIGIN"));
    }

    #[test]
    fn a_short_link_secret_is_refused_with_its_name() {
        for family in Family::ALL {
            let mut vars = complete();
            set(&mut vars, family.variable(), "short");
            let err = Config::from_lookup(lookup(&vars)).unwrap_err();
            assert!(err.to_string().contains(family.variable()), "{err}");
        }
    }
}
