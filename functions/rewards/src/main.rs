#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    let state = shared::AppState::from_env_for(&rewards::config::NEEDS).await?;
    shared::http::serve(shared::http::mount("rewards", rewards::router(state))).await
}
