//! Table `ai_chat_questions` (key `id`, GSI `ranked`: partition `board`, sort
//! `popularity_score`). Items: `q#<question>` (a question asked, upserted on its lower-cased
//! text), `g#<group>` (a similarity group's askers) and `gap#<question>` (a coverage gap).
//! `t#<topic>` counts a topic's paying askers. Board `topics` (and `hidden_topics`) holds the
//! topics, board `gaps` the coverage gaps.
//! What is stored (normalised, scrubbed, hashed) is decided by the caller (`ai-chat`).

use std::collections::HashMap;

use aws_sdk_dynamodb::{
    Client,
    types::AttributeValue,
};

use crate::{
    config::Tables,
    dynamo::{StoreError, condition_failed},
};

use super::table::Table;

/// One ask of a question, as stored.
#[derive(Debug, Clone)]
pub struct Ask<'a> {
    /// The normalised question.
    pub question: &'a str,
    /// Its similarity group.
    pub group: &'a str,
    /// The page it was asked from (at most 200 characters).
    pub page: &'a str,
    /// The asker's hash under every salt kept, newest first (at least one).
    pub askers: &'a [String],
    pub now: &'a str,
}

/// `attribute_not_exists(askers) OR NOT (contains(askers, :me0) OR contains(askers, :me1) …)`
/// over the asker's hash under every salt kept: a rotation of the salt never counts someone
/// who already asked a second time.
fn not_yet_asked(hashes: &[String]) -> (String, Vec<(String, AttributeValue)>) {
    let names: Vec<String> = (0..hashes.len()).map(|i| format!(":me{i}")).collect();
    let contains = names.iter().map(|name| format!("contains(askers, {name})")).collect::<Vec<_>>().join(" OR ");
    let values = names.into_iter().zip(hashes).map(|(name, hash)| (name, AttributeValue::S(hash.clone()))).collect();
    (format!("attribute_not_exists(askers) OR NOT ({contains})"), values)
}

/// Table `ai_chat_questions`: `state.ai_questions()`.
#[derive(Clone, Copy)]
pub struct AiQuestionsRepo<'a> {
    table: Table<'a>,
}

impl<'a> AiQuestionsRepo<'a> {
    pub fn new(client: &'a Client, tables: &'a Tables) -> Self {
        Self {
            table: Table::new(client, &tables.ai_chat_questions),
        }
    }

    /// Records one ask: a new asker adds to the question's score and to its group's askers; a
    /// second ask by the same person only moves the question's page and time.
    #[tracing::instrument(skip(self, ask))]
    pub async fn record_ask(self, ask: &Ask<'_>) -> Result<(), StoreError> {
        let key = ask.question.to_lowercase();
        let me = ask.askers.first().cloned().ok_or_else(|| StoreError::internal(anyhow::anyhow!("no question salt")))?;
        let (condition, seen) = not_yet_asked(ask.askers);
        let mut update = self.table.update()
            .key("id", AttributeValue::S(format!("q#{key}")))
            .update_expression("SET question = :question, page_context = :page, similarity_group = :group, updated_at = :now ADD askers :me, popularity_score :one")
            .condition_expression(&condition)
            .expression_attribute_values(":question", AttributeValue::S(ask.question.to_owned()))
            .expression_attribute_values(":page", AttributeValue::S(ask.page.to_owned()))
            .expression_attribute_values(":group", AttributeValue::S(ask.group.to_owned()))
            .expression_attribute_values(":now", AttributeValue::S(ask.now.to_owned()))
            .expression_attribute_values(":me", AttributeValue::Ss(vec![me.clone()]))
            .expression_attribute_values(":one", AttributeValue::N("1".into()));
        for (name, value) in &seen {
            update = update.expression_attribute_values(name, value.clone());
        }
        let result = update.send().await;
        if condition_failed(&result) {
            self.table.update()
                .key("id", AttributeValue::S(format!("q#{key}")))
                .update_expression("SET page_context = :page, updated_at = :now")
                .expression_attribute_values(":page", AttributeValue::S(ask.page.to_owned()))
                .expression_attribute_values(":now", AttributeValue::S(ask.now.to_owned()))
                .send()
                .await?;
        } else {
            result?;
        }
        let mut group_update = self.table.update()
            .key("id", AttributeValue::S(format!("g#{}", ask.group)))
            .update_expression("ADD askers :me, asker_count :one")
            .condition_expression(&condition)
            .expression_attribute_values(":me", AttributeValue::Ss(vec![me]))
            .expression_attribute_values(":one", AttributeValue::N("1".into()));
        for (name, value) in seen {
            group_update = group_update.expression_attribute_values(name, value);
        }
        let result = group_update.send().await;
        if !condition_failed(&result) {
            result?;
        }
        Ok(())
    }

    /// Records that a paying company asked about a topic (`key`: an article or an account
    /// question), shown as `wording` — the Help Center's words, never the asker's. A new asker
    /// adds one to its score (board `topics`); an asker already counted, under any salt kept,
    /// changes nothing.
    #[tracing::instrument(skip(self, askers))]
    pub async fn record_topic(self, key: &str, wording: &str, askers: &[String], now: &str) -> Result<(), StoreError> {
        let me = askers.first().cloned().ok_or_else(|| StoreError::internal(anyhow::anyhow!("no question salt")))?;
        let (condition, seen) = not_yet_asked(askers);
        let mut update = self.table.update()
            .key("id", AttributeValue::S(format!("t#{key}")))
            .update_expression("SET question = :wording, updated_at = :now, board = if_not_exists(board, :board) ADD askers :me, popularity_score :one")
            .condition_expression(&condition)
            .expression_attribute_values(":wording", AttributeValue::S(wording.to_owned()))
            .expression_attribute_values(":now", AttributeValue::S(now.to_owned()))
            .expression_attribute_values(":board", AttributeValue::S("topics".into()))
            .expression_attribute_values(":me", AttributeValue::Ss(vec![me]))
            .expression_attribute_values(":one", AttributeValue::N("1".into()));
        for (name, value) in seen {
            update = update.expression_attribute_values(name, value);
        }
        let result = update.send().await;
        if !condition_failed(&result) {
            result?;
        }
        Ok(())
    }

    /// Hides a topic from the popular list (or shows it again): a hidden topic moves to board
    /// `hidden_topics`, where new askers still count it. `Ok(false)`: no such topic.
    #[tracing::instrument(skip(self))]
    pub async fn set_topic_hidden(self, key: &str, hidden: bool) -> Result<bool, StoreError> {
        let result = self.table.update()
            .key("id", AttributeValue::S(format!("t#{key}")))
            .update_expression("SET #hidden = :hidden, board = :board")
            .condition_expression("attribute_exists(id)")
            .expression_attribute_names("#hidden", "hidden")
            .expression_attribute_values(":hidden", AttributeValue::Bool(hidden))
            .expression_attribute_values(":board", AttributeValue::S(if hidden { "hidden_topics" } else { "topics" }.into()))
            .send()
            .await;
        if condition_failed(&result) {
            return Ok(false);
        }
        result?;
        Ok(true)
    }

    /// Records a coverage gap (`text` already scrubbed): one more on its score, on board `gaps`.
    #[tracing::instrument(skip(self, text))]
    pub async fn record_gap(self, text: &str, page: &str, now: &str) -> Result<(), StoreError> {
        self.table.update()
            .key("id", AttributeValue::S(format!("gap#{}", text.to_lowercase())))
            .update_expression("SET question = :question, page_context = :page, updated_at = :now, board = :board ADD popularity_score :one")
            .expression_attribute_values(":question", AttributeValue::S(text.to_owned()))
            .expression_attribute_values(":page", AttributeValue::S(page.to_owned()))
            .expression_attribute_values(":now", AttributeValue::S(now.to_owned()))
            .expression_attribute_values(":board", AttributeValue::S("gaps".into()))
            .expression_attribute_values(":one", AttributeValue::N("1".into()))
            .send()
            .await?;
        Ok(())
    }

    /// The top `limit` items of a board, highest score first (one Query page).
    #[tracing::instrument(skip(self))]
    pub async fn board(self, board: &str, limit: i32) -> Result<Vec<BoardEntry>, StoreError> {
        let output = self.table.query()
            .index_name("ranked")
            .key_condition_expression("board = :board")
            .expression_attribute_values(":board", AttributeValue::S(board.to_owned()))
            .scan_index_forward(false)
            .limit(limit)
            .send()
            .await?;
        Ok(output.items.unwrap_or_default().iter().map(BoardEntry::of).collect())
    }
}

/// An item of a board, read leniently: attributes missing or of another type read as absent
/// (text), empty or 0.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardEntry {
    /// The item's key without its kind prefix (a topic's key).
    pub key: String,
    /// Hidden by an administrator (a topic on board `hidden_topics`).
    pub hidden: bool,
    pub question: Option<String>,
    pub page_context: String,
    pub popularity_score: u64,
    pub updated_at: String,
    pub similarity_group: Option<String>,
}

impl BoardEntry {
    fn of(item: &HashMap<String, AttributeValue>) -> Self {
        let text = |key: &str| item.get(key).and_then(|v| v.as_s().ok()).cloned();
        Self {
            key: text("id").map(|id| id.split_once('#').map_or(id.clone(), |(_, key)| key.to_owned())).unwrap_or_default(),
            hidden: text("board").as_deref() == Some("hidden_topics"),
            question: text("question"),
            page_context: text("page_context").unwrap_or_default(),
            popularity_score: item.get("popularity_score").and_then(|v| v.as_n().ok()).and_then(|n| n.parse().ok()).unwrap_or(0),
            updated_at: text("updated_at").unwrap_or_default(),
            similarity_group: text("similarity_group"),
        }
    }
}
