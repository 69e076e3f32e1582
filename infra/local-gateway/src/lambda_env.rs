//! The Lambda view of `template.yaml`: each function's binary and the environment SAM gives
//! it. A test compares that environment with the function's declared needs
//! (each crate's `config::NEEDS`, listed in [`crate::needs`]); the Lambda runtime stage (`infra/scripts/lambda_runtime.py`,
//! through the `lambda-env` binary) starts each real binary with exactly that environment,
//! made local: tables under a prefix, parameters and secrets with local values, and the
//! endpoint overrides its needs allow pointed at DynamoDB Local and a stub.

use std::collections::BTreeMap;

use anyhow::{Context, bail};
use serde_yaml_ng::{Value, value::TaggedValue};

/// One `AWS::Serverless::Function` of the template.
#[derive(Debug, Clone)]
pub struct LambdaFunction {
    pub logical_id: String,
    /// `Metadata.BuildProperties.Binary`: the crate, and the key into [`crate::needs::BY_BINARY`].
    pub binary: String,
    /// `Properties.Environment.Variables`, values as written (intrinsic functions kept).
    pub variables: BTreeMap<String, Value>,
}

impl LambdaFunction {
    /// What this function reads: its binary's needs, or its role's (`AUTH_ROLE`, `TEAMS_ROLE`).
    pub fn needs(&self) -> Option<shared::config::Needs> {
        let role = self.variables.get("AUTH_ROLE").or_else(|| self.variables.get("TEAMS_ROLE")).and_then(Value::as_str);
        crate::needs::of_function(&self.binary, role)
    }
}

fn resources(template: &str) -> anyhow::Result<BTreeMap<String, Value>> {
    let root: Value = serde_yaml_ng::from_str(template).context("template.yaml is not valid YAML")?;
    let resources = root.get("Resources").cloned().context("template.yaml has no Resources")?;
    Ok(serde_yaml_ng::from_value(resources)?)
}

fn variables_of(node: Option<&Value>) -> anyhow::Result<BTreeMap<String, Value>> {
    match node.and_then(|n| n.get("Environment")).and_then(|e| e.get("Variables")) {
        Some(vars) => Ok(serde_yaml_ng::from_value(vars.clone())?),
        None => Ok(BTreeMap::new()),
    }
}

/// Every function with its own environment (without `Globals`).
pub fn functions(template: &str) -> anyhow::Result<Vec<LambdaFunction>> {
    let mut out = Vec::new();
    for (logical_id, resource) in resources(template)? {
        if resource.get("Type").and_then(Value::as_str) != Some("AWS::Serverless::Function") {
            continue;
        }
        let binary = resource
            .get("Metadata")
            .and_then(|m| m.get("BuildProperties"))
            .and_then(|b| b.get("Binary"))
            .and_then(Value::as_str)
            .with_context(|| format!("{logical_id} has no Metadata.BuildProperties.Binary"))?
            .to_owned();
        let variables = variables_of(resource.get("Properties")).with_context(|| format!("{logical_id}: Environment"))?;
        out.push(LambdaFunction { logical_id, binary, variables });
    }
    if out.is_empty() {
        bail!("template.yaml declares no AWS::Serverless::Function");
    }
    Ok(out)
}

/// `Globals.Function.Environment.Variables`: merged into every function's by SAM.
pub fn global_variables(template: &str) -> anyhow::Result<BTreeMap<String, Value>> {
    let root: Value = serde_yaml_ng::from_str(template)?;
    variables_of(root.get("Globals").and_then(|g| g.get("Function")))
}

/// A `{{resolve:secretsmanager:…}}` reference: the secret (a resource's logical id or a
/// parameter holding its name) and the JSON key, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SecretRef {
    pub secret: String,
    pub json_key: Option<String>,
}

/// The Secrets Manager references inside one value (`!Sub`, possibly under `!If`).
pub fn secret_refs(value: &Value) -> Vec<SecretRef> {
    match value {
        Value::Tagged(tagged) if tagged.tag == "Sub" => tagged.value.as_str().map(parse_secret_refs).unwrap_or_default(),
        Value::Tagged(tagged) => secret_refs(&tagged.value),
        Value::Sequence(items) => items.iter().flat_map(secret_refs).collect(),
        _ => Vec::new(),
    }
}

fn parse_secret_refs(text: &str) -> Vec<SecretRef> {
    const START: &str = "{{resolve:secretsmanager:${";
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(START) {
        rest = &rest[at + START.len()..];
        let Some(end) = rest.find("}}") else { break };
        let inner = &rest[..end]; // e.g. `StripeSecretName}:SecretString:secret_key`
        if let Some((secret, tail)) = inner.split_once('}') {
            let json_key = tail.strip_prefix(":SecretString").and_then(|t| t.strip_prefix(':')).map(|k| k.split(':').next().unwrap_or(k).to_owned());
            out.push(SecretRef { secret: secret.to_owned(), json_key: json_key.filter(|k| !k.is_empty()) });
        }
        rest = &rest[end..];
    }
    out
}

/// Local values for what a deployment resolves: parameters, secrets, conditions, tables.
pub struct Localiser<'a> {
    pub table_prefix: &'a str,
    pub table_ids: Vec<String>,
    /// Local bucket (logical id → local name).
    pub buckets: BTreeMap<String, String>,
    /// Parameter → value.
    pub parameters: BTreeMap<&'a str, String>,
    /// `Secret` or `Secret:json_key` → value.
    pub secrets: BTreeMap<&'a str, String>,
    /// Condition → value.
    pub conditions: BTreeMap<&'a str, bool>,
}

impl Localiser<'_> {
    pub fn value(&self, value: &Value) -> anyhow::Result<String> {
        Ok(match value {
            Value::String(text) => text.clone(),
            Value::Bool(b) => b.to_string(),
            Value::Number(n) => n.to_string(),
            Value::Tagged(tagged) => self.tagged(tagged)?,
            other => bail!("unsupported environment value {other:?}"),
        })
    }

    fn tagged(&self, tagged: &TaggedValue) -> anyhow::Result<String> {
        let tag = tagged.tag.to_string();
        match tag.trim_start_matches('!') {
            "Ref" => {
                let name = tagged.value.as_str().context("!Ref of a non-string")?;
                if self.table_ids.iter().any(|id| id == name) {
                    Ok(format!("{}{name}", self.table_prefix))
                } else if let Some(bucket) = self.buckets.get(name) {
                    Ok(bucket.clone())
                } else {
                    self.parameters.get(name).cloned().with_context(|| format!("no local value for parameter {name}"))
                }
            }
            "Sub" => {
                let text = tagged.value.as_str().context("!Sub of a non-string")?;
                let refs = parse_secret_refs(text);
                if refs.len() != 1 || !text.starts_with("{{resolve:") || !text.ends_with("}}") {
                    bail!("only whole Secrets Manager references are supported in !Sub, not {text:?}");
                }
                let key = match &refs[0].json_key {
                    Some(json_key) => format!("{}:{json_key}", refs[0].secret),
                    None => refs[0].secret.clone(),
                };
                self.secrets.get(key.as_str()).cloned().with_context(|| format!("no local value for secret {key}"))
            }
            "If" => {
                let items = tagged.value.as_sequence().filter(|s| s.len() == 3).context("!If needs three items")?;
                let condition = items[0].as_str().context("!If condition name")?;
                let holds = *self.conditions.get(condition).with_context(|| format!("no local value for condition {condition}"))?;
                self.value(&items[if holds { 1 } else { 2 }])
            }
            other => bail!("unsupported intrinsic function !{other} in an environment value"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secret_references_are_read_with_their_json_key() {
        assert_eq!(
            parse_secret_refs("{{resolve:secretsmanager:${StripeSecretName}:SecretString:secret_key}}"),
            vec![SecretRef { secret: "StripeSecretName".into(), json_key: Some("secret_key".into()) }]
        );
        assert_eq!(parse_secret_refs("{{resolve:secretsmanager:${ClickLinkSecret}:SecretString}}"), vec![SecretRef { secret: "ClickLinkSecret".into(), json_key: None }]);
        assert!(parse_secret_refs("plain").is_empty());
    }
}
