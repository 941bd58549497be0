//! Dice Tome rolls for a pool nobody typed, the Chronicles of Darkness way.

use rand::Rng;

/// Rolls a pool the Chronicles of Darkness way: a success on each 8+, a 10 rolls again;
/// a chance die succeeds only on a 10.
pub(super) fn roll_pool(dice: i64, chance: bool, rng: &mut dyn rand::RngCore) -> (i64, Vec<i64>) {
    let mut faces = Vec::new();
    if chance {
        let f = rng.random_range(1..=10);
        faces.push(f);
        return (i64::from(f == 10), faces);
    }
    let mut successes = 0;
    let mut left = dice;
    while left > 0 && faces.len() < 200 {
        left -= 1;
        let f = rng.random_range(1..=10);
        faces.push(f);
        if f >= 8 {
            successes += 1;
        }
        if f == 10 {
            left += 1;
        }
    }
    (successes, faces)
}
