//! Security headers on every response, mirroring the CloudFront response-headers policies
//! of `template.yaml`: only the public form view may be framed by other sites.

use axum::{
    extract::{Request, State},
    http::{HeaderValue, header},
    middleware::Next,
    response::Response,
};

/// The app's policy. `{s3}` is the local S3 server, where the compliance vault's uploads go
/// (connect) and its previews come from (frames, images); in AWS the same two buckets'
/// domains (template.yaml, AppHeadersPolicy).
const APP_CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data: https:{s3}; font-src 'self' data:; connect-src 'self'{s3}; frame-src 'self'{s3}; \
object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// The policies of this gateway, with the local S3 server's origin filled in.
#[derive(Clone)]
pub struct Policies {
    app: HeaderValue,
}

impl Policies {
    pub fn new(s3_endpoint: Option<&str>) -> Self {
        let s3 = s3_endpoint.map(|e| format!(" {}", e.trim_end_matches('/'))).unwrap_or_default();
        let app = HeaderValue::from_str(&APP_CSP.replace("{s3}", &s3)).unwrap_or_else(|_| HeaderValue::from_static("default-src 'self'"));
        Self { app }
    }
}

const FORM_VIEW_CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data: https:; font-src 'self' data:; connect-src 'self'; \
object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors *";

const DEV_CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data: https:; font-src 'self' data:; object-src 'none'; base-uri 'self'; frame-ancestors 'self'";

/// Paths that investors' sites may embed in an iframe.
pub fn may_be_framed(path: &str) -> bool {
    path.starts_with("/form-view/") || path == "/form-view"
}

pub async fn security_headers(State(policies): State<Policies>, request: Request, next: Next) -> Response {
    let path = request.uri().path().to_owned();
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    let framed = may_be_framed(&path);
    let dev = path == "/dev" || path.starts_with("/dev/");
    let csp = if framed {
        HeaderValue::from_static(FORM_VIEW_CSP)
    } else if dev {
        HeaderValue::from_static(DEV_CSP)
    } else {
        policies.app.clone()
    };
    headers.insert(header::CONTENT_SECURITY_POLICY, csp);
    if dev {
        // The local mail viewer frames its own messages.
        headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("SAMEORIGIN"));
    } else if !framed {
        headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    }
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin"));
    if !headers.contains_key(header::CACHE_CONTROL) {
        let cache = if path.starts_with("/assets/") {
            "public, max-age=31536000, immutable"
        } else if path.starts_with("/api/") || path.starts_with("/dev") {
            "no-store"
        } else {
            "no-cache"
        };
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    }
    response
}
