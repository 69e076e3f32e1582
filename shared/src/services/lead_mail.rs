//! The founder's "New investor lead" e-mail: claimed on the lead (a conditional write), sent,
//! and released when sending fails so a retry can send it.

use domain::{
    forms::{Form, FormField},
    leads::{LeadRecord, Temperature},
};

use crate::ApiError;

/// The founder's 'New investor lead' e-mail: the answers, the temperature and a link to the
/// lead, sent once per lead however often the caller is retried: the lead is claimed
/// (`notified_at`, a conditional write) before sending, and released if sending fails so a
/// retry can send it. Never on the investor's time. An error means "retry me".
pub async fn notify_owner(state: &crate::AppState, form: &Form, lead: &LeadRecord) -> Result<(), ApiError> {
    if !state.leads().claim_notification(&lead.id).await? {
        tracing::info!(lead_id = %lead.id, "lead already announced: no second mail");
        return Ok(());
    }
    let sent = send_new_lead_mail(state, form, lead).await;
    if let Err(err) = &sent {
        tracing::warn!(lead_id = %lead.id, error = %err, "lead notification not sent");
        state.leads().release_notification(&lead.id).await?;
    }
    sent
}

/// [`notify_owner`] where nobody can retry (locally, after the investor's answer): logged.
pub async fn notify_owner_logged(state: &crate::AppState, form: &Form, lead: &LeadRecord) {
    if let Err(err) = notify_owner(state, form, lead).await {
        tracing::warn!(lead_id = %lead.id, error = %err, "lead notification failed");
    }
}

async fn send_new_lead_mail(state: &crate::AppState, form: &Form, lead: &LeadRecord) -> Result<(), ApiError> {
    let owner = state.users().get_user(&lead.owner_id)
        .await?
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("lead owner not found")))?;
    let link = format!("{}/leads?formId={}&lead={}", state.config.app_origin, form.id, lead.id);
    let mut fields: Vec<&FormField> = form.fields.iter().collect();
    fields.sort_by_key(|f| f.order);
    let rows: Vec<(String, String)> = fields
        .iter()
        .filter_map(|f| lead.data.get(&f.id).map(|answer| (f.label.clone(), answer.clone())))
        .collect();
    let temperature = Temperature::from_status(&lead.status);
    let html_rows: String = rows
        .iter()
        .map(|(label, answer)| {
            format!(
                "<tr><td style=\"padding:6px 12px 6px 0;color:#6b7280;vertical-align:top\">{}</td><td style=\"padding:6px 0\">{}</td></tr>",
                crate::mail::escape_html(label),
                crate::mail::escape_html(answer)
            )
        })
        .collect();
    let badge = match temperature {
        Temperature::Hot => "#dc2626",
        Temperature::Warm => "#d97706",
        Temperature::Cold => "#2563eb",
    };
    let email = crate::mail::Email {
        to: owner.email.clone(),
        subject: format!("New investor lead: {}", form.name),
        html: crate::mail::layout(
            "New investor lead",
            &format!(
                "<h1 style=\"font-size:20px;margin:0 0 8px\">New investor lead</h1>\
                 <p style=\"margin:0 0 16px\">Someone just indicated interest through <strong>{}</strong>. \
                 Temperature: <strong style=\"color:{badge}\">{}</strong></p>\
                 <table role=\"presentation\" style=\"border-collapse:collapse;font-size:14px\">{html_rows}</table>{}",
                crate::mail::escape_html(&form.name),
                temperature.as_str(),
                crate::mail::button(&link, "View the lead"),
            ),
        ),
        text: format!(
            "New investor lead through {}\nTemperature: {}\n\n{}\n\nView the lead: {link}\n",
            form.name,
            temperature.as_str(),
            rows.iter().map(|(l, a)| format!("{l}: {a}")).collect::<Vec<_>>().join("\n")
        ),
    };
    state.mailer.send(&email).await.map_err(ApiError::internal)
}

// ------------------------------------------------------------------ display rules (spec 3, 5)
