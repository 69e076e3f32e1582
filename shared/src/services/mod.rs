//! What combines repositories, mail and rules: above `repo` and `state`, below the functions.

pub mod access;
pub mod impersonation;
pub mod lead_intake;
pub mod lead_mail;
pub mod referrals;
pub mod review;
pub mod teams;
#[cfg(feature = "vault")]
pub mod vault_filing;
