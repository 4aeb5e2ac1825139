//! The calendar dates and weekdays a daily belongs to.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A calendar date (proleptic Gregorian), the day a daily belongs to; written `YYYY-MM-DD`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Date {
    year: i32,
    month: u8,
    day: u8,
}

/// Why a text is not a date.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DateError {
    /// Not `YYYY-MM-DD`.
    #[error("'{0}' is not a date written YYYY-MM-DD")]
    Shape(String),
    /// A month or day that does not exist (2026-02-30).
    #[error("{0} is not a day of the calendar")]
    NoSuchDay(String),
    /// Before the first daily or too far ahead to matter.
    #[error("{0} is outside the years 2000 to 9999")]
    OutOfRange(String),
}

/// The weekdays, Monday first (the week's easiest daily).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Weekday {
    /// The easiest.
    Monday,
    /// Day 2.
    Tuesday,
    /// Day 3.
    Wednesday,
    /// Day 4.
    Thursday,
    /// Day 5.
    Friday,
    /// Day 6.
    Saturday,
    /// The hardest.
    Sunday,
}

impl Weekday {
    /// All seven, Monday first.
    pub const ALL: [Weekday; 7] = [
        Weekday::Monday,
        Weekday::Tuesday,
        Weekday::Wednesday,
        Weekday::Thursday,
        Weekday::Friday,
        Weekday::Saturday,
        Weekday::Sunday,
    ];

    /// 0 for Monday up to 6 for Sunday: the day's rank in the week's difficulty.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The day's English name.
    pub fn name(self) -> &'static str {
        [
            "Monday",
            "Tuesday",
            "Wednesday",
            "Thursday",
            "Friday",
            "Saturday",
            "Sunday",
        ][self.index()]
    }
}

/// Days in `month` of `year`.
fn days_in_month(year: i32, month: u8) -> u8 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        _ => 31,
    }
}

impl Date {
    /// The first year a daily can have.
    pub const FIRST_YEAR: i32 = 2000;
    /// The last year a daily can have.
    pub const LAST_YEAR: i32 = 9999;

    /// The date `year-month-day`, if it is a day of the calendar within the years dailies have.
    pub fn new(year: i32, month: u8, day: u8) -> Result<Date, DateError> {
        let text = format!("{year:04}-{month:02}-{day:02}");
        if !(Self::FIRST_YEAR..=Self::LAST_YEAR).contains(&year) {
            return Err(DateError::OutOfRange(text));
        }
        if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
            return Err(DateError::NoSuchDay(text));
        }
        Ok(Date { year, month, day })
    }

    /// Reads `YYYY-MM-DD` (surrounding spaces allowed).
    pub fn parse(text: &str) -> Result<Date, DateError> {
        let t = text.trim();
        let shape = || DateError::Shape(t.chars().take(40).collect());
        let parts: Vec<&str> = t.split('-').collect();
        let [y, m, d] = parts[..] else {
            return Err(shape());
        };
        let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(y, 4) || !digits(m, 2) || !digits(d, 2) {
            return Err(shape());
        }
        let number = |s: &str| s.parse::<u16>().map_err(|_| shape());
        let month = u8::try_from(number(m)?).map_err(|_| shape())?;
        let day = u8::try_from(number(d)?).map_err(|_| shape())?;
        Date::new(i32::from(number(y)?), month, day)
    }

    /// The year.
    pub fn year(self) -> i32 {
        self.year
    }

    /// The month, 1 to 12.
    pub fn month(self) -> u8 {
        self.month
    }

    /// The day of the month, from 1.
    pub fn day(self) -> u8 {
        self.day
    }

    /// Days since 1970-01-01 (negative before), by Howard Hinnant's `days_from_civil`.
    pub fn days_since_epoch(self) -> i64 {
        let m = i64::from(self.month);
        let y = i64::from(self.year) - i64::from(m <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let doy = (153 * (m + if m > 2 { -3 } else { 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The date `days` after 1970-01-01 (Hinnant's `civil_from_days`), if within the years
    /// dailies have.
    pub fn from_days_since_epoch(days: i64) -> Option<Date> {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = u8::try_from(doy - (153 * mp + 2) / 5 + 1).ok()?;
        let month = u8::try_from(if mp < 10 { mp + 3 } else { mp - 9 }).ok()?;
        let year = i32::try_from(yoe + era * 400 + i64::from(month <= 2)).ok()?;
        Date::new(year, month, day).ok()
    }

    /// The day `n` days later (earlier for a negative `n`), if within the years dailies have.
    pub fn plus_days(self, n: i64) -> Option<Date> {
        Date::from_days_since_epoch(self.days_since_epoch() + n)
    }

    /// The day of the week.
    pub fn weekday(self) -> Weekday {
        // 1970-01-01 was a Thursday.
        Weekday::ALL[(self.days_since_epoch() + 3).rem_euclid(7) as usize]
    }

    /// Whether a result for this date may still be entered when the date in UTC is
    /// `utc_today`: the date is today or yesterday somewhere on Earth (local dates run from
    /// UTC−12 to UTC+14, so from one day behind UTC's to one day ahead of it; yesterday adds one
    /// more day behind).
    pub fn open_on(self, utc_today: Date) -> bool {
        let d = self.days_since_epoch() - utc_today.days_since_epoch();
        (-2..=1).contains(&d)
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl TryFrom<String> for Date {
    type Error = DateError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        Date::parse(&s)
    }
}

impl From<Date> for String {
    fn from(d: Date) -> String {
        d.to_string()
    }
}

impl std::str::FromStr for Date {
    type Err = DateError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Date::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn daily_dates_read_write_and_count_days_like_the_calendar() {
        let d = Date::parse("2026-11-26").unwrap();
        assert_eq!(d.to_string(), "2026-11-26");
        assert_eq!(d.weekday(), Weekday::Thursday);
        assert_eq!(
            Date::parse("2000-01-01").unwrap().weekday(),
            Weekday::Saturday
        );
        assert_eq!(
            Date::parse("2024-02-29")
                .unwrap()
                .plus_days(1)
                .unwrap()
                .to_string(),
            "2024-03-01"
        );
        assert_eq!(
            Date::parse("1970-01-01")
                .map_err(|e| e.to_string())
                .unwrap_err(),
            "1970-01-01 is outside the years 2000 to 9999"
        );
        for bad in ["2026-02-29", "2026-13-01", "2026-00-10", "2026-04-31"] {
            assert!(
                matches!(Date::parse(bad), Err(DateError::NoSuchDay(_))),
                "{bad}"
            );
        }
        for bad in [
            "",
            "2026-1-01",
            "26-11-26",
            "2026/11/26",
            "2026-11-26-1",
            "２026-11-26",
            "+026-11-26",
        ] {
            assert!(
                matches!(Date::parse(bad), Err(DateError::Shape(_))),
                "{bad}"
            );
        }
        // Every day of 400 years goes there and back, and weekdays follow one another.
        let first = Date::new(2000, 1, 1).unwrap().days_since_epoch();
        let mut last = Weekday::Friday;
        for n in first..first + 146_097 {
            let date = Date::from_days_since_epoch(n).unwrap();
            assert_eq!(date.days_since_epoch(), n);
            assert_eq!(Date::parse(&date.to_string()), Ok(date));
            assert_eq!(date.weekday().index(), (last.index() + 1) % 7);
            last = date.weekday();
        }
    }

    #[test]
    fn daily_results_are_open_for_today_and_yesterday_in_every_time_zone() {
        let utc = Date::parse("2026-11-26").unwrap();
        let open: Vec<i64> = (-4..=4)
            .filter(|&n| utc.plus_days(n).unwrap().open_on(utc))
            .collect();
        assert_eq!(open, vec![-2, -1, 0, 1]);
    }
}
