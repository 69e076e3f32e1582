//! The public assets bucket: founders' logos, each a PNG named by its SHA-256 (see
//! `domain::brand`). S3 in AWS, moto's server locally, through the same `aws-sdk-s3` calls.
//! Nothing here is public by itself: `public-forms` serves a logo by its well-formed name,
//! and the CDN caches what it answered.

use aws_config::SdkConfig;
use aws_sdk_s3::{Client, primitives::ByteStream};

use crate::{brand::logo_key, config::AssetsConfig, storage::StorageError};

#[derive(Clone, Debug)]
pub struct Assets {
    client: Client,
    bucket: String,
}

fn internal(err: impl Into<anyhow::Error>, context: &'static str) -> StorageError {
    StorageError(err.into().context(context))
}

impl Assets {
    pub fn new(sdk: &SdkConfig, config: &AssetsConfig) -> Self {
        let mut builder = aws_sdk_s3::config::Builder::from(sdk);
        if let Some(endpoint) = &config.endpoint {
            builder = builder.endpoint_url(endpoint).force_path_style(true);
        }
        Self { client: Client::from_conf(builder.build()), bucket: config.bucket.clone() }
    }

    /// Keeps a logo's PNG under its hash. Writing the same logo twice writes the same bytes.
    #[tracing::instrument(skip(self, png))]
    pub async fn put_logo(&self, hash: &str, png: Vec<u8>) -> Result<(), StorageError> {
        self.client
            .put_object()
            .bucket(&self.bucket)
            .key(logo_key(hash))
            .content_type("image/png")
            .cache_control(IMMUTABLE)
            .body(ByteStream::from(png))
            .send()
            .await
            .map_err(|err| internal(anyhow::Error::new(err), "assets put_object"))?;
        Ok(())
    }

    /// A logo's PNG, or `None` when no logo has that hash.
    #[tracing::instrument(skip(self))]
    pub async fn logo(&self, hash: &str) -> Result<Option<Vec<u8>>, StorageError> {
        let output = match self.client.get_object().bucket(&self.bucket).key(logo_key(hash)).send().await {
            Ok(output) => output,
            Err(err) if err.as_service_error().is_some_and(|e| e.is_no_such_key()) => return Ok(None),
            Err(err) if err.raw_response().is_some_and(|r| r.status().as_u16() == 404) => return Ok(None),
            Err(err) => return Err(internal(anyhow::Error::new(err), "assets get_object")),
        };
        let bytes = output.body.collect().await.map_err(|err| internal(anyhow::Error::new(err), "reading a logo"))?;
        Ok(Some(bytes.to_vec()))
    }
}

/// How long browsers and the CDN keep a logo: for ever (a new logo has a new name).
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
