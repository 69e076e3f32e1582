//! Local-only pages under `/dev`: never part of the AWS deployment.

use axum::{
    Json, Router,
    extract::State,
    response::{Html, IntoResponse},
    routing::get,
};
use serde_json::json;
use shared::AppState;

use crate::Settings;

#[derive(Clone)]
struct DevState {
    app: AppState,
    dynamodb_endpoint: String,
    table_prefix: String,
}

pub fn router(app: AppState, settings: &Settings) -> Router {
    let state = DevState {
        app,
        dynamodb_endpoint: settings.dynamodb_endpoint.clone(),
        table_prefix: settings.table_prefix.clone(),
    };
    Router::new()
        .route("/dev", get(index))
        .route("/dev/tables.json", get(tables_json))
        .with_state(state)
}

async fn table_rows(state: &DevState) -> Vec<(String, i64)> {
    let mut rows = Vec::new();
    let Ok(list) = state.app.dynamo.list_tables().send().await else { return rows };
    for name in list.table_names.unwrap_or_default() {
        if !name.starts_with(&state.table_prefix) {
            continue;
        }
        let count = state
            .app
            .dynamo
            .describe_table()
            .table_name(&name)
            .send()
            .await
            .ok()
            .and_then(|out| out.table)
            .and_then(|table| table.item_count)
            .unwrap_or_default();
        rows.push((name, count));
    }
    rows
}

async fn tables_json(State(state): State<DevState>) -> impl IntoResponse {
    let tables: Vec<_> = table_rows(&state).await.into_iter().map(|(name, items)| json!({"name": name, "items": items})).collect();
    Json(json!({"dynamodb_endpoint": state.dynamodb_endpoint, "tables": tables}))
}

async fn index(State(state): State<DevState>) -> Html<String> {
    let rows: String = table_rows(&state)
        .await
        .into_iter()
        .map(|(name, items)| format!("<tr><td>{}</td><td>{items}</td></tr>", escape(&name)))
        .collect();
    Html(format!(
        r#"<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local stack | RaiseSpark</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>
body{{font:15px/1.5 system-ui,sans-serif;max-width:760px;margin:40px auto;padding:0 16px;color:#1f2937}}
h1{{font-size:22px}} table{{border-collapse:collapse;width:100%}} td,th{{text-align:left;padding:6px 8px;border-bottom:1px solid #e5e7eb}}
code{{background:#f3f4f6;padding:1px 5px;border-radius:4px}}</style></head><body>
<h1>RaiseSpark local stack</h1>
<p>DynamoDB Local at <code>{}</code>, tables created from <code>template.yaml</code>.</p>
<table><thead><tr><th>Table</th><th>Items (approx.)</th></tr></thead><tbody>{rows}</tbody></table>
<p>JSON: <a href="/dev/tables.json">/dev/tables.json</a></p>
</body></html>"#,
        escape(&state.dynamodb_endpoint)
    ))
}

/// Escapes text for HTML element content and attribute values.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}
