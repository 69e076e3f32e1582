#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    let state = shared::AppState::from_env_for(&shared::config::needs::CAMPAIGNS).await?;
    lambda_http::run(shared::http::mount("campaigns", campaigns::router(state))).await
}
