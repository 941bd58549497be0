//! The Primal Wild sheet (a mage): Gnosis, Arcana, Willpower and the spells sustained,
//! with the Duel Arcane clash pool of each Arcanum and the strongest being the mage can
//! create.

use super::rules::{self as pw, ClashInput};
use crate::characters::Character;
use crate::error::Result;
use crate::rulebook::Rulebook;
use crate::sheets::layout::{family_section, header, int, notes, section, text, track, SheetLayout};
use crate::sheets::{Derived, Reader};

/// The supplement sets no limit on how many spells a mage sustains; this cap only
/// catches typing mistakes.
const SUSTAINED_MAX: i64 = 20;

/// The wound track's length: the supplement sets none, so this only catches typing
/// mistakes (the Duel Arcane bounds its hand-set wounds by the same).
pub(crate) const RESISTANT_MAX: i64 = 20;

const R_CLASH_POOL: &str = "primal-wild/rule/clash-dice-pool";
const T_CLASH_MODS: &str = "primal-wild/table/clash-dice-pool-modifiers";
const R_CLASH_COST: &str = "primal-wild/rule/clash-cost";
const R_ROUND_RESULTS: &str = "primal-wild/rule/round-results";
const R_CREATED_RANK: &str = "primal-wild/rule/created-being-rank";
const R_DUEL: &str = "primal-wild/rule/the-duel-arcane";

const G_DUEL: &str = "Duel Arcane";
const G_CREATION: &str = "Created beings";

/// The ten Arcana: (key after `arcanum.`, label).
const ARCANA: &[(&str, &str)] = &[
    ("death", "Death"),
    ("fate", "Fate"),
    ("forces", "Forces"),
    ("life", "Life"),
    ("matter", "Matter"),
    ("mind", "Mind"),
    ("prime", "Prime"),
    ("space", "Space"),
    ("spirit", "Spirit"),
    ("time", "Time"),
];

pub(crate) fn layout() -> SheetLayout {
    SheetLayout {
        system: super::rules::SYSTEM.into(),
        title: "Mage".into(),
        sections: vec![
            header(vec![text("path", "Path", "The mage's Path."), text("order", "Order", "The mage's order, if any.")]),
            section(
                "traits",
                "Traits",
                vec![
                    int(
                        "gnosis",
                        "Gnosis",
                        None,
                        (pw::GNOSIS.0, pw::GNOSIS.1, pw::GNOSIS.0),
                        "1 to 10; adds to every clash pool.",
                    )
                    .rule(R_CLASH_POOL),
                    track("willpower.dots", "Willpower dots", pw::WILLPOWER.1, "The most Willpower the mage can hold.")
                        .rule(R_ROUND_RESULTS),
                    track("willpower", "Willpower", pw::WILLPOWER.1, "Points left; each clash costs one.")
                        .rule(R_CLASH_COST),
                    track(
                        "wounds.resistant-lethal",
                        "Resistant lethal wounds",
                        RESISTANT_MAX,
                        "Paid for clashes in place of Willpower, or by a round's loser with none; they outlast the duel and heal at the usual rate.",
                    )
                    .rule(R_CLASH_COST),
                ],
            ),
            family_section("arcana", "Arcana", "arcanum.", "Arcanum", pw::ARCANUM, ARCANA),
            section(
                "sustained",
                "Sustained spells",
                vec![
                    int(
                        "sustained.on-self",
                        "Sustained on yourself",
                        None,
                        (0, SUSTAINED_MAX, 0),
                        "How many spells you keep going on your own person; any at all cost a die in a clash.",
                    )
                    .rule(T_CLASH_MODS),
                    text("sustained.spells", "Spells sustained", "Which spells you are keeping going, and on whom."),
                ],
            ),
            section("notes", "Notes", vec![notes()]),
        ],
    }
}

pub(crate) fn derive(_tome: &dyn Rulebook, _c: &Character, r: &mut Reader, out: &mut Derived) -> Result<()> {
    let gnosis = r.int("gnosis");
    let sustained = r.int("sustained.on-self");

    // ---- Willpower ----
    let willpower = r.int("willpower");
    if r.text("willpower.dots").is_some() {
        let dots = r.int("willpower.dots");
        if willpower > dots {
            out.warn(
                Some("willpower".into()),
                format!("Willpower {willpower} is more than the {} the mage has", crate::rules::plural(dots, "dot")),
                Some(R_ROUND_RESULTS),
            );
        }
    }

    // ---- The clash pool for each Arcanum the mage has ----
    for (key, label, dots) in r.family("arcanum.") {
        let name = &key["arcanum.".len()..];
        if !ARCANA.iter().any(|(k, _)| *k == name) {
            out.warn(Some(key.clone()), format!("{label} is not one of the ten Arcana"), Some(R_DUEL));
            continue;
        }
        if dots == 0 {
            continue;
        }
        let input = ClashInput { gnosis, sword: dots, unused: 0, sustaining: sustained > 0, distraction: 0 };
        match pw::clash_pool(input) {
            Ok(pool) => out.push(
                format!("clash.{name}"),
                format!("Clash pool with {label} as Sword"),
                G_DUEL,
                pool.dice_pool,
                pool.terms,
                Some(R_CLASH_POOL),
            ),
            Err(e) => out.warn(Some(key.clone()), e.to_string(), Some(R_CLASH_POOL)),
        }
    }

    // ---- Created beings ----
    match pw::created_being_max_rank(gnosis) {
        Ok((rank, terms)) => out.push(
            "created-being.max-rank",
            "Highest Rank of a lasting created being",
            G_CREATION,
            rank,
            terms,
            Some(R_CREATED_RANK),
        ),
        Err(e) => out.warn(Some("gnosis".into()), e.to_string(), Some(R_CREATED_RANK)),
    }
    Ok(())
}
