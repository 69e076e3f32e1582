#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    let state = shared::AppState::from_env_for(&impersonate_user::config::NEEDS).await?;
    shared::http::serve(shared::http::mount("impersonate-user", impersonate_user::router(state))).await
}
