//! `template.yaml` gives each function exactly the configuration its declared needs read
//! (`shared::config::needs`), secrets only by Secrets Manager reference, and nothing of
//! Stripe or Meta to the investor-facing function.

use std::collections::BTreeSet;

use local_gateway::lambda_env::{functions, global_variables, secret_refs};
use shared::config::{Presence, needs};
use shared::local::TEMPLATE;

#[test]
fn every_function_gets_exactly_the_variables_its_needs_read() {
    let functions = functions(TEMPLATE).unwrap();
    let binaries: BTreeSet<&str> = functions.iter().map(|f| f.binary.as_str()).collect();
    let declared: BTreeSet<&str> = needs::BY_BINARY.iter().map(|(name, _)| *name).collect();
    assert_eq!(binaries, declared, "every binary in template.yaml has needs, and every needs constant a function");
    for function in &functions {
        let needs = needs::of(&function.binary).unwrap();
        let variables = needs.variables();
        let given: BTreeSet<&str> = function.variables.keys().map(String::as_str).collect();
        let required: BTreeSet<&str> = variables.iter().filter(|v| v.presence == Presence::Required).map(|v| v.name).collect();
        let allowed: BTreeSet<&str> = variables.iter().filter(|v| v.presence != Presence::LocalOnly).map(|v| v.name).collect();
        let missing: Vec<_> = required.difference(&given).collect();
        let extra: Vec<_> = given.difference(&allowed).collect();
        assert!(missing.is_empty(), "{}: template.yaml does not give {missing:?}", function.logical_id);
        assert!(extra.is_empty(), "{}: template.yaml gives {extra:?}, which {} never reads", function.logical_id, function.binary);
    }
}

#[test]
fn globals_carry_no_configuration() {
    let globals = global_variables(TEMPLATE).unwrap();
    assert_eq!(globals.keys().map(String::as_str).collect::<Vec<_>>(), ["RUST_LOG"]);
}

#[test]
fn secrets_come_from_secrets_manager_references_only() {
    let functions = functions(TEMPLATE).unwrap();
    let mut checked = 0;
    for function in &functions {
        let needs = needs::of(&function.binary).unwrap();
        for (name, value) in &function.variables {
            let secret = needs.variables().iter().any(|v| v.name == name && v.secret);
            let refs = secret_refs(value);
            if secret {
                assert!(!refs.is_empty(), "{}: {name} must be a {{{{resolve:secretsmanager:…}}}} reference", function.logical_id);
                checked += 1;
            } else {
                assert!(refs.is_empty(), "{}: {name} is not a secret but reads one", function.logical_id);
            }
        }
    }
    assert!(checked >= 20, "only {checked} secret variables checked");
    assert!(!TEMPLATE.contains("NoEcho"), "no secret is a plain parameter any more");
}

#[test]
fn the_investor_facing_function_holds_no_stripe_meta_or_mail_setting() {
    let functions = functions(TEMPLATE).unwrap();
    let public = functions.iter().find(|f| f.binary == "public-forms").unwrap();
    assert!(!public.variables.is_empty());
    for name in public.variables.keys() {
        assert!(!name.starts_with("STRIPE_") && !name.starts_with("META_") && !name.starts_with("MAIL_") && !name.starts_with("PAYMENTS_"), "public-forms gets {name}");
    }
    assert_eq!(public.variables["LEAD_NOTIFICATIONS"].as_str(), Some("stream"));
}

fn resource<'a>(root: &'a serde_yaml_ng::Value, id: &str) -> &'a serde_yaml_ng::Value {
    root.get("Resources").and_then(|r| r.get(id)).unwrap_or_else(|| panic!("template.yaml has no {id}"))
}

fn mentions(value: &serde_yaml_ng::Value, name: &str) -> bool {
    serde_yaml_ng::to_string(value).unwrap().contains(name)
}

#[test]
fn every_function_url_behind_cloudfront_checks_the_origin_secret_it_is_sent() {
    let root: serde_yaml_ng::Value = serde_yaml_ng::from_str(TEMPLATE).unwrap();
    let origins = resource(&root, "Distribution")["Properties"]["DistributionConfig"]["Origins"].as_sequence().unwrap();
    let functions = functions(TEMPLATE).unwrap();
    let mut checked = Vec::new();
    for origin in origins {
        let domain = serde_yaml_ng::to_string(&origin["DomainName"]).unwrap();
        let Some(url_resource) = domain.split(|c: char| !c.is_ascii_alphanumeric() && c != '.').find(|w| w.ends_with("Url.FunctionUrl")) else { continue };
        let function_id = url_resource.trim_end_matches(".FunctionUrl").trim_end_matches("Url");
        assert!(mentions(&origin["OriginCustomHeaders"], "X-Origin-Verify"), "CloudFront sends {function_id} no X-Origin-Verify");
        let function = functions.iter().find(|f| f.logical_id == function_id).unwrap_or_else(|| panic!("no function {function_id}"));
        let secret = function.variables.get("ORIGIN_VERIFY_SECRET").unwrap_or_else(|| panic!("{function_id} is sent X-Origin-Verify but cannot check it (no ORIGIN_VERIFY_SECRET)"));
        assert!(!secret_refs(secret).is_empty());
        checked.push(function_id.to_owned());
    }
    checked.sort();
    assert_eq!(checked, ["ComplianceVaultExportFunction", "LeadsExportFunction"]);
}

#[test]
fn no_function_can_delete_a_vault_record_or_a_locked_file() {
    let root: serde_yaml_ng::Value = serde_yaml_ng::from_str(TEMPLATE).unwrap();
    let functions = functions(TEMPLATE).unwrap();
    let forbidden_table = ["dynamodb:DeleteItem", "dynamodb:BatchWriteItem", "dynamodb:DeleteTable", "dynamodb:*", "*"];
    let forbidden_bucket = ["s3:DeleteObject", "s3:DeleteObjectVersion", "s3:PutObjectRetention", "s3:PutObjectLegalHold", "s3:BypassGovernanceRetention", "s3:PutBucketObjectLockConfiguration", "s3:*", "*"];
    let mut vault_functions = 0;
    for function in &functions {
        let policies = &resource(&root, &function.logical_id)["Properties"]["Policies"];
        let Some(policies) = policies.as_sequence() else { continue };
        let mut touches_vault = false;
        for policy in policies {
            let Some(statements) = policy.get("Statement").and_then(|s| s.as_sequence()) else {
                // A SAM policy template (DynamoDBCrudPolicy…) grants deletes: none may name the vault.
                assert!(!mentions(policy, "VaultRecordsTable") && !mentions(policy, "VaultBucket"), "{}: a policy template on the vault", function.logical_id);
                continue;
            };
            for statement in statements {
                let actions: Vec<String> = match &statement["Action"] {
                    serde_yaml_ng::Value::String(action) => vec![action.clone()],
                    serde_yaml_ng::Value::Sequence(actions) => actions.iter().filter_map(|a| a.as_str().map(str::to_owned)).collect(),
                    other => panic!("{}: an Action that is not a string or list: {other:?}", function.logical_id),
                };
                if mentions(&statement["Resource"], "VaultRecordsTable") {
                    touches_vault = true;
                    for action in &actions {
                        assert!(!forbidden_table.contains(&action.as_str()), "{} may {action} on the vault's records", function.logical_id);
                    }
                }
                if mentions(&statement["Resource"], "VaultBucket.Arn") {
                    for action in &actions {
                        assert!(!forbidden_bucket.contains(&action.as_str()), "{} may {action} in the vault bucket", function.logical_id);
                    }
                }
            }
        }
        vault_functions += usize::from(touches_vault);
    }
    assert!(vault_functions >= 5, "the vault's API, export and digest, forms and campaigns: {vault_functions}");
    // An anchor is written once: the bucket refuses any PutObject under chain/ without If-None-Match.
    let statements = resource(&root, "VaultBucketPolicy")["Properties"]["PolicyDocument"]["Statement"].as_sequence().unwrap();
    let once = statements.iter().find(|s| s["Sid"].as_str() == Some("AnchorsWrittenOnce")).expect("the anchors' write-once statement");
    assert_eq!((once["Effect"].as_str(), once["Action"].as_str()), (Some("Deny"), Some("s3:PutObject")));
    assert!(mentions(&once["Resource"], "${VaultBucket.Arn}/chain/*"));
    assert_eq!(once["Condition"]["Null"]["s3:if-none-match"].as_str(), Some("true"));
}
