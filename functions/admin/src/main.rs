#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    let state = shared::AppState::from_env_for(&admin::config::NEEDS).await?;
    shared::http::serve(shared::http::mount("admin", admin::router(state))).await
}
