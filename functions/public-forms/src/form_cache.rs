//! The forms this warm instance read lately, so a launch's thousand submissions a second do
//! not all read the same form item (an item takes about 3,000 reads a second).
//!
//! An entry is used for [`FRESH`] after its read, and never when the submission says the
//! investor was shown a newer form or a newer offering stage than the entry holds (the form
//! view sends both versions in `Form-Version: <form>.<stage>`): then the form is read again.
//! So a change reaches every instance within [`FRESH`], and at once for an investor who
//! already sees it. A change that must stop indications at once (the offering's stage:
//! Form C filed) is answered to the founder only after [`FRESH`] has passed since it was
//! written (compliance-vault's offering route waits it out), so by the time they see it saved
//! no copy from before it is used.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

use shared::forms::Form;
use time::{Duration, OffsetDateTime};

/// How long a read form is used without reading it again (`forms::WARM_COPY_SECONDS`).
pub const FRESH: Duration = Duration::seconds(shared::forms::WARM_COPY_SECONDS as i64);
/// Most forms kept (a bound on memory whatever the number of forms submitted to).
const MAX_ENTRIES: usize = 1_000;

/// The versions a submission says its investor was shown: the form's and its offering stage's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seen {
    pub form: u64,
    pub stage: u64,
}

impl Seen {
    /// `Form-Version: 7.2`; anything else is no claim (the entry's age alone decides).
    pub fn parse(header: Option<&str>) -> Option<Self> {
        let (form, stage) = header?.trim().split_once('.')?;
        Some(Self { form: form.parse().ok()?, stage: stage.parse().ok()? })
    }

    fn newer_than(self, form: &Form) -> bool {
        self.form > form.version || self.stage > form.offering_stage.version
    }
}

struct Entry {
    form: Arc<Form>,
    read_at: OffsetDateTime,
}

#[derive(Default)]
pub struct FormCache {
    entries: Mutex<HashMap<String, Entry>>,
}

impl FormCache {
    /// The form read less than [`FRESH`] ago, unless the investor was shown a newer one.
    pub fn fresh(&self, id: &str, now: OffsetDateTime, seen: Option<Seen>) -> Option<Arc<Form>> {
        let entries = self.entries.lock().expect("form cache lock");
        let entry = entries.get(id)?;
        let young = now - entry.read_at < FRESH && now >= entry.read_at;
        (young && !seen.is_some_and(|seen| seen.newer_than(&entry.form))).then(|| entry.form.clone())
    }

    /// Keeps a form just read; when full, the stale entries go first, then all of them.
    pub fn keep(&self, form: Arc<Form>, now: OffsetDateTime) {
        let mut entries = self.entries.lock().expect("form cache lock");
        if entries.len() >= MAX_ENTRIES {
            entries.retain(|_, entry| now - entry.read_at < FRESH);
            if entries.len() >= MAX_ENTRIES {
                entries.clear();
            }
        }
        entries.insert(form.id.clone(), Entry { form, read_at: now });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(version: u64, stage: u64) -> Arc<Form> {
        let mut form = Form::new_default("owner", "2026-11-28T10:00:00Z");
        form.version = version;
        form.offering_stage.version = stage;
        Arc::new(form)
    }

    #[test]
    fn a_form_is_used_for_three_seconds_unless_the_investor_saw_a_newer_form_or_stage() {
        let cache = FormCache::default();
        let at = OffsetDateTime::UNIX_EPOCH + Duration::days(20_000);
        let kept = form(3, 1);
        cache.keep(kept.clone(), at);
        let id = kept.id.as_str();
        assert!(cache.fresh(id, at + Duration::milliseconds(2_999), None).is_some());
        assert!(cache.fresh(id, at + Duration::seconds(3), None).is_none(), "three seconds old: read again");
        assert!(cache.fresh(id, at - Duration::seconds(1), None).is_none(), "a clock that went back: read again");
        assert!(cache.fresh(id, at, Some(Seen { form: 3, stage: 1 })).is_some());
        assert!(cache.fresh(id, at, Some(Seen { form: 2, stage: 0 })).is_some(), "an older page is served what is current");
        assert!(cache.fresh(id, at, Some(Seen { form: 4, stage: 1 })).is_none(), "a newer form was shown");
        assert!(cache.fresh(id, at, Some(Seen { form: 3, stage: 2 })).is_none(), "a newer stage was shown");
        assert!(cache.fresh("other", at, None).is_none());
    }

    #[test]
    fn the_cache_holds_at_most_a_thousand_forms() {
        let cache = FormCache::default();
        let at = OffsetDateTime::UNIX_EPOCH + Duration::days(20_000);
        for _ in 0..2_500 {
            cache.keep(form(1, 0), at);
        }
        assert!(cache.entries.lock().unwrap().len() <= MAX_ENTRIES);
    }

    #[test]
    fn only_a_well_formed_form_version_header_is_a_claim() {
        assert_eq!(Seen::parse(Some("7.2")), Some(Seen { form: 7, stage: 2 }));
        assert_eq!(Seen::parse(Some(" 7.0 ")), Some(Seen { form: 7, stage: 0 }));
        for bad in [None, Some(""), Some("7"), Some("a.b"), Some("7.-1"), Some("99999999999999999999.1")] {
            assert_eq!(Seen::parse(bad), None, "{bad:?}");
        }
    }
}
