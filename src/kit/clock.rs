//! Today's date for the score tables, from a clock that works in the browser too
//! (`SystemTime::now()` panics on wasm32, so the web build asks JavaScript's `Date`).

/// Today's date (UTC) as `YYYY-MM-DD`.
pub fn today() -> String {
    let (y, m, d) = civil_today();
    format!("{y:04}-{m:02}-{d:02}")
}

#[cfg(not(target_arch = "wasm32"))]
fn civil_today() -> (i64, u32, u32) {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    civil_from_days((secs / 86_400) as i64)
}

#[cfg(target_arch = "wasm32")]
fn civil_today() -> (i64, u32, u32) {
    let now = js_sys::Date::new_0();
    (
        i64::from(now.get_utc_full_year()),
        now.get_utc_month() + 1,
        now.get_utc_date(),
    )
}

/// The calendar date of `days` after 1970-01-01 (proleptic Gregorian; Howard Hinnant's
/// `civil_from_days`).
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_become_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(59), (1970, 3, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_780), (2026, 11, 23));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
        let t = today();
        assert_eq!(t.len(), 10, "{t}");
        assert!(t.as_str() >= "2026-01-01", "{t}");
    }
}
