//! Payments: the plans on sale (`STRIPE_PRICE_*`, ids, not secrets), the Stripe client
//! (`PAYMENTS_PROVIDER`, `STRIPE_SECRET_KEY`, `STRIPE_DISCOUNT_COUPON`) and the webhook's
//! secret (`STRIPE_WEBHOOK_SECRET`).

use secrecy::SecretString;

use super::{ConfigError, Env, Needs, Variable};

/// Payments: Stripe in production, the local checkout (`/dev/checkout`) everywhere else, and
/// no client at all in functions that take no payment.
#[derive(Debug, Clone)]
pub enum PaymentsConfig {
    Stripe {
        secret_key: SecretString,
        /// `https://api.stripe.com`, or a stub in tests.
        api_base: String,
        /// Coupon with `percent_off = 20`, `duration = forever`, for the lifetime-discount offer.
        discount_coupon: String,
    },
    Local,
    /// The function did not declare payments: no Stripe key, no client.
    Disabled,
}

#[derive(Debug, Clone)]
pub struct StripeConfig {
    pub payments: PaymentsConfig,
    /// `whsec_…`: signs (locally) and verifies webhook events. Outside `stripe-webhook` (and
    /// the gateway) a random value that verifies nothing.
    pub webhook_secret: SecretString,
    /// Empty unless the function declared the plans.
    pub price_standard: String,
    pub price_pro: String,
}

pub(super) fn variables(needs: &Needs, vars: &mut Vec<Variable>) {
    if needs.plans {
        vars.push(Variable::required("STRIPE_PRICE_STANDARD"));
        vars.push(Variable::required("STRIPE_PRICE_PRO"));
    }
    if needs.payments {
        vars.push(Variable::required("PAYMENTS_PROVIDER"));
        vars.push(Variable::required("STRIPE_SECRET_KEY").secret());
        vars.push(Variable::required("STRIPE_DISCOUNT_COUPON"));
        vars.push(Variable::local_only("STRIPE_API_BASE"));
    }
    if needs.stripe_webhook {
        vars.push(Variable::required("STRIPE_WEBHOOK_SECRET").secret());
    }
}

pub(super) fn read(needs: &Needs, env: &Env) -> Result<StripeConfig, ConfigError> {
    let payments = if needs.payments {
        match env.required("PAYMENTS_PROVIDER")?.as_str() {
            "stripe" => PaymentsConfig::Stripe {
                secret_key: SecretString::from(env.required("STRIPE_SECRET_KEY")?),
                api_base: env.optional("STRIPE_API_BASE").unwrap_or_else(|| "https://api.stripe.com".to_owned()),
                discount_coupon: env.required("STRIPE_DISCOUNT_COUPON")?,
            },
            "local" => PaymentsConfig::Local,
            other => return Err(ConfigError::Invalid { name: "PAYMENTS_PROVIDER", reason: format!("{other:?} is not one of stripe, local") }),
        }
    } else {
        PaymentsConfig::Disabled
    };
    Ok(StripeConfig {
        payments,
        webhook_secret: if needs.stripe_webhook { SecretString::from(env.required("STRIPE_WEBHOOK_SECRET")?) } else { crate::keys::unmatched_secret() },
        price_standard: if needs.plans { env.required("STRIPE_PRICE_STANDARD")? } else { String::new() },
        price_pro: if needs.plans { env.required("STRIPE_PRICE_PRO")? } else { String::new() },
    })
}

#[cfg(test)]
mod tests {
    use super::super::{Config, test_env::*};
    use super::*;

    #[test]
    fn an_unknown_payments_provider_is_refused() {
        let mut vars = complete();
        set(&mut vars, "PAYMENTS_PROVIDER", "barter");
        assert!(Config::from_lookup(lookup(&vars)).unwrap_err().to_string().contains("PAYMENTS_PROVIDER"));
    }

    #[test]
    fn a_function_that_takes_no_payment_has_no_stripe_client() {
        let config = Config::from_lookup_for(&Needs::NONE, lookup(&complete())).unwrap();
        assert!(matches!(config.stripe.payments, PaymentsConfig::Disabled));
    }
}
