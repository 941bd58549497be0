//! Registry of the spells' target rules (`spell_targets.rs`).

use super::spell_targets::*;
use super::*;

const MOVE_LIST: &str = "move, block, blitz, foul or pass";

pub fn target_calculators() -> Vec<Calculator> {
    vec![
        Calculator {
            system: SYSTEM,
            name: "healing-hand",
            summary: "Healing Hand: whether an injury can be healed (only this game's, never the dead)",
            params: &[
                Param {
                    name: "injury",
                    help: "what the player suffered: badly-hurt, serious-injury, niggling-injury, stat-reduction or dead",
                    kind: ParamKind::Choice { options: INJURY_NAMES },
                    required: true,
                    default: None,
                },
                Param {
                    name: "from",
                    help: "when he suffered it: this-game or earlier-game",
                    kind: ParamKind::Choice { options: &["this-game", "earlier-game"] },
                    required: false,
                    default: Some("this-game"),
                },
            ],
            rule: Some(HEALING_HAND),
            run: run_healing_hand,
        },
        Calculator {
            system: SYSTEM,
            name: "time-bubble",
            summary: "Time Bubble: whether the target's second action is legal (one Blitz, Foul and Pass a turn)",
            params: &[
                Param {
                    name: "second",
                    help: "the action the target takes next: move, block, blitz, foul or pass",
                    kind: ParamKind::Choice { options: ACTION_NAMES },
                    required: true,
                    default: None,
                },
                Param {
                    name: "used",
                    help: "the actions your team has taken this turn, the target's first one included, comma-separated (move, block, blitz, foul, pass)",
                    kind: ParamKind::Text,
                    required: false,
                    default: None,
                },
                Param {
                    name: "cards",
                    help: "actions a card lets your team take once more this turn, comma-separated (blitz, foul, pass)",
                    kind: ParamKind::Text,
                    required: false,
                    default: None,
                },
            ],
            rule: Some(TIME_BUBBLE),
            run: run_time_bubble,
        },
        Calculator {
            system: SYSTEM,
            name: "rune-of-deflection",
            summary: "Rune of Deflection: whether the new target is in the deflected spell's range, or the spell is lost",
            params: &[
                Param {
                    name: "spell",
                    help: "the opposing spell deflected",
                    kind: ParamKind::Entry { kind: Kind::Spell },
                    required: true,
                    default: None,
                },
                Param {
                    name: "distance",
                    help: "squares from the opposing caster to the new target; leave out when no player is in reach (Interpretation: the range counts from the opposing caster)",
                    kind: ParamKind::Int { min: 1, max: MAX_DISTANCE },
                    required: false,
                    default: None,
                },
            ],
            rule: Some(RUNE_OF_DEFLECTION),
            run: run_rune_of_deflection,
        },
        Calculator {
            system: SYSTEM,
            name: "dragon-claw-line",
            summary: "Dragon Claw: who the claw strikes along the range ruler's line (the first standing player)",
            params: &[
                Param {
                    name: "line",
                    help: "the players the range ruler's line touches, each with his distance in squares from the caster: NAME=N,… (at most 22)",
                    kind: ParamKind::Named { min: 1, max: MAX_DISTANCE, many: false },
                    required: true,
                    default: None,
                },
                Param {
                    name: "prone",
                    help: "players on the line lying prone (they do not block it), comma-separated names",
                    kind: ParamKind::Text,
                    required: false,
                    default: None,
                },
                Param {
                    name: "target",
                    help: "the standing player the claw was thrown at; leave out when the cast failed and the line is the scatter direction",
                    kind: ParamKind::Text,
                    required: false,
                    default: None,
                },
            ],
            rule: Some(DRAGON_CLAW),
            run: run_dragon_claw_line,
        },
    ]
}

fn run_healing_hand(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let injury: Injury = i
        .choice("injury")?
        .unwrap_or_default()
        .parse()
        .map_err(|_| Error::InvalidInput(format!("--injury must be one of {}", INJURY_NAMES.join(", "))))?;
    let this_game = i.choice("from")? != Some("earlier-game");
    let (heals, terms) = healing_hand(injury, this_game);
    Ok(Outcome::default().field("heals", heals).terms(terms))
}

fn actions(i: &Inputs, param: &str) -> Result<Vec<TurnAction>> {
    i.names(param)?.into_iter().map(|s| TurnAction::parse(param, s)).collect()
}

fn run_time_bubble(i: &Inputs, _: &dyn Rulebook) -> Result<Outcome> {
    let second = TurnAction::parse("second", i.choice("second")?.unwrap_or_default())
        .map_err(|_| Error::InvalidInput(format!("--second must be one of {MOVE_LIST}")))?;
    let (legal, terms) = time_bubble(second, &actions(i, "used")?, &actions(i, "cards")?)?;
    Ok(Outcome::default().field("legal", legal).terms(terms).warn(ONCE_A_TURN_NOTE))
}

fn run_rune_of_deflection(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let raw = i.text("spell").ok_or_else(|| Error::InvalidInput("--spell is required: the spell deflected".into()))?;
    let (spell, detail) = spell_detail(tome, raw)?;
    let (legal, terms) = deflect(&spell, detail.range.as_deref(), i.opt_int("distance")?)?;
    let result = if legal { "the spell goes to the new target" } else { "deflected into the void, without effect" };
    Ok(Outcome::default().field("spell", spell.name).field("legal", legal).field("result", result).terms(terms))
}

fn run_dragon_claw_line(i: &Inputs, tome: &dyn Rulebook) -> Result<Outcome> {
    let placed = named_players(i, "line", PITCH_PLAYERS)?;
    let prone = player_names(i, "prone", PITCH_PLAYERS)?;
    if let Some(p) = prone.iter().find(|p| !placed.iter().any(|(n, _)| n.eq_ignore_ascii_case(p))) {
        return Err(Error::InvalidInput(format!("--prone: {p} is not one of the players on the line")));
    }
    let line: Vec<OnLine> = placed
        .into_iter()
        .map(|(name, distance)| OnLine { prone: prone.iter().any(|p| p.eq_ignore_ascii_case(&name)), name, distance })
        .collect();
    // The claw's reach is the spell's own range text, so it follows the content.
    let (_, detail) = spell_detail(tome, DRAGON_CLAW)?;
    let reach = detail.range.as_deref().and_then(range_squares).unwrap_or(MAX_DISTANCE);
    let (hit, terms) = dragon_claw_line(&line, i.text("target"), reach)?;
    Ok(Outcome::default().field("hit", hit).terms(terms))
}
