//! The deploy-time migration (`TEAMS_ROLE=migrate`): CloudFormation runs the custom resource
//! `TeamsMigration` (template.yaml) on the stack's creation and whenever its `Revision`
//! changes, and this answers it after `services::teams::migrate_accounts` gave every account
//! made before teams its company. The local gateway runs the same migration at start-up.
//!
//! CloudFormation waits for the answer on the request's presigned `ResponseURL`: it is always
//! sent, `FAILED` with the reason when the migration did not finish (the deploy then rolls
//! back, and the migration — idempotent — runs again on the next one).

use std::collections::HashMap;

use aws_lambda_events::event::cloudformation::{CloudFormationCustomResourceRequest as Request, CloudFormationCustomResourceResponse as Response, CloudFormationCustomResourceResponseStatus as Status};
use shared::AppState;

/// The resource's id: one migration per stack, whatever its revision.
pub const PHYSICAL_ID: &str = "raisespark-teams-migration";

/// The answer to one request (pure): what the migration did, or why it failed.
pub fn response(request: &Request, outcome: Result<Option<shared::services::teams::Migrated>, String>) -> (String, Response) {
    let (url, stack_id, request_id, logical_id) = match request {
        Request::Create(r) => (&r.response_url, &r.stack_id, &r.request_id, &r.logical_resource_id),
        Request::Update(r) => (&r.response_url, &r.stack_id, &r.request_id, &r.logical_resource_id),
        Request::Delete(r) => (&r.response_url, &r.stack_id, &r.request_id, &r.logical_resource_id),
        _ => unreachable!("CloudFormation sends Create, Update or Delete"),
    };
    let mut response = Response::default();
    response.physical_resource_id = PHYSICAL_ID.to_owned();
    response.stack_id = stack_id.clone();
    response.request_id = request_id.clone();
    response.logical_resource_id = logical_id.clone();
    match outcome {
        Ok(migrated) => {
            response.status = Status::Success;
            if let Some(migrated) = migrated {
                response.data = HashMap::from([
                    ("Accounts".to_owned(), migrated.accounts.to_string()),
                    ("CompaniesCreated".to_owned(), migrated.companies_created.to_string()),
                ]);
            }
        }
        Err(reason) => {
            response.status = Status::Failed;
            response.reason = Some(reason.chars().take(1000).collect());
        }
    }
    (url.clone(), response)
}

/// Runs the migration for a Create or Update (a Delete keeps every company), then answers
/// CloudFormation. `Err` only when the answer itself could not be sent.
pub async fn handle(state: &AppState, http: &reqwest::Client, request: Request) -> Result<Response, reqwest::Error> {
    let outcome = match &request {
        Request::Delete(_) => Ok(None),
        _ => shared::services::teams::migrate_accounts(state).await.map(Some).map_err(|err| format!("The teams migration failed: {err}")),
    };
    if let Ok(Some(migrated)) = &outcome {
        tracing::info!(accounts = migrated.accounts, companies_created = migrated.companies_created, "teams migration done");
    }
    let (url, response) = response(&request, outcome);
    // The presigned URL is signed for no content type: send none.
    let body = serde_json::to_vec(&response).unwrap_or_default();
    http.put(&url).header("content-type", "").body(body).send().await?.error_for_status()?;
    Ok(response)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn request(kind: &str) -> Request {
        let mut event = json!({
            "RequestType": kind, "RequestId": "r1", "ResponseURL": "https://cloudformation.example/answer?sig=1",
            "StackId": "stack-1", "ResourceType": "Custom::TeamsMigration", "LogicalResourceId": "TeamsMigration",
            "ResourceProperties": { "ServiceToken": "arn:x", "Revision": "1" }
        });
        if kind != "Create" {
            event["PhysicalResourceId"] = json!(PHYSICAL_ID);
            event["OldResourceProperties"] = json!({ "Revision": "0" });
        }
        serde_json::from_value(event).unwrap()
    }

    #[test]
    fn every_request_is_answered_on_its_url_with_what_the_migration_did_or_why_it_failed() {
        let done = shared::services::teams::Migrated { accounts: 12, companies_created: 3 };
        let (url, answer) = response(&request("Create"), Ok(Some(done)));
        assert_eq!(url, "https://cloudformation.example/answer?sig=1");
        let answer = serde_json::to_value(answer).unwrap();
        assert_eq!(answer["Status"], "SUCCESS");
        assert_eq!((answer["RequestId"].as_str(), answer["StackId"].as_str(), answer["LogicalResourceId"].as_str()), (Some("r1"), Some("stack-1"), Some("TeamsMigration")));
        assert_eq!(answer["Data"]["CompaniesCreated"], "3");
        let (_, failed) = response(&request("Update"), Err("The teams migration failed: unavailable".into()));
        let failed = serde_json::to_value(failed).unwrap();
        assert_eq!((failed["Status"].as_str(), failed["Reason"].as_str()), (Some("FAILED"), Some("The teams migration failed: unavailable")));
        assert_eq!(failed["PhysicalResourceId"], PHYSICAL_ID, "the same resource across revisions: no replacement, no delete");
        let (_, deleted) = response(&request("Delete"), Ok(None));
        assert_eq!(serde_json::to_value(deleted).unwrap()["Status"], "SUCCESS");
    }
}
