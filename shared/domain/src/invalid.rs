//! The one way a rule refuses input: a stable snake_case `code` and the `message` the founder or
//! investor reads. The HTTP layer answers it as 400 with the same code and message.

use std::borrow::Cow;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Invalid {
    pub code: Cow<'static, str>,
    pub message: Cow<'static, str>,
}

impl Invalid {
    pub fn new(code: impl Into<Cow<'static, str>>, message: impl Into<Cow<'static, str>>) -> Self {
        Self { code: code.into(), message: message.into() }
    }
}

/// What a rule that checks input returns.
pub type Checked<T> = Result<T, Invalid>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_invalid_reads_as_its_message() {
        let invalid = Invalid::new("too_long", "The name can be at most 100 characters.");
        assert_eq!(invalid.to_string(), "The name can be at most 100 characters.");
        assert_eq!(invalid.code, "too_long");
    }
}
