//! Table `forms` (key `id`, GSI `by_user` on user_id + updated_at). Every write is
//! conditional on the caller owning the form, and edits also on the version they started
//! from, so another user's form is never touched and concurrent edits never overwrite.

use aws_sdk_dynamodb::{
    Client,
    error::SdkError,
    operation::update_item::UpdateItemError,
    types::{AttributeValue, ReturnValue},
};

use crate::{
    config::Tables,
    dynamo::{StoreError, from_item, to_item},
    forms::{Form, FormContentInput},
};

use super::table::Table;

/// Why a form of the caller's was not read or changed.
#[derive(Debug, thiserror::Error)]
pub enum FormError {
    /// No such form, or it is someone else's (the two are not told apart).
    #[error("form not found")]
    NotFound,
    /// The form changed since the version the edit started from; nothing was written.
    #[error("the form changed since that version")]
    VersionConflict,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Table `forms`: `state.forms()`.
#[derive(Clone, Copy)]
pub struct FormsRepo<'a> {
    table: Table<'a>,
}

impl<'a> FormsRepo<'a> {
    pub fn new(client: &'a Client, tables: &'a Tables) -> Self {
        Self {
            table: Table::new(client, &tables.forms),
        }
    }

    /// The repository over a forms table known by name only (the bench seeds one this way).
    pub fn on(table: Table<'a>) -> Self {
        Self { table }
    }

    #[tracing::instrument(skip(self))]
    pub async fn list_forms(self, user_id: &str) -> Result<Vec<Form>, StoreError> {
        let query = self.table.query()
            .index_name("by_user")
            .key_condition_expression("user_id = :user")
            .expression_attribute_values(":user", AttributeValue::S(user_id.to_owned()))
            .scan_index_forward(false);
        Ok(crate::repo::query_all_as(query).await?)
    }

    #[tracing::instrument(skip(self))]
    pub async fn get_form(self, id: &str) -> Result<Option<Form>, StoreError> {
        if uuid::Uuid::parse_str(id).is_err() {
            return Ok(None);
        }
        let output = self.table.get().key("id", AttributeValue::S(id.to_owned())).consistent_read(true).send().await?;
        output.item.map(from_item).transpose()
    }

    /// The caller's form, or [`FormError::NotFound`] (also when it belongs to someone else).
    pub async fn owned_form(self, id: &str, user_id: &str) -> Result<Form, FormError> {
        self.get_form(id).await?.filter(|form| form.user_id == user_id).ok_or(FormError::NotFound)
    }

    pub async fn create_form(self, form: &Form) -> Result<(), StoreError> {
        self.table.put()
            .set_item(Some(to_item(form)?))
            .condition_expression("attribute_not_exists(id)")
            .send()
            .await?;
        Ok(())
    }

    /// After a failed condition: not found when the form is gone or not the caller's, else
    /// a version conflict.
    async fn explain_conflict(self, id: &str, user_id: &str) -> FormError {
        match self.owned_form(id, user_id).await {
            Ok(_) => FormError::VersionConflict,
            Err(err) => err,
        }
    }

    /// Replaces the editable content if the caller owns the form and `version` is current.
    pub async fn update_content(self, 
        id: &str,
        user_id: &str,
        version: u64,
        content: &FormContentInput,
    ) -> Result<Form, FormError> {
        let result = self.table.update()
            .key("id", AttributeValue::S(id.to_owned()))
            .update_expression(
                "SET #name = :name, #description = :description, #fields = :fields, #styling = :styling, \
                 #content = :content, #welcome = :welcome, #offering = :offering, \
                 #branding = :branding, #updated = :now, #version = #version + :one",
            )
            .condition_expression("attribute_exists(id) AND user_id = :user AND #version = :version")
            .expression_attribute_names("#name", "name")
            .expression_attribute_names("#description", "description")
            .expression_attribute_names("#fields", "fields")
            .expression_attribute_names("#styling", "styling")
            .expression_attribute_names("#content", "content_settings")
            .expression_attribute_names("#welcome", "welcome_settings")
            .expression_attribute_names("#offering", "offering_settings")
            .expression_attribute_names("#branding", "show_branding")
            .expression_attribute_names("#updated", "updated_at")
            .expression_attribute_names("#version", "version")
            .expression_attribute_values(":name", AttributeValue::S(content.name.clone()))
            .expression_attribute_values(":description", AttributeValue::S(content.description.clone()))
            .expression_attribute_values(":fields", attribute(&content.fields)?)
            .expression_attribute_values(":styling", attribute(&content.styling)?)
            .expression_attribute_values(":content", attribute(&content.content_settings)?)
            .expression_attribute_values(":welcome", attribute(&content.welcome_settings)?)
            .expression_attribute_values(":offering", attribute(&content.offering_settings)?)
            .expression_attribute_values(":branding", AttributeValue::Bool(content.show_branding))
            .expression_attribute_values(":now", AttributeValue::S(crate::time::now_iso()))
            .expression_attribute_values(":one", AttributeValue::N("1".into()))
            .expression_attribute_values(":user", AttributeValue::S(user_id.to_owned()))
            .expression_attribute_values(":version", AttributeValue::N(version.to_string()))
            .return_values(ReturnValue::AllNew)
            .send()
            .await;
        self.finish_update(id, user_id, result).await
    }

    async fn finish_update(self, 
        id: &str,
        user_id: &str,
        result: Result<aws_sdk_dynamodb::operation::update_item::UpdateItemOutput, SdkError<UpdateItemError, aws_sdk_dynamodb::config::http::HttpResponse>>,
    ) -> Result<Form, FormError> {
        match crate::dynamo::applied_output(result)? {
            Some(output) => Ok(from_item(output.attributes.unwrap_or_default())?),
            None => Err(self.explain_conflict(id, user_id).await),
        }
    }

    /// Sets `is_published` or `is_archived` (and `updated_at`), if the caller owns the form and,
    /// when a version is given, it is current.
    pub async fn set_flag(self, 
        id: &str,
        user_id: &str,
        flag: &'static str,
        value: bool,
        version: Option<u64>,
    ) -> Result<Form, FormError> {
        let mut condition = "attribute_exists(id) AND user_id = :user".to_owned();
        let mut request = self.table.update()
            .key("id", AttributeValue::S(id.to_owned()))
            .update_expression("SET #flag = :value, updated_at = :now, #version = #version + :one")
            .expression_attribute_names("#flag", flag)
            .expression_attribute_names("#version", "version")
            .expression_attribute_values(":value", AttributeValue::Bool(value))
            .expression_attribute_values(":now", AttributeValue::S(crate::time::now_iso()))
            .expression_attribute_values(":one", AttributeValue::N("1".into()))
            .expression_attribute_values(":user", AttributeValue::S(user_id.to_owned()))
            .return_values(ReturnValue::AllNew);
        if let Some(version) = version {
            condition.push_str(" AND #version = :version");
            request = request.expression_attribute_values(":version", AttributeValue::N(version.to_string()));
        }
        let result = request.condition_expression(condition).send().await;
        self.finish_update(id, user_id, result).await
    }

    /// Copies the offering's stage onto one form, unless it already carries that version or a
    /// newer one (so copies made in any order end at the newest). Not a content change: the
    /// form's version is left alone.
    pub async fn set_offering_stage(self, id: &str, stage: &crate::vault::offering::OfferingStage) -> Result<(), StoreError> {
        let result = self.table.update()
            .key("id", AttributeValue::S(id.to_owned()))
            .update_expression("SET offering_stage = :stage")
            .condition_expression("attribute_exists(id) AND (attribute_not_exists(offering_stage.version) OR offering_stage.version < :version)")
            .expression_attribute_values(":stage", attribute(stage)?)
            .expression_attribute_values(":version", AttributeValue::N(stage.version.to_string()))
            .send()
            .await;
        // A form already at this stage or later is left as it is.
        crate::dynamo::applied(result).map(drop)
    }

    /// Deletes the caller's form permanently. Its leads are kept.
    pub async fn delete_form(self, id: &str, user_id: &str) -> Result<(), FormError> {
        let result = self.table.delete()
            .key("id", AttributeValue::S(id.to_owned()))
            .condition_expression("attribute_exists(id) AND user_id = :user")
            .expression_attribute_values(":user", AttributeValue::S(user_id.to_owned()))
            .send()
            .await;
        if crate::dynamo::applied(result)? { Ok(()) } else { Err(FormError::NotFound) }
    }

    /// One view more on an existing form (`ADD views 1`); a form deleted meanwhile is not
    /// recreated (the condition fails as an error, as before the move).
    #[tracing::instrument(skip(self))]
    pub async fn add_view(self, id: &str) -> Result<(), StoreError> {
        self.table.update()
            .key("id", AttributeValue::S(id.to_owned()))
            .update_expression("ADD #views :one")
            .condition_expression("attribute_exists(id)")
            .expression_attribute_names("#views", "views")
            .expression_attribute_values(":one", AttributeValue::N("1".into()))
            .send()
            .await?;
        Ok(())
    }

    /// One cheap call on the table (DescribeTable) at cold start, so the first request does not
    /// pay for the TLS handshake: whether it answered.
    pub async fn warm_up(self) -> bool {
        self.table.client().describe_table().table_name(self.table.name()).send().await.is_ok()
    }
}

fn attribute<T: serde::Serialize>(value: &T) -> Result<AttributeValue, StoreError> {
    serde_dynamo::to_attribute_value(value).map_err(|err| StoreError::internal(anyhow::Error::new(err)))
}
