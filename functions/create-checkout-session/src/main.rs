#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    let state = shared::AppState::from_env_for(&shared::config::needs::CREATE_CHECKOUT_SESSION).await?;
    lambda_http::run(shared::http::mount("create-checkout-session", create_checkout_session::router(state))).await
}
