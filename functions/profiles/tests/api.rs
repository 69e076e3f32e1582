use axum::http::StatusCode;
use serde_json::json;
use shared::testing::{Call, test_state, test_user};

async fn app() -> (axum::Router, shared::AppState) {
    shared::testing::app(&[("profiles", profiles::router)]).await.parts()
}

#[tokio::test]
async fn reading_the_profile_without_a_token_is_401_with_the_error_shape() {
    let (app, _) = app().await;
    let response = Call::get("/api/profiles/me").send(&app).await;
    assert_eq!(response.status, StatusCode::UNAUTHORIZED);
    assert_eq!(response.error_code(), "unauthorized");
    assert_eq!(response.error_message(), "Authentication required. Please sign in.");
}

#[tokio::test]
async fn a_garbage_token_is_401_invalid_token() {
    let (app, _) = app().await;
    let response = Call::get("/api/profiles/me").token("not.a.jwt").send(&app).await;
    assert_eq!(response.status, StatusCode::UNAUTHORIZED);
    assert_eq!(response.error_code(), "invalid_token");
}

#[tokio::test]
async fn a_new_user_sees_an_empty_profile() {
    let (app, state) = app().await;
    let user = test_user(&state).await;
    let response = Call::get("/api/profiles/me").token(&user.token).send(&app).await;
    assert_eq!(response.status, StatusCode::OK);
    assert_eq!(response.body, json!({"id": user.id, "name": null, "interested_investors_count": 0, "estimated_interest": 0, "hot_leads": 0, "warm_leads": 0, "cold_leads": 0, "hot_contacted": 0, "warm_contacted": 0, "cold_contacted": 0, "logo": null, "lead_mails": "every"}));
}

#[tokio::test]
async fn a_saved_name_is_returned_trimmed_and_kept() {
    let (app, state) = app().await;
    let user = test_user(&state).await;
    let saved = Call::patch("/api/profiles/me").token(&user.token).json(json!({"name": "  Ada Lovelace "})).send(&app).await;
    assert_eq!(saved.status, StatusCode::OK);
    assert_eq!(saved.body["name"], "Ada Lovelace");
    let read = Call::get("/api/profiles/me").token(&user.token).send(&app).await;
    assert_eq!(read.body, json!({"id": user.id, "name": "Ada Lovelace", "interested_investors_count": 0, "estimated_interest": 0, "hot_leads": 0, "warm_leads": 0, "cold_leads": 0, "hot_contacted": 0, "warm_contacted": 0, "cold_contacted": 0, "logo": null, "lead_mails": "every"}));
}

#[tokio::test]
async fn one_user_never_sees_or_changes_another_users_profile() {
    let (app, state) = app().await;
    let (ada, bob) = (test_user(&state).await, test_user(&state).await);
    Call::patch("/api/profiles/me").token(&ada.token).json(json!({"name": "Ada"})).send(&app).await;
    let bob_view = Call::get("/api/profiles/me").token(&bob.token).send(&app).await;
    assert_eq!(bob_view.body["id"], bob.id);
    assert_eq!(bob_view.body["name"], json!(null));
    let ada_view = Call::get("/api/profiles/me").token(&ada.token).send(&app).await;
    assert_eq!(ada_view.body["name"], "Ada");
}

#[tokio::test]
async fn invalid_updates_answer_4xx_and_change_nothing() {
    let (app, state) = app().await;
    let user = test_user(&state).await;
    Call::patch("/api/profiles/me").token(&user.token).json(json!({"name": "Ada"})).send(&app).await;

    let cases = [
        (json!({"name": "   "}).to_string(), StatusCode::BAD_REQUEST, "Please enter your name."),
        (json!({"name": "x".repeat(101)}).to_string(), StatusCode::BAD_REQUEST, "Your name can be at most 100 characters long."),
        (json!({"name": 5}).to_string(), StatusCode::BAD_REQUEST, "Invalid request body: invalid type: integer `5`, expected a string."),
        (json!({"nickname": "A"}).to_string(), StatusCode::BAD_REQUEST, "Invalid request body: unknown field `nickname`, expected `name`."),
        ("{\"name\":".to_owned(), StatusCode::BAD_REQUEST, "The request body is not valid JSON."),
        (json!({"name": "x".repeat(5000)}).to_string(), StatusCode::PAYLOAD_TOO_LARGE, "The request body is larger than the 4 KB this endpoint accepts."),
    ];
    for (body, status, message) in cases {
        let response = Call::patch("/api/profiles/me").token(&user.token).raw_json(body).send(&app).await;
        assert_eq!(response.status, status, "{message}");
        assert_eq!(response.error_message(), message);
    }
    let read = Call::get("/api/profiles/me").token(&user.token).send(&app).await;
    assert_eq!(read.body["name"], "Ada");
}

#[tokio::test]
async fn an_unknown_profiles_route_is_a_json_404() {
    let (app, state) = app().await;
    let user = test_user(&state).await;
    let response = Call::get("/api/profiles/someone-else").token(&user.token).send(&app).await;
    assert_eq!(response.status, StatusCode::NOT_FOUND);
    assert_eq!(response.error_code(), "not_found");
}

#[tokio::test]
async fn an_unreachable_store_answers_503_with_retry_after_never_500() {
    let state = test_state().await;
    let mut config = (*state.config).clone();
    config.dynamodb_endpoint = Some("http://127.0.0.1:9".into());
    let down = shared::AppState::from_config(config).await.unwrap();
    let app = shared::http::mount("profiles", profiles::router(down.clone()));
    // Nothing can be stored: a token alone (the membership read is what fails).
    let user = shared::testing::TestFounder::without_company(&down);
    let read = Call::get("/api/profiles/me").token(&user.token).send(&app).await;
    assert_eq!(read.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(read.error_code(), "service_unavailable");
    assert_eq!(read.headers["retry-after"], "1");
    let write = Call::patch("/api/profiles/me").token(&user.token).json(json!({"name": "Ada"})).send(&app).await;
    assert_eq!(write.status, StatusCode::SERVICE_UNAVAILABLE);
}

// --- The logo (Settings → Brand) --------------------------------------------------------

fn image_bytes(width: u32, height: u32, format: image::ImageFormat) -> Vec<u8> {
    let pixels = image::RgbImage::from_fn(width, height, |x, y| image::Rgb([(x % 251) as u8, (y % 241) as u8, 90]));
    let mut bytes = std::io::Cursor::new(Vec::new());
    image::DynamicImage::ImageRgb8(pixels).write_to(&mut bytes, format).unwrap();
    bytes.into_inner()
}

fn png(width: u32, height: u32) -> Vec<u8> {
    image_bytes(width, height, image::ImageFormat::Png)
}

async fn upload(app: &axum::Router, token: &str, content_type: &str, bytes: Vec<u8>) -> shared::testing::TestResponse {
    Call::put("/api/profiles/me/logo").token(token).bytes(content_type, bytes).send(app).await
}

async fn logo_of(app: &axum::Router, token: &str) -> serde_json::Value {
    Call::get("/api/profiles/me").token(token).send(app).await.body["logo"].clone()
}

#[tokio::test]
async fn an_uploaded_logo_is_kept_as_a_png_scaled_to_fit_and_named_by_its_hash() {
    let (app, state) = app().await;
    let user = test_user(&state).await;
    let saved = upload(&app, &user.token, "image/png", png(1200, 600)).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    let logo = &saved.body["logo"];
    assert_eq!((logo["width"].as_u64(), logo["height"].as_u64()), (Some(192), Some(96)));
    let hash = logo["hash"].as_str().unwrap().to_owned();
    assert_eq!(logo["url"], format!("/api/public-forms/logos/{hash}.png"));
    assert_eq!(logo_of(&app, &user.token).await, *logo, "the profile keeps it");

    // What the bucket holds is the re-encoded PNG whose hash names it.
    let kept = state.assets.as_ref().unwrap().logo(&hash).await.unwrap().expect("the PNG is in the assets bucket");
    assert_eq!(shared::crypto::sha256_hex(&kept), hash);
    let decoded = image::load_from_memory_with_format(&kept, image::ImageFormat::Png).unwrap();
    assert_eq!((decoded.width(), decoded.height()), (192, 96));
}

#[tokio::test]
async fn jpeg_and_webp_logos_are_recognised_by_their_bytes_whatever_type_is_declared() {
    let (app, state) = app().await;
    let user = test_user(&state).await;
    for (format, declared) in [(image::ImageFormat::Jpeg, "image/png"), (image::ImageFormat::WebP, "application/octet-stream"), (image::ImageFormat::Png, "text/plain")] {
        let saved = upload(&app, &user.token, declared, image_bytes(300, 60, format)).await;
        assert_eq!(saved.status, StatusCode::OK, "{format:?}: {}", saved.text);
        assert_eq!((saved.body["logo"]["width"].as_u64(), saved.body["logo"]["height"].as_u64()), (Some(300), Some(60)), "{format:?}: never scaled up");
    }
}

#[tokio::test]
async fn a_refused_logo_answers_why_and_the_logo_already_there_stays() {
    let (app, state) = app().await;
    let user = test_user(&state).await;
    let before = upload(&app, &user.token, "image/png", png(200, 50)).await.body["logo"].clone();

    let cut = png(300, 300);
    let mut bomb = png(16, 16);
    // The header claims 20,000 × 20,000 px (its CRC fixed): refused before anything is decoded.
    bomb[16..24].copy_from_slice(&[0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20]);
    let crc = !bomb[12..29].iter().fold(!0u32, |crc, &b| (0..8).fold(crc ^ u32::from(b), |c, _| if c & 1 == 1 { (c >> 1) ^ 0xEDB8_8320 } else { c >> 1 }));
    bomb[29..33].copy_from_slice(&crc.to_be_bytes());
    let cases: Vec<(&str, Vec<u8>, StatusCode, &str)> = vec![
        ("a GIF", b"GIF89a\x10\0\x10\0\0\0\0;".to_vec(), StatusCode::BAD_REQUEST, shared::brand::WRONG_TYPE),
        ("an SVG", b"<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>".to_vec(), StatusCode::BAD_REQUEST, shared::brand::WRONG_TYPE),
        ("a PDF named logo.png", b"%PDF-1.7\n".to_vec(), StatusCode::BAD_REQUEST, shared::brand::WRONG_TYPE),
        ("nothing", Vec::new(), StatusCode::BAD_REQUEST, shared::brand::WRONG_TYPE),
        ("a PNG cut in half", cut[..cut.len() / 2].to_vec(), StatusCode::BAD_REQUEST, shared::brand::UNREADABLE),
        ("a 10 px sliver", png(10, 200), StatusCode::BAD_REQUEST, shared::brand::TOO_SMALL),
        ("a decompression bomb", bomb, StatusCode::BAD_REQUEST, shared::brand::TOO_BIG),
        ("2 MB and a byte", vec![0x89; shared::brand::MAX_LOGO_BYTES + 1], StatusCode::PAYLOAD_TOO_LARGE, shared::brand::TOO_LARGE),
    ];
    for (what, bytes, status, message) in cases {
        let refused = upload(&app, &user.token, "image/png", bytes).await;
        assert_eq!(refused.status, status, "{what}");
        assert_eq!(refused.error_message(), message, "{what}");
        assert_eq!(refused.error_code(), if status == StatusCode::PAYLOAD_TOO_LARGE { "logo_too_large" } else { "invalid_logo" }, "{what}");
        assert_eq!(logo_of(&app, &user.token).await, before, "{what} changed nothing");
    }
    // A declared length over the limit is refused before the body is read.
    let declared = Call::put("/api/profiles/me/logo").token(&user.token).header("content-length", "3000000").bytes("image/png", png(20, 20)).send(&app).await;
    assert_eq!(declared.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(logo_of(&app, &user.token).await, before);
}

#[tokio::test]
async fn a_founder_changes_only_their_own_logo() {
    let (app, state) = app().await;
    let (ada, bob) = (test_user(&state).await, test_user(&state).await);
    for call in [Call::put("/api/profiles/me/logo").bytes("image/png", png(40, 40)), Call::delete("/api/profiles/me/logo")] {
        assert_eq!(call.send(&app).await.status, StatusCode::UNAUTHORIZED, "signed out");
    }
    let ada_logo = upload(&app, &ada.token, "image/png", png(64, 64)).await.body["logo"].clone();
    assert!(ada_logo.is_object());
    assert_eq!(logo_of(&app, &bob.token).await, serde_json::Value::Null, "Bob never sees Ada's logo");
    // Bob's removal and upload touch Bob's profile only.
    assert_eq!(Call::delete("/api/profiles/me/logo").token(&bob.token).send(&app).await.status, StatusCode::OK);
    let bob_logo = upload(&app, &bob.token, "image/png", png(80, 40)).await.body["logo"].clone();
    assert_ne!(bob_logo, ada_logo);
    assert_eq!(logo_of(&app, &ada.token).await, ada_logo);
    // Ada's removal takes hers off; removing again is fine.
    let removed = Call::delete("/api/profiles/me/logo").token(&ada.token).send(&app).await;
    assert_eq!((removed.status, removed.body["logo"].clone()), (StatusCode::OK, serde_json::Value::Null));
    assert_eq!(Call::delete("/api/profiles/me/logo").token(&ada.token).send(&app).await.status, StatusCode::OK);
    assert_eq!(logo_of(&app, &ada.token).await, serde_json::Value::Null);
    assert_eq!(logo_of(&app, &bob.token).await, bob_logo);
}

#[tokio::test]
async fn support_staff_in_a_founders_account_cannot_change_or_remove_the_logo() {
    let (app, state) = app().await;
    let founder = test_user(&state).await;
    let before = upload(&app, &founder.token, "image/png", png(100, 40)).await.body["logo"].clone();
    let (support, _) = shared::testing::support_session(&state, &founder).await;
    let replaced = upload(&app, &support, "image/png", png(60, 60)).await;
    assert_eq!(replaced.status, StatusCode::FORBIDDEN);
    let removed = Call::delete("/api/profiles/me/logo").token(&support).send(&app).await;
    assert_eq!(removed.status, StatusCode::FORBIDDEN);
    assert_eq!(logo_of(&app, &founder.token).await, before);
}

#[tokio::test]
async fn a_name_change_keeps_the_logo_and_a_new_logo_keeps_the_name() {
    let (app, state) = app().await;
    let user = test_user(&state).await;
    Call::patch("/api/profiles/me").token(&user.token).json(json!({"name": "Ada"})).send(&app).await;
    let logo = upload(&app, &user.token, "image/png", png(90, 30)).await.body["logo"].clone();
    let renamed = Call::patch("/api/profiles/me").token(&user.token).json(json!({"name": "Ada L."})).send(&app).await;
    assert_eq!((renamed.body["name"].clone(), renamed.body["logo"].clone()), (json!("Ada L."), logo));
}

#[tokio::test]
async fn the_lead_mail_choice_is_kept_per_company_and_anything_else_is_refused_changing_nothing() {
    let (app, state) = app().await;
    let (ada, bob) = (test_user(&state).await, test_user(&state).await);
    let put = |token: &str, body: serde_json::Value| Call::put("/api/profiles/me/notifications").token(token).json(body);
    assert_eq!(Call::put("/api/profiles/me/notifications").json(json!({"lead_mails": "off"})).send(&app).await.status, StatusCode::UNAUTHORIZED);
    for choice in ["hourly", "daily", "off", "every", "daily"] {
        let saved = put(&ada.token, json!({"lead_mails": choice})).send(&app).await;
        assert_eq!((saved.status, saved.body["lead_mails"].clone()), (StatusCode::OK, json!(choice)));
    }
    for bad in [json!({"lead_mails": "weekly"}), json!({"lead_mails": ""}), json!({"lead_mails": 3}), json!({}), json!({"lead_mails": "off", "extra": 1})] {
        let refused = put(&ada.token, bad.clone()).send(&app).await;
        assert_eq!(refused.status.as_u16() / 100, 4, "{bad}");
    }
    assert_eq!(put(&ada.token, json!({"lead_mails": "weekly"})).send(&app).await.error_message(), "Choose every lead, hourly, daily or off.");
    assert_eq!(Call::get("/api/profiles/me").token(&ada.token).send(&app).await.body["lead_mails"], "daily", "still the last good choice");
    assert_eq!(Call::get("/api/profiles/me").token(&bob.token).send(&app).await.body["lead_mails"], "every", "Bob's own, untouched");
    let (support, _) = shared::testing::support_session(&state, &ada).await;
    assert_eq!(put(&support, json!({"lead_mails": "off"})).send(&app).await.status, StatusCode::FORBIDDEN);
    assert_eq!(state.profiles().lead_mails(&ada.id).await.unwrap(), shared::lead_digest::LeadMails::Daily);
}
