//! CloudFront in front of the functions: `ORIGIN_VERIFY_SECRET`, the value CloudFront puts in
//! `X-Origin-Verify`, so a request carrying it came through the distribution and its
//! `CloudFront-Viewer-Address` is the client's address.

use secrecy::SecretString;

use super::{Env, Needs, Variable};

pub(super) fn variables(needs: &Needs, vars: &mut Vec<Variable>) {
    if needs.client_address {
        vars.push(Variable::optional("ORIGIN_VERIFY_SECRET").secret());
    }
}

pub(super) fn read(needs: &Needs, env: &Env) -> Option<SecretString> {
    if needs.client_address { env.optional("ORIGIN_VERIFY_SECRET").map(SecretString::from) } else { None }
}
