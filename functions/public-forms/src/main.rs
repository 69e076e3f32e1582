#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    let state = shared::AppState::from_env_for(&public_forms::config::NEEDS).await?;
    // One cheap call at cold start opens the DynamoDB connection (TLS) before the first investor arrives.
    public_forms::warm_up(&state).await;
    shared::http::serve(shared::http::mount("public-forms", public_forms::router(state))).await
}
