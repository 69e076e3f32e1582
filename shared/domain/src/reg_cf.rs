//! Regulation Crowdfunding's figures as the rules state them (17 CFR 227.100), for what
//! RaiseSpark computes from them. The investor thresholds are the SEC's 2022 inflation
//! adjustment.

/// The most a company may raise under Reg CF in 12 months.
pub const OFFERING_LIMIT: u64 = 5_000_000;
/// Below this income or net worth, the smaller limit applies; also the larger limit's cap.
pub const INVESTOR_THRESHOLD: u64 = 124_000;
/// The least a non-accredited investor may always invest in 12 months.
pub const INVESTOR_MINIMUM: u64 = 2_500;

/// Which rule set a non-accredited investor's limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitRule {
    /// Income or net worth below the threshold: the greater of $2,500 or 5%.
    FivePercent,
    /// Both at or above the threshold: 10%, capped at the threshold.
    TenPercent,
}

/// The most a non-accredited investor may invest across all Reg CF offerings in 12 months,
/// from their annual income and net worth (whole dollars), and the rule that set it.
pub fn investment_limit(income: u64, net_worth: u64) -> (u64, LimitRule) {
    let greater = income.max(net_worth);
    if income < INVESTOR_THRESHOLD || net_worth < INVESTOR_THRESHOLD {
        (INVESTOR_MINIMUM.max(greater.saturating_mul(5) / 100), LimitRule::FivePercent)
    } else {
        ((greater / 10).min(INVESTOR_THRESHOLD), LimitRule::TenPercent)
    }
}

/// What a non-accredited investor may still put in after investing `already` in Reg CF
/// offerings in the last 12 months (the limit counts every offering together).
pub fn investment_room(income: u64, net_worth: u64, already: u64) -> u64 {
    investment_limit(income, net_worth).0.saturating_sub(already)
}

/// What a company may still raise under Reg CF after selling `raised` in the last 12 months.
pub fn offering_room(raised: u64) -> u64 {
    OFFERING_LIMIT.saturating_sub(raised)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_left_counts_every_offering_of_the_last_12_months() {
        assert_eq!(investment_room(50_000, 45_000, 2_000), 500);
        assert_eq!(investment_room(50_000, 45_000, 3_000), 0);
        assert_eq!(investment_room(300_000, 2_000_000, 24_000), 100_000);
        assert_eq!(offering_room(3_100_000), 1_900_000);
        assert_eq!(offering_room(6_000_000), 0);
    }

    #[test]
    fn the_investment_limit_follows_the_rule_for_each_side_of_the_threshold() {
        // One of the two below $124,000: the greater of $2,500 or 5% of the greater figure.
        assert_eq!(investment_limit(80_000, 200_000), (10_000, LimitRule::FivePercent));
        assert_eq!(investment_limit(20_000, 0), (2_500, LimitRule::FivePercent));
        assert_eq!(investment_limit(40_000, 40_000), (2_500, LimitRule::FivePercent));
        assert_eq!(investment_limit(123_999, 1_000_000), (50_000, LimitRule::FivePercent));
        // Both at or above: 10% of the greater, capped at $124,000.
        assert_eq!(investment_limit(124_000, 124_000), (12_400, LimitRule::TenPercent));
        assert_eq!(investment_limit(300_000, 2_000_000), (124_000, LimitRule::TenPercent));
        assert_eq!(investment_limit(500_000, 150_000), (50_000, LimitRule::TenPercent));
        // A hostile figure ("99999999999999999999k a year") saturates, it never overflows.
        assert_eq!(investment_limit(u64::MAX, 0), (u64::MAX / 100, LimitRule::FivePercent));
        assert_eq!(investment_limit(u64::MAX, u64::MAX), (INVESTOR_THRESHOLD, LimitRule::TenPercent));
        assert_eq!(investment_room(u64::MAX, 0, u64::MAX), 0);
    }
}
