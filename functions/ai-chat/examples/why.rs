//! Why Sparky answered as it did: `cargo run -p ai-chat --example why -- "question" …` prints,
//! per question, the words the index read, the three best articles with their word and meaning
//! scores, and the built-in answer (the Help Center part only: no account figures).

use ai_chat::{
    answer::{Contact, Grounding, builtin, is_regulatory, states_a_rule, unit_scores},
    knowledge::Knowledge,
};

fn main() {
    let knowledge = Knowledge::embedded();
    let contact = Contact { email: "support@raisespark.local".into(), sms: None };
    for question in std::env::args().skip(1) {
        let read = knowledge.read(&question);
        println!("## {question}\n   read as: {}", read.expanded);
        for hit in knowledge.rank(&question, 5) {
            println!(
                "   {:<40} score {:6.2}  words {:6.2} × coverage {:.2}  meaning {:.3}",
                hit.article.meta.slug,
                hit.score,
                hit.lexical,
                knowledge.coverage(&read, hit.article),
                hit.similarity
            );
        }
        let grounding = Grounding::find(knowledge, &question);
        if let Some(best) = grounding.hits.first() {
            for hit in knowledge.search(&grounding.query, knowledge.passages.len()).into_iter().filter(|h| std::ptr::eq(h.article, best.article)).take(3) {
                println!("   section {:6.2}  {:?}", hit.score, hit.passage.heading);
            }
        }
        for (score, slug, text) in unit_scores(&grounding, 5) {
            println!("   unit {score:6.2}  {slug}: {}", text.replace('\n', " "));
        }
        println!("   grounded: {}  regulatory: {}", grounding.is_grounded(), is_regulatory(&grounding));
        let answer = builtin(&grounding, &contact);
        println!("   states a rule: {}\n{answer}\n", states_a_rule(&answer));
    }
}
