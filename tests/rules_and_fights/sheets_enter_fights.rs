//! Issue 72: a saved character enters the fight with its sheet's own numbers, and keeps
//! them when the sheet is saved mid-fight, for Ars Magica (document 001), MLAF (002) and
//! Primal Wild (003), each over generated valid sheets; and an action Tome rolls with a
//! seed comes to what the same action typed with the dice that seed rolled comes to.
//! (Amtgard's is `sheet_enters_fight.rs`.)

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use tome::characters::{Character, SheetValue};
use tome::encounters::Event;
use tome::Tome;

use crate::common::fight::{act, ada_and_bram, combatant, last_log, saved_character, stats, typed};

fn runner(cases: u32) -> TestRunner {
    TestRunner::new(Config { cases, failure_persistence: None, ..Config::default() })
}

// ----- MythCraft ------------------------------------------------------------------

/// Conditions a MythCraft sheet may list: Shaken's −2 on every d20 (004), Broken which
/// brings it, Rallied which holds it off, Sickened's second die, and two that touch no
/// d20.
const MC_CONDITIONS: [&str; 6] = ["shaken", "broken", "rallied", "sickened", "frightened", "prone"];

fn mc_conditions() -> impl Strategy<Value = Vec<&'static str>> {
    prop::sample::subsequence(MC_CONDITIONS.to_vec(), 0..=3)
}

fn with_conditions(t: &Tome, c: &mut Character, slugs: &[&str]) {
    c.conditions = slugs.iter().map(|s| t.character_ref(&format!("mythcraft/condition/{s}")).unwrap()).collect();
}

/// The names of MythCraft's conditions `slugs`, in order.
fn names(t: &Tome, slugs: &[&str]) -> Vec<String> {
    let mut n: Vec<String> =
        slugs.iter().map(|s| t.character_ref(&format!("mythcraft/condition/{s}")).unwrap().name).collect();
    n.sort();
    n
}

/// The fight's conditions on `name`, by name, in order.
fn held(v: &tome::api::EncounterView, name: &str) -> Vec<String> {
    let mut names: Vec<String> = combatant(v, name)["conditions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["name"].as_str().unwrap().to_string())
        .collect();
    names.sort();
    names
}

/// Issue 72's fresh-eyes review: a MythCraft sheet's conditions never reached the fight
/// (Shaken on the sheet, no −2 on the fight's initiative or attacks, at join or after a
/// save). Over generated sheets: the fight holds the sheet's conditions at join and after
/// a save that changes them, and its initiative is the die plus the sheet's own
/// Initiative, which counts what they do to every d20.
#[test]
fn a_mythcraft_sheets_conditions_enter_the_fight_and_its_initiative_is_the_sheets() {
    let strategy = (-2i64..=6, mc_conditions(), mc_conditions(), 1i64..=20);
    runner(24)
        .run(&strategy, |(awr, first, then, roll)| {
            let mut t = Tome::open_in_memory().unwrap();
            let mut c = saved_character(&mut t, "mythcraft", "Vera", &[("awareness", awr)]);
            with_conditions(&t, &mut c, &first);
            let c = t.save_character(&c).unwrap();
            let on_sheet = t
                .derive_character(&c)
                .unwrap()
                .stats
                .iter()
                .find(|s| s.key == "initiative")
                .unwrap()
                .value
                .as_i64()
                .unwrap();
            let e = t.create_encounter("mythcraft", "Ford").unwrap().id;
            t.encounter_add_character(e, c.id).unwrap();
            t.encounter_add_npc(e, "Goblin", 1, stats(&[("max-hp", 10)])).unwrap();
            let v = t.encounter_start(e, &typed(&[("Vera", roll), ("Goblin", 10)]), &[], Some(1)).unwrap();
            prop_assert_eq!(combatant(&v, "Vera")["initiative"].as_i64(), Some(roll + on_sheet), "{:?}", first);
            prop_assert_eq!(held(&v, "Vera"), names(&t, &first));
            let mut c = t.character(c.id).unwrap();
            with_conditions(&t, &mut c, &then);
            t.save_character(&c).unwrap();
            prop_assert_eq!(
                held(&t.encounter(e).unwrap(), "Vera"),
                names(&t, &then),
                "saved mid-fight from {:?}",
                first
            );
            Ok(())
        })
        .unwrap();
}

// ----- Ars Magica -----------------------------------------------------------------

/// What an Ars Magica sheet gives the fight: characteristics, combat Abilities, one
/// weapon in hand (or bare hands), and the wounds and fatigue carried.
#[derive(Debug, Clone)]
struct ArsSheet {
    dex: i64,
    qik: i64,
    str: i64,
    sta: i64,
    single: i64,
    great: i64,
    brawl: i64,
    weapon: Option<&'static str>,
    light: i64,
    short: i64,
}

impl ArsSheet {
    fn write(&self, t: &Tome, c: &mut Character) {
        for (k, v) in [
            ("dexterity", self.dex),
            ("quickness", self.qik),
            ("strength", self.str),
            ("stamina", self.sta),
            ("ability.single-weapon", self.single),
            ("ability.great-weapon", self.great),
            ("ability.brawl", self.brawl),
            ("wounds.light", self.light),
            ("fatigue.short-term", self.short),
        ] {
            c.values.insert(k.into(), SheetValue::Int(v));
        }
        c.items.clear();
        if let Some(w) = self.weapon {
            let mut item = t.character_item(w).unwrap();
            item.equipped = true;
            c.items.push(item);
        }
    }
}

fn ars_sheet() -> impl Strategy<Value = ArsSheet> {
    let weapons = vec![
        None,
        Some("ars-magica/weapon/sword-long"),
        Some("ars-magica/weapon/mace"),
        Some("ars-magica/weapon/spear-long"),
        Some("ars-magica/weapon/dagger"),
    ];
    (
        -3i64..=3,
        -3i64..=3,
        -3i64..=3,
        -3i64..=3,
        0i64..=6,
        0i64..=6,
        0i64..=6,
        prop::sample::select(weapons),
        0i64..=1,
        0i64..=2,
    )
        .prop_map(|(dex, qik, str, sta, single, great, brawl, weapon, light, short)| ArsSheet {
            dex,
            qik,
            str,
            sta,
            single,
            great,
            brawl,
            weapon,
            light,
            short,
        })
}

/// The first weapon's score `key` the sheet derives (its wound and fatigue penalty in).
fn derived_score(t: &Tome, c: &Character, key: &str) -> i64 {
    let d = t.derive_character(c).unwrap();
    let suffix = format!(".{key}");
    d.stats.iter().find(|s| s.key.starts_with("weapon.") && s.key.ends_with(&suffix)).unwrap().value.as_i64().unwrap()
}

/// At join the fight shows the sheet's Initiative Total (with the die), its wounds and
/// Fatigue, and strikes with its Attack Total; saved mid-fight with other scores (the
/// same wounds, which the fight keeps), its next attack is the new sheet's.
#[test]
fn an_ars_magica_sheet_gives_the_fight_its_own_scores_at_join_and_after_a_save() {
    runner(24)
        .run(&(ars_sheet(), ars_sheet()), |(first, second)| {
            let mut t = Tome::open_in_memory().unwrap();
            let mut c = t.create_character("ars-magica", "Kay").unwrap();
            first.write(&t, &mut c);
            let kay = t.save_character(&c).unwrap();
            let e = t.create_encounter("ars-magica", "Yard").unwrap().id;
            t.encounter_add_character(e, kay.id).unwrap();
            t.encounter_add_npc(e, "Post", 1, stats(&[("init", -30), ("soak", 60)])).unwrap();
            let v = t.encounter_start(e, &typed(&[("Kay", 5), ("Post", 0)]), &[], None).unwrap();
            let k = combatant(&v, "Kay");
            prop_assert_eq!(k["initiative"].as_i64(), Some(derived_score(&t, &kay, "initiative") + 5), "{}", k);
            prop_assert_eq!(k["wounds"]["light"].as_i64(), Some(first.light));
            prop_assert_eq!(k["fatigue_levels_lost"].as_i64(), Some(first.short));
            let d = t.derive_character(&kay).unwrap();
            prop_assert_eq!(k["penalty"].as_i64(), d.int("penalty").or(Some(0)), "{}", k);
            let blow = [("target", "Post"), ("attack-die", "4"), ("defense-die", "1")];
            act(&mut t, e, "attack", "Kay", &blow).unwrap();
            let want = format!("Attack Total {} against", derived_score(&t, &kay, "attack") + 4);
            prop_assert!(last_log(&t, e).contains(&want), "{want}: {}", last_log(&t, e));
            // Saved mid-fight: other scores, the wounds and fatigue the fight keeps.
            let mut next = kay.clone();
            ArsSheet { light: first.light, short: first.short, ..second.clone() }.write(&t, &mut next);
            let kay = t.save_character(&next).unwrap();
            t.encounter_change(e, Event::Next).unwrap();
            t.encounter_change(e, Event::Next).unwrap();
            act(&mut t, e, "attack", "Kay", &blow).unwrap();
            let want = format!("Attack Total {} against", derived_score(&t, &kay, "attack") + 4);
            prop_assert!(last_log(&t, e).contains(&want), "after the save, {want}: {}", last_log(&t, e));
            prop_assert_eq!(t.encounter(e).unwrap().combatants, t.encounter_replayed(e).unwrap().combatants);
            Ok(())
        })
        .unwrap();
}

/// The stress dice an Ars Magica attack stored (`attack-die`, `defense-die`, and each
/// one's botch dice after a 0), as the inputs that type them.
fn stress_dice_typed(facts: &std::collections::BTreeMap<String, String>) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for die in ["attack", "defense"] {
        out.push((format!("{die}-die"), facts[&format!("{die}-die")].clone()));
        if let Some(b) = facts.get(&format!("{die}-die-botches")) {
            out.push((format!("{die}-botches"), b.clone()));
        }
    }
    out
}

/// Line 52 (a stress die: a 1 doubles the next roll, a 0 may botch): an attack whose
/// stress dice Tome rolls with a seed leaves the same board and the same words, but for
/// who rolled, as the same attack with those dice typed (a 0's botch dice with it),
/// whatever the attacker's wounds and the sides' modifiers, Soak and botch dice.
#[test]
fn an_ars_magica_attack_tome_rolls_is_the_attack_typed_with_its_stress_dice() {
    runner(24)
        .run(&(any::<u64>(), 0i64..3, 0i64..12, -6i64..6, -6i64..6, 1u32..4), |(seed, light, soak, am, dm, botch)| {
            let mut t = Tome::open_in_memory().unwrap();
            let e = t.create_encounter("ars-magica", "Yard").unwrap().id;
            t.encounter_add_npc(e, "Kay", 1, stats(&[("atk", 6), ("dam", 5)])).unwrap();
            t.encounter_add_npc(e, "Post", 1, stats(&[("dfn", 4), ("soak", soak)])).unwrap();
            t.encounter_start(e, &typed(&[("Kay", 9), ("Post", 0)]), &[], None).unwrap();
            t.encounter_change(e, Event::Set { name: "Kay".into(), field: "wounds-light".into(), value: light })
                .unwrap();
            let mut inputs: std::collections::BTreeMap<String, String> = [
                ("target", "Post".to_string()),
                ("attack-modifier", am.to_string()),
                ("defense-modifier", dm.to_string()),
                ("botch-dice", botch.to_string()),
            ]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect();
            let rolled = t.encounter_act(e, "attack", Some("Kay"), inputs.clone(), Some(seed)).unwrap();
            let said = last_log(&t, e);
            let events = t.db().encounter_events(e).unwrap();
            let Some((_, Event::Act { facts, .. })) = events.last() else { panic!("the attack stored") };
            inputs.remove("botch-dice");
            inputs.extend(stress_dice_typed(facts));
            t.encounter_undo(e).unwrap();
            let typed_view = t.encounter_act(e, "attack", Some("Kay"), inputs.clone(), None).unwrap();
            prop_assert_eq!(&rolled.combatants, &typed_view.combatants, "{:?}", inputs);
            prop_assert_eq!(
                said.replace(" (rolled by Tome)", ""),
                last_log(&t, e).replace(" (typed)", ""),
                "{:?}",
                inputs
            );
            Ok(())
        })
        .unwrap();
}

// ----- MLAF -----------------------------------------------------------------------

#[derive(Debug, Clone)]
struct MlafSheet {
    level: i64,
    spp: i64,
    position: (&'static str, &'static str),
    spells: Vec<(&'static str, &'static str)>,
}

impl MlafSheet {
    fn write(&self, t: &Tome, c: &mut Character) {
        c.values.insert("level".into(), SheetValue::Int(self.level));
        c.values.insert("spp".into(), SheetValue::Int(self.spp));
        c.items = vec![t.character_item(self.position.0).unwrap()];
        c.spells = self.spells.iter().map(|(id, _)| t.character_ref(id).unwrap()).collect();
    }

    /// What the board lists him as knowing: the position's racial spell, then the sheet's.
    fn knows(&self, racial: &str) -> Vec<String> {
        let mut out = vec![racial.to_string()];
        out.extend(self.spells.iter().map(|(_, n)| n.to_string()).filter(|n| n != racial));
        out
    }
}

const POSITIONS: [(&str, &str, &str); 4] = [
    ("mlaf/position/siren", "Siren (Amazon)", "Siren Song"),
    ("mlaf/position/shaman", "Shaman (Orc)", "Tattoos"),
    ("mlaf/position/warper", "Warper (Skaven)", "Warpfire"),
    ("mlaf/position/sorcerer", "Sorcerer (Dark Elf)", "Tormented Soul"),
];

fn mlaf_sheet() -> impl Strategy<Value = (MlafSheet, usize)> {
    let open = vec![
        ("mlaf/spell/fire-ball", "Fire Ball"),
        ("mlaf/spell/toad", "Toad"),
        ("mlaf/spell/lightning-bolt", "Lightning Bolt"),
    ];
    (1i64..=10, 0i64..=60, 0usize..POSITIONS.len(), prop::sample::subsequence(open, 0..=3)).prop_map(
        |(level, spp, p, spells)| (MlafSheet { level, spp, position: (POSITIONS[p].0, POSITIONS[p].1), spells }, p),
    )
}

/// The board's copy of a caster holds his sheet's level, SPP, position and the spells he
/// knows (racial spell first) at join and after a save mid-match; a save that leaves off
/// a spell he knows keeps it, after the new ones (interpretation: never lost during a match).
#[test]
fn an_mlaf_sheet_gives_the_match_its_own_numbers_at_join_and_after_a_save() {
    runner(24)
        .run(&(mlaf_sheet(), mlaf_sheet()), |((first, p1), (second, p2))| {
            let mut t = Tome::open_in_memory().unwrap();
            let mut c = t.create_character("mlaf", "Hexa").unwrap();
            first.write(&t, &mut c);
            let hexa = t.save_character(&c).unwrap();
            let e = t.create_encounter("mlaf", "Match").unwrap().id;
            t.encounter_add_character(e, hexa.id).unwrap();
            t.encounter_start(e, &[], &[], None).unwrap();
            let holds = |t: &Tome, s: &MlafSheet, knows: &[String]| -> Result<(), TestCaseError> {
                let v = t.encounter(e).unwrap();
                let h = combatant(&v, "Hexa");
                prop_assert_eq!(h["level"].as_i64(), Some(s.level), "{}", h);
                prop_assert_eq!(h["spp"].as_i64(), Some(s.spp), "{}", h);
                prop_assert_eq!(h["position"].as_str(), Some(s.position.1), "{}", h);
                prop_assert_eq!(h["knows"].clone(), serde_json::json!(knows), "{}", h);
                Ok(())
            };
            let knew = first.knows(POSITIONS[p1].2);
            holds(&t, &first, &knew)?;
            let mut next = hexa.clone();
            second.write(&t, &mut next);
            t.save_character(&next).unwrap();
            // All he knew, in its order (none is lost mid-match), then what the new sheet adds.
            let mut now = knew.clone();
            now.extend(second.knows(POSITIONS[p2].2).into_iter().filter(|k| !knew.contains(k)));
            holds(&t, &second, &now).map_err(|e| TestCaseError::fail(format!("after the save: {e}")))?;
            prop_assert_eq!(t.encounter(e).unwrap().combatants, t.encounter_replayed(e).unwrap().combatants);
            Ok(())
        })
        .unwrap();
}

/// Line 66: a cast's d6 decides it. A cast Tome rolls with a seed and the same cast typed
/// with the d6 that seed rolled leave the same board and the same words but for who
/// rolled.
#[test]
fn an_mlaf_cast_tome_rolls_is_the_cast_typed_with_its_d6() {
    runner(16)
        .run(
            &(any::<u64>(), prop::sample::select(vec!["Fire Ball", "Toad", "Lightning Bolt", "Siren Song"])),
            |(seed, spell)| {
                let mut t = Tome::open_in_memory().unwrap();
                let e = t.create_encounter("mlaf", "Match").unwrap().id;
                t.encounter_add_npc(e, "Siren", 1, stats(&[("team", 1), ("level", 3)])).unwrap();
                t.encounter_add_npc(e, "Shaman", 1, stats(&[("team", 2), ("level", 3)])).unwrap();
                t.encounter_start(e, &[], &[], None).unwrap();
                let known = [("position", "Siren"), ("spells", "Fire Ball, Toad, Lightning Bolt")];
                act(&mut t, e, "roster", "Siren", &known).unwrap();
                t.encounter_change(e, Event::Next).unwrap();
                let inputs = [("spell".to_string(), spell.to_string())].into_iter().collect();
                let rolled = t.encounter_act(e, "cast", Some("Siren"), inputs, Some(seed)).unwrap();
                let entry = t.encounter_log(e).unwrap().last().unwrap().clone();
                let d6 = entry.terms.iter().find(|x| x.label == "d6 rolled by Tome").expect("the d6 Tome rolled");
                let d6 = d6.value.as_i64().unwrap().to_string();
                t.encounter_undo(e).unwrap();
                let v = act(&mut t, e, "cast", "Siren", &[("spell", spell), ("roll", &d6)]).unwrap();
                let typed_entry = t.encounter_log(e).unwrap().last().unwrap().clone();
                prop_assert_eq!(&rolled.combatants, &v.combatants);
                prop_assert_eq!(
                    entry.lines.join("\n").replace("rolled by Tome", "typed"),
                    typed_entry.lines.join("\n")
                );
                Ok(())
            },
        )
        .unwrap();
}

// ----- Primal Wild ----------------------------------------------------------------

#[derive(Debug, Clone)]
struct PwSheet {
    gnosis: Option<i64>,
    dots: i64,
    willpower: i64,
    arcana: Vec<(&'static str, i64)>,
}

impl PwSheet {
    fn write(&self, c: &mut Character) {
        c.values.retain(|k, _| !k.starts_with("arcanum.") && k != "gnosis");
        if let Some(g) = self.gnosis {
            c.values.insert("gnosis".into(), SheetValue::Int(g));
        }
        c.values.insert("willpower.dots".into(), SheetValue::Int(self.dots));
        c.values.insert("willpower".into(), SheetValue::Int(self.willpower));
        for (a, n) in &self.arcana {
            c.values.insert(format!("arcanum.{a}"), SheetValue::Int(*n));
        }
    }
}

fn pw_sheet() -> impl Strategy<Value = PwSheet> {
    let arcana = vec!["death", "fate", "forces", "life", "matter", "mind", "prime", "space", "spirit", "time"];
    (
        prop::option::of(1i64..=10),
        1i64..=10,
        prop::sample::subsequence(arcana, 1..=4),
        prop::collection::vec(1i64..=5, 4),
    )
        .prop_flat_map(|(gnosis, dots, names, levels)| {
            let arcana: Vec<(&'static str, i64)> = names.into_iter().zip(levels).collect();
            (0..=dots).prop_map(move |willpower| PwSheet { gnosis, dots, willpower, arcana: arcana.clone() })
        })
}

/// In a fight a saved character counts as a mage exactly when its sheet gives it Gnosis
/// (line 199: Mage Sight is a mage's); in a Duel Arcane it clashes with its sheet's
/// Gnosis and Willpower. At join and after a save mid-fight.
#[test]
fn a_primal_wild_sheet_gives_the_fight_and_the_duel_its_own_numbers() {
    runner(24)
        .run(&(pw_sheet(), pw_sheet()), |(first, second)| {
            let mut t = Tome::open_in_memory().unwrap();
            let mut c = t.create_character("primal-wild", "Ada").unwrap();
            first.write(&mut c);
            let ada = t.save_character(&c).unwrap();
            let fight = t.create_encounter("primal-wild", "Alley").unwrap().id;
            t.encounter_add_character(fight, ada.id).unwrap();
            let duel = t.create_encounter_mode("primal-wild", "Duel", Some("duel")).unwrap().id;
            t.encounter_add_character(duel, ada.id).unwrap();
            t.encounter_add_npc(duel, "Bram", 1, stats(&[("gnosis", 2), ("death", 2), ("wp", 4)])).unwrap();
            t.encounter_start(duel, &[], &[], None).unwrap();
            let holds = |t: &Tome, s: &PwSheet| -> Result<(), TestCaseError> {
                let v = t.encounter(fight).unwrap();
                prop_assert_eq!(combatant(&v, "Ada")["mage"].as_bool(), Some(s.gnosis.is_some()));
                if let Some(g) = s.gnosis {
                    let v = t.encounter(duel).unwrap();
                    let a = combatant(&v, "Ada");
                    prop_assert_eq!(a["gnosis"].as_i64(), Some(g), "{}", a);
                    prop_assert_eq!(a["willpower"].as_i64(), Some(s.willpower), "{}", a);
                }
                Ok(())
            };
            holds(&t, &first)?;
            let mut next = ada.clone();
            // The duel needs its duelist's Gnosis: the second sheet keeps one.
            PwSheet { gnosis: second.gnosis.or(first.gnosis).or(Some(1)), ..second.clone() }.write(&mut next);
            let saved = t.save_character(&next).unwrap();
            let gnosis = match saved.values.get("gnosis") {
                Some(SheetValue::Int(n)) => Some(*n),
                _ => None,
            };
            holds(&t, &PwSheet { gnosis, ..second.clone() })
                .map_err(|e| TestCaseError::fail(format!("after the save: {e}")))?;
            prop_assert_eq!(t.encounter(fight).unwrap().combatants, t.encounter_replayed(fight).unwrap().combatants);
            Ok(())
        })
        .unwrap();
}

/// The clash of a Duel Arcane (document 003: each duelist rolls their pool, successes
/// against successes) whose pools Tome rolls with a seed leaves the same duel and the same
/// words, but for who rolled, as the same clash with the successes typed, whatever the
/// arms chosen, the distraction and the Willpower left.
#[test]
fn a_primal_wild_clash_tome_rolls_is_the_clash_typed_with_its_successes() {
    let arms = prop::sample::select(vec![("forces", "prime"), ("prime", "forces")]);
    let bram_arms = prop::sample::select(vec![("death", "mind"), ("mind", "death")]);
    runner(24)
        .run(&(any::<u64>(), arms, bram_arms, 0i64..4, 0i64..6), |(seed, (sa, ha), (sb, hb), distraction, wp)| {
            let mut t = Tome::open_in_memory().unwrap();
            let e = ada_and_bram(&mut t, "Duel");
            t.encounter_start(e, &[], &[], None).unwrap();
            act(&mut t, e, "arms", "Ada", &[("sword", sa), ("shield", ha)]).unwrap();
            act(&mut t, e, "arms", "Bram", &[("sword", sb), ("shield", hb)]).unwrap();
            t.encounter_change(e, Event::Set { name: "Bram".into(), field: "wp".into(), value: wp }).unwrap();
            let inputs: std::collections::BTreeMap<String, String> =
                [("distraction".to_string(), distraction.to_string())].into_iter().collect();
            let rolled = t.encounter_act(e, "clash", None, inputs.clone(), Some(seed)).unwrap();
            let said = last_log(&t, e);
            let events = t.db().encounter_events(e).unwrap();
            let Some((_, Event::Act { facts, .. })) = events.last() else { panic!("the clash stored") };
            let rolls = format!("Ada={},Bram={}", facts["successes-0"], facts["successes-1"]);
            t.encounter_undo(e).unwrap();
            let mut typed_inputs = inputs.clone();
            typed_inputs.insert("rolls".into(), rolls.clone());
            let typed_view = t.encounter_act(e, "clash", None, typed_inputs, Some(seed)).unwrap();
            prop_assert_eq!(&rolled.combatants, &typed_view.combatants, "{}", rolls);
            let plain = regex_lite_rolled(&said);
            prop_assert_eq!(plain, last_log(&t, e), "{}", rolls);
            Ok(())
        })
        .unwrap();
}

/// `text` with each "(rolled by Tome: 3 8 10)" said as "(typed)".
fn regex_lite_rolled(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("(rolled by Tome: ") {
        out.push_str(&rest[..at]);
        out.push_str("(typed)");
        rest = rest[at..].split_once(')').map_or("", |(_, after)| after);
    }
    out.push_str(rest);
    out
}
