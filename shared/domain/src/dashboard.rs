//! The dashboard's figures and achievements (spec 9), computed over **all** of a founder's
//! leads and forms: the totals come from counters kept on write, never from the 5 recent leads.

use serde::Serialize;

/// What the figures are computed from.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    pub forms: u64,
    pub views: u64,
    /// The most views any one form has.
    pub max_form_views: u64,
    pub leads: u64,
    /// The sum of every lead's estimated amount, whole dollars.
    pub estimated_interest: u64,
}

#[derive(Debug, Clone, Copy)]
enum Requirement {
    Always,
    Forms(u64),
    FormViews(u64),
    Views(u64),
    Leads(u64),
    Interest(u64),
}

struct Badge {
    id: &'static str,
    title: &'static str,
    description: &'static str,
    color: &'static str,
    advanced: bool,
    requires: Requirement,
}

const fn badge(id: &'static str, title: &'static str, description: &'static str, color: &'static str, advanced: bool, requires: Requirement) -> Badge {
    Badge { id, title, description, color, advanced, requires }
}

/// The 16 achievements in display order: 8 basic, then 8 advanced (thresholds of spec 9).
const BADGES: [Badge; 16] = [
    badge("joined", "Spark Ignited", "Joined RaiseSpark to raise capital", "amber", false, Requirement::Always),
    badge("created_form", "Form Builder", "Created your first investor form", "blue", false, Requirement::Forms(1)),
    badge("embed_form", "Live on the Web", "A form reached 3 views", "indigo", false, Requirement::FormViews(3)),
    badge("first_visitor", "First Visitors", "A form reached 5 views", "purple", false, Requirement::FormViews(5)),
    badge("first_lead", "First Lead", "Captured your first investor lead", "green", false, Requirement::Leads(1)),
    badge("100_views", "100 Views", "Your forms were viewed 100 times", "orange", false, Requirement::Views(100)),
    badge("25_leads", "25 Leads", "Captured 25 investor leads", "emerald", false, Requirement::Leads(25)),
    badge("10k_interest", "$10K Interest", "Investors indicated $10,000 of interest", "rose", false, Requirement::Interest(10_000)),
    badge("50_leads", "50 Leads", "Captured 50 investor leads", "emerald", true, Requirement::Leads(50)),
    badge("25k_interest", "$25K Interest", "Investors indicated $25,000 of interest", "rose", true, Requirement::Interest(25_000)),
    badge("100_leads", "100 Leads", "Captured 100 investor leads", "green", true, Requirement::Leads(100)),
    badge("50k_interest", "$50K Interest", "Investors indicated $50,000 of interest", "amber", true, Requirement::Interest(50_000)),
    badge("200_leads", "200 Leads", "Captured 200 investor leads", "blue", true, Requirement::Leads(200)),
    badge("100k_interest", "$100K Interest", "Investors indicated $100,000 of interest", "purple", true, Requirement::Interest(100_000)),
    badge("500_leads", "500 Leads", "Captured 500 investor leads", "indigo", true, Requirement::Leads(500)),
    badge("500k_interest", "$500K Interest", "Investors indicated $500,000 of interest", "orange", true, Requirement::Interest(500_000)),
];

/// Spec 3, Achievement.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Achievement {
    pub id: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    pub earned: bool,
    pub color: &'static str,
    pub is_advanced: bool,
}

/// `GET /api/leads/summary`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub total_views: u64,
    pub total_leads: u64,
    /// `round(leads / views * 100)`, 0 with no views.
    pub conversion_rate: u64,
    /// `floor(views * 0.45)`.
    pub estimated_clicks: u64,
    pub estimated_interest: u64,
    pub achievements: Vec<Achievement>,
    /// Over basic plus advanced badges.
    pub earned_count: usize,
    pub total_count: usize,
    /// All 8 basic badges are earned, so the advanced ones show too.
    pub advanced_unlocked: bool,
}

pub fn conversion_rate(leads: u64, views: u64) -> u64 {
    if views == 0 { 0 } else { (leads as f64 / views as f64 * 100.0).round() as u64 }
}

pub fn estimated_clicks(views: u64) -> u64 {
    // Integer arithmetic: floor(views * 0.45) without float rounding surprises.
    views.saturating_mul(45) / 100
}

impl Summary {
    pub fn of(totals: Totals) -> Self {
        let achievements: Vec<Achievement> = BADGES
            .iter()
            .map(|b| Achievement {
                id: b.id,
                title: b.title,
                description: b.description,
                color: b.color,
                is_advanced: b.advanced,
                earned: match b.requires {
                    Requirement::Always => true,
                    Requirement::Forms(n) => totals.forms >= n,
                    Requirement::FormViews(n) => totals.max_form_views >= n,
                    Requirement::Views(n) => totals.views >= n,
                    Requirement::Leads(n) => totals.leads >= n,
                    Requirement::Interest(n) => totals.estimated_interest >= n,
                },
            })
            .collect();
        let advanced_unlocked = achievements.iter().filter(|a| !a.is_advanced).all(|a| a.earned);
        Self {
            total_views: totals.views,
            total_leads: totals.leads,
            conversion_rate: conversion_rate(totals.leads, totals.views),
            estimated_clicks: estimated_clicks(totals.views),
            estimated_interest: totals.estimated_interest,
            earned_count: achievements.iter().filter(|a| a.earned).count(),
            total_count: achievements.len(),
            advanced_unlocked,
            achievements,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn earned(summary: &Summary) -> Vec<&'static str> {
        summary.achievements.iter().filter(|a| a.earned).map(|a| a.id).collect()
    }

    #[test]
    fn stats_follow_spec_nine() {
        assert_eq!(conversion_rate(7, 0), 0);
        assert_eq!(conversion_rate(7, 20), 35);
        assert_eq!(conversion_rate(1, 3), 33);
        assert_eq!(conversion_rate(2, 3), 67);
        assert_eq!(estimated_clicks(0), 0);
        assert_eq!(estimated_clicks(3), 1);
        assert_eq!(estimated_clicks(20), 9);
        assert_eq!(estimated_clicks(100), 45);
    }

    #[test]
    fn a_new_founder_has_only_spark_ignited() {
        let summary = Summary::of(Totals::default());
        assert_eq!(earned(&summary), ["joined"]);
        assert_eq!((summary.earned_count, summary.total_count), (1, 16));
        assert!(!summary.advanced_unlocked);
        assert_eq!(summary.achievements.iter().filter(|a| !a.is_advanced).count(), 8);
        assert_eq!(summary.achievements[0].title, "Spark Ignited");
    }

    #[test]
    fn thresholds_are_inclusive_and_counted_over_all_leads() {
        let totals = Totals { forms: 2, views: 100, max_form_views: 4, leads: 7, estimated_interest: 9_999 };
        assert_eq!(earned(&Summary::of(totals)), ["joined", "created_form", "embed_form", "first_lead", "100_views"]);

        let totals = Totals { forms: 1, views: 99, max_form_views: 5, leads: 25, estimated_interest: 10_000 };
        let summary = Summary::of(totals);
        assert_eq!(earned(&summary), ["joined", "created_form", "embed_form", "first_visitor", "first_lead", "25_leads", "10k_interest"]);
        assert!(!summary.advanced_unlocked, "100_views is still missing");
    }

    #[test]
    fn advanced_badges_unlock_after_all_basic_ones() {
        let totals = Totals { forms: 3, views: 1_000, max_form_views: 600, leads: 200, estimated_interest: 100_000 };
        let summary = Summary::of(totals);
        assert!(summary.advanced_unlocked);
        assert_eq!(summary.earned_count, 8 + 6);
        let missing: Vec<&str> = summary.achievements.iter().filter(|a| !a.earned).map(|a| a.id).collect();
        assert_eq!(missing, ["500_leads", "500k_interest"]);
    }
}
