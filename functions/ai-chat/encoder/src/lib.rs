//! all-MiniLM-L6-v2, a sentence encoder (6 BERT layers, 384 dimensions), for Sparky
//! (`ai-chat`'s `meaning.rs`): a question and an article sentence that say the same thing in
//! other words ("can investors sell their shares" / "securities cannot be transferred for one
//! year") get nearby vectors.
//!
//! - The weights are compiled in (`build.rs`): matrices int8 with a scale per row, 23 MB.
//! - The matrix products are `matrixmultiply`'s; the rest (tokenizer, attention, layer norm)
//!   is BERT as published (Devlin et al. 2019), mean-pooled and normalised as
//!   sentence-transformers does.
//! - Its own crate so that it alone is optimised in debug builds (the workspace profile):
//!   unoptimised, a sentence takes about 200 ms to encode; optimised, a few.

use std::{
    collections::{HashMap, HashSet},
    sync::OnceLock,
};

use safetensors::{Dtype, SafeTensors};
use unicode_normalization::UnicodeNormalization;

pub const DIMENSIONS: usize = 384;
const HEADS: usize = 12;
const HEAD: usize = DIMENSIONS / HEADS;
/// sentence-transformers' `max_seq_length` for this model (tokens beyond it are not read).
const MAX_TOKENS: usize = 256;
const EPSILON: f32 = 1e-12;

static WEIGHTS: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/minilm.safetensors"));
static VOCABULARY: &str = include_str!(concat!(env!("OUT_DIR"), "/vocab.txt"));

/// A sentence's meaning: unit length, so the dot product of two is their cosine similarity.
pub type Vector = [f32; DIMENSIONS];

/// Not `#[inline]`: called from unoptimised crates, it runs as this crate compiled it.
pub fn cosine(a: &Vector, b: &Vector) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Whether the model's vocabulary holds `word` whole (lower case): a common English word, not a
/// typo ("blast" and "going" are words; "invester" is not).
pub fn is_known_word(word: &str) -> bool {
    static WORDS: OnceLock<HashSet<&'static str>> = OnceLock::new();
    WORDS.get_or_init(|| VOCABULARY.split('\n').filter(|token| !token.starts_with("##") && !token.starts_with('[')).collect()).contains(word)
}

/// BERT's uncased WordPiece tokenizer (lower case, accents stripped, split at white space and
/// punctuation, then the longest known pieces).
struct Tokenizer {
    ids: HashMap<&'static str, u32>,
    unknown: u32,
    start: u32,
    end: u32,
}

impl Tokenizer {
    fn new() -> Self {
        let ids: HashMap<&'static str, u32> = VOCABULARY.split('\n').enumerate().map(|(id, token)| (token, id as u32)).collect();
        let id = |token: &str| *ids.get(token).expect("the vocabulary has BERT's special tokens");
        Self { unknown: id("[UNK]"), start: id("[CLS]"), end: id("[SEP]"), ids }
    }

    /// `[CLS] pieces… [SEP]`, at most [`MAX_TOKENS`].
    fn ids(&self, text: &str) -> Vec<u32> {
        let mut ids = vec![self.start];
        for word in words(text) {
            self.pieces(&word, &mut ids);
            if ids.len() >= MAX_TOKENS - 1 {
                ids.truncate(MAX_TOKENS - 1);
                break;
            }
        }
        ids.push(self.end);
        ids
    }

    fn pieces(&self, word: &str, ids: &mut Vec<u32>) {
        if word.chars().count() > 100 {
            ids.push(self.unknown);
            return;
        }
        let mut found = Vec::new();
        let mut start = 0;
        while start < word.len() {
            let mut end = word.len();
            let piece = loop {
                if end == start {
                    break None;
                }
                let candidate = if start == 0 { word[..end].to_owned() } else { format!("##{}", &word[start..end]) };
                if let Some(id) = self.ids.get(candidate.as_str()) {
                    break Some(*id);
                }
                end = word[..end].char_indices().next_back().map_or(start, |(i, _)| i);
            };
            match piece {
                Some(id) => found.push(id),
                None => {
                    ids.push(self.unknown);
                    return;
                }
            }
            start = end;
        }
        ids.extend(found);
    }
}

/// BERT's normalisation and pre-tokenisation: control characters dropped, lower case, accents
/// stripped, words split at white space, and every punctuation mark a word of its own.
fn words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let lowered: String = text.chars().filter(|c| *c != '\u{fffd}' && (!c.is_control() || c.is_whitespace())).collect::<String>().to_lowercase();
    for c in lowered.nfd().filter(|c| !unicode_normalization::char::is_combining_mark(*c)) {
        if c.is_whitespace() {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
        } else if is_punctuation(c) || is_cjk(c) {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            words.push(c.to_string());
        } else {
            word.push(c);
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// ASCII symbols count as punctuation (as BERT has it), and so do the Unicode punctuation
/// marks a founder types (dashes, curly quotes, ellipsis, inverted marks); currency and other
/// symbols stay inside their word ("€5" is "€", "##5").
fn is_punctuation(c: char) -> bool {
    c.is_ascii_punctuation()
        || matches!(c as u32, 0xA1 | 0xA7 | 0xAB | 0xB6 | 0xB7 | 0xBB | 0xBF | 0x2010..=0x2027 | 0x2030..=0x205E | 0x3001..=0x3003 | 0x3008..=0x3011 | 0xFF01..=0xFF0F)
}

fn is_cjk(c: char) -> bool {
    matches!(c as u32, 0x4E00..=0x9FFF | 0x3400..=0x4DBF | 0x20000..=0x2A6DF | 0x2A700..=0x2B73F | 0x2B740..=0x2B81F | 0x2B820..=0x2CEAF | 0xF900..=0xFAFF | 0x2F800..=0x2FA1F)
}

/// A dense layer: `y = x · Wᵀ + b`, `W` stored `output × input`.
struct Linear {
    weight: Vec<f32>,
    bias: Vec<f32>,
    input: usize,
    output: usize,
}

impl Linear {
    fn apply(&self, x: &[f32], rows: usize) -> Vec<f32> {
        let mut y: Vec<f32> = self.bias.iter().copied().cycle().take(rows * self.output).collect();
        // SAFETY: `x` is `rows × input`, `weight` is `output × input` (read transposed through its
        // strides) and `y` is `rows × output`, all row-major and of exactly those lengths.
        assert!(x.len() == rows * self.input && self.weight.len() == self.output * self.input);
        unsafe {
            matrixmultiply::sgemm(
                rows,
                self.input,
                self.output,
                1.0,
                x.as_ptr(),
                self.input as isize,
                1,
                self.weight.as_ptr(),
                1,
                self.input as isize,
                1.0,
                y.as_mut_ptr(),
                self.output as isize,
                1,
            );
        }
        y
    }
}

struct Norm {
    gain: Vec<f32>,
    bias: Vec<f32>,
}

impl Norm {
    fn apply(&self, x: &mut [f32]) {
        for row in x.chunks_exact_mut(DIMENSIONS) {
            let mean = row.iter().sum::<f32>() / DIMENSIONS as f32;
            let variance = row.iter().map(|v| (v - mean) * (v - mean)).sum::<f32>() / DIMENSIONS as f32;
            let scale = 1.0 / (variance + EPSILON).sqrt();
            for ((v, g), b) in row.iter_mut().zip(&self.gain).zip(&self.bias) {
                *v = (*v - mean) * scale * g + b;
            }
        }
    }
}

struct Layer {
    query: Linear,
    key: Linear,
    value: Linear,
    attended: Linear,
    attention_norm: Norm,
    widen: Linear,
    narrow: Linear,
    output_norm: Norm,
}

/// An int8 matrix with a scale per row (the word and position embeddings stay int8 in memory:
/// a token reads one row).
struct Rows {
    values: &'static [u8],
    scales: Vec<f32>,
    columns: usize,
}

impl Rows {
    fn row(&self, index: usize) -> impl Iterator<Item = f32> + '_ {
        let scale = self.scales[index];
        self.values[index * self.columns..(index + 1) * self.columns].iter().map(move |v| *v as i8 as f32 * scale)
    }
}

pub struct Encoder {
    tokenizer: Tokenizer,
    words: Rows,
    positions: Rows,
    segment: Vec<f32>,
    embedding_norm: Norm,
    layers: Vec<Layer>,
}

impl Encoder {
    /// The compiled-in encoder (its weights are read once, about 40 ms).
    pub fn get() -> &'static Encoder {
        static ENCODER: OnceLock<Encoder> = OnceLock::new();
        ENCODER.get_or_init(|| Encoder::load(WEIGHTS))
    }

    fn load(bytes: &'static [u8]) -> Self {
        let tensors = SafeTensors::deserialize(bytes).expect("the compiled-in weights parse");
        let floats = |name: &str| -> Vec<f32> {
            let view = tensors.tensor(name).unwrap_or_else(|_| panic!("weight {name}"));
            assert_eq!(view.dtype(), Dtype::F32, "{name}");
            view.data().chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect()
        };
        let rows = |name: &str| -> Rows {
            let view = tensors.tensor(name).unwrap_or_else(|_| panic!("weight {name}"));
            assert_eq!(view.dtype(), Dtype::I8, "{name}");
            // The view borrows from `bytes`, which is 'static.
            let data: &'static [u8] = {
                let data = view.data();
                let offset = data.as_ptr() as usize - bytes.as_ptr() as usize;
                &bytes[offset..offset + data.len()]
            };
            Rows { values: data, scales: floats(&format!("{name}.scale")), columns: view.shape()[1] }
        };
        let linear = |name: &str| -> Linear {
            let matrix = rows(&format!("{name}.weight"));
            let output = matrix.scales.len();
            let weight: Vec<f32> = (0..output).flat_map(|r| matrix.row(r).collect::<Vec<_>>()).collect();
            Linear { weight, bias: floats(&format!("{name}.bias")), input: matrix.columns, output }
        };
        let norm = |name: &str| Norm { gain: floats(&format!("{name}.weight")), bias: floats(&format!("{name}.bias")) };
        let layers = (0..6)
            .map(|n| {
                let at = |part: &str| format!("encoder.layer.{n}.{part}");
                Layer {
                    query: linear(&at("attention.self.query")),
                    key: linear(&at("attention.self.key")),
                    value: linear(&at("attention.self.value")),
                    attended: linear(&at("attention.output.dense")),
                    attention_norm: norm(&at("attention.output.LayerNorm")),
                    widen: linear(&at("intermediate.dense")),
                    narrow: linear(&at("output.dense")),
                    output_norm: norm(&at("output.LayerNorm")),
                }
            })
            .collect();
        let segment = floats("embeddings.token_type_embeddings.weight")[..DIMENSIONS].to_vec();
        Self {
            tokenizer: Tokenizer::new(),
            words: rows("embeddings.word_embeddings.weight"),
            positions: rows("embeddings.position_embeddings.weight"),
            segment,
            embedding_norm: norm("embeddings.LayerNorm"),
            layers,
        }
    }

    /// The sentence's vector: the tokens' last hidden states, averaged and normalised.
    pub fn encode(&self, text: &str) -> Vector {
        let ids = self.tokenizer.ids(text);
        let n = ids.len();
        let mut x = Vec::with_capacity(n * DIMENSIONS);
        for (position, id) in ids.iter().enumerate() {
            x.extend(self.words.row(*id as usize).zip(self.positions.row(position)).zip(&self.segment).map(|((w, p), s)| w + p + s));
        }
        self.embedding_norm.apply(&mut x);
        for layer in &self.layers {
            let attended = layer.attended.apply(&attend(&layer.query.apply(&x, n), &layer.key.apply(&x, n), &layer.value.apply(&x, n), n), n);
            for (v, a) in x.iter_mut().zip(attended) {
                *v += a;
            }
            layer.attention_norm.apply(&mut x);
            let mut wide = layer.widen.apply(&x, n);
            for v in &mut wide {
                *v = 0.5 * *v * (1.0 + libm::erff(*v / std::f32::consts::SQRT_2));
            }
            for (v, o) in x.iter_mut().zip(layer.narrow.apply(&wide, n)) {
                *v += o;
            }
            layer.output_norm.apply(&mut x);
        }
        let mut vector = [0f32; DIMENSIONS];
        for row in x.chunks_exact(DIMENSIONS) {
            for (v, r) in vector.iter_mut().zip(row) {
                *v += r;
            }
        }
        let length = vector.iter().map(|v| v * v).sum::<f32>().sqrt().max(1e-9);
        for v in &mut vector {
            *v /= length;
        }
        vector
    }
}

/// Multi-head self-attention over one sentence (no padding, so no mask).
fn attend(query: &[f32], key: &[f32], value: &[f32], n: usize) -> Vec<f32> {
    let mut context = vec![0f32; n * DIMENSIONS];
    let scale = 1.0 / (HEAD as f32).sqrt();
    let mut weights = vec![0f32; n];
    for head in 0..HEADS {
        let at = head * HEAD;
        for i in 0..n {
            let q = &query[i * DIMENSIONS + at..i * DIMENSIONS + at + HEAD];
            for (j, w) in weights.iter_mut().enumerate() {
                let k = &key[j * DIMENSIONS + at..j * DIMENSIONS + at + HEAD];
                *w = q.iter().zip(k).map(|(a, b)| a * b).sum::<f32>() * scale;
            }
            let max = weights.iter().fold(f32::NEG_INFINITY, |m, w| m.max(*w));
            let mut total = 0.0;
            for w in &mut weights {
                *w = (*w - max).exp();
                total += *w;
            }
            let out = &mut context[i * DIMENSIONS + at..i * DIMENSIONS + at + HEAD];
            for (j, w) in weights.iter().enumerate() {
                let v = &value[j * DIMENSIONS + at..j * DIMENSIONS + at + HEAD];
                for (o, x) in out.iter_mut().zip(v) {
                    *o += w / total * x;
                }
            }
        }
    }
    context
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(text: &str) -> Vec<u32> {
        Encoder::get().tokenizer.ids(text)
    }

    #[test]
    fn the_tokenizer_reads_text_as_bert_uncased_does() {
        // Expected ids from the model's own tokenizer.json through the `tokenizers` library.
        assert_eq!(ids("Hello, world!"), [101, 7592, 1010, 2088, 999, 102]);
        assert_eq!(ids("whats the max i can raise under reg cf"), [101, 2054, 2015, 1996, 4098, 1045, 2064, 5333, 2104, 19723, 12935, 102]);
        assert_eq!(ids("Café RÉSUMÉ €5,000"), [101, 7668, 13746, 1574, 2629, 1010, 2199, 102]);
        assert_eq!(ids("x€5 and 5€, ©2024 — “quotes” naïve"), [101, 1060, 30102, 2629, 1998, 1019, 30102, 1010, 1075, 11387, 18827, 1517, 1523, 16614, 1524, 15743, 102]);
        assert_eq!(ids(""), [101, 102]);
        assert_eq!(ids(&"a ".repeat(400)).len(), MAX_TOKENS);
    }

    #[test]
    fn sentences_that_mean_the_same_are_nearer_than_sentences_that_do_not() {
        // sentence-transformers' quick start, with this model: 0.6660, 0.1046 and 0.1411 (int8 weights move them by about 0.002).
        let encoder = Encoder::get();
        let [lovely, sunny, stadium] = ["The weather is lovely today.", "It's so sunny outside!", "He drove to the stadium."].map(|s| encoder.encode(s));
        assert!((cosine(&lovely, &sunny) - 0.666).abs() < 0.01, "{}", cosine(&lovely, &sunny));
        assert!((cosine(&lovely, &stadium) - 0.1046).abs() < 0.01, "{}", cosine(&lovely, &stadium));
        assert!((cosine(&sunny, &stadium) - 0.1411).abs() < 0.01, "{}", cosine(&sunny, &stadium));
        assert!((cosine(&lovely, &lovely) - 1.0).abs() < 1e-4);
    }
}
