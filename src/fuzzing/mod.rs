//! Entry points for the fuzz targets in `fuzz/` (`cargo fuzz`), shared with the tests
//! that replay the inputs fuzzing found (`tests/library/fuzz_regressions.rs`). Each takes
//! arbitrary bytes, must never panic, and checks that what it accepts is well formed.

use std::cell::RefCell;
use std::collections::HashSet;
use std::sync::LazyLock;

use crate::seed::{Known, SeedFile, SeedFiles};
use crate::slug::is_slug;
use crate::Tome;

mod fight;

pub use fight::{
    encounter_events, encounter_events_accepted, encounter_rules, encounter_rules_accepted, encounter_seed, SeedStep,
};

/// The shipped content, what a pack may link to.
static KNOWN: LazyLock<Known> =
    LazyLock::new(|| Known::from_content(&SeedFiles::embedded().load().expect("the shipped content loads")));

/// Where a pack folder's files go when the input is cut into several.
const FOLDER_FILES: [&str; 4] = ["ars-magica/a.toml", "mythcraft/b.toml", "mlaf/c.toml", "stray.toml"];

/// The pack parser: `data` as a single-file pack, or, when it holds `\n%%\n`, as a
/// pack folder (`pack.toml`, then files in system folders).
pub fn pack_parser(data: &[u8]) {
    let parts: Vec<&[u8]> = split_parts(data);
    let result = if parts.len() == 1 {
        crate::packs::check_bytes("fuzz.toml", data, &KNOWN)
    } else {
        let mut files = Vec::new();
        for (i, part) in parts.iter().enumerate() {
            let Ok(text) = std::str::from_utf8(part) else { return };
            let path =
                if i == 0 { "pack.toml".to_string() } else { FOLDER_FILES[(i - 1) % 4].replace('.', &format!("{i}.")) };
            files.push(SeedFile { path, text: text.to_string() });
        }
        files.sort_by(|a, b| a.path.cmp(&b.path));
        SeedFiles { root: "fuzz".into(), files }.load_pack(false, &KNOWN)
    };
    match result {
        Err(problems) => {
            assert!(!problems.is_empty(), "a refusal names at least one problem");
            for p in problems.iter() {
                assert!(!p.message.is_empty(), "{p}");
            }
        }
        Ok(pack) => {
            let m = &pack.manifest;
            assert!(is_slug(&m.name) && !m.name.contains("--") && m.name.len() <= 40, "{}", m.name);
            let prefix = format!("{}--", m.name);
            let mut ids = HashSet::new();
            let own: HashSet<&str> = pack.entries.iter().map(|e| e.id.as_str()).collect();
            for e in &pack.entries {
                assert!(ids.insert(&e.id), "duplicate id {}", e.id);
                assert_eq!(e.id, format!("{}/{}/{}", e.system, e.kind, e.slug));
                let plain = e.slug.strip_prefix(&prefix).unwrap_or_else(|| panic!("{} is outside the namespace", e.id));
                assert!(is_slug(plain), "{}", e.id);
                assert!(m.systems.contains(&e.system));
                assert!(!e.name.trim().is_empty() && !e.summary.trim().is_empty() && !e.section.trim().is_empty());
                for link in &e.links {
                    let shipped = KNOWN.entries.get(link).is_some_and(|k| k.pack.is_none());
                    assert!(own.contains(link.as_str()) || shipped, "{} links to {link}", e.id);
                }
            }
        }
    }
}

fn split_parts(data: &[u8]) -> Vec<&[u8]> {
    const SEP: &[u8] = b"\n%%\n";
    let mut parts = Vec::new();
    let mut rest = data;
    while let Some(at) = rest.windows(SEP.len()).position(|w| w == SEP) {
        parts.push(&rest[..at]);
        rest = &rest[at + SEP.len()..];
        if parts.len() >= 8 {
            break;
        }
    }
    parts.push(rest);
    parts
}

/// The text importer: decoding, splitting and section ids.
pub fn text_import(data: &[u8]) {
    let Ok(doc) = crate::textdocs::prepare("fuzz.md", data, "mlaf", None) else { return };
    assert!(!doc.sections.is_empty());
    let prefix = format!("mlaf/section/{}--", doc.id);
    let mut ids = HashSet::new();
    for (id, s) in &doc.sections {
        assert!(ids.insert(id.clone()), "duplicate section id {id}");
        let slug = id.strip_prefix(&prefix).unwrap_or_else(|| panic!("{id} outside {prefix}"));
        assert!(is_slug(slug), "{id}");
        assert!(!s.heading.trim().is_empty(), "empty heading in {id}");
        assert!(s.level <= 6);
        assert!(s.body.len() <= crate::textdocs::split::MAX_SECTION_BYTES, "{id}: {} bytes", s.body.len());
        assert!(!s.body.trim().is_empty(), "{id} has no text");
        assert!(!s.body.contains('\r') && !s.body.chars().any(|c| c.is_control() && c != '\n' && c != '\t'));
        let _ = s.summary();
    }
}

thread_local! {
    static TOME: RefCell<Tome> = RefCell::new(Tome::open_in_memory().expect("an in-memory Tome opens"));
}

/// The character file importer: the check, then the import when the check passes.
pub fn character_import(data: &[u8]) {
    TOME.with(|t| {
        let mut tome = t.borrow_mut();
        match tome.check_character_file(data) {
            Ok(problems) if problems.is_empty() => {
                let c = tome.import_character(data).expect("a file that passes the check imports");
                let again = tome.export_character(c.id).expect("an imported character exports");
                assert!(tome.check_character_file(again.as_bytes()).expect("its export checks").is_empty());
                tome.delete_character(c.id).expect("and deletes");
            }
            Ok(problems) => assert!(problems.iter().all(|p| !p.message.is_empty())),
            Err(_) => {}
        }
    });
}

/// The word only the game master's own imported document holds, kept from the table.
const SECRET: &str = "qzfuzzbutler";

/// The most bytes of an entry's id read from an input: more than twice the ids Tome gives
/// (`mythcraft/section/secret-notes--the-plot` is 40). An unknown id's "did you mean"
/// runs a search for the whole id and for each of its longest words (up to four), so a
/// long input costs several times a short one and reaches nothing new. A search needs
/// no cut here: Tome reads its first `search::MAX_QUERY_CHARS` characters and 8 words.
const MAX_ENTRY_ID: usize = 96;

thread_local! {
    /// Two libraries a phone searches, alike in what the table may read (the shipped
    /// content): the first also holds the game master's own notes and an adversary,
    /// which the table may not read. Set up once per process: they never change.
    static LIBRARIES: [Tome; 2] = [true, false].map(|kept| {
        let mut tome = Tome::open_in_memory().expect("an in-memory Tome opens");
        if kept {
            let notes = format!("# The plot\n\nThe {SECRET} did it with a sworx; poisn and frozne.\n");
            tome.import_text("notes.md", notes.as_bytes(), "mythcraft", Some("Secret notes")).expect("notes import");
            let butler = crate::adversaries::Adversary::new("mythcraft", "Qzfuzz Butler");
            tome.create_adversary(&butler).expect("an adversary");
        }
        tome
    });
}

/// What a device at the table sends (`crate::share`). The first byte chooses the request
/// (so each input costs one request, and the fuzzer keeps inputs for each kind); the
/// rest is cut at 0xFF bytes where a request has parts:
/// - a join request's body, then a cookie header: a join needs the code;
/// - a `Host` header: taken only when it names the address shared;
/// - a character upload: one the check accepts is one the import takes;
/// - a search, or an entry's id ([`MAX_ENTRY_ID`] bytes at most): answered the same by
///   two libraries that differ only in what the table may not read;
/// - an action or its preview, at two tables that differ only in a hidden goblin
///   ([`Tables`]): the two answers must be the same (issue 57).
pub fn share_requests(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else { return };
    match which % 6 {
        0 => {
            let mut parts = rest.splitn(2, |&b| b == 0xFF);
            let join = parts.next().unwrap_or_default();
            crate::share::fuzz_join_and_cookie(join, parts.next().unwrap_or_default());
        }
        1 => crate::share::fuzz_host(rest),
        2 => TOME.with(|t| {
            let mut tome = t.borrow_mut();
            if let Ok((name, system)) = crate::share::check_upload(&tome, rest) {
                let c = tome.import_character(rest).expect("an upload that passes the check imports");
                assert_eq!((c.name.as_str(), c.system.as_str()), (name.as_str(), system.as_str()));
                tome.delete_character(c.id).expect("and deletes");
            }
        }),
        3 | 4 => LIBRARIES.with(|[kept, none]| {
            let cut = if which % 6 == 4 { rest.len().min(MAX_ENTRY_ID) } else { rest.len() };
            let asked = String::from_utf8_lossy(&rest[..cut]).into_owned();
            let answer = |tome: &Tome| {
                if which % 6 == 3 {
                    let filter = crate::search::SearchFilter { limit: Some(20), ..Default::default() };
                    match tome.table_search(&asked, &filter) {
                        Ok(hits) => {
                            assert!(hits.len() <= 20);
                            serde_json::to_string(&hits).unwrap_or_default()
                        }
                        Err(e) => format!("{e}"),
                    }
                } else {
                    match tome.table_show(&asked) {
                        Ok(entry) => serde_json::to_string(&entry).unwrap_or_default(),
                        Err(e) => format!("{e} {:?}", e.suggestions()),
                    }
                }
            };
            let (with, without) = (answer(kept), answer(none));
            assert!(!with.replace(&asked, "").to_lowercase().contains(SECRET), "a kept document was read: {with}");
            // Noninterference (issue 57): what the table may not read changes no answer.
            assert_eq!(with, without, "the notes or the library changed a phone's answer to {asked:?}");
        }),
        _ => TABLES.with(|t| t.act(rest)),
    }
}

/// The requests of [`share_requests`] whose bytes reach code that Rust's checks do not
/// cover, for a run under AddressSanitizer: a join's body and a cookie header, which
/// anyone on the network may send before holding the code (serde_json and `http`'s
/// header value, both with `unsafe` inside), with the `Host` header that comes before
/// them; and a search's words and an entry's id, which reach SQLite's full-text query
/// parser and `GLOB` (C). The other two are left to [`share_requests`]: an upload's bytes
/// go through the import's own check, which `character_import` fuzzes under ASan, and an
/// action's inputs are words picked from a list.
pub fn share_parsers(data: &[u8]) {
    if data.first().is_some_and(|b| matches!(b % 6, 0 | 1 | 3 | 4)) {
        share_requests(data);
    }
}

/// Two MythCraft fights, each in a Tome of its own, alike in everything the table sees
/// (Ilse, a player's character, to act; Goblin 1 and Goblin 2 shown), one with a hidden
/// goblin called Nightglass. Set up once per process.
struct Tables {
    tomes: [Tome; 2],
    fight: i64,
    character: i64,
    /// The actions Ilse's phone offers, the same at both tables (checked when they are
    /// set up): nothing an input does is stored, so the fight and its forms never change.
    actions: Vec<crate::encounters::ActionInfo>,
}

thread_local! {
    static TABLES: Tables = Tables::new();
}

/// Words a phone types, picked by the input's bytes: the names the table sees, the hidden
/// one alone, padded, shouted and inside other words, one of its shape that no one has,
/// dice, numbers, nothing.
const WORDS: [&str; 17] = [
    "Goblin 1",
    "Goblin 2",
    "Ilse",
    "Nightglass",
    "nightglass",
    "2d6+Nightglass",
    "zombienightglassorc",
    "2d6+3",
    "1d20",
    "7",
    "",
    "Nightglass sword",
    "NIGHTGLASS",
    " Nightglass ",
    "Goblin 1, Nightglass",
    "Nightglow",
    "attack",
];

impl Tables {
    fn new() -> Tables {
        let make = |hidden: bool| -> (Tome, i64, i64) {
            let mut t = Tome::open_in_memory().expect("an in-memory Tome opens");
            let mut c = t.create_character("mythcraft", "Ilse").expect("a character");
            c.values.insert("max-hp".into(), crate::characters::SheetValue::Int(20));
            let character = t.save_character(&c).expect("saved").id;
            let e = t.create_encounter("mythcraft", "Ambush").expect("a fight").id;
            t.encounter_add_character_with(e, character, Some(false)).expect("Ilse joins");
            let hp = std::collections::BTreeMap::from([("max-hp".to_string(), 12)]);
            t.encounter_add_npc_with(e, "Goblin", 2, hp.clone(), Some(false), Some(3)).expect("goblins join");
            if hidden {
                t.encounter_add_npc_with(e, "Nightglass", 1, hp, Some(true), Some(3)).expect("the hidden one joins");
            }
            let order = [("Ilse".to_string(), 20), ("Goblin 1".to_string(), 10), ("Goblin 2".to_string(), 5)];
            let mut typed = order.to_vec();
            if hidden {
                typed.push(("Nightglass".to_string(), 1));
            }
            t.encounter_start(e, &typed, &[], Some(3)).expect("started");
            (t, e, character)
        };
        let (a, fight, character) = make(true);
        let (b, _, _) = make(false);
        let forms = [&a, &b].map(|t| t.table_actions(fight, character).expect("Ilse's actions"));
        assert!(!forms[0].is_empty(), "Ilse has actions to send");
        assert_eq!(format!("{:?}", forms[0]), format!("{:?}", forms[1]), "a hidden goblin changed a phone's form");
        let [actions, _] = forms;
        Tables { tomes: [a, b], fight, character, actions }
    }

    /// An action a phone sends, from `data`: which action (or, as an attacker writes it,
    /// a word of [`WORDS`] in its place), then its inputs one per byte (a word of
    /// [`WORDS`]), and a byte past them naming one more field by a word; or a preview of
    /// it. Both tables must answer alike (issue 71: an action named after the hidden
    /// goblin once drew another refusal).
    fn act(&self, data: &[u8]) {
        let Some((&pick, rest)) = data.split_first() else { return };
        let action = &self.actions[usize::from(pick >> 2) % self.actions.len()];
        let named = if pick & 2 == 0 { action.name } else { WORDS[usize::from(pick >> 2) % WORDS.len()] };
        let mut inputs: std::collections::BTreeMap<String, String> = action
            .params
            .iter()
            .zip(rest)
            .filter(|(_, b)| **b != 0xFF)
            .map(|(p, b)| (p.name.to_string(), WORDS[usize::from(*b) % WORDS.len()].to_string()))
            .collect();
        if let Some(b) = rest.get(action.params.len()).filter(|b| **b != 0xFF) {
            inputs.insert(WORDS[usize::from(*b) % WORDS.len()].to_string(), "1".into());
        }
        let answers = self.tomes.each_ref().map(|t| {
            let inputs = inputs.clone();
            if pick & 1 == 0 {
                match t.preview_proposal(self.fight, self.character, "Ann", named, inputs) {
                    Ok(p) => format!("{p:?}"),
                    Err(e) => format!("{:?} {e}", e.code()),
                }
            } else {
                match t.prepare_proposal(self.fight, self.character, "Ann", named, inputs, Some(7)) {
                    Ok(p) => {
                        let table = t.table_outcome_before(self.fight, &p.event).ok().flatten();
                        format!("{} {table:?}", p.asked)
                    }
                    Err(e) => format!("{:?} {e}", e.code()),
                }
            }
        });
        assert_eq!(answers[0], answers[1], "a hidden goblin changed what a phone is answered");
    }
}
