//! Companies and teams end to end: invitations, roles, the company every request acts for,
//! and the migration that gives accounts made before teams their company.

use axum::{Router, http::StatusCode};
use serde_json::{Value, json};
use shared::{
    AppState,
    testing::{Call, TestFounder, TestResponse, stored_lead, stored_user},
};

const COMPANY: &str = "x-company-id";

async fn app() -> (Router, AppState) {
    shared::testing::app(&[
        ("teams", teams::router),
        ("forms", forms::router),
        ("leads", leads::router),
        ("campaigns", campaigns::router),
        ("compliance-vault", compliance_vault::router),
        ("profiles", profiles::router),
    ])
    .await
    .parts()
}

/// A signed-in account stored like a sign-up's (so it has its own company too).
async fn account(state: &AppState, prefix: &str) -> TestFounder {
    let user = stored_user(state, prefix).await;
    let token = state.tokens.issue(&user.id, &user.email, shared::auth::ACCESS_TOKEN_TTL).unwrap();
    TestFounder { id: user.id, email: user.email, token }
}

/// The invitation link's parts, read from the e-mail the outbox kept for `email`.
fn invitation_link(state: &AppState, email: &str) -> Value {
    let outbox = state.mailer.outbox().expect("tests mail to the outbox");
    let mail = outbox.to(email).into_iter().next().expect("an invitation e-mail");
    let link = mail.links().into_iter().find(|link| link.contains("/invite?")).expect("the invitation link");
    let query = link.split_once('?').unwrap().1;
    let part = |name: &str| query.split('&').find_map(|pair| pair.strip_prefix(&format!("{name}="))).unwrap().to_owned();
    json!({ "company_id": part("company"), "invite_id": part("invite"), "token": part("token") })
}

async fn invite(app: &Router, owner: &TestFounder, email: &str, role: &str) -> TestResponse {
    Call::post("/api/teams/current/invitations").token(&owner.token).json(json!({ "email": email, "role": role })).send(app).await
}

/// `owner` invites a new account as `role`, which accepts; answers the new member.
async fn join(app: &Router, state: &AppState, owner: &TestFounder, role: &str) -> TestFounder {
    let member = account(state, role).await;
    assert_eq!(invite(app, owner, &member.email, role).await.status, StatusCode::CREATED);
    let link = invitation_link(state, &member.email);
    let accepted = Call::post("/api/teams/invitations/accept").token(&member.token).json(link).send(app).await;
    assert_eq!(accepted.status, StatusCode::OK, "{}", accepted.body);
    member
}

fn as_member(call: Call, member: &TestFounder, company: &str) -> Call {
    call.token(&member.token).header(COMPANY, company)
}

#[tokio::test]
async fn an_invitation_works_once_for_its_own_address_within_seven_days_and_is_revocable() {
    let (app, state) = app().await;
    let owner = account(&state, "owner").await.on_trial(&state).await;
    let cofounder = account(&state, "cofounder").await;
    let created = invite(&app, &owner, &cofounder.email, "member").await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    let link = invitation_link(&state, &cofounder.email);

    // Anyone holding the link may see what it offers, without signing in.
    let offer = Call::post("/api/teams/invitations/lookup").json(link.clone()).send(&app).await;
    assert_eq!(offer.status, StatusCode::OK);
    assert_eq!(offer.body["role"], "member");

    // Opened by another signed-in address: refused, and the invitation still stands.
    let stranger = account(&state, "stranger").await;
    let wrong = Call::post("/api/teams/invitations/accept").token(&stranger.token).json(link.clone()).send(&app).await;
    assert_eq!((wrong.status, wrong.error_code()), (StatusCode::FORBIDDEN, "invitation_for_another_address"));
    // A forged token: the same answer as a dead link.
    let forged = json!({ "company_id": link["company_id"], "invite_id": link["invite_id"], "token": "x".repeat(43) });
    assert_eq!(Call::post("/api/teams/invitations/accept").token(&cofounder.token).json(forged).send(&app).await.status, StatusCode::NOT_FOUND);
    // Empty or oversized parts: the same 404, never a store error.
    for (company, invite, token) in [("", "x", "y"), ("x", "", "y"), ("x", "y", ""), ("x", &"y".repeat(65) as &str, "z")] {
        let link = json!({ "company_id": company, "invite_id": invite, "token": token });
        assert_eq!(Call::post("/api/teams/invitations/lookup").json(link.clone()).send(&app).await.status, StatusCode::NOT_FOUND);
        assert_eq!(Call::post("/api/teams/invitations/accept").token(&cofounder.token).json(link).send(&app).await.status, StatusCode::NOT_FOUND);
    }

    let accepted = Call::post("/api/teams/invitations/accept").token(&cofounder.token).json(link.clone()).send(&app).await;
    assert_eq!(accepted.status, StatusCode::OK);
    assert_eq!((accepted.body["id"].as_str(), accepted.body["role"].as_str()), (Some(owner.id.as_str()), Some("member")));
    // Reused: dead.
    let reused = Call::post("/api/teams/invitations/accept").token(&cofounder.token).json(link.clone()).send(&app).await;
    assert_eq!((reused.status, reused.error_code()), (StatusCode::NOT_FOUND, "invitation_invalid"));

    // Revoked before use.
    let revoked = account(&state, "revoked").await;
    let made = invite(&app, &owner, &revoked.email, "viewer").await;
    let id = made.body["id"].as_str().unwrap().to_owned();
    assert_eq!(Call::delete(&format!("/api/teams/current/invitations/{id}")).token(&owner.token).send(&app).await.status, StatusCode::NO_CONTENT);
    let after = Call::post("/api/teams/invitations/accept").token(&revoked.token).json(invitation_link(&state, &revoked.email)).send(&app).await;
    assert_eq!(after.status, StatusCode::NOT_FOUND);

    // Expired after 7 days.
    let late = account(&state, "late").await;
    invite(&app, &owner, &late.email, "viewer").await;
    let late_link = invitation_link(&state, &late.email);
    state.clock.advance(std::time::Duration::from_secs(7 * 24 * 3600 + 1));
    let expired = Call::post("/api/teams/invitations/accept").token(&late.token).json(late_link.clone()).send(&app).await;
    assert_eq!(expired.status, StatusCode::NOT_FOUND);
    assert_eq!(Call::post("/api/teams/invitations/lookup").json(late_link).send(&app).await.status, StatusCode::NOT_FOUND);

    // The co-founder now lists both companies and reads the owner's forms in the owner's.
    let companies = Call::get("/api/teams").token(&cofounder.token).send(&app).await;
    assert_eq!(companies.body["companies"].as_array().unwrap().len(), 2);
    shared::testing::form(&owner.id).named("Owner's form").store(&state).await;
    let forms = as_member(Call::get("/api/forms"), &cofounder, &owner.id).send(&app).await;
    assert_eq!(forms.body["forms"][0]["name"], "Owner's form");
    // Their own company is still theirs alone and empty.
    assert_eq!(Call::get("/api/forms").token(&cofounder.token).send(&app).await.body["forms"], json!([]));
}

#[tokio::test]
async fn a_user_acts_only_in_companies_they_belong_to_on_every_owner_route() {
    let (app, state) = app().await;
    let a = account(&state, "a").await.on_pro(&state).await;
    let b = account(&state, "b").await.on_pro(&state).await;
    let form = shared::testing::form(&b.id).named("B's secret form").published().store(&state).await;
    stored_lead(&state, &form, "B Investor", "investor@b.test").await;

    let routes = [
        Call::get("/api/forms"),
        Call::get(&format!("/api/forms/{}", form.id)),
        Call::post("/api/forms"),
        Call::get("/api/leads"),
        Call::get("/api/leads/summary"),
        Call::get("/api/leads/recent"),
        Call::get("/api/campaigns"),
        Call::post("/api/campaigns").json(json!({})),
        Call::get("/api/compliance-vault/records"),
        Call::get("/api/compliance-vault/offering"),
        Call::get("/api/profiles/me"),
        Call::get("/api/teams/current"),
        Call::post("/api/teams/current/invitations").json(json!({ "email": "x@a.test", "role": "admin" })),
    ];
    for (i, call) in routes.into_iter().enumerate() {
        // A switches the header to B's company: 403, and nothing of B's in the answer.
        let response = as_member(call, &a, &b.id).send(&app).await;
        assert_eq!((response.status, response.error_code()), (StatusCode::FORBIDDEN, "not_a_member"), "route {i}");
        assert!(!response.body.to_string().contains("secret"), "route {i} leaked {}", response.body);
    }
    // A header that is no company at all is the same refusal.
    for bogus in ["", "nope", &"z".repeat(500)] {
        let response = as_member(Call::get("/api/forms"), &a, bogus).send(&app).await;
        assert_eq!(response.status, StatusCode::FORBIDDEN, "{bogus:?}");
    }
    // Without the header, A acts in A's own company and sees nothing of B's.
    let own = Call::get("/api/leads").token(&a.token).send(&app).await;
    assert_eq!(own.status, StatusCode::OK);
    assert!(!own.body.to_string().contains("B Investor"));
    // A user with no company at all is refused, not given someone's.
    let nobody = TestFounder::without_company(&state);
    assert_eq!(Call::get("/api/forms").token(&nobody.token).send(&app).await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn each_role_can_do_exactly_what_the_matrix_says_on_the_server() {
    let (app, state) = app().await;
    let owner = account(&state, "owner").await.on_pro(&state).await;
    let member = join(&app, &state, &owner, "member").await;
    let counsel = join(&app, &state, &owner, "counsel").await;
    let viewer = join(&app, &state, &owner, "viewer").await;
    let company = owner.id.clone();

    // Everyone reads.
    for who in [&member, &counsel, &viewer] {
        assert_eq!(as_member(Call::get("/api/leads/summary"), who, &company).send(&app).await.status, StatusCode::OK);
        assert_eq!(as_member(Call::get("/api/compliance-vault/records"), who, &company).send(&app).await.status, StatusCode::OK);
    }
    // A member writes forms and campaign drafts.
    assert_eq!(as_member(Call::post("/api/forms"), &member, &company).send(&app).await.status, StatusCode::CREATED);
    let draft = as_member(Call::post("/api/campaigns").json(json!({})), &member, &company).send(&app).await;
    assert_eq!(draft.status, StatusCode::CREATED, "{}", draft.body);
    let campaign = draft.body["id"].as_str().unwrap().to_owned();
    // Counsel and viewers change nothing; counsel cannot send, delete, or move the offering.
    for who in [&counsel, &viewer] {
        let create = as_member(Call::post("/api/forms"), who, &company).send(&app).await;
        assert_eq!((create.status, create.error_code()), (StatusCode::FORBIDDEN, "role_forbids"));
        let remove = as_member(Call::delete(&format!("/api/campaigns/{campaign}")), who, &company).send(&app).await;
        assert_eq!(remove.status, StatusCode::FORBIDDEN);
    }
    for who in [&member, &counsel, &viewer] {
        let send = as_member(Call::post(&format!("/api/campaigns/{campaign}/send")).json(json!({ "version": 1 })), who, &company).send(&app).await;
        assert_eq!((send.status, send.error_code()), (StatusCode::FORBIDDEN, "role_forbids"), "send");
        let schedule = as_member(Call::post(&format!("/api/campaigns/{campaign}/schedule")).json(json!({ "version": 1, "scheduledAt": "2030-01-01T10:00:00Z" })), who, &company).send(&app).await;
        assert_eq!(schedule.status, StatusCode::FORBIDDEN, "schedule");
        let stage = as_member(Call::put("/api/compliance-vault/offering").json(json!({ "version": 0, "status": "form_c_filed", "filingDate": "2026-11-20" })), who, &company).send(&app).await;
        assert_eq!(stage.status, StatusCode::FORBIDDEN, "offering");
        let team = as_member(Call::post("/api/teams/current/invitations").json(json!({ "email": "new@x.test", "role": "viewer" })), who, &company).send(&app).await;
        assert_eq!(team.status, StatusCode::FORBIDDEN, "invite");
        let mails = as_member(Call::put("/api/profiles/me/notifications").json(json!({ "lead_mails": "off" })), who, &company).send(&app).await;
        assert_eq!(mails.status, StatusCode::FORBIDDEN, "lead e-mails are the company's choice");
    }
    assert_eq!(state.profiles().lead_mails(&company).await.unwrap(), shared::lead_digest::LeadMails::Every, "unchanged by every refusal");
    // The draft is still there after every refused delete.
    assert_eq!(Call::get(&format!("/api/campaigns/{campaign}")).token(&owner.token).send(&app).await.status, StatusCode::OK);
    // Only members who manage the team see its invitations.
    let seen = as_member(Call::get("/api/teams/current"), &viewer, &company).send(&app).await;
    assert_eq!(seen.body["invitations"], json!([]));
    assert_eq!(seen.body["permissions"], json!(["read"]));
}

#[tokio::test]
async fn nobody_raises_their_own_role_and_a_company_always_keeps_its_owner() {
    let (app, state) = app().await;
    let owner = account(&state, "owner").await.on_pro(&state).await;
    let admin = join(&app, &state, &owner, "admin").await;
    let member = join(&app, &state, &owner, "member").await;
    let company = owner.id.clone();
    let role_of = |who: &TestFounder| format!("/api/teams/current/members/{}", who.id);

    // Editing one's own membership, whatever the target role.
    for to in ["owner", "admin", "counsel"] {
        let raised = as_member(Call::put(&role_of(&member)).json(json!({ "role": to })), &member, &company).send(&app).await;
        assert_eq!(raised.status, StatusCode::FORBIDDEN, "member → {to}");
        let raised = as_member(Call::put(&role_of(&admin)).json(json!({ "role": to })), &admin, &company).send(&app).await;
        assert_eq!(raised.status, StatusCode::FORBIDDEN, "admin → {to}");
    }
    // A member cannot re-role anyone; an admin cannot make or unmake the owner.
    assert_eq!(as_member(Call::put(&role_of(&admin)).json(json!({ "role": "viewer" })), &member, &company).send(&app).await.status, StatusCode::FORBIDDEN);
    assert_eq!(as_member(Call::put(&role_of(&member)).json(json!({ "role": "owner" })), &admin, &company).send(&app).await.status, StatusCode::FORBIDDEN);
    assert_eq!(as_member(Call::put(&role_of(&owner)).json(json!({ "role": "viewer" })), &admin, &company).send(&app).await.status, StatusCode::FORBIDDEN);
    assert_eq!(as_member(Call::delete(&role_of(&owner)), &admin, &company).send(&app).await.status, StatusCode::FORBIDDEN);
    // Nor transfer ownership.
    let taken = as_member(Call::post("/api/teams/current/transfer").json(json!({ "user_id": admin.id })), &admin, &company).send(&app).await;
    assert_eq!(taken.status, StatusCode::FORBIDDEN);
    // The owner cannot leave or be demoted while the only owner.
    let left = Call::post("/api/teams/current/leave").token(&owner.token).send(&app).await;
    assert_eq!((left.status, left.error_code()), (StatusCode::CONFLICT, "last_owner"));
    // An admin re-roles a member; the roles the server now holds are what the team shows.
    let changed = as_member(Call::put(&role_of(&member)).json(json!({ "role": "viewer" })), &admin, &company).send(&app).await;
    assert_eq!(changed.status, StatusCode::OK);
    let viewer_now = as_member(Call::post("/api/forms"), &member, &company).send(&app).await;
    assert_eq!(viewer_now.status, StatusCode::FORBIDDEN);
    // Transfer: the admin becomes owner, the owner an admin; then the former owner may leave.
    let moved = Call::post("/api/teams/current/transfer").token(&owner.token).json(json!({ "user_id": admin.id })).send(&app).await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.body);
    let team = Call::get("/api/teams/current").token(&owner.token).send(&app).await;
    assert_eq!(team.body["role"], "admin");
    assert_eq!(Call::post("/api/teams/current/leave").token(&owner.token).send(&app).await.status, StatusCode::NO_CONTENT);
    // Gone at once: the former owner's next request to the company is refused.
    assert_eq!(as_member(Call::get("/api/forms"), &owner, &company).send(&app).await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_removed_member_loses_access_at_their_next_request() {
    let (app, state) = app().await;
    let owner = account(&state, "owner").await.on_trial(&state).await;
    let member = join(&app, &state, &owner, "member").await;
    assert_eq!(as_member(Call::get("/api/leads"), &member, &owner.id).send(&app).await.status, StatusCode::OK);
    let removed = Call::delete(&format!("/api/teams/current/members/{}", member.id)).token(&owner.token).send(&app).await;
    assert_eq!(removed.status, StatusCode::OK);
    // Same access token, no sign-out: refused on every route at once.
    for call in [Call::get("/api/leads"), Call::get("/api/forms"), Call::post("/api/forms"), Call::get("/api/teams/current")] {
        assert_eq!(as_member(call, &member, &owner.id).send(&app).await.status, StatusCode::FORBIDDEN);
    }
}

#[tokio::test]
async fn seats_are_counted_with_pending_invitations_and_refused_with_402_past_the_plan() {
    let (app, state) = app().await;
    let owner = account(&state, "owner").await.on_trial(&state).await;
    // The owner is one of three seats on RaiseSpark.
    assert_eq!(invite(&app, &owner, "one@x.test", "member").await.status, StatusCode::CREATED);
    assert_eq!(invite(&app, &owner, "two@x.test", "viewer").await.status, StatusCode::CREATED);
    let full = invite(&app, &owner, "three@x.test", "viewer").await;
    assert_eq!((full.status, full.error_code()), (StatusCode::PAYMENT_REQUIRED, "seats_full"));
    assert!(full.error_message().contains("Pro"));
    let team = Call::get("/api/teams/current").token(&owner.token).send(&app).await;
    assert_eq!(team.body["seats"], json!({ "used": 3, "included": 3 }));
    // The same address twice, an owner invitation, a bad address: clear 4xx, nothing stored.
    assert_eq!(invite(&app, &owner, "one@x.test", "member").await.status, StatusCode::CONFLICT);
    let pro = account(&state, "pro").await.on_pro(&state).await;
    assert_eq!(invite(&app, &pro, "boss@x.test", "owner").await.status, StatusCode::FORBIDDEN);
    assert_eq!(invite(&app, &pro, "not an address", "member").await.status, StatusCode::BAD_REQUEST);
    assert_eq!(invite(&app, &pro, "ok@x.test", "emperor").await.status, StatusCode::BAD_REQUEST);
    let pro_team = Call::get("/api/teams/current").token(&pro.token).send(&app).await;
    assert_eq!(pro_team.body["seats"], json!({ "used": 1, "included": 10 }));
    // Without a subscription nobody is invited.
    let free = account(&state, "free").await;
    assert_eq!(invite(&app, &free, "x@x.test", "member").await.status, StatusCode::PAYMENT_REQUIRED);
}

/// `owner` invites every address of `emails` at the same moment (as `role`).
async fn invite_at_once(app: &Router, owner: &TestFounder, emails: impl IntoIterator<Item = String>, role: &str) -> Vec<TestResponse> {
    let mut sent = tokio::task::JoinSet::new();
    for email in emails {
        let (app, owner, role) = (app.clone(), owner.clone(), role.to_owned());
        sent.spawn(async move { invite(&app, &owner, &email, &role).await });
    }
    sent.join_all().await
}

fn created(responses: &[TestResponse]) -> usize {
    responses.iter().filter(|r| r.status == StatusCode::CREATED).count()
}

/// Invitations sent at the same moment (two tabs, two admins) are decided one after another,
/// whether the company counted invitations from the start or was made before it did.
#[tokio::test]
async fn simultaneous_invitations_never_take_more_seats_than_the_plan_or_invite_an_address_twice() {
    let (app, state) = app().await;
    let owner = account(&state, "owner").await.on_trial(&state).await;
    let legacy = account(&state, "legacy").await.on_trial(&state).await;
    // A company item written before invitations were counted: no `invitations_issued`.
    state.dynamo.update_item().table_name(&state.config.tables.teams)
        .key("company_id", aws_sdk_dynamodb::types::AttributeValue::S(legacy.id.clone()))
        .key("sk", aws_sdk_dynamodb::types::AttributeValue::S(shared::repo::teams::COMPANY.into()))
        .update_expression("REMOVE invitations_issued")
        .send().await.unwrap();
    for founder in [&owner, &legacy] {
        // Twelve different addresses for the two free seats of RaiseSpark.
        let responses = invite_at_once(&app, founder, (0..12).map(|n| format!("person{n}@x.test")), "member").await;
        assert_eq!(created(&responses), 2, "two seats were free");
        for refused in responses.iter().filter(|r| r.status != StatusCode::CREATED) {
            assert!(matches!(refused.error_code(), "seats_full" | "team_changed"), "{} {}", refused.status, refused.body);
        }
        let team = Call::get("/api/teams/current").token(&founder.token).send(&app).await;
        assert_eq!(team.body["seats"], json!({ "used": 3, "included": 3 }));
        assert_eq!(team.body["invitations"].as_array().unwrap().len(), 2);
    }

    // One address sent ten times at once, on Pro: one invitation, one e-mail.
    let pro = account(&state, "pro").await.on_pro(&state).await;
    let responses = invite_at_once(&app, &pro, (0..10).map(|_| "same@x.test".to_owned()), "viewer").await;
    assert_eq!(created(&responses), 1);
    assert!(responses.iter().all(|r| matches!(r.status, StatusCode::CREATED | StatusCode::CONFLICT)), "{:?}", responses.iter().map(|r| r.status).collect::<Vec<_>>());
    assert_eq!(mails_to(&state, "same@x.test").len(), 1);
}

/// An account made before teams: its items are keyed by its id, and it has no company yet.
#[tokio::test]
async fn the_migration_gives_old_accounts_their_company_once_and_loses_nothing() {
    let (app, state) = app().await;
    let old = account(&state, "old").await.on_trial(&state).await;
    let form = shared::testing::form(&old.id).named("Pre-teams form").published().store(&state).await;
    for i in 0..40 {
        stored_lead(&state, &form, &format!("Investor {i}"), &format!("investor{i}@old.test")).await;
    }
    app_settled(&state).await;
    let before = Call::get("/api/leads/summary").token(&old.token).send(&app).await.body;
    let listed_before = Call::get("/api/leads").token(&old.token).send(&app).await.body;
    // Take the company away, as before teams existed.
    for sk in ["company".to_owned(), format!("member#{}", old.id)] {
        state.dynamo.delete_item().table_name(&state.config.tables.teams)
            .key("company_id", aws_sdk_dynamodb::types::AttributeValue::S(old.id.clone()))
            .key("sk", aws_sdk_dynamodb::types::AttributeValue::S(sk))
            .send().await.unwrap();
    }
    assert_eq!(Call::get("/api/leads/summary").token(&old.token).send(&app).await.status, StatusCode::FORBIDDEN);

    let first = shared::services::teams::migrate_accounts(&state).await.unwrap();
    assert!(first.companies_created >= 1);
    let again = shared::services::teams::migrate_accounts(&state).await.unwrap();
    assert_eq!(again.companies_created, 0, "idempotent");

    let after = Call::get("/api/leads/summary").token(&old.token).send(&app).await.body;
    assert_eq!(after, before, "counters equal before and after");
    assert_eq!(Call::get("/api/leads").token(&old.token).send(&app).await.body["leads"], listed_before["leads"]);
    let team = Call::get("/api/teams/current").token(&old.token).send(&app).await;
    assert_eq!(team.body["role"], "owner");
    assert_eq!(team.body["company"]["id"], old.id.as_str());
    // A company renamed after the migration is never renamed back by the next one.
    Call::patch("/api/teams/current").token(&old.token).json(json!({ "name": "Renamed Inc" })).send(&app).await;
    shared::services::teams::migrate_accounts(&state).await.unwrap();
    assert_eq!(Call::get("/api/teams/current").token(&old.token).send(&app).await.body["company"]["name"], "Renamed Inc");
}

async fn app_settled(state: &AppState) {
    state.background.idle().await;
}

#[tokio::test]
async fn another_companys_invitations_and_members_are_not_found_from_mine_and_nothing_changes() {
    let (app, state) = app().await;
    let a = account(&state, "a").await.on_pro(&state).await;
    let b = account(&state, "b").await.on_pro(&state).await;
    let b_member = join(&app, &state, &b, "member").await;
    let b_invite = invite(&app, &b, "pending@b.test", "viewer").await.body["id"].as_str().unwrap().to_owned();

    // A, acting in A's company, names B's invitation and B's members: 404, never B's data.
    let revoke = Call::delete(&format!("/api/teams/current/invitations/{b_invite}")).token(&a.token).send(&app).await;
    assert_eq!(revoke.status, StatusCode::NOT_FOUND);
    for target in [&b_member.id, &b.id] {
        let role = Call::put(&format!("/api/teams/current/members/{target}")).token(&a.token).json(json!({ "role": "viewer" })).send(&app).await;
        assert_eq!(role.status, StatusCode::NOT_FOUND, "{}", role.body);
        assert_eq!(Call::delete(&format!("/api/teams/current/members/{target}")).token(&a.token).send(&app).await.status, StatusCode::NOT_FOUND);
        let transfer = Call::post("/api/teams/current/transfer").token(&a.token).json(json!({ "user_id": target })).send(&app).await;
        assert_eq!(transfer.status, StatusCode::NOT_FOUND);
    }
    // B's team is exactly as it was.
    let team = Call::get("/api/teams/current").token(&b.token).send(&app).await.body;
    assert_eq!(team["invitations"].as_array().unwrap().len(), 1);
    assert_eq!(team["members"].as_array().unwrap().iter().map(|m| m["role"].as_str().unwrap()).collect::<Vec<_>>(), ["owner", "member"]);
    // Bad bodies: a clear 400, nothing changed.
    for body in [json!({ "role": 7 }), json!({}), json!({ "role": "viewer", "extra": true })] {
        let bad = Call::put(&format!("/api/teams/current/members/{}", b_member.id)).token(&b.token).json(body).send(&app).await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    }
    let long = Call::patch("/api/teams/current").token(&b.token).json(json!({ "name": "x".repeat(121) })).send(&app).await;
    assert_eq!(long.status, StatusCode::BAD_REQUEST);
    assert_eq!(Call::get("/api/teams/current").token(&b.token).send(&app).await.body["members"], team["members"]);
}

// --- Counsel's review -------------------------------------------------------------------

fn mails_to(state: &AppState, email: &str) -> Vec<shared::mail::StoredEmail> {
    shared::testing::mail_to(state, email)
}

async fn campaign_draft(app: &Router, author: &TestFounder, company: &str) -> Value {
    let created = as_member(Call::post("/api/campaigns").json(json!({ "template": "ttw-update" })), author, company).send(app).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    created.body
}

async fn edit_campaign(app: &Router, author: &TestFounder, company: &str, campaign: &Value, body: &str) -> Value {
    let id = campaign["id"].as_str().unwrap();
    let edited = as_member(Call::put(&format!("/api/campaigns/{id}")), author, company).json(json!({
        "version": campaign["version"], "name": campaign["name"], "subject": campaign["subject"], "previewText": campaign["previewText"],
        "body": body, "trackOpens": true, "trackClicks": true, "segment": {}
    })).send(app).await;
    assert_eq!(edited.status, StatusCode::OK, "{}", edited.body);
    edited.body
}

async fn send_campaign(app: &Router, who: &TestFounder, company: &str, campaign: &Value) -> TestResponse {
    let id = campaign["id"].as_str().unwrap();
    as_member(Call::post(&format!("/api/campaigns/{id}/send")).json(json!({ "version": campaign["version"] })), who, company).send(app).await
}

async fn ask_review(app: &Router, author: &TestFounder, company: &str, body: Value) -> TestResponse {
    as_member(Call::post("/api/teams/current/reviews").json(body), author, company).send(app).await
}

async fn decide(app: &Router, reviewer: &TestFounder, company: &str, subject: &str, id: &str, body: Value) -> TestResponse {
    Call::post(&format!("/api/teams/reviews/{company}/{subject}/{id}/decide")).token(&reviewer.token).json(body).send(app).await
}

/// `author`'s new campaign draft, asked to be reviewed: the draft, its id and the version's hash.
async fn campaign_under_review(app: &Router, author: &TestFounder, company: &str) -> (Value, String, String) {
    let draft = campaign_draft(app, author, company).await;
    let id = draft["id"].as_str().unwrap().to_owned();
    let asked = ask_review(app, author, company, json!({ "subject": "campaign", "id": id })).await;
    assert_eq!(asked.status, StatusCode::CREATED, "{}", asked.body);
    let hash = asked.body["version_hash"].as_str().unwrap().to_owned();
    (draft, id, hash)
}

/// A company whose campaigns can go out (Pro, a sender, a published form with two leads),
/// with an admin co-founder and counsel.
async fn company_with_counsel(app: &Router, state: &AppState) -> (TestFounder, TestFounder, TestFounder, String) {
    let owner = account(state, "owner").await.on_pro(state).await;
    let form = shared::testing::form(&owner.id).named("Seed Round").published().store(state).await;
    stored_lead(state, &form, "Ada Investor", "ada@investors.test").await;
    stored_lead(state, &form, "Bo Investor", "bo@investors.test").await;
    let sender = Call::put("/api/campaigns/sender").token(&owner.token).json(json!({ "companyName": "Sunrise Solar", "postalAddress": "1 Main St\nAustin, TX 78701" })).send(app).await;
    assert_eq!(sender.status, StatusCode::OK, "{}", sender.body);
    let cofounder = join(app, state, &owner, "admin").await;
    let counsel = join(app, state, &owner, "counsel").await;
    let company = owner.id.clone();
    (owner, cofounder, counsel, company)
}

#[tokio::test]
async fn a_campaign_goes_out_only_in_the_exact_version_counsel_approved_and_the_approval_is_filed_in_the_vault() {
    let (app, state) = app().await;
    let (owner, cofounder, counsel, company) = company_with_counsel(&app, &state).await;
    let team = as_member(Call::get("/api/teams/current"), &cofounder, &company).send(&app).await;
    assert_eq!(team.body["company"]["review_required"], true, "on by default once counsel is a member");

    let draft = campaign_draft(&app, &cofounder, &company).await;
    let id = draft["id"].as_str().unwrap().to_owned();
    let draft = edit_campaign(&app, &cofounder, &company, &draft, "Our raise opens soon. Tell us what you think.").await;
    // Not asked, not approved: refused, and nothing is sent.
    let unasked = send_campaign(&app, &cofounder, &company, &draft).await;
    assert_eq!((unasked.status, unasked.error_code()), (StatusCode::CONFLICT, "approval_required"), "{}", unasked.body);
    let scheduled = as_member(Call::post(&format!("/api/campaigns/{id}/schedule")).json(json!({ "version": draft["version"], "scheduledAt": "2030-01-01T10:00:00Z" })), &cofounder, &company).send(&app).await;
    assert_eq!(scheduled.error_code(), "approval_required", "scheduling waits too");
    // Counsel reads everything but cannot send, approved or not.
    assert_eq!(send_campaign(&app, &counsel, &company, &draft).await.error_code(), "role_forbids");

    let asked = ask_review(&app, &cofounder, &company, json!({ "subject": "campaign", "id": id })).await;
    assert_eq!(asked.status, StatusCode::CREATED, "{}", asked.body);
    let hash = asked.body["version_hash"].as_str().unwrap().to_owned();
    assert_eq!(ask_review(&app, &cofounder, &company, json!({ "subject": "campaign", "id": id })).await.status, StatusCode::OK, "asking again about the same version changes nothing");
    assert!(mails_to(&state, &counsel.email).iter().any(|m| m.email.subject.starts_with("Review requested")), "counsel is told");
    let pending = send_campaign(&app, &cofounder, &company, &draft).await;
    assert!(pending.error_message().contains("review queue"), "{}", pending.body);

    // Nobody approves their own work but counsel; viewers and strangers do not approve at all.
    let own = decide(&app, &cofounder, &company, "campaign", &id, json!({ "decision": "approve", "version_hash": hash })).await;
    assert_eq!((own.status, own.error_code()), (StatusCode::FORBIDDEN, "own_work"));
    let viewer = join(&app, &state, &owner, "viewer").await;
    assert_eq!(decide(&app, &viewer, &company, "campaign", &id, json!({ "decision": "approve", "version_hash": hash })).await.error_code(), "role_forbids");
    let stranger = account(&state, "stranger").await;
    assert_eq!(decide(&app, &stranger, &company, "campaign", &id, json!({ "decision": "approve", "version_hash": hash })).await.error_code(), "not_a_member");
    // A forged version: not the one under review.
    let forged = decide(&app, &counsel, &company, "campaign", &id, json!({ "decision": "approve", "version_hash": "0".repeat(64) })).await;
    assert_eq!((forged.status, forged.error_code()), (StatusCode::CONFLICT, "review_changed"));

    // Counsel's queue lists it across their companies; they approve from it.
    let queue = Call::get("/api/teams/reviews").token(&counsel.token).send(&app).await;
    assert_eq!(queue.body["pending"].as_array().unwrap().len(), 1, "{}", queue.body);
    assert_eq!((queue.body["pending"][0]["may_decide"].as_bool(), queue.body["pending"][0]["company_id"].as_str()), (Some(true), Some(company.as_str())));
    assert!(Call::get("/api/teams/reviews").token(&stranger.token).send(&app).await.body["pending"].as_array().unwrap().is_empty(), "nobody else sees it");
    let approved = decide(&app, &counsel, &company, "campaign", &id, json!({ "decision": "approve", "version_hash": hash, "comment": "Legend is right." })).await;
    assert_eq!(approved.status, StatusCode::OK, "{}", approved.body);
    assert_eq!(approved.body["status"], "approved");
    assert!(mails_to(&state, &cofounder.email).iter().any(|m| m.email.subject.starts_with("Approved:")), "the author is told");
    // Deciding twice, or replaying the approval: refused.
    assert_eq!(decide(&app, &counsel, &company, "campaign", &id, json!({ "decision": "reject", "version_hash": hash, "comment": "no" })).await.error_code(), "review_changed");

    // An edit after approval withdraws it: the later version does not go out on it.
    let edited = edit_campaign(&app, &cofounder, &company, &draft, "Our raise opens soon. One more line counsel has not read.").await;
    let shown = as_member(Call::get(&format!("/api/teams/current/reviews/campaign/{id}")), &cofounder, &company).send(&app).await;
    assert_eq!((shown.body["review"]["status"].as_str(), shown.body["is_current"].as_bool()), (Some("withdrawn"), Some(false)));
    let later = send_campaign(&app, &cofounder, &company, &edited).await;
    assert_eq!(later.error_code(), "approval_required");
    assert_eq!(decide(&app, &counsel, &company, "campaign", &id, json!({ "decision": "approve", "version_hash": hash })).await.error_code(), "review_changed", "the old approval cannot be replayed");

    // Asked and approved again: it goes out, from the version the founder is looking at only.
    let again = ask_review(&app, &cofounder, &company, json!({ "subject": "campaign", "id": id })).await;
    let new_hash = again.body["version_hash"].as_str().unwrap().to_owned();
    assert_ne!(new_hash, hash);
    assert_eq!(decide(&app, &counsel, &company, "campaign", &id, json!({ "decision": "approve", "version_hash": new_hash })).await.status, StatusCode::OK);
    assert_eq!(send_campaign(&app, &cofounder, &company, &draft).await.error_code(), "campaign_changed", "an older version in hand");
    let sent = send_campaign(&app, &cofounder, &company, &edited).await;
    assert_eq!(sent.status, StatusCode::ACCEPTED, "{}", sent.body);
    state.background.idle().await;
    assert!(!mails_to(&state, "ada@investors.test").is_empty(), "it went out");

    // Both approvals are in the vault with the versions' hashes.
    let records = Call::get("/api/compliance-vault/records?kind=review").token(&owner.token).send(&app).await;
    let hashes: Vec<&str> = records.body["records"].as_array().unwrap().iter().filter_map(|r| r["meta"]["version_sha256"].as_str()).collect();
    assert_eq!(hashes.len(), 2, "{}", records.body);
    assert!(hashes.contains(&hash.as_str()) && hashes.contains(&new_hash.as_str()));
}

#[tokio::test]
async fn a_rejection_needs_a_comment_that_reaches_the_author_and_keeps_the_version_from_investors() {
    let (app, state) = app().await;
    let (_owner, cofounder, counsel, company) = company_with_counsel(&app, &state).await;
    let (draft, id, hash) = campaign_under_review(&app, &cofounder, &company).await;
    let id = id.as_str();
    let silent = decide(&app, &counsel, &company, "campaign", id, json!({ "decision": "reject", "version_hash": hash })).await;
    assert_eq!((silent.status, silent.error_code()), (StatusCode::BAD_REQUEST, "comment_required"));
    let bad = decide(&app, &counsel, &company, "campaign", id, json!({ "decision": "maybe", "version_hash": hash })).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    let rejected = decide(&app, &counsel, &company, "campaign", id, json!({ "decision": "reject", "version_hash": hash, "comment": "Say \"no money is being solicited\"." })).await;
    assert_eq!(rejected.body["status"], "rejected", "{}", rejected.body);
    let mail = mails_to(&state, &cofounder.email).into_iter().find(|m| m.email.subject.starts_with("Changes requested")).expect("the author is told");
    assert!(mail.email.text.contains("no money is being solicited"));
    assert!(send_campaign(&app, &cofounder, &company, &draft).await.error_message().contains("asked for changes"));
}

#[tokio::test]
async fn a_form_goes_live_and_the_offering_moves_only_as_approved_and_owners_can_switch_review_off() {
    let (app, state) = app().await;
    let (owner, cofounder, counsel, company) = company_with_counsel(&app, &state).await;
    let made = as_member(Call::post("/api/forms"), &cofounder, &company).send(&app).await;
    let form_id = made.body["id"].as_str().unwrap().to_owned();
    let publish = |who: &TestFounder| as_member(Call::post(&format!("/api/forms/{form_id}/publish")), who, &company);
    assert_eq!(publish(&cofounder).send(&app).await.error_code(), "approval_required");
    let hash = ask_review(&app, &cofounder, &company, json!({ "subject": "form", "id": form_id })).await.body["version_hash"].as_str().unwrap().to_owned();
    assert_eq!(decide(&app, &counsel, &company, "form", &form_id, json!({ "decision": "approve", "version_hash": hash })).await.status, StatusCode::OK);
    let live = publish(&cofounder).send(&app).await;
    assert_eq!(live.status, StatusCode::OK, "{}", live.body);
    // Live and reviewed: an edit would reach investors unreviewed, so it is refused.
    let mut body = json!({});
    for key in ["name", "description", "fields", "styling", "content_settings", "welcome_settings", "offering_settings", "show_branding", "version"] {
        body[key] = live.body[key].clone();
    }
    body["name"] = json!("Seed Round (edited)");
    let edit = as_member(Call::put(&format!("/api/forms/{form_id}")).json(body.clone()), &cofounder, &company).send(&app).await;
    assert_eq!(edit.error_code(), "approval_required");
    // Unpublished, edited, published again: the approval was of the old version.
    let off = as_member(Call::post(&format!("/api/forms/{form_id}/unpublish")), &cofounder, &company).send(&app).await;
    body["version"] = off.body["version"].clone();
    assert_eq!(as_member(Call::put(&format!("/api/forms/{form_id}")).json(body), &cofounder, &company).send(&app).await.status, StatusCode::OK);
    assert_eq!(publish(&cofounder).send(&app).await.error_code(), "approval_required");

    // The offering: the approved change applies once, and no other change rides on it.
    let change = json!({ "version": 0, "status": "form_c_filed", "filingDate": "2026-11-20", "intermediary": "Wefunder", "offeringUrl": "https://wefunder.com/sunrise" });
    let put = |body: Value| as_member(Call::put("/api/compliance-vault/offering").json(body), &cofounder, &company);
    assert_eq!(put(change.clone()).send(&app).await.error_code(), "approval_required");
    let asked = ask_review(&app, &cofounder, &company, json!({ "subject": "offering", "change": change })).await;
    assert_eq!(asked.status, StatusCode::CREATED, "{}", asked.body);
    let hash = asked.body["version_hash"].as_str().unwrap().to_owned();
    assert_eq!(decide(&app, &counsel, &company, "offering", "offering", json!({ "decision": "approve", "version_hash": hash })).await.status, StatusCode::OK);
    let mut other = change.clone();
    other["status"] = json!("live");
    assert_eq!(put(other).send(&app).await.error_code(), "approval_required", "another change is not the approved one");
    assert_eq!(put(change.clone()).send(&app).await.status, StatusCode::OK);
    assert_eq!(put(change).send(&app).await.error_code(), "offering_changed", "replayed: the offering moved on");

    // Switched off by an owner (not by counsel or a member): no review needed.
    let member = join(&app, &state, &owner, "member").await;
    for who in [&counsel, &member] {
        let refused = as_member(Call::patch("/api/teams/current").json(json!({ "review_required": false })), who, &company).send(&app).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN);
    }
    let switched = Call::patch("/api/teams/current").token(&owner.token).json(json!({ "review_required": false })).send(&app).await;
    assert_eq!(switched.body["company"]["review_required"], false);
    assert_eq!(publish(&cofounder).send(&app).await.status, StatusCode::OK);
}

#[tokio::test]
async fn a_review_is_found_only_in_its_own_company_and_bad_requests_change_nothing() {
    let (app, state) = app().await;
    let (_owner, cofounder, counsel, company) = company_with_counsel(&app, &state).await;
    let (_draft, id, hash) = campaign_under_review(&app, &cofounder, &company).await;
    let other = account(&state, "other").await.on_pro(&state).await;
    let theirs = campaign_draft(&app, &other, &other.id).await;
    let their_id = theirs["id"].as_str().unwrap().to_owned();

    // The other company, acting in its own company, names our campaign and our review: 404.
    let shown = Call::get(&format!("/api/teams/current/reviews/campaign/{id}")).token(&other.token).send(&app).await;
    assert_eq!(shown.status, StatusCode::NOT_FOUND, "{}", shown.body);
    let asked = ask_review(&app, &other, &other.id, json!({ "subject": "campaign", "id": id })).await;
    assert_eq!(asked.status, StatusCode::NOT_FOUND, "{}", asked.body);
    // Deciding under its own company with our ids: nothing there. Under ours: not a member.
    let own_path = decide(&app, &other, &other.id, "campaign", &id, json!({ "decision": "approve", "version_hash": hash })).await;
    assert_eq!(own_path.status, StatusCode::NOT_FOUND, "{}", own_path.body);
    let our_path = decide(&app, &other, &company, "campaign", &id, json!({ "decision": "approve", "version_hash": hash })).await;
    assert_eq!((our_path.status, our_path.error_code()), (StatusCode::FORBIDDEN, "not_a_member"));
    // And we, in ours, cannot see or ask about theirs.
    let theirs_shown = as_member(Call::get(&format!("/api/teams/current/reviews/campaign/{their_id}")), &cofounder, &company).send(&app).await;
    assert_eq!(theirs_shown.status, StatusCode::NOT_FOUND);
    assert_eq!(ask_review(&app, &cofounder, &company, json!({ "subject": "campaign", "id": their_id })).await.status, StatusCode::NOT_FOUND);

    // Bad requests: a clear 4xx each.
    let unknown = ask_review(&app, &cofounder, &company, json!({ "subject": "pitch-deck", "id": id })).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    let missing = ask_review(&app, &cofounder, &company, json!({ "subject": "form" })).await;
    assert_eq!((missing.status, missing.error_code()), (StatusCode::BAD_REQUEST, "id_required"));
    let extra = ask_review(&app, &cofounder, &company, json!({ "subject": "campaign", "id": id, "approved": true })).await;
    assert_eq!(extra.status, StatusCode::BAD_REQUEST);
    let no_change = ask_review(&app, &cofounder, &company, json!({ "subject": "offering" })).await;
    assert_eq!((no_change.status, no_change.error_code()), (StatusCode::BAD_REQUEST, "change_required"));
    let huge = ask_review(&app, &cofounder, &company, json!({ "subject": "offering", "change": { "version": 0, "status": "live", "intermediary": "x".repeat(20_000) } })).await;
    assert_eq!(huge.status, StatusCode::PAYLOAD_TOO_LARGE);
    let long_comment = decide(&app, &counsel, &company, "campaign", &id, json!({ "decision": "reject", "version_hash": hash, "comment": "x".repeat(2_001) })).await;
    assert_eq!(long_comment.status, StatusCode::BAD_REQUEST);
    let no_subject = decide(&app, &counsel, &company, "pitch-deck", &id, json!({ "decision": "approve", "version_hash": hash })).await;
    assert_eq!(no_subject.status, StatusCode::NOT_FOUND);

    // Nothing changed: our one review still waits; the other company has none.
    let queue = Call::get("/api/teams/reviews").token(&counsel.token).send(&app).await.body;
    assert_eq!(queue["pending"].as_array().unwrap().len(), 1, "{queue}");
    assert_eq!((queue["pending"][0]["version_hash"].as_str(), queue["pending"][0]["status"].as_str()), (Some(hash.as_str()), Some("pending")));
    assert!(state.teams().reviews(&other.id).await.unwrap().is_empty());
}

#[tokio::test]
async fn a_review_is_decided_once_whatever_the_number_of_approvers_deciding_at_the_same_moment() {
    let (app, state) = app().await;
    let (owner, cofounder, counsel, company) = company_with_counsel(&app, &state).await;
    let (_draft, id, hash) = campaign_under_review(&app, &cofounder, &company).await;
    // 40 decisions at once, approvals and rejections, from counsel and from the owner.
    let mut decisions = tokio::task::JoinSet::new();
    for n in 0..40 {
        let (app, who, company, id, hash) = (app.clone(), if n % 2 == 0 { counsel.clone() } else { owner.clone() }, company.clone(), id.clone(), hash.clone());
        let body = if n % 3 == 0 { json!({ "decision": "reject", "version_hash": hash, "comment": format!("Change {n}") }) } else { json!({ "decision": "approve", "version_hash": hash }) };
        decisions.spawn(async move { decide(&app, &who, &company, "campaign", &id, body).await });
    }
    let mut statuses = Vec::new();
    while let Some(done) = decisions.join_next().await {
        let response = done.unwrap();
        assert!(matches!(response.status, StatusCode::OK | StatusCode::CONFLICT), "{} {}", response.status, response.body);
        statuses.push(response.status);
    }
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::OK).count(), 1, "exactly one decision");
    state.background.idle().await;
    let records = Call::get("/api/compliance-vault/records?kind=review").token(&owner.token).send(&app).await;
    assert_eq!(records.body["records"].as_array().unwrap().len(), 1, "one vault record: {}", records.body);
    let review = state.teams().review(&company, shared::review::Subject::Campaign, &id).await.unwrap().unwrap();
    assert_eq!(review.record_id.as_deref(), records.body["records"][0]["id"].as_str());
    let decided_mails = mails_to(&state, &cofounder.email).into_iter().filter(|m| m.email.subject.starts_with("Approved:") || m.email.subject.starts_with("Changes requested")).count();
    assert_eq!(decided_mails, 1, "the author hears once");
}

#[tokio::test]
async fn owners_and_admins_see_who_changed_what_in_their_company_and_nothing_of_other_companies() {
    let (app, state) = app().await;
    let owner = account(&state, "owner").await.on_pro(&state).await;
    let admin = join(&app, &state, &owner, "admin").await;
    let member = join(&app, &state, &owner, "member").await;
    let company = owner.id.clone();
    let made = as_member(Call::post("/api/forms"), &member, &company).send(&app).await;
    assert_eq!(made.status, StatusCode::CREATED);
    let form_id = made.body["id"].as_str().unwrap().to_owned();
    assert_eq!(as_member(Call::post(&format!("/api/forms/{form_id}/publish")), &member, &company).send(&app).await.status, StatusCode::OK);
    // Refused changes and reads are not activity.
    let viewer = join(&app, &state, &owner, "viewer").await;
    assert_eq!(as_member(Call::post("/api/forms"), &viewer, &company).send(&app).await.status, StatusCode::FORBIDDEN);
    as_member(Call::get("/api/forms"), &viewer, &company).send(&app).await;
    // The member's own company is another company: what they do there is not shown here.
    Call::post("/api/teams").token(&member.token).json(json!({ "name": "Side project" })).send(&app).await;

    let seen = as_member(Call::get("/api/teams/current/activity"), &admin, &company).send(&app).await;
    assert_eq!(seen.status, StatusCode::OK, "{}", seen.body);
    let lines: Vec<String> = seen.body["entries"].as_array().unwrap().iter()
        .map(|e| format!("{} {}", e["actor_email"].as_str().unwrap(), e["description"].as_str().unwrap()))
        .collect();
    assert_eq!(lines[..4], [
        format!("{} Joined the company", viewer.email),
        format!("{} Invited a teammate", owner.email),
        format!("{} Published a form", member.email),
        format!("{} Created a form", member.email),
    ], "newest first: {lines:?}");
    assert!(!lines.iter().any(|l| l.contains("Created a company") || l.contains(&format!("{} Created", viewer.email))), "{lines:?}");

    // Members, counsel and viewers do not read it; a stranger's company is not theirs to read.
    for who in [&member, &viewer] {
        assert_eq!(as_member(Call::get("/api/teams/current/activity"), who, &company).send(&app).await.error_code(), "role_forbids");
    }
    let stranger = account(&state, "stranger").await;
    assert_eq!(as_member(Call::get("/api/teams/current/activity"), &stranger, &company).send(&app).await.error_code(), "not_a_member");
    let own = Call::get("/api/teams/current/activity").token(&stranger.token).send(&app).await;
    assert_eq!(own.body["entries"], json!([]), "their own company has no activity of ours");
    let bad = as_member(Call::get(&format!("/api/teams/current/activity?before={}", "x".repeat(65))), &admin, &company).send(&app).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
}

/// What the portal says investors invested is the company's confidential data: owners and
/// admins see it on the leads, in the funnel and the export, and import it; a member or a
/// viewer reads the same leads without it and cannot reach the imports.
#[tokio::test]
async fn investment_figures_are_for_owners_and_admins_only() {
    use shared::{invested::{LeadInvestment, Summary}, repo::investments::ImportJob};
    let (app, state) = app().await;
    let owner = account(&state, "owner").await.on_pro(&state).await; // Pro: seats for three members
    let company = owner.id.clone();
    let form = shared::testing::form(&company).named("Seed").published().store(&state).await;
    let lead = stored_lead(&state, &form, "Ada Investor", "ada@investor.test").await;
    // An applied import in which Ada invested $1,000 (written through the repository, as the job does).
    let job = ImportJob {
        company_id: company.clone(),
        sk: ImportJob::sk_of("00000000-0000-4000-8000-000000000001"),
        id: "00000000-0000-4000-8000-000000000001".into(),
        portal: "wefunder".into(),
        status: "applying".into(),
        upload_key: "imports/x".into(),
        ..ImportJob::default()
    };
    state.investments().create(&job).await.unwrap();
    let investment = LeadInvestment { lead_id: lead.id.clone(), invested_cents: 100_000, count: 1, ..LeadInvestment::default() };
    state.investments().stage_totals(&company, &job, &[investment], &Summary { investors: 1, invested_cents: 100_000, leads_invested: 1, ..Summary::default() }).await.unwrap();
    assert!(state.investments().publish(&company, &job, "{}", "2026-11-28T10:00:00Z").await.unwrap());

    let admin = join(&app, &state, &owner, "admin").await;
    let member = join(&app, &state, &owner, "member").await;
    let viewer = join(&app, &state, &owner, "viewer").await;
    let leads_of = |who: &TestFounder| as_member(Call::get("/api/leads"), who, &company);
    let owners_view = Call::get("/api/leads").token(&owner.token).send(&app).await;
    assert_eq!(owners_view.body["leads"][0]["investment"]["investedCents"], 100_000, "{}", owners_view.body);
    let admins_view = leads_of(&admin).send(&app).await;
    assert_eq!(admins_view.body["leads"][0]["investment"]["investedCents"], 100_000);
    assert_eq!(as_member(Call::get("/api/leads/imports"), &admin, &company).send(&app).await.status, StatusCode::OK);
    for who in [&member, &viewer] {
        let view = leads_of(who).send(&app).await;
        assert_eq!(view.status, StatusCode::OK);
        assert!(view.body["leads"][0].get("investment").is_none(), "{}", view.body);
        let funnel = as_member(Call::get("/api/leads/funnel"), who, &company).send(&app).await;
        assert!(funnel.body.get("investments").is_none(), "{}", funnel.body);
        for call in [Call::get("/api/leads/imports"), Call::get("/api/leads/investments"), Call::post("/api/leads/imports").json(json!({ "fileName": "w.csv", "size": 10, "portal": "wefunder" }))] {
            let refused = as_member(call, who, &company).send(&app).await;
            assert_eq!((refused.status, refused.error_message()), (StatusCode::FORBIDDEN, "Only an owner or admin can see or import investments."));
        }
    }
    let export = as_member(Call::get("/api/leads/export"), &member, &company).send(&app).await;
    assert_eq!(export.status, StatusCode::OK);
    assert!(!export.text.contains("Invested (USD)"), "a member's export has no investment columns");
}
