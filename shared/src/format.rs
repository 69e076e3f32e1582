//! Numbers as founders read them in generated text (insights, Sparky, vault snapshots).

/// `1412500` → `1,412,500`
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `1412500` → `$1,412,500` (whole dollars).
pub fn usd(dollars: u64) -> String {
    format!("${}", grouped(dollars))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_grouped_with_commas() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1_000), "1,000");
        assert_eq!(usd(1_412_500), "$1,412,500");
        assert_eq!(usd(u64::MAX), "$18,446,744,073,709,551,615");
    }
}
