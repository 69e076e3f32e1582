//! Colour maths for readable text: WCAG 2 relative luminance and contrast ratio, and the least
//! change of a colour's shade that reaches a contrast.
//!
//! Shades move along OKLCH lightness (Björn Ottosson's OKLab, the space of CSS Color 4's
//! `oklch()`): hue and chroma stay as chosen, so a founder's indigo stays indigo, only a little
//! darker or lighter. Chroma is reduced only where sRGB cannot show the colour at that lightness.
//! The conversions are the published matrices (a crate such as `palette` would bring a large
//! generic API for two matrix products); the tests pin them to CSS Color 4's reference values.
//!
//! Every result is checked on the 8-bit colour that is actually rendered, never on the
//! unrounded value, so rounding can never take a pair below the ratio it was shaded for.

use std::fmt;

/// An opaque sRGB colour, as CSS renders it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rgb {
    pub r: u8,
    pub g: u8,
    pub b: u8,
}

/// A colour as written in CSS hex (`#rgb`, `#rrggbb`, `#rrggbbaa`), with its opacity.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rgba {
    pub rgb: Rgb,
    /// 0.0 (transparent) to 1.0 (opaque).
    pub alpha: f64,
}

impl Rgb {
    pub const BLACK: Rgb = Rgb::new(0, 0, 0);
    pub const WHITE: Rgb = Rgb::new(255, 255, 255);

    pub const fn new(r: u8, g: u8, b: u8) -> Self {
        Self { r, g, b }
    }

    /// `#rrggbb` or `#rgb`, opaque only (see [`Rgba::parse`] for `#rrggbbaa`).
    pub fn parse(hex: &str) -> Option<Self> {
        Rgba::parse(hex).filter(|c| c.alpha >= 1.0).map(|c| c.rgb)
    }

    /// WCAG 2 relative luminance (0 for black, 1 for white).
    pub fn luminance(self) -> f64 {
        fn channel(value: u8) -> f64 {
            let c = f64::from(value) / 255.0;
            // WCAG 2's threshold (0.03928) and sRGB's (0.04045) differ for no 8-bit value.
            if c <= 0.03928 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
        }
        0.2126 * channel(self.r) + 0.7152 * channel(self.g) + 0.0722 * channel(self.b)
    }

    /// `self` mixed with `other`, `amount` (0 to 1) of `other`, channel by channel in sRGB
    /// (what CSS `color-mix(in srgb, …)` does).
    pub fn mix(self, other: Rgb, amount: f64) -> Rgb {
        let amount = amount.clamp(0.0, 1.0);
        let channel = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * amount).round() as u8;
        Rgb::new(channel(self.r, other.r), channel(self.g, other.g), channel(self.b, other.b))
    }

    fn linear(self) -> [f64; 3] {
        fn channel(value: u8) -> f64 {
            let c = f64::from(value) / 255.0;
            if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
        }
        [channel(self.r), channel(self.g), channel(self.b)]
    }
}

impl fmt::Display for Rgb {
    /// `#rrggbb`, lower case.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }
}

impl Rgba {
    pub fn parse(hex: &str) -> Option<Self> {
        let digits = hex.strip_prefix('#')?;
        if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let nibble = |i: usize| u8::from_str_radix(&digits[i..=i], 16).ok().map(|v| v * 17);
        let byte = |i: usize| u8::from_str_radix(&digits[i..i + 2], 16).ok();
        let (rgb, alpha) = match digits.len() {
            3 => (Rgb::new(nibble(0)?, nibble(1)?, nibble(2)?), 255),
            6 => (Rgb::new(byte(0)?, byte(2)?, byte(4)?), 255),
            8 => (Rgb::new(byte(0)?, byte(2)?, byte(4)?), byte(6)?),
            _ => return None,
        };
        Some(Self { rgb, alpha: f64::from(alpha) / 255.0 })
    }

    /// The opaque colour seen when this one is painted over `backdrop` (source-over).
    pub fn over(self, backdrop: Rgb) -> Rgb {
        backdrop.mix(self.rgb, self.alpha)
    }
}

/// WCAG 2 contrast ratio, 1 to 21, whichever colour is lighter.
pub fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (a.luminance(), b.luminance());
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The lowest contrast of `colour` with any of `against` (21 when `against` is empty).
pub fn min_contrast(colour: Rgb, against: &[Rgb]) -> f64 {
    against.iter().map(|&other| contrast(colour, other)).fold(21.0, f64::min)
}

/// A colour in OKLCH: lightness 0 (black) to 1 (white), chroma, hue in degrees.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Oklch {
    pub l: f64,
    pub c: f64,
    pub h: f64,
}

impl Oklch {
    pub fn from_rgb(colour: Rgb) -> Self {
        let [r, g, b] = colour.linear();
        let l = (0.412_221_470_8 * r + 0.536_332_536_3 * g + 0.051_445_992_9 * b).cbrt();
        let m = (0.211_903_498_2 * r + 0.680_699_545_1 * g + 0.107_396_956_6 * b).cbrt();
        let s = (0.088_302_461_9 * r + 0.281_718_837_6 * g + 0.629_978_700_5 * b).cbrt();
        let lightness = 0.210_454_255_3 * l + 0.793_617_785_0 * m - 0.004_072_046_8 * s;
        let a = 1.977_998_495_1 * l - 2.428_592_205_0 * m + 0.450_593_709_9 * s;
        let b = 0.025_904_037_1 * l + 0.782_771_766_2 * m - 0.808_675_766_0 * s;
        let hue = b.atan2(a).to_degrees();
        Self { l: lightness, c: a.hypot(b), h: if hue < 0.0 { hue + 360.0 } else { hue } }
    }

    /// Linear sRGB, unclamped (outside 0..=1 when sRGB cannot show the colour).
    fn linear_srgb(self) -> [f64; 3] {
        let (a, b) = (self.c * self.h.to_radians().cos(), self.c * self.h.to_radians().sin());
        let l = (self.l + 0.396_337_777_4 * a + 0.215_803_757_3 * b).powi(3);
        let m = (self.l - 0.105_561_345_8 * a - 0.063_854_172_8 * b).powi(3);
        let s = (self.l - 0.089_484_177_5 * a - 1.291_485_548_0 * b).powi(3);
        [
            4.076_741_662_1 * l - 3.307_711_591_3 * m + 0.230_969_929_2 * s,
            -1.268_438_004_6 * l + 2.609_757_401_1 * m - 0.341_319_396_5 * s,
            -0.004_196_086_3 * l - 0.703_418_614_7 * m + 1.707_614_701_0 * s,
        ]
    }

    /// The nearest sRGB colour: at this lightness and hue, the most chroma sRGB can show
    /// (chroma reduction, as CSS Color 4 gamut mapping), rounded to 8 bits.
    pub fn to_rgb(self) -> Rgb {
        const EPSILON: f64 = 1e-6;
        let in_gamut = |c: Oklch| c.linear_srgb().iter().all(|v| (-EPSILON..=1.0 + EPSILON).contains(v));
        let l = self.l.clamp(0.0, 1.0);
        let mut colour = Oklch { l, ..self };
        if !in_gamut(colour) {
            let (mut low, mut high) = (0.0, self.c);
            for _ in 0..16 {
                let mid = (low + high) / 2.0;
                if in_gamut(Oklch { c: mid, ..colour }) { low = mid } else { high = mid }
            }
            colour.c = low;
        }
        let encode = |v: f64| {
            let v = v.clamp(0.0, 1.0);
            let gamma = if v <= 0.003_130_8 { 12.92 * v } else { 1.055 * v.powf(1.0 / 2.4) - 0.055 };
            (gamma * 255.0).round().clamp(0.0, 255.0) as u8
        };
        let [r, g, b] = colour.linear_srgb();
        Rgb::new(encode(r), encode(g), encode(b))
    }
}

/// A colour shaded for contrast, and how far its OKLCH lightness moved (0 when unchanged).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Shade {
    pub colour: Rgb,
    pub lightness_shift: f64,
}

/// The shade of `colour` nearest to it in OKLCH lightness (same hue and chroma, as far as sRGB
/// allows) whose contrast with each of `against` is at least `minimum`: `colour` itself when it
/// already reads. Both directions are tried (darker and lighter) and the smaller move wins; the
/// ends are black and white, one of which passes against any single colour up to 4.58:1.
/// When no shade passes (several backdrops pulling apart), black or white, whichever reads best.
pub fn shade_for_contrast(colour: Rgb, against: &[Rgb], minimum: f64) -> Shade {
    if min_contrast(colour, against) >= minimum {
        return Shade { colour, lightness_shift: 0.0 };
    }
    let start = Oklch::from_rgb(colour);
    let passes = |l: f64| {
        let rgb = Oklch { l, ..start }.to_rgb();
        (min_contrast(rgb, against) >= minimum).then_some(rgb)
    };
    let search = |target: f64| -> Option<Shade> {
        // Walk towards black or white in steps of 0.05 to the first shade that passes (contrast
        // is not monotonic along the way when the colour starts on the wrong side of a
        // backdrop), then halve the last step until the move is within 1/10,000 of lightness. The invariant
        // of the halving: `passing` passes, `failing` does not.
        const STEP: f64 = 0.05;
        let distance = (target - start.l).abs();
        let direction = (target - start.l).signum();
        let steps = (distance / STEP).ceil() as usize;
        let mut failing = start.l;
        for i in 1..=steps {
            let l = if i == steps { target } else { start.l + direction * STEP * i as f64 };
            if let Some(rgb) = passes(l) {
                let (mut passing, mut best) = (l, rgb);
                while (passing - failing).abs() > 1e-4 {
                    let mid = (passing + failing) / 2.0;
                    match passes(mid) {
                        Some(rgb) => (passing, best) = (mid, rgb),
                        None => failing = mid,
                    }
                }
                return Some(Shade { colour: best, lightness_shift: (passing - start.l).abs() });
            }
            failing = l;
        }
        None
    };
    match (search(0.0), search(1.0)) {
        (Some(darker), Some(lighter)) => if lighter.lightness_shift < darker.lightness_shift { lighter } else { darker },
        (Some(one), None) | (None, Some(one)) => one,
        (None, None) => {
            let best = if min_contrast(Rgb::WHITE, against) > min_contrast(Rgb::BLACK, against) { Rgb::WHITE } else { Rgb::BLACK };
            Shade { colour: best, lightness_shift: (Oklch::from_rgb(best).l - start.l).abs() }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(value: &str) -> Rgb {
        Rgb::parse(value).unwrap()
    }

    fn close(actual: f64, expected: f64, tolerance: f64) -> bool {
        (actual - expected).abs() <= tolerance
    }

    #[test]
    fn hex_colours_parse_in_every_css_length_and_print_as_six_lower_case_digits() {
        assert_eq!(hex("#6366F1"), Rgb::new(0x63, 0x66, 0xf1));
        assert_eq!(hex("#fff"), Rgb::WHITE);
        assert_eq!(hex("#0a0"), Rgb::new(0, 0xaa, 0));
        assert_eq!(Rgba::parse("#00000080").unwrap().alpha, 128.0 / 255.0);
        assert_eq!(Rgb::parse("#00000080"), None, "a translucent colour is not opaque");
        for bad in ["6366f1", "#ggg", "#12345", "#1234", "", "#", "#6366f1 ", "#ÿÿÿ"] {
            assert_eq!(Rgba::parse(bad), None, "{bad:?}");
        }
        assert_eq!(Rgb::new(0x5b, 0x5e, 0xe8).to_string(), "#5b5ee8");
        assert_eq!(Rgb::BLACK.to_string(), "#000000");
    }

    #[test]
    fn luminance_and_contrast_are_wcag_2s() {
        assert_eq!(Rgb::BLACK.luminance(), 0.0);
        assert!(close(Rgb::WHITE.luminance(), 1.0, 1e-12));
        assert!(close(contrast(Rgb::BLACK, Rgb::WHITE), 21.0, 1e-9));
        assert_eq!(contrast(hex("#6366f1"), hex("#6366f1")), 1.0);
        // The demo form's button: white on #6366f1, 4.47:1 (axe prints it truncated, 4.46).
        assert!(close(contrast(Rgb::WHITE, hex("#6366f1")), 4.4668, 1e-4), "{}", contrast(Rgb::WHITE, hex("#6366f1")));
        assert_eq!(contrast(Rgb::WHITE, hex("#6366f1")), contrast(hex("#6366f1"), Rgb::WHITE));
        // Well-known pairs: #767676 is the lightest grey that reads on white, #777777 is not.
        assert!(close(contrast(hex("#767676"), Rgb::WHITE), 4.542, 1e-3));
        assert!(contrast(hex("#777777"), Rgb::WHITE) < 4.5);
        assert!(close(contrast(hex("#1f2937"), Rgb::WHITE), 14.68, 1e-2));
        assert!(close(hex("#808080").luminance(), 0.215_861, 1e-6));
    }

    #[test]
    fn oklch_matches_css_color_4s_reference_values() {
        // CSS Color 4, §9 examples (sRGB red, green #008000) and white/black.
        let red = Oklch::from_rgb(hex("#ff0000"));
        assert!(close(red.l, 0.627_955, 1e-5) && close(red.c, 0.257_683, 1e-5) && close(red.h, 29.2339, 1e-3), "{red:?}");
        let green = Oklch::from_rgb(hex("#008000"));
        assert!(close(green.l, 0.519_75, 1e-4) && close(green.c, 0.176_86, 1e-4) && close(green.h, 142.495, 1e-2), "{green:?}");
        assert!(close(Oklch::from_rgb(Rgb::WHITE).l, 1.0, 1e-6) && Oklch::from_rgb(Rgb::WHITE).c < 1e-6);
        assert!(close(Oklch::from_rgb(Rgb::BLACK).l, 0.0, 1e-9));
        // Every 8-bit colour comes back from OKLCH as itself.
        for colour in ["#6366f1", "#fde047", "#0f172a", "#ef4444", "#808080", "#ffffff", "#000000", "#10b981", "#facc15"] {
            assert_eq!(Oklch::from_rgb(hex(colour)).to_rgb(), hex(colour), "{colour}");
        }
        // Out of gamut: the chroma is reduced, the lightness and hue kept.
        let vivid = Oklch { l: 0.9, c: 0.4, h: 264.0 }.to_rgb();
        let back = Oklch::from_rgb(vivid);
        assert!(close(back.l, 0.9, 5e-3) && close(back.h, 264.0, 2.0) && back.c < 0.1, "{back:?}");
    }

    #[test]
    fn translucent_colours_are_composited_over_their_backdrop() {
        let half_black = Rgba::parse("#00000080").unwrap();
        assert_eq!(half_black.over(Rgb::WHITE), Rgb::new(127, 127, 127));
        assert_eq!(Rgba::parse("#6366f1").unwrap().over(Rgb::BLACK), hex("#6366f1"));
        assert_eq!(Rgba::parse("#ff000000").unwrap().over(hex("#123456")), hex("#123456"));
        assert_eq!(Rgb::WHITE.mix(Rgb::BLACK, 0.25), Rgb::new(191, 191, 191));
    }

    #[test]
    fn a_colour_that_reads_is_left_alone() {
        let shade = shade_for_contrast(hex("#1f2937"), &[Rgb::WHITE], 4.5);
        assert_eq!(shade, Shade { colour: hex("#1f2937"), lightness_shift: 0.0 });
    }

    #[test]
    fn the_demo_indigo_is_darkened_by_the_least_shade_that_reads_with_white() {
        let shade = shade_for_contrast(hex("#6366f1"), &[Rgb::WHITE], 4.5);
        assert_eq!(shade.colour.to_string(), "#6365f0");
        assert!(contrast(shade.colour, Rgb::WHITE) >= 4.5);
        assert!(shade.lightness_shift < 0.005, "{shade:?}");
        // Still the same hue: indigo, a hair darker.
        let (before, after) = (Oklch::from_rgb(hex("#6366f1")), Oklch::from_rgb(shade.colour));
        assert!(close(before.h, after.h, 0.5) && after.l < before.l);
    }

    #[test]
    fn a_shade_moves_towards_whichever_end_is_nearer() {
        // Light grey text on white goes darker; dark grey text on near-black goes lighter.
        let on_white = shade_for_contrast(hex("#d1d5db"), &[Rgb::WHITE], 4.5);
        assert_eq!(on_white.colour.to_string(), "#73777c");
        let on_black = shade_for_contrast(hex("#374151"), &[hex("#0b0f19")], 4.5);
        assert_eq!(on_black.colour.to_string(), "#707c8d");
        assert!(Oklch::from_rgb(on_black.colour).l > Oklch::from_rgb(hex("#374151")).l);
        // Light text on a mid grey cannot lighten enough (white is 4.48:1): it goes dark.
        let mid = shade_for_contrast(hex("#999999"), &[hex("#777777")], 4.5);
        assert_eq!(mid.colour.to_string(), "#060606");
        assert!(contrast(mid.colour, hex("#777777")) >= 4.5);
    }
}
