#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    let state = shared::AppState::from_env_for(&create_checkout_session::config::NEEDS).await?;
    shared::http::serve(shared::http::mount("create-checkout-session", create_checkout_session::router(state))).await
}
