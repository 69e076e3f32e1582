//! What a question means, not only which words it uses: the question is encoded by
//! `sentence_encoder` (all-MiniLM-L6-v2, compiled in) when it is asked, a few milliseconds; the
//! Help Center's sentences, phrasings and cards were encoded ahead (`vectors.bin`, written by
//! `make sparky-vectors`), so a cold start encodes nothing.

use std::collections::HashMap;

pub use sentence_encoder::{DIMENSIONS, Encoder, Vector, cosine};

/// Vectors computed ahead (`vectors.bin`, by `make sparky-vectors`), by the hash of their text:
/// the Help Center's sentences and the founders' phrasings, so a cold start encodes nothing.
pub struct Store {
    by_text: HashMap<u64, Vector>,
}

static COMMITTED: &[u8] = include_bytes!("../vectors.bin");
const MAGIC: &[u8; 8] = b"SPARKYV1";

/// FNV-1a: a stable 64-bit key for a text (the file outlives any one build's hasher).
pub fn key(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ byte as u64).wrapping_mul(0x0100_0000_01b3))
}

impl Store {
    pub fn committed() -> Self {
        Self::parse(COMMITTED)
    }

    /// `SPARKYV1`, then per text: its key (u64), a scale (f32) and 384 int8 (all little-endian).
    fn parse(bytes: &[u8]) -> Self {
        let mut by_text = HashMap::new();
        if let Some(entries) = bytes.strip_prefix(MAGIC) {
            for entry in entries.chunks_exact(12 + DIMENSIONS) {
                let key = u64::from_le_bytes(entry[..8].try_into().unwrap());
                let scale = f32::from_le_bytes(entry[8..12].try_into().unwrap());
                let mut vector = [0f32; DIMENSIONS];
                for (v, q) in vector.iter_mut().zip(&entry[12..]) {
                    *v = *q as i8 as f32 * scale;
                }
                by_text.insert(key, vector);
            }
        }
        Self { by_text }
    }

    /// The vector of `text`: stored, or encoded now (a text the file does not hold yet).
    pub fn vector(&self, text: &str) -> (Vector, bool) {
        match self.by_text.get(&key(text)) {
            Some(vector) => (*vector, true),
            None => (Encoder::get().encode(text), false),
        }
    }

    /// The file for these texts, in the order given: a text the committed file already holds
    /// keeps its entry byte for byte, the others are encoded now (all of them when
    /// `SPARKY_VECTORS_ALL` is set, after the encoder itself changed).
    pub fn write(texts: &[String]) -> Vec<u8> {
        let committed: HashMap<u64, &[u8]> = match std::env::var_os("SPARKY_VECTORS_ALL") {
            Some(_) => HashMap::new(),
            None => COMMITTED
                .strip_prefix(MAGIC)
                .unwrap_or_default()
                .chunks_exact(12 + DIMENSIONS)
                .map(|entry| (u64::from_le_bytes(entry[..8].try_into().unwrap()), entry))
                .collect(),
        };
        let mut bytes = MAGIC.to_vec();
        let mut seen = std::collections::HashSet::new();
        for text in texts.iter().filter(|text| seen.insert(key(text))) {
            if let Some(entry) = committed.get(&key(text)) {
                bytes.extend_from_slice(entry);
                continue;
            }
            let vector = Encoder::get().encode(text);
            let scale = vector.iter().fold(0f32, |m, v| m.max(v.abs())) / 127.0;
            bytes.extend_from_slice(&key(text).to_le_bytes());
            bytes.extend_from_slice(&scale.to_le_bytes());
            bytes.extend(vector.iter().map(|v| (v / scale).round() as i8 as u8));
        }
        bytes
    }
}
