//! The DynamoDB tables (`*_TABLE`, one per table of `template.yaml`) and DynamoDB Local's
//! endpoint override.

use super::{ConfigError, Env, Needs, Variable};

/// The tables of `template.yaml`, each read from the variable SAM injects with `!Ref`
/// (logical id `ProfilesTable` → variable `PROFILES_TABLE`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Table {
    Profiles,
    Users,
    UserEmails,
    Sessions,
    OneTimeTokens,
    RateLimits,
    Notifications,
    Subscriptions,
    StripeEvents,
    Forms,
    Leads,
    FormViews,
    ReferralCodes,
    Referrals,
    ContactMessages,
    Impersonations,
    ImpersonationActions,
    PlatformStats,
    AiChatQuestions,
    LeadStats,
    Campaigns,
    Suppressions,
    CampaignRecipients,
    VaultRecords,
    AccountRequests,
    Teams,
    Activity,
    Investments,
}

impl Table {
    pub const ALL: &'static [Table] = &[
        Table::Profiles,
        Table::Users,
        Table::UserEmails,
        Table::Sessions,
        Table::OneTimeTokens,
        Table::RateLimits,
        Table::Notifications,
        Table::Subscriptions,
        Table::StripeEvents,
        Table::Forms,
        Table::Leads,
        Table::FormViews,
        Table::ReferralCodes,
        Table::Referrals,
        Table::ContactMessages,
        Table::Impersonations,
        Table::ImpersonationActions,
        Table::PlatformStats,
        Table::AiChatQuestions,
        Table::LeadStats,
        Table::Campaigns,
        Table::Suppressions,
        Table::CampaignRecipients,
        Table::VaultRecords,
        Table::AccountRequests,
        Table::Teams,
        Table::Activity,
        Table::Investments,
    ];

    pub const fn variable(self) -> &'static str {
        match self {
            Table::Profiles => "PROFILES_TABLE",
            Table::Users => "USERS_TABLE",
            Table::UserEmails => "USER_EMAILS_TABLE",
            Table::Sessions => "SESSIONS_TABLE",
            Table::OneTimeTokens => "ONE_TIME_TOKENS_TABLE",
            Table::RateLimits => "RATE_LIMITS_TABLE",
            Table::Notifications => "NOTIFICATIONS_TABLE",
            Table::Subscriptions => "SUBSCRIPTIONS_TABLE",
            Table::StripeEvents => "STRIPE_EVENTS_TABLE",
            Table::Forms => "FORMS_TABLE",
            Table::Leads => "LEADS_TABLE",
            Table::FormViews => "FORM_VIEWS_TABLE",
            Table::ReferralCodes => "REFERRAL_CODES_TABLE",
            Table::Referrals => "REFERRALS_TABLE",
            Table::ContactMessages => "CONTACT_MESSAGES_TABLE",
            Table::Impersonations => "IMPERSONATIONS_TABLE",
            Table::ImpersonationActions => "IMPERSONATION_ACTIONS_TABLE",
            Table::PlatformStats => "PLATFORM_STATS_TABLE",
            Table::AiChatQuestions => "AI_CHAT_QUESTIONS_TABLE",
            Table::LeadStats => "LEAD_STATS_TABLE",
            Table::Campaigns => "CAMPAIGNS_TABLE",
            Table::Suppressions => "SUPPRESSIONS_TABLE",
            Table::CampaignRecipients => "CAMPAIGN_RECIPIENTS_TABLE",
            Table::VaultRecords => "VAULT_RECORDS_TABLE",
            Table::AccountRequests => "ACCOUNT_REQUESTS_TABLE",
            Table::Teams => "TEAMS_TABLE",
            Table::Activity => "ACTIVITY_TABLE",
            Table::Investments => "INVESTMENTS_TABLE",
        }
    }
}

/// DynamoDB table names (see [`Table`]). A table the function did not declare holds a name
/// DynamoDB refuses, naming the variable, so a missing declaration shows in the first log line.
#[derive(Debug, Clone)]
pub struct Tables {
    pub profiles: String,
    pub users: String,
    pub user_emails: String,
    pub sessions: String,
    pub one_time_tokens: String,
    pub rate_limits: String,
    pub notifications: String,
    pub subscriptions: String,
    pub stripe_events: String,
    pub forms: String,
    pub leads: String,
    pub form_views: String,
    pub referral_codes: String,
    pub referrals: String,
    pub contact_messages: String,
    pub impersonations: String,
    /// What each support session did (see `repo::impersonation_actions`).
    pub impersonation_actions: String,
    pub platform_stats: String,
    pub ai_chat_questions: String,
    pub lead_stats: String,
    pub campaigns: String,
    pub suppressions: String,
    pub campaign_recipients: String,
    pub vault_records: String,
    pub account_requests: String,
    /// Companies, their members and invitations (see `repo::teams`).
    pub teams: String,
    /// Who did what in each company (see `repo::activity`).
    pub activity: String,
    /// Portal imports and what they matched (see `repo::investments`).
    pub investments: String,
}

pub(super) fn variables(needs: &Needs, vars: &mut Vec<Variable>) {
    vars.extend(needs.tables.iter().map(|table| Variable::required(table.variable())));
    if !needs.tables.is_empty() {
        vars.push(Variable::local_only("DYNAMODB_ENDPOINT"));
    }
}

/// `DYNAMODB_ENDPOINT`, for the functions that declared a table.
pub(super) fn read_endpoint(needs: &Needs, env: &Env) -> Option<String> {
    if needs.tables.is_empty() { None } else { env.optional("DYNAMODB_ENDPOINT") }
}

pub(super) fn read(needs: &Needs, env: &Env) -> Result<Tables, ConfigError> {
    let table = |table: Table| -> Result<String, ConfigError> {
        if needs.tables.contains(&table) {
            env.required(table.variable())
        } else {
            Ok(format!("{} is not declared by this function", table.variable()))
        }
    };
    Ok(Tables {
        profiles: table(Table::Profiles)?,
        users: table(Table::Users)?,
        user_emails: table(Table::UserEmails)?,
        sessions: table(Table::Sessions)?,
        one_time_tokens: table(Table::OneTimeTokens)?,
        rate_limits: table(Table::RateLimits)?,
        notifications: table(Table::Notifications)?,
        subscriptions: table(Table::Subscriptions)?,
        stripe_events: table(Table::StripeEvents)?,
        forms: table(Table::Forms)?,
        leads: table(Table::Leads)?,
        form_views: table(Table::FormViews)?,
        referral_codes: table(Table::ReferralCodes)?,
        referrals: table(Table::Referrals)?,
        contact_messages: table(Table::ContactMessages)?,
        impersonations: table(Table::Impersonations)?,
        impersonation_actions: table(Table::ImpersonationActions)?,
        platform_stats: table(Table::PlatformStats)?,
        ai_chat_questions: table(Table::AiChatQuestions)?,
        lead_stats: table(Table::LeadStats)?,
        campaigns: table(Table::Campaigns)?,
        suppressions: table(Table::Suppressions)?,
        campaign_recipients: table(Table::CampaignRecipients)?,
        vault_records: table(Table::VaultRecords)?,
        account_requests: table(Table::AccountRequests)?,
        teams: table(Table::Teams)?,
        activity: table(Table::Activity)?,
        investments: table(Table::Investments)?,
    })
}

#[cfg(test)]
mod tests {
    use super::super::{Config, test_env::*};
    use super::*;

    #[test]
    fn each_table_is_read_from_its_own_variable_and_an_undeclared_one_names_its_variable() {
        let needs = Needs { tables: &[Table::Forms], ..Needs::NONE };
        let config = Config::from_lookup_for(&needs, lookup(&deployed(&needs))).unwrap();
        assert_eq!(config.tables.forms, "value");
        assert_eq!(config.tables.users, "USERS_TABLE is not declared by this function");
        assert!(Config::from_lookup_for(&Needs::NONE, lookup(&complete())).unwrap().dynamodb_endpoint.is_none());
    }
}
