//! Who administers (`ADMIN_USER_IDS`) and which role a binary runs as where one binary is
//! several functions: the streaming function URL (`RESPONSE_STREAMING`), the support-session
//! sweep (`IMPERSONATION_SWEEP`), the vault's digest (`VAULT_ROLE`), the account mail on the
//! account requests' stream (`AUTH_JOBS`, `AUTH_ROLE`), the deploy-time migration (`TEAMS_ROLE`), the lead digests' sender
//! (`LEAD_NOTIFICATIONS_ROLE`).

use super::{ConfigError, Env, LeadNotifications, Needs, Variable};

pub(super) struct Roles {
    pub admin_user_ids: Vec<String>,
    pub response_streaming: bool,
    pub impersonation_sweep: bool,
    pub vault_digest: bool,
    pub auth_jobs: LeadNotifications,
    pub import_jobs: LeadNotifications,
}

pub(super) fn admin_variables(needs: &Needs, vars: &mut Vec<Variable>) {
    if needs.admins {
        vars.push(Variable::optional("ADMIN_USER_IDS"));
    }
}

pub(super) fn variables(needs: &Needs, vars: &mut Vec<Variable>) {
    if needs.impersonation_sweep {
        vars.push(Variable::optional("IMPERSONATION_SWEEP"));
    }
    if needs.vault_digest {
        vars.push(Variable::optional("VAULT_ROLE"));
    }
    if needs.response_streaming {
        vars.push(Variable::optional("RESPONSE_STREAMING"));
    }
    if needs.auth_jobs {
        vars.push(Variable::optional("AUTH_JOBS"));
        vars.push(Variable::optional("AUTH_ROLE"));
    }
    if needs.teams_role {
        vars.push(Variable::optional("TEAMS_ROLE"));
    }
    if needs.import_jobs {
        vars.push(Variable::optional("IMPORT_JOBS"));
        vars.push(Variable::optional("LEADS_ROLE"));
    }
    if needs.lead_digests_role {
        vars.push(Variable::optional("LEAD_NOTIFICATIONS_ROLE"));
    }
}

pub(super) fn read(needs: &Needs, env: &Env) -> Result<Roles, ConfigError> {
    let admin_user_ids = if needs.admins {
        env.optional("ADMIN_USER_IDS")
            .map(|ids| ids.split(',').map(|id| id.trim().to_owned()).filter(|id| !id.is_empty()).collect())
            .unwrap_or_default()
    } else {
        Vec::new()
    };
    let auth_jobs = match needs.auth_jobs.then(|| env.optional("AUTH_JOBS")).flatten().as_deref() {
        None | Some("inline") => LeadNotifications::Inline,
        Some("stream") => LeadNotifications::Stream,
        Some(other) => {
            return Err(ConfigError::Invalid { name: "AUTH_JOBS", reason: format!("{other:?} is not one of inline, stream") });
        }
    };
    let import_jobs = match needs.import_jobs.then(|| env.optional("IMPORT_JOBS")).flatten().as_deref() {
        None | Some("inline") => LeadNotifications::Inline,
        Some("stream") => LeadNotifications::Stream,
        Some(other) => {
            return Err(ConfigError::Invalid { name: "IMPORT_JOBS", reason: format!("{other:?} is not one of inline, stream") });
        }
    };
    Ok(Roles {
        admin_user_ids,
        import_jobs,
        response_streaming: needs.response_streaming && env.is("RESPONSE_STREAMING", "true"),
        impersonation_sweep: needs.impersonation_sweep && env.is("IMPERSONATION_SWEEP", "true"),
        vault_digest: needs.vault_digest && env.is("VAULT_ROLE", "digest"),
        auth_jobs,
    })
}

#[cfg(test)]
mod tests {
    use super::super::{Config, test_env::*};
    use super::*;

    #[test]
    fn auth_jobs_run_from_the_stream_when_asked_and_refuse_anything_else() {
        let needs = Needs { auth_jobs: true, ..Needs::NONE };
        let mut vars = deployed(&needs);
        vars.push(("AUTH_JOBS", "stream".to_owned()));
        assert_eq!(Config::from_lookup_for(&needs, lookup(&vars)).unwrap().auth_jobs, LeadNotifications::Stream);
        vars.pop();
        vars.push(("AUTH_JOBS", "later".to_owned()));
        assert!(Config::from_lookup_for(&needs, lookup(&vars)).unwrap_err().to_string().contains("AUTH_JOBS"));
    }

    #[test]
    fn a_role_is_taken_only_by_the_functions_that_declared_it() {
        let mut vars = complete();
        set(&mut vars, "RESPONSE_STREAMING", "true");
        set(&mut vars, "VAULT_ROLE", "digest");
        set(&mut vars, "IMPERSONATION_SWEEP", "true");
        let none = Config::from_lookup_for(&Needs::NONE, lookup(&vars)).unwrap();
        assert!(!none.response_streaming && !none.vault_digest && !none.impersonation_sweep && none.admin_user_ids.is_empty());
        let all = Needs { response_streaming: true, vault_digest: true, impersonation_sweep: true, ..Needs::NONE };
        let config = Config::from_lookup_for(&all, lookup(&vars)).unwrap();
        assert!(config.response_streaming && config.vault_digest && config.impersonation_sweep);
    }
}
