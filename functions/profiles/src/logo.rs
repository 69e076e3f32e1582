//! An uploaded logo made safe and small: recognised by its first bytes, its header's size
//! checked before any pixel is decoded, decoded within memory limits, turned upright (EXIF),
//! scaled down to fit `brand::LOGO_BOX` and re-encoded as a PNG, which drops whatever else
//! the file carried (EXIF and GPS data, comments, trailing bytes). The rules are
//! `shared::brand`'s; this is the decoding.

use std::io::Cursor;

use image::{
    DynamicImage, ExtendedColorType, ImageDecoder, ImageEncoder, ImageFormat, ImageReader, Limits,
    codecs::png::{CompressionType, FilterType, PngEncoder},
};
use shared::{
    brand::{LOGO_BOX, Logo, LogoFormat, LogoProblem, MAX_LOGO_BYTES, MAX_LOGO_SIDE, check_dimensions, fit},
    crypto::sha256_hex,
};

/// The logo as it is kept: its record and its PNG.
#[derive(Debug)]
pub struct Normalised {
    pub logo: Logo,
    pub png: Vec<u8>,
}

/// Pixels a decode may allocate: a 4,096 × 4,096 RGBA image and room to scale it.
const MAX_ALLOC: u64 = 160 * 1024 * 1024;

pub fn normalise(bytes: &[u8]) -> Result<Normalised, LogoProblem> {
    if bytes.len() > MAX_LOGO_BYTES {
        return Err(LogoProblem::TooLarge);
    }
    let format = match LogoFormat::sniff(bytes).ok_or(LogoProblem::WrongType)? {
        LogoFormat::Png => ImageFormat::Png,
        LogoFormat::Jpeg => ImageFormat::Jpeg,
        LogoFormat::Webp => ImageFormat::WebP,
    };
    // The header's size first: a "decompression bomb" is refused before it is decoded.
    let (width, height) = ImageReader::with_format(Cursor::new(bytes), format).into_dimensions().map_err(|_| LogoProblem::Unreadable)?;
    check_dimensions(width, height)?;

    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_LOGO_SIDE);
    limits.max_image_height = Some(MAX_LOGO_SIDE);
    limits.max_alloc = Some(MAX_ALLOC);
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(|_| LogoProblem::Unreadable)?;
    let orientation = decoder.orientation().map_err(|_| LogoProblem::Unreadable)?;
    let mut image = DynamicImage::from_decoder(decoder).map_err(|_| LogoProblem::Unreadable)?;
    image.apply_orientation(orientation);

    let (kept_width, kept_height) = fit(image.width(), image.height(), LOGO_BOX);
    if (kept_width, kept_height) != (image.width(), image.height()) {
        image = image.thumbnail_exact(kept_width, kept_height);
    }
    let png = encode_png(&image).ok_or(LogoProblem::Unreadable)?;
    Ok(Normalised { logo: Logo { hash: sha256_hex(&png), width: kept_width, height: kept_height }, png })
}

/// 8-bit RGB, or RGBA when the logo has transparency.
fn encode_png(image: &DynamicImage) -> Option<Vec<u8>> {
    let mut png = Vec::new();
    let encoder = PngEncoder::new_with_quality(&mut png, CompressionType::Best, FilterType::Adaptive);
    let result = if image.color().has_alpha() {
        encoder.write_image(image.to_rgba8().as_raw(), image.width(), image.height(), ExtendedColorType::Rgba8)
    } else {
        encoder.write_image(image.to_rgb8().as_raw(), image.width(), image.height(), ExtendedColorType::Rgb8)
    };
    result.ok().map(|()| png)
}

#[cfg(test)]
mod tests {
    use image::{Rgba, RgbaImage};

    use super::*;

    fn encoded(width: u32, height: u32, format: ImageFormat) -> Vec<u8> {
        let image = RgbaImage::from_fn(width, height, |x, y| Rgba([(x % 256) as u8, (y % 256) as u8, 120, if format == ImageFormat::Png { 200 } else { 255 }]));
        let mut bytes = Cursor::new(Vec::new());
        let image = if format == ImageFormat::Jpeg { DynamicImage::ImageRgb8(DynamicImage::ImageRgba8(image).to_rgb8()) } else { DynamicImage::ImageRgba8(image) };
        image.write_to(&mut bytes, format).unwrap();
        bytes.into_inner()
    }

    /// The CRC-32 a PNG chunk ends with (over its type and data).
    fn crc32(bytes: &[u8]) -> u32 {
        !bytes.iter().fold(!0u32, |crc, &byte| (0..8).fold(crc ^ u32::from(byte), |c, _| if c & 1 == 1 { (c >> 1) ^ 0xEDB8_8320 } else { c >> 1 }))
    }

    fn decoded(png: &[u8]) -> DynamicImage {
        image::load_from_memory_with_format(png, ImageFormat::Png).unwrap()
    }

    #[test]
    fn png_jpeg_and_webp_logos_are_kept_as_png_scaled_to_fit_the_box() {
        for format in [ImageFormat::Png, ImageFormat::Jpeg, ImageFormat::WebP] {
            let kept = normalise(&encoded(1200, 600, format)).unwrap();
            assert_eq!((kept.logo.width, kept.logo.height), (192, 96), "{format:?}");
            assert_eq!(LogoFormat::sniff(&kept.png), Some(LogoFormat::Png));
            let image = decoded(&kept.png);
            assert_eq!((image.width(), image.height()), (192, 96));
            assert_eq!(kept.logo.hash, sha256_hex(&kept.png));
        }
    }

    #[test]
    fn a_small_logo_is_never_scaled_up_and_keeps_its_transparency() {
        let kept = normalise(&encoded(64, 32, ImageFormat::Png)).unwrap();
        assert_eq!((kept.logo.width, kept.logo.height), (64, 32));
        assert!(decoded(&kept.png).color().has_alpha());
    }

    #[test]
    fn the_same_logo_uploaded_twice_has_the_same_name() {
        let bytes = encoded(300, 100, ImageFormat::Png);
        assert_eq!(normalise(&bytes).unwrap().logo.hash, normalise(&bytes).unwrap().logo.hash);
    }

    #[test]
    fn whatever_else_the_file_carried_is_not_kept() {
        // A PNG with text after its end (a polyglot) and a comment chunk: neither survives.
        let mut bytes = encoded(100, 40, ImageFormat::Png);
        bytes.extend_from_slice(b"<script>alert(1)</script>");
        let kept = normalise(&bytes).unwrap();
        assert!(!kept.png.windows(7).any(|w| w == b"<script"));
    }

    #[test]
    fn other_types_and_look_alikes_are_refused_by_their_bytes() {
        assert_eq!(normalise(b"GIF89a\x01\0\x01\0").unwrap_err(), LogoProblem::WrongType);
        assert_eq!(normalise(b"<svg xmlns='http://www.w3.org/2000/svg'/>").unwrap_err(), LogoProblem::WrongType);
        assert_eq!(normalise(b"").unwrap_err(), LogoProblem::WrongType);
        // Right magic number, nothing behind it.
        assert_eq!(normalise(b"\x89PNG\r\n\x1a\n").unwrap_err(), LogoProblem::Unreadable);
        assert_eq!(normalise(&[0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]).unwrap_err(), LogoProblem::Unreadable);
        // A real PNG cut short.
        let bytes = encoded(200, 200, ImageFormat::Png);
        assert_eq!(normalise(&bytes[..bytes.len() / 2]).unwrap_err(), LogoProblem::Unreadable);
    }

    #[test]
    fn sizes_outside_the_rules_are_refused_before_decoding() {
        assert_eq!(normalise(&encoded(10, 200, ImageFormat::Png)).unwrap_err(), LogoProblem::TooSmall);
        assert_eq!(normalise(&vec![0x89; MAX_LOGO_BYTES + 1]).unwrap_err(), LogoProblem::TooLarge);
        // A header that claims 20,000 × 20,000 px (a decompression bomb) with a tiny body.
        let mut bomb = encoded(16, 16, ImageFormat::Png);
        bomb[16..20].copy_from_slice(&20_000u32.to_be_bytes());
        bomb[20..24].copy_from_slice(&20_000u32.to_be_bytes());
        let crc = crc32(&bomb[12..29]);
        bomb[29..33].copy_from_slice(&crc.to_be_bytes());
        assert_eq!(normalise(&bomb).unwrap_err(), LogoProblem::TooBig);
    }
}
