//! Founders: a signed-in user (token only), a stored account, and one on a plan.

use crate::{AppState, auth::ACCESS_TOKEN_TTL};

/// A founder with a valid access token and their own company (no account record unless
/// [`TestFounder::stored`]: a token and a membership are enough for owner routes).
#[derive(Debug, Clone)]
pub struct TestFounder {
    pub id: String,
    pub email: String,
    pub token: String,
}

/// The name most tests know a founder by.
pub type TestUser = TestFounder;

impl TestFounder {
    /// A founder with a token and the company made with an account (its id is theirs, they
    /// own it), but no account record: enough for owner routes.
    pub async fn new(state: &AppState) -> Self {
        let id = uuid::Uuid::new_v4().to_string();
        let email = format!("founder-{}@example.com", &id[..8]);
        let now = crate::time::now_iso();
        let company = crate::repo::teams::Company {
            company_id: id.clone(),
            sk: crate::repo::teams::COMPANY.to_owned(),
            name: "Test company".into(),
            created_at: now.clone(),
            review_required: None,
            invitations_issued: 0,
        };
        let owner = crate::repo::teams::Membership::new(&id, &id, &email, domain::teams::Role::Owner, &now);
        state.teams().create_company(&company, &owner).await.expect("store the test founder's company");
        Self::signed_in(state, id, email)
    }

    /// Another user's token, with no company at all (not even their own).
    pub fn without_company(state: &AppState) -> Self {
        let id = uuid::Uuid::new_v4().to_string();
        let email = format!("outsider-{}@example.com", &id[..8]);
        Self::signed_in(state, id, email)
    }

    /// A confirmed account stored in the users table (for flows that read the account).
    pub async fn stored(state: &AppState) -> Self {
        let user = stored_user(state, "founder").await;
        Self::signed_in(state, user.id, user.email)
    }

    /// On a trial of the standard plan.
    pub async fn on_trial(self, state: &AppState) -> Self {
        subscribe_trial(state, &self.id, false).await;
        self
    }

    /// On a trial of Pro (a trial counts for both gates).
    pub async fn on_pro(self, state: &AppState) -> Self {
        subscribe_trial(state, &self.id, true).await;
        self
    }

    fn signed_in(state: &AppState, id: String, email: String) -> Self {
        let token = state.tokens.issue(&id, &email, ACCESS_TOKEN_TTL).expect("test states mint tokens");
        Self { id, email, token }
    }
}

/// A founder with a token and their own company (see [`TestFounder::new`]).
pub async fn test_user(state: &AppState) -> TestFounder {
    TestFounder::new(state).await
}

/// A confirmed account stored in the users table (for flows that read the account).
pub async fn stored_user(state: &AppState, prefix: &str) -> domain::users::UserRecord {
    let id = uuid::Uuid::new_v4().to_string();
    let user = domain::users::UserRecord {
        email: format!("{prefix}-{}@example.com", &id[..8]),
        id,
        password_hash: "not-a-real-hash".into(),
        created_at: crate::time::now_iso(),
        email_confirmed_at: Some(crate::time::now_iso()),
        user_metadata: Default::default(),
        app_metadata: Default::default(),
        session_epoch: 0,
        last_sign_in_at: None,
        recovery_epoch: 0,
    };
    state.users().create_user(&user).await.expect("store test user");
    user
}

/// Puts the user on a trial of the standard plan or of Pro (a trial counts for both gates).
pub async fn subscribe_trial(state: &AppState, user_id: &str, pro: bool) {
    let now = state.clock.unix();
    let record = domain::plans::SubscriptionRecord {
        user_id: user_id.to_owned(),
        customer_id: None,
        subscription_id: None,
        status: Some("trialing".into()),
        price_id: Some(if pro { state.config.stripe.price_pro.clone() } else { state.config.stripe.price_standard.clone() }),
        plan: None,
        trial_end: Some(now + 86_400),
        current_period_end: None,
        last_event_created: now,
        first_paid_at: None,
        payment_failed_at: None,
    };
    let item = crate::dynamo::to_item(&record).expect("a subscription item");
    state.dynamo.put_item().table_name(&state.config.tables.subscriptions).set_item(Some(item)).send().await.expect("store the subscription");
}

/// A support session on `founder`'s account, started the way `auth` starts one: its record
/// (live for 30 minutes) and an access token naming it. Answers `(token, session id)`.
pub async fn support_session(state: &AppState, founder: &TestUser) -> (String, String) {
    use crate::repo::impersonations::{self, Impersonation};
    let now = state.clock.unix();
    let record = Impersonation {
        id: uuid::Uuid::new_v4().to_string(),
        admin_id: "admin-1".into(),
        admin_email: "admin@example.com".into(),
        target_id: founder.id.clone(),
        target_email: founder.email.clone(),
        reason: "Checking the founder's settings".into(),
        started_at: state.clock.now_iso(),
        ip: "203.0.113.9".into(),
        user_agent: "test".into(),
        ends_at: now + impersonations::LINK_TTL_SECS,
        session_started_at: None,
        ended_at: None,
        ended_by: None,
    };
    state.impersonations().create(&record).await.unwrap();
    state.impersonations().begin_session(&record.id, now).await.unwrap().unwrap();
    let token = state.tokens.issue_impersonation(&founder.id, &founder.email, "admin-1", &record.id, (now + 300) as u64).unwrap();
    (token, record.id)
}
