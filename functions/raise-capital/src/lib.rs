//! `raise-capital`: the Reg CF readiness guide and the raise-cost estimator.
//!
//! - `GET /api/raise-capital/progress` — the steps with the caller's progress
//! - `PUT /api/raise-capital/progress/{step}` — `{done: bool}`; answers the new progress
//! - `GET /api/raise-capital/costs?amount=` — public: the itemised cost range of a raise
//!
//! Progress is a string set on the caller's profile item (`raise_capital_done`), so it is
//! saved per user on the server and a step is only ever added or removed, never overwritten
//! by a stale page.

pub mod config;
pub mod costs;

use std::collections::HashSet;

use axum::{
    Json, Router,
    extract::{Path, State},
    routing::{get, put},
};
use serde::{Deserialize, Serialize};
use shared::{
    http::member::Member,
    teams::Action,ApiError, AppState, Result, http::JsonBody};

/// One step of the guide, with the product feature that helps.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Step {
    pub id: &'static str,
    pub title: &'static str,
    pub summary: &'static str,
    pub tasks: &'static [&'static str],
    pub link: &'static str,
    pub link_label: &'static str,
}

pub const STEPS: &[Step] = &[
    Step {
        id: "choose_portal",
        title: "Choose a funding portal",
        summary: "Every Reg CF offering runs through one SEC-registered funding portal or broker-dealer. Compare fees, audience and the services included.",
        tasks: &[
            "Shortlist three FINRA-registered portals that list companies like yours",
            "Compare success fees, equity fees and what marketing help is included",
            "Estimate your total raise costs before you sign",
        ],
        link: "/equity-crowdfunding-costs",
        link_label: "Estimate your raise costs",
    },
    Step {
        id: "prepare_financials",
        title: "Prepare your financials",
        summary: "Form C needs financial statements for the last two fiscal years: certified, reviewed or audited depending on how much you raise.",
        tasks: &[
            "Close your books for the last two fiscal years",
            "Engage an independent CPA for a review or audit if your raise needs one",
            "Keep statements, cap table and corporate documents in one place",
        ],
        link: "/compliance-vault",
        link_label: "Open the Compliance vault",
    },
    Step {
        id: "test_the_waters",
        title: "Test the waters",
        summary: "Under Rule 206 you may gauge interest before filing, with the required legend and no money accepted. Capture non-binding indications of interest.",
        tasks: &[
            "Publish an investor form with the testing-the-waters legend",
            "Embed it on your website and share it with your community",
            "Follow up with your hot and warm leads",
        ],
        link: "/forms",
        link_label: "Build an investor form",
    },
    Step {
        id: "file_form_c",
        title: "File Form C",
        summary: "Your portal helps you file Form C on EDGAR, with your financials and every testing-the-waters communication as exhibits.",
        tasks: &[
            "Draft the offering terms and disclosures with your counsel",
            "Attach your testing-the-waters materials as exhibits",
            "File on EDGAR and wait for the portal to go live",
        ],
        link: "/compliance-vault",
        link_label: "Collect your filings",
    },
    Step {
        id: "launch",
        title: "Launch your campaign",
        summary: "Once live, tell the investors who raised their hands first: early momentum draws the crowd.",
        tasks: &[
            "E-mail your hot leads on launch day",
            "Send updates to warm and cold leads through the campaign",
            "Point your website's investor form at the live offering",
        ],
        link: "/campaigns",
        link_label: "Plan your campaigns",
    },
    Step {
        id: "close",
        title: "Close the round",
        summary: "Reach your target, close through the portal and keep investors informed with annual reports (Form C-AR).",
        tasks: &[
            "Confirm the target amount is reached before the deadline",
            "Thank every investor and share what comes next",
            "Calendar your Form C-AR annual report",
        ],
        link: "/leads",
        link_label: "Review your investor leads",
    },
];

pub fn router(state: AppState) -> Router {
    let router = Router::new()
        .route("/progress", get(progress))
        .route("/progress/{step}", put(set_step))
        .route("/costs", get(estimate))
        .with_state(state.clone());
    shared::http::audit::audited("raise-capital", shared::http::activity::recorded("raise-capital", router, &state), &state)
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct StepView {
    #[serde(flatten)]
    step: Step,
    done: bool,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Progress {
    steps: Vec<StepView>,
    completed: usize,
    total: usize,
}

fn view(done: &HashSet<String>) -> Progress {
    let steps: Vec<StepView> = STEPS.iter().map(|step| StepView { step: step.clone(), done: done.contains(step.id) }).collect();
    Progress { completed: steps.iter().filter(|s| s.done).count(), total: steps.len(), steps }
}

#[tracing::instrument(skip(state))]
async fn progress(State(state): State<AppState>, member: Member) -> Result<Json<Progress>> {
    Ok(Json(view(&state.profiles().guide_steps(&member.company_id).await?)))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct StepChange {
    done: bool,
}

#[tracing::instrument(skip(state, body))]
async fn set_step(State(state): State<AppState>, member: Member, Path(step): Path<String>, JsonBody(body): JsonBody<StepChange, 256>) -> Result<Json<Progress>> {
    member.require(Action::ChangeOffering)?;
    let Some(step) = STEPS.iter().find(|s| s.id == step) else {
        return Err(ApiError::not_found("There is no such step in the guide."));
    };
    Ok(Json(view(&state.profiles().set_guide_step(&member.company_id, step.id, body.done).await?)))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CostQuery {
    amount: Option<String>,
}

async fn estimate(shared::http::QueryParams(query): shared::http::QueryParams<CostQuery>) -> Result<([(axum::http::HeaderName, &'static str); 1], Json<costs::Estimate>)> {
    let raw = query.amount.unwrap_or_default();
    let amount: u64 = raw
        .trim()
        .replace([',', '$'], "")
        .parse()
        .map_err(|_| ApiError::bad_request("invalid_amount", "Enter the amount you plan to raise, in dollars."))?;
    let estimate = costs::estimate(amount)?;
    Ok(([(axum::http::header::CACHE_CONTROL, "public, max-age=3600")], Json(estimate)))
}
