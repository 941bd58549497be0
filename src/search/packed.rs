//! The kept index's lists, each laid end to end in one buffer. A one-off `tome search`
//! reads the whole index back before it answers: with a heap allocation and a hash per
//! word, list and map entry (tens of thousands of each), reading it back cost more than
//! the search. Laid end to end, a map is a sorted list searched by halves. A process
//! that searches many times (the app, the table) hashes each map's keys once
//! ([`WordMap::hash_keys`]): a dozen comparisons per query word, over every word of every
//! query, cost more than the one-off read saves.
//!
//! An index read back is searched where its bytes lie ([`Nums`] and [`Words`] borrow
//! them): nothing is copied or decoded up front, and every accessor takes any position
//! without panicking (one out of range reads as empty), so a kept copy needs no pass
//! over all its words to be safe to search.

use std::borrow::Cow;
use std::hash::BuildHasher;
use std::marker::PhantomData;

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

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

fn read<T: Number>(four: &[u8]) -> T {
    T::from_u32(u32::from_le_bytes([four[0], four[1], four[2], four[3]]))
}

/// A list of [`Number`]s kept as their bytes, four apiece, little-endian (the same on
/// every machine a database file is taken to): borrowed from the bytes an index is read
/// back from, owned by one being built.
pub struct Nums<'a, T> {
    bytes: Cow<'a, [u8]>,
    of: PhantomData<T>,
}

impl<T> Default for Nums<'_, T> {
    fn default() -> Self {
        Nums { bytes: Cow::Borrowed(&[]), of: PhantomData }
    }
}

impl<T> std::fmt::Debug for Nums<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{} numbers", self.bytes.len() / 4)
    }
}

impl<T: Number> Nums<'_, T> {
    pub fn len(&self) -> usize {
        self.bytes.len() / 4
    }

    pub fn view(&self) -> NumSlice<'_, T> {
        NumSlice { bytes: &self.bytes, of: PhantomData }
    }

    pub fn get(&self, i: usize) -> Option<T> {
        self.view().get(i)
    }

    pub fn push(&mut self, n: T) {
        self.bytes.to_mut().extend_from_slice(&n.to_u32().to_le_bytes());
    }

    /// Whether every number, as it is kept, is below `bound` (a whole pass, quick: a
    /// maximum is a loop without a branch).
    pub fn all_below(&self, bound: usize) -> bool {
        self.bytes.chunks_exact(4).map(read::<u32>).max().is_none_or(|most| (most as usize) < bound)
    }
}

impl Nums<'_, u32> {
    /// Where the `i`th run ends up to: from the end before it (0 for the first) to its
    /// own, when both are held and in order. Words, lists and an entry's aliases are
    /// found this way.
    pub fn span(&self, i: usize) -> Option<std::ops::Range<usize>> {
        let start = if i == 0 { 0 } else { self.get(i - 1)? };
        let end = self.get(i)?;
        (start <= end).then_some(start as usize..end as usize)
    }
}

impl<T: Number> FromIterator<T> for Nums<'static, T> {
    fn from_iter<I: IntoIterator<Item = T>>(numbers: I) -> Self {
        let bytes = numbers.into_iter().flat_map(|n| n.to_u32().to_le_bytes()).collect();
        Nums { bytes: Cow::Owned(bytes), of: PhantomData }
    }
}

impl<T> Serialize for Nums<'_, T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(&self.bytes)
    }
}

impl<'de: 'a, 'a, T> Deserialize<'de> for Nums<'a, T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_bytes(NumsVisitor(PhantomData))
    }
}

struct NumsVisitor<'a, T>(PhantomData<(&'a (), T)>);

impl<'a, T> NumsVisitor<'a, T> {
    fn whole<E: de::Error>(&self, bytes: Cow<'a, [u8]>) -> Result<Nums<'a, T>, E> {
        if !bytes.len().is_multiple_of(4) {
            return Err(E::invalid_length(bytes.len(), self));
        }
        Ok(Nums { bytes, of: PhantomData })
    }
}

impl<'de: 'a, 'a, T> Visitor<'de> for NumsVisitor<'a, T> {
    type Value = Nums<'a, T>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("numbers of four bytes each")
    }

    fn visit_borrowed_bytes<E: de::Error>(self, bytes: &'de [u8]) -> Result<Nums<'a, T>, E> {
        self.whole(Cow::Borrowed(bytes))
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<Nums<'a, T>, E> {
        self.whole(Cow::Owned(bytes.to_vec()))
    }

    fn visit_byte_buf<E: de::Error>(self, bytes: Vec<u8>) -> Result<Nums<'a, T>, E> {
        self.whole(Cow::Owned(bytes))
    }
}

/// Some of a [`Nums`]: what a list of [`Lists`] or a map's value is.
#[derive(Clone, Copy)]
pub struct NumSlice<'a, T> {
    bytes: &'a [u8],
    of: PhantomData<T>,
}

impl<'a, T: Number> NumSlice<'a, T> {
    pub fn len(self) -> usize {
        self.bytes.len() / 4
    }

    pub fn is_empty(self) -> bool {
        self.bytes.len() < 4
    }

    pub fn get(self, i: usize) -> Option<T> {
        self.bytes.get(4 * i..4 * i + 4).map(read)
    }

    /// The numbers at `range`; none where it is not within them.
    pub fn slice(self, range: std::ops::Range<usize>) -> NumSlice<'a, T> {
        let bytes = self.bytes.get(4 * range.start..4 * range.end).unwrap_or_default();
        NumSlice { bytes, of: PhantomData }
    }

    pub fn iter(self) -> NumIter<'a, T> {
        NumIter { chunks: self.bytes.chunks_exact(4), of: PhantomData }
    }
}

impl<'a, T: Number> IntoIterator for NumSlice<'a, T> {
    type Item = T;
    type IntoIter = NumIter<'a, T>;

    fn into_iter(self) -> NumIter<'a, T> {
        self.iter()
    }
}

pub struct NumIter<'a, T> {
    chunks: std::slice::ChunksExact<'a, u8>,
    of: PhantomData<T>,
}

impl<T: Number> Iterator for NumIter<'_, T> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        self.chunks.next().map(read)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.chunks.size_hint()
    }
}

impl<T: Number> ExactSizeIterator for NumIter<'_, T> {}

/// Words kept end to end: `text` holds them all, `ends` where each stops.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Words<'a> {
    #[serde(borrow)]
    text: Cow<'a, str>,
    #[serde(borrow)]
    ends: Nums<'a, u32>,
}

impl Words<'_> {
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// The word at `i`: empty when there is none, or when its ends are not two ends of
    /// characters in order within the text (a kept copy is not checked word by word).
    pub fn get(&self, i: usize) -> &str {
        self.ends.span(i).and_then(|at| self.text.get(at)).unwrap_or_default()
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

    /// Where `word` is, when the words are sorted (a kept copy's are as it was built:
    /// its checksum holds; out of order, a word is not found, and nothing panics).
    pub fn find(&self, word: &str) -> Option<usize> {
        let at = self.lower_bound(word);
        (at < self.len() && self.get(at) == word).then_some(at)
    }

    /// Adds `word` after the others.
    pub fn push(&mut self, word: &str) {
        let text = self.text.to_mut();
        text.push_str(word);
        self.ends.push(u32::try_from(text.len()).expect("an index of under 4 GB"));
    }
}

impl<'w> FromIterator<&'w str> for Words<'static> {
    fn from_iter<I: IntoIterator<Item = &'w str>>(words: I) -> Words<'static> {
        let mut out = Words::default();
        for w in words {
            out.push(w);
        }
        out
    }
}

/// Lists kept end to end: the items of every list, and where each list stops.
#[derive(Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Lists<'a, T> {
    #[serde(borrow)]
    items: Nums<'a, T>,
    #[serde(borrow)]
    ends: Nums<'a, u32>,
}

impl<T> Default for Lists<'_, T> {
    fn default() -> Self {
        Lists { items: Nums::default(), ends: Nums::default() }
    }
}

impl<T: Number> Lists<'_, T> {
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// The list at `i`: empty when there is none, or when its ends are not in order
    /// within the items.
    pub fn get(&self, i: usize) -> NumSlice<'_, T> {
        self.items.view().slice(self.range(i))
    }

    /// Where the list at `i` is among [`Lists::items`] (empty when there is none).
    pub fn range(&self, i: usize) -> std::ops::Range<usize> {
        self.ends.span(i).unwrap_or(0..0)
    }

    /// Every item of every list.
    pub fn items(&self) -> &Nums<'_, T> {
        &self.items
    }
}

impl<T: Number, L: IntoIterator<Item = T>> FromIterator<L> for Lists<'static, T> {
    fn from_iter<I: IntoIterator<Item = L>>(lists: I) -> Lists<'static, T> {
        let mut out = Lists::default();
        for list in lists {
            for item in list {
                out.items.push(item);
            }
            out.ends.push(u32::try_from(out.items.len()).expect("an index of under 4 G items"));
        }
        out
    }
}

/// A map from words to lists: the words sorted, found by halves, or by hash once
/// [`WordMap::hash_keys`] has run.
#[derive(Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct WordMap<'a, T> {
    #[serde(borrow)]
    keys: Words<'a>,
    #[serde(borrow)]
    values: Lists<'a, T>,
    /// The keys' positions by hash; not kept (made again by the process that wants it).
    #[serde(skip)]
    by_hash: Option<HashTable<u32>>,
}

fn hash(key: &str) -> u64 {
    FxBuildHasher.hash_one(key)
}

impl<T: Number> WordMap<'_, T> {
    /// The list under `key`; empty when there is none.
    pub fn get(&self, key: &str) -> NumSlice<'_, T> {
        self.position(key).map_or(NumSlice { bytes: &[], of: PhantomData }, |i| self.values.get(i))
    }

    #[cfg(test)]
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
    pub fn items(&self) -> &Nums<'_, T> {
        self.values.items()
    }

    /// Whether it has a list per key.
    pub fn whole(&self) -> bool {
        self.keys.len() == self.values.len()
    }
}

impl<T: Number> FromIterator<(String, Vec<T>)> for WordMap<'static, T> {
    fn from_iter<I: IntoIterator<Item = (String, Vec<T>)>>(entries: I) -> WordMap<'static, T> {
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
        assert_eq!(sorted.find("dagger"), Some(2));
        assert_eq!(sorted.find("club"), None);
        assert_eq!(sorted.lower_bound("club"), 2);
        assert_eq!(sorted.lower_bound("zweihander"), 4);
        let bytes = postcard::to_allocvec(&sorted).unwrap();
        let back: Words = postcard::from_bytes(&bytes).unwrap();
        assert!(matches!(back.text, Cow::Borrowed(_)), "read where it lies");
        assert_eq!(back.iter().collect::<Vec<_>>(), ["axe", "bow", "dagger", "sword"]);
        assert_eq!(back.get(4), "", "past the end");
    }

    #[test]
    fn a_map_finds_each_key_and_nothing_else() {
        let map: WordMap<u32> =
            [("sword".to_string(), vec![1, 2]), ("axe".to_string(), vec![]), ("bow".to_string(), vec![3])]
                .into_iter()
                .collect();
        assert!(map.whole());
        assert_eq!(map.get("sword").iter().collect::<Vec<_>>(), [1, 2]);
        assert_eq!(map.get("bow").iter().collect::<Vec<_>>(), [3]);
        assert!(map.contains_key("axe") && map.get("axe").is_empty());
        assert!(!map.contains_key("club") && map.get("club").is_empty());
        assert_eq!(map.items().view().iter().collect::<Vec<_>>(), [3, 1, 2]);
    }

    #[test]
    fn a_map_with_hashed_keys_answers_as_it_did_by_halves() {
        let mut map: WordMap<u32> = (0..500u32).map(|n| (format!("w{n}"), vec![n, n + 1])).collect();
        let by_halves: Vec<Vec<u32>> = (0..600).map(|n| map.get(&format!("w{n}")).iter().collect()).collect();
        map.hash_keys();
        for (n, expected) in by_halves.iter().enumerate() {
            assert_eq!(&map.get(&format!("w{n}")).iter().collect::<Vec<_>>(), expected, "w{n}");
            assert_eq!(map.contains_key(&format!("w{n}")), n < 500);
        }
        assert!(!map.contains_key(""));
    }

    #[test]
    fn numbers_read_back_as_kept_and_a_cut_list_is_refused() {
        let lists: Lists<u32> = [vec![7, u32::MAX], vec![], vec![0, 1 << 16, 3]].into_iter().collect();
        let bytes = postcard::to_allocvec(&lists).unwrap();
        let back: Lists<u32> = postcard::from_bytes(&bytes).unwrap();
        let list = |i| back.get(i).iter().collect::<Vec<u32>>();
        assert_eq!((list(0), list(1), list(2)), (vec![7, u32::MAX], vec![], vec![0, 1 << 16, 3]));
        assert!(back.items().all_below(u32::MAX as usize + 1) && !back.items().all_below(u32::MAX as usize));
        // The items are 5 numbers, kept as 20 bytes after their count: one byte fewer is
        // not a whole number of numbers.
        assert_eq!(bytes[0], 20);
        let mut cut = bytes.clone();
        cut[0] = 19;
        cut.remove(20);
        assert!(postcard::from_bytes::<Lists<u32>>(&cut).is_err());
    }

    #[test]
    fn ends_out_of_order_or_inside_a_letter_read_as_nothing() {
        let ends = |e: &[u32]| e.iter().copied().collect::<Nums<u32>>();
        let words = Words { text: "épée".into(), ends: ends(&[1, 5]) };
        assert_eq!((words.get(0), words.get(1)), ("", ""), "1 is inside the é");
        let words = Words { text: "abc".into(), ends: ends(&[2, 1, 3, 4]) };
        assert_eq!((words.get(0), words.get(1), words.get(2), words.get(3)), ("ab", "", "bc", ""));
        let lists = Lists { items: [1u32, 2].into_iter().collect(), ends: ends(&[1, 3, 0, 2]) };
        let list = |i| lists.get(i).iter().collect::<Vec<u32>>();
        assert_eq!((list(0), list(1), list(2), list(3), list(9)), (vec![1], vec![], vec![], vec![1, 2], vec![]));
    }
}
