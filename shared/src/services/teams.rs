//! Companies and memberships above the repository: which company a request acts for (the
//! `X-Company-Id` header, checked against the caller's membership on every request) and the
//! migration that gives every account made before teams its own company.

use futures::{StreamExt, TryStreamExt};

use crate::{
    ApiError, AppState,
    auth::AuthUser,
    repo::teams::{Membership, own_company},
};

/// The header the SPA sends with the company chosen in its switcher.
pub const COMPANY_HEADER: &str = "x-company-id";

/// `code` of the 403 for a company the caller does not belong to (or no longer does).
pub const NOT_A_MEMBER: &str = "not_a_member";
/// `code` of the 403 for an action the caller's role does not allow.
pub const ROLE_FORBIDS: &str = "role_forbids";

/// The caller's membership in the company they act for: the one `requested` names, else their
/// own (the company made with their account), else the first they belong to. 403 when they
/// are not a member of it — read consistently, so a removed member is refused at once.
pub async fn active_membership(state: &AppState, user: &AuthUser, requested: Option<&str>) -> Result<Membership, ApiError> {
    let not_a_member = || ApiError::forbidden(NOT_A_MEMBER, "You are not a member of this company.");
    if let Some(company_id) = requested {
        if company_id.is_empty() || company_id.len() > 64 {
            return Err(not_a_member());
        }
        return state.teams().membership(company_id, &user.id).await?.ok_or_else(not_a_member);
    }
    if let Some(own) = state.teams().membership(&user.id, &user.id).await? {
        return Ok(own);
    }
    let first = state.teams().memberships_of(&user.id).await?.into_iter().min_by(|a, b| a.joined_at.cmp(&b.joined_at));
    match first {
        // Re-read on the table: the index may still list a membership just removed.
        Some(listed) => state.teams().membership(&listed.company_id, &user.id).await?.ok_or_else(not_a_member),
        None => Err(not_a_member()),
    }
}

/// What the migration did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Migrated {
    pub accounts: usize,
    pub companies_created: usize,
}

/// Gives every account that has no company of its own one, with the account as owner and the
/// account's id as the company's (so its forms, leads, campaigns, vault, offering and
/// subscription — all keyed by that id — are the company's without moving an item). Idempotent:
/// an existing company or membership is never overwritten, so it runs at every deploy and every
/// start of the local gateway.
pub async fn migrate_accounts(state: &AppState) -> Result<Migrated, crate::repo::StoreError> {
    let mut report = Migrated::default();
    let mut start = None;
    loop {
        let page = state.users().accounts_page(start).await?;
        report.accounts += page.items.len();
        let created: Vec<bool> = futures::stream::iter(page.items)
            .map(|user| async move {
                let (company, owner) = own_company(&user);
                state.teams().create_company(&company, &owner).await
            })
            .buffer_unordered(16)
            .try_collect()
            .await?;
        report.companies_created += created.into_iter().filter(|made| *made).count();
        match page.next {
            Some(next) => start = Some(next),
            None => return Ok(report),
        }
    }
}

/// The user who owns the company today (ownership changes hands by transfer), for the mail
/// sent to "the founder" (new leads, the vault's digest). An account not yet migrated owns its
/// data itself: its id.
pub async fn owner_today(state: &AppState, company_id: &str) -> Result<String, crate::repo::StoreError> {
    let team = state.teams().team(company_id).await?;
    Ok(team.members.iter().find(|member| member.role == domain::teams::Role::Owner).map_or_else(|| company_id.to_owned(), |owner| owner.user_id.clone()))
}
