//! The local stack's table bootstrap. `template.yaml` is the only list of tables: its
//! `AWS::DynamoDB::Table` resources (keys, GSIs, TTL) are read and created in DynamoDB
//! Local, so the local and cloud schemas cannot drift.

use std::collections::BTreeMap;

use anyhow::{Context, bail};
use futures::StreamExt;
use aws_sdk_dynamodb::{
    Client,
    types::{
        AttributeDefinition, BillingMode, GlobalSecondaryIndex, KeySchemaElement, KeyType, Projection,
        ProjectionType, ScalarAttributeType, TimeToLiveSpecification,
    },
};
use serde::Deserialize;

/// The repository's SAM template, compiled in so tests and the gateway read the same file.
pub const TEMPLATE: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../template.yaml"));

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct TableSpec {
    #[serde(skip)]
    pub logical_id: String,
    pub attribute_definitions: Vec<AttributeSpec>,
    pub key_schema: Vec<KeySpec>,
    #[serde(default)]
    pub global_secondary_indexes: Vec<IndexSpec>,
    pub time_to_live_specification: Option<TtlSpec>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct AttributeSpec {
    pub attribute_name: String,
    pub attribute_type: String,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct KeySpec {
    pub attribute_name: String,
    pub key_type: String,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct IndexSpec {
    pub index_name: String,
    pub key_schema: Vec<KeySpec>,
    pub projection: ProjectionSpec,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct ProjectionSpec {
    pub projection_type: String,
    #[serde(default)]
    pub non_key_attributes: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct TtlSpec {
    pub attribute_name: String,
    pub enabled: bool,
}

impl TableSpec {
    /// The environment variable that carries this table's name: `ProfilesTable` → `PROFILES_TABLE`.
    pub fn env_var(&self) -> String {
        env_var_name(&self.logical_id)
    }

    pub fn ttl_attribute(&self) -> Option<&str> {
        self.time_to_live_specification.as_ref().filter(|ttl| ttl.enabled).map(|ttl| ttl.attribute_name.as_str())
    }
}

pub fn env_var_name(logical_id: &str) -> String {
    let mut out = String::new();
    for (i, ch) in logical_id.chars().enumerate() {
        if ch.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(ch.to_ascii_uppercase());
    }
    out
}

/// Reads every `AWS::DynamoDB::Table` resource of a SAM/CloudFormation template. Intrinsic
/// function tags elsewhere in the template (`!Ref`, `!Sub`, …) are tolerated.
pub fn table_specs(template: &str) -> anyhow::Result<Vec<TableSpec>> {
    #[derive(Deserialize)]
    struct Template {
        #[serde(rename = "Resources")]
        resources: BTreeMap<String, serde_yaml_ng::Value>,
    }
    let template: Template = serde_yaml_ng::from_str(template).context("template.yaml is not valid YAML")?;
    let mut specs = Vec::new();
    for (logical_id, resource) in template.resources {
        if resource.get("Type").and_then(|t| t.as_str()) != Some("AWS::DynamoDB::Table") {
            continue;
        }
        let properties = resource
            .get("Properties")
            .cloned()
            .with_context(|| format!("table {logical_id} has no Properties"))?;
        let mut spec: TableSpec = serde_yaml_ng::from_value(properties)
            .with_context(|| format!("table {logical_id} has an unreadable schema"))?;
        spec.logical_id = logical_id;
        specs.push(spec);
    }
    if specs.is_empty() {
        bail!("template.yaml declares no AWS::DynamoDB::Table resources");
    }
    Ok(specs)
}

/// Values the local stack uses for variables that AWS sets from the template's parameters:
/// local providers, and the local price ids of the two plans.
pub fn local_default(name: &str) -> Option<&'static str> {
    Some(match name {
        "MAIL_PROVIDER" => "outbox",
        "PAYMENTS_PROVIDER" => "local",
        "STRIPE_PRICE_STANDARD" => "price_local_standard",
        "STRIPE_PRICE_PRO" => "price_local_pro",
        "SUPPORT_EMAIL" => "support@raisespark.local",
        // Locally the outbox takes any rate; SES accounts start at 14 a second.
        "CAMPAIGN_SEND_RATE" => "500",
        _ => return None,
    })
}

/// An S3 bucket of `template.yaml` that the local stack creates in moto's server: the ones
/// marked `Metadata: { LocalBucket: true }` (the vault's), not the SPA's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BucketSpec {
    pub logical_id: String,
    pub object_lock: bool,
    pub versioning: bool,
}

impl BucketSpec {
    /// `VaultBucket` → `VAULT_BUCKET`.
    pub fn env_var(&self) -> String {
        env_var_name(&self.logical_id)
    }
}

/// Reads the local buckets of a template.
pub fn bucket_specs(template: &str) -> anyhow::Result<Vec<BucketSpec>> {
    #[derive(Deserialize)]
    struct Template {
        #[serde(rename = "Resources")]
        resources: BTreeMap<String, serde_yaml_ng::Value>,
    }
    let template: Template = serde_yaml_ng::from_str(template).context("template.yaml is not valid YAML")?;
    Ok(template
        .resources
        .into_iter()
        .filter(|(_, r)| r.get("Type").and_then(|t| t.as_str()) == Some("AWS::S3::Bucket"))
        .filter(|(_, r)| r.get("Metadata").and_then(|m| m.get("LocalBucket")).and_then(|v| v.as_bool()) == Some(true))
        .map(|(logical_id, r)| {
            let properties = r.get("Properties");
            BucketSpec {
                logical_id,
                object_lock: properties.and_then(|p| p.get("ObjectLockEnabled")).and_then(|v| v.as_bool()).unwrap_or(false),
                versioning: properties.and_then(|p| p.get("VersioningConfiguration")).and_then(|v| v.get("Status")).and_then(|v| v.as_str()) == Some("Enabled"),
            }
        })
        .collect())
}

/// The local name of a bucket under `prefix`: lower case, as S3 requires.
pub fn local_bucket_name(prefix: &str, spec: &BucketSpec) -> String {
    format!("{prefix}{}", spec.logical_id).to_lowercase().replace('_', "-")
}

/// `(VARIABLE, bucket name)` pairs to feed `Config::from_lookup`.
pub fn bucket_env(prefix: &str, specs: &[BucketSpec]) -> Vec<(String, String)> {
    specs.iter().map(|spec| (spec.env_var(), local_bucket_name(prefix, spec))).collect()
}

/// Creates each local bucket that does not exist yet, with versioning and Object Lock as the
/// template declares them (default retention: compliance mode, 5 years, as in production).
pub async fn ensure_buckets(client: &aws_sdk_s3::Client, prefix: &str, specs: &[BucketSpec]) -> anyhow::Result<Vec<String>> {
    use aws_sdk_s3::types::{DefaultRetention, ObjectLockConfiguration, ObjectLockEnabled, ObjectLockRetentionMode, ObjectLockRule};
    let mut created = Vec::new();
    for spec in specs {
        let name = local_bucket_name(prefix, spec);
        // Its own buckets only (a HEAD each), never a listing of every test's buckets.
        match client.head_bucket().bucket(&name).send().await {
            Ok(_) => continue,
            Err(error) if error.as_service_error().is_some_and(|e| e.is_not_found()) => {}
            Err(error) => return Err(anyhow::Error::new(error).context(format!("cannot look up bucket {name}: is the local S3 server running?"))),
        }
        client.create_bucket().bucket(&name).object_lock_enabled_for_bucket(spec.object_lock).send().await.with_context(|| format!("cannot create bucket {name}"))?;
        if spec.object_lock {
            let rule = ObjectLockRule::builder()
                .default_retention(DefaultRetention::builder().mode(ObjectLockRetentionMode::Compliance).years(5).build())
                .build();
            client
                .put_object_lock_configuration()
                .bucket(&name)
                .object_lock_configuration(ObjectLockConfiguration::builder().object_lock_enabled(ObjectLockEnabled::Enabled).rule(rule).build())
                .send()
                .await
                .with_context(|| format!("cannot set Object Lock on {name}"))?;
        } else if spec.versioning {
            use aws_sdk_s3::types::{BucketVersioningStatus, VersioningConfiguration};
            client
                .put_bucket_versioning()
                .bucket(&name)
                .versioning_configuration(VersioningConfiguration::builder().status(BucketVersioningStatus::Enabled).build())
                .send()
                .await
                .with_context(|| format!("cannot enable versioning on {name}"))?;
        }
        created.push(name);
    }
    Ok(created)
}

/// The local table name for a logical id under `prefix`.
pub fn local_table_name(prefix: &str, spec: &TableSpec) -> String {
    format!("{prefix}{}", spec.logical_id)
}

/// `(VARIABLE, table name)` pairs to feed `Config::from_lookup`.
pub fn table_env(prefix: &str, specs: &[TableSpec]) -> Vec<(String, String)> {
    specs.iter().map(|spec| (spec.env_var(), local_table_name(prefix, spec))).collect()
}

/// Creates each table that does not exist yet (and its TTL setting). Returns the names created.
///
/// Asks about its own tables only (one DescribeTable each, in parallel), never lists the
/// endpoint's: the integration tests leave thousands of tables in one DynamoDB Local, and
/// listing them all for every test made each start slower than the one before.
pub async fn ensure_tables(client: &Client, prefix: &str, specs: &[TableSpec]) -> anyhow::Result<Vec<String>> {
    let outcomes = futures::stream::iter(specs)
        .map(|spec| async move {
            let name = local_table_name(prefix, spec);
            let described = client.describe_table().table_name(&name).send().await;
            match described {
                // A table kept from an earlier run gets the indexes added to the template since.
                Ok(_) => add_missing_indexes(client, name, spec).await.map(|()| None),
                Err(error) if error.as_service_error().is_some_and(|e| e.is_resource_not_found_exception()) => {
                    create_table(client, &name, spec).await.map(|()| Some(name))
                }
                Err(error) => Err(anyhow::Error::new(error).context(format!("cannot describe {name}: is DynamoDB Local running?"))),
            }
        })
        .buffer_unordered(8)
        .collect::<Vec<_>>()
        .await;
    let mut created = Vec::new();
    for outcome in outcomes {
        created.extend(outcome?);
    }
    created.sort();
    Ok(created)
}

/// A table kept in `.local` from before an index was added to the template gets the index.
async fn add_missing_indexes(client: &Client, name: String, spec: &TableSpec) -> anyhow::Result<()> {
    let name = name.as_str();
    use aws_sdk_dynamodb::types::{CreateGlobalSecondaryIndexAction, GlobalSecondaryIndexUpdate};
    if spec.global_secondary_indexes.is_empty() {
        return Ok(());
    }
    let table = client.describe_table().table_name(name).send().await.with_context(|| format!("cannot describe {name}"))?;
    let present: Vec<String> = table
        .table
        .and_then(|t| t.global_secondary_indexes)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|index| index.index_name)
        .collect();
    for index in spec.global_secondary_indexes.iter().filter(|i| !present.contains(&i.index_name)) {
        let projection = Projection::builder()
            .projection_type(ProjectionType::from(index.projection.projection_type.as_str()))
            .set_non_key_attributes((!index.projection.non_key_attributes.is_empty()).then(|| index.projection.non_key_attributes.clone()))
            .build();
        let attributes = spec
            .attribute_definitions
            .iter()
            .filter(|a| index.key_schema.iter().any(|k| k.attribute_name == a.attribute_name))
            .map(|a| AttributeDefinition::builder().attribute_name(&a.attribute_name).attribute_type(ScalarAttributeType::from(a.attribute_type.as_str())).build())
            .collect::<Result<Vec<_>, _>>()?;
        client
            .update_table()
            .table_name(name)
            .set_attribute_definitions(Some(attributes))
            .global_secondary_index_updates(
                GlobalSecondaryIndexUpdate::builder()
                    .create(
                        CreateGlobalSecondaryIndexAction::builder()
                            .index_name(&index.index_name)
                            .set_key_schema(Some(key_schema(&index.key_schema)?))
                            .projection(projection)
                            .build()?,
                    )
                    .build(),
            )
            .send()
            .await
            .with_context(|| format!("cannot add index {} to {name}", index.index_name))?;
        tracing::info!(table = name, index = %index.index_name, "added an index from template.yaml");
    }
    Ok(())
}

async fn create_table(client: &Client, name: &str, spec: &TableSpec) -> anyhow::Result<()> {
    let attribute_definitions = spec
        .attribute_definitions
        .iter()
        .map(|attribute| {
            AttributeDefinition::builder()
                .attribute_name(&attribute.attribute_name)
                .attribute_type(ScalarAttributeType::from(attribute.attribute_type.as_str()))
                .build()
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut request = client
        .create_table()
        .table_name(name)
        .billing_mode(BillingMode::PayPerRequest)
        .set_attribute_definitions(Some(attribute_definitions))
        .set_key_schema(Some(key_schema(&spec.key_schema)?));
    for index in &spec.global_secondary_indexes {
        let projection = Projection::builder()
            .projection_type(ProjectionType::from(index.projection.projection_type.as_str()))
            .set_non_key_attributes(
                (!index.projection.non_key_attributes.is_empty()).then(|| index.projection.non_key_attributes.clone()),
            )
            .build();
        request = request.global_secondary_indexes(
            GlobalSecondaryIndex::builder()
                .index_name(&index.index_name)
                .set_key_schema(Some(key_schema(&index.key_schema)?))
                .projection(projection)
                .build()?,
        );
    }
    request.send().await.with_context(|| format!("cannot create table {name}"))?;
    if let Some(attribute) = spec.ttl_attribute() {
        client
            .update_time_to_live()
            .table_name(name)
            .time_to_live_specification(
                TimeToLiveSpecification::builder().attribute_name(attribute).enabled(true).build()?,
            )
            .send()
            .await
            .with_context(|| format!("cannot enable TTL on {name}"))?;
    }
    Ok(())
}

fn key_schema(keys: &[KeySpec]) -> anyhow::Result<Vec<KeySchemaElement>> {
    keys.iter()
        .map(|key| {
            Ok(KeySchemaElement::builder()
                .attribute_name(&key.attribute_name)
                .key_type(KeyType::from(key.key_type.as_str()))
                .build()?)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"
Resources:
  Api:
    Type: AWS::Serverless::HttpApi
    Properties:
      Name: !Sub "${AWS::StackName}-api"
  SessionsTable:
    Type: AWS::DynamoDB::Table
    Properties:
      BillingMode: PAY_PER_REQUEST
      AttributeDefinitions:
        - { AttributeName: id, AttributeType: S }
        - { AttributeName: user_id, AttributeType: S }
      KeySchema:
        - { AttributeName: id, KeyType: HASH }
      GlobalSecondaryIndexes:
        - IndexName: by_user
          KeySchema:
            - { AttributeName: user_id, KeyType: HASH }
          Projection: { ProjectionType: KEYS_ONLY }
      TimeToLiveSpecification: { AttributeName: expires_at, Enabled: true }
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true }
"#;

    #[test]
    fn tables_are_read_with_keys_indexes_and_ttl() {
        let specs = table_specs(SAMPLE).unwrap();
        assert_eq!(specs.len(), 1);
        let sessions = &specs[0];
        assert_eq!(sessions.logical_id, "SessionsTable");
        assert_eq!(sessions.key_schema[0].attribute_name, "id");
        assert_eq!(sessions.global_secondary_indexes[0].index_name, "by_user");
        assert_eq!(sessions.ttl_attribute(), Some("expires_at"));
    }

    #[test]
    fn local_buckets_are_the_marked_ones_with_their_lock_and_versioning() {
        let template = r#"
Resources:
  SpaBucket:
    Type: AWS::S3::Bucket
  VaultBucket:
    Type: AWS::S3::Bucket
    Metadata: { LocalBucket: true }
    Properties:
      ObjectLockEnabled: true
      VersioningConfiguration: { Status: Enabled }
"#;
        let specs = bucket_specs(template).unwrap();
        assert_eq!(specs, vec![BucketSpec { logical_id: "VaultBucket".into(), object_lock: true, versioning: true }]);
        assert_eq!(local_bucket_name("t-AB12-", &specs[0]), "t-ab12-vaultbucket");
        assert_eq!(specs[0].env_var(), "VAULT_BUCKET");
    }

    #[test]
    fn logical_ids_map_to_environment_variables() {
        assert_eq!(env_var_name("ProfilesTable"), "PROFILES_TABLE");
        assert_eq!(env_var_name("RefreshSessionsTable"), "REFRESH_SESSIONS_TABLE");
    }

    #[test]
    fn the_repository_template_declares_the_tables_the_config_needs() {
        let specs = table_specs(TEMPLATE).unwrap();
        let mut env = table_env("x-", &specs);
        env.extend(bucket_env("x-", &bucket_specs(TEMPLATE).unwrap()));
        let lookup = |name: &str| match name {
            "APP_ORIGIN" => Some("http://localhost:3000".to_owned()),
            "ACCESS_TOKEN_PUBLIC_KEYS" => Some(crate::auth::test_keys::public_keys()),
            "ACCESS_TOKEN_SIGNING_KEY" => Some(crate::auth::test_keys::SIGNING_KEY.to_owned()),
            _ if crate::keys::Family::ALL.iter().any(|family| family.variable() == name) => Some("0123456789abcdef0123456789abcdef".to_owned()),
            "STRIPE_WEBHOOK_SECRET" => Some("whsec_test".to_owned()),
            _ if local_default(name).is_some() => local_default(name).map(str::to_owned),
            _ => env.iter().find(|(key, _)| key == name).map(|(_, value)| value.clone()),
        };
        crate::config::Config::from_lookup(lookup).expect("every table variable comes from template.yaml");
    }
}
