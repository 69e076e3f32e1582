use lambda_runtime::{LambdaEvent, service_fn};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    // One binary, two functions (template.yaml): the API, and the deploy-time migration
    // (`TEAMS_ROLE=migrate`, a CloudFormation custom resource).
    let role = std::env::var("TEAMS_ROLE").ok();
    let state = shared::AppState::from_env_for(&teams::config::of_role(role.as_deref())).await?;
    if role.as_deref() == Some("migrate") {
        let http = reqwest::Client::builder().timeout(std::time::Duration::from_secs(30)).build()?;
        return lambda_runtime::run(service_fn(|event: LambdaEvent<aws_lambda_events::event::cloudformation::CloudFormationCustomResourceRequest>| {
            let (state, http) = (&state, &http);
            async move { Ok::<_, lambda_runtime::Error>(serde_json::to_value(teams::migrate::handle(state, http, event.payload).await?)?) }
        }))
        .await;
    }
    shared::http::serve(shared::http::mount("teams", teams::router(state))).await
}
