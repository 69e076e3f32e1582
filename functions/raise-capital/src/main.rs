#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    let state = shared::AppState::from_env_for(&shared::config::needs::RAISE_CAPITAL).await?;
    lambda_http::run(shared::http::mount("raise-capital", raise_capital::router(state))).await
}
