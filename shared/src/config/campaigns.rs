//! Campaigns: sending (`CAMPAIGN_SEND_RATE`, `SES_CONFIGURATION_SET`, `CAMPAIGN_DELIVERY`,
//! `CAMPAIGN_ROLE`) and the SES events that come back through SNS (`SES_EVENTS_TOPIC_ARN`).

use super::{ConfigError, Env, LeadNotifications, Needs, Variable};

pub(super) struct Sending {
    pub send_rate: u32,
    pub configuration_set: Option<String>,
    pub delivery: LeadNotifications,
}

pub(super) struct SesEvents {
    pub topic_arn: Option<String>,
    pub cert_url_prefix: Option<String>,
}

pub(super) fn variables(needs: &Needs, vars: &mut Vec<Variable>) {
    if needs.campaign_sending {
        vars.push(Variable::optional("CAMPAIGN_SEND_RATE"));
        vars.push(Variable::optional("SES_CONFIGURATION_SET"));
        vars.push(Variable::optional("CAMPAIGN_DELIVERY"));
        vars.push(Variable::optional("CAMPAIGN_ROLE"));
    }
    if needs.ses_events {
        vars.push(Variable::optional("SES_EVENTS_TOPIC_ARN"));
        vars.push(Variable::local_only("SNS_CERT_URL_PREFIX"));
    }
}

pub(super) fn read_sending(needs: &Needs, env: &Env) -> Result<Sending, ConfigError> {
    if !needs.campaign_sending {
        return Ok(Sending { send_rate: 14, configuration_set: None, delivery: LeadNotifications::Inline });
    }
    let send_rate = match env.optional("CAMPAIGN_SEND_RATE") {
        Some(rate) => rate
            .parse::<u32>()
            .ok()
            .filter(|r| *r > 0)
            .ok_or(ConfigError::Invalid { name: "CAMPAIGN_SEND_RATE", reason: "a positive number of messages a second".into() })?,
        None => 14,
    };
    Ok(Sending {
        send_rate,
        configuration_set: env.optional("SES_CONFIGURATION_SET"),
        delivery: if env.is("CAMPAIGN_DELIVERY", "stream") { LeadNotifications::Stream } else { LeadNotifications::Inline },
    })
}

pub(super) fn read_ses_events(needs: &Needs, env: &Env) -> SesEvents {
    if !needs.ses_events {
        return SesEvents { topic_arn: None, cert_url_prefix: None };
    }
    SesEvents { topic_arn: env.optional("SES_EVENTS_TOPIC_ARN"), cert_url_prefix: env.optional("SNS_CERT_URL_PREFIX") }
}

#[cfg(test)]
mod tests {
    use super::super::{Config, test_env::*};
    use super::*;

    #[test]
    fn the_send_rate_is_a_positive_number_and_defaults_to_fourteen() {
        let needs = Needs { campaign_sending: true, ..Needs::NONE };
        let mut vars = complete();
        assert_eq!(Config::from_lookup_for(&needs, lookup(&vars)).unwrap().campaign_send_rate, 14);
        set(&mut vars, "CAMPAIGN_SEND_RATE", "0");
        assert!(Config::from_lookup_for(&needs, lookup(&vars)).unwrap_err().to_string().contains("CAMPAIGN_SEND_RATE"));
        set(&mut vars, "CAMPAIGN_DELIVERY", "stream");
        assert_eq!(Config::from_lookup_for(&Needs::NONE, lookup(&vars)).unwrap().campaign_delivery, LeadNotifications::Inline);
    }
}
