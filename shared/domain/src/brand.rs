//! The founder's logo, shown at the top of every investor form: which files are accepted, the
//! size it is kept at, and where it is served from.
//!
//! An upload is recognised by its first bytes (never by its name or declared type), decoded,
//! scaled down to fit [`LOGO_BOX`] and kept as a PNG named by its SHA-256: re-encoding drops
//! whatever else the file carried (EXIF, GPS, scripts in comments), and a content-addressed
//! name can be cached for ever.

use serde::{Deserialize, Serialize, ser::SerializeStruct};

/// The largest upload accepted, in bytes.
pub const MAX_LOGO_BYTES: usize = 2 * 1024 * 1024;
/// The largest width or height a logo may be decoded at (a bigger header is refused before
/// its pixels are allocated).
pub const MAX_LOGO_SIDE: u32 = 4096;
/// The smallest width and height that still reads as a logo.
pub const MIN_LOGO_SIDE: u32 = 16;
/// The box a logo is kept within (width, height): twice what the form shows (at most 48 px
/// high and 240 px wide), for sharp screens. Smaller logos are never scaled up.
pub const LOGO_BOX: (u32, u32) = (480, 96);

pub const WRONG_TYPE: &str = "Please upload a PNG, JPEG or WebP image.";
pub const TOO_LARGE: &str = "Your logo can be at most 2 MB.";
pub const TOO_SMALL: &str = "Your logo must be at least 16 pixels wide and high.";
pub const TOO_BIG: &str = "Your logo can be at most 4,096 pixels wide and high.";
pub const UNREADABLE: &str = "This image could not be read. Please upload another PNG, JPEG or WebP file.";

/// The image types a logo may be uploaded as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogoFormat {
    Png,
    Jpeg,
    Webp,
}

impl LogoFormat {
    /// The type the file's first bytes announce (its magic number), if it is one we accept.
    pub fn sniff(bytes: &[u8]) -> Option<Self> {
        if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            Some(Self::Png)
        } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
            Some(Self::Jpeg)
        } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
            Some(Self::Webp)
        } else {
            None
        }
    }
}

/// Why an upload is not kept: each with the sentence the founder sees.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogoProblem {
    WrongType,
    TooLarge,
    TooSmall,
    TooBig,
    Unreadable,
}

impl LogoProblem {
    pub fn message(self) -> &'static str {
        match self {
            Self::WrongType => WRONG_TYPE,
            Self::TooLarge => TOO_LARGE,
            Self::TooSmall => TOO_SMALL,
            Self::TooBig => TOO_BIG,
            Self::Unreadable => UNREADABLE,
        }
    }
}

/// Whether decoded dimensions are acceptable for a logo.
pub fn check_dimensions(width: u32, height: u32) -> Result<(), LogoProblem> {
    if width > MAX_LOGO_SIDE || height > MAX_LOGO_SIDE {
        Err(LogoProblem::TooBig)
    } else if width < MIN_LOGO_SIDE || height < MIN_LOGO_SIDE {
        Err(LogoProblem::TooSmall)
    } else {
        Ok(())
    }
}

/// The size a `width` × `height` logo is kept at: scaled down, keeping its proportions, to fit
/// `bounds`; never scaled up; never below 1 px a side.
pub fn fit(width: u32, height: u32, bounds: (u32, u32)) -> (u32, u32) {
    let (max_w, max_h) = bounds;
    if width <= max_w && height <= max_h {
        return (width, height);
    }
    // The tighter of the two ratios, in integers: w/max_w vs h/max_h.
    if u64::from(width) * u64::from(max_h) >= u64::from(height) * u64::from(max_w) {
        let h = (u64::from(height) * u64::from(max_w) + u64::from(width) / 2) / u64::from(width);
        (max_w, (h as u32).max(1))
    } else {
        let w = (u64::from(width) * u64::from(max_h) + u64::from(height) / 2) / u64::from(height);
        ((w as u32).max(1), max_h)
    }
}

/// A kept logo: the hex SHA-256 of its PNG, and its size in pixels (so the form reserves its
/// space before it loads). Stored on the founder's profile as `{hash, width, height}`; sent
/// to browsers with its `url` too.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Logo {
    pub hash: String,
    pub width: u32,
    pub height: u32,
}

impl Logo {
    /// The object's key in the assets bucket.
    pub fn key(&self) -> String {
        logo_key(&self.hash)
    }

    /// Where browsers fetch it: a public, immutable route of the app (cached by the CDN).
    pub fn url(&self) -> String {
        format!("/api/public-forms/logos/{}.png", self.hash)
    }
}

impl Serialize for Logo {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut logo = serializer.serialize_struct("Logo", 4)?;
        logo.serialize_field("hash", &self.hash)?;
        logo.serialize_field("url", &self.url())?;
        logo.serialize_field("width", &self.width)?;
        logo.serialize_field("height", &self.height)?;
        logo.end()
    }
}

/// The assets bucket's key of the logo whose PNG hashes to `hash`.
pub fn logo_key(hash: &str) -> String {
    format!("logos/{hash}.png")
}

/// The hash in a public logo file name (`<64 lower-case hex>.png`), or `None` for anything
/// else: nothing but a well-formed name ever reaches the bucket.
pub fn hash_of_file_name(name: &str) -> Option<&str> {
    let hash = name.strip_suffix(".png")?;
    (hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))).then_some(hash)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_logo_is_recognised_by_its_first_bytes_never_by_its_name() {
        assert_eq!(LogoFormat::sniff(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), Some(LogoFormat::Png));
        assert_eq!(LogoFormat::sniff(&[0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, b'J', b'F']), Some(LogoFormat::Jpeg));
        assert_eq!(LogoFormat::sniff(b"RIFF\x24\0\0\0WEBPVP8 "), Some(LogoFormat::Webp));
        // Look-alikes and other types.
        assert_eq!(LogoFormat::sniff(b"\x89PNG"), None);
        assert_eq!(LogoFormat::sniff(b"RIFF\x24\0\0\0WAVEfmt "), None);
        assert_eq!(LogoFormat::sniff(b"GIF89a"), None);
        assert_eq!(LogoFormat::sniff(b"<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>"), None);
        assert_eq!(LogoFormat::sniff(b"%PDF-1.7"), None);
        assert_eq!(LogoFormat::sniff(b""), None);
    }

    #[test]
    fn dimensions_outside_16_to_4096_pixels_are_refused_with_their_reason() {
        assert_eq!(check_dimensions(16, 16), Ok(()));
        assert_eq!(check_dimensions(4096, 4096), Ok(()));
        assert_eq!(check_dimensions(15, 400), Err(LogoProblem::TooSmall));
        assert_eq!(check_dimensions(400, 15), Err(LogoProblem::TooSmall));
        assert_eq!(check_dimensions(4097, 100), Err(LogoProblem::TooBig));
        assert_eq!(check_dimensions(100, 65_535), Err(LogoProblem::TooBig));
    }

    #[test]
    fn a_logo_is_scaled_down_to_fit_its_box_keeping_proportions_and_never_up() {
        assert_eq!(fit(200, 50, LOGO_BOX), (200, 50));
        assert_eq!(fit(480, 96, LOGO_BOX), (480, 96));
        // Square: height bound.
        assert_eq!(fit(1000, 1000, LOGO_BOX), (96, 96));
        // Very wide: width bound.
        assert_eq!(fit(4000, 400, LOGO_BOX), (480, 48));
        assert_eq!(fit(1920, 384, LOGO_BOX), (480, 96));
        // Rounded, never zero.
        assert_eq!(fit(4096, 16, LOGO_BOX), (480, 2));
        assert_eq!(fit(4096, 1, (480, 96)), (480, 1));
        assert_eq!(fit(16, 4096, LOGO_BOX), (1, 96));
    }

    #[test]
    fn only_a_well_formed_content_address_names_a_public_logo() {
        let hash = "a".repeat(64);
        assert_eq!(hash_of_file_name(&format!("{hash}.png")), Some(hash.as_str()));
        assert_eq!(hash_of_file_name(&"a".repeat(64)), None);
        assert_eq!(hash_of_file_name(&format!("{}.png", "A".repeat(64))), None);
        assert_eq!(hash_of_file_name(&format!("{}.png", "a".repeat(63))), None);
        assert_eq!(hash_of_file_name("../../vault/records/x.png"), None);
        assert_eq!(hash_of_file_name(&format!("{hash}.png.png")), None);
    }

    #[test]
    fn browsers_get_the_logo_with_its_url_and_the_profile_keeps_its_hash_and_size() {
        let logo = Logo { hash: "ab".repeat(32), width: 240, height: 48 };
        let json = serde_json::to_value(&logo).unwrap();
        assert_eq!(json["url"], format!("/api/public-forms/logos/{}.png", "ab".repeat(32)));
        assert_eq!(json["width"], 240);
        assert_eq!(logo.key(), format!("logos/{}.png", "ab".repeat(32)));
        let back: Logo = serde_json::from_value(json).unwrap();
        assert_eq!(back, logo);
    }
}
