//! The recovery track: wounds healing over time (the document's Recovering From Wounds
//! and Recovery from Incapacitation, lines 1119-1167; the overexertion roll, 1092-1098).

use super::*;

fn wounds(light: i64, medium: i64, heavy: i64, incapacitating: i64) -> WoundCounts {
    WoundCounts { light, medium, heavy, incapacitating }
}

fn fresh(w: WoundCounts) -> RecoveryTrack {
    RecoveryTrack::new(w, Default::default(), 0)
}

/// Lines 1148-1152: three Light and one Medium wound make three rolls every week and one
/// every month; when the Medium wound becomes Light it rolls weekly with the others.
#[test]
fn three_light_and_one_medium_roll_weekly_and_monthly() {
    let mut t = fresh(wounds(3, 1, 0, 0));
    let due = t.due().unwrap();
    let listed: Vec<_> = due.iter().map(|d| (d.row.level, d.row.interval, d.count)).collect();
    assert_eq!(listed, [(WoundLevel::Light, "one week", 3), (WoundLevel::Medium, "one month", 1)]);
    assert_eq!(t.next_level(false), Some(WoundLevel::Light));
    // Medium improves at 12 (line 1142).
    let step = t.roll(Some(WoundLevel::Medium), 0, 0, 0, 12, false).unwrap();
    assert_eq!(step.recovery.result, Some(RecoveryResult::Improves));
    assert_eq!(t.counts(), wounds(4, 0, 0, 0));
    assert_eq!(t.due().unwrap()[0].row.interval, "one week");
}

/// Lines 1131-1133 and the Recovery Table (1138-1146), row by row: at the stable Ease
/// Factor the wound holds and carries +3 more each time; at the improvement Ease Factor
/// it moves a level better; below the stable one it moves a level worse. Either move
/// starts the wound afresh, with nothing carried.
#[test]
fn every_recovery_table_row_holds_improves_and_worsens_on_the_track() {
    let table = [(WoundLevel::Light, 4, 10), (WoundLevel::Medium, 6, 12), (WoundLevel::Heavy, 9, 15)];
    for (level, stable, improve) in table {
        let one = |l: WoundLevel| match l {
            WoundLevel::Light => wounds(1, 0, 0, 0),
            WoundLevel::Medium => wounds(0, 1, 0, 0),
            WoundLevel::Heavy => wounds(0, 0, 1, 0),
            WoundLevel::Incapacitating => wounds(0, 0, 0, 1),
            _ => wounds(0, 0, 0, 0),
        };
        let mut t = fresh(one(level));
        let held = t.roll(Some(level), 0, 0, 0, stable, false).unwrap();
        assert_eq!((held.recovery.result, held.recovery.bonus_next), (Some(RecoveryResult::Stable), 3), "{level:?}");
        assert_eq!(t.due().unwrap()[0].bonuses, [3]);
        // The +3 counts: the stable Ease Factor less 3 now holds again, for +6.
        let again = t.roll(Some(level), 0, 0, 0, stable - 3, false).unwrap();
        assert_eq!((again.bonus, again.recovery.bonus_next), (3, 6));
        // With +6 carried, the improvement Ease Factor less 6 improves.
        t.roll(Some(level), 0, 0, 0, improve - 6, false).unwrap();
        assert_eq!(t.counts(), one(level.better()), "{level:?} improves");
        assert!(t.due().unwrap().iter().all(|d| d.bonuses.iter().all(|b| *b == 0)));

        let mut t = fresh(one(level));
        t.roll(Some(level), 0, 0, 0, stable, false).unwrap();
        let worse = t.roll(Some(level), 0, 0, 0, stable - 4, false).unwrap();
        assert_eq!(worse.recovery.result, Some(RecoveryResult::Worsens));
        assert_eq!(t.counts(), one(level.worse()), "{level:?} worsens");
        assert!(t.due().unwrap().iter().all(|d| d.bonuses.iter().all(|b| *b == 0)));
    }
}

/// Line 1121: every wound rolls for itself, so one that held carries its +3 alone, and
/// the next roll of that level is the other wound's.
#[test]
fn each_wound_carries_its_own_bonus() {
    let mut t = fresh(wounds(0, 2, 0, 0));
    let first = t.roll(Some(WoundLevel::Medium), 0, 0, 0, 6, false).unwrap();
    assert_eq!(first.recovery.bonus_next, 3);
    let second = t.roll(Some(WoundLevel::Medium), 0, 0, 0, 6, false).unwrap();
    assert_eq!(second.bonus, 0, "the second wound earned nothing yet");
    assert_eq!(t.due().unwrap()[0].bonuses, [3, 3]);
}

/// Lines 1156-1163: an Incapacitated character rolls twice a day; 9 or more makes every
/// Incapacitating wound Heavy, 0 or less kills, anything else adds a further -1 to every
/// later roll until the wounds improve.
#[test]
fn incapacitated_rolls_heal_all_worsen_all_or_kill() {
    let mut t = fresh(wounds(0, 0, 0, 2));
    assert_eq!(t.due().unwrap()[0].row.interval, "twice a day, at sunrise and sunset");
    let bad = t.roll(None, 0, 0, 0, 5, false).unwrap();
    assert_eq!((bad.recovery.result, t.incapacitated_bonus), (Some(RecoveryResult::Worsens), -1));
    t.roll(None, 0, 0, 0, 5, false).unwrap();
    assert_eq!(t.incapacitated_bonus, -2);
    // 11 - 2 = 9: every Incapacitating wound becomes Heavy, and the penalty is gone.
    let good = t.roll(None, 0, 0, 0, 11, false).unwrap();
    assert_eq!(good.recovery.total, Some(9));
    assert_eq!((t.counts(), t.incapacitated_bonus), (wounds(0, 0, 2, 0), 0));
    assert_eq!(t.due().unwrap()[0].bonuses, [0, 0]);

    let mut t = fresh(wounds(0, 0, 0, 1));
    let death = t.roll(None, 0, 0, 0, 0, false).unwrap();
    assert!(death.dies);
    assert!(death.interpretations.contains(&DEATH_KEEPS_SHEET));
    assert!(death.interpretations.contains(&NO_BOTCH));
}

/// Lines 1095-1098: overexertion rolls for the most serious wound, which may hold or
/// worsen but never improve nor earn a bonus.
#[test]
fn overexertion_rolls_the_most_serious_wound_and_never_heals_it() {
    let mut t = fresh(wounds(2, 0, 1, 0));
    let held = t.roll(None, 0, 0, 0, 20, true).unwrap();
    assert_eq!(held.level, WoundLevel::Heavy);
    assert_eq!((t.counts(), t.due().unwrap()[1].bonuses.clone()), (wounds(2, 0, 1, 0), vec![0]));
    t.roll(None, 0, 0, 0, 3, true).unwrap();
    assert_eq!(t.counts(), wounds(2, 0, 0, 1));
}

/// A wound that becomes Incapacitating beside one already penalised shares the penalty
/// (an interpretation, said on screen).
#[test]
fn a_new_incapacitating_wound_shares_the_penalty() {
    let mut t = RecoveryTrack::new(wounds(0, 0, 1, 1), Default::default(), -2);
    let step = t.roll(Some(WoundLevel::Heavy), 0, 0, 0, 0, false).unwrap();
    assert_eq!((t.counts(), t.incapacitated_bonus), (wounds(0, 0, 0, 2), -2));
    assert!(step.interpretations.contains(&SHARED_PENALTY));
}

/// The sheet's lists and counts disagree after a hand edit: fresh wounds carry +0,
/// healed ones drop the last numbers.
#[test]
fn wounds_added_or_healed_by_hand_keep_the_list_in_step() {
    let t = RecoveryTrack::new(wounds(3, 1, 0, 0), [vec![3], vec![6, 9], vec![]], 0);
    assert_eq!((t.light.clone(), t.medium.clone()), (vec![3, 0, 0], vec![6]));
    assert_eq!(RecoveryTrack::new(wounds(0, 0, 0, 0), Default::default(), -3).incapacitated_bonus, 0);
}

/// Rolling for a level without wounds, or one that does not heal, is refused.
#[test]
fn rolling_for_a_wound_not_carried_is_refused() {
    let mut t = fresh(wounds(1, 0, 0, 0));
    assert!(err(t.roll(Some(WoundLevel::Heavy), 0, 0, 0, 5, false)).contains("no heavy wound"));
    assert!(err(t.roll(Some(WoundLevel::Dead), 0, 0, 0, 5, false)).contains("no recovery"));
    assert!(err(fresh(wounds(0, 0, 0, 0)).roll(None, 0, 0, 0, 5, false)).contains("no wounds"));
    assert!(err(t.roll(None, 0, 0, 0, 30_000, false)).contains("Stress die"));
}
