//! The built index kept in the database between runs: a one-off `tome search` would
//! otherwise spend most of its time reading every entry and the full-text vocabulary and
//! building the index again. The database empties the kept copy whenever what it is built
//! from changes (`schema/0007_search_cache.sql`); the key below names the code and the
//! embedded vocabulary that built it, so a Tome built from other code never reads it.

use std::hash::Hasher;

use super::SearchIndex;

/// The sources the index is built by (and what it reads: which rows, which words as
/// aliases), and the lock file that pins the stemmer.
const BUILDER: &[&str] = &[
    include_str!("../db/search.rs"),
    include_str!("index.rs"),
    include_str!("docs.rs"),
    include_str!("packed.rs"),
    include_str!("typo.rs"),
    include_str!("text.rs"),
    include_str!("vocabulary.rs"),
    include_str!("kept.rs"),
    include_str!("../../Cargo.lock"),
];

/// FNV-1a over the builder's sources, worked out when Tome is compiled.
const BUILT_BY: u64 = {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut p = 0;
    while p < BUILDER.len() {
        let bytes = BUILDER[p].as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            h ^= bytes[i] as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
            i += 1;
        }
        p += 1;
    }
    h
};

self_cell::self_cell!(
    /// An index read back from its kept bytes, searched where they lie.
    pub struct KeptIndex {
        owner: Vec<u8>,
        #[covariant]
        dependent: SearchIndex,
    }
);

/// The index a process searches: built by it, or read back from the kept copy.
pub enum HeldIndex {
    Built(Box<SearchIndex<'static>>),
    Kept(KeptIndex),
}

impl HeldIndex {
    /// The index kept as `bytes` ([`SearchIndex::to_bytes`]); `None` when they do not read
    /// back as a consistent index ([`SearchIndex::from_bytes`]).
    pub fn read(bytes: Vec<u8>) -> Option<HeldIndex> {
        KeptIndex::try_new(bytes, |b| SearchIndex::from_bytes(b).ok_or(())).ok().map(HeldIndex::Kept)
    }

    pub fn get(&self) -> &SearchIndex<'_> {
        match self {
            HeldIndex::Built(index) => index,
            HeldIndex::Kept(kept) => kept.borrow_dependent(),
        }
    }

    /// Finds words' forms and families by hash from now on ([`SearchIndex::hash_keys`]).
    pub fn hash_keys(&mut self) {
        match self {
            HeldIndex::Built(index) => index.hash_keys(),
            HeldIndex::Kept(kept) => kept.with_dependent_mut(|_, index| index.hash_keys()),
        }
    }
}

/// The key a kept index is stored under: this build's code and vocabulary.
pub fn key() -> String {
    let mut h = rustc_hash::FxHasher::default();
    for bytes in super::vocabulary::embedded_files() {
        h.write(bytes);
        h.write_u8(0);
    }
    format!("{}-{BUILT_BY:016x}-{:016x}", env!("CARGO_PKG_VERSION"), h.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_is_stable_within_a_build_and_names_it() {
        assert_eq!(key(), key());
        assert!(key().starts_with(env!("CARGO_PKG_VERSION")), "{}", key());
        assert!(key().len() <= 128, "fits the column's check");
    }
}
