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
    mail::{Email, button, escape_html, layout},
    vault::{ChainHead, Record, filing::file_digests},
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
    let Some(founder) = state.users().get_user(owner_id).await? else {
        state.vault().mark_witnessed(owner_id, kept.head.seq).await?;
        return Ok(false);
    };
    if !shared::billing::has_pro(state, owner_id).await? {
        state.vault().mark_witnessed(owner_id, kept.head.seq).await?;
        return Ok(false);
    }
    let new = state.vault().records_since(owner_id, kept.witnessed, kept.head.seq, LISTED).await?;
    let email = witness_mail(&founder.email, &state.config.app_origin, &kept.head, kept.head.seq - kept.witnessed, &new, &state.clock.now_iso());
    state.mailer.send(&email).await.map_err(shared::ApiError::internal)?;
    state.vault().mark_witnessed(owner_id, kept.head.seq).await?;
    Ok(true)
}

/// The digest mail: the chain's head in full, and what was filed since the last one.
pub fn witness_mail(to: &str, origin: &str, head: &ChainHead, added: u64, newest: &[Record], at: &str) -> Email {
    let listed: Vec<String> = newest.iter().rev().map(|r| format!("#{} {}", r.seq, r.title)).collect();
    let more = added.saturating_sub(listed.len() as u64);
    let link = format!("{origin}/compliance-vault");
    let mut text = format!(
        "Your compliance vault's daily digest ({at}).\n\n{added} new {} since the last digest. The chain now holds {} records.\n\nHead record: #{}\nHead hash (SHA-256): {}\n\n",
        if added == 1 { "record" } else { "records" },
        head.seq,
        head.seq,
        head.hash
    );
    for line in &listed {
        text.push_str(&format!("- {line}\n"));
    }
    if more > 0 {
        text.push_str(&format!("- and {more} more\n"));
    }
    text.push_str(&format!(
        "\nKeep this e-mail: it is your own witness of the vault. 'Verify integrity' checks the vault against copies kept in write-once storage; if the head it shows for record #{} ever has another hash than the one above, the vault was changed after this mail.\n\nOpen the vault: {link}\n",
        head.seq
    ));
    let items: String = listed.iter().map(|line| format!("<li>{}</li>", escape_html(line))).collect();
    let more_html = if more > 0 { format!("<li>and {more} more</li>") } else { String::new() };
    let body = format!(
        r#"<p style="margin:0 0 12px">{added} new {} in your compliance vault since the last digest. The chain now holds {} records.</p>
<p style="margin:0 0 4px;font-weight:600">Head record #{}</p>
<p style="margin:0 0 16px;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px;word-break:break-all;background:#f3f4f6;padding:10px 12px;border-radius:8px">{}</p>
<ul style="margin:0 0 16px;padding-left:20px">{items}{more_html}</ul>
<p style="margin:0 0 12px;color:#4b5563">Keep this e-mail: it is your own witness of the vault. 'Verify integrity' checks the vault against copies kept in write-once storage; if the head it shows for record #{} ever has another hash than the one above, the vault was changed after this mail.</p>{}"#,
        if added == 1 { "record" } else { "records" },
        head.seq,
        head.seq,
        escape_html(&head.hash),
        head.seq,
        button(&link, "Open the vault"),
    );
    Email {
        to: to.to_owned(),
        subject: format!("Your compliance vault: head #{} ({}…)", head.seq, &head.hash[..head.hash.len().min(12)]),
        html: layout("Your compliance vault's daily digest", &body),
        text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shared::vault::{Actor, Category, Kind};

    fn record(seq: u64, title: &str) -> Record {
        Record {
            id: format!("id-{seq}"),
            seq,
            owner_id: "o".into(),
            kind: Kind::Upload,
            category: Category::Other,
            title: title.into(),
            notes: String::new(),
            created_at: "2026-11-25T10:00:00Z".into(),
            actor: Actor::system(),
            files: Vec::new(),
            content_sha256: String::new(),
            meta: serde_json::json!({}),
            supersedes: None,
            prev_hash: String::new(),
            hash: String::new(),
        }
    }

    #[test]
    fn the_digest_mail_carries_the_full_head_hash_and_what_was_filed_since() {
        let head = ChainHead { seq: 14, hash: "3f".repeat(32) };
        let newest = [record(13, "Deck <v3>"), record(14, "Leads captured on 2026-11-24: 3")];
        let mail = witness_mail("ada@example.com", "https://app.example", &head, 12, &newest, "2026-11-25T00:20:00Z");
        assert_eq!(mail.subject, "Your compliance vault: head #14 (3f3f3f3f3f3f…)");
        for part in [&mail.text, &mail.html] {
            assert!(part.contains(&"3f".repeat(32)), "the whole hash");
            assert!(part.contains("#14"));
            assert!(part.contains("and 10 more"));
        }
        assert!(mail.text.contains("- #14 Leads captured on 2026-11-24: 3\n- #13 Deck <v3>\n"), "{}", mail.text);
        assert!(mail.html.contains("Deck &lt;v3&gt;"), "titles are escaped");
        assert!(mail.html.contains("https://app.example/compliance-vault"));
    }
}
