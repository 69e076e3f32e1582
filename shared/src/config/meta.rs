//! Meta's Conversions API (`META_PIXEL_ID`, `META_ACCESS_TOKEN`): optional even where declared.

use secrecy::SecretString;

use super::{Env, Needs, Variable};

/// Meta Conversions API; unset means conversions are not sent.
#[derive(Debug, Clone)]
pub struct MetaConfig {
    pub pixel_id: String,
    pub access_token: SecretString,
    pub api_base: String,
}

pub(super) fn variables(needs: &Needs, vars: &mut Vec<Variable>) {
    if needs.meta {
        vars.push(Variable::optional("META_PIXEL_ID"));
        vars.push(Variable::optional("META_ACCESS_TOKEN").secret());
        vars.push(Variable::local_only("META_API_BASE"));
    }
}

pub(super) fn read(needs: &Needs, env: &Env) -> Option<MetaConfig> {
    if !needs.meta {
        return None;
    }
    match (env.optional("META_PIXEL_ID"), env.optional("META_ACCESS_TOKEN")) {
        (Some(pixel_id), Some(token)) => Some(MetaConfig {
            pixel_id,
            access_token: SecretString::from(token),
            api_base: env.optional("META_API_BASE").unwrap_or_else(|| "https://graph.facebook.com".to_owned()),
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Config, test_env::*};
    use super::*;

    #[test]
    fn meta_is_sent_only_with_both_a_pixel_and_a_token() {
        let needs = Needs { meta: true, ..Needs::NONE };
        let mut vars = complete();
        set(&mut vars, "META_PIXEL_ID", "123");
        assert!(Config::from_lookup_for(&needs, lookup(&vars)).unwrap().meta.is_none());
        set(&mut vars, "META_ACCESS_TOKEN", "token");
        assert_eq!(Config::from_lookup_for(&needs, lookup(&vars)).unwrap().meta.unwrap().api_base, "https://graph.facebook.com");
        assert!(Config::from_lookup_for(&Needs::NONE, lookup(&vars)).unwrap().meta.is_none());
    }
}
