//! Makes and publishes access-token keys for a deployment (README, "Keys and rotation").
//!
//! - `access-token-key new KEY_FILE` — a new P-256 private key, written to KEY_FILE (PKCS#8
//!   PEM, mode 0600: put it in the `AccessTokenSigningKeySecretName` secret), and its public
//!   JWK printed (add it to the `AccessTokenPublicKeys` parameter's `{"keys":[…]}` first).
//! - `access-token-key jwks KEY_FILE…` — the JWK set of the public keys of these private keys.
//! - `access-token-key check JWKS_FILE KEY_FILE` — whether that key is published in that set.

use anyhow::{Context, bail};
use shared::auth::{SigningKey, jwks, parse_public_keys};

fn read_key(path: &str) -> anyhow::Result<SigningKey> {
    let pem = std::fs::read_to_string(path).with_context(|| format!("cannot read {path}"))?;
    SigningKey::from_pem(&pem).map_err(|reason| anyhow::anyhow!("{path}: {reason}"))
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("new") if args.len() == 2 => {
            let key = SigningKey::generate();
            write_private(&args[1], &key.to_pem())?;
            eprintln!("private key (kid {}) written to {}", key.public().kid, args[1]);
            println!("{}", key.public().jwk());
        }
        Some("jwks") if args.len() >= 2 => {
            let keys = args[1..].iter().map(|path| read_key(path)).collect::<anyhow::Result<Vec<_>>>()?;
            println!("{}", jwks(&keys.iter().map(SigningKey::public).collect::<Vec<_>>()));
        }
        Some("check") if args.len() == 3 => {
            let set = std::fs::read_to_string(&args[1]).with_context(|| format!("cannot read {}", args[1]))?;
            let published = parse_public_keys(&set).map_err(anyhow::Error::msg)?;
            let key = read_key(&args[2])?;
            if !published.contains(key.public()) {
                bail!("kid {} is not in {}: publish it before signing with it", key.public().kid, args[1]);
            }
            println!("kid {} is published", key.public().kid);
        }
        _ => bail!("usage: access-token-key new KEY_FILE | jwks KEY_FILE… | check JWKS_FILE KEY_FILE"),
    }
    Ok(())
}

fn write_private(path: &str, contents: &str) -> anyhow::Result<()> {
    #[cfg(unix)]
    {
        use std::{io::Write, os::unix::fs::OpenOptionsExt};
        let mut file = std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(path).with_context(|| format!("cannot create {path} (it must not exist)"))?;
        file.write_all(contents.as_bytes())?;
    }
    #[cfg(not(unix))]
    std::fs::write(path, contents)?;
    Ok(())
}
