//! The retrieval evaluation: realistic founder questions (`eval/questions.json`), each with the
//! article that must rank first. The built-in provider answers from the top passages, so this
//! is its accuracy.

use ai_chat::knowledge::Knowledge;
use serde::Deserialize;

#[derive(Deserialize)]
struct Case {
    question: String,
    expected: String,
}

fn cases() -> Vec<Case> {
    serde_json::from_str(include_str!("../../eval/questions.json")).expect("eval/questions.json")
}

fn accuracy(knowledge: &Knowledge, cases: &[Case]) -> (f64, f64) {
    let (mut top1, mut top3) = (0u32, 0u32);
    for case in cases {
        let ranked: Vec<&str> = knowledge.rank(&case.question, 3).iter().map(|hit| hit.article.meta.slug.as_str()).collect();
        top1 += u32::from(ranked.first() == Some(&case.expected.as_str()));
        top3 += u32::from(ranked.contains(&case.expected.as_str()));
    }
    (f64::from(top1) / cases.len() as f64, f64::from(top3) / cases.len() as f64)
}

/// `cargo test -p ai-chat --test retrieval -- --ignored --nocapture`: the settings compared
/// when choosing `Tuning::default()`.
#[test]
#[ignore]
fn tuning_grid() {
    use ai_chat::knowledge::Tuning;
    let cases = cases();
    for card_weight in [0.0, 0.5, 1.0, 1.5, 2.0, 3.0] {
        for title_repeats in [0, 1, 2] {
            for summary_in_passages in [false, true] {
                for (k1, b) in [(1.2, 0.75), (1.5, 0.5), (0.9, 0.4), (1.2, 0.3)] {
                    let tuning = Tuning { card_weight, title_repeats, summary_in_passages, k1, b, ..Tuning::default() };
                    let (p1, p3) = accuracy(&Knowledge::embedded_with(tuning), &cases);
                    println!("{:.3} {:.3} {tuning:?}", p1, p3);
                }
            }
        }
    }
}

#[test]
fn the_built_in_retrieval_ranks_the_expected_article_first_for_90_percent_and_in_the_top_three_for_98_percent() {
    let knowledge = Knowledge::embedded();
    let cases = cases();
    assert!(cases.len() >= 40, "only {} questions", cases.len());
    let (mut top1, mut top3) = (0, 0);
    let mut misses = Vec::new();
    for case in &cases {
        assert!(knowledge.article(&case.expected).is_some(), "no article {}", case.expected);
        let ranked: Vec<&str> = knowledge.rank(&case.question, 3).iter().map(|hit| hit.article.meta.slug.as_str()).collect();
        if ranked.first() == Some(&case.expected.as_str()) {
            top1 += 1;
        } else {
            misses.push(format!("{:?}: expected {}, got {:?}", case.question, case.expected, ranked));
        }
        if ranked.contains(&case.expected.as_str()) {
            top3 += 1;
        }
    }
    // A founder's real question is answered, not turned away as off-topic.
    let ungrounded: Vec<&str> = cases
        .iter()
        .filter(|case| !ai_chat::answer::Grounding::find(knowledge, &case.question).is_grounded())
        .map(|case| case.question.as_str())
        .collect();
    assert!(ungrounded.is_empty(), "below the grounding threshold: {ungrounded:?}");
    let n = cases.len() as f64;
    let (p1, p3) = (f64::from(top1) / n, f64::from(top3) / n);
    println!("retrieval: {} questions, top-1 {:.1} %, top-3 {:.1} %", cases.len(), p1 * 100.0, p3 * 100.0);
    assert!(p1 >= 0.90 && p3 >= 0.98, "top-1 {:.1} %, top-3 {:.1} %; misses:\n{}", p1 * 100.0, p3 * 100.0, misses.join("\n"));
}

/// Questions in other words than the articles': the words alone rank another article first, or
/// stay under the confidence threshold; with the question's meaning the right article is found
/// and the question is grounded.
#[test]
fn a_question_in_other_words_finds_its_article_by_meaning_where_its_words_alone_do_not() {
    use ai_chat::{
        answer::{Grounding, MIN_CONFIDENCE},
        knowledge::{Tuning, sources},
    };
    let words_only = Knowledge::lexical(sources::SOURCES, sources::PHRASINGS, Tuning::default()).unwrap();
    let knowledge = Knowledge::embedded();
    for (question, expected) in [
        ("my cofounder was sanctioned by the sec, is that a problem", "bad-actor-disqualification"),
        ("how do i make the form stop taking submissions", "publish-unpublish-form"),
        ("how do i get my signup widget onto my squarespace page", "embed-squarespace"),
    ] {
        let read = words_only.read(question);
        let by_words = words_only.rank_articles(&read.expanded, None, 1);
        let best = by_words.first().expect("a ranked article");
        let words_fail = best.article.meta.slug != expected || best.lexical * words_only.coverage(&read, best.article) < MIN_CONFIDENCE;
        assert!(words_fail, "{question}: the words alone find it (pick another question)");
        let grounding = Grounding::find(knowledge, question);
        assert!(grounding.is_grounded(), "{question}");
        assert_eq!(grounding.hits[0].article.meta.slug, expected, "{question}");
    }
}

/// `-- --ignored --nocapture`: the scores the grounding threshold (`answer::MIN_SCORE`) sits
/// between: the weakest top score of a real question, and the strongest of off-topic ones.
#[test]
#[ignore]
fn threshold_margins() {
    let knowledge = Knowledge::embedded();
    let mut real: Vec<(f32, String)> = cases()
        .iter()
        .map(|case| (knowledge.rank(&case.question, 1).first().map_or(0.0, |hit| hit.score), case.question.clone()))
        .collect();
    real.sort_by(|a, b| a.0.total_cmp(&b.0));
    for (score, question) in real.iter().take(8) {
        println!("real {score:6.2} {question}");
    }
    let coverage = |question: &str| knowledge.rank(question, 1).first().map_or(0.0, |hit| knowledge.coverage(&knowledge.read(question), hit.article));
    let mut covered: Vec<(f32, &str)> = cases().iter().map(|c| (coverage(&c.question), "")).collect();
    covered.sort_by(|a, b| a.0.total_cmp(&b.0));
    let lowest: Vec<f32> = covered.iter().take(10).map(|c| c.0).collect();
    println!("lowest real coverage: {lowest:?}");
    for case in cases().iter().filter(|c| coverage(&c.question) < 0.7) {
        println!("real coverage {:.2} {}", coverage(&case.question), case.question);
    }
    let confidence = |question: &str| knowledge.rank(question, 1).first().map_or(0.0, |hit| hit.lexical * knowledge.coverage(&knowledge.read(question), hit.article));
    let similarity = |question: &str| knowledge.rank(question, 1).first().map_or(0.0, |hit| hit.similarity);
    let mut near: Vec<(f32, String)> = cases().iter().map(|c| (similarity(&c.question), c.question.clone())).collect();
    near.sort_by(|a, b| a.0.total_cmp(&b.0));
    for (s, q) in near.iter().take(8) {
        println!("real similarity {s:.3} {q}");
    }
    let mut real: Vec<(f32, String)> = cases().iter().map(|c| (confidence(&c.question), c.question.clone())).collect();
    real.sort_by(|a, b| a.0.total_cmp(&b.0));
    for (c, q) in real.iter().take(5) {
        println!("real confidence {c:.2} {q}");
    }
    for question in OFF_TOPIC {
        let score = knowledge.rank(question, 1).first().map_or(0.0, |hit| hit.score);
        println!("off  {score:6.2} coverage {:.2} confidence {:.2} similarity {:.3} {question}", coverage(question), confidence(question), similarity(question));
    }
}

const OFF_TOPIC: &[&str] = &[
    "What is the best pizza topping in Naples? mail me at ada@example.com",
    "What's the weather in Paris tomorrow?",
    "Write me a poem about cats",
    "who won the world cup in 2018",
    "how do I bake sourdough bread",
    "translate hello into japanese",
    "what is the capital of australia",
    "recommend a good sci-fi movie",
    "how do i fix my car's brakes",
    "best way to learn the guitar",
];

