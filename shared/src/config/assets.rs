//! The public assets bucket (`ASSETS_BUCKET`): founders' logos, read by the public forms and
//! written by `profiles`. S3's endpoint override (moto's server locally) is the vault's.

use super::{ConfigError, Env, Needs, Variable};

/// Where founders' logos are kept (public access blocked: browsers get them through
/// `public-forms`, cached by the CDN).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssetsConfig {
    pub bucket: String,
    /// An S3-compatible endpoint (moto's server locally); path-style addressing with it.
    pub endpoint: Option<String>,
}

pub(super) fn variables(needs: &Needs, vars: &mut Vec<Variable>) {
    if needs.assets {
        vars.push(Variable::required("ASSETS_BUCKET"));
        if !needs.vault {
            vars.push(Variable::local_only("S3_ENDPOINT"));
        }
    }
}

/// `None` unless the function declared the assets bucket.
pub(super) fn read(needs: &Needs, env: &Env) -> Result<Option<AssetsConfig>, ConfigError> {
    if !needs.assets {
        return Ok(None);
    }
    Ok(Some(AssetsConfig { bucket: env.required("ASSETS_BUCKET")?, endpoint: env.optional("S3_ENDPOINT") }))
}

#[cfg(test)]
mod tests {
    use super::super::{Config, test_env::*};
    use super::*;

    #[test]
    fn the_assets_bucket_is_read_only_where_declared_and_required_there() {
        let vars = complete();
        assert!(Config::from_lookup_for(&Needs::NONE, lookup(&vars)).unwrap().assets.is_none());
        let assets = Needs { assets: true, ..Needs::NONE };
        assert_eq!(Config::from_lookup_for(&assets, lookup(&vars)).unwrap().assets.unwrap().bucket, "assets");
        let mut missing = vars.clone();
        missing.retain(|(name, _)| *name != "ASSETS_BUCKET");
        assert!(Config::from_lookup_for(&assets, lookup(&missing)).is_err());
    }
}
