//! Table `profiles` (key `id` = user id): the founder's display name and the number of
//! investors who showed interest.

use aws_sdk_dynamodb::{Client, types::{AttributeValue, ReturnValue}};

use crate::{config::Tables, dynamo::StoreError};

use super::table::Table;

/// The record this repository stores (its old path).
pub use domain::profiles::Profile;

/// Table `profiles`: `state.profiles()`.
#[derive(Clone, Copy)]
pub struct ProfilesRepo<'a> {
    table: Table<'a>,
}

impl<'a> ProfilesRepo<'a> {
    pub fn new(client: &'a Client, tables: &'a Tables) -> Self {
        Self {
            table: Table::new(client, &tables.profiles),
        }
    }

    /// The repository over a table another repository already holds.
    pub(crate) fn on(table: Table<'a>) -> Self {
        Self { table }
    }

    /// The identity every campaign of the founder is signed with (CAN-SPAM), kept on the profile.
    pub async fn sender(self, owner_id: &str) -> Result<crate::repo::campaigns::Sender, StoreError> {
        let output = self.table.get().key("id", AttributeValue::S(owner_id.to_owned())).projection_expression("sender_company, sender_address").send().await?;
        let read = |item: &crate::dynamo::Item, name: &str| item.get(name).and_then(|v| v.as_s().ok()).cloned().unwrap_or_default();
        Ok(output.item.map(|item| crate::repo::campaigns::Sender { company_name: read(&item, "sender_company"), postal_address: read(&item, "sender_address") }).unwrap_or_default())
    }

    pub async fn set_sender(self, owner_id: &str, sender: &crate::repo::campaigns::Sender) -> Result<(), StoreError> {
        self.table.update()
            .key("id", AttributeValue::S(owner_id.to_owned()))
            .update_expression("SET sender_company = :company, sender_address = :address, interested_investors_count = if_not_exists(interested_investors_count, :zero)")
            .expression_attribute_values(":company", AttributeValue::S(sender.company_name.clone()))
            .expression_attribute_values(":address", AttributeValue::S(sender.postal_address.clone()))
            .expression_attribute_values(":zero", AttributeValue::N("0".into()))
            .send()
            .await?;
        Ok(())
    }

    #[tracing::instrument(skip(self))]
    pub async fn get_profile(self, id: &str) -> Result<Option<Profile>, StoreError> {
        let output = self.table.get()
            .key("id", AttributeValue::S(id.to_owned()))
            .send()
            .await?;
        output.item.map(from_item).transpose()
    }

    /// Sets the name, creating the profile if needed; the counter is left as it is.
    #[tracing::instrument(skip(self))]
    pub async fn set_profile_name(self, id: &str, name: &str) -> Result<Profile, StoreError> {
        self.set_attribute(id, "name", AttributeValue::S(name.to_owned())).await
    }

    /// Sets one attribute of the profile (creating the profile, with its counter, if needed)
    /// and answers the profile as written.
    async fn set_attribute(self, id: &str, name: &str, value: AttributeValue) -> Result<Profile, StoreError> {
        let output = self.table.update()
            .key("id", AttributeValue::S(id.to_owned()))
            .update_expression("SET #attribute = :value, interested_investors_count = if_not_exists(interested_investors_count, :zero)")
            .expression_attribute_names("#attribute", name)
            .expression_attribute_values(":value", value)
            .expression_attribute_values(":zero", AttributeValue::N("0".into()))
            .return_values(ReturnValue::AllNew)
            .send()
            .await?;
        let item = output.attributes.ok_or_else(|| StoreError::internal(anyhow::anyhow!("UpdateItem returned no attributes")))?;
        from_item(item)
    }

    /// How the company hears about new leads (the default when never chosen).
    pub async fn lead_mails(self, id: &str) -> Result<domain::lead_digest::LeadMails, StoreError> {
        let output = self.table.get().key("id", AttributeValue::S(id.to_owned())).projection_expression("lead_mails").send().await?;
        let chosen = output.item.as_ref().and_then(|item| item.get("lead_mails")).and_then(|v| v.as_s().ok()).and_then(|v| domain::lead_digest::LeadMails::parse(v));
        Ok(chosen.unwrap_or_default())
    }

    /// Keeps the company's choice and answers the profile.
    pub async fn set_lead_mails(self, id: &str, mails: domain::lead_digest::LeadMails) -> Result<Profile, StoreError> {
        self.set_attribute(id, "lead_mails", AttributeValue::S(mails.as_str().to_owned())).await
    }

    /// Puts `logo` on the profile (creating it if needed) and answers the profile.
    #[tracing::instrument(skip(self))]
    pub async fn set_logo(self, id: &str, logo: &domain::brand::Logo) -> Result<Profile, StoreError> {
        let value = AttributeValue::M(std::collections::HashMap::from([
            ("hash".to_owned(), AttributeValue::S(logo.hash.clone())),
            ("width".to_owned(), AttributeValue::N(logo.width.to_string())),
            ("height".to_owned(), AttributeValue::N(logo.height.to_string())),
        ]));
        self.set_attribute(id, "logo", value).await
    }

    /// Takes the logo off the profile (none is fine) and answers the profile, if there is one.
    #[tracing::instrument(skip(self))]
    pub async fn remove_logo(self, id: &str) -> Result<Option<Profile>, StoreError> {
        let result = self.table.update()
            .key("id", AttributeValue::S(id.to_owned()))
            .update_expression("REMOVE logo")
            .condition_expression("attribute_exists(id)")
            .return_values(ReturnValue::AllNew)
            .send()
            .await;
        match result {
            Ok(output) => output.attributes.map(from_item).transpose(),
            Err(err) if err.as_service_error().is_some_and(|e| e.is_conditional_check_failed_exception()) => Ok(None),
            Err(err) => Err(err.into()),
        }
    }

    /// Only the founder's logo (what a public form shows above its headline).
    #[tracing::instrument(skip(self))]
    pub async fn logo(self, id: &str) -> Result<Option<domain::brand::Logo>, StoreError> {
        let output = self.table.get().key("id", AttributeValue::S(id.to_owned())).projection_expression("logo").send().await?;
        match output.item.and_then(|mut item| item.remove("logo")) {
            Some(value) => serde_dynamo::from_attribute_value(value).map(Some).map_err(|err| StoreError::internal(anyhow::Error::new(err).context("profile logo"))),
            None => Ok(None),
        }
    }

    /// The founder's offering (`offering` on the profile); the default while none was saved.
    #[tracing::instrument(skip(self))]
    pub async fn get_offering(self, id: &str) -> Result<crate::vault::offering::Offering, StoreError> {
        let output = self.table.get()
            .key("id", AttributeValue::S(id.to_owned()))
            .projection_expression("offering")
            .consistent_read(true)
            .send()
            .await?;
        match output.item.and_then(|mut item| item.remove("offering")) {
            Some(value) => serde_dynamo::from_attribute_value(value).map_err(|err| StoreError::internal(anyhow::Error::new(err).context("profile offering"))),
            None => Ok(Default::default()),
        }
    }

    /// Saves the offering if the stored one is still at `expected` (its version); false if it
    /// changed meanwhile.
    #[tracing::instrument(skip(self, offering))]
    pub async fn save_offering(self, id: &str, expected: u64, offering: &crate::vault::offering::Offering) -> Result<bool, StoreError> {
        let value = serde_dynamo::to_attribute_value(offering).map_err(|err| StoreError::internal(anyhow::Error::new(err)))?;
        let condition = if expected == 0 { "attribute_not_exists(offering) OR offering.version = :expected" } else { "offering.version = :expected" };
        let result = self.table.update()
            .key("id", AttributeValue::S(id.to_owned()))
            .update_expression("SET offering = :offering, interested_investors_count = if_not_exists(interested_investors_count, :zero)")
            .condition_expression(condition)
            .expression_attribute_values(":offering", value)
            .expression_attribute_values(":expected", AttributeValue::N(expected.to_string()))
            .expression_attribute_values(":zero", AttributeValue::N("0".into()))
            .send()
            .await;
        crate::dynamo::applied(result)
    }

    /// The guide's steps done, read consistently.
    #[tracing::instrument(skip(self))]
    pub async fn guide_steps(self, id: &str) -> Result<std::collections::HashSet<String>, StoreError> {
        let output = self.table.get()
            .key("id", AttributeValue::S(id.to_owned()))
            .projection_expression("raise_capital_done")
            .consistent_read(true)
            .send()
            .await?;
        Ok(guide_steps_of(output.item.as_ref()))
    }

    /// Adds a step to the done set (or takes it out) without touching the others, so a stale
    /// page never overwrites progress; answers the steps done afterwards.
    #[tracing::instrument(skip(self))]
    pub async fn set_guide_step(self, id: &str, step: &str, done: bool) -> Result<std::collections::HashSet<String>, StoreError> {
        let expression = if done { "ADD raise_capital_done :step" } else { "DELETE raise_capital_done :step" };
        let output = self.table.update()
            .key("id", AttributeValue::S(id.to_owned()))
            .update_expression(expression)
            .expression_attribute_values(":step", AttributeValue::Ss(vec![step.to_owned()]))
            .return_values(ReturnValue::AllNew)
            .send()
            .await?;
        Ok(guide_steps_of(output.attributes.as_ref()))
    }
}

use crate::dynamo::from_item;

/// The raise-capital guide's steps the founder has done (`raise_capital_done`, a string set
/// on the profile item); none when the profile or the set does not exist.
fn guide_steps_of(item: Option<&std::collections::HashMap<String, AttributeValue>>) -> std::collections::HashSet<String> {
    item.and_then(|i| i.get("raise_capital_done")).and_then(|v| v.as_ss().ok()).map(|ss| ss.iter().cloned().collect()).unwrap_or_default()
}
