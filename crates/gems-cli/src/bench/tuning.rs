//! `--tuning SPEC`: the Expert's tuning read from the command line, one `KEY=VALUE` per part.

use gems_rules::gems::Tuning;

/// A `--tuning` value whose syntax is right (the same check as [`parse_tuning`] makes later).
pub(super) fn tuning(spec: &str) -> Result<String, String> {
    parse_tuning(spec, Tuning::default())?;
    Ok(spec.to_string())
}

/// Reads `--tuning choices=N,playouts=N,lone=on|off,release=N,inherit=on|off,probes=on|off,beams=N,seed=N,probe_width=N,probe_share=N,pairs=N,hold=on|off,probe_floor=N,nrpa=on|off,refine=N,refine_adapts=N,refine_cut=N,refine_stabilize=N,refine_rounds=N,probe_clear=N,other_pairs=N`.
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
            "nrpa" => t.nrpa = flag()?,
            "refine" => t.refine = number()?.min(100),
            "refine_adapts" => t.refine_adapts = number()?,
            "refine_cut" => t.refine_cut = number()?,
            "refine_stabilize" => t.refine_stabilize = number()?.max(1),
            "refine_rounds" => t.refine_rounds = number()?.max(1),
            "probe_clear" => t.probe_clear = number()?,
            "other_pairs" => t.other_pairs = number()?,
            _ => return Err(format!("unknown part '{key}'")),
        }
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn tuning_sets_the_premium_of_probes_that_clear_the_board() {
        assert_eq!(Tuning::default().probe_clear, 0);
        let t = parse_tuning("probe_clear=500", Tuning::default()).unwrap();
        assert_eq!(t.probe_clear, 500);
        assert_eq!(
            Tuning {
                probe_clear: 0,
                ..t
            },
            Tuning::default()
        );
        let err = parse_tuning("probe_clear=lots", Tuning::default()).unwrap_err();
        assert!(err.contains("probe_clear needs a number"), "{err}");
    }

    #[test]
    fn tuning_sets_what_the_other_colours_pairs_are_worth() {
        assert_eq!(Tuning::default().other_pairs, 12);
        let t = parse_tuning("other_pairs=0", Tuning::default()).unwrap();
        assert_eq!(
            Tuning {
                other_pairs: 12,
                ..t
            },
            Tuning::default()
        );
        let err = parse_tuning("other_pairs=-3", Tuning::default()).unwrap_err();
        assert!(err.contains("other_pairs needs a number"), "{err}");
    }
}
