//! `template.yaml` gives each function exactly the configuration its declared needs read
//! (each crate's `config::NEEDS`, listed in `local_gateway::needs`), secrets only by Secrets
//! Manager reference, and nothing of Stripe or Meta to the investor-facing function; and each
//! function starts with exactly the variables its needs require and reads nothing beyond.

use std::{cell::RefCell, collections::BTreeSet};

use local_gateway::lambda_env::{functions, global_variables, secret_refs};
use local_gateway::needs;
use shared::config::{Config, ConfigError, LeadNotifications, Needs, PaymentsConfig, Presence, test_env::*};
use shared::keys::Family;
use shared::local::TEMPLATE;

#[test]
fn every_function_gets_exactly_the_variables_its_needs_read() {
    let functions = functions(TEMPLATE).unwrap();
    let binaries: BTreeSet<&str> = functions.iter().map(|f| f.binary.as_str()).collect();
    let declared: BTreeSet<&str> = needs::BY_BINARY.iter().map(|(name, _)| *name).collect();
    assert_eq!(binaries, declared, "every binary in template.yaml has needs, and every needs constant a function");
    for function in &functions {
        let needs = function.needs().unwrap();
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
        let needs = function.needs().unwrap();
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

// ------------------------------------------------------------------ IAM: support sessions and keys

use serde_yaml_ng::Value;

/// One `Allow` statement of a function's inline policy: actions, the resources it names
/// (`Table`, `Table/index/name`, or the text of other ARNs) and its condition.
#[derive(Debug)]
struct Grant {
    logical_id: String,
    binary: String,
    actions: Vec<String>,
    resources: Vec<String>,
    condition: Option<Value>,
}

fn resource_name(value: &Value) -> Vec<String> {
    match value {
        Value::Sequence(items) => items.iter().flat_map(resource_name).collect(),
        Value::Tagged(tagged) if tagged.tag == "GetAtt" => {
            let target = match &tagged.value {
                Value::String(text) => text.clone(),
                Value::Sequence(parts) => parts.iter().filter_map(Value::as_str).collect::<Vec<_>>().join("."),
                other => panic!("!GetAtt {other:?}"),
            };
            vec![target.trim_end_matches(".Arn").to_owned()]
        }
        Value::Tagged(tagged) if tagged.tag == "Sub" => {
            let text = tagged.value.as_str().unwrap_or_default();
            match text.strip_prefix("${").and_then(|rest| rest.split_once(".Arn}")) {
                Some((table, rest)) => vec![format!("{table}{rest}")],
                None => vec![text.to_owned()],
            }
        }
        Value::String(text) => vec![text.clone()],
        other => panic!("unexpected resource {other:?}"),
    }
}

fn strings(value: &Value) -> Vec<String> {
    match value {
        Value::String(text) => vec![text.clone()],
        Value::Sequence(items) => items.iter().flat_map(strings).collect(),
        other => panic!("expected strings, got {other:?}"),
    }
}

fn grants() -> Vec<Grant> {
    let root: Value = serde_yaml_ng::from_str(TEMPLATE).unwrap();
    let mut out = Vec::new();
    for (id, resource) in root["Resources"].as_mapping().unwrap() {
        if resource["Type"].as_str() != Some("AWS::Serverless::Function") {
            continue;
        }
        let binary = resource["Metadata"]["BuildProperties"]["Binary"].as_str().unwrap().to_owned();
        for policy in resource["Properties"]["Policies"].as_sequence().into_iter().flatten() {
            for statement in policy["Statement"].as_sequence().into_iter().flatten() {
                assert_eq!(statement["Effect"].as_str(), Some("Allow"), "{id:?}: allow-lists only");
                out.push(Grant {
                    logical_id: id.as_str().unwrap().to_owned(),
                    binary: binary.clone(),
                    actions: strings(&statement["Action"]),
                    resources: resource_name(&statement["Resource"]),
                    condition: statement.get("Condition").cloned(),
                });
            }
        }
    }
    assert!(out.len() > 50, "the template's policies were read");
    out
}

/// The attribute list and `ReturnValues` a statement's condition allows.
fn attribute_condition(grant: &Grant) -> (Vec<String>, Vec<String>) {
    let condition = grant.condition.as_ref().unwrap_or_else(|| panic!("{}: an UpdateItem here needs a condition", grant.logical_id));
    let attributes = strings(&condition["ForAllValues:StringEquals"]["dynamodb:Attributes"]);
    let returns = strings(&condition["StringEquals"]["dynamodb:ReturnValues"]);
    (attributes, returns)
}

fn allows(grant: &Grant, action: &str, resource: &str) -> bool {
    grant.resources.iter().any(|r| r == resource) && grant.actions.iter().any(|a| a == action || a == "dynamodb:*" || a == "*")
}

/// Binaries whose router records support-session activity (`http::audit::audited`).
fn audited_binaries() -> BTreeSet<String> {
    let functions = concat!(env!("CARGO_MANIFEST_DIR"), "/../../functions");
    std::fs::read_dir(functions)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| {
            let source = std::fs::read_to_string(format!("{functions}/{name}/src/lib.rs")).unwrap_or_default();
            source.contains("audit::audited(") || source.contains("audit::audited_reads(")
        })
        .collect()
}

#[test]
fn only_the_functions_that_start_and_end_support_sessions_update_their_records_and_only_the_lifecycle_attributes() {
    let grants = grants();
    let updaters: Vec<&Grant> = grants.iter().filter(|g| allows(g, "dynamodb:UpdateItem", "ImpersonationsTable")).collect();
    let functions: BTreeSet<&str> = updaters.iter().map(|g| g.logical_id.as_str()).collect();
    assert_eq!(functions, BTreeSet::from(["AuthFunction", "RevertImpersonationFunction", "ImpersonationSweepFunction"]));
    let lifecycle: BTreeSet<&str> = shared::repo::impersonations::LIFECYCLE_ATTRIBUTES.iter().copied().collect();
    for grant in updaters {
        let (attributes, returns) = attribute_condition(grant);
        assert_eq!(attributes.iter().map(String::as_str).collect::<BTreeSet<_>>(), lifecycle, "{}", grant.logical_id);
        assert_eq!(returns, ["NONE"], "{}: an update returns nothing it could not write", grant.logical_id);
        assert_eq!(grant.actions, ["dynamodb:UpdateItem"], "{}: the condition covers this action alone", grant.logical_id);
    }
    // Records are created by impersonate-user only, and replaced or deleted by nobody.
    let creators: BTreeSet<&str> = grants.iter().filter(|g| allows(g, "dynamodb:PutItem", "ImpersonationsTable")).map(|g| g.binary.as_str()).collect();
    assert_eq!(creators, BTreeSet::from(["impersonate-user"]));
    for action in ["dynamodb:DeleteItem", "dynamodb:BatchWriteItem"] {
        assert!(!grants.iter().any(|g| allows(g, action, "ImpersonationsTable")), "{action}");
    }
}

#[test]
fn only_the_functions_that_write_audit_entries_may_add_to_the_actions_table_and_only_its_attributes() {
    let grants = grants();
    let writers: Vec<&Grant> = grants.iter().filter(|g| allows(g, "dynamodb:UpdateItem", "ImpersonationActionsTable")).collect();
    let binaries: BTreeSet<String> = writers.iter().map(|g| g.binary.clone()).collect();
    let audited = audited_binaries();
    assert!(audited.len() >= 15, "{audited:?}");
    assert_eq!(binaries, audited, "exactly the functions whose router is audited");
    let allowed: BTreeSet<&str> = shared::repo::impersonation_actions::ATTRIBUTES.iter().copied().collect();
    for grant in writers {
        let (attributes, returns) = attribute_condition(grant);
        assert_eq!(attributes.iter().map(String::as_str).collect::<BTreeSet<_>>(), allowed, "{}", grant.logical_id);
        assert_eq!(returns, ["NONE"], "{}", grant.logical_id);
        assert_eq!(grant.actions, ["dynamodb:UpdateItem"], "{}", grant.logical_id);
    }
    // Entries are only ever added to: nobody puts over, deletes or batch-writes them.
    for action in ["dynamodb:PutItem", "dynamodb:DeleteItem", "dynamodb:BatchWriteItem"] {
        assert!(!grants.iter().any(|g| allows(g, action, "ImpersonationActionsTable")), "{action}");
    }
    // Reading them: the functions that show or mail a session's activity.
    let readers: BTreeSet<&str> = grants.iter().filter(|g| allows(g, "dynamodb:Query", "ImpersonationActionsTable")).map(|g| g.binary.as_str()).collect();
    assert_eq!(readers, BTreeSet::from(["admin", "auth", "revert-impersonation"]));
    // No function may do anything else to either table than what is checked above.
    for grant in &grants {
        for table in ["ImpersonationsTable", "ImpersonationActionsTable"] {
            if grant.resources.iter().any(|r| r == table) {
                for action in &grant.actions {
                    assert!(
                        ["dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:Query"].contains(&action.as_str()),
                        "{}: {action} on {table}",
                        grant.logical_id
                    );
                }
            }
        }
    }
}

#[test]
fn only_auth_can_mint_access_tokens() {
    let functions = functions(TEMPLATE).unwrap();
    let minters: Vec<&str> = functions
        .iter()
        .filter(|f| f.variables.values().any(|value| secret_refs(value).iter().any(|r| r.secret == "AccessTokenSigningKeySecretName")))
        .map(|f| f.logical_id.as_str())
        .collect();
    assert_eq!(minters, ["AuthFunction"], "the private key reaches auth alone");
    let auth = functions.iter().find(|f| f.binary == "auth").unwrap();
    assert!(auth.variables.contains_key("ACCESS_TOKEN_SIGNING_KEY"));
    for function in &functions {
        assert!(!function.variables.contains_key("JWT_SECRET"), "{}", function.logical_id);
        if function.logical_id != "AuthFunction" {
            assert!(!function.variables.contains_key("ACCESS_TOKEN_SIGNING_KEY"), "{}", function.logical_id);
        }
    }
    // Nor can any function read a secret or parameter at run time: references resolve at deploy.
    for grant in grants() {
        for action in &grant.actions {
            assert!(!action.starts_with("secretsmanager:") && !action.starts_with("ssm:") && !action.starts_with("kms:"), "{}: {action}", grant.logical_id);
        }
    }
    let root: Value = serde_yaml_ng::from_str(TEMPLATE).unwrap();
    assert!(root["Resources"].get("JwtSecret").is_none(), "the single HMAC secret is gone");
    assert_eq!(root["Parameters"]["AccessTokenPublicKeys"]["Type"].as_str(), Some("AWS::SSM::Parameter::Value<String>"));
}

#[test]
fn each_link_secret_reaches_only_the_functions_of_its_family() {
    let secret_of = |family: Family| match family {
        Family::Unsubscribe => "UnsubscribeLinkSecret",
        Family::Click => "ClickLinkSecret",
        Family::Export => "ExportLinkSecret",
        Family::ViewSalt => "ViewSaltSecret",
        Family::QuestionSalt => "QuestionSaltSecret",
        Family::SignUpIds => "SignUpIdSecret",
    };
    let functions = functions(TEMPLATE).unwrap();
    for family in Family::ALL {
        let holders: BTreeSet<&str> = functions
            .iter()
            .filter(|f| f.variables.values().any(|value| secret_refs(value).iter().any(|r| r.secret == secret_of(*family))))
            .map(|f| f.binary.as_str())
            .collect();
        let expected: BTreeSet<&str> = needs::BY_BINARY.iter().filter(|(_, n)| n.link_secrets.contains(family)).map(|(b, _)| *b).collect();
        assert_eq!(holders, expected, "{family:?}");
        // Each function whose own needs (its binary's, or its role's) read the family holds it.
        for function in functions.iter().filter(|f| f.needs().unwrap().link_secrets.contains(family)) {
            let value = &function.variables[family.variable()];
            assert_eq!(secret_refs(value)[0].secret, secret_of(*family), "{}: its own secret", function.logical_id);
        }
    }
}

/// Every declaration a deployed function starts with: each binary's, and each role's.
fn every_declaration() -> Vec<(&'static str, Needs)> {
    let mut all = needs::BY_BINARY.to_vec();
    all.push(("auth (AUTH_ROLE=jobs)", auth::config::JOBS));
    all.push(("teams (TEAMS_ROLE=migrate)", teams::config::MIGRATE));
    all
}

#[test]
fn the_account_mail_role_starts_without_any_session_key() {
    let vars = deployed(&auth::config::JOBS);
    assert!(vars.iter().all(|(name, _)| !name.starts_with("ACCESS_TOKEN_") && *name != "SIGN_UP_ID_SECRETS"), "{vars:?}");
    let config = Config::from_lookup_for(&auth::config::JOBS, lookup(&vars)).unwrap();
    assert!(config.access_tokens.signing_key.is_none() && config.access_tokens.public_keys.is_empty());
    assert_eq!(needs::of_function("auth", Some("jobs")).unwrap().variables(), auth::config::JOBS.variables());
    assert_eq!(needs::of_function("auth", None).unwrap().variables(), auth::config::NEEDS.variables());
}

#[test]
fn public_forms_starts_without_any_stripe_meta_mail_or_access_token_variable() {
    let vars = deployed(&public_forms::config::NEEDS);
    assert!(vars.iter().all(|(name, _)| !name.starts_with("STRIPE_") && !name.starts_with("META_") && !name.starts_with("MAIL_") && !name.starts_with("ACCESS_TOKEN_")));
    let config = Config::from_lookup_for(&public_forms::config::NEEDS, lookup(&vars)).unwrap();
    assert!(matches!(config.stripe.payments, PaymentsConfig::Disabled));
    assert!(config.meta.is_none());
    assert!(config.mail.is_none());
    assert!(config.access_tokens.public_keys.is_empty() && config.access_tokens.signing_key.is_none());
    assert_eq!(config.lead_notifications, LeadNotifications::Stream);
    assert_eq!(config.tables.forms, "value");
    assert_eq!(config.tables.users, "USERS_TABLE is not declared by this function");
}

#[test]
fn public_forms_refuses_inline_notifications_it_cannot_send() {
    let mut vars = deployed(&public_forms::config::NEEDS);
    set(&mut vars, "LEAD_NOTIFICATIONS", "inline");
    let err = Config::from_lookup_for(&public_forms::config::NEEDS, lookup(&vars)).unwrap_err();
    assert!(err.to_string().contains("LEAD_NOTIFICATIONS"), "{err}");
}

#[test]
fn every_function_starts_with_exactly_its_required_variables_and_names_each_missing_one() {
    let crates: BTreeSet<String> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../functions"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let declared: BTreeSet<String> = needs::BY_BINARY.iter().map(|(name, _)| (*name).to_owned()).collect();
    assert_eq!(crates, declared, "every function crate declares its needs");
    for (binary, needs) in every_declaration() {
        let vars = deployed(&needs);
        Config::from_lookup_for(&needs, lookup(&vars)).unwrap_or_else(|err| panic!("{binary}: {err}"));
        for (missing, _) in &vars {
            let without: Vars = vars.iter().filter(|(name, _)| name != missing).cloned().collect();
            let err = Config::from_lookup_for(&needs, lookup(&without)).expect_err(missing);
            assert_eq!(err, ConfigError::Missing(missing), "{binary} without {missing}");
        }
    }
}

#[test]
fn a_function_reads_no_variable_beyond_its_declared_needs() {
    for (binary, needs) in every_declaration() {
        let declared: Vec<&str> = needs.variables().iter().map(|var| var.name).collect();
        let vars = deployed(&needs);
        let read = RefCell::new(Vec::new());
        let values = lookup(&vars);
        Config::from_lookup_for(&needs, |name| {
            read.borrow_mut().push(name.to_owned());
            values(name)
        })
        .unwrap();
        for name in read.into_inner() {
            assert!(declared.contains(&name.as_str()), "{binary} read {name}, which its needs do not declare");
        }
    }
}

#[test]
fn only_auth_reads_the_access_token_signing_key() {
    let minters: Vec<&str> = every_declaration()
        .into_iter()
        .filter(|(_, needs)| needs.variables().iter().any(|var| var.name == "ACCESS_TOKEN_SIGNING_KEY"))
        .map(|(binary, _)| binary)
        .collect();
    assert_eq!(minters, ["auth"]);
}

#[test]
fn each_link_family_is_read_by_the_functions_that_use_it_only() {
    let readers = |family: Family| -> Vec<&str> {
        every_declaration().into_iter().filter(|(_, needs)| needs.link_secrets.contains(&family)).map(|(binary, _)| binary).collect()
    };
    assert_eq!(readers(Family::Unsubscribe), ["campaigns"]);
    assert_eq!(readers(Family::Click), ["campaigns"]);
    assert_eq!(readers(Family::Export), ["compliance-vault"]);
    assert_eq!(readers(Family::ViewSalt), ["public-forms"]);
    assert_eq!(readers(Family::QuestionSalt), ["ai-chat"]);
    assert_eq!(readers(Family::SignUpIds), ["auth"]);
}

#[test]
fn only_functions_that_take_payments_read_the_stripe_secret_key() {
    let readers = |variable: &str| -> Vec<&str> {
        every_declaration()
            .into_iter()
            .filter(|(_, needs)| needs.variables().iter().any(|var| var.name == variable))
            .map(|(binary, _)| binary)
            .collect()
    };
    assert_eq!(readers("STRIPE_SECRET_KEY"), ["billing-portal", "create-checkout-session", "stripe-webhook"]);
    assert_eq!(readers("META_ACCESS_TOKEN"), ["facebook-conversions", "stripe-webhook"]);
}

/// What a read of `config.<path>` in a function's own code needs declared: `None` for what
/// every function has (the DynamoDB endpoint) and for a whole set handed to shared code.
fn declares(needs: &Needs, path: &str) -> Option<bool> {
    let (section, field) = path.split_once('.').unwrap_or((path, ""));
    if field.is_empty() && ["tables", "links", "stripe"].contains(&section) {
        return None; // the whole set, handed to shared code: its reads are not this crate's
    }
    Some(match section {
        "tables" => {
            let variable = format!("{}_TABLE", field.to_uppercase());
            needs.tables.iter().any(|table| table.variable() == variable)
        }
        "links" => Family::ALL.iter().any(|family| {
            needs.link_secrets.contains(family) && family.variable().to_lowercase().starts_with(&field.replace("_ids", "_id"))
        }),
        "app_origin" => needs.app_origin,
        "support_email" => needs.support_email,
        "stripe" if field.starts_with("price_") => needs.plans,
        "stripe" if field == "webhook_secret" => needs.stripe_webhook,
        "stripe" if field == "payments" => needs.payments,
        "mail" => needs.mail,
        "meta" => needs.meta,
        "ai" | "support_sms" => needs.ai,
        "vault" => needs.vault,
        "admin_user_ids" => needs.admins,
        "origin_verify_secret" => needs.client_address,
        "lead_notifications" | "public_leads_per_minute" => needs.lead_capture,
        "campaign_send_rate" | "campaign_delivery" | "ses_configuration_set" => needs.campaign_sending,
        "ses_events_topic_arn" | "sns_cert_url_prefix" => needs.ses_events,
        "auth_jobs" => needs.auth_jobs,
        "vault_digest" => needs.vault_digest,
        "response_streaming" => needs.response_streaming,
        "impersonation_sweep" => needs.impersonation_sweep,
        "access_tokens" => needs.access_tokens || needs.mints_sessions,
        _ => return None,
    })
}

fn rust_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
}

/// Each `AppState` repository accessor and the table it is built around.
const REPOSITORY_TABLES: &[(&str, &str)] = &[
    ("account_requests", "account_requests"),
    ("ai_questions", "ai_chat_questions"),
    ("campaign_recipients", "campaign_recipients"),
    ("campaigns", "campaigns"),
    ("contact_messages", "contact_messages"),
    ("directory", "users"),
    ("form_views", "form_views"),
    ("forms", "forms"),
    ("impersonation_actions", "impersonation_actions"),
    ("impersonations", "impersonations"),
    ("lead_listings", "leads"),
    ("lead_stats", "lead_stats"),
    ("leads", "leads"),
    ("notifications", "notifications"),
    ("one_time_tokens", "one_time_tokens"),
    ("platform_stats", "platform_stats"),
    ("profiles", "profiles"),
    ("rate_limits", "rate_limits"),
    ("rewards", "referrals"),
    ("sessions", "sessions"),
    ("stripe_events", "stripe_events"),
    ("subscriptions", "subscriptions"),
    ("users", "users"),
    ("vault", "vault_records"),
];

/// Every `config.<section>[.<field>]` and `tables.<table>` in `source`, as `section.field`.
fn config_reads(source: &str) -> Vec<String> {
    let ident = |rest: &str| -> String { rest.chars().take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_').collect() };
    let mut reads = Vec::new();
    for (at, _) in source.match_indices("config.") {
        let section = ident(&source[at + "config.".len()..]);
        let after = &source[at + "config.".len() + section.len()..];
        match after.strip_prefix('.') {
            Some(rest) if ["tables", "links", "stripe"].contains(&section.as_str()) => reads.push(format!("{section}.{}", ident(rest))),
            _ => reads.push(section),
        }
    }
    // A repository reached from the state (`state.forms()`) reads its table's name.
    for (accessor, table) in REPOSITORY_TABLES {
        for receiver in ["state.", "background."] {
            if source.contains(&format!("{receiver}{accessor}()")) {
                reads.push(format!("tables.{table}"));
            }
        }
    }
    for (at, _) in source.match_indices("tables.") {
        let preceded_by_ident = source[..at].chars().next_back().is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.');
        if !preceded_by_ident {
            reads.push(format!("tables.{}", ident(&source[at + "tables.".len()..])));
        }
    }
    reads
}

/// An undeclared part is absent or a value that matches nothing (see `shared::config`), so a
/// function's own code reading one would fail or misbehave only in AWS: every part its
/// sources read (`config.<section>`, and `tables.<table>` through a borrowed `Tables`) is one
/// its crate declares.
#[test]
fn a_function_reads_only_the_configuration_parts_its_crate_declares() {
    let mut checked = 0;
    for (binary, needs) in needs::BY_BINARY {
        let mut files = Vec::new();
        rust_files(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../functions").join(binary).join("src"), &mut files);
        for file in files {
            let source = std::fs::read_to_string(&file).unwrap();
            for path in config_reads(&source) {
                if let Some(declared) = declares(needs, &path) {
                    // A role's own reads (auth's account mail) are declared by the API's needs too.
                    assert!(declared, "{binary} reads config.{path} ({}), which its config::NEEDS does not declare", file.display());
                    checked += 1;
                }
            }
        }
    }
    // 148 when the repositories became objects: an accessor counts its main table once per
    // file, where the old free-function calls named every table they touched.
    assert!(checked > 140, "only {checked} reads checked");
}

#[test]
fn the_configuration_scan_finds_each_kind_of_read_and_refuses_an_undeclared_one() {
    let source = "let a = &state.config.tables.forms; let t = &state.config.tables; t.users; tables.leads; state.config.ses_configuration_set; self.app.config.links.view_salt; shared::config::Needs";
    assert_eq!(config_reads(source), ["tables.forms", "tables", "ses_configuration_set", "links.view_salt", "tables.leads"]);
    for read in ["tables.forms", "links.view_salt", "ses_configuration_set", "app_origin", "stripe.price_pro", "stripe.webhook_secret"] {
        assert_eq!(declares(&Needs::NONE, read), Some(false), "{read}");
        assert_eq!(declares(&Needs::ALL, read), Some(true), "{read}");
    }
    assert_eq!(declares(&public_forms::config::NEEDS, "links.view_salt"), Some(true));
    assert_eq!(declares(&public_forms::config::NEEDS, "links.question_salt"), Some(false));
    assert_eq!(declares(&Needs::NONE, "tables"), None, "a whole set handed to shared code");
}
