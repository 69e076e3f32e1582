//! The direction of dependencies, checked on every `cargo test -p shared --lib`:
//!
//! 1. `shared`'s modules depend downwards (the layers below) and never in a circle;
//! 2. the `domain` crate's dependency closure holds nothing that does I/O;
//! 3. only the repositories (`shared/src/repo`) call DynamoDB;
//! 4. the services, the repositories and the `domain` crate never import axum or `shared::http`
//!    (the services but its error type; the repositories not even that, see [`BELOW_HTTP`]).
//!
//! Each allow-list names what is still the wrong way today and why, so later work shrinks it;
//! the cycles list is empty and must stay so, and no file outside the repositories calls DynamoDB.

use std::{
    collections::{BTreeMap, BTreeSet, VecDeque},
    fs,
    path::{Path, PathBuf},
};

/// Layer of each module of `shared` (the longest matching module path wins). A module may use
/// lower layers, and its own layer only inside the same top-level module
/// (`repo::leads` → `repo::lead_stats`). The rules themselves are in the `domain` crate, below
/// all of these; `shared`'s re-exports of them (`shared::forms`, …) are not modules here.
const LAYERS: &[(&str, u8)] = &[
    ("time", 0),
    ("telemetry", 0),
    // Only `domain` re-exports now; filing in the vault (I/O) is `services::vault_filing`.
    ("vault", 0),
    // Access-token and link-secret key types: configuration holds them.
    ("auth", 2),
    ("keys", 2),
    ("config", 3),
    ("aws", 4),
    ("dynamo", 5),
    ("mail", 5),
    ("payments", 5),
    ("ai", 5),
    ("storage", 5),
    // Founders' logos in the public assets bucket (over `storage`'s error).
    ("assets", 6),
    ("background", 5),
    ("limits", 5),
    ("repo", 6),
    ("local", 6),
    // `ApiError` (`http::error`, old path `crate::error`): the HTTP answer, with the one mapping
    // of what the layers below answer (`StoreError`, `StorageError`, each repository's
    // refusals). Right above the repositories: they and everything under them answer their
    // own errors; rules, services and handlers above may answer `ApiError`.
    ("http::error", 7),
    ("state", 7),
    // What a support session did, read from its recorded entries (pure; the mail lists it).
    ("impersonation::activity", 7),
    // Every transactional e-mail's text: over the records it describes, under what sends it.
    ("mail::templates", 8),
    // This deployment's plan prices and the checkout claim over the `subscriptions` repository
    // (the plan rules are `domain::plans`).
    ("billing", 8),
    // Counting hits over the `rate_limits` repository (the rules are `domain::rate_limit`).
    ("rate_limit", 8),
    ("notify", 9),
    ("impersonation", 9),
    // What combines repositories, mail, storage and rules.
    ("services", 10),
    ("http", 11),
    ("testing", 12),
];

/// Edges that still point upwards (or sideways between top-level modules of one layer), each
/// with why it is still there and what removes it. `(from, to, reason)`.
const UPWARD_EDGES_ALLOWED: &[(&str, &str, &str)] = &[
];

/// Import cycles among `shared`'s modules still allowed (each from its smallest module, in
/// order), with why and what ends it. Must end empty.
const CYCLES_ALLOWED: &[&[&str]] = &[
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_owned()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())).map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
}

/// The source with comments, string and char literals blanked (line breaks kept, so byte
/// offsets still give line numbers) and the body of every `#[cfg(test)] mod … { … }` removed.
fn code_of(source: &str) -> String {
    let bytes = source.as_bytes();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    let blank = |out: &mut String, text: &str| out.extend(text.chars().map(|c| if c == '\n' { '\n' } else { ' ' }));
    while i < bytes.len() {
        let rest = &source[i..];
        if rest.starts_with("//") {
            let end = rest.find('\n').unwrap_or(rest.len());
            blank(&mut out, &rest[..end]);
            i += end;
        } else if rest.starts_with("/*") {
            let end = rest.find("*/").map_or(rest.len(), |e| e + 2);
            blank(&mut out, &rest[..end]);
            i += end;
        } else if let Some(hashes) = raw_string_start(rest) {
            let open = 2 + hashes;
            let close = format!("\"{}", "#".repeat(hashes));
            let end = rest[open..].find(&close).map_or(rest.len(), |e| open + e + close.len());
            blank(&mut out, &rest[..end]);
            i += end;
        } else if rest.starts_with('"') {
            let mut j = 1;
            while j < rest.len() {
                match rest.as_bytes()[j] {
                    b'\\' => j += 2,
                    b'"' => break,
                    _ => j += 1,
                }
            }
            let end = (j + 1).min(rest.len());
            blank(&mut out, &rest[..end]);
            i += end;
        } else if let Some(len) = char_literal(rest) {
            blank(&mut out, &rest[..len]);
            i += len;
        } else {
            let c = rest.chars().next().unwrap();
            out.push(c);
            i += c.len_utf8();
        }
    }
    drop_test_modules(&out)
}

fn raw_string_start(rest: &str) -> Option<usize> {
    let after = rest.strip_prefix('r').or_else(|| rest.strip_prefix("br").map(|r| &r[..]))?;
    let hashes = after.bytes().take_while(|b| *b == b'#').count();
    let prefix = if rest.starts_with("br") { 1 } else { 0 };
    (after[hashes..].starts_with('"')).then_some(hashes + prefix)
}

/// `'x'`, `'\n'`, `'\u{..}'`, not a lifetime.
fn char_literal(rest: &str) -> Option<usize> {
    let body = rest.strip_prefix('\'')?;
    if let Some(escaped) = body.strip_prefix('\\') {
        let end = escaped.find('\'')?;
        return (end <= 10).then_some(end + 3);
    }
    let c = body.chars().next()?;
    body[c.len_utf8()..].starts_with('\'').then_some(c.len_utf8() + 2)
}

fn drop_test_modules(code: &str) -> String {
    let mut out = code.to_owned();
    let mut from = 0;
    while let Some(at) = out[from..].find("#[cfg(test)]").map(|p| p + from) {
        let after = at + "#[cfg(test)]".len();
        let next = out[after..].trim_start();
        let starts_mod = next.starts_with("mod ") || next.starts_with("pub mod ");
        match (starts_mod, out[after..].find(['{', ';'])) {
            (true, Some(p)) if out.as_bytes()[after + p] == b'{' => {
                let open = after + p;
                let mut depth = 0usize;
                let mut end = out.len();
                for (k, b) in out.as_bytes()[open..].iter().enumerate() {
                    match b {
                        b'{' => depth += 1,
                        b'}' => {
                            depth -= 1;
                            if depth == 0 {
                                end = open + k + 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                let blanked: String = out[at..end].chars().map(|c| if c == '\n' { '\n' } else { ' ' }).collect();
                out.replace_range(at..end, &blanked);
                from = end;
            }
            _ => from = after,
        }
    }
    out
}

fn line_of(code: &str, offset: usize) -> usize {
    code[..offset].matches('\n').count() + 1
}

/// The module path of a file under `src/` (`repo/leads.rs` → `repo::leads`, `vault/mod.rs` →
/// `vault`); `None` for `lib.rs`.
fn module_of(file: &Path) -> Option<String> {
    let relative = file.strip_prefix(src()).unwrap();
    let mut parts: Vec<String> = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let last = parts.pop()?;
    match last.as_str() {
        "lib.rs" if parts.is_empty() => None,
        "mod.rs" => Some(parts.join("::")),
        name => {
            parts.push(name.trim_end_matches(".rs").to_owned());
            Some(parts.join("::"))
        }
    }
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Every `crate::…` path of the code with the offset it starts at: `use crate::{a::{b, c}, d}`
/// trees expanded, and inline paths (`crate::repo::leads::count(..)`).
fn crate_paths(code: &str) -> Vec<(usize, Vec<String>)> {
    let mut paths = Vec::new();
    let bytes = code.as_bytes();
    let mut from = 0;
    while let Some(at) = code[from..].find("crate::").map(|p| p + from) {
        from = at + "crate::".len();
        if at > 0 && (is_ident(bytes[at - 1]) || bytes[at - 1] == b':') {
            continue;
        }
        let mut end = from;
        if code[from..].starts_with('{') {
            let mut depth = 0usize;
            for (k, b) in bytes[from..].iter().enumerate() {
                match b {
                    b'{' => depth += 1,
                    b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            end = from + k + 1;
                            break;
                        }
                    }
                    _ => {}
                }
            }
        } else {
            while end < bytes.len() && (is_ident(bytes[end]) || code[end..].starts_with("::")) {
                end += if bytes[end] == b':' { 2 } else { 1 };
                if code[end..].starts_with('{') {
                    let mut depth = 0usize;
                    for (k, b) in bytes[end..].iter().enumerate() {
                        match b {
                            b'{' => depth += 1,
                            b'}' => {
                                depth -= 1;
                                if depth == 0 {
                                    end += k + 1;
                                    break;
                                }
                            }
                            _ => {}
                        }
                    }
                    break;
                }
            }
        }
        for path in expand(&code[from..end]) {
            paths.push((at, path));
        }
        from = end.max(from);
    }
    paths
}

/// `a::{b::{c, d}, e}` → `[a,b,c]`, `[a,b,d]`, `[a,e]`.
fn expand(tree: &str) -> Vec<Vec<String>> {
    let tree: String = tree.chars().filter(|c| !c.is_whitespace()).collect();
    let tree = tree.trim_end_matches("::");
    if let Some(open) = tree.find('{') {
        let prefix: Vec<String> = tree[..open].split("::").filter(|s| !s.is_empty()).map(str::to_owned).collect();
        let inner = &tree[open + 1..tree.len() - 1];
        let mut parts = Vec::new();
        let (mut depth, mut start) = (0usize, 0);
        for (k, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    parts.push(&inner[start..k]);
                    start = k + 1;
                }
                _ => {}
            }
        }
        parts.push(&inner[start..]);
        parts
            .into_iter()
            .filter(|p| !p.is_empty())
            .flat_map(|p| expand(p).into_iter().map(|tail| prefix.iter().cloned().chain(tail).collect()))
            .collect()
    } else {
        let path = tree.split(" as ").next().unwrap_or(tree);
        vec![path.split("::").filter(|s| !s.is_empty() && *s != "self").map(|s| s.split("as").next().unwrap_or(s).to_owned()).collect()]
    }
}

/// The crate-root items `shared` re-exports from its own modules (`error` is the old path of
/// `http::error`).
fn root_alias(name: &str) -> Option<&'static str> {
    match name {
        "ApiError" | "Result" | "error" => Some("http::error"),
        "AppState" => Some("state"),
        _ => None,
    }
}

#[derive(Debug, Clone)]
struct Edge {
    from: String,
    to: String,
    at: String,
}

fn module_edges() -> Vec<Edge> {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let modules: BTreeSet<String> = files.iter().filter_map(|f| module_of(f)).collect();
    let mut edges = Vec::new();
    for file in &files {
        let Some(from) = module_of(file) else { continue };
        if from == "architecture" {
            continue;
        }
        let code = code_of(&fs::read_to_string(file).unwrap());
        for (offset, path) in crate_paths(&code) {
            let Some(first) = path.first() else { continue };
            let to = match root_alias(first) {
                Some(module) => module.to_owned(),
                None => match (1..=path.len()).rev().map(|n| path[..n].join("::")).find(|m| modules.contains(m)) {
                    Some(module) => module,
                    None => continue, // a re-export of `domain` (`crate::forms::Form`)
                },
            };
            if to == from {
                continue;
            }
            let at = format!("shared/src/{}:{}", file.strip_prefix(src()).unwrap().display(), line_of(&code, offset));
            edges.push(Edge { from: from.clone(), to, at });
        }
    }
    edges
}

fn layer(module: &str) -> u8 {
    LAYERS
        .iter()
        .filter(|(name, _)| module == *name || module.starts_with(&format!("{name}::")))
        .max_by_key(|(name, _)| name.len())
        .map(|(_, layer)| *layer)
        .unwrap_or_else(|| panic!("module `{module}` has no layer in architecture::LAYERS: give it one"))
}

fn top(module: &str) -> &str {
    module.split("::").next().unwrap()
}

/// Every elementary cycle of the graph, each once (from its smallest module).
fn cycles(graph: &BTreeMap<String, BTreeMap<String, String>>) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    for start in graph.keys() {
        // Shortest cycles through `start` over modules not smaller than it.
        let mut queue = VecDeque::from([vec![start.clone()]]);
        let mut seen = BTreeSet::new();
        while let Some(path) = queue.pop_front() {
            let last = path.last().unwrap();
            for next in graph.get(last).map(|m| m.keys()).into_iter().flatten() {
                if next == start {
                    found.push(path.clone());
                } else if next > start && !path.contains(next) && seen.insert(next.clone()) {
                    let mut longer = path.clone();
                    longer.push(next.clone());
                    queue.push_back(longer);
                }
            }
        }
    }
    found
}

#[test]
fn shared_modules_depend_downwards_and_never_in_a_circle() {
    let edges = module_edges();
    assert!(edges.len() > 100, "the scanner found only {} edges: it is broken", edges.len());
    let mut graph: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for edge in &edges {
        graph.entry(edge.from.clone()).or_default().entry(edge.to.clone()).or_insert_with(|| edge.at.clone());
    }

    let mut problems = Vec::new();
    let found = cycles(&graph);
    for allowed in CYCLES_ALLOWED {
        if !found.iter().any(|cycle| allowed.iter().copied().eq(cycle.iter().map(String::as_str))) {
            problems.push(format!("CYCLES_ALLOWED has {allowed:?}, which the code no longer has: delete the entry"));
        }
    }
    for cycle in found {
        if CYCLES_ALLOWED.iter().any(|allowed| allowed.iter().copied().eq(cycle.iter().map(String::as_str))) {
            continue;
        }
        let mut text = String::from("cycle: ");
        for (k, module) in cycle.iter().enumerate() {
            let next = &cycle[(k + 1) % cycle.len()];
            text.push_str(&format!("{module} →({}) ", graph[module][next]));
        }
        text.push_str(&cycle[0]);
        problems.push(text);
    }

    let mut allowed_used = BTreeSet::new();
    for (from, targets) in &graph {
        for (to, at) in targets {
            let (lf, lt) = (layer(from), layer(to));
            let wrong = lt > lf || (lt == lf && top(from) != top(to));
            if !wrong {
                continue;
            }
            match UPWARD_EDGES_ALLOWED.iter().find(|(f, t, _)| f == from && t == to) {
                Some(allowed) => {
                    allowed_used.insert((allowed.0, allowed.1));
                }
                None => problems.push(format!("upward: {from} (layer {lf}) → {to} (layer {lt}) at {at}")),
            }
        }
    }
    for (from, to, _) in UPWARD_EDGES_ALLOWED {
        if !allowed_used.contains(&(*from, *to)) {
            problems.push(format!("UPWARD_EDGES_ALLOWED has {from} → {to}, which the code no longer has: delete the entry"));
        }
    }
    assert!(problems.is_empty(), "dependency direction:\n{}", problems.join("\n"));
}

#[test]
fn the_scanner_reads_use_trees_and_skips_comments_strings_and_tests() {
    let code = code_of(
        "use crate::{a::{b, c::D}, e};\n// crate::commented\nlet s = \"crate::quoted\";\nlet c = '\"';\nfn f() { crate::f::g(); }\n#[cfg(test)]\nmod tests { use crate::t; }\n",
    );
    let paths: Vec<Vec<String>> = crate_paths(&code).into_iter().map(|(_, p)| p).collect();
    let owned = |p: &[&str]| p.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(paths, vec![owned(&["a", "b"]), owned(&["a", "c", "D"]), owned(&["e"]), owned(&["f", "g"])]);
    let graph: BTreeMap<String, BTreeMap<String, String>> = [
        ("a".to_owned(), [("b".to_owned(), "x".to_owned())].into()),
        ("b".to_owned(), [("a".to_owned(), "y".to_owned()), ("c".to_owned(), "z".to_owned())].into()),
    ]
    .into();
    assert_eq!(cycles(&graph), vec![vec!["a".to_owned(), "b".to_owned()]]);
}

/// Crates that do I/O or serve HTTP: none may be in the domain crate's dependency closure.
const IO_CRATES: &[&str] = &["aws-", "axum", "lambda_", "tokio", "reqwest", "hyper", "tower"];

#[test]
fn the_domain_crate_depends_on_nothing_that_does_io() {
    let lock = fs::read_to_string(workspace().join("Cargo.lock")).unwrap();
    let mut dependencies: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for package in lock.split("[[package]]").skip(1) {
        let name = package.lines().find_map(|l| l.strip_prefix("name = ")).unwrap().trim_matches('"').to_owned();
        let deps = dependencies.entry(name).or_default();
        if let Some(list) = package.split("dependencies = [").nth(1) {
            let list = list.split(']').next().unwrap();
            deps.extend(list.split(',').map(|d| d.trim().trim_matches('"')).filter(|d| !d.is_empty()).map(|d| d.split(' ').next().unwrap().to_owned()));
        }
    }
    assert!(dependencies.contains_key("domain"), "Cargo.lock has no package `domain`");
    let mut closure = BTreeSet::new();
    let mut todo = vec!["domain".to_owned()];
    while let Some(name) = todo.pop() {
        if closure.insert(name.clone()) {
            todo.extend(dependencies.get(&name).into_iter().flatten().cloned());
        }
    }
    let io: Vec<&String> = closure.iter().filter(|name| IO_CRATES.iter().any(|prefix| name.starts_with(prefix))).collect();
    assert!(io.is_empty(), "domain's dependency closure pulls in {io:?}");
    assert!(closure.contains("serde") && closure.len() > 10, "the Cargo.lock reader is broken: {closure:?}");
}

/// What a DynamoDB call looks like in code: the SDK's crate, a method on the client, or one of
/// its operation builders.
const DYNAMODB_CALLS: &[&str] = &[
    "aws_sdk_dynamodb",
    ".dynamo.",
    ".table_name(",
    ".get_item()",
    ".put_item()",
    ".update_item()",
    ".delete_item()",
    ".transact_write_items()",
    ".transact_get_items()",
    ".batch_get_item()",
    ".batch_write_item()",
    ".describe_table()",
];

#[test]
fn only_the_repositories_call_dynamodb() {
    let root = workspace();
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    for function in fs::read_dir(root.join("functions")).unwrap() {
        let dir = function.unwrap().path().join("src");
        if dir.is_dir() {
            rust_files(&dir, &mut files);
        }
    }
    // Where the client and its plumbing live: the repositories, the client, the SDK
    // configuration and the state that build it, local table creation and the test fixtures.
    let home = ["shared/src/repo/", "shared/src/dynamo.rs", "shared/src/aws.rs", "shared/src/state", "shared/src/local/", "shared/src/testing", "shared/src/architecture.rs"];
    let mut callers = BTreeSet::new();
    for file in &files {
        let relative = file.strip_prefix(&root).unwrap().to_string_lossy().into_owned();
        if home.iter().any(|h| relative.starts_with(h)) {
            continue;
        }
        let code = code_of(&fs::read_to_string(file).unwrap());
        if DYNAMODB_CALLS.iter().any(|call| code.contains(call)) {
            callers.insert(relative);
        }
    }
    assert!(callers.is_empty(), "DynamoDB called outside shared/src/repo in {callers:?}: add a repository method instead");
}

/// Where code must not reach the HTTP layer: the rules, the repositories and the services run
/// the same behind a Lambda, a queue or a test, so none of them may import axum (or another
/// HTTP crate) or a module of `shared::http`. The services may still answer `http::error`
/// (`ApiError`) until they get their own error (plan §4); the repositories answer `StoreError`
/// or their own outcomes and may not name `ApiError` either ([`NO_API_ERROR`]).
const BELOW_HTTP: &[&str] = &["shared/src/services/", "shared/src/repo/", "shared/domain/src/"];
/// Below the HTTP layer and below its error type too: the HTTP answer is decided above them.
const NO_API_ERROR: &[&str] = &["shared/src/repo/", "shared/domain/src/"];
const HTTP_CRATES: &[&str] = &["axum", "lambda_http", "tower", "tower_http", "hyper", "http_body"];

/// Files below the HTTP layer that still use axum, each with why and what removes it.
const HTTP_BELOW_ALLOWED: &[(&str, &str)] = &[];

/// The HTTP crates a file's code names (`axum::…`, `use axum`), and the `crate::http` modules
/// it imports (`http::error` too unless `error_allowed`).
fn http_uses(code: &str, in_shared: bool, error_allowed: bool, modules: &BTreeSet<String>) -> Vec<String> {
    let bytes = code.as_bytes();
    let mut found = BTreeSet::new();
    for name in HTTP_CRATES {
        let mut from = 0;
        while let Some(at) = code[from..].find(name).map(|p| p + from) {
            from = at + name.len();
            let before = at.checked_sub(1).map(|k| bytes[k]);
            let after = bytes.get(from).copied();
            if before.is_some_and(|b| is_ident(b) || b == b':') || after.is_some_and(is_ident) {
                continue;
            }
            found.insert(format!("{name} (line {})", line_of(code, at)));
        }
    }
    if in_shared {
        for (offset, path) in crate_paths(code) {
            let first = path.first().map(String::as_str);
            let module = match first.and_then(root_alias) {
                Some(module) => module.to_owned(),
                None => match (1..=path.len()).rev().map(|n| path[..n].join("::")).find(|m| modules.contains(m)) {
                    Some(module) => module,
                    None => continue,
                },
            };
            if top(&module) == "http" && !(error_allowed && module == "http::error") {
                found.insert(format!("crate::{module} (line {})", line_of(code, offset)));
            }
        }
    }
    found.into_iter().collect()
}

#[test]
fn services_repositories_and_the_domain_never_import_axum_or_the_http_layer() {
    let root = workspace();
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    rust_files(&root.join("shared/domain/src"), &mut files);
    let modules: BTreeSet<String> = files.iter().filter(|f| f.starts_with(src())).filter_map(|f| module_of(f)).collect();
    assert!(modules.contains("http::audit") && modules.contains("http::error"), "the HTTP layer moved: update this check");
    let mut problems = Vec::new();
    let mut allowed_used = BTreeSet::new();
    let mut checked = 0;
    for file in &files {
        let relative = file.strip_prefix(&root).unwrap().to_string_lossy().into_owned();
        if !BELOW_HTTP.iter().any(|dir| relative.starts_with(dir)) {
            continue;
        }
        checked += 1;
        let error_allowed = !NO_API_ERROR.iter().any(|dir| relative.starts_with(dir));
        let uses = http_uses(&code_of(&fs::read_to_string(file).unwrap()), file.starts_with(src()), error_allowed, &modules);
        if uses.is_empty() {
            continue;
        }
        match HTTP_BELOW_ALLOWED.iter().find(|(path, _)| *path == relative) {
            Some((path, _)) => {
                allowed_used.insert(*path);
            }
            None => problems.push(format!("{relative} uses {}", uses.join(", "))),
        }
    }
    for (path, _) in HTTP_BELOW_ALLOWED {
        if !allowed_used.contains(path) {
            problems.push(format!("HTTP_BELOW_ALLOWED has {path}, which no longer uses the HTTP layer: delete the entry"));
        }
    }
    assert!(checked > 30, "only {checked} files checked: the walk is broken");
    assert!(problems.is_empty(), "below the HTTP layer:\n{}", problems.join("\n"));
}

#[test]
fn the_http_check_finds_axum_and_http_modules_but_not_look_alikes_or_the_error_type() {
    let modules: BTreeSet<String> = ["http", "http::audit", "http::error", "repo"].iter().map(|m| m.to_string()).collect();
    let code = code_of(
        "use axum::http::StatusCode;\nuse crate::{error::ApiError, http::audit::audited, repo};\nfn f() -> crate::ApiError { todo!() }\nlet taxum = 1; // axum\nlet s = \"axum::Router\";\n",
    );
    assert_eq!(http_uses(&code, true, true, &modules), vec!["axum (line 1)".to_owned(), "crate::http::audit (line 2)".to_owned()]);
    assert!(http_uses(&code_of("use crate::http::error::ApiError;\n"), true, true, &modules).is_empty());
    // A repository may not name the error type by any of its paths.
    for repository in ["use crate::http::error::ApiError;\n", "use crate::{ApiError, config::Tables};\n", "fn f() -> crate::Result<()> { todo!() }\n", "use crate::error::ApiError;\n"] {
        assert_eq!(http_uses(&code_of(repository), true, false, &modules), vec!["crate::http::error (line 1)".to_owned()], "{repository}");
    }
}
