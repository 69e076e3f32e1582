#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    let state = shared::AppState::from_env_for(&leads::config::NEEDS).await?;
    // One binary, three functions (template.yaml): the API, the CSV export behind a streaming
    // function URL (so 50,000 leads leave page by page instead of through API Gateway's
    // buffered 6 MB response), and the portal imports' worker on the investments stream.
    if std::env::var("LEADS_ROLE").as_deref() == Ok("imports") {
        return lambda_runtime::run(lambda_runtime::service_fn(|event: lambda_runtime::LambdaEvent<aws_lambda_events::event::dynamodb::Event>| async {
            leads::imports::job::handle(&state, event.payload).await.map_err(|err| Box::new(err) as lambda_runtime::Error)
        }))
        .await;
    }
    let streaming = state.config.response_streaming;
    let app = shared::http::mount("leads", leads::router(state));
    if streaming { shared::http::serve_streaming(app).await } else { shared::http::serve(app).await }
}
