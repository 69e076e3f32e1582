//! `make bench`: the built-in provider's retrieval accuracy on `eval/questions.json` and its
//! answer latency (index built once, as at a cold start; then each question encoded, grounded
//! and answered), p50 and p99 over every question repeated; the cold start and the encoder
//! alone.

use std::time::Instant;

use ai_chat::{
    answer::{Contact, Grounding, builtin},
    knowledge::Knowledge,
    meaning::Encoder,
};

fn main() {
    let cases: Vec<serde_json::Value> = serde_json::from_str(include_str!("../eval/questions.json")).expect("eval/questions.json");
    // A cold start: the encoder's weights read, then the index built (vectors from vectors.bin).
    let started = Instant::now();
    let encoder = Encoder::get();
    let encoder_ms = started.elapsed().as_secs_f64() * 1000.0;
    let started = Instant::now();
    let knowledge = Knowledge::embedded();
    let index_ms = started.elapsed().as_secs_f64() * 1000.0;
    assert_eq!(knowledge.unstored, 0, "vectors.bin is current");
    let contact = Contact { email: "support@raisespark.local".into(), sms: None };

    let (mut top1, mut top3) = (0, 0);
    for case in &cases {
        let ranked: Vec<&str> = knowledge.rank(case["question"].as_str().unwrap(), 3).iter().map(|h| h.article.meta.slug.as_str()).collect();
        let expected = case["expected"].as_str().unwrap();
        top1 += usize::from(ranked.first() == Some(&expected));
        top3 += usize::from(ranked.contains(&expected));
    }

    let mut encodings = Vec::new();
    for _ in 0..5 {
        for case in &cases {
            let at = Instant::now();
            std::hint::black_box(encoder.encode(case["question"].as_str().unwrap()));
            encodings.push(at.elapsed().as_secs_f64() * 1000.0);
        }
    }
    encodings.sort_by(f64::total_cmp);

    let mut timings = Vec::new();
    for _ in 0..20 {
        for case in &cases {
            let at = Instant::now();
            let grounding = Grounding::find(knowledge, case["question"].as_str().unwrap());
            std::hint::black_box(builtin(&grounding, &contact));
            timings.push(at.elapsed().as_secs_f64() * 1000.0);
        }
    }
    timings.sort_by(f64::total_cmp);
    let pct = |p: f64| timings[((timings.len() as f64 - 1.0) * p).round() as usize];
    let encoded = |p: f64| encodings[((encodings.len() as f64 - 1.0) * p).round() as usize];
    println!("Sparky, built-in provider ({} articles, {} passages)", knowledge.articles.len(), knowledge.passages.len());
    println!("  retrieval accuracy     : top-1 {:.1} %, top-3 {:.1} % of {} questions (targets >= 90 %, >= 98 %)", 100.0 * top1 as f64 / cases.len() as f64, 100.0 * top3 as f64 / cases.len() as f64, cases.len());
    println!("  cold start             : encoder weights {encoder_ms:.1} ms, index {index_ms:.1} ms (Help Center vectors read from vectors.bin)");
    println!("  question encoding      : p50 {:.2} ms, p99 {:.2} ms over {} questions (all-MiniLM-L6-v2, int8 weights, one core)", encoded(0.5), encoded(0.99), encodings.len());
    println!("  answer latency         : p50 {:.2} ms, p99 {:.2} ms over {} answers (target p99 <= 50 ms)", pct(0.5), pct(0.99), timings.len());
}
