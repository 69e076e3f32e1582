#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    let state = shared::AppState::from_env_for(&send_event_notification::config::NEEDS).await?;
    lambda_http::run(shared::http::mount("send-event-notification", send_event_notification::router(state))).await
}
