#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    let state = shared::AppState::from_env_for(&shared::config::needs::SEND_EVENT_NOTIFICATION).await?;
    lambda_http::run(shared::http::mount("send-event-notification", send_event_notification::router(state))).await
}
