//! A boosted attack landing: damage factors, armour and defensive spells, from the
//! document's examples (line numbers of 003_3934b0afde6de550.txt).

use super::*;

fn hit(aspect: Aspect, rolled: i64, cancelled: i64, factor: Option<DamageType>, p: Protection) -> BoostedHit {
    boosted_hit(aspect, rolled, cancelled, DamageType::Lethal, factor, p).unwrap()
}

fn wounds(h: &BoostedHit) -> (i64, i64, i64) {
    (h.aggravated, h.lethal, h.bashing)
}

/// Line 191: a covertly boosted gunshot rolling 1 success against a Potency 2 covert
/// shield leaves one bashing wound; rolling none, the shield cancels both automatic points.
#[test]
fn covert_gunshot_against_a_potency_2_shield_leaves_one_bashing() {
    let shield = Protection { armor: 0, spell_potency: 2, ..Protection::default() };
    assert_eq!(wounds(&hit(Aspect::Covert, 1, 0, None, Protection::default())), (0, 2, 0), "unprotected: 2 lethal");
    assert_eq!(wounds(&hit(Aspect::Covert, 1, 0, None, shield)), (0, 0, 1));
    assert_eq!(hit(Aspect::Covert, 0, 0, None, shield).total(), 0);
}

/// Line 173: a vulgar boost granting aggravated damage, 5 successes: 3 aggravated and 2
/// lethal; a power cancelling one automatic success leaves 2 aggravated and 2 lethal.
#[test]
fn only_the_first_three_vulgar_successes_are_aggravated() {
    let agg = Some(DamageType::Aggravated);
    assert_eq!(wounds(&hit(Aspect::Vulgar, 5, 0, agg, Protection::default())), (3, 2, 0));
    assert_eq!(wounds(&hit(Aspect::Vulgar, 5, 1, agg, Protection::default())), (2, 2, 0));
    // Covert: the first 2.
    assert_eq!(wounds(&hit(Aspect::Covert, 4, 0, agg, Protection::default())), (2, 2, 0));
}

/// Line 160: one success rolled with a vulgar boost deals 3, and only the last two are
/// automatic, so armour never takes away the rolled one.
#[test]
fn armour_removes_only_damage_above_the_roll() {
    let armored =
        |armor| hit(Aspect::Vulgar, 1, 0, None, Protection { armor, spell_potency: 0, ..Protection::default() });
    assert_eq!(armored(0).total(), 3);
    assert_eq!((armored(1).total(), armored(1).armor_cancelled), (2, 1));
    assert_eq!(wounds(&armored(5)), (0, 1, 0), "the rolled success stays");
    // Nothing above the roll: armour does nothing.
    assert_eq!(
        hit(Aspect::Vulgar, 4, 0, None, Protection { armor: 3, spell_potency: 0, ..Protection::default() }).total(),
        4
    );
}

/// Armour and a spell together: the armour takes the automatic points, the spell's
/// Potency then downgrades (Interpretation: armour first).
#[test]
fn armour_and_a_defensive_spell_together() {
    let h = hit(Aspect::Vulgar, 1, 0, None, Protection { armor: 2, spell_potency: 2, ..Protection::default() });
    assert_eq!(wounds(&h), (0, 0, 0), "2 automatic to armour, 1 downgraded then cancelled");
    assert!(h.warnings.iter().any(|w| w.starts_with("Interpretation")), "{:?}", h.warnings);
}

#[test]
fn a_weapon_never_deals_aggravated_by_nature() {
    let err = boosted_hit(Aspect::Vulgar, 2, 0, DamageType::Aggravated, None, Protection::default()).unwrap_err();
    assert!(err.to_string().contains("--factor aggravated"), "{err}");
    let err = boosted_hit(
        Aspect::Vulgar,
        2,
        0,
        DamageType::Lethal,
        None,
        Protection { armor: 99, spell_potency: 0, ..Protection::default() },
    )
    .unwrap_err();
    assert!(err.to_string().contains("armor"), "{err}");
}

/// Line 48: covert spells enhance beings of Rank 1 or 2; a covert rote on a Rank 3
/// spirit says it cannot reach it (and offers nothing at its Potency of 2).
#[test]
fn a_covert_rote_warns_it_cannot_reach_rank_3() {
    let e = temporary_essence(2, 3, 0, EssenceSource::CovertRote, false, 0, None).unwrap();
    assert_eq!(e.offered, 0);
    assert!(e.warnings.iter().any(|w| w.contains("Rank 1 or 2")), "{:?}", e.warnings);
    let e = temporary_essence(2, 2, 0, EssenceSource::CovertRote, false, 0, None).unwrap();
    assert!(e.warnings.is_empty(), "{:?}", e.warnings);
}
