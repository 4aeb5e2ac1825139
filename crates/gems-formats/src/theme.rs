//! The look and feel of the game as data: colours, gem shapes, text sizes and transition timings
//! with their easing. [`Theme::default`] is the built-in theme; themes are RON data with the same
//! fields, so players can tweak them without recompiling.

use serde::{Deserialize, Serialize};

mod easing;
mod effects;
pub mod fields;
mod table;
mod ui;

pub use easing::Easing;
pub use effects::Effects;
use fields::theme_section;
pub use fields::{Field, Value};
pub use table::TableColors;
pub use ui::UiColors;

/// The outline of a gem. Each kind gets its own, so colour is never the only cue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GemShape {
    /// A disc.
    Circle,
    /// A rounded square.
    Square,
    /// A square on its corner.
    Diamond,
    /// A triangle pointing up.
    Triangle,
    /// A hexagon.
    Hexagon,
    /// A five-pointed star.
    Star,
    /// A pentagon.
    Pentagon,
    /// A plus sign.
    Cross,
    /// A thick ring with an empty centre.
    Ring,
}

impl GemShape {
    /// Every shape, in the order the default theme assigns them to kinds.
    pub const ALL: [GemShape; 9] = [
        GemShape::Circle,
        GemShape::Diamond,
        GemShape::Square,
        GemShape::Triangle,
        GemShape::Hexagon,
        GemShape::Star,
        GemShape::Pentagon,
        GemShape::Cross,
        GemShape::Ring,
    ];
}

/// How one gem kind looks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GemStyle {
    /// Fill colour as sRGB hex, `#rrggbb`.
    pub color: String,
    /// Outline shape (also drawn when the image is missing or broken).
    pub shape: GemShape,
    /// A PNG under `assets/` drawn instead of the shape, e.g. `themes/jewels/gem-1.png`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<String>,
}

theme_section! {
    /// Durations (seconds) and easing of the animated transitions.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(default)]
    pub struct Timings {
        /// How long the selected group stays highlighted before it is removed.
        pub flag: f32 = 0.10 => "Highlight", 0.0..=2.0,
        /// How long removed gems take to pop away.
        pub remove: f32 = 0.16 => "Removal", 0.0..=2.0,
        /// Easing of the removal pop.
        pub remove_easing: Easing = Easing::QuadIn => "Removal easing",
        /// How long a gem takes to fall one row (longer falls take longer, by the square root).
        pub fall: f32 = 0.16 => "Fall (per row)", 0.0..=2.0,
        /// Extra delay per column, so the fall ripples across the board.
        pub fall_stagger: f32 = 0.012 => "Fall ripple", 0.0..=0.2,
        /// Easing of falling gems.
        pub fall_easing: Easing = Easing::BounceOut => "Fall easing",
        /// How long columns take to slide left.
        pub shift: f32 = 0.20 => "Column slide", 0.0..=2.0,
        /// Extra delay per column of the slide.
        pub shift_stagger: f32 = 0.010 => "Slide ripple", 0.0..=0.2,
        /// Easing of sliding columns.
        pub shift_easing: Easing = Easing::CubicOut => "Slide easing",
        /// How long a new board takes to drop in.
        pub deal: f32 = 0.35 => "New board", 0.0..=5.0,
        /// Easing of the drop-in.
        pub deal_easing: Easing = Easing::BounceOut => "New board easing",
    }
}

/// One sound effect: a file under `assets/` and its volume (0..=1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SoundSpec {
    /// Path under `assets/`, e.g. `sounds/remove.ogg`.
    pub file: String,
    /// Volume, 0..=1, multiplied by the player's volume setting.
    pub volume: f32,
}

impl SoundSpec {
    /// The volumes a sound may have.
    pub const VOLUME: std::ops::RangeInclusive<f32> = 0.0..=1.0;

    fn new(file: &str, volume: f32) -> Self {
        Self {
            file: file.to_string(),
            volume,
        }
    }
}

/// The theme's sound effects.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Sounds {
    /// A group is selected for removal.
    pub select: SoundSpec,
    /// Gems are removed (the game raises the pitch with the group's size).
    pub remove: SoundSpec,
    /// Falling gems land.
    pub land: SoundSpec,
    /// Columns slide left.
    pub shift: SoundSpec,
    /// The game is over.
    pub game_over: SoundSpec,
}

impl Default for Sounds {
    fn default() -> Self {
        Self {
            select: SoundSpec::new("sounds/select.ogg", 0.5),
            remove: SoundSpec::new("sounds/remove.ogg", 0.8),
            land: SoundSpec::new("sounds/land.ogg", 0.5),
            shift: SoundSpec::new("sounds/shift.ogg", 0.5),
            game_over: SoundSpec::new("sounds/gameover.ogg", 0.8),
        }
    }
}

impl Sounds {
    /// Every sound with its name in the file, in the game's order of effects (select, remove,
    /// land, shift, game over): the one list the validation and the sound bank read.
    pub fn all(&self) -> [(&'static str, &SoundSpec); 5] {
        [
            ("select", &self.select),
            ("remove", &self.remove),
            ("land", &self.land),
            ("shift", &self.shift),
            ("game_over", &self.game_over),
        ]
    }
}

/// The default theme's gem styles: nine colours, each with its own shape.
fn default_gems() -> Vec<GemStyle> {
    let colors = [
        "#e84a5f", "#2d9cdb", "#f2c94c", "#27ae60", "#9b51e0", "#f2994a", "#56ccf2", "#eb5ea8",
        "#d0d5e0",
    ];
    colors
        .iter()
        .zip(GemShape::ALL)
        .map(|(c, shape)| GemStyle {
            color: (*c).to_string(),
            shape,
            image: None,
        })
        .collect()
}

theme_section! {
    /// A complete theme.
    #[cfg_attr(feature = "bevy", derive(bevy_ecs::resource::Resource))]
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(default)]
    pub struct Theme {
        /// Shown in the settings menu.
        pub name: String = "Classic".to_string(),
        /// The format's version the file was written in ([`THEME_VERSION`] when it has none:
        /// the fields of earlier versions are all still read).
        pub version: u32 = THEME_VERSION,
        /// Window background, `#rrggbb`.
        pub background: String = "#1d2030".into() => "Background",
        /// Panel behind the board, `#rrggbb`.
        pub board: String = "#282c40".into() => "Board",
        /// A PNG under `assets/` stretched over the window's background (tinted by `background`).
        #[serde(skip_serializing_if = "Option::is_none")]
        pub background_image: Option<String> = None,
        /// A PNG under `assets/` stretched over the board's panel (tinted by `board`).
        #[serde(skip_serializing_if = "Option::is_none")]
        pub board_image: Option<String> = None,
        /// Colour mixed into a highlighted (flagged) group, `#rrggbb`.
        pub flag_highlight: String = "#ffffff".into() => "Highlight",
        /// How strongly the highlight colour is mixed in.
        pub flag_mix: f32 = 0.25 => "Highlight strength", 0.0..=1.0,
        /// Keyboard cursor ring, `#rrggbb`.
        pub cursor: String = "#ffffff".into() => "Keyboard cursor",
        /// Gem styles; kind k uses entry `k % len` (kind 0 uses the first).
        pub gems: Vec<GemStyle> = default_gems(),
        /// Size of ordinary HUD text, in points.
        pub text_size: f32 = 16.0 => "Text size", 8.0..=40.0,
        /// Size of headings and the score, in points.
        pub heading_size: f32 = 24.0 => "Heading size", 10.0..=64.0,
        /// Transition timings.
        pub timings: Timings = Timings::default(),
        /// Sound effects.
        pub sounds: Sounds = Sounds::default(),
        /// Colours of the menus' messages (themes written before it get the defaults).
        pub ui: UiColors = UiColors::default(),
        /// Colours on the board besides the gems (themes written before it get the defaults).
        pub table: TableColors = TableColors::default(),
        /// Shards, pop-ups and celebrations (themes written before it get the defaults).
        pub effects: Effects = Effects::default(),
    }
}

/// The 1-based line where `field:` first appears in `text` (1 when it cannot be found).
fn line_of_field(text: &str, field: &str) -> usize {
    text.lines()
        .position(|line| {
            line.trim_start()
                .strip_prefix(field)
                .is_some_and(|rest| rest.trim_start().starts_with(':'))
        })
        .map_or(1, |i| i + 1)
}

/// Index among `styles` styles of the style of gem kind `kind`: kind 1 uses the first style,
/// kind 2 the second, wrapping around (kind 0 uses the last).
pub fn style_index(kind: u32, styles: usize) -> usize {
    let n = styles.max(1);
    (kind as usize % n + n - 1) % n
}

impl Theme {
    /// Index of the style of gem kind `kind` ([`style_index`] among the theme's styles).
    pub fn style_index(&self, kind: u32) -> usize {
        style_index(kind, self.gems.len())
    }

    /// The style of gem kind `kind`.
    pub fn style(&self, kind: u32) -> GemStyle {
        self.gems
            .get(self.style_index(kind))
            .cloned()
            .unwrap_or(GemStyle {
                color: "#cccccc".to_string(),
                shape: GemShape::Circle,
                image: None,
            })
    }
}

/// Why a theme file was rejected: the 1-based line and column, and the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct ThemeError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// The version of the theme format this build writes. A file of a newer version keeps the
/// fields this version knows and drops the others (a notice says so); in a file of this
/// version or older, an unknown field is a mistake, reported with its line.
pub const THEME_VERSION: u32 = 2;

/// Largest theme file read, in bytes.
pub const MAX_THEME_BYTES: usize = 64 * 1024;

impl Theme {
    /// Parses and validates a theme file (RON with [`Theme`]'s fields; missing fields keep the
    /// defaults). Every error names its line.
    pub fn parse(text: &str) -> Result<Self, ThemeError> {
        if text.len() > MAX_THEME_BYTES {
            return Err(ThemeError {
                line: 1,
                column: 1,
                message: format!("the file is larger than {MAX_THEME_BYTES} bytes"),
            });
        }
        // Images are optional; a theme writes `image: "gems/1.png"`, not `Some("…")`.
        let options = ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
        let spanned = |e: ron::error::SpannedError| ThemeError {
            line: e.span.start.line,
            column: e.span.start.col,
            message: e.code.to_string(),
        };
        let mut unknown = Vec::new();
        let mut de = ron::Deserializer::from_str_with_options(text, &options).map_err(spanned)?;
        let theme: Theme =
            serde_ignored::deserialize(&mut de, |path| unknown.push(path.to_string()))
                .map_err(|e| spanned(de.span_error(e)))?;
        de.end().map_err(|e| spanned(de.span_error(e)))?;
        if theme.version <= THEME_VERSION
            && let Some(path) = unknown.first()
        {
            let field = path.rsplit('.').next().unwrap_or(path);
            return Err(ThemeError {
                line: line_of_field(text, field),
                column: 1,
                message: format!("unknown field `{path}` (a misspelt name?)"),
            });
        }
        theme.validate(text)?;
        Ok(theme.with_every_kind())
    }

    /// A notice for a theme written by a newer version of the game, which this version reads
    /// in part.
    pub fn newer_notice(&self) -> Option<String> {
        (self.version > THEME_VERSION).then(|| {
            format!(
                "written by a newer version of the game (theme format {}); this version uses the parts it knows",
                self.version
            )
        })
    }

    /// The theme with a style for every kind a game deals ([`gems_rules::MAX_KINDS`]): a theme
    /// written with fewer (an older one, or a short test theme) gets the default theme's styles
    /// for the missing kinds, each of a shape the theme does not use yet, so two kinds never
    /// look alike.
    pub fn with_every_kind(mut self) -> Self {
        let defaults = Theme::default().gems;
        while self.gems.len() < usize::from(gems_rules::MAX_KINDS) {
            let unused = defaults
                .iter()
                .find(|d| self.gems.iter().all(|g| g.shape != d.shape))
                .or_else(|| defaults.get(self.gems.len()));
            match unused {
                Some(style) => self.gems.push(style.clone()),
                None => break,
            }
        }
        self
    }

    /// Checks values RON cannot: colours, sizes, durations and volumes in range.
    fn validate(&self, text: &str) -> Result<(), ThemeError> {
        // Locates the first occurrence of `needle` (after `field`, when given) for the message.
        let at = |field: &str, needle: &str, message: String| {
            let from = text.find(field).unwrap_or(0);
            let offset = text[from..].find(needle).map_or(from, |i| from + i);
            let line = text[..offset].matches('\n').count() + 1;
            let column = offset - text[..offset].rfind('\n').map_or(0, |i| i + 1) + 1;
            ThemeError {
                line,
                column,
                message,
            }
        };
        // Every declared value (copies: the lists lend their fields mutably).
        let (mut top, mut timings, mut ui) = (self.clone(), self.timings.clone(), self.ui.clone());
        let (mut table, mut effects) = (self.table.clone(), self.effects.clone());
        let sections = [
            ("", "", top.fields_mut()),
            ("timings", "timings.", timings.fields_mut()),
            ("ui", "", ui.fields_mut()),
            ("table", "table.", table.fields_mut()),
            ("effects", "effects.", effects.fields_mut()),
        ];
        for (section, prefix, fields) in sections {
            for field in fields {
                let name = format!("{prefix}{}", field.name);
                if let Some(message) = field.value.problem(&name) {
                    let needle = match &field.value {
                        Value::Colour(c) => c.to_string(),
                        _ => field.name.to_string(),
                    };
                    let within = if section.is_empty() {
                        field.name
                    } else {
                        section
                    };
                    return Err(at(within, &needle, message));
                }
            }
        }
        let gem_colours = self.gems.iter().map(|g| ("gems", &g.color));
        for (field, c) in gem_colours {
            if hex_rgba(c).is_none() {
                return Err(at(
                    field,
                    c,
                    format!("{field}: '{c}' is not a colour (#rrggbb)"),
                ));
            }
        }
        if self.gems.is_empty() {
            return Err(at(
                "gems",
                "gems",
                "gems: at least one gem style is needed".into(),
            ));
        }
        let images = self.gems.iter().filter_map(|g| g.image.as_ref());
        for file in images
            .chain(&self.board_image)
            .chain(&self.background_image)
        {
            if let Err(message) = check_asset_path(file, ".png") {
                let quoted = format!("\"{file}\"");
                return Err(at(&quoted, &quoted, message));
            }
        }
        for (field, spec) in self.sounds.all() {
            if !SoundSpec::VOLUME.contains(&spec.volume) {
                let (lo, hi) = (SoundSpec::VOLUME.start(), SoundSpec::VOLUME.end());
                return Err(at(
                    &spec.file,
                    &spec.file,
                    format!(
                        "sounds.{field}: volume {} is outside {lo}..={hi}",
                        spec.volume
                    ),
                ));
            }
            if let Err(message) = check_asset_path(&spec.file, "") {
                return Err(at(
                    &spec.file,
                    &spec.file,
                    format!("sounds.{field}: {message}"),
                ));
            }
        }
        Ok(())
    }

    /// The theme as file text (images written plainly, as players write them), which
    /// [`Theme::parse`] reads back to the same theme.
    pub fn to_text(&self) -> Result<String, ThemeError> {
        let config = ron::ser::PrettyConfig::default()
            .extensions(ron::extensions::Extensions::IMPLICIT_SOME)
            .depth_limit(4);
        ron::ser::to_string_pretty(self, config).map_err(|e| ThemeError {
            line: 1,
            column: 1,
            message: e.to_string(),
        })
    }

    /// Every image the theme names (gems, board, background), each once.
    pub fn images(&self) -> Vec<&str> {
        let mut all: Vec<&str> = Vec::new();
        let named = self.gems.iter().filter_map(|g| g.image.as_deref());
        for f in named
            .chain(self.board_image.as_deref())
            .chain(self.background_image.as_deref())
        {
            if !all.contains(&f) {
                all.push(f);
            }
        }
        all
    }

    /// This theme as played with reduced motion: transitions are skipped (the selection still
    /// flashes briefly), nothing bounces, and there are no shards, pop-ups or celebrations.
    pub fn with_reduced_motion(mut self) -> Self {
        self.effects = Effects::off();
        let t = &mut self.timings;
        t.flag = t.flag.min(0.08);
        for d in [
            &mut t.remove,
            &mut t.fall,
            &mut t.fall_stagger,
            &mut t.shift,
            &mut t.shift_stagger,
            &mut t.deal,
        ] {
            *d = 0.0;
        }
        t.fall_easing = Easing::Linear;
        t.deal_easing = Easing::Linear;
        self
    }
}

/// Longest name of a player's theme, in characters.
pub const MAX_THEME_NAME: usize = 40;

/// The file stem a player's theme named `name` is saved under (`My Theme` → `my-theme`), or
/// why the name cannot be used: empty, too long, or with characters other than letters,
/// digits, spaces, `-` and `_`.
pub fn player_theme_stem(name: &str) -> Result<String, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err("give the theme a name".into());
    }
    if name.chars().count() > MAX_THEME_NAME {
        return Err(format!(
            "a theme name has at most {MAX_THEME_NAME} characters"
        ));
    }
    if let Some(bad) = name
        .chars()
        .find(|c| !(c.is_alphanumeric() || matches!(c, ' ' | '-' | '_')))
    {
        return Err(format!(
            "'{bad}' cannot be in a theme name (letters, digits, spaces, - and _)"
        ));
    }
    Ok(name
        .to_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join("-"))
}

/// The prefix of an image the player imported (kept in `themes/images/` in their data
/// directory): `yours://NAME.png`.
pub const PLAYER_IMAGE_PREFIX: &str = "yours://";

/// Checks that `file` is a relative path under `assets/` (no `..`, not absolute) ending in
/// `ext` (any ending when `ext` is empty); an image (`ext` `.png`) may also be one the player
/// imported, `yours://NAME.png`.
fn check_asset_path(file: &str, ext: &str) -> Result<(), String> {
    let image = ext == ".png";
    let (rest, yours) = match file.strip_prefix(PLAYER_IMAGE_PREFIX) {
        Some(rest) if image => (rest, true),
        _ => (file, false),
    };
    let bad_part = rest.split(['/', '\\']).any(|p| p == "..");
    let nested = yours && rest.contains(['/', '\\']);
    let absolute = rest.starts_with(['/', '\\']) || rest.contains(':');
    if rest.is_empty() || bad_part || nested || absolute {
        return Err(if image {
            format!("'{file}' must be a path under assets/ or {PLAYER_IMAGE_PREFIX}NAME.png")
        } else {
            format!("'{file}' must be a path under assets/")
        });
    }
    if !rest.to_ascii_lowercase().ends_with(ext) {
        return Err(format!("'{file}' must be a {} file", &ext[1..]));
    }
    Ok(())
}

/// Parses a colour written `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (the `#` is optional,
/// surrounding spaces are ignored) into sRGB components in 0..=1; `None` when malformed.
pub fn hex_rgba(s: &str) -> Option<[f32; 4]> {
    let s = s.trim();
    let h = s.strip_prefix('#').unwrap_or(s);
    if !h.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let digit = |i: usize| u8::from_str_radix(&h[i..=i], 16).ok();
    let pair = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).ok();
    let bytes: [u8; 4] = match h.len() {
        3 | 4 => {
            let n = |i: usize| {
                if i < h.len() {
                    digit(i).map(|d| d * 17)
                } else {
                    Some(255)
                }
            };
            [n(0)?, n(1)?, n(2)?, n(3)?]
        }
        6 | 8 => {
            let n = |i: usize| if i < h.len() { pair(i) } else { Some(255) };
            [n(0)?, n(2)?, n(4)?, n(6)?]
        }
        _ => return None,
    };
    Some(bytes.map(|b| f32::from(b) / 255.0))
}

#[cfg(test)]
mod tests;
