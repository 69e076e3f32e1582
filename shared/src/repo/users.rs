//! Tables `users` (key `id`) and `user_emails` (key `email` → `user_id`). An e-mail address
//! belongs to one account: the account is made (both items and the profile) in one
//! transaction whose conditions make a second account for the address fail as a whole. A
//! sign-up makes no account: it waits in `account_requests` until someone proves the mailbox
//! with the password chosen at that sign-up ([`activate`]).

use std::collections::HashMap;

use aws_sdk_dynamodb::{
    Client,
    error::SdkError,
    types::{AttributeValue, Delete, Put, ReturnValue, TransactWriteItem, Update},
};
use serde_json::{Map, Value};

use crate::{
    config::Tables,
    dynamo::StoreError,
    repo::{platform_stats::PlatformStatsRepo, profiles::ProfilesRepo},
};

use super::table::{Table, TxOutcome, transact};

/// The records this repository stores (their old path).
pub use domain::users::{AppMetadata, UserRecord};

/// Every user item carries `directory = "user"`: the `directory` GSI (sort key `email`) lets
/// the admin area page and prefix-search all accounts with a Query instead of a Scan.
pub const DIRECTORY_PARTITION: &str = "user";

#[derive(Debug, thiserror::Error)]
pub enum CreateUserError {
    #[error("an account with this e-mail already exists")]
    EmailTaken,
    #[error(transparent)]
    Store(#[from] StoreError),
}

use crate::dynamo::{from_item, to_item as item};

/// Tables `users` and `user_emails`, with the profile and sign-up items an account is made
/// with (`profiles`, `account_requests`) and its platform counter: `state.users()`.
#[derive(Clone, Copy)]
pub struct UsersRepo<'a> {
    users: Table<'a>,
    user_emails: Table<'a>,
    profiles: Table<'a>,
    account_requests: Table<'a>,
    platform_stats: Table<'a>,
    teams: Table<'a>,
}

impl<'a> UsersRepo<'a> {
    pub fn new(client: &'a Client, tables: &'a Tables) -> Self {
        Self {
            users: Table::new(client, &tables.users),
            user_emails: Table::new(client, &tables.user_emails),
            profiles: Table::new(client, &tables.profiles),
            account_requests: Table::new(client, &tables.account_requests),
            platform_stats: Table::new(client, &tables.platform_stats),
            teams: Table::new(client, &tables.teams),
        }
    }

    /// Stores a whole account (address, user, profile) unless the address has one: accounts made
    /// outside sign-up (the local demo administrator, tests). Sign-ups become accounts through
    /// [`activate`].
    #[tracing::instrument(skip(self, user), fields(user_id = %user.id))]
    pub async fn create_user(self, user: &UserRecord) -> Result<(), CreateUserError> {
        match transact(self.users.client(), self.account_puts(user)?).await? {
            TxOutcome::Done => {
                let counted = PlatformStatsRepo::on(self.platform_stats).user_created(&user.created_at, user.email_confirmed_at.is_some()).await;
                crate::repo::platform_stats::log_failure(counted, "user created");
                Ok(())
            }
            TxOutcome::ConditionFailed(failed) if failed[0] == 0 => Err(CreateUserError::EmailTaken),
            TxOutcome::ConditionFailed(failed) => Err(CreateUserError::Store(StoreError::internal(anyhow::anyhow!("account not made: the condition of item {} failed", failed[0])))),
            TxOutcome::Conflict => Err(CreateUserError::Store(StoreError::Unavailable)),
        }
    }

    /// The three items of a new account, in this order (a failed condition at 0 is a taken
    /// address): the address, the user (in the admin directory), the profile.
    fn account_puts(self, user: &UserRecord) -> Result<Vec<TransactWriteItem>, StoreError> {
        let email_item = HashMap::from([
            ("email".to_owned(), AttributeValue::S(user.email.clone())),
            ("user_id".to_owned(), AttributeValue::S(user.id.clone())),
        ]);
        let mut profile = HashMap::from([
            ("id".to_owned(), AttributeValue::S(user.id.clone())),
            ("interested_investors_count".to_owned(), AttributeValue::N("0".into())),
        ]);
        if let Some(name) = user.name() {
            profile.insert("name".to_owned(), AttributeValue::S(name.to_owned()));
        }
        let (company, owner) = crate::repo::teams::own_company(user);
        let mut items = vec![
            put_new(self.user_emails.name(), email_item, "email")?,
            put_new(self.users.name(), directory_item(user)?, "id")?,
            put_new(self.profiles.name(), profile, "id")?,
        ];
        items.extend(crate::repo::teams::TeamsRepo::company_puts(self.teams.name(), &company, &owner)?);
        Ok(items)
    }

    /// Records a successful sign-in (shown in the admin directory).
    pub async fn record_sign_in(self, id: &str) -> Result<(), StoreError> {
        self.update_user(id, "SET last_sign_in_at = :now", vec![(":now", AttributeValue::S(crate::time::now_iso()))]).await?;
        Ok(())
    }

    #[tracing::instrument(skip(self))]
    pub async fn find_user_id(self, email: &str) -> Result<Option<String>, StoreError> {
        let output = self.user_emails.get()
            .key("email", AttributeValue::S(email.to_owned()))
            .consistent_read(true)
            .send()
            .await?;
        Ok(output.item.and_then(|item| match item.get("user_id") {
            Some(AttributeValue::S(id)) => Some(id.clone()),
            _ => None,
        }))
    }

    #[tracing::instrument(skip(self))]
    /// One page of every account (a Scan from `start`): what a migration walks, off the request
    /// path. Unreadable items are skipped with a warning.
    pub async fn accounts_page(self, start: Option<crate::dynamo::Item>) -> Result<crate::repo::Page<UserRecord>, StoreError> {
        let page = crate::repo::table::scan_page(self.users.client().scan().table_name(self.users.name()).limit(500), start).await?;
        let items = page.items.into_iter()
            .filter_map(|item| from_item(item).map_err(|err| tracing::warn!(error = %err, "unreadable user item skipped")).ok())
            .collect();
        Ok(crate::repo::Page { items, next: page.next })
    }

    pub async fn get_user(self, id: &str) -> Result<Option<UserRecord>, StoreError> {
        let output = self.users.get()
            .key("id", AttributeValue::S(id.to_owned()))
            .consistent_read(true)
            .send()
            .await?;
        output.item.map(from_item).transpose()
    }

    pub async fn find_user_by_email(self, email: &str) -> Result<Option<UserRecord>, StoreError> {
        match self.find_user_id(email).await? {
            Some(id) => self.get_user(&id).await,
            None => Ok(None),
        }
    }

    async fn update_user(self, 
        id: &str,
        expression: &str,
        values: Vec<(&str, AttributeValue)>,
    ) -> Result<UserRecord, StoreError> {
        let mut request = self.users.update()
            .key("id", AttributeValue::S(id.to_owned()))
            .update_expression(expression)
            .condition_expression("attribute_exists(id)")
            .return_values(ReturnValue::AllNew);
        for (name, value) in values {
            request = request.expression_attribute_values(name, value);
        }
        let output = request.send().await?;
        from_item(output.attributes.unwrap_or_default())
    }

    /// Marks the address confirmed (the first confirmation time is kept), for an account stored
    /// unconfirmed (before sign-ups waited for their confirmation, or by a test). The user as it
    /// was (`ALL_OLD`) tells whether this call confirmed it, so the platform's count of confirmed
    /// accounts moves once however often it runs.
    pub async fn confirm_email(self, id: &str) -> Result<UserRecord, StoreError> {
        let now = crate::time::now_iso();
        let output = self.users.update()
            .key("id", AttributeValue::S(id.to_owned()))
            .update_expression("SET email_confirmed_at = if_not_exists(email_confirmed_at, :now)")
            .condition_expression("attribute_exists(id)")
            .expression_attribute_values(":now", AttributeValue::S(now.clone()))
            .return_values(ReturnValue::AllOld)
            .send()
            .await?;
        let mut user: UserRecord = from_item(output.attributes.unwrap_or_default())?;
        if user.email_confirmed_at.is_none() {
            user.email_confirmed_at = Some(now);
            crate::repo::platform_stats::log_failure(PlatformStatsRepo::on(self.platform_stats).email_confirmed().await, "email confirmed");
        }
        Ok(user)
    }

    /// Sets `user_metadata.name` and keeps the profile's name in step.
    pub async fn set_user_name(self, id: &str, name: &str) -> Result<UserRecord, StoreError> {
        let output = self.users.update()
            .key("id", AttributeValue::S(id.to_owned()))
            .update_expression("SET user_metadata.#name = :name")
            .condition_expression("attribute_exists(id)")
            .expression_attribute_names("#name", "name")
            .expression_attribute_values(":name", AttributeValue::S(name.to_owned()))
            .return_values(ReturnValue::AllNew)
            .send()
            .await?;
        ProfilesRepo::on(self.profiles).set_profile_name(id, name).await?;
        from_item(output.attributes.unwrap_or_default())
    }

    /// Replaces the password hash and raises the session epoch (every other session ends) and
    /// the recovery epoch (every reset link sent before stops working).
    pub async fn set_password_hash(self, id: &str, hash: &str) -> Result<UserRecord, StoreError> {
        self.update_user(id,
            "SET password_hash = :hash, session_epoch = if_not_exists(session_epoch, :zero) + :one, \
             recovery_epoch = if_not_exists(recovery_epoch, :zero) + :one",
            vec![
                (":hash", AttributeValue::S(hash.to_owned())),
                (":zero", AttributeValue::N("0".into())),
                (":one", AttributeValue::N("1".into())),
            ],
        )
        .await
    }

    /// Global sign-out: raises the session epoch so no refresh token issued before works.
    pub async fn bump_session_epoch(self, id: &str) -> Result<UserRecord, StoreError> {
        self.update_user(id,
            "SET session_epoch = if_not_exists(session_epoch, :zero) + :one",
            vec![(":zero", AttributeValue::N("0".into())), (":one", AttributeValue::N("1".into()))],
        )
        .await
    }

    /// Marks the account as on a trial (spec 3: `trial_start_date`, `is_trial_user`); the first
    /// start date is kept. `None` when the user does not exist.
    pub async fn set_trial_started(self, id: &str, start_iso: &str) -> Result<Option<UserRecord>, StoreError> {
        let result = self.users.update()
            .key("id", AttributeValue::S(id.to_owned()))
            .update_expression("SET app_metadata.trial_start_date = if_not_exists(app_metadata.trial_start_date, :start), app_metadata.is_trial_user = :yes")
            .condition_expression("attribute_exists(id)")
            .expression_attribute_values(":start", AttributeValue::S(start_iso.to_owned()))
            .expression_attribute_values(":yes", AttributeValue::Bool(true))
            .return_values(ReturnValue::AllNew)
            .send()
            .await;
        updated_if_condition_held(result)
    }

    /// A reset link is about to be sent: raises the account's recovery epoch (so every link sent
    /// before stops working) and returns the new value for the link; `None` without the account.
    pub async fn next_recovery_epoch(self, id: &str) -> Result<Option<u64>, StoreError> {
        let result = self.users.update()
            .key("id", AttributeValue::S(id.to_owned()))
            .update_expression("SET recovery_epoch = if_not_exists(recovery_epoch, :zero) + :one")
            .condition_expression("attribute_exists(id)")
            .expression_attribute_values(":zero", AttributeValue::N("0".into()))
            .expression_attribute_values(":one", AttributeValue::N("1".into()))
            .return_values(ReturnValue::AllNew)
            .send()
            .await;
        Ok(updated_if_condition_held(result)?.map(|user| user.recovery_epoch))
    }

    /// A reset from a link made under recovery epoch `epoch`: in one transaction the link is used
    /// up and the password replaced, the session epoch raised (every session ends), the recovery
    /// epoch raised (every other reset link dies) and the address marked confirmed (the link
    /// reached its mailbox). `false` when the link was used or a newer link, reset or password
    /// change came first: nothing changed then.
    pub async fn reset_password(self, 
        id: &str,
        epoch: u64,
        hash: &str,
        link: TransactWriteItem,
        now_iso: &str,
    ) -> Result<bool, StoreError> {
        let update = Update::builder()
            .table_name(self.users.name())
            .key("id", AttributeValue::S(id.to_owned()))
            .update_expression(
                "SET password_hash = :hash, session_epoch = if_not_exists(session_epoch, :zero) + :one, \
                 recovery_epoch = :next, email_confirmed_at = if_not_exists(email_confirmed_at, :now)",
            )
            .condition_expression("attribute_exists(id) AND recovery_epoch = :epoch")
            .expression_attribute_values(":hash", AttributeValue::S(hash.to_owned()))
            .expression_attribute_values(":zero", AttributeValue::N("0".into()))
            .expression_attribute_values(":one", AttributeValue::N("1".into()))
            .expression_attribute_values(":epoch", AttributeValue::N(epoch.to_string()))
            .expression_attribute_values(":next", AttributeValue::N((epoch + 1).to_string()))
            .expression_attribute_values(":now", AttributeValue::S(now_iso.to_owned()))
            .build()
            .map_err(StoreError::internal)?;
        match transact(self.users.client(), vec![TransactWriteItem::builder().update(update).build(), link]).await? {
            TxOutcome::Done => Ok(true),
            TxOutcome::ConditionFailed(_) => Ok(false),
            TxOutcome::Conflict => Err(StoreError::Unavailable),
        }
    }

    /// Makes the account from a sign-up, in one transaction: the address's item (only if the
    /// address has no account), the user (confirmed: the mailbox was just proved), the profile,
    /// the sign-up's removal (only if it is still there), the welcome job (referral and
    /// `account_created`, done once from the stream) and the link's use. Whatever runs in
    /// parallel, an address gets one account, and only from a sign-up whose password its
    /// confirmer chose.
    pub async fn activate(self, activation: Activation<'_>) -> Result<UserRecord, ActivateError> {
        let now_iso = crate::time::iso_from_unix(activation.now);
        let user = UserRecord {
            id: uuid::Uuid::new_v4().to_string(),
            email: activation.email.to_owned(),
            password_hash: activation.password_hash.to_owned(),
            created_at: now_iso.clone(),
            email_confirmed_at: Some(now_iso),
            user_metadata: activation.user_metadata.clone(),
            app_metadata: AppMetadata::default(),
            session_epoch: 0,
            last_sign_in_at: None,
            recovery_epoch: 0,
        };
        let mut registration = Delete::builder()
            .table_name(self.account_requests.name())
            .set_key(Some(crate::repo::account_requests::key(&user.email, activation.registration)))
            .condition_expression("attribute_exists(sk) AND expires_at > :now")
            .expression_attribute_values(":now", AttributeValue::N(activation.now.to_string()));
        if let Some(generation) = activation.reset_generation {
            registration = registration
                .condition_expression("attribute_exists(sk) AND expires_at > :now AND reset_generation = :generation")
                .expression_attribute_values(":generation", AttributeValue::N(generation.to_string()));
        }
        let mut welcome = crate::repo::account_requests::Job::new(&user.email, crate::repo::account_requests::JobKind::Welcome, &user.id, activation.now);
        welcome.user_id = Some(user.id.clone());
        let mut items = self.account_puts(&user)?;
        items.push(TransactWriteItem::builder().delete(registration.build().map_err(StoreError::internal)?).build());
        items.push(put_new(self.account_requests.name(), crate::repo::account_requests::job_item(&welcome)?, "sk")?);
        items.push(activation.link);
        match transact(self.users.client(), items).await? {
            TxOutcome::Done => {
                let counted = PlatformStatsRepo::on(self.platform_stats).user_created(&user.created_at, true).await;
                crate::repo::platform_stats::log_failure(counted, "account created");
                Ok(user)
            }
            TxOutcome::ConditionFailed(failed) if failed[0] == 0 => Err(ActivateError::AddressTaken),
            TxOutcome::ConditionFailed(_) => Err(ActivateError::LinkDead),
            TxOutcome::Conflict => Err(ActivateError::Store(StoreError::Unavailable)),
        }
    }
}

/// A put that only creates: it fails if an item with that key exists.
fn put_new(table: &str, item: HashMap<String, AttributeValue>, key: &str) -> Result<TransactWriteItem, StoreError> {
    let put = Put::builder()
        .table_name(table)
        .set_item(Some(item))
        .condition_expression(format!("attribute_not_exists({key})"))
        .build()
        .map_err(StoreError::internal)?;
    Ok(TransactWriteItem::builder().put(put).build())
}

fn directory_item(user: &UserRecord) -> Result<HashMap<String, AttributeValue>, StoreError> {
    let mut user_item = item(user)?;
    user_item.insert("directory".to_owned(), AttributeValue::S(DIRECTORY_PARTITION.to_owned()));
    Ok(user_item)
}

/// The updated user of a conditional `UpdateItem` (`ReturnValues::AllNew`), or `None` when its
/// condition did not hold.
fn updated_if_condition_held(
    result: Result<
        aws_sdk_dynamodb::operation::update_item::UpdateItemOutput,
        SdkError<aws_sdk_dynamodb::operation::update_item::UpdateItemError>,
    >,
) -> Result<Option<UserRecord>, StoreError> {
    crate::dynamo::applied_output(result)?.map(|output| from_item(output.attributes.unwrap_or_default())).transpose()
}

/// A sign-up (or a reset link for an address that has none yet) becoming the account.
pub struct Activation<'a> {
    pub email: &'a str,
    pub password_hash: &'a str,
    pub user_metadata: &'a Map<String, Value>,
    /// The sign-up's key in `account_requests`: it must still be there, and goes.
    pub registration: &'a str,
    /// A reset link's sign-up generation: only the newest link may complete.
    pub reset_generation: Option<u64>,
    /// The link, used up in the same transaction.
    pub link: TransactWriteItem,
    pub now: i64,
}

#[derive(Debug, thiserror::Error)]
pub enum ActivateError {
    /// The address has an account already: every sign-up still waiting for it is dead.
    #[error("the address has an account")]
    AddressTaken,
    /// The link or its sign-up was used, replaced or has expired.
    #[error("the link no longer works")]
    LinkDead,
    #[error(transparent)]
    Store(#[from] StoreError),
}
