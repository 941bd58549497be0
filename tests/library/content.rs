//! The shipped content against the rules documents: counts, every table cell by cell,
//! sources, links and ids.

use std::collections::{BTreeMap, HashSet};

use tome::model::{Detail, ListItem};
use tome::seed::SeedFiles;
use tome::{Kind, Tome};

fn tome() -> Tome {
    Tome::open_in_memory().expect("shipped content loads")
}

/// "+3" → Some(3), "n/a" → None, as the Ars Magica tables print stats.
fn stat(s: &str) -> Option<i64> {
    (s != "n/a").then(|| s.trim_start_matches('+').parse().unwrap_or_else(|_| panic!("bad stat {s}")))
}

fn cost(s: &str) -> Option<&'static str> {
    match s {
        "Inexp." => Some("inexpensive"),
        "Std." => Some("standard"),
        "Exp." => Some("expensive"),
        "n/a" => None,
        other => panic!("bad cost {other}"),
    }
}

/// Rows of `a|b|c` cells. A row may start with `@N|`, its position in the document:
/// such rows are listed in another order (alphabetically) and put back in document
/// order here, so a test's transcription of a table is not a copy of the document's
/// word order.
fn rows(text: &str) -> Vec<Vec<&str>> {
    let mut rows: Vec<(usize, Vec<&str>)> = text
        .trim()
        .lines()
        .enumerate()
        .map(|(i, l)| {
            let mut cells: Vec<&str> = l.split('|').map(str::trim).collect();
            let pos = match cells[0].strip_prefix('@') {
                Some(n) => {
                    let n = n.parse().expect("@N row position");
                    cells.remove(0);
                    n
                }
                None => i + 1,
            };
            (pos, cells)
        })
        .collect();
    rows.sort_by_key(|(pos, _)| *pos);
    rows.into_iter().map(|(_, cells)| cells).collect()
}

#[test]
fn the_seed_on_disk_is_what_the_binary_embeds_and_it_loads_cleanly() {
    let on_disk = SeedFiles::from_dir(std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/seed"))).unwrap();
    let embedded = SeedFiles::embedded();
    assert_eq!(on_disk.digest(), embedded.digest(), "rebuild: the embedded seed is stale");
    let content = embedded.load().unwrap_or_else(|p| panic!("shipped seed has problems:\n{p}"));
    assert!(content.entries.len() > 350);
}

#[test]
fn entry_counts_per_system_and_kind() {
    let t = tome();
    let mut counts: BTreeMap<(String, Kind), usize> = BTreeMap::new();
    for kind in Kind::ALL {
        for item in t.list(kind, None).unwrap() {
            *counts.entry((item.system.clone(), kind)).or_default() += 1;
        }
    }
    let count = |system: &str, kind: Kind| counts.get(&(system.to_string(), kind)).copied().unwrap_or(0);
    // Fixed by the documents.
    assert_eq!(count("ars-magica", Kind::Weapon), 35, "28 melee + 7 missile weapons");
    assert_eq!(count("ars-magica", Kind::Armor), 6);
    assert_eq!(count("ars-magica", Kind::Maneuver), 4, "the four sample advantages");
    assert_eq!(count("mlaf", Kind::Position), 25);
    assert_eq!(count("mlaf", Kind::Spell), 36, "14 open + 22 racial spells");
    assert_eq!(count("mythcraft", Kind::Condition), 43, "every heading of the Conditions List");
    assert_eq!(count("mythcraft", Kind::Maneuver), 9);
    assert_eq!(count("amtgard", Kind::Condition), 9, "the nine states");
    assert_eq!(count("amtgard", Kind::SpecialEffect), 6);
    assert_eq!(count("amtgard", Kind::School), 8);
    // Tables and rules: at least the ones the documents print, as shipped.
    assert!(count("ars-magica", Kind::Table) >= 14, "{counts:?}");
    assert!(count("mythcraft", Kind::Table) >= 3);
    assert!(count("mlaf", Kind::Table) >= 5, "spell, mutation and three spell sub-tables");
    assert!(count("primal-wild", Kind::Table) >= 1);
    for system in ["ars-magica", "mythcraft", "amtgard", "mlaf", "primal-wild"] {
        assert!(count(system, Kind::Rule) >= 3, "{system} has its rules as entries");
    }
    // Nothing of a kind a system does not have.
    assert_eq!(count("amtgard", Kind::Weapon) + count("mythcraft", Kind::Weapon) + count("mlaf", Kind::Weapon), 0);
}

const MELEE: &str = "
@28|Warhammer|Great|0|+6|0|+12|+2|3|Std.
@15|Sword, Short|Single|+1|+3|+1|+5|-1|1|Std.
@16|Sword, Long|Single|+2|+4|+1|+6|0|1|Exp.
@26|Sword, Great|Great|+2|+5|+2|+9|+1|2|Exp.
@27|Staff|Great|+2|+3|+3|+2|-1|2|Inexp.
@14|Spear, Short|Single|+2|+2|0|+5|-1|1|Inexp.
@25|Spear, Long|Great|+3|+3|+1|+7|0|3|Inexp.
@18|Shield, Round|Single|0|0|+2|0|-1|2|Inexp.
@19|Shield, Heater|Single|0|0|+3|0|0|2|Std.
@17|Shield, Buckler|Single|0|0|+1|0|-2|1|Std.
@24|Pole Axe|Great|+1|+5|0|+11|+1|2|Std.
@23|Pole Arm|Great|+3|+4|+1|+8|0|2|Std.
@13|Mace and Chain|Single|+2|+3|0|+7|0|2|Std.
@12|Mace|Single|+1|+3|0|+8|0|2|Std.
@11|Lance|Single|+2|+4|0|+5|0|2|Std.
@7|Knife|Brawl|0|+1|+0|+2|-6|0|Inexp.
@3|Kick|Brawl|-1|0|-1|+3|n/a|0|n/a
@10|Hatchet|Single|0|+3|+0|+4|-2|1|Inexp.
@4|Gauntlet|Brawl|0|0|+1|+2|-3|0|Inexp.
@22|Flail|Great|+1|+3|+1|+8|0|2|Inexp.
@2|Fist|Brawl|0|0|0|0|n/a|0|n/a
@21|Farm Implement|Great|+1|+3|+1|+5|0|2|Inexp.
@1|Dodge|Brawl|0|n/a|0|n/a|n/a|0|n/a
@6|Dagger|Brawl|0|+2|+0|+3|-3|0|Inexp.
@20|Cudgel|Great|+1|+4|+1|+7|+1|2|Inexp.
@9|Club|Single|+1|+2|+1|+3|-2|1|Inexp.
@5|Bludgeon|Brawl|0|+2|0|+2|-2|1|Inexp.
@8|Axe|Single|+1|+4|0|+6|0|1|Std.
";

// Weapon | Ability | Init | Atk | Def | Dam | Range | Str | Load | Cost, as the missile table orders them.
const MISSILE: &str = "
@5|Stone|Thrown|0|+1|0|+2|5|-1|1|Inexp.
@4|Sling|Thrown|-3|+1|0|+4|20|-3|0|Inexp.
@3|Knife|Thrown|0|+1|0|+2|5|-2|0|Inexp.
@2|Javelin|Thrown|0|+2|0|+5|10|0|1|Std.
@7|Bow, short|Bow|-1|+3|0|+6|15|-1|2|Std.
@6|Bow, Long|Bow|-2|+4|0|+8|30|+2|2|Exp.
@1|Axe, Throwing|Thrown|0|+2|0|+6|5|0|1|Std.
";

#[test]
fn weapon_tables_cell_by_cell() {
    let weapons = tome().list(Kind::Weapon, Some("ars-magica")).unwrap();
    let find = |name: &str, group: &str| -> tome::model::Weapon {
        weapons
            .iter()
            .find_map(|i| match &i.detail {
                Detail::Weapon(w) if i.name == name && w.group == group => Some(w.clone()),
                _ => None,
            })
            .unwrap_or_else(|| panic!("no {group} weapon {name}"))
    };
    for r in rows(MELEE) {
        let w = find(r[0], "melee");
        let got = (w.ability.as_str(), w.init, w.atk, w.dfn, w.dam, w.str, w.load, w.range, w.cost.map(|c| c.as_str()));
        let want = (r[1], stat(r[2]), stat(r[3]), stat(r[4]), stat(r[5]), stat(r[6]), stat(r[7]), None, cost(r[8]));
        assert_eq!(got, want, "melee weapon {}", r[0]);
    }
    for r in rows(MISSILE) {
        let w = find(r[0], "missile");
        let got = (w.ability.as_str(), w.init, w.atk, w.dfn, w.dam, w.range, w.str, w.load, w.cost.map(|c| c.as_str()));
        let want =
            (r[1], stat(r[2]), stat(r[3]), stat(r[4]), stat(r[5]), stat(r[6]), stat(r[7]), stat(r[8]), cost(r[9]));
        assert_eq!(got, want, "missile weapon {}", r[0]);
    }
    assert_eq!(weapons.len(), rows(MELEE).len() + rows(MISSILE).len());
}

#[test]
fn armor_table_cell_by_cell() {
    let table = "
@1|Quilted/Fur|1|2|n/a|n/a|Inexp.
@5|Metal Scale|4|4|7|7|Std.
@3|Metal Reinf Leather|2|2|4|4|Std.
@4|Leather Scale|3|3|5|5|Std.
@2|Heavy Leather|2|3|n/a|n/a|Inexp.
@6|Chain Mail|6|4|9|6|Exp.
";
    let armor = tome().list(Kind::Armor, None).unwrap();
    assert_eq!(armor.len(), 6);
    for (r, item) in rows(table).iter().zip(&armor) {
        let Detail::Armor(a) = &item.detail else { panic!("{} has no armour stats", item.name) };
        assert_eq!(item.name, r[0], "armour rows keep the document's order");
        assert_eq!(a.partial.map(|c| (c.prot, c.load)), stat(r[1]).zip(stat(r[2])), "{} partial", r[0]);
        assert_eq!(a.full.map(|c| (c.prot, c.load)), stat(r[3]).zip(stat(r[4])), "{} full", r[0]);
        assert_eq!(a.cost.map(|c| c.as_str()), cost(r[5]), "{} cost", r[0]);
    }
}

// The roster, including the two rows the document breaks across lines (Chaos Priest, Undead
// Black Mage). Columns: position, race, MA, ST, AG, AV, categories, skills, cost.
const ROSTER: &str = "
@25|Zombie Master|Zombie|5|3|2|9|Gen,Spells|Reg,Level 1,Necromancy|100000
@11|Wizard|High Elf|6|3|4|8|Gn,Ag,Spells|Level 1,Librarian|140000
@8|Wauler|Feline|6|3|3|7|Gn,Ag,Spells|Jump Up,Level 1,Caterwauling|100000
@19|Warper|Skaven|7|3|3|7|Gn,Mu,Spells|Level 1,Warpfire|100000
@14|Tinker|Lizardman|8|2|3|7|Gen,Spells|Dodge,Stunty,Level 1,Swamp Call|140000
@6|Sorcerer|Dark Elf|6|3|4|8|Gn,Ag,Spells|Level 1,Tormented Soul|140000
@20|Skeleton King|Skeleton|6|3|2|8|Gen,Spells|Reg,Level 1,Necromancy|100000
@1|Siren|Amazon|6|3|3|7|Gen,Spells|Dodge,Level 1,Siren Song|100000
@15|Shaolin Priest|Nippon|6|3|3|8|Gen,Spells|Level 1,Dragon Claw|100000
@17|Shaman|Orc|5|3|3|9|Gen,Spells|Level 1,Tattoos|100000
@18|Screecher|Simian|6|3|3|8|Gen,Spells|Sure Feet,Level 1,Screech of Frenzy|140000
@7|Runesmith|Dwarf|4|3|2|9|Gn,St,Spells|Blk,Tak,ThSk,L-1,Rune of Deflection|140000
@3|Priest|Bretonnian|6|3|3|8|Gen,Spells|Level 1,Blessing|100000
@2|Muezzin|Araby|6|3|3|7|Gen,Spells|Level 1,Cry of Jyhad|80000
@23|Moon Priest|Were|6|3|3|8|Gen,Spells|Level 1,Taming the Beast|100000
@12|Mage|Human|6|3|3|8|Gn,Spells|Level 1,Clairvoyance|100000
@16|Ice Witch|Norse|6|3|3|7|Gen,Spells|Block,Level 1,Blizzard|100000
@24|Druid|Wood Elf|7|3|4|7|Gn,Ag,Spells|Level 1,Call Roots|140000
@4|Chaos Priest|Chaos|5|4|3|9|Gn,St,Mu,Sp|Level 1,Dark Initiation|200000
@9|Botcher|Goblin|6|2|3|7|Ag,Spells|Ddg,Stnty,RiSt,Lvl 1,Evil Twin|80000
@22|Blood Mage|Vampire|6|3|3|8|Gen,Spells|Level 1,Form of Mist|100000
@5|Blacksmith|Chaos Dwarf|4|3|2|9|Gn,St,Spells|Blk,Tak,ThSk,L-1,Rune of Fear|140000
@13|Black Mage|Khemri|5|3|3|7|Gn,St,Spells|Block,Guard,Reg,Level 1,Necromancy|180000
@21|Black Mage|Undead|7|3|3|7|Gn,Ag,Spells|Dodge,Level 1,Necromancy|140000
@10|Apprentice|Halfling|5|2|3|6|Ag,Spells|Ddg,Stnty,RiSt,Lvl 1,Shift of Power|60000
";

#[test]
fn mlaf_roster_cell_by_cell() {
    let positions = tome().list(Kind::Position, Some("mlaf")).unwrap();
    let want = rows(ROSTER);
    assert_eq!(positions.len(), want.len());
    for (r, item) in want.iter().zip(&positions) {
        let Detail::Position(p) = &item.detail else { panic!("{} has no stats", item.name) };
        assert_eq!((item.name.as_str(), p.race.as_str()), (r[0], r[1]), "roster order");
        let nums: Vec<i64> = r[2..6].iter().map(|n| n.parse().unwrap()).collect();
        assert_eq!(vec![p.ma, p.st, p.ag, p.av], nums, "{} {}", r[0], r[1]);
        assert_eq!(p.categories, r[6].split(',').collect::<Vec<_>>(), "{} {} categories", r[0], r[1]);
        assert_eq!(p.skills, r[7].split(',').collect::<Vec<_>>(), "{} {} skills", r[0], r[1]);
        assert_eq!(p.cost, r[8].parse::<i64>().unwrap(), "{} {} cost", r[0], r[1]);
        let racial = p.skills.last().unwrap();
        assert_eq!(p.spell.as_deref(), Some(racial.as_str()), "{} {}: the last skill is its racial spell", r[0], r[1]);
    }
}

/// Compares a table's cells, row by row, with the document's rows.
fn assert_table(id: &str, want: &str) {
    let table = tome().table(id, None).unwrap();
    let got: Vec<Vec<String>> = table.rows.iter().map(|r| r.cells.clone()).collect();
    let want: Vec<Vec<String>> = rows(want).into_iter().map(|r| r.into_iter().map(String::from).collect()).collect();
    assert_eq!(got, want, "{id}");
}

#[test]
fn ars_magica_tables_cell_by_cell() {
    assert_table(
        "ars-magica/table/damage-table",
        "
-4 or less|1|2|3|4|5+
-3|1-2|3-4|5-6|7-8|9+
-2|1-3|4-6|7-9|10-12|13+
-1|1-4|5-8|9-12|13-16|17+
0|1-5|6-10|11-15|16-20|21+
+1|1-6|7-12|13-18|19-24|25+
+2|1-7|8-14|15-21|22-28|29+
+3|1-8|9-16|17-24|25-32|33+
",
    );
    assert_table("ars-magica/table/wound-table", "Light|-1\nMedium|-3\nHeavy|-5\nIncapacitated|*");
    assert_table(
        "ars-magica/table/recovery-table",
        "Light|One week|4|10\nMedium|One month|6|12\nHeavy|One season|9|15\nIncapacitated|See below|See below|See below",
    );
    assert_table("ars-magica/table/encumbrance-table", "0|0\n1|1\n3|2\n6|3\n10|4\n15|5\n21|6\n28|7\n36|8\n45|9\n55|10");
    assert_table(
        "ars-magica/table/fatigue-recovery-chart",
        "Winded|2 minutes\nWeary|10 minutes\nTired|30 minutes\nDazed|60 minutes\nUnconscious|2 hours + 1 hour for every additional Fatigue level.",
    );
    assert_table(
        "ars-magica/table/scuffle-effects",
        "Light|1 Fatigue level\nMedium|2 Fatigue levels\nHeavy|2 Fatigue levels and a Light Wound\nIncapacitating|3 Fatigue levels and a Light Wound\nDead|5 Fatigue levels and a Medium Wound",
    );
    assert_table(
        "ars-magica/table/sample-advantages",
        "Disarm|9\nTrip|3\nGrab worn item|6\nTake the weapon your opponent is using|12",
    );
    assert_table(
        "ars-magica/table/poison-table",
        "Adder Bite|6|Light\nAsp Bite|9|Incapacitating\nMonkshood|9|Heavy\nArsenic|9|Medium",
    );
    assert_table("ars-magica/table/deprivation-table", "Air|30 seconds\nWater|1 day\nFood|3 days");
    assert_table(
        "ars-magica/table/heat-and-corrosion-table",
        "Wood Fire|+5\nBoiling Water|+3\nBoiling Oil|+6\nMolten Lead|+9\nMolten Iron|+12\nIce|+1\nLye|+3\nQuicklime|+6\nVitriol|+9",
    );
    assert_table(
        "ars-magica/table/impact-table",
        "Falling|+1 per two feet, doubled for hard surfaces, halved for soft.\nJug dropped from second floor|+6\nInside collapsing wooden house|+15\nMature tree felled onto character|+18\nInside collapsing stone building|+21",
    );
    let disease = tome().table("ars-magica/table/disease-table", None).unwrap();
    let names: Vec<(&str, &str)> = disease.rows.iter().map(|r| (r.cells[0].as_str(), r.cells[1].as_str())).collect();
    assert_eq!(
        names,
        [
            ("Quotidian Fever", "Blood"),
            ("Flux", "Phlegm"),
            ("Constriction", "Black Bile"),
            ("Quartan Fever", "Yellow Bile")
        ]
    );
}

#[test]
fn lookups_select_the_right_row() {
    let t = tome();
    // The document's own example: a Load of 9 is a Burden of 3.
    assert_eq!(t.table("ars-magica/table/encumbrance-table", Some(9)).unwrap().rows[0].cells[1], "3");
    assert_eq!(t.table("ars-magica/table/encumbrance-table", Some(60)).unwrap().rows[0].cells[1], "10");
    assert_eq!(t.table("ars-magica/table/damage-table", Some(-6)).unwrap().rows[0].cells[0], "-4 or less");
    assert_eq!(t.table("mythcraft/table/coordination-cor-bonus-ap", Some(5)).unwrap().rows[0].cells[1], "+2");
    assert_eq!(t.table("mythcraft/table/coordination-cor-bonus-ap", Some(-1)).unwrap().rows[0].cells[1], "-1");
    assert_eq!(t.table("mlaf/table/mutation-table", Some(17)).unwrap().rows[0].cells[1], "dead, DEAD, DEAD!!!");
    assert!(t.table("mlaf/table/spell-table", Some(19)).is_err());
}

#[test]
fn mythcraft_tables_cell_by_cell() {
    assert_table(
        "mythcraft/table/coordination-cor-bonus-ap",
        "-3|-2\n-2 to -1|-1\n0 to 1|0\n2 to 3|+1\n4 to 5|+2\n6 to 7|+3\n8 to 9|+4\n10 to 11|+5\n12|+6",
    );
    assert_table(
        "mythcraft/table/monster-diseases",
        "
@7|Zombie Plague|Uncommon|Extreme|High
@6|Vampirism|Rare|Low|Low
@5|Stonerot|Uncommon|Low|High
@4|Gift of the Chosen|Rare|High|Medium
@3|Fleshling Fever|Rare|High|Low
@2|Deepshroom Poisoning|Rare|High|Low
@1|Beasian Boils|Very Rare|Medium|High
",
    );
    let types = tome().table("mythcraft/table/damage-types", None).unwrap();
    let all: Vec<String> =
        types.rows.iter().flat_map(|r| r.cells[1].split(", ").map(str::to_string).collect::<Vec<_>>()).collect();
    assert_eq!(all.len(), 11, "11 damage types in 3 categories: {all:?}");
    assert_eq!(types.rows.len(), 3);
}

#[test]
fn mlaf_tables_cell_by_cell() {
    assert_table(
        "mlaf/table/spell-table",
        "
@12|14|Weather Control|3+
@8|10|Toad|2+
@15|17|Time Bubble|4+
@13|15|The Long Door|3+
@4|6|Speed of Light|3+
@5|7|Power Drain|3+
@3|5|Medusa’s Gaze|3+
@7|9|Lightning Bolt|2+
@14|16|Invisibility|3+
@16|18|increase your level by 1|auto
@6|8|Healing Hand|2+
@9|11|Guidance|2+
@10|12|Fire Ball|2+
@11|13|Counterspell|2+
@1|3|choose a spell|auto
@2|4|A Soul in Chains|4+
",
    );
    assert_table(
        "mlaf/table/mutation-table",
        "
@15|15|Very Long Legs
@14|14|Two Heads
@13|13|Thick Skull
@12|12|Tentacles
@11|11|Stunty
@10|10|Spikes
@9|9|Regeneration
@8|8|Razor Sharp Fangs
@7|7|Prehensile Tail
@6|6|Hypnotic Gaze
@5|5|Horns
@4|4|Foul Appearance
@3|3|Extra Arms
@16|16-20|dead, DEAD, DEAD!!!
@2|2|Claw
@1|1|Big Hand
",
    );
    let t = tome();
    for (id, rolls) in [
        ("mlaf/table/a-soul-in-chains", vec![[1, 2], [3, 4], [5, 6]]),
        ("mlaf/table/shift-of-power", vec![[1, 2], [3, 4], [5, 6]]),
        ("mlaf/table/clairvoyance", vec![[1, 1], [2, 5], [6, 6]]),
    ] {
        let table = t.table(id, None).unwrap();
        assert_eq!(table.dice.as_deref(), Some("1d6"), "{id}");
        assert_eq!(table.rows.iter().map(|r| r.roll.unwrap()).collect::<Vec<_>>(), rolls, "{id}");
    }
}

#[test]
fn spells_carry_their_success_targets() {
    let spells = tome().list(Kind::Spell, Some("mlaf")).unwrap();
    let spell = |name: &str| -> tome::model::Spell {
        spells
            .iter()
            .find_map(|i| match &i.detail {
                Detail::Spell(s) if i.name == name => Some(s.clone()),
                _ => None,
            })
            .unwrap_or_else(|| panic!("no spell {name}"))
    };
    for (name, success, target, list) in [
        ("A Soul in Chains", "4+", 4, "open"),
        ("Medusa’s Gaze", "3+", 3, "open"),
        ("Lightning Bolt", "2+", 2, "open"),
        ("Time Bubble", "4+", 4, "open"),
        ("Siren Song", "4+", 4, "racial"),
        ("Dark Initiation", "4+", 4, "racial"),
        ("Warpfire", "2+", 2, "racial"),
        ("Form of Mist", "3+ (4+ if cast on opposing player)", 3, "racial"),
    ] {
        let s = spell(name);
        assert_eq!((s.success.as_str(), s.success_target, s.list.as_str()), (success, Some(target), list), "{name}");
    }
    assert_eq!(spell("Siren Song").restriction.as_deref().map(|r| r.contains("Amazon")), Some(true));
    assert!(spell("Lightning Bolt").range.is_some());
}

#[test]
fn maneuvers_carry_costs_per_actor() {
    let t = tome();
    let Some(Detail::Maneuver(dodge)) = t.show("mythcraft/maneuver/dodge").unwrap().detail else { panic!() };
    let cost = |actor: &str| dodge.costs.iter().find(|c| c.actor == actor).map(|c| (c.amount, c.unit.clone()));
    assert_eq!(cost("pc"), Some((Some(2), "AP".to_string())));
    assert_eq!(cost("creature"), Some((Some(1), "creature action".to_string())));
    let Some(Detail::Maneuver(disarm)) = t.show("mythcraft/maneuver/disarm").unwrap().detail else { panic!() };
    assert!(disarm.costs.iter().any(|c| c.actor == "pc" && c.amount == Some(3)));
    let Some(Detail::Maneuver(hide)) = t.show("mythcraft/maneuver/hide").unwrap().detail else { panic!() };
    assert_eq!(hide.costs.len(), 1, "Hide is for PCs only");
    let Some(Detail::Maneuver(trip)) = t.show("ars-magica/maneuver/trip").unwrap().detail else { panic!() };
    assert_eq!(trip.costs[0].amount, Some(3));
}

#[test]
fn compound_conditions_name_what_they_include() {
    let t = tome();
    let implies = |id: &str| match t.show(id).unwrap().detail {
        Some(Detail::Condition(c)) => c.implies,
        other => panic!("{id}: {other:?}"),
    };
    let broken = implies("mythcraft/condition/broken");
    assert!(broken.contains(&"mythcraft/condition/frightened".to_string()), "{broken:?}");
    assert!(broken.contains(&"mythcraft/condition/shaken".to_string()), "{broken:?}");
    assert!(implies("mythcraft/condition/enthralled").contains(&"mythcraft/condition/charmed".to_string()));
}

#[test]
fn every_entry_has_a_source_and_every_link_resolves() {
    let t = tome();
    let mut ids = HashSet::new();
    for kind in Kind::ALL {
        for ListItem { id, .. } in t.list(kind, None).unwrap() {
            assert!(ids.insert(id.clone()), "id {id} collides");
            let e = t.show(&id).unwrap();
            assert!(!e.source.document.is_empty() && !e.source.section.is_empty(), "{id} has no source");
            assert!(!e.summary.is_empty(), "{id} has no summary");
            for link in &e.links {
                t.show(link).unwrap_or_else(|err| panic!("{id} links to {link}: {err}"));
            }
            let parts: Vec<&str> = id.split('/').collect();
            assert_eq!(parts.len(), 3, "{id}");
            assert_eq!((parts[0], parts[1]), (e.system.as_str(), e.kind.as_str()), "{id}");
        }
    }
    // The link table itself has nothing dangling (foreign keys enforce it; this checks the data).
    let dangling: i64 = t
        .db()
        .connection()
        .query_row("SELECT count(*) FROM entry_link WHERE to_id NOT IN (SELECT id FROM entry)", [], |r| r.get(0))
        .unwrap();
    assert_eq!(dangling, 0);
}

#[test]
fn aliases_name_what_the_documents_call_things() {
    let t = tome();
    let has_alias = |id: &str, alias: &str| {
        let e = t.show(id).unwrap();
        assert!(e.aliases.iter().any(|a| a.eq_ignore_ascii_case(alias)), "{id} should be aka {alias}: {:?}", e.aliases);
    };
    has_alias("ars-magica/weapon/mace-and-chain", "morning star");
    has_alias("ars-magica/weapon/bludgeon", "sap");
    has_alias("ars-magica/weapon/pole-arm", "guisarme");
    has_alias("ars-magica/weapon/pole-arm", "brown bill");
}

/// Primal Wild, Empowering Ephemeral Beings by Rank: the "Mightier" row covers every
/// Rank past the numbered ones, so a roll or a Rank of 4 or more lands on it (it used
/// to select nothing).
#[test]
fn mightier_ephemeral_beings_are_rank_four_and_up() {
    let t = tome();
    let id = "primal-wild/table/empowering-ephemeral-beings-by-rank";
    for rank in [4, 7, 10] {
        let cut = t.table(id, Some(rank)).unwrap();
        assert_eq!(cut.rows.len(), 1, "rank {rank}");
        assert_eq!(cut.rows[0].cells[0], "Mightier", "rank {rank}");
    }
    assert_eq!(t.table(id, Some(3)).unwrap().rows[0].cells[0], "3");
}

/// MLAF, Cry of Jyhad: the summary says what the risk is (an injury roll of 1d6+6 on a
/// d6 of 1, players Stunned at the cast exempt), not that every player risks serious
/// injury.
#[test]
fn cry_of_jyhad_summary_states_the_risk_exactly() {
    let t = tome();
    let s = t.show("mlaf/spell/cry-of-jyhad").unwrap().summary;
    assert!(s.contains("1d6+6") && s.contains("Stunned") && !s.contains("serious injury"), "{s}");
}

#[test]
fn table_rows_link_to_the_entries_they_name() {
    let t = tome();
    let spells = t.table("mlaf/table/spell-table", None).unwrap();
    let linked: Vec<(String, Option<String>)> = spells
        .rows
        .iter()
        .map(|r| {
            let spell = &r.parts[1];
            (r.cells[1].clone(), spell.iter().find_map(|p| p.id.clone()))
        })
        .collect();
    let power_drain = linked.iter().find(|(name, _)| name == "Power Drain").unwrap();
    assert_eq!(power_drain.1.as_deref(), Some("mlaf/spell/power-drain"));
    // Every spell named in the table links to it; the two rows that are no spell do not.
    for (name, id) in &linked {
        match name.as_str() {
            "choose a spell" | "increase your level by 1" => assert_eq!(id, &None, "{name}"),
            _ => {
                assert_eq!(t.show(id.as_deref().unwrap_or_else(|| panic!("{name} is not linked"))).unwrap().name, *name)
            }
        }
    }
    // The cut keeps each cell's text whole, and every link in every shipped table names
    // its entry by the entry's name or one of its aliases.
    for item in t.list(Kind::Table, None).unwrap() {
        let table = t.table(&item.id, None).unwrap();
        for row in &table.rows {
            assert_eq!(row.parts.len(), row.cells.len(), "{}", item.id);
            for (cell, parts) in row.cells.iter().zip(&row.parts) {
                assert_eq!(parts.iter().map(|p| p.text.as_str()).collect::<String>(), *cell, "{}", item.id);
                for p in parts {
                    if let Some(id) = &p.id {
                        let e = t.show(id).unwrap();
                        assert!(
                            e.name == p.text || e.aliases.contains(&p.text),
                            "{}: {:?} links to {}",
                            item.id,
                            p.text,
                            e.name
                        );
                    }
                }
            }
        }
    }
}

/// "The Priest" in a Chaos spell is its Chaos Priest: a short name that ends a longer
/// name the entry links to stands for that entry (it used to open the Bretonnian Priest).
#[test]
fn a_short_name_stands_for_the_longer_entry_it_links_to() {
    let t = tome();
    let dark = t.show("mlaf/spell/dark-initiation").unwrap();
    let priest: Vec<&str> = dark.mentions.iter().filter(|m| m.name == "Priest").map(|m| m.id.as_str()).collect();
    assert_eq!(priest, ["mlaf/position/chaos-priest"], "{:?}", dark.mentions);
    assert!(!dark.mentions.iter().any(|m| m.id == "mlaf/position/priest"), "{:?}", dark.mentions);
    // Blessing links to the Bretonnian Priest, and its "Priest" stays that one.
    let blessing = t.show("mlaf/spell/blessing").unwrap();
    assert!(blessing.mentions.iter().all(|m| m.id != "mlaf/position/chaos-priest"), "{:?}", blessing.mentions);
}
