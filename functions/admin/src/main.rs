#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    let state = shared::AppState::from_env_for(&admin::config::NEEDS).await?;
    lambda_http::run(shared::http::mount("admin", admin::router(state))).await
}
