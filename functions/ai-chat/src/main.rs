#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    let state = shared::AppState::from_env_for(&ai_chat::config::NEEDS).await?;
    shared::http::serve(shared::http::mount("ai-chat", ai_chat::router(state))).await
}
