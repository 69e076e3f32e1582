//! The daily digest (EventBridge, shortly after midnight UTC; locally a tick of the gateway):
//! for every founder who had leads counted on a day, one record of leads per form that day,
//! counts only. Yesterday and the day before are both tried, so a missed run catches up; each
//! founder's digest of a day is filed once.

use serde::Serialize;
use shared::{AppState, Result, lead_stats::day_string, vault::filing::file_digests};

#[derive(Debug, Serialize)]
pub struct DigestRun {
    pub days: Vec<String>,
    pub filed: usize,
}

pub async fn run(state: &AppState) -> Result<DigestRun> {
    let today = state.clock.now().date();
    let days: Vec<String> = [1, 2].iter().filter_map(|back| today.checked_sub(time::Duration::days(*back))).map(day_string).collect();
    let mut filed = 0;
    for day in &days {
        filed += file_digests(state, day).await?;
    }
    Ok(DigestRun { days, filed })
}
