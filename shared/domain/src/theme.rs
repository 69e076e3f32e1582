//! The colours investors see on a form: the founder's choices, made readable by construction.
//!
//! A founder picks five colours (primary, background, text, button, button text). The form
//! renders more than those five: secondary text (descriptions, the legend, placeholders), input
//! borders, error messages, the focus ring, a tinted panel for the offering. [`theme`] derives
//! every one of them and changes a chosen colour only as much as WCAG 2 AA needs:
//!
//! - text on the background, secondary text, the accent (company name, links, focus ring) and
//!   error text: at least 4.5:1 on the background and on the tinted panel (1.4.3);
//! - the button label on the button: at least 4.5:1;
//! - input borders and the focus ring: at least 3:1 on the background (1.4.11).
//!
//! A colour that fails is shaded (its OKLCH lightness moved the least that reaches the ratio,
//! hue kept: see `contrast::shade_for_contrast`). A button is shaded at most
//! [`MAX_BUTTON_SHADE`]; past that its label changes instead, to the form's own text or
//! background colour (or black or white), so a yellow button stays yellow with dark text.
//! Translucent colours are flattened (the page behind an embedded form is unknown).
//!
//! The rule is applied whenever a form is read, from the founder's stored choices: the public
//! form, the editor and the embed always show the current rule's colours, and nothing stored
//! needs migrating when the rule changes. What was changed is listed in [`Theme::adjustments`]
//! so the editor can show the founder their colour next to the one investors see.

use serde::{Deserialize, Serialize};

use crate::{
    invalid::{Checked, Invalid},
    contrast::{Rgb, Rgba, contrast, min_contrast, shade_for_contrast},
    forms::{Styling, is_hex_color},
};

/// WCAG 2 AA for normal text (1.4.3).
pub const TEXT_CONTRAST: f64 = 4.5;
/// WCAG 2 AA for the parts of a control that identify it, and the focus ring (1.4.11).
pub const NON_TEXT_CONTRAST: f64 = 3.0;
/// How far a button colour may be shaded (OKLCH lightness, 0 to 1) before its label changes
/// instead: about one step of a design palette (Tailwind's 500 to 600 is 0.04 to 0.1).
pub const MAX_BUTTON_SHADE: f64 = 0.08;
/// Secondary text is the text colour moved at most this far towards the background.
const MUTED_MIX: f64 = 0.3;
/// Input borders are the text colour moved at most this far towards the background.
const BORDER_MIX: f64 = 0.75;
/// The offering and notice panels: the background tinted with this much of the primary colour.
const SURFACE_TINT: f64 = 0.06;
/// Error text starts from this red (Tailwind red-600) and is shaded like any other text.
const ERROR_RED: Rgb = Rgb::new(0xdc, 0x26, 0x26);

/// The five colours a founder chooses (the colour part of [`Styling`]), as the editor sends them
/// to `GET /api/forms/theme`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Colours {
    pub primary_color: String,
    pub background_color: String,
    pub text_color: String,
    pub button_color: String,
    pub button_text_color: String,
}

impl Colours {
    /// Each colour must be CSS hex (`#rgb`, `#rrggbb` or `#rrggbbaa`).
    pub fn validate(&self) -> Checked<()> {
        for (value, what) in [
            (&self.primary_color, "The primary colour"),
            (&self.background_color, "The background colour"),
            (&self.text_color, "The text colour"),
            (&self.button_color, "The button colour"),
            (&self.button_text_color, "The button text colour"),
        ] {
            if !is_hex_color(value) {
                return Err(Invalid::new("invalid_color", format!("{what} must be a hex colour like #6366f1.")));
            }
        }
        Ok(())
    }
}

impl Styling {
    pub fn colours(&self) -> Colours {
        Colours {
            primary_color: self.primary_color.clone(),
            background_color: self.background_color.clone(),
            text_color: self.text_color.clone(),
            button_color: self.button_color.clone(),
            button_text_color: self.button_text_color.clone(),
        }
    }

    /// The form's theme (see [`theme`]).
    pub fn theme(&self) -> Theme {
        theme(&self.colours())
    }

    /// This styling with the colours investors see in place of the chosen ones: what the
    /// public form serves as `styling`, so any reader of it renders readable colours.
    pub fn readable(&self, palette: &Palette) -> Styling {
        Styling {
            primary_color: palette.accent.to_string(),
            background_color: palette.background.to_string(),
            text_color: palette.text.to_string(),
            button_color: palette.button.to_string(),
            button_text_color: palette.button_text.to_string(),
            ..self.clone()
        }
    }
}

/// Light or dark, for the CSS `color-scheme` of the form (native controls, scroll bars).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ColorScheme {
    Light,
    Dark,
}

/// Every colour the investor form renders, as `#rrggbb`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Palette {
    /// The form's background (and its inputs').
    #[serde(serialize_with = "as_hex")]
    pub background: Rgb,
    /// The tinted panels (offering summary, notices, the success tick).
    #[serde(serialize_with = "as_hex")]
    pub surface: Rgb,
    #[serde(serialize_with = "as_hex")]
    pub text: Rgb,
    /// Descriptions, the legend, notes, placeholders, the branding line.
    #[serde(serialize_with = "as_hex")]
    pub muted_text: Rgb,
    /// The primary colour where it is text or a ring: company name, links, focus ring, ticks.
    #[serde(serialize_with = "as_hex")]
    pub accent: Rgb,
    /// Input borders.
    #[serde(serialize_with = "as_hex")]
    pub border: Rgb,
    /// Error messages and the required-field mark.
    #[serde(serialize_with = "as_hex")]
    pub error: Rgb,
    #[serde(serialize_with = "as_hex")]
    pub button: Rgb,
    #[serde(serialize_with = "as_hex")]
    pub button_text: Rgb,
    pub color_scheme: ColorScheme,
}

fn as_hex<S: serde::Serializer>(colour: &Rgb, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(colour)
}

/// One pair the form shows: `foreground` read on `background`, needing `minimum`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pair {
    pub name: &'static str,
    pub foreground: Rgb,
    pub background: Rgb,
    pub minimum: f64,
}

impl Palette {
    /// Every foreground/background pair the investor form renders (investor-form.css).
    pub fn pairs(&self) -> Vec<Pair> {
        let pair = |name, foreground, background, minimum| Pair { name, foreground, background, minimum };
        vec![
            pair("text", self.text, self.background, TEXT_CONTRAST),
            pair("muted text", self.muted_text, self.background, TEXT_CONTRAST),
            pair("accent text", self.accent, self.background, TEXT_CONTRAST),
            pair("error text", self.error, self.background, TEXT_CONTRAST),
            pair("text on the panel", self.text, self.surface, TEXT_CONTRAST),
            pair("muted text on the panel", self.muted_text, self.surface, TEXT_CONTRAST),
            pair("accent text on the panel", self.accent, self.surface, TEXT_CONTRAST),
            pair("button label", self.button_text, self.button, TEXT_CONTRAST),
            pair("focus ring", self.accent, self.background, NON_TEXT_CONTRAST),
            pair("input border", self.border, self.background, NON_TEXT_CONTRAST),
        ]
    }

    /// Whether every pair reaches its ratio.
    pub fn is_readable(&self) -> bool {
        self.pairs().iter().all(|p| contrast(p.foreground, p.background) >= p.minimum)
    }
}

/// A chosen colour investors see differently, named by its `Styling` setting.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Adjustment {
    /// `primaryColor`, `backgroundColor`, `textColor`, `buttonColor` or `buttonTextColor`.
    pub setting: &'static str,
    /// As the founder wrote it.
    pub chosen: String,
    /// `#rrggbb`, what the form shows.
    pub used: String,
}

/// The palette investors see, and which chosen colours it changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Theme {
    #[serde(flatten)]
    pub palette: Palette,
    pub adjustments: Vec<Adjustment>,
}

/// The theme of a form with these colours. Total: a colour that does not parse (a form stored
/// before colours were validated) counts as the default one for its setting.
pub fn theme(colours: &Colours) -> Theme {
    let defaults = Styling::default();
    let parse = |value: &str, default: &str| Rgba::parse(value).or_else(|| Rgba::parse(default)).unwrap_or(Rgba { rgb: Rgb::BLACK, alpha: 1.0 });

    let background = parse(&colours.background_color, &defaults.background_color).over(Rgb::WHITE);
    let primary = parse(&colours.primary_color, &defaults.primary_color).over(background);
    let chosen_text = parse(&colours.text_color, &defaults.text_color).over(background);
    // The panel keeps its tint when text and accent can read on it and on the background with
    // one shade each; otherwise it has none (one backdrop: black or white always reads).
    let with_tint = |tint: f64| {
        let surface = background.mix(primary, tint);
        let backdrops = [background, surface];
        let text = shade_for_contrast(chosen_text, &backdrops, TEXT_CONTRAST).colour;
        let accent = shade_for_contrast(primary, &backdrops, TEXT_CONTRAST).colour;
        (surface, text, accent)
    };
    let tinted = with_tint(SURFACE_TINT);
    let reads = |(surface, text, accent): (Rgb, Rgb, Rgb)| min_contrast(text, &[background, surface]).min(min_contrast(accent, &[background, surface])) >= TEXT_CONTRAST;
    let (surface, text, accent) = if reads(tinted) { tinted } else { with_tint(0.0) };
    let backdrops = [background, surface];
    let muted_text = furthest_mix(text, background, MUTED_MIX, |c| min_contrast(c, &backdrops) >= TEXT_CONTRAST);
    let border = furthest_mix(text, background, BORDER_MIX, |c| contrast(c, background) >= NON_TEXT_CONTRAST);
    let error = shade_for_contrast(ERROR_RED, &[background], TEXT_CONTRAST).colour;
    let chosen_button = parse(&colours.button_color, &defaults.button_color).over(background);
    let chosen_label = parse(&colours.button_text_color, &defaults.button_text_color).over(chosen_button);
    let (button, button_text) = readable_button(chosen_button, chosen_label, text, background);
    let color_scheme = if contrast(Rgb::WHITE, background) > contrast(Rgb::BLACK, background) { ColorScheme::Dark } else { ColorScheme::Light };

    let palette = Palette { background, surface, text, muted_text, accent, border, error, button, button_text, color_scheme };
    debug_assert!(palette.is_readable(), "{palette:?}");

    let adjustments = [
        ("primaryColor", &colours.primary_color, accent),
        ("backgroundColor", &colours.background_color, background),
        ("textColor", &colours.text_color, text),
        ("buttonColor", &colours.button_color, button),
        ("buttonTextColor", &colours.button_text_color, button_text),
    ]
    .into_iter()
    .filter(|(_, chosen, used)| Rgb::parse(chosen) != Some(*used))
    .map(|(setting, chosen, used)| Adjustment { setting, chosen: chosen.clone(), used: used.to_string() })
    .collect();
    Theme { palette, adjustments }
}

/// The floating button of embed.js, readable: the colours its snippet carries (either may be
/// left out: the button is then the form's, the label white, as embed.js has always defaulted),
/// by the rule of the form's own button, the form's text and background being the labels it
/// falls back on. Translucent colours are flattened on white (the page behind is unknown).
pub fn floating_button(form: &Colours, button: Option<Rgba>, label: Option<Rgba>) -> (Rgb, Rgb) {
    let palette = theme(form).palette;
    if button.is_none() && label.is_none() {
        return (palette.button, palette.button_text);
    }
    let button = button.map_or(palette.button, |b| b.over(Rgb::WHITE));
    let label = label.map_or(Rgb::WHITE, |l| l.over(button));
    readable_button(button, label, palette.text, palette.background)
}

/// `from` mixed with as much of `towards` as `ok` allows, up to `most` (in steps of 1%):
/// `from` itself when no mix is ok.
fn furthest_mix(from: Rgb, towards: Rgb, most: f64, ok: impl Fn(Rgb) -> bool) -> Rgb {
    let steps = (most * 100.0).round() as u32;
    (0..=steps).rev().map(|step| from.mix(towards, f64::from(step) / 100.0)).find(|&c| ok(c)).unwrap_or(from)
}

/// The button and its label, readable: as chosen when they read; else the button a shade
/// darker or lighter (at most [`MAX_BUTTON_SHADE`]); else the chosen button with the form's own
/// text or background colour as the label, whichever reads better, or black or white (one of
/// which reads on any colour: at least 4.58:1).
fn readable_button(button: Rgb, label: Rgb, text: Rgb, background: Rgb) -> (Rgb, Rgb) {
    if contrast(button, label) >= TEXT_CONTRAST {
        return (button, label);
    }
    let shaded = shade_for_contrast(button, &[label], TEXT_CONTRAST);
    if shaded.lightness_shift <= MAX_BUTTON_SHADE {
        return (shaded.colour, label);
    }
    let best = |a: Rgb, b: Rgb| if contrast(a, button) >= contrast(b, button) { a } else { b };
    let own = best(text, background);
    let label = if contrast(own, button) >= TEXT_CONTRAST { own } else { best(Rgb::BLACK, Rgb::WHITE) };
    (button, label)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn colours(primary: &str, background: &str, text: &str, button: &str, button_text: &str) -> Colours {
        Colours {
            primary_color: primary.into(),
            background_color: background.into(),
            text_color: text.into(),
            button_color: button.into(),
            button_text_color: button_text.into(),
        }
    }

    fn hex(value: &str) -> Rgb {
        Rgb::parse(value).unwrap()
    }

    fn assert_readable(theme: &Theme, what: &str) {
        for pair in theme.palette.pairs() {
            let ratio = contrast(pair.foreground, pair.background);
            assert!(ratio >= pair.minimum, "{what}: {} {} on {} is {ratio:.3}:1 < {}", pair.name, pair.foreground, pair.background, pair.minimum);
        }
    }

    #[test]
    fn the_spec_default_theme_darkens_the_indigo_a_hair_for_white_text_and_says_so() {
        let theme = Styling::default().theme();
        let json = serde_json::to_value(&theme).unwrap();
        assert_eq!(
            json,
            serde_json::json!({
                "background": "#ffffff",
                "surface": "#f6f6fe",
                "text": "#1f2937",
                "mutedText": "#626973",
                "accent": "#5e60ea",
                "border": "#8f949b",
                "error": "#dc2626",
                "button": "#6365f0",
                "buttonText": "#ffffff",
                "colorScheme": "light",
                "adjustments": [
                    { "setting": "primaryColor", "chosen": "#6366f1", "used": "#5e60ea" },
                    { "setting": "buttonColor", "chosen": "#6366f1", "used": "#6365f0" },
                ],
            })
        );
        assert!(contrast(hex("#6365f0"), Rgb::WHITE) >= 4.5 && contrast(hex("#6366f1"), Rgb::WHITE) < 4.5);
        assert_readable(&theme, "default");
    }

    #[test]
    fn colours_that_already_read_are_kept_and_nothing_is_reported() {
        let theme = theme(&colours("#4f46e5", "#FFFFFF", "#111827", "#4f46e5", "#fff"));
        assert_eq!(theme.adjustments, vec![]);
        let p = &theme.palette;
        assert_eq!((p.accent, p.background, p.text, p.button, p.button_text), (hex("#4f46e5"), Rgb::WHITE, hex("#111827"), hex("#4f46e5"), Rgb::WHITE));
    }

    #[test]
    fn a_light_yellow_button_keeps_its_colour_and_takes_the_forms_dark_text_as_label() {
        let theme = theme(&colours("#6366f1", "#ffffff", "#1f2937", "#fde047", "#ffffff"));
        assert_eq!((theme.palette.button, theme.palette.button_text), (hex("#fde047"), hex("#1f2937")));
        assert_eq!(theme.adjustments.iter().map(|a| (a.setting, a.used.as_str())).collect::<Vec<_>>(), vec![("primaryColor", "#5e60ea"), ("buttonTextColor", "#1f2937")]);
        assert_readable(&theme, "yellow button");
    }

    #[test]
    fn a_mid_red_button_is_darkened_within_a_shade_rather_than_losing_its_white_label() {
        let theme = theme(&colours("#ef4444", "#ffffff", "#1f2937", "#ef4444", "#ffffff"));
        let p = &theme.palette;
        assert_eq!((p.button.to_string(), p.button_text), ("#df3337".to_string(), Rgb::WHITE));
        assert_readable(&theme, "red");
    }

    #[test]
    fn a_dark_theme_lightens_what_is_too_dark_and_flips_the_color_scheme() {
        let theme = theme(&colours("#4f46e5", "#0f172a", "#94a3b8", "#4f46e5", "#ffffff"));
        let p = &theme.palette;
        assert_eq!(p.color_scheme, ColorScheme::Dark);
        assert_eq!(p.text, hex("#94a3b8"), "light slate text already reads on navy");
        assert_eq!(p.accent.to_string(), "#6d73ff");
        assert_eq!(p.error.to_string(), "#ee3b36");
        assert!(p.muted_text != p.text && contrast(p.muted_text, p.background) >= 4.5);
        assert_readable(&theme, "dark");
    }

    #[test]
    fn a_translucent_background_is_flattened_on_white_and_reported() {
        let theme = theme(&colours("#4f46e5", "#0f172a80", "#111827", "#4f46e5", "#ffffff"));
        assert_eq!(theme.palette.background, hex("#878b94"));
        assert_eq!(theme.adjustments[0], Adjustment { setting: "primaryColor", chosen: "#4f46e5".into(), used: theme.palette.accent.to_string() });
        assert!(theme.adjustments.iter().any(|a| a.setting == "backgroundColor" && a.chosen == "#0f172a80" && a.used == "#878b94"));
        assert_readable(&theme, "translucent");
    }

    #[test]
    fn a_stored_colour_that_is_not_hex_counts_as_the_default_of_its_setting() {
        let theme = theme(&colours("blue", "#ffffff", "#1f2937", "#4f46e5", "#ffffff"));
        assert_eq!(theme.palette.accent, hex("#5e60ea"));
        assert_eq!(theme.adjustments, vec![Adjustment { setting: "primaryColor", chosen: "blue".into(), used: "#5e60ea".into() }]);
    }

    #[test]
    fn the_readable_styling_carries_the_palettes_colours_and_keeps_the_rest() {
        let styling = Styling { logo_url: Some("https://example.com/logo.png".into()), ..Styling::default() };
        let readable = styling.readable(&styling.theme().palette);
        assert_eq!((readable.primary_color.as_str(), readable.button_color.as_str(), readable.button_text_color.as_str()), ("#5e60ea", "#6365f0", "#ffffff"));
        assert_eq!((readable.font_family.as_str(), readable.logo_url.as_deref()), ("Inter", Some("https://example.com/logo.png")));
        // Read on its own (as an older client would), the readable styling reads.
        let colour = |value: &str| Rgb::parse(value).unwrap();
        let background = colour(&readable.background_color);
        for (foreground, on) in [(&readable.text_color, background), (&readable.primary_color, background), (&readable.button_text_color, colour(&readable.button_color))] {
            assert!(contrast(colour(foreground), on) >= TEXT_CONTRAST, "{foreground} on {on}");
        }
    }

    const BRAND_COLOURS: &[&str] = &[
        // light yellows and pastels
        "#fde047", "#fef08a", "#facc15", "#fff7ae", "#fbcfe8", "#bae6fd",
        // mid greys
        "#6b7280", "#777777", "#808080", "#9ca3af", "#767676",
        // saturated blues, reds, greens, oranges, purples
        "#6366f1", "#2563eb", "#0000ff", "#3b82f6", "#60a5fa", "#ef4444", "#ff0000", "#dc2626", "#10b981", "#22c55e",
        "#00ff00", "#f97316", "#a855f7", "#ec4899", "#14b8a6",
        // near-whites and near-blacks
        "#ffffff", "#fafafa", "#f5f5f4", "#fefce8", "#f8fafc", "#000000", "#0f172a", "#111827", "#18181b", "#1e1b4b",
        // translucent
        "#6366f180", "#00000033",
    ];

    /// Light, near-white, mid, saturated and dark-mode backgrounds, and a translucent one.
    const BACKGROUNDS: &[&str] = &[
        "#ffffff", "#fafafa", "#fefce8", "#f8fafc", "#fde047", "#bae6fd", "#808080", "#777777", "#6366f1", "#ef4444", "#000000", "#0f172a",
        "#18181b", "#1e1b4b", "#00000033",
    ];

    #[test]
    fn every_pair_reads_after_adjustment_for_every_brand_colour_on_every_background() {
        let mut checked = 0;
        for background in BACKGROUNDS {
            for brand in BRAND_COLOURS {
                for (text, label) in [("#1f2937", "#ffffff"), ("#f9fafb", "#000000"), (*brand, *brand), ("#9ca3af", "#fde047")] {
                    let theme = theme(&colours(brand, background, text, brand, label));
                    assert_readable(&theme, &format!("brand {brand}, background {background}, text {text}, label {label}"));
                    assert!(theme.palette.is_readable());
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, BACKGROUNDS.len() * BRAND_COLOURS.len() * 4);
    }

    #[test]
    fn every_pair_reads_for_random_themes() {
        // A fixed-seed generator: the same 2,000 themes on every run.
        let mut seed: u64 = 0x5eed_c0ff_ee00_0001;
        let mut next = || {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            format!("#{:06x}", (seed >> 40) & 0xff_ffff)
        };
        for _ in 0..2_000 {
            let c = colours(&next(), &next(), &next(), &next(), &next());
            assert_readable(&theme(&c), &format!("{c:?}"));
        }
    }

    #[test]
    fn the_pairs_cover_every_colour_the_form_renders_on_each_surface() {
        let pairs = Styling::default().theme().palette.pairs();
        let names: Vec<_> = pairs.iter().map(|p| p.name).collect();
        assert_eq!(
            names,
            vec!["text", "muted text", "accent text", "error text", "text on the panel", "muted text on the panel", "accent text on the panel", "button label", "focus ring", "input border"]
        );
        assert_eq!(pairs.iter().filter(|p| p.minimum == NON_TEXT_CONTRAST).count(), 2);
    }

    #[test]
    fn colours_are_validated_with_the_settings_name() {
        let mut c = colours("#6366f1", "#ffffff", "#1f2937", "#6366f1", "#ffffff");
        assert!(c.validate().is_ok());
        c.button_text_color = "white".into();
        assert_eq!(c.validate().unwrap_err().message, "The button text colour must be a hex colour like #6366f1.");
    }

    /// The SPA shows two themes without asking the server: the landing page's sample form and
    /// embed.js's default floating button. Both are literals there; this keeps them the rule's.
    #[test]
    fn the_spas_literal_themes_are_what_the_rule_gives() {
        let spa = concat!(env!("CARGO_MANIFEST_DIR"), "/../../spa");
        let sample = std::fs::read_to_string(format!("{spa}/src/features/marketing/sample-form.ts")).unwrap();
        let theme = theme(&colours("#4f46e5", "#ffffff", "#111827", "#4f46e5", "#ffffff"));
        assert_eq!(theme.adjustments, vec![], "the sample's own colours read");
        for (key, value) in serde_json::to_value(&theme.palette).unwrap().as_object().unwrap() {
            let literal = format!("{key}: '{}'", value.as_str().unwrap());
            assert!(sample.contains(&literal), "sample-form.ts should have {literal}");
        }
        for (key, value) in [("primaryColor", "#4f46e5"), ("backgroundColor", "#ffffff"), ("textColor", "#111827"), ("buttonColor", "#4f46e5"), ("buttonTextColor", "#ffffff")] {
            assert!(sample.contains(&format!("{key}: '{value}'")), "sample-form.ts styling {key}");
        }

        let embed = std::fs::read_to_string(format!("{spa}/public/embed.js")).unwrap();
        let default = Styling::default().theme().palette;
        assert!(embed.contains(&format!("|| '{}'", default.button)), "embed.js's default button colour is {}", default.button);
        assert!(embed.contains(&format!("|| '{}'", default.button_text)), "embed.js's default label colour is {}", default.button_text);
    }

    #[test]
    fn the_floating_buttons_snippet_colours_are_made_readable_by_the_form_buttons_rule() {
        let form = colours("#6366f1", "#ffffff", "#1f2937", "#0f766e", "#ffffff");
        let rgba = |value: &str| Rgba::parse(value);
        // Every snippet written before the rule: white on #6366f1.
        assert_eq!(floating_button(&form, rgba("#6366f1"), rgba("#ffffff")), (hex("#6365f0"), Rgb::WHITE));
        // A colour that reads is kept; a label left out is white, as embed.js defaults.
        assert_eq!(floating_button(&form, rgba("#0f766e"), None), (hex("#0f766e"), Rgb::WHITE));
        // A yellow button keeps its colour and takes the form's text colour.
        assert_eq!(floating_button(&form, rgba("#fde047"), rgba("#ffffff")), (hex("#fde047"), hex("#1f2937")));
        // Nothing in the snippet: the form's own button.
        assert_eq!(floating_button(&form, None, None), (hex("#0f766e"), Rgb::WHITE));
        for (button, label) in [("#ffffff", "#ffffff"), ("#777777", "#888888"), ("#00000080", "#ffffff"), ("#fef08a", "#fefce8")] {
            let (b, l) = floating_button(&form, rgba(button), rgba(label));
            assert!(contrast(b, l) >= TEXT_CONTRAST, "{button} {label}: {b} {l}");
        }
    }
}
