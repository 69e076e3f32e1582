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
