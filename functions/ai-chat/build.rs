//! Embeds the Help Center articles (`help/*.md`) and the founders' phrasings of what each
//! answers (`phrasings/*.txt`) in the binary: the function needs no file system or bucket, and
//! the SPA builds its `/help` pages from the same articles.


use std::{env, fs, path::PathBuf};

fn main() {
    let dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap()).join("help");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .expect("functions/ai-chat/help exists")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    files.sort();
    let mut out = String::from("/// `(file name, contents)` of every Help Center article, by file name.\npub static SOURCES: &[(&str, &str)] = &[\n");
    for file in &files {
        println!("cargo:rerun-if-changed={}", file.display());
        let name = file.file_name().unwrap().to_string_lossy();
        out.push_str(&format!("    ({name:?}, include_str!({:?})),\n", file.display().to_string()));
    }
    out.push_str("];\n");
    // How founders ask what each article answers (`phrasings/<slug>.txt`, a question a line).
    let phrasings = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap()).join("phrasings");
    println!("cargo:rerun-if-changed={}", phrasings.display());
    let mut files: Vec<PathBuf> = fs::read_dir(&phrasings)
        .map(|entries| entries.map(|entry| entry.unwrap().path()).filter(|path| path.extension().is_some_and(|ext| ext == "txt")).collect())
        .unwrap_or_default();
    files.sort();
    out.push_str("/// `(slug, questions)`: how founders ask what each article answers.\npub static PHRASINGS: &[(&str, &str)] = &[\n");
    for file in &files {
        println!("cargo:rerun-if-changed={}", file.display());
        let slug = file.file_stem().unwrap().to_string_lossy();
        out.push_str(&format!("    ({slug:?}, include_str!({:?})),\n", file.display().to_string()));
    }
    out.push_str("];\n");
    fs::write(PathBuf::from(env::var("OUT_DIR").unwrap()).join("articles.rs"), out).unwrap();
}
