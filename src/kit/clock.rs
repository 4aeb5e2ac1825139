//! Today's date for the score tables, in the player's own time zone (an evening game in Tokyo
//! is dated that day, not the next), from a clock that works in the browser too: the desktop
//! reads the system's time zone through `jiff`, the web build asks JavaScript's `Date`
//! (`SystemTime::now()` panics on wasm32).

/// Today's date in the player's time zone as `YYYY-MM-DD`.
pub fn today() -> String {
    let (y, m, d) = civil_today();
    format!("{y:04}-{m:02}-{d:02}")
}

/// Today's date in the player's time zone, if it is one a daily can have.
pub fn today_date() -> Option<gems_rules::daily::Date> {
    gems_rules::daily::Date::parse(&today()).ok()
}

#[cfg(not(target_arch = "wasm32"))]
fn civil_today() -> (i64, u32, u32) {
    // The system's zone (UTC when it cannot be read).
    let date = jiff::ZonedDateTime::now().date();
    (
        i64::from(date.year()),
        u32::from(date.month().unsigned_abs()),
        u32::from(date.day().unsigned_abs()),
    )
}

#[cfg(target_arch = "wasm32")]
fn civil_today() -> (i64, u32, u32) {
    let now = js_sys::Date::new_0();
    (
        i64::from(now.get_full_year()),
        now.get_month() + 1,
        now.get_date(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn today_is_the_local_date() {
        let t = today();
        assert_eq!(t.len(), 10, "{t}");
        // The same day as jiff's own local date (the test machine's zone).
        assert_eq!(t, jiff::ZonedDateTime::now().date().to_string());
        assert!(t.as_str() >= "2026-01-01", "{t}");
    }
}
