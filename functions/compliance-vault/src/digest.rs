//! The daily digest (EventBridge, shortly after midnight UTC; locally a tick of the gateway):
//! for every founder who had leads counted on a day, one record of leads per form that day,
//! counts only. Yesterday and the day before are both tried, so a missed run catches up; each
//! founder's digest of a day is filed once.
//!
//! Then the witness: every Pro founder whose chain grew since their last digest mail is mailed
//! the chain's head (its sequence number and hash) and the records filed since. The founder
//! holds that mail outside RaiseSpark: a vault re-sealed later cannot match it. A founder
//! without Pro is not mailed (their chain is still anchored); a mail that fails is tried again
//! on the next run.

use serde::Serialize;
use shared::{
    AppState, Result,
    lead_stats::day_string,
    mail::templates,
    services::vault_filing::file_digests,
};

#[derive(Debug, Serialize)]
pub struct DigestRun {
    pub days: Vec<String>,
    pub filed: usize,
    /// Founders mailed their chain's head.
    pub witnessed: usize,
}

/// Records listed by name in a digest mail (the newest; the count says how many more).
pub const LISTED: u64 = 10;

pub async fn run(state: &AppState) -> Result<DigestRun> {
    let today = state.clock.now().date();
    let days: Vec<String> = [1, 2].iter().filter_map(|back| today.checked_sub(time::Duration::days(*back))).map(day_string).collect();
    let mut filed = 0;
    for day in &days {
        filed += file_digests(state, day).await?;
    }
    let mut witnessed = 0;
    for owner_id in state.vault().due_witnesses().await? {
        match witness(state, &owner_id).await {
            Ok(true) => witnessed += 1,
            Ok(false) => {}
            Err(err) => tracing::error!(owner_id, error = %err, "vault witness not mailed: the next run tries again"),
        }
    }
    Ok(DigestRun { days, filed, witnessed })
}

/// Mails one founder their chain's head (anchored first, so the mail names what is kept in
/// write-once storage). `false` when there was nothing to mail.
async fn witness(state: &AppState, owner_id: &str) -> Result<bool> {
    state.vault().anchor_pending(owner_id).await?;
    let kept = state.vault().head_of(owner_id).await?;
    if kept.head.seq == 0 || kept.witnessed >= kept.head.seq {
        state.vault().mark_witnessed(owner_id, kept.head.seq).await?;
        return Ok(false);
    }
    // The company's owner today: ownership changes hands, and a company made after sign-up
    // has an id no account has.
    let owner = shared::services::teams::owner_today(state, owner_id).await?;
    let Some(founder) = state.users().get_user(&owner).await? else {
        state.vault().mark_witnessed(owner_id, kept.head.seq).await?;
        return Ok(false);
    };
    if !shared::services::access::has_pro(state, owner_id).await? {
        state.vault().mark_witnessed(owner_id, kept.head.seq).await?;
        return Ok(false);
    }
    let new = state.vault().records_since(owner_id, kept.witnessed, kept.head.seq, LISTED).await?;
    let email = templates::vault_digest(&founder.email, &state.config.app_origin, &kept.head, kept.head.seq - kept.witnessed, &new, &state.clock.now_iso());
    state.mailer.send(&email).await.map_err(shared::ApiError::internal)?;
    state.vault().mark_witnessed(owner_id, kept.head.seq).await?;
    Ok(true)
}
