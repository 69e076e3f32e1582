//! What a support session did, as the user (the end-of-session mail) and the admin area read
//! it: writes in order, reads grouped by route, each said in plain words. Pure: built from the
//! recorded entries; reading them is `services::impersonation`'s job.

use serde::Serialize;

use crate::repo::impersonation_actions::{Entry, Kind};

/// One write, as the user and the admin area see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Change {
    pub method: String,
    pub path: String,
    /// 0 when its outcome was not recorded.
    pub status: u16,
    pub at: String,
    pub description: String,
}

/// The reads of one route, grouped.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct View {
    pub method: String,
    pub path: String,
    pub count: u64,
    pub refused: u64,
    pub first_at: String,
    pub last_at: String,
    pub description: String,
}

/// What a support session did: writes in order, reads grouped by route in the order first
/// made. `complete` is false when more was recorded than is listed (the record keeps all).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Activity {
    pub changes: Vec<Change>,
    pub views: Vec<View>,
    pub complete: bool,
}

impl Activity {
    /// Writes that changed nothing the founder saved (an entry recorded before the rule of
    /// [`changes_founder_data`], such as the dashboard's insights) are shown as the reads they
    /// were, grouped with the reads of their route: the stored record itself is kept as it is.
    pub fn of(entries: Vec<Entry>, complete: bool) -> Self {
        let mut activity = Activity { complete, ..Activity::default() };
        for entry in entries {
            match entry.kind {
                // The sign-out that ended a session is its ending, shown as such.
                Kind::Write if entry.method == "POST" && entry.path == "/api/auth/signout" => {}
                Kind::Write if !changes_founder_data(&entry.method, &entry.path) => activity.add_read(Entry {
                    first_at: Some(entry.at.clone()),
                    count: 1,
                    refused: u64::from(entry.status >= 400),
                    ..entry
                }),
                Kind::Write => activity.changes.push(Change {
                    description: describe_write(&entry.method, &entry.path, entry.status),
                    method: entry.method,
                    path: entry.path,
                    status: entry.status,
                    at: entry.at,
                }),
                Kind::Read => activity.add_read(entry),
            }
        }
        activity.views.sort_by(|a, b| a.first_at.cmp(&b.first_at).then_with(|| a.path.cmp(&b.path)));
        activity
    }

    /// Adds reads to their route's group (one line per method and path).
    fn add_read(&mut self, entry: Entry) {
        let first_at = entry.first_at.unwrap_or_else(|| entry.at.clone());
        match self.views.iter_mut().find(|view| view.method == entry.method && view.path == entry.path) {
            Some(view) => {
                view.count += entry.count;
                view.refused += entry.refused;
                if first_at < view.first_at {
                    view.first_at = first_at;
                }
                if entry.at > view.last_at {
                    view.last_at = entry.at;
                }
                view.description = describe_read(&view.path, view.count, view.refused);
            }
            None => self.views.push(View {
                description: describe_read(&entry.path, entry.count, entry.refused),
                first_at,
                last_at: entry.at,
                method: entry.method,
                path: entry.path,
                count: entry.count,
                refused: entry.refused,
            }),
        }
    }
}

/// Routes that are called with POST (spec 7's call shapes, or a body too large for a query)
/// but only compute from what the founder saved, or check a draft without saving it: in a
/// support session they are reads. `*` stands for one path segment (an id); a pattern of one
/// segment covers its whole function. Rate-limit counters and caches they touch are not the
/// founder's data.
const READ_ONLY_CALLS: &[&[&str]] = &[
    &["generate-insights"],
    &["check-subscription"],
    &["ai-chat"],
    &["compliance-vault", "verify"],
    &["compliance-vault", "offering", "check"],
    &["campaigns", "audience"],
    &["campaigns", "*", "preview"],
];

/// The rule of a support session's record: a request is a change when, and only when, it can
/// change something the founder saved. Safe methods never do; a POST to one of
/// [`READ_ONLY_CALLS`] does not either. Everything else counts as a change (when unsure,
/// the founder is told).
pub fn changes_founder_data(method: &str, path: &str) -> bool {
    if matches!(method.to_ascii_uppercase().as_str(), "GET" | "HEAD" | "OPTIONS") {
        return false;
    }
    let (area, rest) = segments(path);
    !READ_ONLY_CALLS.iter().any(|pattern| match pattern.split_first() {
        Some((function, [])) => *function == area,
        Some((function, tail)) => *function == area && tail.len() == rest.len() && tail.iter().zip(&rest).all(|(want, got)| *want == "*" || want == got),
        None => false,
    })
}

/// `(area, the whole, one of it)`: what a route's first segment is about.
const NOUNS: &[(&str, &str, &str)] = &[
    ("forms", "the forms", "a form"),
    ("leads", "the leads", "a lead"),
    ("profiles", "the profile", "the profile"),
    ("raise-capital", "Raise Capital", "a Raise Capital step"),
    ("campaigns", "the campaigns", "a campaign"),
    ("compliance-vault", "the compliance vault", "a compliance document"),
    ("rewards", "rewards", "rewards"),
    ("auth", "account details", "account details"),
    ("admin", "the admin area", "the admin area"),
    ("ai-chat", "the assistant", "the assistant"),
    ("generate-insights", "the insights", "the insights"),
    ("check-subscription", "the subscription", "the subscription"),
];

/// Whole-function calls (spec 7's functions), said as what they did.
const CALLS: &[(&str, &str)] = &[
    ("check-subscription", "Checked the subscription"),
    ("create-checkout-session", "Started a checkout"),
    ("billing-portal", "Opened the billing portal"),
    ("facebook-conversions", "Sent a conversion event"),
    ("send-event-notification", "Sent a notification"),
    ("ai-chat", "Asked the assistant"),
    ("generate-insights", "Generated insights"),
    ("impersonate-user", "Tried to impersonate another user"),
    ("contact", "Sent a message to support"),
];

const ACTIONS: &[(&str, &str)] = &[
    ("publish", "Published"),
    ("unpublish", "Unpublished"),
    ("archive", "Archived"),
    ("unarchive", "Unarchived"),
    ("send", "Sent"),
    ("schedule", "Scheduled"),
    ("cancel", "Cancelled"),
    ("duplicate", "Duplicated"),
];

/// Routes whose words are not "verb + noun": teams, the sender, the offering.
fn phrase(method: &str, area: &str, rest: &[&str]) -> Option<&'static str> {
    let method = method.to_ascii_uppercase();
    Some(match (area, rest, method.as_str()) {
        ("teams", [], "POST") => "Created a company",
        ("teams", ["current"], _) => "Changed the company's settings",
        ("teams", ["current", "invitations"], _) => "Invited a teammate",
        ("teams", ["current", "invitations", _], _) => "Revoked an invitation",
        ("teams", ["current", "members", _], "DELETE") => "Removed a teammate",
        ("teams", ["current", "members", _], _) => "Changed a teammate's role",
        ("teams", ["current", "leave"], _) => "Left the company",
        ("teams", ["current", "transfer"], _) => "Transferred ownership",
        ("teams", ["current", "reviews"], _) => "Asked counsel for a review",
        ("teams", ["reviews", _, _, _, "decide"], _) => "Decided a review",
        ("teams", ["invitations", "accept"], _) => "Joined the company",
        ("campaigns", ["sender"], _) => "Updated the sender identity",
        ("campaigns", [_, "test"], _) => "Sent a test of a campaign",
        ("compliance-vault", ["offering"], _) => "Changed the offering",
        _ => return None,
    })
}

fn lookup<'a>(table: &[(&str, &'a str)], key: &str) -> Option<&'a str> {
    table.iter().find(|(name, _)| *name == key).map(|(_, value)| *value)
}

/// `/api/<area>/<rest…>` without a query string.
fn segments(path: &str) -> (String, Vec<&str>) {
    let path = path.split('?').next().unwrap_or_default();
    let mut parts = path.trim_start_matches("/api/").split('/').filter(|part| !part.is_empty());
    (parts.next().unwrap_or_default().to_owned(), parts.collect())
}

fn refused(text: String, status: u16) -> String {
    match status {
        0 => format!("{text} (outcome not recorded)"),
        400.. => format!("{text} (refused)"),
        _ => text,
    }
}

/// A write in plain words: `POST /api/forms/f1/publish` → 'Published a form'; a refused one
/// (4xx/5xx) says so.
pub fn describe_write(method: &str, path: &str, status: u16) -> String {
    let (area, rest) = segments(path);
    if rest.is_empty() {
        if let Some(call) = lookup(CALLS, &area) {
            return refused(call.to_owned(), status);
        }
    }
    if area == "auth" && rest.first() == Some(&"signout") {
        return refused("Signed out".to_owned(), status);
    }
    if area == "compliance-vault" && rest.first() == Some(&"exports") {
        return refused("Prepared the exhibit pack for download".to_owned(), status);
    }
    if let Some(words) = phrase(method, &area, &rest) {
        return refused(words.to_owned(), status);
    }
    let noun = NOUNS.iter().find(|(name, ..)| *name == area).map_or_else(
        || if area.is_empty() { "something".to_owned() } else { area.replace('-', " ") },
        |(_, _, one)| (*one).to_owned(),
    );
    let verb = rest.last().and_then(|last| lookup(ACTIONS, last)).unwrap_or(match method.to_ascii_uppercase().as_str() {
        "POST" => "Created",
        "PUT" | "PATCH" => "Updated",
        "DELETE" => "Deleted",
        _ => "Changed",
    });
    refused(format!("{verb} {noun}"), status)
}

/// Whether a path segment names one thing (an id) rather than a part of the product.
fn is_id(segment: &str) -> bool {
    segment.chars().any(|c| c.is_ascii_digit()) || segment.len() > 24
}

/// A route's reads in plain words: 'Viewed the leads', 'Viewed a lead', 'Downloaded the leads
/// (CSV)'; reads that were all refused: 'Tried to view the admin area (refused)'.
pub fn describe_read(path: &str, count: u64, refused_count: u64) -> String {
    let (area, rest) = segments(path);
    let what = match (area.as_str(), rest.as_slice()) {
        ("leads", ["export", ..]) => return tried("Downloaded the leads (CSV)", "download the leads (CSV)", count, refused_count),
        ("compliance-vault", ["exports", ..]) => return tried("Downloaded the exhibit pack", "download the exhibit pack", count, refused_count),
        ("check-subscription", []) => return tried("Checked the subscription", "check the subscription", count, refused_count),
        ("ai-chat", []) => return tried("Asked the assistant", "ask the assistant", count, refused_count),
        ("compliance-vault", ["verify"]) => return tried("Verified the compliance vault", "verify the compliance vault", count, refused_count),
        ("compliance-vault", ["offering", "check"]) => return tried("Checked offering details (nothing saved)", "check offering details", count, refused_count),
        ("campaigns", ["audience"]) => return tried("Counted a campaign's recipients", "count a campaign's recipients", count, refused_count),
        ("campaigns", [_, "preview"]) => return tried("Previewed a campaign", "preview a campaign", count, refused_count),
        ("leads", ["summary", ..]) => "the lead figures".to_owned(),
        ("leads", ["trends", ..]) => "the lead trends".to_owned(),
        ("leads", ["recent", ..]) => "the recent leads".to_owned(),
        ("auth", ["support-sessions", ..]) => "the support sessions".to_owned(),
        ("ai-chat", ["gaps", ..]) => "the assistant's unanswered questions".to_owned(),
        _ => match NOUNS.iter().find(|(name, ..)| *name == area) {
            Some((_, whole, one)) => if rest.iter().any(|segment| is_id(segment)) { (*one).to_owned() } else { (*whole).to_owned() },
            None if area.is_empty() => "something".to_owned(),
            None => area.replace('-', " "),
        },
    };
    tried(&format!("Viewed {what}"), &format!("view {what}"), count, refused_count)
}

fn tried(done: &str, attempt: &str, count: u64, refused_count: u64) -> String {
    if count > 0 && refused_count >= count { format!("Tried to {attempt} (refused)") } else { done.to_owned() }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(path: &str, count: u64, refused: u64, first: &str) -> Entry {
        Entry {
            session_id: "a".into(),
            entry: format!("r#GET {path}"),
            kind: Kind::Read,
            method: "GET".into(),
            path: path.into(),
            status: if refused > 0 { 403 } else { 200 },
            at: "2026-11-23T10:09:00Z".into(),
            first_at: Some(first.into()),
            count,
            refused,
        }
    }

    #[test]
    fn writes_read_as_what_they_did() {
        for (method, path, status, expected) in [
            ("POST", "/api/forms", 201, "Created a form"),
            ("PUT", "/api/forms/f1", 200, "Updated a form"),
            ("DELETE", "/api/forms/f1", 200, "Deleted a form"),
            ("POST", "/api/forms/f1/publish", 200, "Published a form"),
            ("POST", "/api/forms/f1/unarchive", 200, "Unarchived a form"),
            ("PATCH", "/api/leads/l1", 200, "Updated a lead"),
            ("DELETE", "/api/leads/l1", 204, "Deleted a lead"),
            ("PATCH", "/api/profiles/me", 200, "Updated the profile"),
            ("PUT", "/api/raise-capital/progress/legal", 200, "Updated a Raise Capital step"),
            ("POST", "/api/auth/signout", 204, "Signed out"),
            ("PATCH", "/api/auth/user", 403, "Updated account details (refused)"),
            ("POST", "/api/forms?x=1", 500, "Created a form (refused)"),
            ("POST", "/api/new-thing/1", 200, "Created new thing"),
            ("OPTIONS", "/api/forms", 200, "Changed a form"),
            ("POST", "/api/check-subscription", 200, "Checked the subscription"),
            ("POST", "/api/create-checkout-session", 403, "Started a checkout (refused)"),
            ("POST", "/api/impersonate-user", 403, "Tried to impersonate another user (refused)"),
            ("POST", "/api/compliance-vault/exports", 201, "Prepared the exhibit pack for download"),
            ("PATCH", "/api/leads/l1", 0, "Updated a lead (outcome not recorded)"),
            ("POST", "/api/campaigns/c1/send", 202, "Sent a campaign"),
            ("POST", "/api/campaigns/c1/schedule", 200, "Scheduled a campaign"),
            ("POST", "/api/campaigns/c1/test", 200, "Sent a test of a campaign"),
            ("PUT", "/api/compliance-vault/offering", 200, "Changed the offering"),
            ("POST", "/api/teams/current/invitations", 201, "Invited a teammate"),
            ("DELETE", "/api/teams/current/members/u2", 200, "Removed a teammate"),
            ("PUT", "/api/teams/current/members/u2", 200, "Changed a teammate's role"),
            ("POST", "/api/teams/current/reviews", 201, "Asked counsel for a review"),
            ("POST", "/api/teams/reviews/c1/campaign/k1/decide", 200, "Decided a review"),
        ] {
            assert_eq!(describe_write(method, path, status), expected, "{method} {path} {status}");
        }
    }

    #[test]
    fn reads_read_as_views() {
        for (path, count, refused, expected) in [
            ("/api/leads", 3, 0, "Viewed the leads"),
            ("/api/leads/6f1c2d3e-aaaa-bbbb-cccc-0123456789ab", 1, 0, "Viewed a lead"),
            ("/api/leads/export", 1, 0, "Downloaded the leads (CSV)"),
            ("/api/leads/summary", 5, 0, "Viewed the lead figures"),
            ("/api/forms", 2, 0, "Viewed the forms"),
            ("/api/forms/f1", 1, 0, "Viewed a form"),
            ("/api/profiles/me", 1, 0, "Viewed the profile"),
            ("/api/auth/user", 4, 0, "Viewed account details"),
            ("/api/auth/support-sessions", 1, 0, "Viewed the support sessions"),
            ("/api/compliance-vault/records", 1, 0, "Viewed the compliance vault"),
            ("/api/check-subscription", 1, 0, "Checked the subscription"),
            ("/api/check-subscription/plans", 1, 0, "Viewed the subscription"),
            ("/api/generate-insights", 1, 0, "Viewed the insights"),
            ("/api/leads/trends", 1, 0, "Viewed the lead trends"),
            ("/api/compliance-vault/exports", 1, 0, "Downloaded the exhibit pack"),
            ("/api/admin/users", 2, 2, "Tried to view the admin area (refused)"),
            ("/api/leads/export", 1, 1, "Tried to download the leads (CSV) (refused)"),
            ("/api/leads", 3, 1, "Viewed the leads"),
            ("/api/something-new", 1, 0, "Viewed something new"),
            ("/api/ai-chat", 2, 0, "Asked the assistant"),
            ("/api/compliance-vault/verify", 1, 0, "Verified the compliance vault"),
            ("/api/compliance-vault/offering/check", 4, 0, "Checked offering details (nothing saved)"),
            ("/api/campaigns/audience", 3, 0, "Counted a campaign's recipients"),
            ("/api/campaigns/c1/preview", 1, 0, "Previewed a campaign"),
            ("/api/ai-chat", 1, 1, "Tried to ask the assistant (refused)"),
        ] {
            assert_eq!(describe_read(path, count, refused), expected, "{path}");
        }
    }

    fn write(method: &str, path: &str, status: u16, at: &str) -> Entry {
        Entry {
            session_id: "a".into(),
            entry: format!("w#{at}"),
            kind: Kind::Write,
            method: method.into(),
            path: path.into(),
            status,
            at: at.into(),
            first_at: None,
            count: 0,
            refused: 0,
        }
    }

    #[test]
    fn only_requests_that_can_change_what_the_founder_saved_are_changes() {
        for (method, path) in [
            ("GET", "/api/forms"),
            ("HEAD", "/api/leads"),
            ("OPTIONS", "/api/forms"),
            ("POST", "/api/generate-insights"),
            ("post", "/api/generate-insights?x=1"),
            ("POST", "/api/check-subscription"),
            ("POST", "/api/ai-chat"),
            ("POST", "/api/compliance-vault/verify"),
            ("POST", "/api/compliance-vault/offering/check"),
            ("POST", "/api/campaigns/audience"),
            ("POST", "/api/campaigns/c1/preview"),
        ] {
            assert!(!changes_founder_data(method, path), "{method} {path} is a read");
        }
        for (method, path) in [
            ("POST", "/api/forms"),
            ("PUT", "/api/forms/f1"),
            ("DELETE", "/api/leads/l1"),
            ("PATCH", "/api/profiles/me"),
            ("POST", "/api/forms/f1/publish"),
            ("PUT", "/api/compliance-vault/offering"),
            ("POST", "/api/compliance-vault/uploads/u1/complete"),
            ("POST", "/api/campaigns/c1/send"),
            ("POST", "/api/campaigns/audience/preview/extra"),
            ("POST", "/api/campaigns"),
            ("POST", "/api/generate-insightsx"),
            ("POST", "/api/contact"),
            ("POST", "/api/facebook-conversions"),
            ("POST", "/api/something-new"),
        ] {
            assert!(changes_founder_data(method, path), "{method} {path} is a change");
        }
    }

    #[test]
    fn a_support_session_that_only_read_lists_no_changes_even_from_entries_recorded_as_writes_before_the_rule() {
        // What loading the dashboard left in the record before: three insights POSTs stored
        // as writes, beside the reads of the same page.
        let activity = Activity::of(
            vec![
                read("/api/leads/summary", 2, 0, "2026-11-23T10:00:00Z"),
                write("POST", "/api/generate-insights", 200, "2026-11-23T10:00:01Z"),
                write("POST", "/api/generate-insights", 200, "2026-11-23T10:00:02Z"),
                write("POST", "/api/generate-insights", 429, "2026-11-23T10:00:03Z"),
                read("/api/forms", 1, 0, "2026-11-23T10:00:04Z"),
            ],
            true,
        );
        assert!(activity.changes.is_empty(), "{:?}", activity.changes);
        let insights = activity.views.iter().find(|view| view.path == "/api/generate-insights").expect("the insights are a view");
        assert_eq!((insights.count, insights.refused, insights.description.as_str()), (3, 1, "Viewed the insights"));
        assert_eq!((insights.first_at.as_str(), insights.last_at.as_str()), ("2026-11-23T10:00:01Z", "2026-11-23T10:00:03Z"));
        assert_eq!(activity.views.len(), 3);
    }

    #[test]
    fn a_write_in_a_support_session_is_listed_as_a_change_beside_its_reads() {
        let activity = Activity::of(
            vec![
                read("/api/forms/f1", 1, 0, "2026-11-23T10:00:00Z"),
                write("POST", "/api/generate-insights", 200, "2026-11-23T10:00:01Z"),
                write("PUT", "/api/forms/f1", 200, "2026-11-23T10:00:05Z"),
            ],
            true,
        );
        assert_eq!(activity.changes.iter().map(|c| c.description.as_str()).collect::<Vec<_>>(), ["Updated a form"]);
        assert_eq!(activity.views.iter().map(|v| v.description.as_str()).collect::<Vec<_>>(), ["Viewed a form", "Viewed the insights"]);
    }

    #[test]
    fn reads_stored_as_a_group_and_as_old_writes_of_one_route_are_one_line() {
        let mut group = read("/api/generate-insights", 2, 0, "2026-11-23T10:05:00Z");
        group.method = "POST".into();
        let activity = Activity::of(vec![group, write("POST", "/api/generate-insights", 200, "2026-11-23T09:00:00Z")], true);
        assert_eq!(activity.views.len(), 1);
        assert_eq!((activity.views[0].count, activity.views[0].first_at.as_str()), (3, "2026-11-23T09:00:00Z"));
    }

    #[test]
    fn views_are_listed_in_the_order_they_were_first_made() {
        let activity = Activity::of(vec![read("/api/b", 1, 0, "2026-11-23T10:05:00Z"), read("/api/a", 1, 0, "2026-11-23T10:07:00Z"), read("/api/c", 1, 0, "2026-11-23T10:01:00Z")], true);
        assert_eq!(activity.views.iter().map(|v| v.path.as_str()).collect::<Vec<_>>(), ["/api/c", "/api/b", "/api/a"]);
    }
}
