//! Sparky's reply to a question: from the caller's own figures when it is about their account,
//! else from the Help Center, phrased by the model when one is configured (the built-in answer
//! when none is, or when it fails).

use shared::ai::ChatMessage;

use crate::{
    ChatState,
    account::{self, AccountFacts},
    answer::{self, Grounding},
    knowledge::Knowledge,
    providers,
};

pub(crate) struct Reply {
    pub message: String,
    /// Whether the figures or a Help Center passage backed it (else it is a coverage gap).
    pub grounded: bool,
}

pub(crate) async fn reply(chat: &ChatState, question: &str, facts: &AccountFacts, messages: &[ChatMessage]) -> Reply {
    if let Some(intent) = account::intent(question, facts) {
        return Reply { message: account::answer(&intent, facts), grounded: true };
    }
    let grounding = Grounding::find(Knowledge::embedded(), question);
    let builtin = || answer::builtin(&grounding, &chat.contact());
    let message = match chat.llm().await {
        None => builtin(),
        Some(llm) => {
            let system = providers::system_prompt(&grounding.hits, &account_summary(facts));
            match llm.complete(&system, messages).await {
                Ok(answer) => answer,
                Err(err) => {
                    tracing::warn!(provider = llm.name(), error = %err, "the model failed: answering from the Help Center");
                    builtin()
                }
            }
        }
    };
    Reply { message: answer::with_disclaimer(message, &grounding), grounded: grounding.is_grounded() }
}

/// The caller's figures as the model's prompt states them.
fn account_summary(facts: &AccountFacts) -> String {
    let forms: Vec<String> = facts
        .forms
        .iter()
        .map(|f| format!("- {} (id {}, {}, {} views, {} leads)", f.name, f.id, if f.published { "published" } else { "draft" }, f.views, f.leads))
        .collect();
    format!(
        "Leads: {} ({} hot, {} warm, {} cold); estimated interest ${}.\nForms:\n{}",
        facts.leads,
        facts.hot,
        facts.warm,
        facts.cold,
        facts.estimated_interest,
        if forms.is_empty() { "(none)".to_owned() } else { forms.join("\n") }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::account::FormFacts;

    #[test]
    fn the_prompt_states_every_figure_and_each_form() {
        let mut facts = AccountFacts { leads: 12, hot: 3, warm: 4, cold: 5, estimated_interest: 25_000, forms: Vec::new() };
        assert_eq!(account_summary(&facts), "Leads: 12 (3 hot, 4 warm, 5 cold); estimated interest $25000.\nForms:\n(none)");
        facts.forms = vec![
            FormFacts { id: "f-1".into(), name: "Seed".into(), views: 40, leads: 12, published: true },
            FormFacts { id: "f-2".into(), name: "Draft".into(), views: 0, leads: 0, published: false },
        ];
        assert_eq!(
            account_summary(&facts),
            "Leads: 12 (3 hot, 4 warm, 5 cold); estimated interest $25000.\nForms:\n- Seed (id f-1, published, 40 views, 12 leads)\n- Draft (id f-2, draft, 0 views, 0 leads)"
        );
    }
}
