//! Table `teams`: each company's items under its id (`company_id`, sort key `sk`):
//! - `company`: its name, owner and review setting;
//! - `member#<user id>`: one per member, with the role (GSI `by_user` lists a user's companies);
//! - `invite#<id>`: a pending invitation (the hash of its one-time token, the address, the role,
//!   when it expires);
//! - `review#<subject>#<id>`: the latest review of one form, campaign or the offering (the
//!   version's hash, its status, who asked and who decided). Review items carry no `user_id`,
//!   so they stay out of `by_user`.
//!
//! Every membership change is one conditional write (or one transaction) on the item as it
//! was read, so two admins acting at once cannot leave a company without its owner or accept
//! one invitation twice.

use std::collections::HashMap;

use aws_sdk_dynamodb::{
    Client,
    types::{AttributeValue, Delete, Put, TransactWriteItem, Update},
};
use domain::{review::{Status, Subject}, teams::Role};
use serde::{Deserialize, Serialize};

use crate::{
    config::Tables,
    dynamo::{StoreError, from_item, to_item},
    repo::{TxOutcome, transact},
};

use super::table::Table;

fn s(value: &str) -> AttributeValue {
    AttributeValue::S(value.to_owned())
}

pub const COMPANY: &str = "company";

fn member_sk(user_id: &str) -> String {
    format!("member#{user_id}")
}

fn invite_sk(invite_id: &str) -> String {
    format!("invite#{invite_id}")
}

fn review_sk(subject: Subject, subject_id: &str) -> String {
    format!("review#{}#{subject_id}", subject.as_str())
}

fn key(company_id: &str, sk: &str) -> HashMap<String, AttributeValue> {
    HashMap::from([("company_id".to_owned(), s(company_id)), ("sk".to_owned(), s(sk))])
}

/// The `company` item.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Company {
    pub company_id: String,
    #[serde(default = "company_sk")]
    pub sk: String,
    pub name: String,
    pub created_at: String,
    /// Whether what investors see waits for counsel's approval (see the review issue). `None`:
    /// the default, on once the company has counsel.
    #[serde(default)]
    pub review_required: Option<bool>,
    /// How many invitations were ever issued: every invitation is written on the number it read,
    /// so two invitations decided on the same seat count cannot both take the last seat.
    #[serde(default)]
    pub invitations_issued: u64,
}

fn company_sk() -> String {
    COMPANY.to_owned()
}

/// A `member#…` item: one user's role in one company.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Membership {
    pub company_id: String,
    pub sk: String,
    pub user_id: String,
    pub email: String,
    pub role: Role,
    pub joined_at: String,
}

impl Membership {
    pub fn new(company_id: &str, user_id: &str, email: &str, role: Role, now_iso: &str) -> Self {
        Self {
            company_id: company_id.to_owned(),
            sk: member_sk(user_id),
            user_id: user_id.to_owned(),
            email: email.to_owned(),
            role,
            joined_at: now_iso.to_owned(),
        }
    }
}

/// An `invite#…` item. The token itself is only in the e-mailed link.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Invitation {
    pub company_id: String,
    pub sk: String,
    pub invite_id: String,
    pub token_hash: String,
    pub email: String,
    pub role: Role,
    pub invited_by: String,
    pub created_at: String,
    /// Unix seconds; the link is refused from then on (and DynamoDB's TTL removes the item).
    pub expires_at: i64,
}

impl Invitation {
    pub fn new(company_id: &str, invite_id: &str, token_hash: &str, email: &str, role: Role, invited_by: &str, now: i64) -> Self {
        Self {
            company_id: company_id.to_owned(),
            sk: invite_sk(invite_id),
            invite_id: invite_id.to_owned(),
            token_hash: token_hash.to_owned(),
            email: email.to_owned(),
            role,
            invited_by: invited_by.to_owned(),
            created_at: crate::time::iso_from_unix(now),
            expires_at: now + domain::teams::INVITATION_SECS,
        }
    }

    pub fn is_live(&self, now: i64) -> bool {
        self.expires_at > now
    }
}

/// A `review#…` item: the latest request for review of one subject, and its decision.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Review {
    pub company_id: String,
    pub sk: String,
    pub subject: Subject,
    pub subject_id: String,
    /// The form's or campaign's name, or the offering change, as the queue shows it.
    pub title: String,
    /// [`domain::review::version_hash`] of the version asked about.
    pub version_hash: String,
    /// That version, as the reviewer reads it (JSON).
    pub version: String,
    pub status: Status,
    pub author_id: String,
    pub author_email: String,
    pub requested_at: String,
    #[serde(default)]
    pub reviewer_id: Option<String>,
    #[serde(default)]
    pub reviewer_email: Option<String>,
    #[serde(default)]
    pub decided_at: Option<String>,
    #[serde(default)]
    pub comment: Option<String>,
    /// The vault record filed with the decision.
    #[serde(default)]
    pub record_id: Option<String>,
}

impl Review {
    #[allow(clippy::too_many_arguments)]
    pub fn request(company_id: &str, subject: Subject, subject_id: &str, title: &str, version_hash: &str, version: String, author_id: &str, author_email: &str, now_iso: &str) -> Self {
        Self {
            company_id: company_id.to_owned(),
            sk: review_sk(subject, subject_id),
            subject,
            subject_id: subject_id.to_owned(),
            title: title.to_owned(),
            version_hash: version_hash.to_owned(),
            version,
            status: Status::Pending,
            author_id: author_id.to_owned(),
            author_email: author_email.to_owned(),
            requested_at: now_iso.to_owned(),
            reviewer_id: None,
            reviewer_email: None,
            decided_at: None,
            comment: None,
            record_id: None,
        }
    }
}

/// A decision on a pending review.
pub struct Decision<'a> {
    pub status: Status,
    pub version_hash: &'a str,
    pub reviewer_id: &'a str,
    pub reviewer_email: &'a str,
    pub comment: &'a str,
    pub now_iso: &'a str,
}

/// A company's whole team, read in one Query.
#[derive(Debug, Clone, Default)]
pub struct Team {
    pub company: Option<Company>,
    pub members: Vec<Membership>,
    pub invitations: Vec<Invitation>,
}

impl Team {
    /// Seats taken: members and invitations that can still be accepted.
    pub fn seats_used(&self, now: i64) -> usize {
        self.members.len() + self.invitations.iter().filter(|invite| invite.is_live(now)).count()
    }

    /// Whether what investors see waits for counsel's review (`domain::review::required`).
    pub fn review_required(&self) -> bool {
        let has_counsel = self.members.iter().any(|member| member.role == Role::Counsel);
        domain::review::required(self.company.as_ref().and_then(|company| company.review_required), has_counsel)
    }

    pub fn owners(&self) -> usize {
        self.members.iter().filter(|member| member.role == Role::Owner).count()
    }

    pub fn member(&self, user_id: &str) -> Option<&Membership> {
        self.members.iter().find(|member| member.user_id == user_id)
    }
}

/// Why an invitation could not be accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AcceptError {
    /// Unknown, revoked, already used, or expired (one answer for all: a link tells nothing).
    Dead,
    /// The user is already in the company.
    AlreadyMember,
}

/// Table `teams`: `state.teams()`.
#[derive(Clone, Copy)]
pub struct TeamsRepo<'a> {
    teams: Table<'a>,
}

impl<'a> TeamsRepo<'a> {
    pub fn new(client: &'a Client, tables: &'a Tables) -> Self {
        Self { teams: Table::new(client, &tables.teams) }
    }

    /// The puts that make a company with its first owner, each only if it does not exist
    /// (so a retried migration or sign-up never overwrites a renamed company or a changed role).
    pub fn company_puts(table: &str, company: &Company, owner: &Membership) -> Result<Vec<TransactWriteItem>, StoreError> {
        let put = |item| -> Result<TransactWriteItem, StoreError> {
            let put = Put::builder()
                .table_name(table)
                .set_item(Some(item))
                .condition_expression("attribute_not_exists(sk)")
                .build()
                .map_err(StoreError::internal)?;
            Ok(TransactWriteItem::builder().put(put).build())
        };
        Ok(vec![put(to_item(company)?)?, put(to_item(owner)?)?])
    }

    pub fn table_name(self) -> &'a str {
        self.teams.name()
    }

    /// Makes the company and its owner unless the company exists. `Ok(false)`: it did.
    pub async fn create_company(self, company: &Company, owner: &Membership) -> Result<bool, StoreError> {
        match transact(self.teams.client(), Self::company_puts(self.teams.name(), company, owner)?).await? {
            TxOutcome::Done => Ok(true),
            TxOutcome::ConditionFailed(_) => Ok(false),
            TxOutcome::Conflict => Err(StoreError::Unavailable),
        }
    }

    /// One user's membership, read consistently: a removed member is refused at their next
    /// request.
    pub async fn membership(self, company_id: &str, user_id: &str) -> Result<Option<Membership>, StoreError> {
        let output = self.teams.get().set_key(Some(key(company_id, &member_sk(user_id)))).consistent_read(true).send().await?;
        output.item.map(from_item).transpose()
    }

    pub async fn company(self, company_id: &str) -> Result<Option<Company>, StoreError> {
        let output = self.teams.get().set_key(Some(key(company_id, COMPANY))).consistent_read(true).send().await?;
        output.item.map(from_item).transpose()
    }

    /// Every company `user_id` belongs to (GSI `by_user`: eventually consistent, for the
    /// switcher; each request still checks its membership consistently).
    pub async fn memberships_of(self, user_id: &str) -> Result<Vec<Membership>, StoreError> {
        let query = self.teams.query()
            .index_name("by_user")
            .key_condition_expression("user_id = :user")
            .expression_attribute_values(":user", s(user_id));
        crate::repo::query_all_as(query).await
    }

    /// The companies' items, by id (unknown ids are left out).
    pub async fn companies(self, ids: &[String]) -> Result<Vec<Company>, StoreError> {
        let mut companies = Vec::new();
        for chunk in ids.chunks(100) {
            let keys = chunk.iter().map(|id| key(id, COMPANY)).collect();
            for item in self.teams.batch_get(keys, &[]).await? {
                companies.push(from_item(item)?);
            }
        }
        Ok(companies)
    }

    /// The company, its members and invitations.
    pub async fn team(self, company_id: &str) -> Result<Team, StoreError> {
        let query = self.teams.query()
            .key_condition_expression("company_id = :company AND sk BETWEEN :first AND :last")
            .expression_attribute_values(":company", s(company_id))
            .expression_attribute_values(":first", s(COMPANY))
            .expression_attribute_values(":last", s("member#\u{10FFFF}"))
            .consistent_read(true);
        let mut team = Team::default();
        for item in crate::repo::query_all(query).await? {
            let sk = item.get("sk").and_then(|value| value.as_s().ok()).cloned().unwrap_or_default();
            if sk == COMPANY {
                team.company = Some(from_item(item)?);
            } else if sk.starts_with("member#") {
                team.members.push(from_item(item)?);
            } else if sk.starts_with("invite#") {
                team.invitations.push(from_item(item)?);
            }
        }
        Ok(team)
    }

    pub async fn rename(self, company_id: &str, name: &str) -> Result<bool, StoreError> {
        let result = self.teams.update()
            .set_key(Some(key(company_id, COMPANY)))
            .update_expression("SET #name = :name")
            .condition_expression("attribute_exists(sk)")
            .expression_attribute_names("#name", "name")
            .expression_attribute_values(":name", s(name))
            .send()
            .await;
        crate::dynamo::applied(result)
    }

    pub async fn set_review_required(self, company_id: &str, required: bool) -> Result<bool, StoreError> {
        let result = self.teams.update()
            .set_key(Some(key(company_id, COMPANY)))
            .update_expression("SET review_required = :required")
            .condition_expression("attribute_exists(sk)")
            .expression_attribute_values(":required", AttributeValue::Bool(required))
            .send()
            .await;
        crate::dynamo::applied(result)
    }

    /// Files a request for review of one version, replacing the subject's last review.
    pub async fn put_review(self, review: &Review) -> Result<(), StoreError> {
        self.teams.put().set_item(Some(to_item(review)?)).send().await?;
        Ok(())
    }

    pub async fn review(self, company_id: &str, subject: Subject, subject_id: &str) -> Result<Option<Review>, StoreError> {
        let output = self.teams.get().set_key(Some(key(company_id, &review_sk(subject, subject_id)))).consistent_read(true).send().await?;
        output.item.map(from_item).transpose()
    }

    /// Every subject's latest review in the company.
    pub async fn reviews(self, company_id: &str) -> Result<Vec<Review>, StoreError> {
        let query = self.teams.query()
            .key_condition_expression("company_id = :company AND begins_with(sk, :prefix)")
            .expression_attribute_values(":company", s(company_id))
            .expression_attribute_values(":prefix", s("review#"));
        crate::repo::query_all_as(query).await
    }

    /// Decides a pending review of exactly `decision.version_hash`. `Ok(false)`: it was
    /// decided already, withdrawn, or asked again about another version.
    pub async fn decide(self, company_id: &str, subject: Subject, subject_id: &str, decision: &Decision<'_>) -> Result<bool, StoreError> {
        let result = self.teams.update()
            .set_key(Some(key(company_id, &review_sk(subject, subject_id))))
            .update_expression("SET #status = :decided, reviewer_id = :reviewer, reviewer_email = :email, decided_at = :now, #comment = :comment")
            .condition_expression("#status = :pending AND version_hash = :hash")
            .expression_attribute_names("#status", "status")
            .expression_attribute_names("#comment", "comment")
            .expression_attribute_values(":decided", s(decision.status.as_str()))
            .expression_attribute_values(":pending", s(Status::Pending.as_str()))
            .expression_attribute_values(":hash", s(decision.version_hash))
            .expression_attribute_values(":reviewer", s(decision.reviewer_id))
            .expression_attribute_values(":email", s(decision.reviewer_email))
            .expression_attribute_values(":now", s(decision.now_iso))
            .expression_attribute_values(":comment", s(decision.comment))
            .send()
            .await;
        crate::dynamo::applied(result)
    }

    /// After a decision: the vault record that files it.
    pub async fn set_review_record(self, company_id: &str, subject: Subject, subject_id: &str, version_hash: &str, record_id: &str) -> Result<bool, StoreError> {
        let result = self.teams.update()
            .set_key(Some(key(company_id, &review_sk(subject, subject_id))))
            .update_expression("SET record_id = :record")
            .condition_expression("version_hash = :hash")
            .expression_attribute_values(":record", s(record_id))
            .expression_attribute_values(":hash", s(version_hash))
            .send()
            .await;
        crate::dynamo::applied(result)
    }

    /// Undoes a decision that could not be filed in the vault: the review is pending again.
    pub async fn reopen_review(self, company_id: &str, subject: Subject, subject_id: &str, version_hash: &str, reviewer_id: &str) -> Result<bool, StoreError> {
        let result = self.teams.update()
            .set_key(Some(key(company_id, &review_sk(subject, subject_id))))
            .update_expression("SET #status = :pending REMOVE reviewer_id, reviewer_email, decided_at, #comment")
            .condition_expression("version_hash = :hash AND reviewer_id = :reviewer")
            .expression_attribute_names("#status", "status")
            .expression_attribute_names("#comment", "comment")
            .expression_attribute_values(":pending", s(Status::Pending.as_str()))
            .expression_attribute_values(":hash", s(version_hash))
            .expression_attribute_values(":reviewer", s(reviewer_id))
            .send()
            .await;
        crate::dynamo::applied(result)
    }

    /// Withdraws the subject's pending or approved review unless it is of `current_hash`: the
    /// subject was edited. `Ok(false)`: nothing to withdraw.
    pub async fn withdraw_review(self, company_id: &str, subject: Subject, subject_id: &str, current_hash: &str) -> Result<bool, StoreError> {
        let result = self.teams.update()
            .set_key(Some(key(company_id, &review_sk(subject, subject_id))))
            .update_expression("SET #status = :withdrawn")
            .condition_expression("#status IN (:pending, :approved) AND version_hash <> :hash")
            .expression_attribute_names("#status", "status")
            .expression_attribute_values(":withdrawn", s(Status::Withdrawn.as_str()))
            .expression_attribute_values(":pending", s(Status::Pending.as_str()))
            .expression_attribute_values(":approved", s(Status::Approved.as_str()))
            .expression_attribute_values(":hash", s(current_hash))
            .send()
            .await;
        crate::dynamo::applied(result)
    }

    /// Stores an invitation decided on a team read with `issued` invitations issued, and counts
    /// it on the company item in the same transaction. `Ok(false)`: another invitation was issued
    /// since that read (its seat count is stale: read again), or the company is gone.
    pub async fn put_invitation(self, invitation: &Invitation, issued: u64) -> Result<bool, StoreError> {
        let put = Put::builder()
            .table_name(self.teams.name())
            .set_item(Some(to_item(invitation)?))
            .condition_expression("attribute_not_exists(sk)")
            .build()
            .map_err(StoreError::internal)?;
        let counted = Update::builder()
            .table_name(self.teams.name())
            .set_key(Some(key(&invitation.company_id, COMPANY)))
            .update_expression("SET invitations_issued = :next")
            .condition_expression("attribute_exists(sk) AND (invitations_issued = :read OR (attribute_not_exists(invitations_issued) AND :read = :zero))")
            .expression_attribute_values(":read", AttributeValue::N(issued.to_string()))
            .expression_attribute_values(":next", AttributeValue::N((issued + 1).to_string()))
            .expression_attribute_values(":zero", AttributeValue::N("0".into()))
            .build()
            .map_err(StoreError::internal)?;
        let items = vec![TransactWriteItem::builder().put(put).build(), TransactWriteItem::builder().update(counted).build()];
        match transact(self.teams.client(), items).await? {
            TxOutcome::Done => Ok(true),
            TxOutcome::ConditionFailed(_) | TxOutcome::Conflict => Ok(false),
        }
    }

    pub async fn invitation(self, company_id: &str, invite_id: &str) -> Result<Option<Invitation>, StoreError> {
        let output = self.teams.get().set_key(Some(key(company_id, &invite_sk(invite_id)))).consistent_read(true).send().await?;
        output.item.map(from_item).transpose()
    }

    /// Revokes a pending invitation. `Ok(false)`: there was none.
    pub async fn revoke_invitation(self, company_id: &str, invite_id: &str) -> Result<bool, StoreError> {
        let result = self.teams.delete()
            .set_key(Some(key(company_id, &invite_sk(invite_id))))
            .condition_expression("attribute_exists(sk)")
            .send()
            .await;
        crate::dynamo::applied(result)
    }

    /// Turns an invitation into a membership, once: the invitation is removed only if it is
    /// still the one whose token was shown and has not expired, and the member is added only
    /// if they are not one already — in one transaction.
    pub async fn accept(self, invitation: &Invitation, member: &Membership, now: i64) -> Result<Result<(), AcceptError>, StoreError> {
        let used = Delete::builder()
            .table_name(self.teams.name())
            .set_key(Some(key(&invitation.company_id, &invitation.sk)))
            .condition_expression("token_hash = :hash AND expires_at > :now")
            .expression_attribute_values(":hash", s(&invitation.token_hash))
            .expression_attribute_values(":now", AttributeValue::N(now.to_string()))
            .build()
            .map_err(StoreError::internal)?;
        let joined = Put::builder()
            .table_name(self.teams.name())
            .set_item(Some(to_item(member)?))
            .condition_expression("attribute_not_exists(sk)")
            .build()
            .map_err(StoreError::internal)?;
        let items = vec![TransactWriteItem::builder().delete(used).build(), TransactWriteItem::builder().put(joined).build()];
        match transact(self.teams.client(), items).await? {
            TxOutcome::Done => Ok(Ok(())),
            TxOutcome::ConditionFailed(failed) if failed.first() == Some(&0) => Ok(Err(AcceptError::Dead)),
            TxOutcome::ConditionFailed(_) => Ok(Err(AcceptError::AlreadyMember)),
            TxOutcome::Conflict => Err(StoreError::Unavailable),
        }
    }

    /// Gives a member a new role, only if their role is still `from`. `Ok(false)`: it changed
    /// meanwhile, or they left.
    pub async fn set_role(self, company_id: &str, user_id: &str, from: Role, to: Role) -> Result<bool, StoreError> {
        let result = self.teams.update()
            .set_key(Some(key(company_id, &member_sk(user_id))))
            .update_expression("SET #role = :to")
            .condition_expression("#role = :from")
            .expression_attribute_names("#role", "role")
            .expression_attribute_values(":from", s(from.as_str()))
            .expression_attribute_values(":to", s(to.as_str()))
            .send()
            .await;
        crate::dynamo::applied(result)
    }

    /// Removes a member, only if their role is still `role`.
    pub async fn remove(self, company_id: &str, user_id: &str, role: Role) -> Result<bool, StoreError> {
        let result = self.teams.delete()
            .set_key(Some(key(company_id, &member_sk(user_id))))
            .condition_expression("#role = :role")
            .expression_attribute_names("#role", "role")
            .expression_attribute_values(":role", s(role.as_str()))
            .send()
            .await;
        crate::dynamo::applied(result)
    }

    /// Hands the company from its owner to another member, who becomes owner while the former
    /// owner becomes an admin — both or neither, and only if the roles are still as read.
    pub async fn transfer(self, company_id: &str, from_user: &str, to_user: &str, to_role: Role) -> Result<bool, StoreError> {
        let change = |user: &str, from: Role, to: Role| -> Result<TransactWriteItem, StoreError> {
            let update = Update::builder()
                .table_name(self.teams.name())
                .set_key(Some(key(company_id, &member_sk(user))))
                .update_expression("SET #role = :to")
                .condition_expression("#role = :from")
                .expression_attribute_names("#role", "role")
                .expression_attribute_values(":from", s(from.as_str()))
                .expression_attribute_values(":to", s(to.as_str()))
                .build()
                .map_err(StoreError::internal)?;
            Ok(TransactWriteItem::builder().update(update).build())
        };
        let items = vec![change(from_user, Role::Owner, Role::Admin)?, change(to_user, to_role, Role::Owner)?];
        match transact(self.teams.client(), items).await? {
            TxOutcome::Done => Ok(true),
            TxOutcome::ConditionFailed(_) => Ok(false),
            TxOutcome::Conflict => Err(StoreError::Unavailable),
        }
    }
}

/// The company an account is made with (and every account made before teams is given by the
/// migration): its id is the account's id, so everything the account owned is already the
/// company's; the account is its owner.
pub fn own_company(user: &domain::users::UserRecord) -> (Company, Membership) {
    let company = Company {
        company_id: user.id.clone(),
        sk: COMPANY.to_owned(),
        name: default_company_name(user.user_metadata.get("company_name").and_then(serde_json::Value::as_str), user.name()),
        created_at: user.created_at.clone(),
        review_required: None,
        invitations_issued: 0,
    };
    let owner = Membership::new(&user.id, &user.id, &user.email, Role::Owner, &user.created_at);
    (company, owner)
}

/// "Acme Inc" when the founder named their company, else "Dana's company", else "My company".
pub fn default_company_name(company: Option<&str>, person: Option<&str>) -> String {
    let clean = |text: Option<&str>| text.map(str::trim).filter(|text| !text.is_empty()).map(|text| text.chars().take(100).collect::<String>());
    match (clean(company), clean(person)) {
        (Some(company), _) => company,
        (None, Some(person)) => format!("{person}'s company"),
        (None, None) => "My company".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_company_is_named_after_what_the_founder_gave() {
        assert_eq!(default_company_name(Some(" Acme Inc "), Some("Dana")), "Acme Inc");
        assert_eq!(default_company_name(Some("  "), Some("Dana")), "Dana's company");
        assert_eq!(default_company_name(None, None), "My company");
    }

    #[test]
    fn seats_count_members_and_live_invitations_only() {
        let now = 1_000_000;
        let mut team = Team::default();
        team.members.push(Membership::new("c", "u", "u@x.test", Role::Owner, "t"));
        team.invitations.push(Invitation::new("c", "i1", "h", "a@x.test", Role::Member, "u", now));
        team.invitations.push(Invitation::new("c", "i2", "h", "b@x.test", Role::Member, "u", now - domain::teams::INVITATION_SECS));
        assert_eq!(team.seats_used(now), 2);
        assert_eq!(team.owners(), 1);
    }
}
