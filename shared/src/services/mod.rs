//! What combines repositories, mail and rules: above `repo` and `state`, below the functions.

pub mod lead_mail;
