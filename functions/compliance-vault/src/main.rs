// The daily digest's future (vault repository calls inside the mail run) is deeper than the
// compiler's default layout limit of 128.
#![recursion_limit = "256"]

use lambda_runtime::{LambdaEvent, service_fn};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    let state = shared::AppState::from_env_for(&compliance_vault::config::NEEDS).await?;
    // One binary, three functions (template.yaml): the API, the exhibit pack behind a streaming
    // function URL (a pack can be larger than API Gateway's 6 MB), and the daily digest.
    if state.config.vault_digest {
        return lambda_runtime::run(service_fn(|_: LambdaEvent<serde_json::Value>| async {
            Ok::<_, lambda_runtime::Error>(serde_json::to_value(compliance_vault::digest::run(&state).await?)?)
        }))
        .await;
    }
    let streaming = state.config.response_streaming;
    let app = shared::http::mount("compliance-vault", compliance_vault::router(state));
    if streaming { shared::http::serve_streaming(app).await } else { shared::http::serve(app).await }
}
