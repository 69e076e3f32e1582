use lambda_runtime::{LambdaEvent, service_fn};
use serde_json::Value;

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    shared::telemetry::init();
    let state = shared::AppState::from_env_for(&revert_impersonation::config::NEEDS).await?;
    // The same binary also runs as the scheduled sweep that ends support sessions whose
    // 30 minutes are up (EventBridge, every minute; see template.yaml).
    if state.config.impersonation_sweep {
        return lambda_runtime::run(service_fn(|_: LambdaEvent<Value>| async {
            let ended = shared::services::impersonation::sweep_expired(&state).await?;
            Ok::<_, lambda_runtime::Error>(serde_json::json!({ "ended": ended }))
        }))
        .await;
    }
    shared::http::serve(shared::http::mount("revert-impersonation", revert_impersonation::router(state))).await
}
