//! Earn Rewards rules: each user's referral code, how a referred person is shown, when a
//! referral counts, and what it earns — one free month of the referrer's plan for each
//! referred account that becomes a paying customer; the record of a referral. Recording and
//! rewarding referrals is `shared`'s `services::referrals`.

use serde::{Deserialize, Serialize};

use crate::{
    crypto::sha256_hex,
    plans::{Plan, SubscriptionRecord, plan_for_price},
};

/// Letters and digits that cannot be misread (no 0/O, 1/I/L).
const ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
pub const CODE_LENGTH: usize = 8;

/// A user's referral code: stable, short, derived from the user id.
pub fn referral_code(user_id: &str) -> String {
    let digest = sha256_hex(&format!("raisespark-referral|{user_id}"));
    digest
        .as_bytes()
        .chunks(2)
        .take(CODE_LENGTH)
        .map(|pair| {
            let byte = u8::from_str_radix(std::str::from_utf8(pair).unwrap_or("00"), 16).unwrap_or(0);
            ALPHABET[usize::from(byte) % ALPHABET.len()] as char
        })
        .collect()
}

/// A code as typed or carried in a link: trimmed, upper-cased, only our alphabet.
pub fn normalise_code(raw: &str) -> Option<String> {
    let code = raw.trim().to_uppercase();
    (code.len() == CODE_LENGTH && code.bytes().all(|b| ALPHABET.contains(&b))).then_some(code)
}

/// How a referred person appears to the referrer: first name and last initial ('Ada L.'),
/// or the first letter of the e-mail ('a•••') when no name was given.
pub fn masked_name(name: Option<&str>, email: &str) -> String {
    let words: Vec<&str> = name.unwrap_or_default().split_whitespace().collect();
    match words.as_slice() {
        [] => format!("{}•••", email.chars().next().unwrap_or('?')),
        [first] => (*first).to_owned(),
        [first, .., last] => format!("{first} {}.", last.chars().next().unwrap_or_default().to_uppercase()),
    }
}

/// The address with `+tags` dropped (and Gmail's dots), for the self-referral check.
fn canonical_email(email: &str) -> String {
    let lower = email.trim().to_lowercase();
    let Some((local, domain)) = lower.split_once('@') else { return lower };
    let local = local.split('+').next().unwrap_or(local);
    let local = if matches!(domain, "gmail.com" | "googlemail.com") { local.replace('.', "") } else { local.to_owned() };
    format!("{local}@{domain}")
}

/// A user cannot refer themselves, not even through another spelling of their address.
pub fn is_self_referral(referrer_id: &str, referrer_email: &str, new_user_id: &str, new_email: &str) -> bool {
    referrer_id == new_user_id || canonical_email(referrer_email) == canonical_email(new_email)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ReferralStatus {
    SignedUp,
    OnTrial,
    Paying,
}

impl ReferralStatus {
    pub fn of(subscription: Option<&SubscriptionRecord>) -> Self {
        match subscription {
            Some(s) if s.first_paid_at.is_some() && matches!(s.status.as_deref(), Some("active" | "past_due" | "trialing")) => Self::Paying,
            Some(s) if s.status.as_deref() == Some("trialing") => Self::OnTrial,
            _ => Self::SignedUp,
        }
    }
}

/// The free month a paying referral earns: the price of the referrer's plan, or of the
/// standard plan when the referrer has none yet.
pub fn free_month<'a>(plans: &'a [Plan], referrer: Option<&SubscriptionRecord>) -> Option<&'a Plan> {
    referrer
        .and_then(|s| s.price_id.as_deref())
        .and_then(|price| plan_for_price(plans, price))
        .or_else(|| plans.iter().find(|p| p.key == "standard"))
        .or_else(|| plans.first())
}

/// One referred account, as stored in `referrals` (written once, rewarded once).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Referral {
    pub referred_user_id: String,
    pub referrer_id: String,
    pub code: String,
    pub created_at: String,
    /// Already masked ('Ada L.'): the referrer never sees the full name or address.
    pub display_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rewarded_at: Option<String>,
    /// The free month in whole USD (the referrer's plan price when credited).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reward_usd: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reward_plan: Option<String>,
    /// `credited` (on the referrer's billing balance) or `pending` (no billing account yet).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub credit: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_stable_short_and_unambiguous() {
        let code = referral_code("user-1");
        assert_eq!(code, referral_code("user-1"));
        assert_ne!(code, referral_code("user-2"));
        assert_eq!(code.len(), 8);
        assert!(!code.contains(['0', 'O', '1', 'I', 'L']));
        assert_eq!(normalise_code(&format!(" {} ", code.to_lowercase())), Some(code));
        assert_eq!(normalise_code("short"), None);
        assert_eq!(normalise_code("ABCDEFG0"), None);
    }

    #[test]
    fn names_are_masked() {
        assert_eq!(masked_name(Some("Ada Lovelace"), "ada@example.com"), "Ada L.");
        assert_eq!(masked_name(Some("Grace Brewster Hopper"), "g@example.com"), "Grace H.");
        assert_eq!(masked_name(Some("Cher"), "c@example.com"), "Cher");
        assert_eq!(masked_name(None, "ada@example.com"), "a•••");
    }

    #[test]
    fn nobody_refers_themselves() {
        assert!(is_self_referral("u1", "ada@example.com", "u1", "other@example.com"));
        assert!(is_self_referral("u1", "Ada@Example.com", "u2", "ada+second@example.com"));
        assert!(is_self_referral("u1", "ada.lovelace@gmail.com", "u2", "adalovelace@gmail.com"));
        assert!(!is_self_referral("u1", "ada@example.com", "u2", "grace@example.com"));
        assert!(!is_self_referral("u1", "ada.l@example.com", "u2", "adal@example.com"));
    }

    fn subscription(status: &str, paid: bool, price: &str) -> SubscriptionRecord {
        SubscriptionRecord {
            user_id: "u".into(),
            customer_id: Some("cus".into()),
            subscription_id: None,
            status: Some(status.into()),
            price_id: Some(price.into()),
            plan: None,
            trial_end: None,
            current_period_end: None,
            last_event_created: 0,
            first_paid_at: paid.then_some(1),
            payment_failed_at: None,
        }
    }

    #[test]
    fn a_referral_is_signed_up_on_trial_or_paying() {
        assert_eq!(ReferralStatus::of(None), ReferralStatus::SignedUp);
        assert_eq!(ReferralStatus::of(Some(&subscription("trialing", false, "p"))), ReferralStatus::OnTrial);
        assert_eq!(ReferralStatus::of(Some(&subscription("active", true, "p"))), ReferralStatus::Paying);
        assert_eq!(ReferralStatus::of(Some(&subscription("canceled", true, "p"))), ReferralStatus::SignedUp);
    }

    #[test]
    fn a_free_month_is_worth_the_referrers_plan() {
        let plans = crate::plans::plans(&crate::plans::PlanPrices { standard: "std", pro: "pro" });
        assert_eq!(free_month(&plans, Some(&subscription("active", true, "pro"))).unwrap().value_usd, 997);
        assert_eq!(free_month(&plans, None).unwrap().value_usd, 497);
    }
}
