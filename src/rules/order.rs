//! Acting order: parties sorted by their keys, highest first, and ties broken by
//! re-rolls among the tied parties only. A re-roll never moves a party past anyone who
//! was above or below its tie; parties that tie again re-roll again. The systems say
//! what the keys and the re-roll are (Ars Magica: the Initiative Total; MythCraft: the
//! total, then AWR) and build the terms; this is only the sorting.

/// Most re-rolls one tie may take before the order is left as given.
pub const REROLLS_MAX: usize = 20;

/// One re-roll used to break a tie.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TieRoll {
    pub name: String,
    /// 1 for the first re-roll of this party, 2 for a re-roll after a second tie…
    pub round: usize,
    pub value: i64,
    /// Rolled here rather than given.
    pub rolled: bool,
}

/// The parties in acting order and the re-rolls that set it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Order {
    /// Names, first to act first.
    pub order: Vec<String>,
    /// Every re-roll used, in the order it settled ties.
    pub tie_rolls: Vec<TieRoll>,
    /// Given re-rolls that settled nothing: `name`, the values left over.
    pub unused: Vec<(String, Vec<i64>)>,
    /// Names still tied after [`REROLLS_MAX`] re-rolls (left in the order given).
    pub unresolved: Vec<String>,
}

/// Orders `parties` (a name and its keys, compared in turn, higher first). Tied parties
/// re-roll among themselves: the `k`th re-roll of a party is `given`'s `k`th value for
/// its name, or else `roll()`. Parties with equal keys keep their place relative to
/// everyone outside the tie.
pub fn acting_order(
    parties: &[(String, Vec<i64>)],
    given: &[(String, Vec<i64>)],
    roll: &mut dyn FnMut() -> i64,
) -> Order {
    let mut idx: Vec<usize> = (0..parties.len()).collect();
    idx.sort_by(|&a, &b| parties[b].1.cmp(&parties[a].1));
    let mut state =
        State { parties, given, roll, tie_rolls: Vec::new(), used: vec![0; parties.len()], unresolved: Vec::new() };
    let mut order = Vec::with_capacity(parties.len());
    for group in runs(&idx, |i| parties[i].1.clone()) {
        order.extend(state.settle(group, 0));
    }
    let unused = parties
        .iter()
        .enumerate()
        .filter_map(|(i, (name, _))| {
            let left: Vec<i64> = given_for(given, name).iter().skip(state.used[i]).copied().collect();
            (!left.is_empty()).then(|| (name.clone(), left))
        })
        .collect();
    Order {
        order: order.into_iter().map(|i| parties[i].0.clone()).collect(),
        tie_rolls: state.tie_rolls,
        unused,
        unresolved: state.unresolved,
    }
}

fn given_for<'a>(given: &'a [(String, Vec<i64>)], name: &str) -> &'a [i64] {
    given.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_slice()).unwrap_or(&[])
}

/// Consecutive runs of equal keys in an already sorted list.
fn runs<K: PartialEq>(sorted: &[usize], key: impl Fn(usize) -> K) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for &i in sorted {
        match out.last_mut() {
            Some(run) if key(run[0]) == key(i) => run.push(i),
            _ => out.push(vec![i]),
        }
    }
    out
}

struct State<'a> {
    parties: &'a [(String, Vec<i64>)],
    given: &'a [(String, Vec<i64>)],
    roll: &'a mut dyn FnMut() -> i64,
    tie_rolls: Vec<TieRoll>,
    /// Re-rolls used so far by each party.
    used: Vec<usize>,
    unresolved: Vec<String>,
}

impl State<'_> {
    /// The parties of one tie, in acting order.
    fn settle(&mut self, group: Vec<usize>, round: usize) -> Vec<usize> {
        if group.len() < 2 {
            return group;
        }
        if round >= REROLLS_MAX {
            self.unresolved.extend(group.iter().map(|&i| self.parties[i].0.clone()));
            return group;
        }
        let mut values = vec![0; self.parties.len()];
        for &i in &group {
            let name = &self.parties[i].0;
            let (value, rolled) = match given_for(self.given, name).get(round) {
                Some(&v) => (v, false),
                None => ((self.roll)(), true),
            };
            self.used[i] = round + 1;
            values[i] = value;
            self.tie_rolls.push(TieRoll { name: name.clone(), round: round + 1, value, rolled });
        }
        let mut sorted = group;
        sorted.sort_by(|&a, &b| values[b].cmp(&values[a]));
        let mut out = Vec::with_capacity(sorted.len());
        for run in runs(&sorted, |i| values[i]) {
            out.extend(self.settle(run, round + 1));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parties(list: &[(&str, &[i64])]) -> Vec<(String, Vec<i64>)> {
        list.iter().map(|(n, k)| (n.to_string(), k.to_vec())).collect()
    }

    fn no_roll() -> i64 {
        panic!("nothing should be rolled")
    }

    #[test]
    fn ties_settle_only_among_the_tied() {
        let p = parties(&[("F", &[2]), ("C", &[4]), ("A", &[10]), ("D", &[4]), ("B", &[6]), ("E", &[4])]);
        let g = parties(&[("C", &[12]), ("D", &[4]), ("E", &[1])]);
        let o = acting_order(&p, &g, &mut no_roll);
        assert_eq!(o.order, ["A", "B", "C", "D", "E", "F"]);
        assert_eq!(o.tie_rolls.len(), 3);
        assert!(o.unused.is_empty() && o.unresolved.is_empty());
    }

    #[test]
    fn repeated_ties_re_roll_again_and_missing_rolls_are_rolled() {
        let p = parties(&[("A", &[5]), ("B", &[5]), ("C", &[5])]);
        let g = parties(&[("A", &[3, 1]), ("B", &[3, 6]), ("C", &[9])]);
        let o = acting_order(&p, &g, &mut no_roll);
        assert_eq!(o.order, ["C", "B", "A"]);
        // A third tie: the next values come from the roller.
        let g = parties(&[("A", &[3]), ("B", &[3])]);
        let mut dice = [2, 5].into_iter();
        let o = acting_order(&p[..2], &g, &mut || dice.next().unwrap());
        assert_eq!(o.order, ["B", "A"]);
        assert_eq!(o.tie_rolls.iter().filter(|t| t.rolled).count(), 2);
    }

    #[test]
    fn leftover_and_endless_ties_are_reported() {
        let p = parties(&[("A", &[5, 1]), ("B", &[5, 2])]);
        let o = acting_order(&p, &parties(&[("A", &[7])]), &mut no_roll);
        assert_eq!(o.order, ["B", "A"], "the second key breaks the tie");
        assert_eq!(o.unused, parties(&[("A", &[7])]));
        let p = parties(&[("A", &[5]), ("B", &[5])]);
        let o = acting_order(&p, &[], &mut || 3);
        assert_eq!(o.order, ["A", "B"]);
        assert_eq!(o.unresolved, ["A", "B"]);
        assert_eq!(o.tie_rolls.len(), 2 * REROLLS_MAX);
    }
}
