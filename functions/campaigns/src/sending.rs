//! Sending: a started campaign's audience is snapshot into `campaign_recipients` (one
//! `pending` item per address); senders then work through the pending recipients in chunks —
//! locally right after the request answered (and again by the dispatcher's tick after a
//! restart), in AWS from the recipients table's stream. Each recipient is claimed before the
//! mail is handed over, so a retried or restarted chunk never sends a second copy; the send
//! rate is shared by every sender through one limiter in DynamoDB.

use std::collections::HashSet;

use shared::{
    ApiError, AppState, Result,
    campaigns::{CLICK_LINK_DAYS, Click, Compliance, Links, MergeValues, Open, Recipient, UNSUBSCRIBE_LINK_DAYS, Unsubscribe, render, sign, suppressed_set},
    mail::CampaignEmail,
    rate_limit::Rule,
    services::vault_filing::{SentCampaign, file_campaign},
    vault::offering::OfferingStatus,
    repo::{
        campaign_recipients::{self as recipients, FAILED, RecipientRow, SENT, SUPPRESSED},
        campaigns::{Campaign, Sender},
    },
};

use crate::mailer::{CampaignMailer, SendError};

/// Recipients a sender takes at a time.
pub const CHUNK: usize = 25;
/// Chunks sent at once by a local drain.
pub const SENDERS: usize = 4;

/// Everything a chunk's messages share.
pub struct Job {
    pub campaign: Campaign,
    pub compliance: Compliance,
    /// The offering's status when the job was loaded (the vault files the message under it).
    pub offering_status: OfferingStatus,
    pub suppressed: HashSet<String>,
    /// What signs this job's links: the newest unsubscribe and click secrets (`shared::keys`).
    pub unsubscribe_key: Vec<u8>,
    pub click_key: Vec<u8>,
}

impl Job {
    pub async fn load(state: &AppState, campaign: Campaign) -> Result<Self> {
        let owner = campaign.owner_id.clone();
        let (sender, suppressed, (legend, offering_status)) = tokio::try_join!(
            async { Ok::<_, ApiError>(state.profiles().sender(&owner).await?) },
            async { Ok(state.campaigns().suppressions(&owner).await?) },
            crate::legend(state, &owner),
        )?;
        let reply_to = campaign.reply_to.clone().unwrap_or_default();
        Ok(Self {
            compliance: compliance(&sender, legend, reply_to),
            offering_status,
            suppressed: suppressed_set(&suppressed),
            unsubscribe_key: state.config.links.unsubscribe.signing_key(),
            click_key: state.config.links.click.signing_key(),
            campaign,
        })
    }

    /// The message a recipient gets: their own links (unsubscribe, signed and long-lived;
    /// tracking when turned on).
    pub fn message(&self, state: &AppState, recipient: &Recipient) -> CampaignEmail {
        let origin = &state.config.app_origin;
        let campaign = &self.campaign;
        let now = state.clock.unix();
        let unsubscribe = sign(
            &self.unsubscribe_key,
            "unsubscribe",
            &Unsubscribe {
                owner_id: campaign.owner_id.clone(),
                email: recipient.email.clone(),
                campaign_id: campaign.id.clone(),
                expires_at: now + UNSUBSCRIBE_LINK_DAYS * 86_400,
            },
        );
        let tracked_until = now + CLICK_LINK_DAYS * 86_400;
        let click = |link: usize, _destination: &str| {
            let claims = Click { campaign_id: campaign.id.clone(), email: recipient.email.clone(), link, expires_at: tracked_until };
            format!("{origin}/api/campaigns/r/{}", sign(&self.click_key, "click", &claims))
        };
        let open = || {
            let claims = Open { campaign_id: campaign.id.clone(), email: recipient.email.clone(), expires_at: tracked_until };
            format!("{origin}/api/campaigns/o/{}", sign(&self.click_key, "open", &claims))
        };
        let links = Links {
            unsubscribe_page: format!("{origin}/unsubscribe/{unsubscribe}"),
            one_click: format!("{origin}/api/campaigns/unsubscribe/{unsubscribe}"),
            mailto: format!("mailto:{}?subject=unsubscribe", self.compliance.reply_to),
            open_pixel: campaign.content.track_opens.then(open),
            click: if campaign.content.track_clicks { Some(&click) } else { None },
        };
        self.rendered(recipient, &MergeValues::of(recipient, &self.compliance.company_name), &links)
    }

    /// A copy that carries no one's live link: the per-recipient links point at
    /// [`PLACEHOLDER_TOKEN`], links go straight to where the founder pointed them, and there
    /// is no open pixel. The founder's test message, and (with [`placeholder_recipient`]) the
    /// record filed in the vault and handed to third parties in the exhibit pack.
    pub fn placeholder_message(&self, state: &AppState, recipient: &Recipient, values: &MergeValues) -> CampaignEmail {
        let origin = &state.config.app_origin;
        let links = Links {
            unsubscribe_page: format!("{origin}/unsubscribe/{PLACEHOLDER_TOKEN}"),
            one_click: format!("{origin}/api/campaigns/unsubscribe/{PLACEHOLDER_TOKEN}"),
            mailto: format!("mailto:{}?subject=unsubscribe", self.compliance.reply_to),
            open_pixel: None,
            click: None,
        };
        self.rendered(recipient, values, &links)
    }

    fn rendered(&self, recipient: &Recipient, values: &MergeValues, links: &Links<'_>) -> CampaignEmail {
        let rendered = render(&self.campaign.content, values, &self.compliance, links);
        CampaignEmail {
            to: recipient.email.clone(),
            from_name: rendered.from_name,
            reply_to: rendered.reply_to,
            subject: rendered.subject,
            html: rendered.html,
            text: rendered.text,
            headers: rendered.headers,
        }
    }
}

/// Stands where a recipient's own token was in the kept copies (the vault's record, the test
/// message): it verifies as nothing, so a record handed to others opens no one's links.
pub const PLACEHOLDER_TOKEN: &str = "RECIPIENT_TOKEN";

/// The recipient a kept record is rendered for: merge tags show what they stand for, so the
/// record holds no investor's name or address.
pub fn placeholder_recipient(company_name: &str) -> (Recipient, MergeValues) {
    (Recipient::new("recipient@example.com", String::new(), None, None), MergeValues::placeholders(company_name))
}

pub fn compliance(sender: &Sender, legend: String, reply_to: String) -> Compliance {
    Compliance { company_name: sender.company_name.clone(), postal_address: sender.postal_address.clone(), legend: Some(legend), reply_to }
}

/// The record of what went out: filed in the compliance vault (once), then the copy kept with
/// the campaign. Rendered for a placeholder recipient with placeholder links (no investor's
/// data, no live unsubscribe, click or open token of anyone: the exhibit pack goes to third
/// parties). Done once when sending starts, before any chunk runs, so parallel chunks never
/// race to file it.
pub async fn keep_record(state: &AppState, job: &Job) -> Result<()> {
    let campaign_id = job.campaign.id.as_str();
    let (placeholder, values) = placeholder_recipient(&job.compliance.company_name);
    let message = job.placeholder_message(state, &placeholder, &values);
    let content = &job.campaign.content;
    let rendering = serde_json::json!({
        "recipient": "A placeholder: each recipient's own name and form stood where [First name], [Full name] and [Form name] are.",
        "links": format!("Each recipient's own unsubscribe link stood where {PLACEHOLDER_TOKEN} is; links are shown with the address they led to."),
        "click_tracking": content.track_clicks,
        "open_tracking": content.track_opens,
    });
    let audience = serde_json::json!({ "segment": job.campaign.segment, "recipients": job.campaign.stats.recipients, "rendered_for": rendering });
    let headers = serde_json::json!({ "From": format!("{} <{}>", message.from_name, state.config.mail.as_ref().map(|m| shared::mail::address_of(m.from())).unwrap_or_default()), "Reply-To": message.reply_to, "Subject": message.subject, "extra": message.headers });
    file_campaign(
        state,
        &SentCampaign {
            owner_id: &job.campaign.owner_id,
            campaign_id,
            name: &content.name,
            subject: &message.subject,
            html: &message.html,
            text: &message.text,
            headers,
            audience,
            offering_status: job.offering_status,
        },
    )
    .await?;
    let record = serde_json::json!({"renderedFor": rendering, "fromName": message.from_name, "replyTo": message.reply_to, "subject": message.subject, "html": message.html, "text": message.text, "headers": message.headers, "keptAt": state.clock.now_iso()});
    Ok(state.campaigns().keep_as_sent(campaign_id, &record.to_string()).await?)
}

/// Keeps the record as sending starts (after `campaigns::start`, before the recipients are
/// written). A failure is logged, not returned: the first chunk then keeps it instead.
pub async fn keep_record_at_start(state: &AppState, campaign_id: &str) {
    let kept = async {
        let Some(campaign) = state.campaigns().get(campaign_id).await? else {
            return Ok(());
        };
        keep_record(state, &Job::load(state, campaign).await?).await
    };
    if let Err(err) = kept.await {
        tracing::warn!(campaign_id, error = %err, "the campaign's record was not kept at start: its first chunk keeps it");
    }
}

/// One chunk of recipients (as the stream or the local drain gives them).
pub async fn process(state: &AppState, mailer: &CampaignMailer, campaign_id: &str, rows: &[RecipientRow]) -> Result<()> {
    let Some(campaign) = state.campaigns().get(campaign_id).await? else {
        tracing::warn!(campaign_id, "recipients of a campaign that no longer exists");
        return Ok(());
    };
    match campaign.status.as_str() {
        "sending" => {}
        "cancelled" => return settle_cancelled(state, &campaign, rows).await,
        // Paused (or not started): the recipients wait.
        _ => return Ok(()),
    }
    let job = Job::load(state, campaign).await?;
    // Kept when sending started; here only if that failed (a retried chunk sends nothing twice).
    if !job.campaign.kept && !rows.is_empty() {
        keep_record(state, &job).await?;
    }
    let rule = Rule::new("campaign-send", 1, state.config.campaign_send_rate);
    for row in rows.iter().filter(|r| r.status == recipients::PENDING) {
        let recipient = Recipient::new(row.email.clone(), row.lead_id.clone(), row.name.clone(), row.form_name.clone());
        if job.suppressed.contains(&row.email) {
            if state.campaign_recipients().claim(campaign_id, &row.email, &state.clock.now_iso()).await? {
                settle(state, campaign_id, &row.email, SUPPRESSED, None, Some("unsubscribed, bounced or complained")).await?;
            }
            continue;
        }
        wait_for_slot(state, &rule).await?;
        if !state.campaign_recipients().claim(campaign_id, &row.email, &state.clock.now_iso()).await? {
            continue;
        }
        let email = job.message(state, &recipient);
        match send_with_retries(mailer, &email).await {
            Ok(message_id) => {
                settle(state, campaign_id, &row.email, SENT, Some(&message_id), None).await?;
                // The leads this message reached: "not yet e-mailed" audiences and the insights'
                // uncontacted hot leads follow it. Best effort: the message is out.
                let leads: Vec<String> = std::iter::once(row.lead_id.clone()).chain(row.also_lead_ids.iter().cloned()).collect();
                if let Err(err) = state.leads().mark_contacted(&job.campaign.owner_id, &leads, &state.clock.now_iso()).await {
                    tracing::warn!(campaign_id, error = %err, "leads not marked as contacted");
                }
            }
            Err(err) => {
                tracing::warn!(campaign_id, error = %err.message, "campaign message not sent");
                settle(state, campaign_id, &row.email, FAILED, None, Some(&err.message.chars().take(300).collect::<String>())).await?;
            }
        }
    }
    Ok(())
}

async fn settle(state: &AppState, campaign_id: &str, email: &str, status: &'static str, message_id: Option<&str>, reason: Option<&str>) -> Result<()> {
    if state.campaign_recipients().finish(campaign_id, email, status, message_id, reason, &state.clock.now_iso()).await? {
        state.campaigns().count(campaign_id, status, 1).await?;
    }
    Ok(())
}

/// A cancelled campaign's waiting recipients end `failed` ("cancelled"), never sent.
async fn settle_cancelled(state: &AppState, campaign: &Campaign, rows: &[RecipientRow]) -> Result<()> {
    for row in rows.iter().filter(|r| r.status == recipients::PENDING) {
        if state.campaign_recipients().claim(&campaign.id, &row.email, &state.clock.now_iso()).await? {
            settle(state, &campaign.id, &row.email, FAILED, None, Some("cancelled")).await?;
        }
    }
    Ok(())
}

/// Waits for a slot of the shared send rate (never longer than a minute).
async fn wait_for_slot(state: &AppState, rule: &Rule) -> Result<()> {
    for _ in 0..1200 {
        if shared::rate_limit::reserve(state.rate_limits(), rule, "ses").await?.is_some() {
            return Ok(());
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    Err(ApiError::internal(anyhow::anyhow!("no send slot within a minute")))
}

/// SES throttling is retried with backoff; other errors are final.
async fn send_with_retries(mailer: &CampaignMailer, email: &CampaignEmail) -> std::result::Result<String, SendError> {
    let mut attempt = 0;
    loop {
        match mailer.send(email).await {
            Err(err) if err.throttled && attempt < 5 => {
                attempt += 1;
                tokio::time::sleep(std::time::Duration::from_millis(200 << attempt)).await;
            }
            other => return other,
        }
    }
}

/// Works through every pending recipient of a campaign, then marks it sent when none is left.
pub async fn drain(state: &AppState, mailer: &CampaignMailer, campaign_id: &str) -> Result<()> {
    loop {
        let pending = state.campaign_recipients().pending_rows(campaign_id).await?;
        if pending.is_empty() {
            break;
        }
        let before = pending.len();
        // A few chunks at a time, as the stream's parallel batches do in AWS: the claims keep
        // them from sending to anyone twice, the shared limiter keeps the rate.
        for group in pending.chunks(CHUNK * SENDERS) {
            let mut senders = Vec::with_capacity(SENDERS);
            for chunk in group.chunks(CHUNK) {
                senders.push(process(state, mailer, campaign_id, chunk));
            }
            futures::future::join_all(senders).await.into_iter().collect::<Result<Vec<()>>>()?;
        }
        // Paused or not sending: what is left waits.
        if state.campaign_recipients().pending_rows(campaign_id).await?.len() >= before {
            return Ok(());
        }
    }
    complete(state, campaign_id).await
}

/// A sending campaign with no recipient left waiting or in flight is sent.
pub async fn complete(state: &AppState, campaign_id: &str) -> Result<()> {
    let rows = state.campaign_recipients().all(campaign_id).await?;
    if rows.iter().all(|r| r.status != recipients::PENDING && r.status != recipients::SENDING) {
        state.campaigns().transition(campaign_id, &["sending"], "sent", None, &state.clock.now_iso()).await?;
    }
    Ok(())
}
