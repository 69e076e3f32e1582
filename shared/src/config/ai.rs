//! Sparky and insights: where answers come from (`AI_PROVIDER`, `AI_MODEL`, `AI_BASE_URL`,
//! `AI_API_KEY`) and the chat's text-message contact (`SUPPORT_SMS`).

use secrecy::SecretString;

use super::{ConfigError, Env, Needs, Variable};

/// Where Sparky's answers come from (`AI_PROVIDER`).
#[derive(Debug, Clone)]
pub enum AiConfig {
    /// BM25 over the Help Center and the caller's own figures: no key, no network.
    Builtin,
    /// Amazon Bedrock's Converse API with IAM credentials (`AI_MODEL`: the model id).
    Bedrock { model: String, endpoint: Option<String> },
    /// Any OpenAI-compatible chat-completions endpoint (`AI_BASE_URL`, `AI_API_KEY`, `AI_MODEL`).
    OpenAi { base_url: String, api_key: SecretString, model: String },
}

pub(super) struct Ai {
    pub provider: AiConfig,
    pub support_sms: Option<String>,
}

pub(super) fn variables(needs: &Needs, vars: &mut Vec<Variable>) {
    if needs.ai {
        vars.push(Variable::optional("AI_PROVIDER"));
        vars.push(Variable::optional("AI_MODEL"));
        vars.push(Variable::optional("AI_BASE_URL"));
        vars.push(Variable::optional("AI_API_KEY").secret());
        vars.push(Variable::optional("SUPPORT_SMS"));
        vars.push(Variable::local_only("BEDROCK_ENDPOINT"));
    }
}

pub(super) fn read(needs: &Needs, env: &Env) -> Result<Ai, ConfigError> {
    if !needs.ai {
        return Ok(Ai { provider: AiConfig::Builtin, support_sms: None });
    }
    let provider = match env.optional("AI_PROVIDER").as_deref().unwrap_or("builtin") {
        "builtin" => AiConfig::Builtin,
        "bedrock" => AiConfig::Bedrock { model: env.required("AI_MODEL")?, endpoint: env.optional("BEDROCK_ENDPOINT") },
        "openai" => AiConfig::OpenAi {
            base_url: env.required("AI_BASE_URL")?.trim_end_matches('/').to_owned(),
            api_key: SecretString::from(env.optional("AI_API_KEY").unwrap_or_default()),
            model: env.required("AI_MODEL")?,
        },
        other => return Err(ConfigError::Invalid { name: "AI_PROVIDER", reason: format!("{other:?} is not one of builtin, bedrock, openai") }),
    };
    Ok(Ai { provider, support_sms: env.optional("SUPPORT_SMS") })
}

#[cfg(test)]
mod tests {
    use super::super::{Config, test_env::*};
    use super::*;

    #[test]
    fn each_ai_provider_names_the_variable_it_misses() {
        let needs = Needs { ai: true, ..Needs::NONE };
        let mut vars = complete();
        assert!(matches!(Config::from_lookup_for(&needs, lookup(&vars)).unwrap().ai, AiConfig::Builtin));
        set(&mut vars, "AI_PROVIDER", "bedrock");
        assert_eq!(Config::from_lookup_for(&needs, lookup(&vars)).unwrap_err(), ConfigError::Missing("AI_MODEL"));
        set(&mut vars, "AI_PROVIDER", "openai");
        set(&mut vars, "AI_MODEL", "m");
        assert_eq!(Config::from_lookup_for(&needs, lookup(&vars)).unwrap_err(), ConfigError::Missing("AI_BASE_URL"));
        set(&mut vars, "AI_PROVIDER", "oracle");
        assert!(Config::from_lookup_for(&needs, lookup(&vars)).unwrap_err().to_string().contains("AI_PROVIDER"));
    }
}
