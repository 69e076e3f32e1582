use lambda_runtime::{LambdaEvent, service_fn};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    // One binary, two functions (template.yaml): the API, and the account mail on the account
    // requests table's stream (`AUTH_ROLE=jobs`, which holds no session key).
    let role = std::env::var("AUTH_ROLE").ok();
    let jobs = role.as_deref() == Some("jobs");
    let state = shared::AppState::from_env_for(&auth::config::of_role(role.as_deref())).await?;
    if jobs {
        return lambda_runtime::run(service_fn(|event: LambdaEvent<aws_lambda_events::event::dynamodb::Event>| async {
            let processed = auth::jobs::handle(&state, event.payload).await?;
            Ok::<_, lambda_runtime::Error>(serde_json::json!({ "processed": processed }))
        }))
        .await;
    }
    shared::http::serve(shared::http::mount("auth", auth::router(state))).await
}
