//! The compliance vault's buckets (`VAULT_BUCKET`, `VAULT_UPLOADS_BUCKET`) and S3's endpoint
//! override (moto's server locally).

use super::{ConfigError, Env, Needs, Variable};

/// Where the compliance vault keeps its objects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VaultConfig {
    /// Object Lock and versioning on, public access blocked: every record's files.
    pub bucket: String,
    /// Where browsers upload with a presigned POST; objects are checked, copied into the
    /// vault and removed (a lifecycle rule expires what is left after a day). Empty unless
    /// the function declared uploads.
    pub uploads_bucket: String,
    /// An S3-compatible endpoint (moto's server locally); path-style addressing with it.
    pub endpoint: Option<String>,
}

pub(super) fn variables(needs: &Needs, vars: &mut Vec<Variable>) {
    if needs.vault {
        vars.push(Variable::required("VAULT_BUCKET"));
        vars.push(Variable::local_only("S3_ENDPOINT"));
    }
    if needs.vault_uploads {
        vars.push(Variable::required("VAULT_UPLOADS_BUCKET"));
    }
}

/// `None` unless the function declared the vault.
pub(super) fn read(needs: &Needs, env: &Env) -> Result<Option<VaultConfig>, ConfigError> {
    if !needs.vault {
        return Ok(None);
    }
    Ok(Some(VaultConfig {
        bucket: env.required("VAULT_BUCKET")?,
        uploads_bucket: if needs.vault_uploads { env.required("VAULT_UPLOADS_BUCKET")? } else { String::new() },
        endpoint: env.optional("S3_ENDPOINT"),
    }))
}

#[cfg(test)]
mod tests {
    use super::super::{Config, test_env::*};
    use super::*;

    #[test]
    fn the_vault_is_read_only_where_declared() {
        let vars = complete();
        assert!(Config::from_lookup_for(&Needs::NONE, lookup(&vars)).unwrap().vault.is_none());
        let filing = Needs { vault: true, ..Needs::NONE };
        assert_eq!(Config::from_lookup_for(&filing, lookup(&vars)).unwrap().vault.unwrap().uploads_bucket, "");
        let uploads = Needs { vault: true, vault_uploads: true, ..Needs::NONE };
        assert_eq!(Config::from_lookup_for(&uploads, lookup(&vars)).unwrap().vault.unwrap().uploads_bucket, "vault-uploads");
    }
}
