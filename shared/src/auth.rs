//! Access tokens: short-lived ES256 JWTs sent as `Authorization: Bearer`, with the signing
//! key's id (`kid`) in the header. The algorithm, issuer and audience are fixed; anything else
//! (`alg: none`, HS256 made with a public key, an unknown `kid`) is rejected.
//!
//! Only the functions that mint sessions (`auth`) hold the private key
//! (`ACCESS_TOKEN_SIGNING_KEY`, an unencrypted PKCS#8 PEM of a P-256 key); every function
//! verifies with the published public keys (`ACCESS_TOKEN_PUBLIC_KEYS`, a JWK set), chosen by
//! `kid`. A key's id is its RFC 7638 thumbprint, so the two can never disagree.
//!
//! Rotation: (1) add the new public key to `ACCESS_TOKEN_PUBLIC_KEYS` and deploy — every
//! function now accepts both; (2) put the new private key in the signing secret and deploy —
//! `auth` mints with it (it refuses to start with a key that is not published); (3) after
//! [`ACCESS_TOKEN_TTL`] remove the old public key: the last token it signed has expired.

use std::{sync::Arc, time::Duration};

use aws_lc_rs::signature::{ECDSA_P256_SHA256_FIXED_SIGNING, EcdsaKeyPair, KeyPair};
use base64::{Engine, engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD}};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

pub const ISSUER: &str = "raisespark";
pub const AUDIENCE: &str = "authenticated";
/// Access tokens live 15 minutes: after a global sign-out, a stolen access token works at
/// most this long, and the refresh token (revoked server-side) cannot renew it.
pub const ACCESS_TOKEN_TTL: Duration = Duration::from_secs(15 * 60);
const LEEWAY_SECONDS: u64 = 30;
/// Public keys kept at once: the current one and the next (or the previous) during a rotation.
pub const MAX_PUBLIC_KEYS: usize = 4;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct AccessClaims {
    pub sub: String,
    pub email: String,
    pub iss: String,
    pub aud: String,
    pub iat: u64,
    pub exp: u64,
    /// RFC 8693 actor: present when an administrator acts as this user (impersonation).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub act: Option<Actor>,
    /// The impersonation record (audit id) this token belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub imp: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Actor {
    pub sub: String,
}

// ------------------------------------------------------------------ keys

/// A published P-256 public key and its id (the RFC 7638 thumbprint of its JWK).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicKey {
    pub kid: String,
    /// Coordinates, base64url without padding (as in a JWK).
    x: String,
    y: String,
}

impl PublicKey {
    /// From an uncompressed SEC 1 point (`04 || x || y`).
    fn from_point(point: &[u8]) -> Result<Self, String> {
        if point.len() != 65 || point[0] != 4 {
            return Err("not an uncompressed P-256 point".into());
        }
        Ok(Self::from_coordinates(URL_SAFE_NO_PAD.encode(&point[1..33]), URL_SAFE_NO_PAD.encode(&point[33..])))
    }

    fn from_coordinates(x: String, y: String) -> Self {
        Self { kid: thumbprint(&x, &y), x, y }
    }

    /// The key as a JWK, for `ACCESS_TOKEN_PUBLIC_KEYS`.
    pub fn jwk(&self) -> serde_json::Value {
        serde_json::json!({"kty": "EC", "crv": "P-256", "alg": "ES256", "use": "sig", "kid": self.kid, "x": self.x, "y": self.y})
    }

    fn decoding_key(&self) -> Result<DecodingKey, String> {
        DecodingKey::from_ec_components(&self.x, &self.y).map_err(|err| err.to_string())
    }
}

/// RFC 7638: SHA-256 over the JWK's required members in lexicographic order, base64url.
fn thumbprint(x: &str, y: &str) -> String {
    use sha2::Digest;
    let canonical = format!(r#"{{"crv":"P-256","kty":"EC","x":"{x}","y":"{y}"}}"#);
    URL_SAFE_NO_PAD.encode(sha2::Sha256::digest(canonical.as_bytes()))
}

/// A JWK set (`{"keys":[…]}`) of P-256 keys, as `ACCESS_TOKEN_PUBLIC_KEYS` holds it. A `kid`
/// given must be the key's thumbprint.
pub fn parse_public_keys(jwks: &str) -> Result<Vec<PublicKey>, String> {
    #[derive(Deserialize)]
    struct Set {
        keys: Vec<Jwk>,
    }
    #[derive(Deserialize)]
    struct Jwk {
        kty: String,
        crv: String,
        x: String,
        y: String,
        #[serde(default)]
        kid: Option<String>,
    }
    let set: Set = serde_json::from_str(jwks).map_err(|err| format!("not a JWK set ({{\"keys\":[…]}}): {err}"))?;
    if set.keys.is_empty() || set.keys.len() > MAX_PUBLIC_KEYS {
        return Err(format!("1 to {MAX_PUBLIC_KEYS} keys"));
    }
    set.keys
        .into_iter()
        .map(|jwk| {
            if jwk.kty != "EC" || jwk.crv != "P-256" {
                return Err(format!("only P-256 keys (kty EC, crv P-256), not {} {}", jwk.kty, jwk.crv));
            }
            let coordinate = |value: &str| URL_SAFE_NO_PAD.decode(value).ok().filter(|bytes| bytes.len() == 32);
            if coordinate(&jwk.x).is_none() || coordinate(&jwk.y).is_none() {
                return Err("x and y must be 32 bytes each, base64url".into());
            }
            let key = PublicKey::from_coordinates(jwk.x, jwk.y);
            match jwk.kid {
                Some(kid) if kid != key.kid => Err(format!("kid {kid:?} is not the key's RFC 7638 thumbprint {:?}", key.kid)),
                _ => Ok(key),
            }
        })
        .collect()
}

/// `{"keys":[…]}` of `keys`: what to publish in `ACCESS_TOKEN_PUBLIC_KEYS`.
pub fn jwks(keys: &[&PublicKey]) -> String {
    serde_json::json!({ "keys": keys.iter().map(|key| key.jwk()).collect::<Vec<_>>() }).to_string()
}

/// The private key that mints access tokens: only in the functions that start sessions.
#[derive(Clone)]
pub struct SigningKey {
    public: PublicKey,
    /// PKCS#8 DER.
    der: Arc<zeroize::Zeroizing<Vec<u8>>>,
}

impl std::fmt::Debug for SigningKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SigningKey(kid {})", self.public.kid)
    }
}

const PEM_BEGIN: &str = "-----BEGIN PRIVATE KEY-----";
const PEM_END: &str = "-----END PRIVATE KEY-----";

impl SigningKey {
    /// An unencrypted PKCS#8 PEM of a P-256 key (`openssl genpkey -algorithm EC -pkeyopt
    /// ec_paramgen_curve:P-256`, or `cargo run -p local-gateway --bin access-token-key`).
    pub fn from_pem(pem: &str) -> Result<Self, String> {
        let pem = pem.replace("\\n", "\n");
        if pem.contains("BEGIN EC PRIVATE KEY") {
            return Err("a SEC 1 key: convert it to PKCS#8 with `openssl pkcs8 -topk8 -nocrypt`".into());
        }
        let body = pem
            .trim()
            .strip_prefix(PEM_BEGIN)
            .and_then(|rest| rest.trim_end().strip_suffix(PEM_END))
            .ok_or_else(|| format!("not a PEM private key ({PEM_BEGIN} … {PEM_END})"))?;
        let der: String = body.chars().filter(|c| !c.is_whitespace()).collect();
        let der = STANDARD.decode(der).map_err(|_| "the PEM body is not base64".to_owned())?;
        Self::from_der(der)
    }

    fn from_der(der: Vec<u8>) -> Result<Self, String> {
        let pair = EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &der).map_err(|_| "not a P-256 PKCS#8 private key".to_owned())?;
        let public = PublicKey::from_point(pair.public_key().as_ref())?;
        Ok(Self { public, der: Arc::new(zeroize::Zeroizing::new(der)) })
    }

    /// A new random key (the local gateway's, tests', the key tool's).
    pub fn generate() -> Self {
        let pair = EcdsaKeyPair::generate(&ECDSA_P256_SHA256_FIXED_SIGNING).expect("P-256 key generation");
        let der = pair.to_pkcs8v1().expect("PKCS#8 serialisation").as_ref().to_vec();
        Self::from_der(der).expect("a generated key parses")
    }

    /// The PKCS#8 PEM (to keep a local key on disk).
    pub fn to_pem(&self) -> String {
        let body = STANDARD.encode(self.der.as_slice());
        let lines: Vec<&str> = body.as_bytes().chunks(64).map(|line| std::str::from_utf8(line).unwrap_or_default()).collect();
        format!("{PEM_BEGIN}\n{}\n{PEM_END}\n", lines.join("\n"))
    }

    pub fn public(&self) -> &PublicKey {
        &self.public
    }
}

/// What a function verifies access tokens with, and (in `auth` only) mints them with.
#[derive(Clone)]
pub struct TokenKeys {
    signer: Option<Arc<(String, EncodingKey)>>,
    verifiers: Arc<Vec<(String, DecodingKey)>>,
    validation: Arc<Validation>,
}

impl std::fmt::Debug for TokenKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kids: Vec<&str> = self.verifiers.iter().map(|(kid, _)| kid.as_str()).collect();
        write!(f, "TokenKeys(verifies {kids:?}, mints: {})", self.can_mint())
    }
}

#[derive(Debug, thiserror::Error)]
pub enum TokenError {
    #[error("the access token is missing")]
    Missing,
    #[error("the access token names no known key")]
    UnknownKey,
    #[error("this function holds no signing key: only the functions that start sessions mint tokens")]
    CannotMint,
    #[error("the access token is invalid: {0}")]
    Invalid(#[from] jsonwebtoken::errors::Error),
}

impl TokenKeys {
    /// Verifies with `public` (chosen by `kid`); mints only with `signing`.
    pub fn new(public: &[PublicKey], signing: Option<&SigningKey>) -> Self {
        let mut validation = Validation::new(Algorithm::ES256);
        validation.set_issuer(&[ISSUER]);
        validation.set_audience(&[AUDIENCE]);
        validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        validation.leeway = LEEWAY_SECONDS;
        let verifiers = public.iter().filter_map(|key| Some((key.kid.clone(), key.decoding_key().ok()?))).collect();
        let signer = signing.map(|key| Arc::new((key.public.kid.clone(), EncodingKey::from_ec_der(key.der.as_slice()))));
        Self { signer, verifiers: Arc::new(verifiers), validation: Arc::new(validation) }
    }

    /// Whether this function can mint tokens (holds the private key).
    pub fn can_mint(&self) -> bool {
        self.signer.is_some()
    }

    pub fn issue(&self, user_id: &str, email: &str, ttl: Duration) -> Result<String, TokenError> {
        self.issue_expiring_at(user_id, email, now_seconds() + ttl.as_secs())
    }

    /// A token with an explicit `exp` (Unix seconds); tests use it for expired tokens.
    pub fn issue_expiring_at(&self, user_id: &str, email: &str, exp: u64) -> Result<String, TokenError> {
        self.sign(&AccessClaims {
            sub: user_id.to_owned(),
            email: email.to_owned(),
            iss: ISSUER.to_owned(),
            aud: AUDIENCE.to_owned(),
            iat: now_seconds().min(exp),
            exp,
            act: None,
            imp: None,
        })
    }

    /// An access token for an impersonation session: `sub` is the impersonated user, `act`
    /// the administrator, `imp` the audit record. It expires at `exp` (never after the
    /// session's end).
    pub fn issue_impersonation(&self, user_id: &str, email: &str, admin_id: &str, audit_id: &str, exp: u64) -> Result<String, TokenError> {
        self.sign(&AccessClaims {
            sub: user_id.to_owned(),
            email: email.to_owned(),
            iss: ISSUER.to_owned(),
            aud: AUDIENCE.to_owned(),
            iat: now_seconds().min(exp),
            exp,
            act: Some(Actor { sub: admin_id.to_owned() }),
            imp: Some(audit_id.to_owned()),
        })
    }

    fn sign(&self, claims: &AccessClaims) -> Result<String, TokenError> {
        let (kid, key) = self.signer.as_deref().ok_or(TokenError::CannotMint)?;
        let mut header = Header::new(Algorithm::ES256);
        header.kid = Some(kid.clone());
        Ok(jsonwebtoken::encode(&header, claims, key)?)
    }

    pub fn verify(&self, token: &str) -> Result<AccessClaims, TokenError> {
        let header = jsonwebtoken::decode_header(token)?;
        let kid = header.kid.as_deref().ok_or(TokenError::UnknownKey)?;
        let (_, key) = self.verifiers.iter().find(|(known, _)| known == kid).ok_or(TokenError::UnknownKey)?;
        Ok(jsonwebtoken::decode::<AccessClaims>(token, key, &self.validation)?.claims)
    }
}

/// A fixed key pair for tests only (the local gateway generates its own; AWS gets one from
/// Secrets Manager), made with `openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256`.
#[cfg(any(test, feature = "test-support"))]
pub mod test_keys {
    pub const SIGNING_KEY: &str = "-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgZwNKUyES/7av1xuX
OczcxnJeUCdWtHxoTstAYKoYZx+hRANCAAQ2BWWk+K2Ppp+2ImeyiYPDIm62xzrf
hyAkdvKbJRGjAsOcT2O2N9pvI6JNWshw+4bNFzZkoDROFKOfrH3ZMQky
-----END PRIVATE KEY-----
";

    /// `ACCESS_TOKEN_PUBLIC_KEYS` for [`SIGNING_KEY`].
    pub fn public_keys() -> String {
        let key = super::SigningKey::from_pem(SIGNING_KEY).expect("the test key parses");
        super::jwks(&[key.public()])
    }
}

pub fn now_seconds() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|elapsed| elapsed.as_secs())
        .unwrap_or_default()
}

/// The signed-in caller, taken from a verified access token. Owner routes take this and
/// never a user id from the body.
#[derive(Debug, Clone, PartialEq)]
pub struct AuthUser {
    pub id: String,
    pub email: String,
    /// Set when an administrator is acting as this user (an impersonation session).
    pub impersonation: Option<ActingAdmin>,
}

/// Who is really behind an impersonation session, and its audit record.
#[derive(Debug, Clone, PartialEq)]
pub struct ActingAdmin {
    pub admin_id: String,
    pub audit_id: String,
}

/// Refused inside an impersonation session (403): password, e-mail and name, billing,
/// payouts, admin routes, another impersonation, account deletion.
pub const NOT_WHILE_IMPERSONATING: &str = "Not available while impersonating a user";

/// Refused: the caller is an administrator acting in a support session (the HTTP layer answers
/// 403 with [`NOT_WHILE_IMPERSONATING`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Impersonating;

impl AuthUser {
    /// The caller acting as themselves; refused inside an impersonation session.
    pub fn refuse_impersonation(&self) -> Result<&Self, Impersonating> {
        match self.impersonation {
            None => Ok(self),
            Some(_) => Err(Impersonating),
        }
    }

    /// The caller named by verified claims (the extractor in `http::auth_user` verifies them).
    pub(crate) fn from_claims(claims: AccessClaims) -> Self {
        let impersonation = match (claims.act, claims.imp) {
            (Some(actor), Some(audit_id)) => Some(ActingAdmin { admin_id: actor.sub, audit_id }),
            _ => None,
        };
        Self { id: claims.sub, email: claims.email, impersonation }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fixed key, so expected values can be literals.
    const PEM: &str = test_keys::SIGNING_KEY;

    fn signing() -> SigningKey {
        SigningKey::from_pem(PEM).unwrap()
    }

    fn keys() -> TokenKeys {
        let key = signing();
        TokenKeys::new(&[key.public().clone()], Some(&key))
    }

    fn encode_raw(header: &str, claims: &serde_json::Value, signature: &str) -> String {
        format!("{}.{}.{}", URL_SAFE_NO_PAD.encode(header), URL_SAFE_NO_PAD.encode(claims.to_string()), signature)
    }

    fn valid_claims() -> serde_json::Value {
        let now = now_seconds();
        serde_json::json!({"sub":"u1","email":"a@b.co","iss":ISSUER,"aud":AUDIENCE,"iat":now,"exp":now+60})
    }

    #[test]
    fn an_issued_token_is_es256_names_its_key_and_verifies_to_its_claims() {
        let token = keys().issue("user-1", "ada@example.com", ACCESS_TOKEN_TTL).unwrap();
        let header = jsonwebtoken::decode_header(&token).unwrap();
        assert_eq!(header.alg, Algorithm::ES256);
        assert_eq!(header.kid.as_deref(), Some(signing().public().kid.as_str()));
        let claims = keys().verify(&token).unwrap();
        assert_eq!(claims.sub, "user-1");
        assert_eq!(claims.email, "ada@example.com");
    }

    #[test]
    fn the_key_id_is_the_rfc_7638_thumbprint_of_the_public_key() {
        // The public point and thumbprint of this key, computed independently (openssl's public
        // key, then SHA-256 of the canonical JWK in Python).
        assert_eq!(signing().public().x, "NgVlpPitj6aftiJnsomDwyJutsc634cgJHbymyURowI");
        assert_eq!(signing().public().y, "w5xPY7Y32m8jok1ayHD7hs0XNmSgNE4Uo5-sfdkxCTI");
        assert_eq!(signing().public().kid, "PkW2GQAez5nDplhE7ABAyHubjFYyMOEkgEmgyClj-3Q");
        // RFC 7638, section 3.1's own example is an RSA key; the rule (sorted required members,
        // no spaces) is the same, checked here on the canonical form.
        assert_eq!(thumbprint("x", "y"), URL_SAFE_NO_PAD.encode(<sha2::Sha256 as sha2::Digest>::digest(br#"{"crv":"P-256","kty":"EC","x":"x","y":"y"}"#)));
    }

    #[test]
    fn a_verifier_without_the_private_key_verifies_but_cannot_mint() {
        let verifier = TokenKeys::new(&[signing().public().clone()], None);
        let token = keys().issue("user-1", "a@b.co", ACCESS_TOKEN_TTL).unwrap();
        assert_eq!(verifier.verify(&token).unwrap().sub, "user-1");
        assert!(!verifier.can_mint());
        assert!(matches!(verifier.issue("u", "u@b.co", ACCESS_TOKEN_TTL), Err(TokenError::CannotMint)));
        assert!(matches!(verifier.issue_impersonation("u", "u@b.co", "a", "r", now_seconds() + 60), Err(TokenError::CannotMint)));
    }

    #[test]
    fn a_token_signed_with_another_key_is_rejected_even_under_a_known_kid() {
        let other = SigningKey::generate();
        let stranger = TokenKeys::new(&[other.public().clone()], Some(&other));
        let token = stranger.issue("user-1", "a@b.co", ACCESS_TOKEN_TTL).unwrap();
        assert!(matches!(keys().verify(&token), Err(TokenError::UnknownKey)));
        // The stranger's signature under our kid: the right key id does not make it valid.
        let mut header = jsonwebtoken::Header::new(Algorithm::ES256);
        header.kid = Some(signing().public().kid.clone());
        let forged = jsonwebtoken::encode(&header, &valid_claims(), &EncodingKey::from_ec_der(other.der.as_slice())).unwrap();
        assert!(matches!(keys().verify(&forged), Err(TokenError::Invalid(_))));
    }

    #[test]
    fn rotation_old_tokens_verify_while_both_keys_are_published_and_new_tokens_name_the_new_key() {
        let old = signing();
        let new = SigningKey::generate();
        let minted_before = TokenKeys::new(&[old.public().clone()], Some(&old)).issue("u", "u@b.co", ACCESS_TOKEN_TTL).unwrap();
        // Step 1: the new public key is published beside the old one; auth still mints with old.
        let published = [old.public().clone(), new.public().clone()];
        assert_eq!(TokenKeys::new(&published, None).verify(&minted_before).unwrap().sub, "u");
        // Step 2: auth mints with the new key; both kinds verify.
        let minted_after = TokenKeys::new(&published, Some(&new)).issue("v", "v@b.co", ACCESS_TOKEN_TTL).unwrap();
        assert_eq!(jsonwebtoken::decode_header(&minted_after).unwrap().kid.as_deref(), Some(new.public().kid.as_str()));
        let verifier = TokenKeys::new(&published, None);
        assert_eq!(verifier.verify(&minted_before).unwrap().sub, "u");
        assert_eq!(verifier.verify(&minted_after).unwrap().sub, "v");
        // Step 3: the old key is withdrawn; what it signed no longer verifies.
        let later = TokenKeys::new(&[new.public().clone()], None);
        assert!(later.verify(&minted_before).is_err());
        assert!(later.verify(&minted_after).is_ok());
    }

    #[test]
    fn a_tampered_payload_is_rejected() {
        let token = keys().issue("user-1", "a@b.co", ACCESS_TOKEN_TTL).unwrap();
        let mut parts: Vec<&str> = token.split('.').collect();
        let forged = URL_SAFE_NO_PAD.encode(valid_claims().to_string().replace("u1", "admin"));
        parts[1] = &forged;
        assert!(keys().verify(&parts.join(".")).is_err());
    }

    #[test]
    fn an_expired_token_is_rejected() {
        let token = keys().issue("user-1", "a@b.co", Duration::ZERO).unwrap();
        // exp = now, still inside the leeway; one clearly past it is refused.
        assert!(keys().verify(&token).is_ok());
        let expired = keys().issue_expiring_at("u", "e", now_seconds() - LEEWAY_SECONDS - 5).unwrap();
        assert!(keys().verify(&expired).is_err());
    }

    #[test]
    fn an_impersonation_token_names_its_actor_and_audit_record() {
        let token = keys().issue_impersonation("target", "t@b.co", "admin", "audit-1", now_seconds() + 60).unwrap();
        let user = AuthUser::from_claims(keys().verify(&token).unwrap());
        assert_eq!(user.id, "target");
        assert_eq!(user.impersonation, Some(ActingAdmin { admin_id: "admin".into(), audit_id: "audit-1".into() }));
        assert_eq!(user.refuse_impersonation(), Err(Impersonating));
        let own = AuthUser::from_claims(keys().verify(&keys().issue("u", "u@b.co", ACCESS_TOKEN_TTL).unwrap()).unwrap());
        assert!(own.impersonation.is_none() && own.refuse_impersonation().is_ok());
    }

    #[test]
    fn alg_none_is_rejected() {
        let header = format!(r#"{{"alg":"none","typ":"JWT","kid":"{}"}}"#, signing().public().kid);
        assert!(keys().verify(&encode_raw(&header, &valid_claims(), "")).is_err());
    }

    #[test]
    fn hs256_signed_with_the_public_key_is_rejected() {
        // The classic key-confusion attack: HMAC keyed with the (public) verification key.
        let key = signing();
        let mut header = jsonwebtoken::Header::new(Algorithm::HS256);
        header.kid = Some(key.public().kid.clone());
        for secret in [key.public().jwk().to_string(), key.public().x.clone()] {
            let token = jsonwebtoken::encode(&header, &valid_claims(), &EncodingKey::from_secret(secret.as_bytes())).unwrap();
            assert!(keys().verify(&token).is_err());
        }
    }

    #[test]
    fn a_token_without_a_kid_is_rejected() {
        let key = signing();
        let token = jsonwebtoken::encode(&jsonwebtoken::Header::new(Algorithm::ES256), &valid_claims(), &EncodingKey::from_ec_der(key.der.as_slice())).unwrap();
        assert!(matches!(keys().verify(&token), Err(TokenError::UnknownKey)));
    }

    #[test]
    fn a_wrong_audience_or_issuer_is_rejected() {
        let key = signing();
        let mut header = jsonwebtoken::Header::new(Algorithm::ES256);
        header.kid = Some(key.public().kid.clone());
        for (name, value) in [("aud", "someone-else"), ("iss", "evil")] {
            let mut claims = valid_claims();
            claims[name] = value.into();
            let token = jsonwebtoken::encode(&header, &claims, &EncodingKey::from_ec_der(key.der.as_slice())).unwrap();
            assert!(keys().verify(&token).is_err(), "{name} should be checked");
        }
    }

    #[test]
    fn the_published_set_parses_back_and_rejects_what_is_not_a_p256_key() {
        let (a, b) = (signing(), SigningKey::generate());
        let set = jwks(&[a.public(), b.public()]);
        assert_eq!(parse_public_keys(&set).unwrap(), vec![a.public().clone(), b.public().clone()]);
        let jwk = a.public().jwk();
        let with = |key: &str, value: serde_json::Value| {
            let mut bad = jwk.clone();
            bad[key] = value;
            serde_json::json!({ "keys": [bad] }).to_string()
        };
        for (case, value) in [
            ("wrong kid", with("kid", "not-the-thumbprint".into())),
            ("RSA", with("kty", "RSA".into())),
            ("P-384", with("crv", "P-384".into())),
            ("short x", with("x", "AAAA".into())),
            ("empty", r#"{"keys":[]}"#.to_owned()),
            ("not a set", jwk.to_string()),
            ("five keys", serde_json::json!({ "keys": vec![jwk.clone(); 5] }).to_string()),
        ] {
            assert!(parse_public_keys(&value).is_err(), "{case}");
        }
        let without_kid = serde_json::json!({"keys": [{"kty": "EC", "crv": "P-256", "x": a.public().x, "y": a.public().y}]}).to_string();
        assert_eq!(parse_public_keys(&without_kid).unwrap()[0].kid, a.public().kid);
    }

    #[test]
    fn a_private_key_round_trips_through_pem_and_bad_pems_are_refused() {
        let key = SigningKey::generate();
        assert_eq!(SigningKey::from_pem(&key.to_pem()).unwrap().public(), key.public());
        assert_eq!(SigningKey::from_pem(&PEM.replace('\n', "\\n")).unwrap().public(), signing().public(), "escaped newlines");
        assert!(SigningKey::from_pem("-----BEGIN EC PRIVATE KEY-----\nAAAA\n-----END EC PRIVATE KEY-----").unwrap_err().contains("PKCS#8"));
        assert!(SigningKey::from_pem("hello").is_err());
        assert!(SigningKey::from_pem(&format!("{PEM_BEGIN}\nAAAA\n{PEM_END}")).is_err());
        assert!(!format!("{key:?}").contains(&key.to_pem()[30..60]));
    }
}
