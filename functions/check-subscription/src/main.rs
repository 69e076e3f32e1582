#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    let state = shared::AppState::from_env_for(&check_subscription::config::NEEDS).await?;
    shared::http::serve(shared::http::mount("check-subscription", check_subscription::router(state))).await
}
