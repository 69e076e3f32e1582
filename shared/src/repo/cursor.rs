//! Page cursors of the admin area's listings: the DynamoDB key a page continues from, as
//! opaque URL-safe base64 of a small JSON object of its string attributes (sorted by name).
//! A cursor only continues the listing it came from; anything else is an [`InvalidCursor`].

use std::collections::{BTreeMap, HashMap};

use aws_sdk_dynamodb::types::AttributeValue;
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use crate::dynamo::Item;

/// A cursor this listing did not hand out (malformed, edited or another listing's): the
/// caller starts from the first page again (the HTTP layer answers 400 `invalid_cursor`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the page cursor is not valid")]
pub struct InvalidCursor;

/// Encodes the string attributes `names` of a key (`None` when one is missing).
pub fn encode(key: &Item, names: &[&str]) -> Option<String> {
    let plain: BTreeMap<&str, &String> = names.iter().map(|name| Some((*name, key.get(*name)?.as_s().ok()?))).collect::<Option<_>>()?;
    serde_json::to_vec(&plain).ok().map(|bytes| URL_SAFE_NO_PAD.encode(bytes))
}

/// Decodes a cursor holding exactly the string attributes `names`.
pub fn decode(cursor: &str, names: &[&str]) -> Result<Item, InvalidCursor> {
    let bytes = URL_SAFE_NO_PAD.decode(cursor.trim()).map_err(|_| InvalidCursor)?;
    let plain: HashMap<String, String> = serde_json::from_slice(&bytes).map_err(|_| InvalidCursor)?;
    if plain.len() != names.len() || !names.iter().all(|name| plain.contains_key(*name)) {
        return Err(InvalidCursor);
    }
    Ok(plain.into_iter().map(|(name, value)| (name, AttributeValue::S(value))).collect())
}

/// A key of string attributes (what a cursor holds), e.g. built from a record's fields.
pub fn key_of<'a>(pairs: impl IntoIterator<Item = (&'a str, String)>) -> Item {
    pairs.into_iter().map(|(name, value)| (name.to_owned(), AttributeValue::S(value))).collect()
}

/// Sets a string attribute of a key (a partition the cursor leaves out).
pub fn set_text(key: &mut Item, name: &str, value: &str) {
    key.insert(name.to_owned(), AttributeValue::S(value.to_owned()));
}

/// The string value of one attribute of a decoded key.
pub fn text<'a>(key: &'a Item, name: &str) -> &'a str {
    key.get(name).and_then(|value| value.as_s().ok()).map_or("", String::as_str)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(pairs: &[(&str, &str)]) -> Item {
        key_of(pairs.iter().map(|(k, v)| (*k, (*v).to_owned())))
    }

    #[test]
    fn a_cursor_round_trips_and_is_url_safe() {
        let original = key(&[("id", "u1"), ("email", "a+b/c@example.com"), ("directory", "user")]);
        let cursor = encode(&original, &["id", "email"]).unwrap();
        assert!(cursor.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'), "{cursor}");
        let decoded = decode(&cursor, &["id", "email"]).unwrap();
        assert_eq!(text(&decoded, "email"), "a+b/c@example.com");
        assert_eq!(decoded.len(), 2);
    }

    #[test]
    fn malformed_or_foreign_cursors_are_refused() {
        for bad in ["", "!!!", "bm90IGpzb24", &URL_SAFE_NO_PAD.encode(br#"{"id":"u1"}"#), &URL_SAFE_NO_PAD.encode(br#"{"id":"u1","email":3}"#)] {
            assert_eq!(decode(bad, &["id", "email"]), Err(InvalidCursor), "{bad}");
        }
        let extra = URL_SAFE_NO_PAD.encode(br#"{"id":"u1","email":"a@b.c","x":"y"}"#);
        assert!(decode(&extra, &["id", "email"]).is_err());
        assert!(encode(&key(&[("id", "u1")]), &["id", "email"]).is_none());
    }
}
