//! `tome calc` and `tome roll`: the command-line contract of the rules calculators.

use assert_cmd::Command;
use serde_json::Value;

fn tome(db: &std::path::Path, args: &[&str]) -> std::process::Output {
    Command::cargo_bin("tome").unwrap().arg("--db").arg(db).args(args).output().unwrap()
}

fn calc(args: &[&str]) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let mut all = vec!["--json", "calc"];
    all.extend_from_slice(args);
    let out = tome(&dir.path().join("t.db"), &all);
    assert!(out.status.success(), "tome calc {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let terms = v["terms"].as_array().unwrap_or_else(|| panic!("{args:?} has no terms: {v}"));
    assert!(terms.iter().all(|t| t["label"].is_string() && !t["value"].is_null()), "{v}");
    v
}

fn calc_err(args: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut all = vec!["calc"];
    all.extend_from_slice(args);
    let out = tome(&dir.path().join("t.db"), &all);
    assert!(!out.status.success(), "tome calc {args:?} should fail");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn ars_magica_encumbrance() {
    let v = calc(&["ars-magica", "encumbrance", "--load", "9", "--strength", "1"]);
    assert_eq!((v["burden"].as_i64(), v["encumbrance"].as_i64()), (Some(3), Some(2)));
    let v = calc(&["ars-magica", "encumbrance", "--load", "3", "--strength", "-2"]);
    assert_eq!(v["encumbrance"], 2, "no reduction for Strength below 1");
}

#[test]
fn ars_magica_wound() {
    for (damage, size, want) in [
        ("0", "0", "none"),
        ("4", "-1", "light"),
        ("6", "0", "medium"),
        ("6", "1", "light"),
        ("12", "0", "heavy"),
        ("17", "0", "incapacitating"),
        ("21", "0", "dead"),
        ("9", "4", "light"),
        ("10", "4", "medium"),
    ] {
        let v = calc(&["ars-magica", "wound", "--damage", damage, "--size", size]);
        assert_eq!(v["wound"], want, "damage {damage} size {size}");
    }
}

#[test]
fn ars_magica_soak_with_armour() {
    let v = calc(&["ars-magica", "soak", "--stamina", "2", "--armor", "Chain Mail", "--coverage", "full"]);
    assert_eq!(v["soak"], 11, "Stamina 2 + Chain Mail full 9");
    let v = calc(&[
        "ars-magica",
        "soak",
        "--stamina",
        "1",
        "--armor",
        "ars-magica/armor/leather-scale",
        "--coverage",
        "partial",
        "--form-bonus",
        "2",
    ]);
    assert_eq!(v["soak"], 6);
    assert!(calc_err(&["ars-magica", "soak", "--stamina", "2", "--armor", "Mithril Plate", "--coverage", "full"])
        .contains("Mithril Plate"));
}

#[test]
fn ars_magica_movement_and_group() {
    let v = calc(&["ars-magica", "movement", "--quickness", "2", "--encumbrance", "1"]);
    assert_eq!((v["walk"].as_i64(), v["hurry"].as_i64(), v["run"].as_i64()), (Some(11), Some(22), Some(44)));
    let v = calc(&["ars-magica", "group-bonus", "--leadership", "3", "--abilities", "6,5"]);
    assert_eq!(v["bonus"], 9, "the complex example: 11 capped at 3 x Leadership 3");
    assert_eq!(v["max_members"], 3);
}

#[test]
fn mythcraft_ap_jump_crit() {
    let v = calc(&["mythcraft", "ap", "--cor", "5", "--level", "3", "--reactive", "4"]);
    assert_eq!(v["cor_bonus"], 2);
    assert_eq!(v["ap"], 5);
    assert_eq!(v["reactive_cap"], 3);
    assert_eq!(v["carried"], 3);
    assert_eq!(v["total"], 8);
    assert!(calc_err(&["mythcraft", "ap", "--cor", "13"]).contains("12"), "the range is named");
    let v = calc(&["mythcraft", "jump", "--str", "2"]);
    assert_eq!(v["horizontal_ft"].as_i64().unwrap(), 2 * v["vertical_ft"].as_i64().unwrap());
    let v = calc(&["mythcraft", "crit-range", "--expansions", "0"]);
    assert!(v["crit_min"].is_i64());
}

#[test]
fn mlaf_cast() {
    let v = calc(&["mlaf", "cast", "--spell", "Medusa’s Gaze", "--enemy-tz", "1"]);
    assert_eq!(v["needs"], 4, "3+ with one enemy tackle zone");
    assert_eq!(v["probability"].as_f64(), Some(0.5));
    let v = calc(&["mlaf", "cast", "--spell", "mlaf/spell/lightning-bolt"]);
    assert_eq!(v["needs"], 2);
    assert!(calc_err(&["mlaf", "cast", "--spell", "Fireball of Doom"]).contains("Fireball of Doom"));
}

#[test]
fn primal_wild_clash() {
    let v = calc(&[
        "primal-wild",
        "clash",
        "--gnosis",
        "3",
        "--sword",
        "2",
        "--unused",
        "1",
        "--sustaining",
        "--distraction",
        "2",
    ]);
    assert_eq!(v["dice_pool"], 3, "3 + 2 + 1 - 1 - 2");
    let v = calc(&["primal-wild", "clash", "--gnosis", "3", "--sword", "2"]);
    assert_eq!(v["dice_pool"], 5);
    // Seven clashes sat out still add +5, no more (it used to be refused).
    let v = calc(&["primal-wild", "clash", "--gnosis", "3", "--sword", "2", "--unused", "7"]);
    assert_eq!(v["dice_pool"], 10);
}

#[test]
fn unknown_calculators_and_parameters_are_clear_errors() {
    assert!(calc_err(&["ars-magica", "teleport"]).contains("encumbrance"), "lists the system's calculators");
    assert!(calc_err(&["ars-magica", "encumbrance", "--load", "9"]).contains("--strength"));
    assert!(
        calc_err(&["ars-magica", "encumbrance", "--load", "9", "--strength", "1", "--luck", "3"]).contains("--luck")
    );
    assert!(calc_err(&["ars-magica", "encumbrance", "--load", "nine", "--strength", "1"]).contains("whole number"));
}

#[test]
fn each_calculator_has_help() {
    let dir = tempfile::tempdir().unwrap();
    let out = tome(&dir.path().join("t.db"), &["calc", "ars-magica", "wound", "--help"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("--damage") && text.contains("--size"), "{text}");
}

#[test]
fn roll_shows_each_die_and_repeats_with_a_seed() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    for dice in ["d6", "2d6", "3d6", "d20", "stress", "simple"] {
        let a = tome(&db, &["--json", "roll", dice, "--seed", "9"]);
        let b = tome(&db, &["--json", "roll", dice, "--seed", "9"]);
        assert!(a.status.success(), "{dice}: {}", String::from_utf8_lossy(&a.stderr));
        assert_eq!(a.stdout, b.stdout, "{dice} repeats with a seed");
        let v: Value = serde_json::from_slice(&a.stdout).unwrap();
        let faces = v["faces"].as_array().unwrap();
        assert!(!faces.is_empty(), "{dice}: {v}");
        if dice.ends_with("d6") {
            let n = dice.trim_end_matches("d6").parse::<usize>().unwrap_or(1);
            assert_eq!(faces.len(), n, "{dice}");
            assert_eq!(v["total"].as_i64().unwrap(), faces.iter().map(|f| f.as_i64().unwrap()).sum::<i64>());
        }
    }
    let out = tome(&db, &["roll", "3d6", "--seed", "9"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(" + ") && text.contains(" = "), "the dice are shown: {text}");
    assert!(!tome(&db, &["roll", "3x6"]).status.success());
    // A count nobody means is refused at once, not allocated (it once asked for billions).
    let out = tome(&db, &["roll", "stress", "--botch-dice", "4000000000"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("botch dice must be from 0 to 100"));
    assert!(tome(&db, &["roll", "stress", "--botch-dice", "100", "--seed", "1"]).status.success());
}

#[test]
fn a_form_reads_percentages_and_sentences_about_its_fields() {
    let t = tome::Tome::open_in_memory().unwrap();
    let values = |pairs: &[(&str, &str)]| pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    // A probability is a number for the JSON and a percentage to read.
    let cast = t.calculate_form("mlaf", "cast", values(&[("spell", "Fire Ball")])).unwrap();
    let at = cast.fields.iter().position(|(k, _)| k == "probability").unwrap();
    assert_eq!(cast.fields[at].1.as_f64(), Some(0.8333));
    assert_eq!(cast.shown[at], "83.3%");
    let gaze = t.calculate_form("mlaf", "cast", values(&[("spell", "Medusa’s Gaze"), ("enemy-tz", "1")])).unwrap();
    assert_eq!(gaze.shown[gaze.fields.iter().position(|(k, _)| k == "probability").unwrap()], "50%");
    // A refused value: a sentence naming the field as the form labels it, and which field.
    let e = t.calculate_form("ars-magica", "encumbrance", values(&[("load", "9"), ("strength", "99")])).unwrap_err();
    assert_eq!(e.to_string(), "Strength must be from −10 to 10, not 99");
    assert_eq!(e.code(), tome::ErrorCode::InvalidInput);
    assert_eq!(e.problems().unwrap().0[0].field.as_deref(), Some("strength"));
    let e = t.calculate_form("ars-magica", "encumbrance", values(&[("load", "9"), ("strength", "1-3")])).unwrap_err();
    assert_eq!(e.to_string(), "Strength must be a whole number from −10 to 10, not `1-3`");
    // The command line keeps its flags, and prints the percentage.
    assert!(calc_err(&["ars-magica", "encumbrance", "--load", "9", "--strength", "99"])
        .contains("--strength must be from -10 to 10"));
    let dir = tempfile::tempdir().unwrap();
    let out = tome(&dir.path().join("t.db"), &["calc", "mlaf", "cast", "--spell", "Fire Ball"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("probability: 83.3%"));
}

/// Issue 33: an unknown name in a calculator (the MLAF cast calculator's spell) is said
/// about its field, so the form marks that field and shows the names meant beside it;
/// the code stays `not_found`.
#[test]
fn a_name_not_found_is_said_about_its_field() {
    let t = tome::Tome::open_in_memory().unwrap();
    let values = |pairs: &[(&str, &str)]| pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let e = t.calculate_form("mlaf", "cast", values(&[("spell", "Fire Bawl"), ("enemy-tz", "0")])).unwrap_err();
    assert_eq!(e.code(), tome::ErrorCode::NotFound);
    let problem = &e.problems().expect("the field it is about").0[0];
    assert_eq!(problem.field.as_deref(), Some("spell"));
    assert!(problem.message.starts_with("No spell named `Fire Bawl`"), "{}", problem.message);
    assert!(e.suggestions().iter().any(|s| s == "Fire Ball"), "{:?}", e.suggestions());
    // Ars Magica's Soak: the armour typed wrong is the Armor field's.
    let e = t
        .calculate_form("ars-magica", "soak", values(&[("stamina", "2"), ("armor", "mithril"), ("coverage", "full")]))
        .unwrap_err();
    assert_eq!(e.problems().unwrap().0[0].field.as_deref(), Some("armor"));
    // The command line says it as before.
    assert!(t.calculate("mlaf", "cast", values(&[("spell", "Fire Bawl")])).unwrap_err().problems().is_none());
}

/// Issue 33: what the app shows of a calculator (its summary, each field's help) names no
/// command-line flag ("with --roll"): a flag of the same calculator reads as its field's
/// label, and the words say the rest ("when Tome rolls").
#[test]
fn no_calculator_shows_a_flag_in_the_app() {
    let mut flags = Vec::new();
    for calc in tome::systems::calculators() {
        let info = tome::rules::CalculatorInfo::for_form(calc.clone());
        if info.summary.contains("--") {
            flags.push(format!("{}/{} summary: {}", calc.system, calc.name, info.summary));
        }
        for p in &info.params {
            if p.help.contains("--") {
                flags.push(format!("{}/{} {}: {}", calc.system, calc.name, p.name, p.help));
            }
        }
    }
    assert!(flags.is_empty(), "{flags:#?}");
}

#[test]
fn every_calculator_refuses_an_out_of_range_value_in_the_form_s_words() {
    let t = tome::Tome::open_in_memory().unwrap();
    for calc in tome::systems::calculators() {
        for p in calc.params {
            let tome::rules::ParamKind::Int { max, .. } = p.kind else { continue };
            let values = std::iter::once((p.name.to_string(), max.saturating_add(1).to_string())).collect();
            let Err(e) = t.calculate_form(calc.system, calc.name, values) else { continue };
            let message = e.to_string();
            for other in calc.params {
                assert!(!message.contains(&format!("--{}", other.name)), "{}/{}: {message}", calc.system, calc.name);
            }
            assert!(message.starts_with(char::is_uppercase), "{}/{}: {message}", calc.system, calc.name);
        }
    }
}

#[test]
fn a_real_chance_never_reads_as_none_or_certain() {
    use tome::rules::percent;
    assert_eq!(percent(0.0001), "<0.1%", "one in ten thousand is a chance, not 0%");
    assert_eq!(percent(0.0), "0%");
    assert_eq!(percent(0.00046), "<0.1%");
    assert_eq!(percent(1.0 / 216.0), "0.5%");
    assert_eq!(percent(0.99999), ">99.9%", "nearly certain is not certain");
    assert_eq!(percent(1.0), "100%");
    assert_eq!(percent(0.8333), "83.3%");
}

#[test]
fn calc_with_a_system_lists_that_system_and_help_works_there() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let listed = String::from_utf8(tome(&db, &["calc", "mlaf"]).stdout).unwrap();
    let rows: Vec<&str> = listed.lines().skip(1).collect();
    assert!(rows.len() > 5, "{listed}");
    assert!(rows.iter().all(|r| r.trim_start().starts_with("mlaf ")), "only MLAF's calculators: {listed}");
    let help = tome(&db, &["calc", "mythcraft", "--help"]);
    assert!(help.status.success(), "{}", String::from_utf8_lossy(&help.stderr));
    let help = String::from_utf8(help.stdout).unwrap();
    assert!(help.lines().skip(1).all(|r| r.trim_start().starts_with("mythcraft ")), "{help}");
    assert!(calc_err(&["mythcrft"]).contains("did you mean"), "an unknown system is named with the known ones");
}

#[test]
fn every_calculator_refuses_a_list_with_an_empty_item() {
    use tome::rules::ParamKind;
    let t = tome::Tome::open_in_memory().unwrap();
    let one = |kind: ParamKind| match kind {
        ParamKind::Int { min, .. } | ParamKind::IntList { min, .. } => Some(min.to_string()),
        ParamKind::Named { min, .. } => Some(format!("A={min}")),
        ParamKind::Choice { options } => Some(options[0].to_string()),
        ParamKind::Entry { .. } | ParamKind::Listed { .. } | ParamKind::Text => Some("x".to_string()),
        ParamKind::Flag => None,
    };
    let mut lists = 0;
    for calc in tome::systems::calculators() {
        for p in calc.params {
            let item = match p.kind {
                ParamKind::IntList { min, .. } => min.to_string(),
                ParamKind::Named { min, .. } => format!("A={min}"),
                _ => continue,
            };
            lists += 1;
            for bad in [format!("{item},,{item}"), format!("{item},"), String::new()] {
                let mut values: std::collections::BTreeMap<String, String> = calc
                    .params
                    .iter()
                    .filter(|o| o.required && o.default.is_none() && o.name != p.name)
                    .filter_map(|o| one(o.kind).map(|v| (o.name.to_string(), v)))
                    .collect();
                values.insert(p.name.to_string(), bad.clone());
                let e = t
                    .calculate_form(calc.system, calc.name, values)
                    .expect_err(&format!("{}/{} --{} `{bad}` is not a shorter list", calc.system, calc.name, p.name));
                assert!(e.to_string().contains("empty"), "{}/{} --{} `{bad}`: {e}", calc.system, calc.name, p.name);
                assert_eq!(e.problems().unwrap().0[0].field.as_deref(), Some(p.name), "{e}");
            }
        }
    }
    assert!(lists >= 5, "the registry has list parameters to try ({lists})");

    // Text lists: every text parameter whose help says its items are comma-separated.
    // The other required values are ones the calculator accepts (an entry of the kind
    // asked, the help's own example), so the list is what is refused.
    let sample = |calc: &tome::rules::Calculator, o: &tome::rules::Param| match o.kind {
        ParamKind::Entry { kind } => t.list(kind, Some(calc.system)).unwrap().into_iter().next().map(|e| e.name),
        ParamKind::Text => Some(o.help.split('`').nth(1).unwrap_or("x").to_string()),
        kind => one(kind),
    };
    let mut text_lists = Vec::new();
    for calc in tome::systems::calculators() {
        for p in calc.params.iter().filter(|p| p.kind == ParamKind::Text && p.help.contains("comma")) {
            text_lists.push(format!("{}/{} --{}", calc.system, calc.name, p.name));
            for bad in ["x,,x", "x,", ""] {
                let mut values: std::collections::BTreeMap<String, String> = calc
                    .params
                    .iter()
                    .filter(|o| o.required && o.default.is_none() && o.name != p.name)
                    .filter_map(|o| sample(&calc, o).map(|v| (o.name.to_string(), v)))
                    .collect();
                values.insert(p.name.to_string(), bad.to_string());
                let e = t
                    .calculate_form(calc.system, calc.name, values.clone())
                    .expect_err(&format!("{}/{} --{} `{bad}` is not a shorter list", calc.system, calc.name, p.name));
                assert!(e.to_string().contains("empty"), "{}/{} {values:?}: {e}", calc.system, calc.name);
                let field = e.problems().and_then(|p| p.0.first().and_then(|f| f.field.clone()));
                assert_eq!(field.as_deref(), Some(p.name), "{}/{} {values:?}: {e}", calc.system, calc.name);
            }
        }
    }
    for system in ["amtgard", "mythcraft", "mlaf"] {
        assert!(
            text_lists.iter().filter(|l| l.starts_with(system)).count() >= 3,
            "{system} has text lists to try: {text_lists:?}"
        );
    }
    // The audit's own cases: a blank item in an Amtgard State list and a MythCraft damage
    // list, and a list given with nothing in it.
    let e = calc_err(&["amtgard", "death", "--states", "Stunned,,Frozen"]);
    assert!(e.contains("--states: item 2 of 3 in `Stunned,,Frozen` is empty"), "{e}");
    let e = calc_err(&["mythcraft", "damage", "--damage", "8 sharp + + 4 fire"]);
    assert!(e.contains("--damage: item 2 of 3"), "{e}");
    assert!(calc_err(&["mythcraft", "d20-mode", "--conditions", ""]).contains("--conditions is empty"));
    // The issue's own case, on the command line.
    let e = calc_err(&["ars-magica", "group-bonus", "--leadership", "3", "--abilities", "6,,5"]);
    assert!(e.contains("--abilities: item 2 of 3 in `6,,5` is empty"), "{e}");
    assert!(calc_err(&["ars-magica", "group-bonus", "--leadership", "3", "--abilities", ""])
        .contains("--abilities is empty"));
}

/// The app's forms show each parameter's help under its field: another value is named by
/// its field's label there ("not used with Shaped potency"), never by its flag
/// ("--shaped-potency").
#[test]
fn the_app_s_calculator_help_names_other_fields_by_their_labels() {
    let t = tome::Tome::open_in_memory().unwrap();
    let calculators = t.calculators().unwrap();
    let flags: Vec<String> = calculators
        .iter()
        .flat_map(|c| c.params.iter().map(move |p| (c, p)))
        .filter(|(_, p)| p.help.contains("--"))
        .map(|(c, p)| format!("{}/{} {}: {}", c.system, c.name, p.name, p.help))
        .collect();
    assert!(flags.is_empty(), "help with command-line flags: {flags:#?}");
    let die = calculators
        .iter()
        .filter(|c| c.system == "primal-wild")
        .flat_map(|c| &c.params)
        .find(|p| p.name == "die" && p.help.contains("Shaped"))
        .expect("Primal Wild's initiative die");
    assert!(die.help.ends_with("not used with Shaped potency"), "{}", die.help);
}

fn calculate(t: &tome::Tome, system: &str, name: &str, values: &[(&str, &str)]) -> tome::Result<tome::rules::Outcome> {
    t.calculate(system, name, values.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect())
}

/// A calculator takes a name as search would: "fireball" for Fire Ball, "round" for the
/// Round shield (as the shield field's help lists it), in any case.
#[test]
fn calculators_resolve_names_forgivingly() {
    let t = tome::Tome::open_in_memory().unwrap();
    let exact = calculate(&t, "mlaf", "cast", &[("spell", "Fire Ball")]).unwrap();
    assert_eq!(calculate(&t, "mlaf", "cast", &[("spell", "fireball")]).unwrap().terms, exact.terms);
    let with = |shield: &str| {
        calculate(
            &t,
            "ars-magica",
            "attack",
            &[("dexterity", "1"), ("ability", "3"), ("weapon", "Sword, Long"), ("shield", shield)],
        )
        .unwrap()
        .terms
    };
    assert_eq!(with("round"), with("Shield, Round"));
    assert_eq!(with("Round Shield"), with("Shield, Round"));
}

/// Names with commas in a "did you mean" list stay readable: each is quoted.
#[test]
fn a_did_you_mean_list_of_names_with_commas_quotes_each() {
    let t = tome::Tome::open_in_memory().unwrap();
    let err = calculate(&t, "ars-magica", "attack", &[("dexterity", "1"), ("ability", "3"), ("weapon", "sword")])
        .unwrap_err();
    let message = err.to_string();
    assert!(message.contains("`Sword, Short`, `Sword, Long`, `Sword, Great`"), "{message}");
}

/// A calculator's entry field offers the entries of its kind in its own system, as the
/// encounter's fields do: Ars Magica's soak lists its armour (Chain Mail among them) and
/// no other system's, and MLAF's cast lists its spells.
#[test]
fn a_calculator_s_entry_field_offers_its_system_s_entries() {
    let t = tome::Tome::open_in_memory().unwrap();
    let calculators = t.calculators().unwrap();
    let offered = |system: &str, name: &str, param: &str| -> Vec<String> {
        let c = calculators.iter().find(|c| c.system == system && c.name == name).unwrap();
        c.params.iter().find(|p| p.name == param).unwrap().choices.clone()
    };
    let armour = offered("ars-magica", "soak", "armor");
    let shipped = t.list(tome::Kind::Armor, Some("ars-magica")).unwrap();
    assert!(shipped.iter().all(|a| armour.contains(&a.name)), "{armour:?}");
    assert!(armour.iter().any(|a| a == "Chain Mail"), "{armour:?}");
    let spells = offered("mlaf", "cast", "spell");
    assert!(spells.iter().any(|s| s == "Fire Ball") && spells.iter().any(|s| s == "Tormented Soul"), "{spells:?}");
    assert!(!spells.iter().any(|s| s == "Chain Mail"));
}
