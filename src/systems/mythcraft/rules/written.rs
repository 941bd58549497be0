//! A written attack: the numbers a sheet or an adversary's stat block gives an attack
//! ("Short sword: +5, 1d6+2 sharp, melee, 2 AP"), read whole as a human reads them. Its
//! damage may add dice of several sizes ("2d4+1d6 blunt") and deal several types
//! ("2d6+3 sharp + 1d4 toxic": line 112 speaks of "an attack [that] deals multiple types
//! of damage"). Printed back, a written attack reads as it was parsed.

use super::*;

/// Melee or ranged, as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    Melee,
    Ranged,
}

impl Reach {
    pub fn word(self) -> &'static str {
        match self {
            Reach::Melee => "melee",
            Reach::Ranged => "ranged",
        }
    }
}

/// One part of a written attack's damage: dice with a modifier, of one type ("2d6+3
/// sharp", "2d4+1d6 blunt"), or a fixed amount of one ("4 fire").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DamagePart {
    /// `None`: a fixed amount (the modifier alone).
    pub dice: Option<DamageDice>,
    pub modifier: i64,
    /// `None` where the text names no type (the tracker counts it as blunt).
    pub kind: Option<DamageType>,
}

impl DamagePart {
    /// The type the damage is dealt as: the one written, else blunt (as the tracker's
    /// attack reads an untyped one).
    pub fn kind_or_blunt(&self) -> DamageType {
        self.kind.unwrap_or(DamageType::Blunt)
    }
}

impl std::fmt::Display for DamagePart {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.dice {
            Some(d) if self.modifier == 0 => write!(f, "{d}")?,
            Some(d) => write!(f, "{d}{:+}", self.modifier)?,
            None => write!(f, "{}", self.modifier)?,
        }
        if let Some(k) = self.kind {
            write!(f, " {}", k.label().to_lowercase())?;
        }
        Ok(())
    }
}

/// An attack as written: what it adds to the d20, its damage (one part per type), melee
/// or ranged, its AP, and whether it is dealt to knock out. What the text does not say
/// is `None` (or empty): nothing is guessed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WrittenAttack {
    pub bonus: Option<i64>,
    pub damage: Vec<DamagePart>,
    pub range: Option<Reach>,
    pub ap: Option<i64>,
    pub nonlethal: bool,
}

/// The parts written of some damage, printed back: "2d6+3 sharp + 1d4 toxic".
pub fn damage_text(parts: &[DamagePart]) -> String {
    parts.iter().map(DamagePart::to_string).collect::<Vec<_>>().join(" + ")
}

impl std::fmt::Display for WrittenAttack {
    /// "+5, 2d6+3 sharp + 1d4 toxic, melee, 2 AP": each thing written once, in that order.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut said = Vec::new();
        if let Some(b) = self.bonus {
            said.push(format!("{b:+}"));
        }
        if !self.damage.is_empty() {
            said.push(damage_text(&self.damage));
        }
        if let Some(r) = self.range {
            said.push(r.word().to_string());
        }
        if let Some(ap) = self.ap {
            said.push(format!("{ap} AP"));
        }
        if self.nonlethal {
            said.push("nonlethal".into());
        }
        write!(f, "{}", said.join(", "))
    }
}

/// A word of a written attack.
#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Num(i64),
    Dice(Dice),
    Plus,
    Minus,
    /// A comma, semicolon, colon or bracket: it ends what came before.
    Sep,
    Word(String),
}

/// The words of `text`, lower case: numbers, dice ("1d6", "d20"), signs, separators and
/// words; "3ap" is the number 3 and the word "ap".
fn tokens(text: &str) -> Vec<Tok> {
    let mut out = Vec::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut Vec<Tok>| {
        if word.is_empty() {
            return;
        }
        let w = std::mem::take(word);
        let is_dice = w.split_once('d').is_some_and(|(n, s)| {
            n.chars().all(|c| c.is_ascii_digit()) && !s.is_empty() && s.chars().all(|c| c.is_ascii_digit())
        });
        if is_dice {
            if let Ok(d) = w.parse::<Dice>() {
                out.push(Tok::Dice(d));
                return;
            }
        }
        if w.chars().all(|c| c.is_ascii_digit()) {
            if let Ok(n) = w.parse::<i64>() {
                out.push(Tok::Num(n));
                return;
            }
        }
        if let Some(n) = w.strip_suffix("ap").filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit())) {
            if let Ok(n) = n.parse::<i64>() {
                out.push(Tok::Num(n));
                out.push(Tok::Word("ap".into()));
                return;
            }
        }
        out.push(Tok::Word(w));
    };
    for ch in text.to_lowercase().chars() {
        match ch {
            '+' | '-' | '−' | ',' | ';' | ':' | '(' | ')' => {
                flush(&mut word, &mut out);
                out.push(match ch {
                    '+' => Tok::Plus,
                    '-' | '−' => Tok::Minus,
                    _ => Tok::Sep,
                });
            }
            c if c.is_whitespace() => flush(&mut word, &mut out),
            c => word.push(c),
        }
    }
    flush(&mut word, &mut out);
    out
}

/// The damage type a word names.
fn type_word(t: Option<&Tok>) -> Option<DamageType> {
    match t {
        Some(Tok::Word(w)) => w.parse::<DamageType>().ok(),
        _ => None,
    }
}

/// Damage dice Tome can roll: 1 to 20 dice in all, of 2 to 100 sides (as
/// [`DamageDice`] reads them).
fn rollable(dice: Vec<Dice>) -> Option<DamageDice> {
    let text = dice.iter().map(Dice::to_string).collect::<Vec<_>>().join("+");
    text.parse::<DamageDice>().ok()
}

/// A part of damage starting at `toks[i]`, a die: dice and numbers added or taken
/// away, then the type if one is written. The part and where reading goes on.
fn dice_part(toks: &[Tok], mut i: usize) -> (Option<DamagePart>, usize) {
    let mut dice = Vec::new();
    let mut modifier = 0i64;
    if let Some(Tok::Dice(d)) = toks.get(i) {
        dice.push(*d);
        i += 1;
    }
    loop {
        match (toks.get(i), toks.get(i + 1)) {
            (Some(Tok::Plus), Some(Tok::Dice(d))) => {
                dice.push(*d);
                i += 2;
            }
            (Some(Tok::Plus), Some(Tok::Num(n))) => {
                modifier = modifier.saturating_add(*n);
                i += 2;
            }
            (Some(Tok::Minus), Some(Tok::Num(n))) => {
                modifier = modifier.saturating_sub(*n);
                i += 2;
            }
            _ => break,
        }
    }
    let kind = type_word(toks.get(i));
    if kind.is_some() {
        i += 1;
    }
    let part = rollable(dice).map(|d| DamagePart { dice: Some(d), modifier, kind });
    (part, i)
}

impl WrittenAttack {
    /// Reads the numbers of a written attack (its name already taken off): the first
    /// signed number standing alone is the bonus ("+5"); dice with what is added to
    /// them and the type after are a part of the damage ("1d6+2 sharp", "2d4+1d6
    /// blunt", "2d8 - 1 fire"); after a typed part, `+` starts another ("+ 1d4 toxic",
    /// "+ 4 fire"); "melee" or "ranged"; a number followed by "AP"; "nonlethal".
    pub fn parse(numbers: &str) -> WrittenAttack {
        let toks = tokens(numbers);
        let mut out = WrittenAttack::default();
        let mut i = 0;
        while i < toks.len() {
            match (&toks[i], toks.get(i + 1)) {
                (Tok::Dice(_), _) => {
                    let (part, next) = dice_part(&toks, i);
                    out.damage.extend(part);
                    i = next;
                    continue;
                }
                // A fixed amount of a type ("4 fire", "+ 4 fire").
                (Tok::Num(n), _) if type_word(toks.get(i + 1)).is_some() => {
                    out.damage.push(DamagePart { dice: None, modifier: *n, kind: type_word(toks.get(i + 1)) });
                    i += 2;
                    continue;
                }
                (Tok::Plus, Some(Tok::Num(n))) if type_word(toks.get(i + 2)).is_some() && !out.damage.is_empty() => {
                    out.damage.push(DamagePart { dice: None, modifier: *n, kind: type_word(toks.get(i + 2)) });
                    i += 3;
                    continue;
                }
                (Tok::Num(n), Some(Tok::Word(w))) if w == "ap" => {
                    out.ap.get_or_insert(*n);
                    i += 2;
                    continue;
                }
                (sign @ (Tok::Plus | Tok::Minus), Some(Tok::Num(n))) if out.bonus.is_none() => {
                    out.bonus = Some(if *sign == Tok::Minus { -*n } else { *n });
                    i += 2;
                    continue;
                }
                (Tok::Word(w), _) => match w.as_str() {
                    "melee" => {
                        out.range.get_or_insert(Reach::Melee);
                    }
                    "ranged" => {
                        out.range.get_or_insert(Reach::Ranged);
                    }
                    "nonlethal" => out.nonlethal = true,
                    _ => {}
                },
                _ => {}
            }
            i += 1;
        }
        out
    }

    /// Whether Tome can roll its damage: every part has dice, or a fixed amount.
    pub fn has_dice(&self) -> bool {
        self.damage.iter().any(|p| p.dice.is_some())
    }
}

/// The parts of some damage written on their own ("1d4 toxic + 4 fire"), as a written
/// attack's damage reads them.
///
/// # Errors
/// Text that holds no damage, or words besides it.
pub fn parse_damage(param: &str, raw: &str) -> Result<Vec<DamagePart>> {
    let w = WrittenAttack::parse(raw);
    let bad = || {
        Error::InvalidInput(format!(
            "--{param}: `{raw}` should be damage as written, such as `1d4 toxic` or `1d6+1 fire + 3 cold`"
        ))
    };
    if w.damage.is_empty() || w.bonus.is_some() || w.range.is_some() || w.ap.is_some() || w.nonlethal {
        return Err(bad());
    }
    // Every word read: what was not is a mistake, not something to skip.
    if tokens(&damage_text(&w.damage)) != tokens(raw) {
        return Err(bad());
    }
    Ok(w.damage)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn part(dice: &str, modifier: i64, kind: Option<DamageType>) -> DamagePart {
        DamagePart { dice: Some(dice.parse().unwrap()), modifier, kind }
    }

    #[test]
    fn several_dice_are_one_part_and_several_types_are_several() {
        let w = WrittenAttack::parse("2d4+1d6 blunt");
        assert_eq!(w.damage, vec![part("2d4+1d6", 0, Some(DamageType::Blunt))]);
        let w = WrittenAttack::parse("+5, 2d6+3 sharp + 1d4 toxic, melee, 2 AP");
        assert_eq!(w.damage, vec![part("2d6", 3, Some(DamageType::Sharp)), part("1d4", 0, Some(DamageType::Toxic))]);
        assert_eq!((w.bonus, w.range, w.ap), (Some(5), Some(Reach::Melee), Some(2)));
        assert_eq!(w.to_string(), "+5, 2d6+3 sharp + 1d4 toxic, melee, 2 AP");
        let fixed = WrittenAttack::parse("+3, 1d8 sharp + 4 fire, melee");
        assert_eq!(fixed.damage[1], DamagePart { dice: None, modifier: 4, kind: Some(DamageType::Fire) });
    }

    #[test]
    fn the_ways_a_game_master_writes_an_attack_are_read_alike() {
        let spaced = WrittenAttack::parse("Atk +5; 2d8 - 1 Fire");
        assert_eq!((spaced.bonus, spaced.damage.clone()), (Some(5), vec![part("2d8", -1, Some(DamageType::Fire))]));
        let run_on = WrittenAttack::parse("+5 2d4 fire 3ap");
        assert_eq!((run_on.bonus, run_on.ap), (Some(5), Some(3)));
        assert_eq!(WrittenAttack::parse("d20 bite").damage, vec![part("1d20", 0, None)]);
        assert_eq!(WrittenAttack::parse("a fearsome roar"), WrittenAttack::default(), "nothing guessed");
        assert!(WrittenAttack::parse("1d6 nonlethal, melee").nonlethal);
    }

    #[test]
    fn damage_on_its_own_is_read_whole_or_refused() {
        assert_eq!(parse_damage("also", "1d4 toxic").unwrap(), vec![part("1d4", 0, Some(DamageType::Toxic))]);
        assert_eq!(parse_damage("also", "1d6+1 fire + 3 cold").unwrap().len(), 2);
        assert!(parse_damage("also", "1d4 toxic, melee").is_err());
        assert!(parse_damage("also", "toxic").is_err());
        assert!(parse_damage("also", "1d4 toxik").is_err());
    }

    fn dice() -> impl Strategy<Value = DamageDice> {
        prop::collection::vec((1u32..=6, prop::sample::select(vec![2u32, 4, 6, 8, 10, 12, 20, 100])), 1..=3)
            .prop_map(|v| DamageDice(v.into_iter().map(|(count, sides)| Dice { count, sides }).collect()))
    }

    fn kind() -> impl Strategy<Value = DamageType> {
        prop::sample::select(DamageType::all().collect::<Vec<_>>())
    }

    /// A part: dice with a modifier, or a fixed amount; typed or not (`typed` forces a
    /// type: a part with more after it is ended by its type, as a human writes it).
    fn damage_part(typed: bool) -> impl Strategy<Value = DamagePart> {
        (prop::option::of(dice()), -10i64..=10, 1i64..=30, prop::option::of(kind()), kind()).prop_map(
            move |(dice, modifier, fixed, kind, forced)| {
                let kind = if typed || dice.is_none() { Some(kind.unwrap_or(forced)) } else { kind };
                match dice {
                    Some(d) => DamagePart { dice: Some(d), modifier, kind },
                    None => DamagePart { dice: None, modifier: fixed, kind },
                }
            },
        )
    }

    fn written() -> impl Strategy<Value = WrittenAttack> {
        (
            prop::option::of(-20i64..=20),
            prop::collection::vec(damage_part(true), 0..=2),
            prop::option::of(damage_part(false)),
            prop::option::of(prop::sample::select(vec![Reach::Melee, Reach::Ranged])),
            prop::option::of(0i64..=10),
            any::<bool>(),
        )
            .prop_map(|(bonus, mut damage, last, range, ap, nonlethal)| {
                damage.extend(last);
                WrittenAttack { bonus, damage, range, ap, nonlethal }
            })
    }

    proptest! {
        /// A written attack prints as a human writes it and reads back as what was written,
        /// with the name before a colon, extra spaces and capitals as a sheet may have them.
        #[test]
        fn a_written_attack_reads_back_as_it_was_written(w in written(), shout in any::<bool>()) {
            let text = w.to_string();
            prop_assert_eq!(WrittenAttack::parse(&text), w.clone(), "{}", text);
            prop_assert_eq!(WrittenAttack::parse(&text).to_string(), text.clone());
            let loud = if shout { text.to_uppercase().replace(", ", " ,  ") } else { text.replace('+', " + ") };
            prop_assert_eq!(WrittenAttack::parse(&loud), w.clone(), "{}", loud);
            if !w.damage.is_empty() {
                let alone = damage_text(&w.damage);
                prop_assert_eq!(parse_damage("also", &alone).unwrap(), w.damage.clone(), "{}", alone);
            }
        }
    }
}
