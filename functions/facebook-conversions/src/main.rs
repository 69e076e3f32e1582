#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    let state = shared::AppState::from_env_for(&facebook_conversions::config::NEEDS).await?;
    shared::http::serve(shared::http::mount("facebook-conversions", facebook_conversions::router(state))).await
}
