//! Questions about the founder's own account ("how many hot leads do I have", "which form
//! converts best", "how do I embed form X"), answered from the caller's own counters and
//! forms — never anyone else's — with links into the app.

use shared::dashboard::conversion_rate;

/// One of the caller's forms, as Sparky sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct FormFacts {
    pub id: String,
    pub name: String,
    pub views: u64,
    pub leads: u64,
    pub published: bool,
}

/// The caller's figures, read from counters kept on write.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AccountFacts {
    pub leads: u64,
    pub hot: u64,
    pub warm: u64,
    pub cold: u64,
    pub estimated_interest: u64,
    pub forms: Vec<FormFacts>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Temperature {
    Hot,
    Warm,
    Cold,
}

/// What an account question asks.
#[derive(Debug, Clone, PartialEq)]
pub enum Intent {
    LeadCount(Option<Temperature>),
    Views,
    BestForm,
    /// How to embed one of the caller's forms (its index in `AccountFacts::forms`), or a form
    /// not named.
    Embed(Option<usize>),
}

fn words(text: &str) -> Vec<String> {
    text.to_lowercase()
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Reads an account question, or `None` for a general one (answered from the Help Center).
pub fn intent(question: &str, facts: &AccountFacts) -> Option<Intent> {
    let lower = question.to_lowercase();
    let words = words(question);
    let has = |w: &str| words.iter().any(|x| x == w);
    let mine = has("i") || has("my") || has("me") || has("i've") || has("do") || lower.contains("have i");
    let asks_count = lower.contains("how many") || lower.contains("number of") || has("count") || has("total");
    let about_leads = words.iter().any(|w| w.starts_with("lead") || w.starts_with("investor") || w == "signups");
    if asks_count && about_leads && mine {
        let temperature = if has("hot") {
            Some(Temperature::Hot)
        } else if has("warm") {
            Some(Temperature::Warm)
        } else if has("cold") {
            Some(Temperature::Cold)
        } else {
            None
        };
        return Some(Intent::LeadCount(temperature));
    }
    if asks_count && (has("views") || has("visitors")) && mine {
        return Some(Intent::Views);
    }
    let about_forms = words.iter().any(|w| w.starts_with("form"));
    let best = has("best") || lower.contains("convert") || lower.contains("performing") || lower.contains("most leads") || has("top");
    if about_forms && best && mine {
        return Some(Intent::BestForm);
    }
    let embed = words.iter().any(|w| w.starts_with("embed") || w == "install") || lower.contains("put my form") || lower.contains("add my form");
    if embed {
        let named = facts
            .forms
            .iter()
            .enumerate()
            .filter(|(_, form)| form.name.len() >= 3 && lower.contains(&form.name.to_lowercase()))
            .max_by_key(|(_, form)| form.name.len())
            .map(|(i, _)| i);
        // "on WordPress" asks for the Help Center's steps, unless the founder names their form.
        let platform = ["wordpress", "webflow", "wix", "squarespace", "shopify", "html", "iframe", "squarespace"].iter().any(|p| lower.contains(p));
        if named.is_some() || (has("my") && !platform && !facts.forms.is_empty()) {
            return Some(Intent::Embed(named));
        }
    }
    None
}

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

use shared::format::usd;

/// The Markdown answer to an account question.
pub fn answer(intent: &Intent, facts: &AccountFacts) -> String {
    match intent {
        Intent::LeadCount(None) => format!(
            "You have **{}** in total: {} hot, {} warm and {} cold, with an estimated interest of {}.\n\n\
             See them all in [Investor Leads](/leads); [Hot leads](/leads?temperature=hot) are the ones to call first.",
            plural(facts.leads, "lead", "leads"),
            facts.hot,
            facts.warm,
            facts.cold,
            usd(facts.estimated_interest),
        ),
        Intent::LeadCount(Some(temperature)) => {
            let (name, count, key) = match temperature {
                Temperature::Hot => ("hot", facts.hot, "hot"),
                Temperature::Warm => ("warm", facts.warm, "warm"),
                Temperature::Cold => ("cold", facts.cold, "cold"),
            };
            format!(
                "You have **{} {name} {}** out of {} in total.\n\n[Show the {name} leads](/leads?temperature={key}) · \
                 [How temperatures are decided](/help/lead-temperature)",
                count,
                if count == 1 { "lead" } else { "leads" },
                plural(facts.leads, "lead", "leads"),
            )
        }
        Intent::Views => {
            let views: u64 = facts.forms.iter().map(|f| f.views).sum();
            format!(
                "Your forms have **{}** in total and turned them into {} ({} % conversion).\n\nThe figures per form are on your [Dashboard](/dashboard).",
                plural(views, "view", "views"),
                plural(facts.leads, "lead", "leads"),
                conversion_rate(facts.leads, views),
            )
        }
        Intent::BestForm => {
            let seen: Vec<&FormFacts> = facts.forms.iter().filter(|f| f.views > 0).collect();
            match seen.iter().max_by_key(|f| (conversion_rate(f.leads, f.views), f.leads)) {
                None if facts.forms.is_empty() => {
                    "You have no forms yet. [Create your first form](/forms) and publish it to start collecting leads.".to_owned()
                }
                None => "None of your forms has been viewed yet, so there is no conversion to compare. [Embed a form](/forms) on your website to get visitors.".to_owned(),
                Some(best) => {
                    let mut text = format!(
                        "**{}** converts best: {} from {} ({} %).",
                        best.name,
                        plural(best.leads, "lead", "leads"),
                        plural(best.views, "view", "views"),
                        conversion_rate(best.leads, best.views),
                    );
                    let others: Vec<String> = seen
                        .iter()
                        .filter(|f| f.id != best.id)
                        .map(|f| format!("- {}: {} % ({} from {})", f.name, conversion_rate(f.leads, f.views), plural(f.leads, "lead", "leads"), plural(f.views, "view", "views")))
                        .collect();
                    if !others.is_empty() {
                        text.push_str(&format!("\n\nYour other forms:\n{}", others.join("\n")));
                    }
                    text.push_str(&format!("\n\n[Open {}](/forms/{})", best.name, best.id));
                    text
                }
            }
        }
        Intent::Embed(Some(index)) => {
            let form = &facts.forms[*index];
            let publish = if form.published { "" } else { " It is not published yet: publish it first, or the embed shows nothing." };
            format!(
                "To embed **{name}**, open its [embed options](/embed-options/{id}) and copy the snippet you prefer (the floating button or the inline form) into your website.{publish}\n\n\
                 Step-by-step guides: [WordPress](/help/embed-wordpress) · [Webflow](/help/embed-webflow) · [Wix](/help/embed-wix) · \
                 [Squarespace](/help/embed-squarespace) · [Shopify](/help/embed-shopify) · [plain HTML](/help/embed-html)",
                name = form.name,
                id = form.id,
            )
        }
        Intent::Embed(None) => {
            let list: Vec<String> = facts.forms.iter().map(|f| format!("- [{}](/embed-options/{})", f.name, f.id)).collect();
            {
                format!(
                    "Each form has its own embed snippet. Open the embed options of the one you want:\n{}\n\n\
                     Step-by-step guides: [WordPress](/help/embed-wordpress) · [Webflow](/help/embed-webflow) · [Wix](/help/embed-wix) · \
                     [Squarespace](/help/embed-squarespace) · [Shopify](/help/embed-shopify) · [plain HTML](/help/embed-html)",
                    list.join("\n")
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts() -> AccountFacts {
        AccountFacts {
            leads: 12,
            hot: 3,
            warm: 5,
            cold: 4,
            estimated_interest: 1_250_000,
            forms: vec![
                FormFacts { id: "f1".into(), name: "Sunrise Solar".into(), views: 200, leads: 10, published: true },
                FormFacts { id: "f2".into(), name: "Harbor Coffee".into(), views: 20, leads: 2, published: false },
            ],
        }
    }

    #[test]
    fn account_questions_are_recognised_and_general_ones_are_not() {
        let f = facts();
        assert_eq!(intent("How many hot leads do I have?", &f), Some(Intent::LeadCount(Some(Temperature::Hot))));
        assert_eq!(intent("how many investors have signed up for me so far", &f), Some(Intent::LeadCount(None)));
        assert_eq!(intent("Which of my forms converts best?", &f), Some(Intent::BestForm));
        assert_eq!(intent("How do I embed Harbor Coffee on my site?", &f), Some(Intent::Embed(Some(1))));
        assert_eq!(intent("how do I embed my form", &f), Some(Intent::Embed(None)));
        assert_eq!(intent("What can I say while testing the waters?", &f), None);
        assert_eq!(intent("How do I embed the form on WordPress?", &f), None);
        assert_eq!(intent("How do I embed my investor form on WordPress?", &f), None);
        assert_eq!(intent("How do I embed Sunrise Solar on WordPress?", &f), Some(Intent::Embed(Some(0))));
        assert_eq!(intent("how do I embed my form", &AccountFacts::default()), None, "no forms: the Help Center answers");
        assert_eq!(intent("how are hot leads decided", &f), None);
    }

    #[test]
    fn the_answers_carry_the_callers_own_figures_and_links() {
        let f = facts();
        let hot = answer(&Intent::LeadCount(Some(Temperature::Hot)), &f);
        assert!(hot.contains("**3 hot leads**") && hot.contains("out of 12 leads") && hot.contains("/leads?temperature=hot"), "{hot}");
        assert!(answer(&Intent::LeadCount(None), &f).contains("$1,250,000"));
        // 2 / 20 = 10 % beats 10 / 200 = 5 %.
        let best = answer(&Intent::BestForm, &f);
        assert!(best.starts_with("**Harbor Coffee** converts best: 2 leads from 20 views (10 %)"), "{best}");
        let embed = answer(&Intent::Embed(Some(1)), &f);
        assert!(embed.contains("/embed-options/f2") && embed.contains("not published yet"), "{embed}");
    }

    #[test]
    fn a_founder_without_forms_is_pointed_to_create_one() {
        let empty = AccountFacts::default();
        assert!(answer(&Intent::BestForm, &empty).contains("no forms yet"));
    }
}
