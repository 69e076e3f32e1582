//! The stream handler over a real stored lead: counted once however often the batch is
//! retried, and the owner is mailed exactly once.

use aws_lambda_events::event::dynamodb::Event;
use serde_json::json;
use shared::{
    testing::{Call, form, mail_to, stored_user, test_state_with},
};

#[tokio::test]
async fn a_stream_insert_is_counted_once_and_announced() {
    let state = test_state_with(|config| config.lead_notifications = shared::config::LeadNotifications::Stream).await;
    let app = shared::http::mount("public-forms", public_forms::router(state.clone()));
    let owner = stored_user(&state, "owner").await;
    let form = form(&owner.id).published().store(&state).await;
    let answers = json!({
        form.fields[0].id.clone(): "Ada Lovelace",
        form.fields[1].id.clone(): "ada@example.com",
        form.fields[2].id.clone(): "+1 555 010 0100",
    });
    let submitted = Call::post(&format!("/api/public-forms/{}/leads", form.id)).json(json!({"answers": answers})).send(&app).await;
    let id = submitted.body["id"].as_str().unwrap().to_owned();
    // Stream mode: nothing is counted or mailed on the investor's request.
    assert_eq!(state.profiles().get_profile(&owner.id).await.unwrap().unwrap().interested_investors_count, 0);

    let item = state.dynamo.get_item().table_name(&state.config.tables.leads).key("id", aws_sdk_dynamodb::types::AttributeValue::S(id)).send().await.unwrap().item.unwrap();
    let mut record = aws_lambda_events::event::dynamodb::EventRecord::default();
    record.event_name = "INSERT".into();
    record.change.new_image = serde_dynamo::Item::from(item);
    let mut event = Event::default();
    event.records.push(record);
    lead_notifications::handle(&state, event.clone()).await.unwrap();
    lead_notifications::handle(&state, event).await.unwrap(); // a retried batch
    let profile = state.profiles().get_profile(&owner.id).await.unwrap().unwrap();
    assert_eq!(profile.interested_investors_count, 1);
    let announcements = mail_to(&state, &owner.email).into_iter().filter(|m| m.email.subject.starts_with("New investor lead")).count();
    assert_eq!(announcements, 1, "exactly one mail after a retried batch");
}
