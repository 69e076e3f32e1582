#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    let state = shared::AppState::from_env_for(&send_event_notification::config::NEEDS).await?;
    shared::http::serve(shared::http::mount("send-event-notification", send_event_notification::router(state))).await
}
