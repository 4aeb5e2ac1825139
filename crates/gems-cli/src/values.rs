//! Checks of option values shared by several subcommands, for clap's `value_parser`: a value
//! they refuse is a usage error naming its option.

use std::str::FromStr;

/// A whole number above 0 (`--nodes`, `--expert-ms`, `--games`).
pub fn positive<T: FromStr + PartialOrd + Default>(s: &str) -> Result<T, String> {
    s.parse::<T>()
        .ok()
        .filter(|n| *n > T::default())
        .ok_or_else(|| "expected a whole number above 0".to_string())
}

/// A number of seconds above 0 and below a billion, fractions allowed (`--seconds`).
pub fn seconds(s: &str) -> Result<f64, String> {
    s.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s < 1e9)
        .ok_or_else(|| "expected a number of seconds above 0, such as 10 or 0.5".to_string())
}
