//! A form as investors saw it, kept as one self-contained HTML page (inline CSS, no script,
//! nothing loaded from elsewhere) beside the JSON of its public configuration.

use serde_json::{Value, json};

use crate::{
    forms::{FieldType, Form, is_hex_color},
    html::escape as esc,
    offering::{OfferingStage, notice},
};

/// Where and when the snapshot was taken.
pub struct SnapshotContext<'a> {
    /// `https://app…/form-view/{id}`
    pub public_url: &'a str,
    /// Hosts of the pages this form was seen embedded on so far.
    pub embed_hosts: &'a [String],
    pub recorded_at: &'a str,
    /// What made the snapshot: `published` or `edited while live`.
    pub event: &'a str,
}

/// The public configuration investors receive (`GET /api/public-forms/{id}`), plus the
/// offering's stage and where the form was seen.
pub fn public_json(form: &Form, context: &SnapshotContext) -> Value {
    let theme = form.styling.theme().palette;
    json!({
        "form": {
            "id": form.id,
            "name": form.name,
            "description": form.description,
            "fields": form.fields,
            "styling": form.styling.readable(&theme),
            "theme": theme,
            "chosen_styling": form.styling,
            "content_settings": form.content_settings,
            "welcome_settings": form.welcome_settings,
            "offering_settings": form.offering_settings,
            "show_branding": form.show_branding,
            "version": form.version,
        },
        "legend": { "text": form.offering_settings.disclaimer, "version": form.offering_settings.legend_version },
        "offering_stage": form.offering_stage,
        "public_url": context.public_url,
        "embed_hosts_seen": context.embed_hosts,
        "event": context.event,
        "recorded_at": context.recorded_at,
    })
}

fn color(value: &str, fallback: &str) -> String {
    if is_hex_color(value) { value.to_owned() } else { fallback.to_owned() }
}

/// A CSS length such as `0.375rem`: digits, a dot and a unit, else the default.
fn length(value: &str) -> String {
    let ok = !value.is_empty() && value.len() <= 12 && value.chars().all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '%');
    if ok { value.to_owned() } else { "0.375rem".into() }
}

fn font(value: &str) -> String {
    let clean: String = value.chars().filter(|c| c.is_ascii_alphanumeric() || *c == ' ' || *c == '-').take(40).collect();
    if clean.trim().is_empty() { "Inter".into() } else { clean }
}

/// The snapshot page.
pub fn render_html(form: &Form, context: &SnapshotContext) -> String {
    // The colours investors saw: the founder's, made readable (shared::theme).
    let readable = form.styling.readable(&form.styling.theme().palette);
    let s = &readable;
    let company = form.content_settings.form_content.company_name.trim();
    let mut fields = form.fields.clone();
    fields.sort_by_key(|f| f.order);
    let mut body = String::new();
    for field in &fields {
        let required = if field.required { "<span class=\"req\" aria-hidden=\"true\"> *</span>" } else { "" };
        let label = format!("{}{required}", esc(&field.label));
        let control = match field.kind {
            FieldType::Textarea => format!("<textarea disabled rows=\"3\" placeholder=\"{}\"></textarea>", esc(&field.placeholder)),
            FieldType::Select => {
                let options: String = field.options.iter().map(|o| format!("<option>{}</option>", esc(o))).collect();
                format!("<select disabled><option>{}</option>{options}</select>", esc(if field.placeholder.is_empty() { "Choose one" } else { &field.placeholder }))
            }
            FieldType::Radio => {
                let options: String = field.options.iter().map(|o| format!("<label class=\"choice\"><input type=\"radio\" disabled> {}</label>", esc(o))).collect();
                format!("<div class=\"choices\">{options}</div>")
            }
            FieldType::Checkbox => String::new(),
            FieldType::Email | FieldType::Phone | FieldType::Text => format!("<input disabled placeholder=\"{}\">", esc(&field.placeholder)),
        };
        if field.kind == FieldType::Checkbox {
            body.push_str(&format!("<div class=\"field\"><label class=\"choice\"><input type=\"checkbox\" disabled> {label}</label></div>"));
        } else {
            body.push_str(&format!("<div class=\"field\"><div class=\"label\">{label}</div>{control}<div class=\"kind\">{} field</div></div>", field_kind(field.kind)));
        }
    }
    let offering = &form.offering_settings;
    let mut facts = String::new();
    if let Some(target) = offering.target_raise {
        facts.push_str(&format!("<div><dt>Target raise</dt><dd>{}</dd></div>", crate::format::usd(target)));
    }
    if let Some(min) = offering.minimum_investment {
        facts.push_str(&format!("<div><dt>Minimum investment</dt><dd>{}</dd></div>", crate::format::usd(min)));
    }
    if !offering.security_type.is_empty() {
        facts.push_str(&format!("<div><dt>Security</dt><dd>{}</dd></div>", esc(&offering.security_type)));
    }
    let summary = if offering.summary.is_empty() && facts.is_empty() {
        String::new()
    } else {
        format!("<section class=\"offering\"><p>{}</p><dl>{facts}</dl></section>", esc(&offering.summary))
    };
    let welcome = if form.welcome_settings.enabled {
        format!(
            "<section class=\"welcome\"><div class=\"tag\">Welcome step shown first</div><h3>{}</h3><p>{}</p><div class=\"button ghost\">{}</div></section>",
            esc(&form.welcome_settings.headline),
            esc(&form.welcome_settings.message),
            esc(&form.welcome_settings.button_text)
        )
    } else {
        String::new()
    };
    let stage = notice_html(&form.offering_stage, company);
    let hosts = if context.embed_hosts.is_empty() {
        "none recorded yet".to_owned()
    } else {
        context.embed_hosts.iter().map(|h| esc(h)).collect::<Vec<_>>().join(", ")
    };
    let logo = form.content_settings.form_content.logo_url.as_deref().or(s.logo_url.as_deref());
    let logo = logo.map(|url| format!("<div><dt>Logo</dt><dd>{}</dd></div>", esc(url))).unwrap_or_default();
    let branding = if form.show_branding { "<p class=\"branding\">Powered by RaiseSpark</p>" } else { "" };
    format!(
        r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} — form snapshot</title>
<style>
body{{margin:0;background:#f3f4f6;font-family:{font},ui-sans-serif,system-ui,sans-serif;color:#111827}}
.record{{max-width:720px;margin:0 auto;padding:16px;font-size:13px;color:#374151}}
.record h1{{font-size:15px;margin:0 0 6px}}
.record dl{{margin:0}}.record dl div{{display:grid;grid-template-columns:9.5rem 1fr;gap:12px;padding:2px 0}}
.record dt{{color:#6b7280}}.record dd{{margin:0;word-break:break-all}}
.form{{max-width:560px;margin:8px auto 32px;background:{bg};color:{text};border-radius:calc({radius} * 2);padding:24px;line-height:1.5;font-size:15px;box-shadow:0 1px 3px rgba(0,0,0,.1)}}
.company{{margin:0;font-size:12px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:{primary}}}
.form h2{{margin:2px 0 0;font-size:22px}}.desc{{margin:6px 0 16px;opacity:.85}}
.offering{{border:1px solid rgba(0,0,0,.12);border-radius:{radius};padding:12px 16px;margin-bottom:16px}}
.offering p{{margin:0}}.offering dl{{display:flex;flex-wrap:wrap;gap:8px 24px;margin:8px 0 0}}.offering dt{{font-size:12px;opacity:.7}}.offering dd{{margin:0;font-weight:600}}
.field{{margin-bottom:14px}}.label{{font-size:14px;font-weight:600;margin-bottom:6px}}.req{{color:#dc2626}}
input:not([type]),select,textarea{{display:block;width:100%;box-sizing:border-box;font:inherit;padding:9px 12px;border:1px solid rgba(0,0,0,.25);border-radius:{radius};background:{bg}}}
.kind{{font-size:11px;opacity:.55;margin-top:2px}}.choices{{display:grid;gap:6px}}.choice{{display:flex;gap:8px;align-items:flex-start}}
.legend{{margin:18px 0 12px;font-size:12px;line-height:1.45;opacity:.8}}
.button{{display:block;text-align:center;font-weight:600;border-radius:{radius};padding:12px 16px;background:{button};color:{button_text}}}.ghost{{display:inline-block}}
.welcome{{text-align:center;border-bottom:1px dashed rgba(0,0,0,.2);padding-bottom:16px;margin-bottom:16px}}.tag{{font-size:11px;opacity:.6}}
.notice{{border:2px solid {primary};border-radius:{radius};padding:16px;margin-bottom:16px}}.notice h3{{margin:0 0 6px}}
.branding{{text-align:center;font-size:12px;opacity:.8;margin:16px 0 0}}
</style></head>
<body>
<section class="record" aria-label="Record">
<h1>Archived copy of an investor form ({event})</h1>
<dl>
<div><dt>Recorded</dt><dd>{recorded_at}</dd></div>
<div><dt>Public address</dt><dd>{public_url}</dd></div>
<div><dt>Form version</dt><dd>{version}</dd></div>
<div><dt>Legend version</dt><dd>{legend_version}</dd></div>
<div><dt>Offering status</dt><dd>{stage_label}</dd></div>
<div><dt>Embedding pages seen</dt><dd>{hosts}</dd></div>
{logo}
</dl>
</section>
<main class="form">
{welcome}{stage}
<p class="company">{company}</p>
<h2>{title}</h2>
<p class="desc">{description}</p>
{summary}
{body}
<p class="legend">{legend}</p>
<div class="button">Submit</div>
{branding}
</main>
</body></html>
"#,
        title = esc(&form.name),
        font = font(&s.font_family),
        bg = color(&s.background_color, "#ffffff"),
        text = color(&s.text_color, "#1f2937"),
        primary = color(&s.primary_color, "#6366f1"),
        button = color(&s.button_color, "#6366f1"),
        button_text = color(&s.button_text_color, "#ffffff"),
        radius = length(&s.border_radius),
        event = esc(context.event),
        recorded_at = esc(context.recorded_at),
        public_url = esc(context.public_url),
        version = form.version,
        legend_version = esc(&offering.legend_version),
        stage_label = form.offering_stage.status.label(),
        company = esc(company),
        description = esc(&form.description),
        legend = esc(&offering.disclaimer),
    )
}

fn field_kind(kind: FieldType) -> &'static str {
    match kind {
        FieldType::Text => "Text",
        FieldType::Email => "E-mail",
        FieldType::Phone => "Phone",
        FieldType::Textarea => "Paragraph",
        FieldType::Select => "Drop-down",
        FieldType::Radio => "Choice",
        FieldType::Checkbox => "Checkbox",
    }
}

fn notice_html(stage: &OfferingStage, company: &str) -> String {
    match notice(stage, company) {
        None => String::new(),
        Some(n) => {
            let link = match (&n.link_label, &n.link_url) {
                (Some(label), Some(url)) => format!("<p><strong>{}</strong>: {}</p>", esc(label), esc(url)),
                _ => String::new(),
            };
            format!("<section class=\"notice\"><h3>{}</h3><p>{}</p>{link}<p class=\"tag\">The form below no longer takes indications of interest.</p></section>", esc(&n.title), esc(&n.message))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn context() -> SnapshotContext<'static> {
        SnapshotContext { public_url: "https://app.example.com/form-view/f1", embed_hosts: &[], recorded_at: "2026-11-25T10:00:00Z", event: "published" }
    }

    #[test]
    fn the_snapshot_shows_every_field_the_legend_and_escapes_the_founders_text() {
        let mut form = Form::new_default("owner", "2026-11-25T10:00:00Z");
        form.name = "Harbor <Coffee>".into();
        form.styling.background_color = "red;}</style><script>alert(1)</script>".into();
        form.offering_settings.target_raise = Some(1_250_000);
        let html = render_html(&form, &context());
        assert!(html.contains("Harbor &lt;Coffee&gt;"));
        assert!(!html.contains("<script>"));
        assert!(html.contains("background:#ffffff"), "an invalid colour falls back to the default");
        for label in ["Full Name", "Email Address", "Phone Number"] {
            assert!(html.contains(label), "{label}");
        }
        assert!(html.contains(&esc(crate::forms::DEFAULT_LEGEND)));
        assert!(html.contains("$1,250,000"));
        assert!(html.contains("https://app.example.com/form-view/f1"));
    }

    #[test]
    fn the_json_is_the_public_configuration_with_the_legend_and_where_it_was_seen() {
        let form = Form::new_default("owner", "2026-11-25T10:00:00Z");
        let hosts = vec!["harborcoffee.com".to_owned()];
        let json = public_json(&form, &SnapshotContext { embed_hosts: &hosts, ..context() });
        assert_eq!(json["form"]["fields"].as_array().unwrap().len(), 3);
        assert_eq!(json["legend"]["version"], crate::forms::LEGEND_VERSION);
        assert_eq!(json["embed_hosts_seen"][0], "harborcoffee.com");
        assert!(json["form"].get("user_id").is_none(), "never the owner");
    }

    #[test]
    fn the_snapshot_files_the_colours_investors_saw_not_only_the_ones_chosen() {
        let mut form = Form::new_default("owner", "2026-11-25T10:00:00Z");
        // White on a mid indigo reads at 4.46:1: investors see it adjusted.
        form.styling.button_color = "#6366f1".into();
        form.styling.button_text_color = "#ffffff".into();
        let palette = form.styling.theme().palette;
        let shown = palette.button.to_string();
        assert_ne!(shown.to_lowercase(), "#6366f1", "the theme adjusts this button");
        let html = render_html(&form, &context());
        assert!(html.contains(&shown), "the page shows the adjusted button colour {shown}");
        assert!(!html.to_lowercase().contains("#6366f1;"), "not the unreadable one");
        let json = public_json(&form, &context());
        assert_eq!(json["form"]["styling"]["buttonColor"].as_str().map(str::to_lowercase), Some(shown.to_lowercase()));
        assert_eq!(json["form"]["chosen_styling"]["buttonColor"], "#6366f1", "the founder's choice is kept beside it");
    }
}
