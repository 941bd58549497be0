//! Property tests: rules calculators stay monotonic and bounded over random inputs.

use proptest::prelude::*;
use tome::systems::ars_magica::rules as ars_magica;
use tome::systems::mythcraft::rules as mythcraft;

proptest! {
    /// More damage past Soak never gives a lighter wound, at any size.
    #[test]
    fn more_damage_never_lowers_the_wound(damage in -50i64..500, extra in 0i64..100, size in -20i64..20) {
        prop_assert!(ars_magica::wound_level(damage + extra, size) >= ars_magica::wound_level(damage, size));
    }

    /// Encumbrance is never negative and never above Burden.
    #[test]
    fn encumbrance_is_bounded(load in 0i64..200, strength in -10i64..10) {
        let e = ars_magica::encumbrance(load, strength);
        prop_assert!(e.encumbrance >= 0);
        prop_assert!(e.encumbrance <= e.burden);
    }

    /// More Load never lowers Burden.
    #[test]
    fn burden_is_monotonic(load in 0i64..200, extra in 0i64..50) {
        prop_assert!(ars_magica::burden(load + extra) >= ars_magica::burden(load));
    }

    /// The crit range never goes below its cap (16), however many expansions stack.
    #[test]
    fn crit_range_never_below_its_cap(expansions in 0i64..=20, vulnerable in 0i64..=20) {
        let c = mythcraft::crit_range(expansions, vulnerable).unwrap();
        prop_assert!((16..=20).contains(&c.crit_min));
    }

    /// Out-of-range expansions are errors, never panics or silent clamps.
    #[test]
    fn crit_range_rejects_out_of_range(expansions in 21i64..1000) {
        prop_assert!(mythcraft::crit_range(expansions, 0).is_err());
    }
}

#[test]
fn casting_probability_never_rises_with_more_tackle_zones() {
    let tome = tome::Tome::open_in_memory().unwrap();
    let mut runner = proptest::test_runner::TestRunner::default();
    let spells = tome.list(tome::Kind::Spell, Some("mlaf")).unwrap();
    runner
        .run(&(0usize..spells.len(), 0i64..8), |(i, tz)| {
            let prob = |tz: i64| {
                let values = [("spell".to_string(), spells[i].id.clone()), ("enemy-tz".to_string(), tz.to_string())];
                let out = tome.calculate("mlaf", "cast", values.into_iter().collect());
                out.ok().and_then(|o| o.fields.iter().find(|(k, _)| k == "probability").and_then(|(_, v)| v.as_f64()))
            };
            if let (Some(a), Some(b)) = (prob(tz), prob(tz + 1)) {
                prop_assert!(b <= a, "{}: {a} with {tz} TZ, {b} with one more", spells[i].name);
                prop_assert!((0.0..=1.0).contains(&a));
            }
            Ok(())
        })
        .unwrap();
}
