//! Tests of the procedures issue 30 added: enchantment uses, the empty hand, starting
//! an incantation, where a Magic Ball lands, States given with a killing blow,
//! Insubstantial's return call, Stopped, and States kept by Immunity to their remover.
//! Line numbers are of the Amtgard document (000).

use std::collections::BTreeMap;

use super::*;
use crate::Tome;

fn calc(name: &str, pairs: &[(&str, &str)]) -> Result<serde_json::Value> {
    let tome = Tome::open_in_memory().unwrap();
    let values: BTreeMap<String, String> = pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    crate::systems::calculate(&tome, SYSTEM, name, values).map(|o| o.to_json())
}

/// Line 54: Poison discharged on a target Immune to Death still spends its use; the last
/// use spent removes the enchantment.
#[test]
fn a_use_discharged_without_effect_is_still_spent() {
    let one = calc("enchantment-uses", &[("uses", "1"), ("ineffective", "1")]).unwrap();
    assert_eq!((one["uses_left"].clone(), one["removed"].clone()), (0.into(), true.into()));
    let three = calc("enchantment-uses", &[("uses", "3"), ("discharged", "2"), ("ineffective", "1")]).unwrap();
    assert_eq!((three["uses_left"].clone(), three["removed"].clone()), (1.into(), false.into()));
    assert!(calc("enchantment-uses", &[("uses", "1"), ("discharged", "2")]).is_err());
    assert!(calc("enchantment-uses", &[("uses", "2"), ("discharged", "1"), ("ineffective", "2")]).is_err());
}

/// Line 78 (and line 20): a hand holding Material Components or the Touch target, or
/// resting on a strapped Small shield, is empty; one on a weapon or shield is not; (ex)
/// needs no free hand.
#[test]
fn the_empty_hand_and_its_exceptions() {
    let allowed = |left: &str, right: &str, ex: bool| {
        let mut args = vec![("left", left), ("right", right)];
        if ex {
            args.push(("ex", "true"));
        }
        calc("empty-hand", &args).unwrap()["allowed"].as_bool().unwrap()
    };
    assert!(allowed("weapon", "empty", false));
    assert!(allowed("weapon", "material", false));
    assert!(allowed("shield", "touch-target", false));
    assert!(allowed("weapon", "strapped-small-shield", false));
    assert!(!allowed("weapon", "shield", false));
    assert!(!allowed("weapon", "other", false));
    assert!(allowed("weapon", "shield", true), "(ex) needs no free hand");
    assert!(calc("empty-hand", &[("left", "fish")]).is_err());
}

/// Lines 28, 79 and 98: starting an incantation puts an active Magic Ball out and breaks
/// a Chant or another incantation under way; one Chant at a time.
#[test]
fn starting_an_incantation_puts_out_the_ball_and_breaks_the_chant() {
    let s = calc("start-incantation", &[("active-balls", "1"), ("chant", "true"), ("incanting", "true")]).unwrap();
    assert_eq!(s["active_balls"], 0);
    assert_eq!(s["chant_kept"], false);
    assert_eq!(s["interrupted"], true);
    assert!(s["warnings"].to_string().contains("one Chant at a time"));
    let quiet = calc("start-incantation", &[]).unwrap();
    assert_eq!(quiet["interrupted"], false);
    assert!(calc("start-incantation", &[("active-balls", "2")]).is_err(), "one ball active at a time (line 99)");
}

/// Lines 64, 100-104: Subdual balls spare equipment nobody carries; garb counts only if
/// the ball would have hit the player; Engulfing takes garb and carried equipment as
/// the player; terrain ends the ball.
#[test]
fn where_a_magic_ball_lands_decides_what_it_affects() {
    let affects = |args: &[(&str, &str)]| calc("ball-strike", args).unwrap()["affects"].as_str().unwrap().to_string();
    assert_eq!(affects(&[("struck", "unheld"), ("school", "subdual")]), "nothing");
    assert_eq!(affects(&[("struck", "carried"), ("school", "subdual")]), "equipment");
    assert_eq!(affects(&[("struck", "unheld"), ("school", "flame")]), "equipment");
    assert_eq!(affects(&[("struck", "garb")]), "nothing");
    assert_eq!(affects(&[("struck", "garb"), ("would-continue", "true")]), "player");
    assert_eq!(affects(&[("struck", "garb"), ("engulfing", "true")]), "player");
    assert_eq!(affects(&[("struck", "carried"), ("engulfing", "true")]), "player");
    assert_eq!(affects(&[("struck", "wielded")]), "equipment");
    assert_eq!(affects(&[("struck", "terrain"), ("engulfing", "true")]), "nothing");
    assert_eq!(affects(&[("struck", "player")]), "player");
}

/// Line 170: States given with a killing blow take effect before death, so Cursed
/// given with it stays while the others go.
#[test]
fn states_given_with_the_killing_blow_land_before_death() {
    let d = calc("death", &[("with-blow", "Cursed, Stopped")]).unwrap();
    assert_eq!((d["states"].clone(), d["removed_states"].clone()), ("Cursed".into(), "Stopped".into()));
    assert!(calc("death", &[("event", "respawn"), ("with-blow", "Cursed")]).is_err());
}

/// Line 190: the return call, twice, only for a self-caused Insubstantial not from an
/// enchantment; moving the feet does not interrupt it and no free hand is needed.
#[test]
fn insubstantial_returns_by_its_own_call_only_when_self_caused() {
    let own = calc("insubstantial-return", &[("self-caused", "true")]).unwrap();
    assert_eq!((own["may_return"].clone(), own["times"].clone()), (true.into(), 2.into()));
    let ench = calc("insubstantial-return", &[("self-caused", "true"), ("from-enchantment", "true")]).unwrap();
    assert_eq!(ench["may_return"], false);
    assert_eq!(calc("insubstantial-return", &[]).unwrap()["may_return"], false);
}

/// Line 196: a movement ability cast on a Stopped player fails; one cast before keeps
/// working; Gift of Air going off while Stopped waits for Stopped to end.
#[test]
fn stopped_fails_movement_cast_on_it_and_holds_enchantment_effects() {
    let cast = calc("stopped", &[("case", "cast-while-stopped"), ("moves", "true")]).unwrap();
    assert_eq!(cast["fails"], true);
    let before = calc("stopped", &[("case", "stopped-after"), ("moves", "true")]).unwrap();
    assert_eq!(before["fails"], false);
    let gift = calc("stopped", &[("case", "enchantment-activates"), ("moves", "true")]).unwrap();
    assert_eq!((gift["fails"].clone(), gift["waits_for_stopped_to_end"].clone()), (false.into(), true.into()));
    let still = calc("stopped", &[("case", "cast-while-stopped")]).unwrap();
    assert_eq!(still["fails"], false, "an ability needing no movement is untouched");
}

/// Lines 181-184: a player Immune to Sorcery cannot be Released (Sorcery) from Frozen;
/// Immunity to the State's source gained later does not lift it.
#[test]
fn immunity_to_the_remover_keeps_the_state() {
    let kept = calc("state-removal", &[("remover", "sorcery"), ("immune-to", "sorcery")]).unwrap();
    assert_eq!(kept["removed"], false);
    let lifted =
        calc("state-removal", &[("remover", "sorcery"), ("immune-to", "command"), ("source", "command")]).unwrap();
    assert_eq!(lifted["removed"], true);
    assert!(lifted["terms"].to_string().contains("does not lift"));
    assert!(calc("state-removal", &[("remover", "sorcery"), ("immune-to", "death,,flame")]).is_err());
}

/// Line 105: Protection from Projectiles and its like do not stop a Magic Ball.
#[test]
fn deflection_does_not_stop_a_magic_ball() {
    let s = calc("ball-strike", &[("struck", "player"), ("deflection", "true")]).unwrap();
    assert_eq!(s["affects"], "player");
    assert!(s["terms"].to_string().contains("does not stop"));
}

/// Lines 67-72: beyond Touch a target is named, or pointed at with a free hand and two
/// descriptors; equipment also names the player who last used it.
#[test]
fn an_incantation_names_its_target_beyond_touch() {
    let say = |args: &[(&str, &str)]| calc("target-naming", args).unwrap()["say"].as_str().unwrap().to_string();
    assert!(say(&[("range", "touch")]).starts_with("nothing"));
    assert_eq!(say(&[("range", "50ft")]), "by name");
    assert!(say(&[("range", "20ft"), ("name-unknown", "true")]).contains("two descriptors"));
    assert!(say(&[("range", "20ft"), ("point", "true")]).contains("pointing free hand"));
    assert!(say(&[("range", "50ft"), ("target", "equipment")]).contains("last used"));
    assert!(calc("target-naming", &[("range", "50ft"), ("target", "self")]).is_err());
}
