//! Counters kept on write (dashboard totals, form views) are read leniently and written with
//! saturation, so nothing an anonymous investor sends — and no value a past bug stored — can
//! make a founder's read fail.

use serde::{Deserialize, Deserializer};

/// Where every counter saturates: far above anything real (a quadrillion leads or dollars),
/// and below 2^53, so the figure survives JSON and JavaScript numbers exactly.
pub const CEILING: u64 = 1_000_000_000_000_000;

/// Clamps any stored number into `0..=CEILING`: negative, fractional, huge or non-numeric
/// values never fail a read.
pub fn clamp(value: &serde_json::Value) -> u64 {
    match value {
        serde_json::Value::Number(n) => match (n.as_u64(), n.as_i64(), n.as_f64()) {
            (Some(u), _, _) => u.min(CEILING),
            (None, Some(_negative), _) => 0,
            (None, None, Some(f)) if f.is_finite() && f > 0.0 => (f.min(CEILING as f64)) as u64,
            _ => 0,
        },
        serde_json::Value::String(text) => match text.trim().parse::<f64>() {
            Ok(f) if f.is_finite() && f > 0.0 => (f.min(CEILING as f64)) as u64,
            _ => 0,
        },
        _ => 0,
    }
}

/// `#[serde(default, deserialize_with = "counters::lenient")]` on a counter field.
pub fn lenient<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
    Ok(serde_json::Value::deserialize(deserializer).map(|value| clamp(&value)).unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize)]
    struct Counted {
        #[serde(default, deserialize_with = "lenient")]
        total: u64,
    }

    fn read(value: serde_json::Value) -> u64 {
        serde_json::from_value::<Counted>(serde_json::json!({ "total": value })).unwrap().total
    }

    #[test]
    fn stored_counters_of_any_shape_read_without_failing() {
        assert_eq!(read(serde_json::json!(42)), 42);
        assert_eq!(read(serde_json::json!(-7)), 0);
        assert_eq!(read(serde_json::json!(12.9)), 12);
        assert_eq!(read(serde_json::json!(1e20)), CEILING);
        assert_eq!(read(serde_json::json!("99999999999999999999")), CEILING);
        assert_eq!(read(serde_json::json!(" 12 ")), 12);
        assert_eq!(read(serde_json::json!("lots")), 0);
        assert_eq!(read(serde_json::json!(true)), 0);
        assert_eq!(read(serde_json::json!({})), 0);
        assert_eq!(read(serde_json::Value::Null), 0);
        assert_eq!(serde_json::from_value::<Counted>(serde_json::json!({})).unwrap().total, 0);
    }
}
