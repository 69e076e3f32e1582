//! LLM providers (`AI_PROVIDER=bedrock | openai`) behind one type: Sparky answers with them,
//! insights are rephrased by them. Any failure (error, timeout, empty answer) is the caller's
//! cue to fall back to its built-in text.

use std::time::Duration;

use aws_sdk_bedrockruntime::types::{ContentBlock, ConversationRole, InferenceConfiguration, Message, SystemContentBlock};
use secrecy::ExposeSecret;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use crate::config::AiConfig;


/// An LLM answer must come within this time, or the built-in answer is given.
pub const TIMEOUT: Duration = Duration::from_secs(12);
const MAX_TOKENS: i32 = 700;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    User,
    Assistant,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::User => "user",
            Role::Assistant => "assistant",
        }
    }
}

/// Spec 3: a chat message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatMessage {
    pub role: Role,
    pub content: String,
}

/// The configured model, built once per cold start.
#[derive(Clone)]
pub enum Llm {
    OpenAi { http: reqwest::Client, base_url: String, api_key: secrecy::SecretString, model: String },
    Bedrock { client: aws_sdk_bedrockruntime::Client, model: String },
}

impl Llm {
    /// `None` for the built-in provider.
    pub fn from_config(config: &AiConfig, sdk: &aws_config::SdkConfig, http: &reqwest::Client) -> Option<Self> {
        match config {
            AiConfig::Builtin => None,
            AiConfig::OpenAi { base_url, api_key, model } => {
                Some(Self::OpenAi { http: http.clone(), base_url: base_url.clone(), api_key: api_key.clone(), model: model.clone() })
            }
            AiConfig::Bedrock { model, endpoint } => {
                let mut builder = aws_sdk_bedrockruntime::config::Builder::from(sdk);
                if let Some(endpoint) = endpoint {
                    builder = builder.endpoint_url(endpoint);
                }
                Some(Self::Bedrock { client: aws_sdk_bedrockruntime::Client::from_conf(builder.build()), model: model.clone() })
            }
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            Self::OpenAi { .. } => "openai",
            Self::Bedrock { .. } => "bedrock",
        }
    }

    /// The model's answer to the conversation, or why there is none.
    pub async fn complete(&self, system: &str, messages: &[ChatMessage]) -> anyhow::Result<String> {
        let answer = tokio::time::timeout(TIMEOUT, async {
            match self {
                Self::OpenAi { http, base_url, api_key, model } => openai(http, base_url, api_key.expose_secret(), model, system, messages).await,
                Self::Bedrock { client, model } => bedrock(client, model, system, messages).await,
            }
        })
        .await
        .map_err(|_| anyhow::anyhow!("the model did not answer within {TIMEOUT:?}"))??;
        let answer = answer.trim().to_owned();
        anyhow::ensure!(!answer.is_empty(), "the model answered with nothing");
        Ok(answer)
    }
}

async fn openai(http: &reqwest::Client, base_url: &str, api_key: &str, model: &str, system: &str, messages: &[ChatMessage]) -> anyhow::Result<String> {
    let mut chat = vec![json!({"role": "system", "content": system})];
    chat.extend(messages.iter().map(|m| json!({"role": m.role.as_str(), "content": m.content})));
    let mut request = http
        .post(format!("{base_url}/chat/completions"))
        .json(&json!({"model": model, "messages": chat, "max_tokens": MAX_TOKENS, "temperature": 0.2}));
    if !api_key.is_empty() {
        request = request.bearer_auth(api_key);
    }
    let response = request.send().await?;
    let status = response.status();
    let body: Value = response.json().await.unwrap_or(Value::Null);
    anyhow::ensure!(status.is_success(), "chat completions answered {status}: {}", body["error"]["message"].as_str().unwrap_or_default());
    body["choices"][0]["message"]["content"].as_str().map(str::to_owned).ok_or_else(|| anyhow::anyhow!("no message in the chat completion"))
}

async fn bedrock(client: &aws_sdk_bedrockruntime::Client, model: &str, system: &str, messages: &[ChatMessage]) -> anyhow::Result<String> {
    let conversation = messages
        .iter()
        .map(|m| {
            let role = match m.role {
                Role::User => ConversationRole::User,
                Role::Assistant => ConversationRole::Assistant,
            };
            Message::builder().role(role).content(ContentBlock::Text(m.content.clone())).build().map_err(anyhow::Error::new)
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let output = client
        .converse()
        .model_id(model)
        .system(SystemContentBlock::Text(system.to_owned()))
        .set_messages(Some(conversation))
        .inference_config(InferenceConfiguration::builder().max_tokens(MAX_TOKENS).temperature(0.2).build())
        .send()
        .await
        .map_err(|err| anyhow::anyhow!("Bedrock Converse failed: {}", aws_sdk_bedrockruntime::error::DisplayErrorContext(&err)))?;
    let message = output.output.and_then(|o| o.as_message().ok().cloned()).ok_or_else(|| anyhow::anyhow!("no message in the Converse output"))?;
    Ok(message.content.iter().filter_map(|block| block.as_text().ok()).cloned().collect::<Vec<_>>().join("\n"))
}

