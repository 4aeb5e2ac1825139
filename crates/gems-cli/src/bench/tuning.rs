//! `--tuning SPEC`: the Expert's tuning read from the command line, one `KEY=VALUE` per part.

use gems_rules::gems::Tuning;

/// A `--tuning` value whose syntax is right (the same check as [`parse_tuning`] makes later).
pub(super) fn tuning(spec: &str) -> Result<String, String> {
    parse_tuning(spec, Tuning::default())?;
    Ok(spec.to_string())
}

/// Reads `--tuning choices=N,playouts=N,lone=on|off,release=N,inherit=on|off,probes=on|off,beams=N,seed=N,probe_width=N,probe_share=N,pairs=N,hold=on|off,probe_floor=N,nrpa=on|off,refine=N,refine_adapts=N,refine_cut=N,refine_stabilize=N,refine_rounds=N,refine_bias=N,refine_alpha=N,refine_lines=N,refine_release=N,refine_restart=N,refine_codes=N,refine_each=N,refine_join=N,probe_clear=N,other_pairs=N,target_lone=N,near_lone=N,race=N,probe_samples=N,probe_spread=N`.
pub(super) fn parse_tuning(spec: &str, base: Tuning) -> Result<Tuning, String> {
    let mut t = base;
    for part in spec.split(',').filter(|p| !p.is_empty()) {
        let (key, value) = part
            .split_once('=')
            .ok_or_else(|| format!("'{part}' is not KEY=VALUE"))?;
        let flag = || match value {
            "on" => Ok(true),
            "off" => Ok(false),
            _ => Err(format!("{key} is on or off, not '{value}'")),
        };
        let number = || {
            value
                .parse::<u32>()
                .map_err(|_| format!("{key} needs a number, not '{value}'"))
        };
        match key {
            "choices" => t.choices = number()?.max(1),
            "release" => t.release = number()?,
            "playouts" => t.playouts = number()?.max(1),
            "lone" => t.avoid_lone = flag()?,
            "inherit" => t.inherit = flag()?,
            "probes" => t.probes = flag()?,
            "seed" => t.seed = u64::from(number()?),
            "beams" => t.beams = number()?.max(1),
            "probe_width" => t.probe_width = number()?.max(1),
            "probe_share" => t.probe_share = number()?.min(100),
            "pairs" => t.pairs = number()?,
            "hold" => t.hold = flag()?,
            "probe_floor" => t.probe_floor = number()?.min(100),
            "race" => t.race = number()?.min(100),
            "probe_samples" => t.probe_samples = number()?.clamp(1, 16),
            "probe_spread" => t.probe_spread = number()?,
            "nrpa" => t.nrpa = flag()?,
            "refine" => t.refine = number()?.min(100),
            "refine_adapts" => t.refine_adapts = number()?,
            "refine_cut" => t.refine_cut = number()?,
            "refine_stabilize" => t.refine_stabilize = number()?.max(1),
            "refine_rounds" => t.refine_rounds = number()?.max(1),
            "refine_bias" => t.refine_bias = number()?,
            "refine_alpha" => t.refine_alpha = number()?.max(1),
            "refine_lines" => t.refine_lines = number()?.max(1),
            "refine_release" => t.refine_release = number()?,
            "refine_restart" => t.refine_restart = number()?,
            "refine_codes" => t.refine_codes = number()?,
            "refine_each" => t.refine_each = number()?,
            "refine_join" => t.refine_join = number()?,
            "probe_clear" => t.probe_clear = number()?,
            "other_pairs" => t.other_pairs = number()?,
            "target_lone" => t.target_lone = number()?,
            "near_lone" => t.near_lone = number()?,
            _ => return Err(format!("unknown part '{key}'")),
        }
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gems_rules::gems::nrpa::Codes;

    /// `--tuning` sets the refining's playouts per adaptation and rounds per level-1 search,
    /// which the refining NRPA then runs with; a value that is not a number is refused.
    #[test]
    fn tuning_sets_the_refinings_stabilization_and_rounds() {
        let t = parse_tuning("refine_stabilize=3,refine_rounds=200", Tuning::default()).unwrap();
        let refiner = t.refiner();
        assert_eq!((refiner.stabilize, refiner.iterations), (3, 200));
        let default = Tuning::default().refiner();
        assert_eq!((default.stabilize, default.iterations), (2, 100));
        let err = parse_tuning("refine_rounds=many", Tuning::default()).unwrap_err();
        assert!(err.contains("refine_rounds needs a number"), "{err}");
    }

    /// `--tuning NAME=VALUE` sets the one part `field` picks to `value` and leaves every other
    /// part at the default (where the part is `default`); `NAME=BAD` is refused by name.
    fn assert_sets_one_number(
        name: &str,
        (default, value): (u32, u32),
        bad: &str,
        field: fn(&mut Tuning) -> &mut u32,
    ) {
        let mut t = Tuning::default();
        assert_eq!(*field(&mut t), default, "{name}'s default");
        let mut t = parse_tuning(&format!("{name}={value}"), Tuning::default()).unwrap();
        assert_eq!(*field(&mut t), value, "{name}={value}");
        *field(&mut t) = default;
        assert_eq!(t, Tuning::default(), "{name}={value} sets nothing else");
        let err = parse_tuning(&format!("{name}={bad}"), Tuning::default()).unwrap_err();
        assert!(err.contains(&format!("{name} needs a number")), "{err}");
    }

    #[test]
    fn tuning_sets_the_premium_of_probes_that_clear_the_board() {
        assert_sets_one_number("probe_clear", (0, 500), "lots", |t| &mut t.probe_clear);
    }

    #[test]
    fn tuning_sets_what_the_other_colours_pairs_are_worth() {
        assert_sets_one_number("other_pairs", (12, 0), "-3", |t| &mut t.other_pairs);
    }

    #[test]
    fn tuning_sets_what_the_targets_lone_gems_cost() {
        assert_sets_one_number("target_lone", (16, 0), "some", |t| &mut t.target_lone);
    }

    #[test]
    fn tuning_sets_what_the_lone_gems_with_a_diagonal_twin_cost() {
        assert_sets_one_number("near_lone", (64, 32), "half", |t| &mut t.near_lone);
    }

    #[test]
    fn tuning_sets_how_close_a_probe_must_be_to_race_its_target() {
        assert_sets_one_number("race", (0, 10), "close", |t| &mut t.race);
    }

    #[test]
    fn tuning_sets_how_many_probes_each_target_gets_and_what_their_spread_is_worth() {
        assert_sets_one_number("probe_samples", (1, 2), "two", |t| &mut t.probe_samples);
        assert_sets_one_number("probe_spread", (25, 50), "half", |t| &mut t.probe_spread);
    }

    /// `refine_codes=1` gives the refining NRPA move codes hashed from each group's cells;
    /// the default keeps the cell a group starts at.
    #[test]
    fn tuning_sets_how_the_refining_codes_its_moves() {
        assert_sets_one_number("refine_codes", (0, 1), "hashed", |t| &mut t.refine_codes);
        let hashed = parse_tuning("refine_codes=1", Tuning::default()).unwrap();
        assert_eq!(hashed.refiner().codes, Codes::Groups);
        assert_eq!(Tuning::default().refiner().codes, Codes::Cells);
    }

    /// The twenty-fifth to twenty-seventh sessions' refining options each set one part, and
    /// the refining NRPA runs with the prior, the step, the release and the restarts they
    /// give.
    #[test]
    fn tuning_sets_the_refinings_bias_alpha_lines_and_release() {
        assert_sets_one_number("refine_bias", (0, 100), "big", |t| &mut t.refine_bias);
        assert_sets_one_number("refine_alpha", (100, 50), "half", |t| &mut t.refine_alpha);
        assert_sets_one_number("refine_lines", (1, 2), "two", |t| &mut t.refine_lines);
        assert_sets_one_number("refine_release", (72, 100), "x", |t| &mut t.refine_release);
        assert_sets_one_number("refine_restart", (0, 50), "often", |t| {
            &mut t.refine_restart
        });
        assert_sets_one_number("refine_each", (0, 25), "some", |t| &mut t.refine_each);
        assert_sets_one_number("refine_join", (0, 50), "half", |t| &mut t.refine_join);
        let t = parse_tuning(
            "refine_bias=100,refine_alpha=50,refine_release=100",
            Tuning::default(),
        )
        .unwrap();
        let refiner = t.refiner();
        assert_eq!(
            (refiner.bias, refiner.alpha, refiner.release),
            (100, 0.5, 100)
        );
        let default = Tuning::default().refiner();
        assert_eq!(
            (
                default.bias,
                default.alpha,
                default.release,
                default.restart
            ),
            (0, 1.0, 72, 0)
        );
        let restarting = parse_tuning("refine_restart=30", Tuning::default()).unwrap();
        assert_eq!(restarting.refiner().restart, 30);
    }
}
