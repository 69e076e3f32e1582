//! What a Regulation Crowdfunding raise costs, line by line, as a range. Reg CF allows up to
//! $5,000,000 in 12 months; the financial statements Form C needs depend on the amount
//! (17 CFR 227.201(t), thresholds as adjusted in 2021): up to $124,000 certified by the
//! principal executive officer, up to $618,000 reviewed by an independent accountant, above
//! that audited — except a first-time Reg CF issuer may file reviewed statements up to
//! $1,235,000. The estimator assumes a first-time issuer.

use serde::Serialize;
use shared::ApiError;

pub const MIN_RAISE: u64 = 10_000;
pub const MAX_RAISE: u64 = 5_000_000;
pub const CERTIFIED_UP_TO: u64 = 124_000;
pub const REVIEWED_UP_TO: u64 = 618_000;
pub const FIRST_TIME_REVIEWED_UP_TO: u64 = 1_235_000;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CostLine {
    pub key: &'static str,
    pub label: &'static str,
    pub description: String,
    pub low: u64,
    pub high: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Estimate {
    pub amount: u64,
    pub financials_tier: &'static str,
    pub lines: Vec<CostLine>,
    pub total_low: u64,
    pub total_high: u64,
    /// Totals as a share of the raise, one decimal.
    pub percent_low: f64,
    pub percent_high: f64,
}

/// Rounded to the nearest $100.
fn hundred(value: f64) -> u64 {
    ((value / 100.0).round() * 100.0) as u64
}

fn share(amount: u64, percent: f64) -> u64 {
    hundred(amount as f64 * percent / 100.0)
}

pub fn financials_tier(amount: u64) -> (&'static str, u64, u64) {
    match amount {
        a if a <= CERTIFIED_UP_TO => ("Certified by your principal executive officer", 0, 1_500),
        a if a <= FIRST_TIME_REVIEWED_UP_TO => ("Reviewed by an independent CPA", 3_000, 10_000),
        _ => ("Audited by an independent CPA", 12_000, 35_000),
    }
}

/// 'Reviewed by an independent CPA' → 'reviewed by an independent CPA'.
fn lowercase_first(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|first| first.to_lowercase().chain(chars).collect()).unwrap_or_default()
}

pub fn estimate(amount: u64) -> Result<Estimate, ApiError> {
    if !(MIN_RAISE..=MAX_RAISE).contains(&amount) {
        return Err(ApiError::bad_request(
            "invalid_amount",
            "Enter an amount between $10,000 and $5,000,000, the most Regulation Crowdfunding allows in 12 months.",
        ));
    }
    let (tier, financials_low, financials_high) = financials_tier(amount);
    let (legal_low, legal_high) = match amount {
        a if a <= 250_000 => (3_000, 10_000),
        a if a <= 1_235_000 => (7_500, 20_000),
        _ => (15_000, 40_000),
    };
    let lines = vec![
        CostLine {
            key: "portal",
            label: "Funding portal fee",
            description: "A success fee of about 5–8% of the amount raised; some portals also take a small equity stake.".into(),
            low: share(amount, 5.0),
            high: share(amount, 8.0),
        },
        CostLine {
            key: "legal",
            label: "Legal",
            description: "Offering terms, Form C disclosures and a review of your testing-the-waters materials.".into(),
            low: legal_low,
            high: legal_high,
        },
        CostLine {
            key: "financials",
            label: "Accounting and financial statements",
            description: format!("Two years of statements, {}.", lowercase_first(tier)),
            low: financials_low,
            high: financials_high,
        },
        CostLine {
            key: "filing",
            label: "Form C and EDGAR filing",
            description: "EDGAR access codes, a filing agent for Form C, and the first Form C-AR annual report.".into(),
            low: 500,
            high: 2_500,
        },
        CostLine {
            key: "escrow",
            label: "Escrow, payments and transfer agent",
            description: "Escrow set-up and card or ACH processing (about 1–3% of funds), plus a transfer agent for the cap table.".into(),
            low: 1_000 + share(amount, 1.0),
            high: 3_000 + share(amount, 3.0),
        },
        CostLine {
            key: "marketing",
            label: "Marketing",
            description: "Campaign video, ads and e-mail to the investors who indicated interest: commonly 3–10% of the target.".into(),
            low: share(amount, 3.0),
            high: share(amount, 10.0),
        },
    ];
    let total_low: u64 = lines.iter().map(|l| l.low).sum();
    let total_high: u64 = lines.iter().map(|l| l.high).sum();
    let percent = |total: u64| (total as f64 / amount as f64 * 1000.0).round() / 10.0;
    Ok(Estimate { amount, financials_tier: tier, percent_low: percent(total_low), percent_high: percent(total_high), lines, total_low, total_high })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_financial_statements_follow_the_reg_cf_thresholds() {
        assert_eq!(financials_tier(124_000).0, "Certified by your principal executive officer");
        assert_eq!(financials_tier(124_001).0, "Reviewed by an independent CPA");
        assert_eq!(financials_tier(1_235_000).0, "Reviewed by an independent CPA");
        assert_eq!(financials_tier(1_235_001).0, "Audited by an independent CPA");
    }

    #[test]
    fn a_raise_is_itemised_and_totalled() {
        let e = estimate(500_000).unwrap();
        let line = |key: &str| e.lines.iter().find(|l| l.key == key).unwrap().clone();
        assert_eq!((line("portal").low, line("portal").high), (25_000, 40_000));
        assert_eq!((line("escrow").low, line("escrow").high), (6_000, 18_000));
        assert_eq!((line("marketing").low, line("marketing").high), (15_000, 50_000));
        assert_eq!(e.total_low, 25_000 + 7_500 + 3_000 + 500 + 6_000 + 15_000);
        assert_eq!(e.total_high, 40_000 + 20_000 + 10_000 + 2_500 + 18_000 + 50_000);
        assert_eq!(e.percent_low, 11.4);
        assert_eq!(e.percent_high, 28.1);
        assert!(e.lines.iter().all(|l| l.low <= l.high));
        assert_eq!(line("financials").description, "Two years of statements, reviewed by an independent CPA.");
    }

    #[test]
    fn amounts_outside_reg_cf_are_refused() {
        assert!(estimate(9_999).is_err());
        assert!(estimate(5_000_001).is_err());
        assert!(estimate(10_000).is_ok() && estimate(5_000_000).is_ok());
    }
}
