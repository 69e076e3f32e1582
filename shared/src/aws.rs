//! The AWS SDK configuration every client of a function is built from. Below `dynamo`, `mail`,
//! `storage` and `state`, so each of them can build a client without importing the others.

use aws_config::{BehaviorVersion, Region, SdkConfig};

use crate::config::{Config, MailConfig};

/// The one AWS SDK configuration every client of a function is built from (DynamoDB, SES,
/// S3): credentials, region and retries are resolved once per cold start.
/// With an endpoint override (DynamoDB Local, an SES stub) it is the fixed local
/// configuration, so no credential chain or instance metadata is probed.
pub async fn aws_sdk_config(config: &Config) -> SdkConfig {
    let ses_stub = matches!(&config.mail, Some(MailConfig::Ses { endpoint: Some(_), .. }));
    if config.dynamodb_endpoint.is_some() || ses_stub {
        local_sdk_config()
    } else {
        aws_config::load_defaults(BehaviorVersion::latest()).await
    }
}

/// Fixed keys and region for DynamoDB Local and local stubs.
pub fn local_sdk_config() -> SdkConfig {
    SdkConfig::builder()
        .behavior_version(BehaviorVersion::latest())
        .region(Region::new("us-east-1"))
        .credentials_provider(aws_sdk_dynamodb::config::SharedCredentialsProvider::new(
            aws_sdk_dynamodb::config::Credentials::new("local", "local", None, None, "local"),
        ))
        .build()
}
