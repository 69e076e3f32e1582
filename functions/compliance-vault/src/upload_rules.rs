//! The rules an upload meets, as declared (`POST /uploads`) and as it arrived
//! (`POST /uploads/{id}/complete`). Pure: every refusal is decided here, before and apart from
//! what storage does about it.

use axum::http::StatusCode;
use serde_json::{Value, json};
use shared::{
    ApiError, Result,
    repo::vault::NewRecord,
    storage::StoredObject,
    vault::{Actor, Category, FileRef, FileType, Kind, MAX_NOTES, MAX_TITLE, MAX_UPLOAD_BYTES, clean_text, safe_file_name},
};

use crate::uploads::{EMPTY, StartUpload, TOO_LARGE, UNSUPPORTED};

const CATEGORY_RULE: &str = "Choose a category: Form C draft, Form C as filed, financial statements, pitch deck, offering page copy, investor communication or other.";

pub(crate) fn too_large() -> ApiError {
    ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "file_too_large", TOO_LARGE)
}

pub(crate) fn unsupported() -> ApiError {
    ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_file_type", UNSUPPORTED)
}

/// A file's size, as declared and again as it arrived (the browser's word is not trusted):
/// at most 25 MB, and not empty.
pub(crate) fn check_size(size: u64) -> Result<()> {
    if size > MAX_UPLOAD_BYTES {
        return Err(too_large());
    }
    if size == 0 {
        return Err(ApiError::bad_request("empty_file", EMPTY));
    }
    Ok(())
}

/// The arrived file's first bytes must carry the declared type's signature: a file renamed
/// to `.pdf` is refused.
pub(crate) fn check_content(file_type: FileType, head: &[u8]) -> Result<()> {
    if file_type.matches(head) {
        return Ok(());
    }
    Err(ApiError::new(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "file_type_mismatch",
        format!("This file is not a valid {} file. {UNSUPPORTED}", file_type.extension().to_uppercase()),
    ))
}

/// An upload as the founder declared it, checked: what the pending upload keeps until the
/// file arrives, and what its record will say.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Declared {
    pub file_type: FileType,
    pub category: Category,
    pub file_name: String,
    pub title: String,
    pub notes: String,
    pub supersedes: Option<String>,
}

impl Declared {
    /// Checks the declaration in the order its refusals are answered: type, size, category,
    /// title, notes. An empty title is the file's name.
    pub fn parse(body: StartUpload) -> Result<Self> {
        let file_type = FileType::from_content_type(&body.content_type).ok_or_else(unsupported)?;
        check_size(body.size)?;
        let category = Category::parse(&body.category)
            .filter(|c| c.for_upload())
            .ok_or_else(|| ApiError::bad_request("invalid_category", CATEGORY_RULE))?;
        let file_name = safe_file_name(&body.file_name, file_type.extension());
        let title = clean_text(&body.title, MAX_TITLE, "title", false)?;
        let title = if title.is_empty() { file_name.clone() } else { title };
        let notes = clean_text(&body.notes, MAX_NOTES, "notes", true)?;
        Ok(Self { file_type, category, file_name, title, notes, supersedes: body.supersedes })
    }

    /// The pending upload's `data` attribute.
    pub fn to_data(&self) -> Value {
        json!({
            "file_name": self.file_name, "content_type": self.file_type.content_type(), "category": self.category.as_str(),
            "title": self.title, "notes": self.notes, "supersedes": self.supersedes,
        })
    }

    /// Reads a pending upload's `data` back. Its type was checked when it was written; one no
    /// longer accepted is refused as unsupported, and an unknown category files as Other.
    pub fn from_data(data: &Value) -> Result<Self> {
        let text = |name: &str| data.get(name).and_then(Value::as_str).unwrap_or_default().to_owned();
        Ok(Self {
            file_type: FileType::from_content_type(&text("content_type")).ok_or_else(unsupported)?,
            category: Category::parse(&text("category")).unwrap_or(Category::Other),
            file_name: text("file_name"),
            title: text("title"),
            notes: text("notes"),
            supersedes: data.get("supersedes").and_then(Value::as_str).map(str::to_owned),
        })
    }

    /// The vault record of the kept file: `once` makes a second completion of the same upload
    /// find this record instead of filing another.
    pub fn record(self, record_id: String, once: String, actor: Actor, stored: StoredObject) -> NewRecord {
        let mut record = NewRecord::new(Kind::Upload, self.category, self.title, actor);
        record.id = Some(record_id);
        record.notes = self.notes;
        record.once = Some(once);
        record.supersedes = self.supersedes;
        record.meta = json!({ "original_name": self.file_name, "content_type": self.file_type.content_type() });
        record.stored = vec![FileRef {
            name: self.file_name,
            content_type: self.file_type.content_type().into(),
            size: stored.size,
            sha256: stored.sha256,
            key: stored.key,
            version_id: stored.version_id,
        }];
        record
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn declared(content_type: &str, size: u64, category: &str, title: &str) -> StartUpload {
        StartUpload {
            file_name: "../Deck (final).PDF".into(),
            content_type: content_type.into(),
            size,
            category: category.into(),
            title: title.into(),
            notes: " For the Form C. \n".into(),
            supersedes: None,
        }
    }

    #[test]
    fn a_declared_upload_is_checked_and_named_after_its_file_when_untitled() {
        let upload = Declared::parse(declared("application/pdf", 1024, "pitch_deck", "  ")).unwrap();
        assert_eq!(
            upload,
            Declared {
                file_type: FileType::Pdf,
                category: Category::PitchDeck,
                file_name: "Deck _final.pdf".into(),
                title: "Deck _final.pdf".into(),
                notes: "For the Form C.".into(),
                supersedes: None,
            }
        );
        assert_eq!(Declared::parse(declared("application/pdf", 1024, "pitch_deck", " Deck v2 ")).unwrap().title, "Deck v2");
    }

    #[test]
    fn a_declaration_is_refused_by_type_then_size_then_category() {
        let refusal = |body| Declared::parse(body).unwrap_err();
        let unsupported = refusal(declared("application/zip", 0, "nope", ""));
        assert_eq!((unsupported.status, unsupported.code.as_ref(), unsupported.message.as_ref()), (StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_file_type", UNSUPPORTED));
        let too_large = refusal(declared("image/png", MAX_UPLOAD_BYTES + 1, "nope", ""));
        assert_eq!((too_large.status, too_large.code.as_ref(), too_large.message.as_ref()), (StatusCode::PAYLOAD_TOO_LARGE, "file_too_large", TOO_LARGE));
        let empty = refusal(declared("image/png", 0, "nope", ""));
        assert_eq!((empty.status, empty.code.as_ref(), empty.message.as_ref()), (StatusCode::BAD_REQUEST, "empty_file", EMPTY));
        assert!(Declared::parse(declared("image/png", MAX_UPLOAD_BYTES, "other", "")).is_ok());
        for category in ["nope", "testing_the_waters", "offering_record", "lead_digest"] {
            let refused = refusal(declared("image/png", 10, category, ""));
            assert_eq!((refused.status, refused.code.as_ref(), refused.message.as_ref()), (StatusCode::BAD_REQUEST, "invalid_category", CATEGORY_RULE), "{category}");
        }
        assert_eq!(refusal(declared("image/png", 10, "other", "bell \u{7}")).code, "invalid_text");
        assert_eq!(refusal(declared("image/png", 10, "other", &"t".repeat(MAX_TITLE + 1))).code, "too_long");
    }

    #[test]
    fn an_arrived_file_is_checked_like_a_declared_one() {
        assert!(check_size(1).is_ok() && check_size(MAX_UPLOAD_BYTES).is_ok());
        assert_eq!(check_size(0).unwrap_err().code, "empty_file");
        assert_eq!(check_size(MAX_UPLOAD_BYTES + 1).unwrap_err().code, "file_too_large");
    }

    #[test]
    fn a_file_whose_first_bytes_are_another_type_is_refused_as_a_mismatch() {
        assert!(check_content(FileType::Pdf, b"%PDF-1.7\n").is_ok());
        let refused = check_content(FileType::Pdf, b"\x89PNG\r\n\x1a\n").unwrap_err();
        assert_eq!(refused.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
        assert_eq!(refused.code, "file_type_mismatch");
        assert_eq!(refused.message, format!("This file is not a valid PDF file. {UNSUPPORTED}"));
    }

    #[test]
    fn a_pending_upload_reads_back_what_it_stored() {
        let mut body = declared("image/jpeg", 10, "form_c_filed", "Filed");
        body.supersedes = Some("r-1".into());
        let upload = Declared::parse(body).unwrap();
        let data = upload.to_data();
        assert_eq!(
            data,
            json!({"file_name": "Deck _final.jpg", "content_type": "image/jpeg", "category": "form_c_filed", "title": "Filed", "notes": "For the Form C.", "supersedes": "r-1"})
        );
        assert_eq!(Declared::from_data(&data).unwrap(), upload);
        let unknown_category = json!({"file_name": "a.pdf", "content_type": "application/pdf", "category": "gone"});
        assert_eq!(Declared::from_data(&unknown_category).unwrap().category, Category::Other);
        assert_eq!(Declared::from_data(&json!({"content_type": "text/plain"})).unwrap_err().code, "unsupported_file_type");
    }

    #[test]
    fn the_record_of_a_kept_upload_names_its_file_and_the_one_it_supersedes() {
        let upload = Declared { supersedes: Some("r-1".into()), ..Declared::parse(declared("application/pdf", 10, "pitch_deck", "Deck")).unwrap() };
        let stored = StoredObject { key: "vault/o/r-2/Deck _final.pdf".into(), version_id: Some("v1".into()), sha256: "ab".repeat(32), size: 10 };
        let record = upload.record("r-2".into(), "upload#u-1".into(), Actor::founder("o"), stored);
        assert_eq!((record.id.as_deref(), record.once.as_deref(), record.supersedes.as_deref()), (Some("r-2"), Some("upload#u-1"), Some("r-1")));
        assert_eq!((record.kind, record.category, record.title.as_str(), record.notes.as_str()), (Kind::Upload, Category::PitchDeck, "Deck", "For the Form C."));
        assert_eq!(record.meta, json!({"original_name": "Deck _final.pdf", "content_type": "application/pdf"}));
        assert_eq!(
            record.stored,
            vec![FileRef {
                name: "Deck _final.pdf".into(),
                content_type: "application/pdf".into(),
                size: 10,
                sha256: "ab".repeat(32),
                key: "vault/o/r-2/Deck _final.pdf".into(),
                version_id: Some("v1".into()),
            }]
        );
    }
}
