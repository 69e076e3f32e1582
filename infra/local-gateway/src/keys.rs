//! The local stack's keys, generated once per machine and kept under the data directory
//! (`.local/keys.json`, readable by its owner only), so sessions and links survive restarts:
//! the access tokens' private key (and the public key set published from it), one secret per
//! link family and salt, and the local Stripe webhook secret. Each can be overridden by its
//! environment variable. Nothing here is ever used in AWS (Secrets Manager holds those).

use std::{collections::BTreeMap, path::Path};

use anyhow::Context;
use rand::Rng;
use serde::{Deserialize, Serialize};
use shared::{
    auth::{SigningKey, jwks},
    keys::Family,
};

const FILE: &str = "keys.json";

#[derive(Debug, Default, Serialize, Deserialize)]
struct Stored {
    #[serde(default)]
    access_token_signing_key: Option<String>,
    /// Family variable → secret.
    #[serde(default)]
    links: BTreeMap<String, String>,
    #[serde(default)]
    stripe_webhook_secret: Option<String>,
}

/// What the gateway (and the Lambda stage's preparation) configures locally.
#[derive(Debug, Clone)]
pub struct LocalKeys {
    pub signing_key: SigningKey,
    /// Family variable → secret.
    pub links: BTreeMap<&'static str, String>,
    pub stripe_webhook_secret: String,
}

impl LocalKeys {
    /// `ACCESS_TOKEN_PUBLIC_KEYS` for the local key.
    pub fn public_keys(&self) -> String {
        jwks(&[self.signing_key.public()])
    }

    /// The value of a variable these keys provide, if they provide it.
    pub fn variable(&self, name: &str) -> Option<String> {
        match name {
            "ACCESS_TOKEN_SIGNING_KEY" => Some(self.signing_key.to_pem()),
            "ACCESS_TOKEN_PUBLIC_KEYS" => Some(self.public_keys()),
            "STRIPE_WEBHOOK_SECRET" => Some(self.stripe_webhook_secret.clone()),
            _ => self.links.get(name).cloned(),
        }
    }
}

fn random_secret() -> String {
    rand::rng().sample_iter(rand::distr::Alphanumeric).take(48).map(char::from).collect()
}

/// Reads the keys kept in `data_dir`, creating what is missing (and the directory).
pub fn load_or_create(data_dir: &Path) -> anyhow::Result<LocalKeys> {
    let path = data_dir.join(FILE);
    let mut stored: Stored = match std::fs::read_to_string(&path) {
        Ok(text) => serde_json::from_str(&text).with_context(|| format!("{} is not valid JSON: delete it to start over", path.display()))?,
        Err(_) => Stored::default(),
    };
    let mut changed = false;
    let signing_key = match stored.access_token_signing_key.as_deref().map(SigningKey::from_pem) {
        Some(Ok(key)) => key,
        _ => {
            let key = SigningKey::generate();
            stored.access_token_signing_key = Some(key.to_pem());
            changed = true;
            key
        }
    };
    let mut links = BTreeMap::new();
    for family in Family::ALL {
        let secret = stored.links.entry(family.variable().to_owned()).or_insert_with(|| {
            changed = true;
            random_secret()
        });
        links.insert(family.variable(), secret.clone());
    }
    let stripe_webhook_secret = stored
        .stripe_webhook_secret
        .get_or_insert_with(|| {
            changed = true;
            format!("whsec_{}", random_secret())
        })
        .clone();
    if changed {
        std::fs::create_dir_all(data_dir).with_context(|| format!("cannot create {}", data_dir.display()))?;
        write_private(&path, &serde_json::to_string_pretty(&stored)?).with_context(|| format!("cannot write {}", path.display()))?;
    }
    // The single HS256 secret of earlier versions signed everything; it is no longer used.
    let _ = std::fs::remove_file(data_dir.join("jwt-secret"));
    Ok(LocalKeys { signing_key, links, stripe_webhook_secret })
}

fn write_private(path: &Path, contents: &str) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::{io::Write, os::unix::fs::OpenOptionsExt};
        let mut file = std::fs::OpenOptions::new().write(true).create(true).truncate(true).mode(0o600).open(path)?;
        file.write_all(contents.as_bytes())
    }
    #[cfg(not(unix))]
    std::fs::write(path, contents)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_made_once_and_kept_across_restarts() {
        let dir = std::env::temp_dir().join(format!("rs-keys-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("jwt-secret"), "old-hs256-secret-old-hs256-secret-old").unwrap();
        let first = load_or_create(&dir).unwrap();
        let again = load_or_create(&dir).unwrap();
        assert_eq!(first.signing_key.public(), again.signing_key.public());
        assert_eq!(first.links, again.links);
        assert_eq!(first.stripe_webhook_secret, again.stripe_webhook_secret);
        assert_eq!(first.links.len(), Family::ALL.len());
        let distinct: std::collections::BTreeSet<&String> = first.links.values().collect();
        assert_eq!(distinct.len(), Family::ALL.len(), "every family has its own secret");
        assert!(!dir.join("jwt-secret").exists(), "the old single secret is gone");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(std::fs::metadata(dir.join(FILE)).unwrap().permissions().mode() & 0o777, 0o600);
        }
        // Every secret is long enough for the configuration, and the key set names the key.
        for family in Family::ALL {
            shared::keys::LinkSecrets::parse(*family, &first.variable(family.variable()).unwrap()).unwrap();
        }
        assert_eq!(shared::auth::parse_public_keys(&first.public_keys()).unwrap()[0], first.signing_key.public().clone());
        std::fs::remove_dir_all(dir).unwrap();
    }
}
