//! The kept index's lists, each laid end to end in one buffer. A one-off `tome search`
//! reads the whole index back before it answers: with a heap allocation and a hash per
//! word, list and map entry (tens of thousands of each), reading it back cost more than
//! the search. Laid end to end, it is a few buffers to copy and a scan to check, and a
//! map is a sorted list searched by halves. A process that searches many times (the app,
//! the table) hashes each map's keys once ([`WordMap::hash_keys`]): a dozen comparisons
//! per query word, over every word of every query, cost more than the one-off read saves.
//!
//! Every list of numbers is kept as its bytes ([`numbers`]), so it reads back as one
//! copy: read a number at a time, they were most of what reading the index back cost.

use std::hash::BuildHasher;

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;
use serde::{Deserialize, Serialize};

/// A value the index keeps as one number (a position, or a position with a flag in it).
pub trait Number: Copy {
    fn to_u32(self) -> u32;
    fn from_u32(n: u32) -> Self;
}

impl Number for u32 {
    fn to_u32(self) -> u32 {
        self
    }

    fn from_u32(n: u32) -> u32 {
        n
    }
}

/// Serde's `with` for a list of [`Number`]s: kept as their bytes, four apiece,
/// little-endian (the same on every machine a database file is taken to).
pub mod numbers {
    use std::fmt;
    use std::marker::PhantomData;

    use serde::de::{self, Visitor};
    use serde::{Deserializer, Serializer};

    use super::Number;

    pub fn serialize<T: Number, S: Serializer>(list: &[T], s: S) -> Result<S::Ok, S::Error> {
        let bytes: Vec<u8> = list.iter().flat_map(|n| n.to_u32().to_le_bytes()).collect();
        s.serialize_bytes(&bytes)
    }

    pub fn deserialize<'de, T: Number, D: Deserializer<'de>>(d: D) -> Result<Vec<T>, D::Error> {
        d.deserialize_bytes(Numbers(PhantomData))
    }

    struct Numbers<T>(PhantomData<T>);

    impl<T: Number> Visitor<'_> for Numbers<T> {
        type Value = Vec<T>;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("numbers of four bytes each")
        }

        fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<Vec<T>, E> {
            let chunks = bytes.chunks_exact(4);
            if !chunks.remainder().is_empty() {
                return Err(E::invalid_length(bytes.len(), &self));
            }
            Ok(chunks.map(|c| T::from_u32(u32::from_le_bytes([c[0], c[1], c[2], c[3]]))).collect())
        }
    }
}

/// Words kept end to end: `text` holds them all, `ends` where each stops.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Words {
    text: String,
    #[serde(with = "numbers")]
    ends: Vec<u32>,
}

impl Words {
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// The word at `i`.
    ///
    /// # Panics
    /// `i` is past the end (positions are checked when the index is read back).
    pub fn get(&self, i: usize) -> &str {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.text[start..self.ends[i] as usize]
    }

    #[cfg(test)]
    fn iter(&self) -> impl Iterator<Item = &str> + '_ {
        (0..self.len()).map(|i| self.get(i))
    }

    /// The first position whose word is not before `word` (in byte order).
    pub fn lower_bound(&self, word: &str) -> usize {
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.get(mid) < word {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        lo
    }

    /// Where `word` is, when the words are sorted.
    pub fn find(&self, word: &str) -> Option<usize> {
        let at = self.lower_bound(word);
        (at < self.len() && self.get(at) == word).then_some(at)
    }

    /// Whether every end is in order, within the text and between two characters (what
    /// [`Words::get`] needs not to panic).
    pub fn whole(&self) -> bool {
        let mut start = 0usize;
        self.ends.iter().all(|&end| {
            let end = end as usize;
            let ok = start <= end && self.text.is_char_boundary(end);
            start = end;
            ok
        })
    }

    /// Whether each word comes after the one before it (what [`Words::find`] needs).
    pub fn sorted(&self) -> bool {
        // As bytes, the order `find` searches by: a word read back by [`Words::get`]
        // checks both its ends for a character boundary, which cost most of this check.
        let text = self.text.as_bytes();
        let mut before: Option<&[u8]> = None;
        let mut start = 0;
        self.ends.iter().all(|&end| {
            let Some(word) = text.get(start..end as usize) else { return false };
            let ok = before.is_none_or(|b| b < word);
            (before, start) = (Some(word), end as usize);
            ok
        })
    }

    /// Adds `word` after the others.
    pub fn push(&mut self, word: &str) {
        self.text.push_str(word);
        self.ends.push(u32::try_from(self.text.len()).expect("an index of under 4 GB"));
    }
}

impl<'a> FromIterator<&'a str> for Words {
    fn from_iter<I: IntoIterator<Item = &'a str>>(words: I) -> Words {
        let mut out = Words::default();
        for w in words {
            out.push(w);
        }
        out
    }
}

/// Lists kept end to end: the items of every list, and where each list stops.
#[derive(Debug, Serialize, Deserialize)]
#[serde(bound = "T: Number")]
pub struct Lists<T> {
    #[serde(with = "numbers")]
    items: Vec<T>,
    #[serde(with = "numbers")]
    ends: Vec<u32>,
}

impl<T> Default for Lists<T> {
    fn default() -> Lists<T> {
        Lists { items: Vec::new(), ends: Vec::new() }
    }
}

impl<T> Lists<T> {
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// The list at `i`.
    ///
    /// # Panics
    /// `i` is past the end (positions are checked when the index is read back).
    pub fn get(&self, i: usize) -> &[T] {
        &self.items[self.range(i)]
    }

    /// Where the list at `i` is among [`Lists::items`].
    ///
    /// # Panics
    /// `i` is past the end.
    pub fn range(&self, i: usize) -> std::ops::Range<usize> {
        (if i == 0 { 0 } else { self.ends[i - 1] as usize })..self.ends[i] as usize
    }

    /// Every item of every list.
    pub fn items(&self) -> &[T] {
        &self.items
    }

    /// Whether every end is in order and within the items.
    pub fn whole(&self) -> bool {
        let mut start = 0u32;
        self.ends.iter().all(|&end| {
            let ok = start <= end && end as usize <= self.items.len();
            start = end;
            ok
        })
    }
}

impl<T, L: IntoIterator<Item = T>> FromIterator<L> for Lists<T> {
    fn from_iter<I: IntoIterator<Item = L>>(lists: I) -> Lists<T> {
        let mut out = Lists::default();
        for list in lists {
            out.items.extend(list);
            out.ends.push(u32::try_from(out.items.len()).expect("an index of under 4 G items"));
        }
        out
    }
}

/// A map from words to lists: the words sorted, found by halves, or by hash once
/// [`WordMap::hash_keys`] has run.
#[derive(Debug, Serialize, Deserialize)]
#[serde(bound = "T: Number")]
pub struct WordMap<T> {
    keys: Words,
    values: Lists<T>,
    /// The keys' positions by hash; not kept (made again by the process that wants it).
    #[serde(skip)]
    by_hash: Option<HashTable<u32>>,
}

fn hash(key: &str) -> u64 {
    FxBuildHasher.hash_one(key)
}

impl<T> WordMap<T> {
    /// The list under `key`; empty when there is none.
    pub fn get(&self, key: &str) -> &[T] {
        self.position(key).map_or(&[], |i| self.values.get(i))
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.position(key).is_some()
    }

    fn position(&self, key: &str) -> Option<usize> {
        match &self.by_hash {
            Some(table) => table.find(hash(key), |&i| self.keys.get(i as usize) == key).map(|&i| i as usize),
            None => self.keys.find(key),
        }
    }

    /// Finds keys by hash from now on (for a process that looks up many).
    pub fn hash_keys(&mut self) {
        let keys = &self.keys;
        let mut table = HashTable::with_capacity(keys.len());
        for i in 0..keys.len() {
            table.insert_unique(hash(keys.get(i)), i as u32, |&j| hash(keys.get(j as usize)));
        }
        self.by_hash = Some(table);
    }

    /// Every item of every list.
    pub fn items(&self) -> &[T] {
        self.values.items()
    }

    /// Whether it reads back whole: a list per key, the keys in order.
    pub fn whole(&self) -> bool {
        self.keys.whole() && self.values.whole() && self.keys.len() == self.values.len() && self.keys.sorted()
    }
}

impl<T> FromIterator<(String, Vec<T>)> for WordMap<T> {
    fn from_iter<I: IntoIterator<Item = (String, Vec<T>)>>(entries: I) -> WordMap<T> {
        let mut entries: Vec<(String, Vec<T>)> = entries.into_iter().collect();
        entries.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        entries.dedup_by(|a, b| a.0 == b.0);
        WordMap {
            keys: entries.iter().map(|(k, _)| k.as_str()).collect(),
            values: entries.into_iter().map(|(_, v)| v).collect(),
            by_hash: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_read_back_as_written_and_are_found_by_halves() {
        let words: Words = ["axe", "bow", "", "sword"].into_iter().collect();
        assert_eq!(words.iter().collect::<Vec<_>>(), ["axe", "bow", "", "sword"]);
        let sorted: Words = ["axe", "bow", "dagger", "sword"].into_iter().collect();
        assert!(sorted.whole() && sorted.sorted());
        assert_eq!(sorted.find("dagger"), Some(2));
        assert_eq!(sorted.find("club"), None);
        assert_eq!(sorted.lower_bound("club"), 2);
        assert_eq!(sorted.lower_bound("zweihander"), 4);
        assert!(!words.sorted(), "the empty word after bow");
        let twice: Words = ["axe", "bow", "bow"].into_iter().collect();
        assert!(!twice.sorted(), "a word twice");
        let first: Words = ["bow", "axe", "sword"].into_iter().collect();
        assert!(!first.sorted(), "the first two out of order");
        assert!(Words::default().sorted() && ["axe"].into_iter().collect::<Words>().sorted());
    }

    #[test]
    fn a_map_finds_each_key_and_nothing_else() {
        let map: WordMap<u32> =
            [("sword".to_string(), vec![1, 2]), ("axe".to_string(), vec![]), ("bow".to_string(), vec![3])]
                .into_iter()
                .collect();
        assert!(map.whole());
        assert_eq!(map.get("sword"), [1, 2]);
        assert_eq!(map.get("bow"), [3]);
        assert!(map.contains_key("axe") && map.get("axe").is_empty());
        assert!(!map.contains_key("club") && map.get("club").is_empty());
        assert_eq!(map.items(), [3, 1, 2]);
    }

    #[test]
    fn a_map_with_hashed_keys_answers_as_it_did_by_halves() {
        let mut map: WordMap<u32> = (0..500u32).map(|n| (format!("w{n}"), vec![n, n + 1])).collect();
        let by_halves: Vec<Vec<u32>> = (0..600).map(|n| map.get(&format!("w{n}")).to_vec()).collect();
        map.hash_keys();
        for (n, expected) in by_halves.iter().enumerate() {
            assert_eq!(map.get(&format!("w{n}")), expected.as_slice(), "w{n}");
            assert_eq!(map.contains_key(&format!("w{n}")), n < 500);
        }
        assert!(!map.contains_key(""));
    }

    #[test]
    fn numbers_read_back_as_kept_and_a_cut_list_is_refused() {
        let lists: Lists<u32> = [vec![7, u32::MAX], vec![], vec![0, 1 << 16, 3]].into_iter().collect();
        let bytes = postcard::to_allocvec(&lists).unwrap();
        let back: Lists<u32> = postcard::from_bytes(&bytes).unwrap();
        assert!(back.whole());
        assert_eq!((back.get(0), back.get(1), back.get(2)), (&[7, u32::MAX][..], &[][..], &[0, 1 << 16, 3][..]));
        // The items are 5 numbers, kept as 20 bytes after their count: one byte fewer is
        // not a whole number of numbers.
        assert_eq!(bytes[0], 20);
        let mut cut = bytes.clone();
        cut[0] = 19;
        cut.remove(20);
        assert!(postcard::from_bytes::<Lists<u32>>(&cut).is_err());
    }

    #[test]
    fn ends_out_of_order_or_inside_a_letter_are_not_whole() {
        let words = Words { text: "épée".into(), ends: vec![1] };
        assert!(!words.whole(), "1 is inside the é");
        let words = Words { text: "abc".into(), ends: vec![2, 1] };
        assert!(!words.whole());
        let words = Words { text: "abc".into(), ends: vec![4] };
        assert!(!words.whole());
        let lists = Lists { items: vec![1u32, 2], ends: vec![1, 3] };
        assert!(!lists.whole());
    }
}
