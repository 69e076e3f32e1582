//! Reading variables: what a section asks of the environment, and what a deployment must set.

/// A variable a function could not start with, by name.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum ConfigError {
    #[error("missing environment variable {0}")]
    Missing(&'static str),
    #[error("invalid environment variable {name}: {reason}")]
    Invalid { name: &'static str, reason: String },
}

/// One variable a function reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Variable {
    pub name: &'static str,
    pub presence: Presence,
    /// Comes from Secrets Manager in `template.yaml`, never a plain value.
    pub secret: bool,
}

impl Variable {
    pub const fn required(name: &'static str) -> Self {
        Self { name, presence: Presence::Required, secret: false }
    }
    pub const fn optional(name: &'static str) -> Self {
        Self { name, presence: Presence::Optional, secret: false }
    }
    pub const fn local_only(name: &'static str) -> Self {
        Self { name, presence: Presence::LocalOnly, secret: false }
    }
    /// From Secrets Manager in `template.yaml`.
    pub const fn secret(self) -> Self {
        Self { secret: true, ..self }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Presence {
    /// `template.yaml` must give it.
    Required,
    /// `template.yaml` may give it (an empty value means "off").
    Optional,
    /// Read only locally or in tests (endpoint overrides); never in `template.yaml`.
    LocalOnly,
}

/// The environment as the sections read it: blank counts as unset, values are trimmed.
pub struct Env<'a> {
    lookup: &'a dyn Fn(&str) -> Option<String>,
}

impl<'a> Env<'a> {
    pub fn new(lookup: &'a dyn Fn(&str) -> Option<String>) -> Self {
        Self { lookup }
    }

    pub fn optional(&self, name: &str) -> Option<String> {
        (self.lookup)(name).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
    }

    pub fn required(&self, name: &'static str) -> Result<String, ConfigError> {
        self.optional(name).ok_or(ConfigError::Missing(name))
    }

    /// `true` only when the variable says exactly `value`.
    pub fn is(&self, name: &str, value: &str) -> bool {
        self.optional(name).as_deref() == Some(value)
    }
}

impl From<crate::keys::InvalidSecrets> for ConfigError {
    fn from(invalid: crate::keys::InvalidSecrets) -> Self {
        ConfigError::Invalid { name: invalid.variable, reason: invalid.reason }
    }
}
