#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    let state = shared::AppState::from_env_for(&leads::config::NEEDS).await?;
    let streaming = state.config.response_streaming;
    let app = shared::http::mount("leads", leads::router(state));
    // The CSV export runs as its own function behind a streaming function URL, so 50,000
    // leads leave page by page instead of through API Gateway's buffered 6 MB response.
    if streaming { shared::http::serve_streaming(app).await } else { shared::http::serve(app).await }
}
