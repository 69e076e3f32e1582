//! Serves `spa/dist`: real files as they are, `index.html` for client-side routes, and real
//! 404s for missing `/api/*` routes and missing assets.

use std::path::{Path, PathBuf};

use axum::{
    http::{StatusCode, Uri, header},
    response::{Html, IntoResponse, Response},
    routing::get,
};
use tower_http::services::ServeDir;

pub fn service(dist: &Path) -> axum::routing::MethodRouter {
    let dist = dist.to_path_buf();
    let root = dist.clone();
    let fallback = get(move |uri: Uri| {
        let entry = entry_for(&root, uri.path());
        fallback(uri, entry)
    });
    axum::routing::get_service(ServeDir::new(&dist).append_index_html_on_directories(true).fallback(fallback))
}

/// The HTML entry of a client route: the public form view has its own small one.
fn entry_for(dist: &Path, path: &str) -> PathBuf {
    if path.starts_with("/form-view/") { dist.join("form-view.html") } else { dist.join("index.html") }
}

/// A path that names a file (an extension in its last segment, or anything under /assets).
fn is_asset_path(path: &str) -> bool {
    path.starts_with("/assets/") || path.rsplit('/').next().is_some_and(|segment| segment.contains('.'))
}

async fn fallback(uri: Uri, index: PathBuf) -> Response {
    let path = uri.path();
    if path == "/api" || path.starts_with("/api/") {
        return shared::http::api_not_found(axum::http::Method::GET, uri.clone()).await.into_response();
    }
    if is_asset_path(path) {
        return (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], "Not found").into_response();
    }
    match tokio::fs::read_to_string(&index).await {
        Ok(html) => Html(html).into_response(),
        Err(_) => (
            StatusCode::SERVICE_UNAVAILABLE,
            "The SPA is not built yet: run `make dev` (or `npm --prefix spa run build`).",
        )
            .into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn asset_paths_are_told_from_client_routes() {
        assert!(is_asset_path("/assets/index-abc.js"));
        assert!(is_asset_path("/favicon.svg"));
        assert!(is_asset_path("/embed.js"));
        assert!(!is_asset_path("/dashboard"));
        assert!(!is_asset_path("/forms/123e4567-e89b-12d3-a456-426614174000"));
    }

    #[test]
    fn the_form_view_has_its_own_entry() {
        let dist = Path::new("/d");
        assert_eq!(entry_for(dist, "/form-view/abc"), Path::new("/d/form-view.html"));
        assert_eq!(entry_for(dist, "/forms/abc"), Path::new("/d/index.html"));
    }
}
