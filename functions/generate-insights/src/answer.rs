//! The insights answer: the cached one while the facts and the provider are unchanged, else
//! the templates rephrased by the model (or as they are) and cached for 15 minutes. The cache
//! only saves work: failing to read or write it is logged, never answered.

use serde_json::{Map, Value, json};
use shared::{
    AppState,
    ai::{ChatMessage, Llm, Role},
    crypto::sha256_hex,
};

use crate::{CACHE_SECONDS, phrasing, phrasing::Insight};

type Insights = Vec<(&'static str, Insight)>;

fn as_map(insights: &[(&'static str, Insight)]) -> Map<String, Value> {
    insights.iter().map(|(key, insight)| ((*key).to_owned(), json!(insight))).collect()
}

/// What the insights of `templates` are keyed by in the cache: the provider and the computed
/// insights (so a new lead, which changes them, is shown at once).
fn fingerprint(provider: &str, templates: &[(&'static str, Insight)]) -> String {
    sha256_hex(&format!("{provider}|{}", Value::Object(as_map(templates))))
}

/// The response body: `{insights, generatedAt, source}`.
pub(crate) async fn insights(state: &AppState, owner_id: &str, llm: Option<&Llm>, templates: Insights) -> Value {
    let fingerprint = fingerprint(llm.map_or("builtin", Llm::name), &templates);
    let now = state.clock.unix();
    if let Some(cached) = cached(state, owner_id, &fingerprint, now).await {
        return cached;
    }
    let (phrased, source) = rephrase(llm, templates).await;
    let response = json!({ "insights": as_map(&phrased), "generatedAt": state.clock.now_iso(), "source": source });
    if let Err(err) = state.lead_stats().cache_insights(owner_id, &fingerprint, &response.to_string(), now + CACHE_SECONDS).await {
        tracing::warn!(error = %err, "insights cache not written");
    }
    response
}

/// The cached body for this fingerprint while it has not expired.
async fn cached(state: &AppState, owner_id: &str, fingerprint: &str, now: i64) -> Option<Value> {
    match state.lead_stats().cached_insights(owner_id).await {
        Ok(Some(cached)) if cached.fingerprint == fingerprint && cached.expires_at > now => serde_json::from_str::<Value>(&cached.body).ok(),
        Ok(_) => None,
        Err(err) => {
            tracing::warn!(error = %err, "insights cache not read");
            None
        }
    }
}

/// The model's phrasings that keep the facts (see [`phrasing::merge`]), the templates for the
/// rest, and the source to name: the provider if it phrased any, else `builtin`.
async fn rephrase(llm: Option<&Llm>, templates: Insights) -> (Insights, &'static str) {
    let Some(llm) = llm else {
        return (templates, "builtin");
    };
    let message = ChatMessage { role: Role::User, content: phrasing::prompt(&templates) };
    match llm.complete(phrasing::SYSTEM_PROMPT, &[message]).await {
        Ok(answer) => {
            let parsed = phrasing::parse_answer(&answer);
            let (merged, accepted) = phrasing::merge(templates, parsed.as_ref());
            tracing::info!(provider = llm.name(), accepted, total = merged.len(), "insights rephrased");
            (merged, if accepted > 0 { llm.name() } else { "builtin" })
        }
        Err(err) => {
            tracing::warn!(provider = llm.name(), error = %err, "the model failed: insights from the templates");
            (templates, "builtin")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn insight(content: &str) -> Insight {
        Insight { title: "Momentum".into(), content: content.into(), icon: "trending-up", color: "green" }
    }

    #[test]
    fn the_cache_key_changes_with_the_provider_and_with_any_insight() {
        let templates = [("momentum", insight("3 leads this week."))];
        let key = fingerprint("builtin", &templates);
        assert_eq!(key, fingerprint("builtin", &[("momentum", insight("3 leads this week."))]));
        // sha256(`builtin|{"momentum":{"title":"Momentum","content":"3 leads this week.","icon":"trending-up","color":"green"}}`)
        assert_eq!(key, "45c736f143c46ce37aa97daffc66a7e9db1b2d5a740c75975818fba033ddedf9");
        assert_ne!(key, fingerprint("openai", &templates));
        assert_ne!(key, fingerprint("builtin", &[("momentum", insight("4 leads this week."))]));
    }
}
