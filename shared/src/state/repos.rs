//! The repositories, reached from the state: `state.leads().get(&id)`, `state.forms().get_form(&id)`.
//! Each borrows the state's one DynamoDB client and its table names; building one costs nothing.

use super::AppState;
use crate::repo::{
    account_requests::AccountRequestsRepo, activity::ActivityRepo, ai_questions::AiQuestionsRepo,
    campaign_recipients::CampaignRecipientsRepo, campaigns::CampaignsRepo,
    contact_messages::ContactMessagesRepo, directory::DirectoryRepo, form_views::FormViewsRepo,
    forms::FormsRepo, impersonation_actions::ImpersonationActionsRepo,
    impersonations::ImpersonationsRepo, lead_listings::LeadListingsRepo, lead_stats::LeadStatsRepo,
    leads::LeadsRepo, notifications::NotificationsRepo, one_time_tokens::OneTimeTokensRepo,
    platform_stats::PlatformStatsRepo, profiles::ProfilesRepo, rate_limits::RateLimitsRepo,
    rewards::RewardsRepo, sessions::SessionsRepo, stripe_events::StripeEventsRepo,
    subscriptions::SubscriptionsRepo, teams::TeamsRepo, users::UsersRepo,
};

impl AppState {
    pub fn activity(&self) -> ActivityRepo<'_> {
        ActivityRepo::new(&self.dynamo, &self.config.tables)
    }

    pub fn teams(&self) -> TeamsRepo<'_> {
        TeamsRepo::new(&self.dynamo, &self.config.tables)
    }

    pub fn account_requests(&self) -> AccountRequestsRepo<'_> {
        AccountRequestsRepo::new(&self.dynamo, &self.config.tables)
    }

    pub fn ai_questions(&self) -> AiQuestionsRepo<'_> {
        AiQuestionsRepo::new(&self.dynamo, &self.config.tables)
    }

    pub fn campaign_recipients(&self) -> CampaignRecipientsRepo<'_> {
        CampaignRecipientsRepo::new(&self.dynamo, &self.config.tables)
    }

    pub fn campaigns(&self) -> CampaignsRepo<'_> {
        CampaignsRepo::new(&self.dynamo, &self.config.tables)
    }

    pub fn contact_messages(&self) -> ContactMessagesRepo<'_> {
        ContactMessagesRepo::new(&self.dynamo, &self.config.tables)
    }

    pub fn directory(&self) -> DirectoryRepo<'_> {
        DirectoryRepo::new(&self.dynamo, &self.config.tables)
    }

    pub fn form_views(&self) -> FormViewsRepo<'_> {
        FormViewsRepo::new(&self.dynamo, &self.config.tables)
    }

    pub fn forms(&self) -> FormsRepo<'_> {
        FormsRepo::new(&self.dynamo, &self.config.tables)
    }

    pub fn impersonation_actions(&self) -> ImpersonationActionsRepo<'_> {
        ImpersonationActionsRepo::new(&self.dynamo, &self.config.tables)
    }

    pub fn impersonations(&self) -> ImpersonationsRepo<'_> {
        ImpersonationsRepo::new(&self.dynamo, &self.config.tables)
    }

    pub fn lead_listings(&self) -> LeadListingsRepo<'_> {
        LeadListingsRepo::new(&self.dynamo, &self.config.tables)
    }

    pub fn investments(&self) -> crate::repo::investments::InvestmentsRepo<'_> {
        crate::repo::investments::InvestmentsRepo::new(&self.dynamo, &self.config.tables)
    }

    pub fn lead_stats(&self) -> LeadStatsRepo<'_> {
        LeadStatsRepo::new(&self.dynamo, &self.config.tables)
    }

    pub fn leads(&self) -> LeadsRepo<'_> {
        LeadsRepo::new(&self.dynamo, &self.config.tables)
    }

    pub fn notifications(&self) -> NotificationsRepo<'_> {
        NotificationsRepo::new(&self.dynamo, &self.config.tables)
    }

    pub fn one_time_tokens(&self) -> OneTimeTokensRepo<'_> {
        OneTimeTokensRepo::new(&self.dynamo, &self.config.tables)
    }

    pub fn platform_stats(&self) -> PlatformStatsRepo<'_> {
        PlatformStatsRepo::new(&self.dynamo, &self.config.tables)
    }

    pub fn profiles(&self) -> ProfilesRepo<'_> {
        ProfilesRepo::new(&self.dynamo, &self.config.tables)
    }

    pub fn rate_limits(&self) -> RateLimitsRepo<'_> {
        RateLimitsRepo::new(&self.dynamo, &self.config.tables)
    }

    pub fn rewards(&self) -> RewardsRepo<'_> {
        RewardsRepo::new(&self.dynamo, &self.config.tables)
    }

    pub fn sessions(&self) -> SessionsRepo<'_> {
        SessionsRepo::new(&self.dynamo, &self.config.tables)
    }

    pub fn stripe_events(&self) -> StripeEventsRepo<'_> {
        StripeEventsRepo::new(&self.dynamo, &self.config.tables)
    }

    pub fn subscriptions(&self) -> SubscriptionsRepo<'_> {
        SubscriptionsRepo::new(&self.dynamo, &self.config.tables)
    }

    pub fn users(&self) -> UsersRepo<'_> {
        UsersRepo::new(&self.dynamo, &self.config.tables)
    }
}

#[cfg(feature = "vault")]
impl AppState {
    pub fn vault(&self) -> crate::repo::vault::VaultRepo<'_> {
        crate::repo::vault::VaultRepo::new(&self.dynamo, &self.config.tables, self.storage.as_ref(), &self.clock)
    }
}
