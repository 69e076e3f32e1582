#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    let state = shared::AppState::from_env_for(&billing_portal::config::NEEDS).await?;
    shared::http::serve(shared::http::mount("billing-portal", billing_portal::router(state))).await
}
