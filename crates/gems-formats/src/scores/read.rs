//! Reading a scores file of any version, keeping everything that parses: the whole file when
//! it reads, else every line that still reads as a table, counter or recency.

use super::*;

/// What [`read_scores`] could not keep of a file, in words for a notice.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Salvage {
    /// Each part dropped, and why.
    pub dropped: Vec<String>,
    /// The file's version, when it is newer than this build's.
    pub newer: Option<u32>,
}

impl Salvage {
    /// Whether the whole file was understood.
    pub fn is_clean(&self) -> bool {
        self.dropped.is_empty() && self.newer.is_none()
    }

    /// A notice for the player, when something needs saying.
    pub fn notice(&self) -> Option<String> {
        let mut parts = Vec::new();
        if let Some(v) = self.newer {
            parts.push(format!(
                "written by a newer version of the game (format {v}); kept what this version understands"
            ));
        }
        match self.dropped.len() {
            0 => {}
            1..=3 => parts.push(format!("dropped {}", self.dropped.join("; "))),
            n => parts.push(format!(
                "dropped {} and {} more",
                self.dropped[..3].join("; "),
                n - 3
            )),
        }
        (!parts.is_empty()).then(|| parts.join(", "))
    }
}

/// Reads a scores file of any version, keeping everything that parses: the tables, counters
/// and fields it understands, unknown fields as they are, and for a file whose text is
/// broken every line that still reads as a table or a counter. Never fails; what it could
/// not keep is in the [`Salvage`].
pub fn read_scores(text: &str) -> (ScoreFile, Salvage) {
    let mut salvage = Salvage::default();
    if text.len() > MAX_SCORES_READ_BYTES {
        salvage.dropped.push(format!(
            "the whole file (larger than {MAX_SCORES_READ_BYTES} bytes)"
        ));
        return (ScoreFile::default(), salvage);
    }
    let mut file = if text.trim_start().starts_with('{') {
        read_version_0(text, &mut salvage)
    } else {
        match ron::from_str::<ron::Value>(text) {
            Ok(ron::Value::Map(map)) => read_fields(map, &mut salvage),
            Ok(_) => {
                salvage
                    .dropped
                    .push("the whole file (not a scores file)".into());
                ScoreFile::default()
            }
            Err(e) => {
                salvage
                    .dropped
                    .push(format!("what could not be read ({})", FormatError::ron(&e)));
                read_lines(text, &mut salvage)
            }
        }
    };
    for table in file.tables.values_mut() {
        // A hand-edited table is put in order.
        table.sort_by_key(|e| std::cmp::Reverse(e.score));
        table.truncate(TOP);
    }
    file.index_recency();
    let pruned = file.prune();
    if pruned > 0 {
        salvage.dropped.push(format!(
            "the tables of the {pruned} random boards played least recently"
        ));
    }
    (file, salvage)
}

/// Parses a scores file strictly: the file as [`read_scores`] reads it, or the first thing it
/// had to drop as an error (a newer version's file is not an error).
pub fn parse_scores(text: &str) -> Result<ScoreFile, FormatError> {
    let (file, salvage) = read_scores(text);
    match salvage.dropped.first() {
        None => Ok(file),
        Some(why) => Err(FormatError {
            line: 1,
            message: why.clone(),
        }),
    }
}

/// The first shape of the file: one best score per key (a counter's value for counters).
fn read_version_0(text: &str, salvage: &mut Salvage) -> ScoreFile {
    match ron::from_str::<BTreeMap<String, u64>>(text) {
        Ok(old) => ScoreFile {
            tables: old
                .into_iter()
                .map(|(k, score)| (k, vec![Entry { score, date: None }]))
                .collect(),
            ..ScoreFile::default()
        },
        Err(e) => {
            salvage
                .dropped
                .push(format!("what could not be read ({})", FormatError::ron(&e)));
            read_lines(text, salvage)
        }
    }
}

/// The fields of a version 1 or later file, each kept if it parses.
fn read_fields(map: ron::Map, salvage: &mut Salvage) -> ScoreFile {
    let mut file = ScoreFile::default();
    for (key, value) in map {
        let ron::Value::String(name) = key else {
            continue;
        };
        match name.as_str() {
            "version" => {
                if let Ok(v) = value.into_rust::<u32>()
                    && v > SCORES_VERSION
                {
                    salvage.newer = Some(v);
                }
            }
            "tables" => file.tables = each_kept(value, "table", salvage),
            "counters" => file.counters = each_kept(value, "counter", salvage),
            "played" => file.played = each_kept(value, "recency", salvage),
            "plays" => file.plays = value.into_rust().unwrap_or(0),
            "dailies" => file.dailies = each_kept(value, "daily", salvage),
            _ if crate::is_identifier(&name) => {
                file.unknown.insert(name, value);
            }
            _ => salvage.dropped.push(format!("the field '{name}'")),
        }
    }
    // Older files have no recency: their tables count as played before any new game.
    file
}

/// The entries of a map field that parse as `T`; each other one is noted as dropped.
fn each_kept<T: serde::de::DeserializeOwned>(
    value: ron::Value,
    what: &str,
    salvage: &mut Salvage,
) -> BTreeMap<String, T> {
    let ron::Value::Map(map) = value else {
        salvage.dropped.push(format!("every {what} (not a map)"));
        return BTreeMap::new();
    };
    let mut kept = BTreeMap::new();
    for (key, value) in map {
        let ron::Value::String(key) = key else {
            salvage.dropped.push(format!("a {what} without a name"));
            continue;
        };
        match value.into_rust::<T>() {
            Ok(v) => {
                kept.insert(key, v);
            }
            Err(e) => salvage.dropped.push(format!("the {what} '{key}' ({e})")),
        }
    }
    kept
}

/// Every line of a broken file that reads as `"KEY": VALUE,` inside the `tables`,
/// `counters`, `played` or `dailies` section (the way [`scores_to_text`] writes them, one per line).
fn read_lines(text: &str, salvage: &mut Salvage) -> ScoreFile {
    let mut file = ScoreFile::default();
    let mut section = "tables";
    for line in text.lines() {
        let line = line.trim().trim_end_matches(',');
        if let Some(name) = line.strip_suffix(": {") {
            section = match name {
                "counters" => "counters",
                "played" => "played",
                "dailies" => "dailies",
                _ => "tables",
            };
            continue;
        }
        let Some((key, value)) = split_key(line) else {
            continue;
        };
        let kept = match section {
            "counters" => ron::from_str(value)
                .map(|v| file.counters.insert(key.clone(), v))
                .is_ok(),
            "played" => ron::from_str(value)
                .map(|v| file.played.insert(key.clone(), v))
                .is_ok(),
            "dailies" => ron::from_str(value)
                .map(|v| file.dailies.insert(key.clone(), v))
                .is_ok(),
            // A version 0 line is a best score alone.
            _ => ron::from_str::<Vec<Entry>>(value)
                .or_else(|_| {
                    ron::from_str::<u64>(value).map(|score| vec![Entry { score, date: None }])
                })
                .map(|t| file.tables.insert(key.clone(), t))
                .is_ok(),
        };
        if !kept {
            salvage.dropped.push(format!("'{key}'"));
        }
    }
    file
}

/// A line's `"KEY": VALUE`: the key (a RON string, escapes read) and the value's text.
fn split_key(line: &str) -> Option<(String, &str)> {
    if !line.starts_with('"') {
        return None;
    }
    let mut escaped = false;
    let end = line[1..].char_indices().find_map(|(i, c)| {
        let closes = c == '"' && !escaped;
        escaped = c == '\\' && !escaped;
        closes.then_some(i + 1)
    })?;
    let key: String = ron::from_str(&line[..=end]).ok()?;
    let value = line[end + 1..].trim_start().strip_prefix(':')?.trim();
    Some((key, value))
}
