#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    let state = shared::AppState::from_env_for(&contact::config::NEEDS).await?;
    shared::http::serve(shared::http::mount("contact", contact::router(state))).await
}
