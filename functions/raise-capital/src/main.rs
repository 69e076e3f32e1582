#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    let state = shared::AppState::from_env_for(&raise_capital::config::NEEDS).await?;
    shared::http::serve(shared::http::mount("raise-capital", raise_capital::router(state))).await
}
