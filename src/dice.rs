//! Dice: parsing "NdM" and rolling with any random source (seedable for reproducible rolls).

use std::fmt;
use std::str::FromStr;

use rand::Rng;
use serde::Serialize;
use ts_rs::TS;

/// A number of dice of one size, as tables write them ("3d6", "1d20").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dice {
    pub count: u32,
    pub sides: u32,
}

impl Dice {
    /// The lowest and highest total the dice can roll.
    pub fn span(&self) -> (i64, i64) {
        (i64::from(self.count), i64::from(self.count) * i64::from(self.sides))
    }

    /// Rolls every die.
    pub fn roll(&self, rng: &mut impl Rng) -> Roll {
        let faces: Vec<i64> = (0..self.count).map(|_| rng.random_range(1..=i64::from(self.sides))).collect();
        Roll { dice: self.to_string(), total: faces.iter().sum(), faces }
    }
}

impl FromStr for Dice {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || format!("dice `{s}` must look like \"3d6\"");
        let (n, m) = s.trim().to_ascii_lowercase().split_once('d').map(|(a, b)| (a.to_string(), b.to_string())).ok_or_else(bad)?;
        let count: u32 = n.parse().map_err(|_| bad())?;
        let sides: u32 = m.parse().map_err(|_| bad())?;
        if !(1..=100).contains(&count) || !(2..=1000).contains(&sides) {
            return Err(bad());
        }
        Ok(Dice { count, sides })
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}d{}", self.count, self.sides)
    }
}

/// What a roll came up: each die and the total.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct Roll {
    pub dice: String,
    pub faces: Vec<i64>,
    pub total: i64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    #[test]
    fn parses_table_dice() {
        assert_eq!("3d6".parse::<Dice>().unwrap(), Dice { count: 3, sides: 6 });
        assert_eq!("1D20".parse::<Dice>().unwrap().span(), (1, 20));
        assert!("d6".parse::<Dice>().is_err());
        assert!("3d1".parse::<Dice>().is_err());
    }

    #[test]
    fn rolls_stay_in_range_and_seeds_repeat() {
        let dice: Dice = "3d6".parse().unwrap();
        let mut a = StdRng::seed_from_u64(7);
        let mut b = StdRng::seed_from_u64(7);
        for _ in 0..500 {
            let r = dice.roll(&mut a);
            assert_eq!(r.faces.len(), 3);
            assert!(r.faces.iter().all(|f| (1..=6).contains(f)));
            assert!((3..=18).contains(&r.total));
            assert_eq!(r, dice.roll(&mut b));
        }
    }
}
