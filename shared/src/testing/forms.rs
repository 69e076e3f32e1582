//! Forms: built in one place (`Form::new_default`), stored through the forms repository.

use serde_json::{Value, json};

use crate::{
    AppState,
    forms::{FieldPreset, Form},
};

/// A form being put together for a test: `form(&founder.id).named("Seed").preset("investment_amount").published().store(&state)`.
pub struct FormBuilder {
    form: Form,
}

/// The default form of `owner_id` (name, e-mail and phone fields), a draft until `.published()`.
pub fn form(owner_id: &str) -> FormBuilder {
    FormBuilder { form: Form::new_default(owner_id, &crate::time::now_iso()) }
}

impl FormBuilder {
    pub fn named(mut self, name: &str) -> Self {
        self.form.name = name.to_owned();
        self
    }

    /// Appends the preset field `key` (optional), after the fields already there.
    pub fn preset(mut self, key: &str) -> Self {
        let order = u32::try_from(self.form.fields.len()).expect("a handful of fields");
        let preset = FieldPreset::find(key).unwrap_or_else(|| panic!("no field preset {key}"));
        self.form.fields.push(preset.to_field(order, false));
        self
    }

    pub fn published(mut self) -> Self {
        self.form.is_published = true;
        self
    }

    pub fn archived(mut self) -> Self {
        self.form.is_archived = true;
        self
    }

    /// Any other change (offering settings, styling) before it is stored.
    pub fn with(mut self, change: impl FnOnce(&mut Form)) -> Self {
        change(&mut self.form);
        self
    }

    /// The form, not stored.
    pub fn build(self) -> Form {
        self.form
    }

    /// Stores the form (as `POST /api/forms` would) and answers it.
    pub async fn store(self, state: &AppState) -> Form {
        state.forms().create_form(&self.form).await.expect("store the test form");
        self.form
    }
}

/// "Sunrise Fund II", published, with the amount and timeline presets after the default
/// fields (name, e-mail, phone): what [`answers`] fills in.
pub async fn published_form(state: &AppState, owner_id: &str) -> Form {
    form(owner_id).named("Sunrise Fund II").preset("investment_amount").preset("investment_timeline").published().store(state).await
}

/// A hot investor's answers to a [`published_form`]: Grace Hopper, over $100,000, within a month.
pub fn answers(form: &Form) -> Value {
    json!({
        form.fields[0].id.clone(): "Grace Hopper",
        form.fields[1].id.clone(): "grace@example.com",
        form.fields[2].id.clone(): "+1 555 123 4567",
        form.fields[3].id.clone(): "Over $100,000",
        form.fields[4].id.clone(): "Within a month",
    })
}
