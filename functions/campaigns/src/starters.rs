//! The three starter templates. Their wording stays inside what Regulation Crowdfunding allows
//! at each stage: before a Form C, testing the waters may only gauge interest (Rule 206);
//! after filing and before going live, a notice may say no more than Rule 204 permits; once
//! live, the offering is described on the intermediary's platform, not in the e-mail.

pub struct Starter {
    pub id: &'static str,
    pub name: &'static str,
    pub description: &'static str,
    pub subject: &'static str,
    pub preview: &'static str,
    pub body: &'static str,
}

pub const STARTERS: [Starter; 3] = [
    Starter {
        id: "ttw-update",
        name: "Testing-the-waters update",
        description: "Keep interested investors warm while you gauge interest. No offer, no money accepted.",
        subject: "An update from {{company_name}}",
        preview: "What we've been building since you told us you were interested",
        body: "Hi {{first_name|there}},\n\nThank you for telling us you might be interested in investing in {{company_name}}. Here is what we've been working on:\n\n- **Progress:** one or two sentences about the product or traction.\n- **Team:** who joined, what you learned.\n- **What's next:** the milestone you are working towards.\n\nWe are still testing the waters: we are not asking for money, and we won't accept any until our offering is live on a registered funding portal. If you have questions, just reply to this e-mail.\n\nThank you,\n{{company_name}}",
    },
    Starter {
        id: "form-c-filed",
        name: "We have filed our Form C",
        description: "A notice limited to what Rule 204 permits: the offering's terms and where to learn more.",
        subject: "{{company_name}} has filed its Form C",
        preview: "Our Regulation Crowdfunding offering is on file with the SEC",
        body: "Hi {{first_name|there}},\n\n{{company_name}} has filed a Form C with the SEC for an offering under Regulation Crowdfunding.\n\n- **Issuer:** {{company_name}}\n- **Amount we are seeking:** the target amount and deadline from your Form C\n- **Security offered:** the type of security and its price\n- **Funding portal:** the name of your intermediary\n\nYou can read the offering materials and invest only through the funding portal: [view the offering](https://example.com/your-offering).\n\nThank you,\n{{company_name}}",
    },
    Starter {
        id: "live",
        name: "We are live on the funding portal",
        description: "Tell interested investors the offering is open, with the intermediary's link.",
        subject: "{{company_name}} is live: our offering is open",
        preview: "The offering you told us you were interested in is now open",
        body: "Hi {{first_name|there}},\n\nOur Regulation Crowdfunding offering is now live on our funding portal. All the details, the risks and the way to invest are on the offering page:\n\n[View the offering on the funding portal](https://example.com/your-offering)\n\nInvestments are made only through the funding portal, and you can ask us questions on the offering page's discussion board.\n\nThank you for your interest,\n{{company_name}}",
    },
];

pub fn find(id: &str) -> Option<&'static Starter> {
    STARTERS.iter().find(|s| s.id == id)
}

/// The placeholder link of the Form C and live starters.
const PLACEHOLDER_URL: &str = "https://example.com/your-offering";

/// Fills a starter's body with the offering's intermediary and page, once the founder has
/// entered them (Settings → Offering): the 'Notify your leads' draft is ready to review.
pub fn personalise(body: &str, offering: &shared::vault::offering::Offering) -> String {
    let mut body = body.to_owned();
    if let Some(url) = &offering.offering_url {
        body = body.replace(PLACEHOLDER_URL, url);
    }
    let portal = offering.intermediary.trim();
    if !portal.is_empty() {
        body = body
            .replace("[View the offering on the funding portal]", &format!("[View the offering on {portal}]"))
            .replace("live on our funding portal", &format!("live on {portal}"))
            .replace("the name of your intermediary", portal)
            .replace("through the funding portal", &format!("through {portal}"));
    }
    body
}

#[cfg(test)]
mod tests {
    use super::*;
    use shared::campaigns::Content;

    #[test]
    fn the_live_starter_takes_the_portal_and_the_offering_page() {
        let offering = shared::vault::offering::Offering {
            intermediary: "Wefunder".into(),
            offering_url: Some("https://wefunder.com/harbor".into()),
            ..Default::default()
        };
        let body = personalise(find("live").unwrap().body, &offering);
        assert!(body.contains("[View the offering on Wefunder](https://wefunder.com/harbor)"), "{body}");
        assert!(body.contains("live on Wefunder"));
        assert!(!body.contains("example.com"));
        // Without an offering page the placeholder stays for the founder to replace.
        assert!(personalise(find("live").unwrap().body, &Default::default()).contains("example.com/your-offering"));
    }

    #[test]
    fn every_starter_is_a_valid_campaign() {
        for starter in &STARTERS {
            let mut content = Content { name: starter.name.into(), subject: starter.subject.into(), preview_text: starter.preview.into(), body: starter.body.into(), track_opens: true, track_clicks: true, tag_links: true };
            content.validate().unwrap();
            content.ready().unwrap();
        }
    }
}
