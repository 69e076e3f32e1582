#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    let state = shared::AppState::from_env_for(&stripe_webhook::config::NEEDS).await?;
    shared::http::serve(shared::http::mount("stripe-webhook", stripe_webhook::router(state))).await
}
