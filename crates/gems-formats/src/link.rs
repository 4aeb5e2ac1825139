//! Links that open a game: the page's query string as flags (`?game=dots&size=8` is
//! `--game dots --size 8`), links built from a game's setup, and boards written into a link.
//! Pure functions with no engine, so the desktop tests check what the web build runs and a
//! fuzz target (`fuzz/fuzz_targets/link.rs`) feeds them any bytes.

use gems_rules::gems::Board as GemsBoard;
use gems_rules::k_in_a_row::{Board as KBoard, Cell};

/// The longest link a game shares (browsers, chat apps and mail clients all keep 2,000
/// characters intact). A board too big for it is left out of the link.
pub const MAX_LINK_BYTES: usize = 2000;

/// The flags a query string stands for: `?board=tiny&autoplay` is `--board tiny --autoplay`.
/// Keys and values are percent-decoded (`+` is a space); a pair that does not decode is kept
/// as it came, so the flag parser names it in its message.
pub fn query_to_args(search: &str) -> Vec<String> {
    search
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
        .flat_map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            let k = percent_decode(k).unwrap_or_else(|| k.to_string());
            let v = percent_decode(v).unwrap_or_else(|| v.to_string());
            std::iter::once(format!("--{k}")).chain((!v.is_empty()).then_some(v))
        })
        .collect()
}

/// Decodes `%XX` escapes and `+` (a space); `None` for a bad escape or bytes that are not UTF-8.
pub fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

/// Escapes everything but letters, digits and `-_.~:` for a query value.
pub fn percent_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~:".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A query string from `(key, value)` pairs, values escaped: `?game=dots&size=8`.
pub fn query(pairs: &[(&str, String)]) -> String {
    let parts: Vec<String> = pairs
        .iter()
        .map(|(k, v)| format!("{k}={}", percent_encode(v)))
        .collect();
    format!("?{}", parts.join("&"))
}

/// A full link to `query`: the address the game is served from (the page's own on the web; on
/// the desktop the one set at build time in `MODERN_GEMS_WEB_URL`), or the query alone when
/// there is none.
pub fn full_link(base: Option<&str>, query: &str) -> String {
    match base {
        Some(base) if !base.is_empty() => format!("{}{query}", base.trim_end_matches('?')),
        _ => query.to_string(),
    }
}

/// A Modern Gems board in a link: rows joined by `_`, gems by `-`, `.` for an empty cell
/// (`1-2-._2-2-1`).
pub fn gems_cells(board: &GemsBoard) -> String {
    board
        .save_string()
        .lines()
        .map(|row| row.split_whitespace().collect::<Vec<_>>().join("-"))
        .collect::<Vec<_>>()
        .join("_")
}

/// The board of [`gems_cells`], checked by the rules' board parser.
pub fn gems_board_from_cells(cells: &str) -> Result<GemsBoard, String> {
    let text: String = cells
        .split('_')
        .map(|row| format!("{}\n", row.replace('-', " ")))
        .collect();
    GemsBoard::from_save_string(&text).map_err(|e| e.to_string())
}

/// A short name for a board that came in a link: `shared-` and a hash of its cells (FNV-1a),
/// so each shared board keeps its own high scores.
pub fn shared_board_name(cells: &str) -> String {
    let hash = cells.bytes().fold(0x811c_9dc5_u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    });
    format!("shared-{hash:08x}")
}

/// A K in a row board's squares in a link: one letter per square (`e` free, `u` unavailable),
/// rows joined by `_`. Tiles are not part of a setup, so they are written as free squares.
pub fn k_cells(board: &KBoard) -> String {
    let n = board.size();
    (0..n)
        .map(|r| {
            (0..n)
                .map(|c| match board.get(r, c) {
                    Some(Cell::Unavailable) => 'u',
                    _ => 'e',
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("_")
}

/// Marks the unavailable squares of [`k_cells`] on `board`, which must have as many rows and
/// columns as the text.
pub fn apply_k_cells(board: &mut KBoard, cells: &str) -> Result<(), String> {
    let n = board.size();
    let rows: Vec<&str> = cells.split('_').collect();
    if rows.len() != n || rows.iter().any(|r| r.chars().count() != n) {
        return Err(format!(
            "the squares must be {n} rows of {n} letters joined by '_'"
        ));
    }
    for (r, row) in rows.iter().enumerate() {
        for (c, letter) in row.chars().enumerate() {
            match letter {
                'e' => {}
                'u' => board.set(r, c, Cell::Unavailable),
                other => {
                    return Err(format!(
                        "'{other}' is not a square: use 'e' (free) or 'u' (unavailable)"
                    ));
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use gems_rules::gems::board_by_name;

    #[test]
    fn a_query_becomes_flags() {
        assert_eq!(
            query_to_args("?game=dots&size=8&autoplay&board=random%3A5x5%3A3%3A9"),
            [
                "--game",
                "dots",
                "--size",
                "8",
                "--autoplay",
                "--board",
                "random:5x5:3:9"
            ]
        );
        assert_eq!(query_to_args(""), Vec::<String>::new());
        // A bad escape is passed on as it came, for the parser to name.
        assert_eq!(query_to_args("?seed=%zz"), ["--seed", "%zz"]);
    }

    #[test]
    fn escapes_round_trip() {
        for s in ["random:10x15:4:7", "a b&c=d/é", "1-2-._2"] {
            assert_eq!(percent_decode(&percent_encode(s)).as_deref(), Some(s));
        }
        assert_eq!(percent_decode("%4"), None);
        assert_eq!(percent_decode("%ff"), None);
        assert_eq!(
            query(&[("game", "dots".into()), ("board", "a b".into())]),
            "?game=dots&board=a%20b"
        );
    }

    #[test]
    fn links_use_the_base_address_when_there_is_one() {
        assert_eq!(full_link(None, "?game=dots"), "?game=dots");
        assert_eq!(
            full_link(Some("https://x.org/play/"), "?game=dots"),
            "https://x.org/play/?game=dots"
        );
    }

    #[test]
    fn boards_travel_in_links() {
        let board = board_by_name("curve").unwrap();
        let cells = gems_cells(&board);
        assert!(
            cells
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b))
        );
        assert_eq!(gems_board_from_cells(&cells).unwrap(), board);
        assert!(gems_board_from_cells("1-2_3").is_err());
        assert!(gems_board_from_cells("1-x").is_err());

        let mut k = KBoard::new(4, 3).unwrap();
        k.set(0, 1, Cell::Unavailable);
        k.set(3, 3, Cell::Unavailable);
        let cells = k_cells(&k);
        assert_eq!(cells, "euee_eeee_eeee_eeeu");
        let mut back = KBoard::new(4, 3).unwrap();
        apply_k_cells(&mut back, &cells).unwrap();
        assert_eq!(back, k);
        assert!(apply_k_cells(&mut KBoard::new(3, 3).unwrap(), &cells).is_err());
        assert!(apply_k_cells(&mut KBoard::new(2, 2).unwrap(), "ex_ee").is_err());
    }
}
