//! Homebrew packs: importing the example packs, where their entries show up, the id
//! namespace, re-importing and removing, and every way a pack can be broken or hostile.

use crate::common;

use std::path::{Path, PathBuf};
use std::time::Instant;

use common::Cli;
use serde_json::Value;
use tome::model::Detail;
use tome::search::SearchFilter;
use tome::seed::{Known, SeedFiles};
use tome::{Error, ErrorCode, Kind, Tome};

const BOAR_SPEAR: &str = "ars-magica/weapon/hearth-and-blade--boar-spear";
const SOAKED: &str = "mythcraft/condition/hearth-and-blade--soaked";
const WEATHER: &str = "mythcraft/table/hearth-and-blade--weather-on-the-road";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn example(name: &str) -> PathBuf {
    root().join("examples/packs").join(name)
}

fn fixture(name: &str) -> PathBuf {
    root().join("tests/fixtures/packs").join(name)
}

fn search(tome: &Tome, q: &str) -> Vec<tome::model::SearchHit> {
    tome.search(q, &SearchFilter::default()).unwrap()
}

fn entry_count(tome: &Tome) -> i64 {
    tome.db().connection().query_row("SELECT count(*) FROM entry", [], |r| r.get(0)).unwrap()
}

/// A pack folder written from (path, text) pairs.
fn pack_dir(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (path, text) in files {
        let p = dir.path().join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    dir
}

const MANIFEST: &str = "[pack]\nname = \"mine\"\nversion = \"1\"\nauthor = \"Me\"\nsystems = [\"ars-magica\"]\n";

fn weapon(name: &str, extra: &str) -> String {
    format!(
        "[[weapon]]\nname = \"{name}\"\nsection = \"House\"\ngroup = \"melee\"\nability = \"Single\"\ninit = 0\natk = 1\ndfn = 0\ndam = 2\nstr = 0\nload = 1\ncost = \"standard\"\nsummary = \"A house weapon.\"\n{extra}\n"
    )
}

#[test]
fn the_example_pack_shows_in_lists_search_and_entries_marked_with_its_pack() {
    let mut tome = Tome::open_in_memory().unwrap();
    let before = tome.systems().unwrap();
    let report = tome.import_pack(&example("hearth-and-blade")).unwrap();
    assert_eq!(report.pack.name, "hearth-and-blade");
    assert_eq!(report.pack.title, "Hearth and Blade");
    assert_eq!((report.added, report.updated, report.removed, report.replaced), (6, 0, 0, None));
    assert_eq!(report.pack.systems, ["ars-magica", "mythcraft", "mlaf"]);

    // Lists: the pack's weapon is listed with the shipped ones, after them, marked.
    let weapons = tome.list(Kind::Weapon, Some("ars-magica")).unwrap();
    let last = weapons.last().unwrap();
    assert_eq!(last.pack.as_deref(), Some("hearth-and-blade"));
    let spear = weapons.iter().find(|w| w.id == BOAR_SPEAR).expect("listed");
    let Detail::Weapon(w) = &spear.detail else { panic!("typed fields: {:?}", spear.detail) };
    assert_eq!((w.ability.as_str(), w.atk, w.dam, w.load), ("Great", Some(3), Some(6), Some(2)));
    assert!(weapons.iter().filter(|w| w.id != BOAR_SPEAR && !w.id.contains("--")).all(|w| w.pack.is_none()));
    let json = serde_json::to_value(&weapons).unwrap();
    assert!(json[0].get("pack").is_none(), "shipped items carry no pack field");
    assert_eq!(json.as_array().unwrap().iter().find(|w| w["id"] == BOAR_SPEAR).unwrap()["pack"], "hearth-and-blade");

    // The entry view: source, links to shipped content, marker.
    let e = tome.show(BOAR_SPEAR).unwrap();
    assert_eq!(e.pack.as_deref(), Some("hearth-and-blade"));
    assert_eq!((e.source.document.as_str(), e.source.section.as_str()), ("Hearth and Blade", "House Weapons"));
    assert!(e.links.contains(&"ars-magica/weapon/spear-long".to_string()), "{:?}", e.links);
    assert_eq!(e.aliases, ["hunting spear"]);

    // A condition that includes a shipped one, linked both ways, and a table linking to it
    // by its id without the pack prefix.
    let soaked = tome.show(SOAKED).unwrap();
    let Some(Detail::Condition(c)) = &soaked.detail else { panic!() };
    assert_eq!(c.implies, ["mythcraft/condition/slowed"]);
    assert!(soaked.mentions.iter().any(|m| m.id == "mythcraft/condition/slowed" && m.name == "Slowed"));
    assert!(tome.show("mythcraft/condition/slowed").unwrap().backlinks.contains(&SOAKED.to_string()));
    assert!(tome.show(WEATHER).unwrap().links.contains(&SOAKED.to_string()), "own link resolved into the namespace");
    assert_eq!(tome.table(WEATHER, Some(5)).unwrap().rows[0].cells[1], "Rain");

    // Search: by name, by a word only its body has, and by system filter; marked.
    let hits = search(&tome, "boar spear");
    assert_eq!(hits[0].id, BOAR_SPEAR);
    assert_eq!(hits[0].pack.as_deref(), Some("hearth-and-blade"));
    let hits = search(&tome, "autumn hunts");
    assert!(hits.iter().any(|h| h.id == BOAR_SPEAR && h.matched == "body"), "{hits:?}");
    let hits = tome.search("mud slick", &SearchFilter { system: Some("mlaf".into()), ..Default::default() }).unwrap();
    assert_eq!(hits[0].id, "mlaf/spell/hearth-and-blade--mud-slick");

    // The systems are the same five; their counts include the pack's entries.
    let after = tome.systems().unwrap();
    assert_eq!(after.iter().map(|s| &s.id).collect::<Vec<_>>(), before.iter().map(|s| &s.id).collect::<Vec<_>>());
    let ars = |v: &[tome::model::System]| v.iter().find(|s| s.id == "ars-magica").unwrap().entries;
    assert_eq!(ars(&after), ars(&before) + 3);
    assert_eq!(tome.packs().unwrap()[0].entries, 6);
}

#[test]
fn pack_entries_go_on_character_sheets_and_a_used_pack_is_not_removed() {
    let mut tome = Tome::open_in_memory().unwrap();
    tome.import_pack(&example("hearth-and-blade")).unwrap();
    let mut c = tome.create_character("ars-magica", "Aldo").unwrap();
    let mut spear = tome.character_item(BOAR_SPEAR).unwrap();
    assert_eq!(spear.name, "Boar Spear");
    spear.equipped = true;
    c.items = vec![spear];
    let c = tome.save_character(&c).unwrap();

    let err = tome.remove_pack("hearth-and-blade").unwrap_err();
    assert_eq!(err.code(), ErrorCode::InvalidInput);
    assert!(err.to_string().contains("Aldo (Boar Spear)"), "{err}");
    assert!(tome.show(BOAR_SPEAR).is_ok(), "nothing was removed");

    let mut c = tome.character(c.id).unwrap();
    c.items.clear();
    tome.save_character(&c).unwrap();
    let removed = tome.remove_pack("hearth-and-blade").unwrap();
    assert_eq!(removed.entries, 6);
    assert!(tome.show(BOAR_SPEAR).unwrap_err().is_not_found());
    assert!(search(&tome, "boar spear").iter().all(|h| h.pack.is_none()));
    assert!(tome.packs().unwrap().is_empty());
    assert_eq!(tome.db().integrity_problems().unwrap(), Vec::<String>::new());
    assert_eq!(tome.remove_pack("hearth-and-blade").unwrap_err().code(), ErrorCode::NotFound);
}

#[test]
fn a_single_file_pack_imports_and_links_its_own_entries_either_way() {
    let mut tome = Tome::open_in_memory().unwrap();
    let report = tome.import_pack(&example("fireside-tables.toml")).unwrap();
    assert_eq!((report.pack.name.as_str(), report.pack.entries), ("fireside-tables", 2));
    let table = tome.show("primal-wild/table/fireside-tables--shimmer-strength").unwrap();
    assert_eq!(table.links, ["primal-wild/rule/fireside-tables--lingering-glow"]);
    assert_eq!(tome.table(&table.id, Some(10)).unwrap().rows[0].cells[1], "blazing");
}

#[test]
fn ids_are_namespaced_so_no_pack_overwrites_shipped_content_or_another_pack() {
    let mut tome = Tome::open_in_memory().unwrap();
    let shipped = tome.show("ars-magica/weapon/sword-long").unwrap();
    // A pack entry named like a shipped one, even with the shipped slug written out.
    let a =
        pack_dir(&[("pack.toml", MANIFEST), ("ars-magica/w.toml", &weapon("Sword, Long", "slug = \"sword-long\""))]);
    tome.import_pack(a.path()).unwrap();
    let other = MANIFEST.replace("\"mine\"", "\"theirs\"");
    let b = pack_dir(&[("pack.toml", &other), ("ars-magica/w.toml", &weapon("Sword, Long", ""))]);
    tome.import_pack(b.path()).unwrap();

    assert_eq!(tome.show("ars-magica/weapon/sword-long").unwrap(), shipped, "shipped entry untouched");
    let mine = tome.show("ars-magica/weapon/mine--sword-long").unwrap();
    let theirs = tome.show("ars-magica/weapon/theirs--sword-long").unwrap();
    assert_eq!((mine.pack.as_deref(), theirs.pack.as_deref()), (Some("mine"), Some("theirs")));
    let names: Vec<_> =
        search(&tome, "sword long").into_iter().filter(|h| h.name == "Sword, Long").map(|h| h.id).collect();
    assert_eq!(names.len(), 3, "{names:?}");

    // A slug cannot smuggle in another pack's prefix, and a pack cannot link to another's entries.
    let sneaky =
        pack_dir(&[("pack.toml", MANIFEST), ("ars-magica/w.toml", &weapon("Club", "slug = \"theirs--club\""))]);
    let err = tome.import_pack(sneaky.path()).unwrap_err();
    assert!(err.to_string().contains("slug `theirs--club` must be"), "{err}");
    let linking = pack_dir(&[
        ("pack.toml", MANIFEST),
        ("ars-magica/w.toml", &weapon("Club", "links = [\"ars-magica/weapon/theirs--sword-long\"]")),
    ]);
    let err = tome.import_pack(linking.path()).unwrap_err();
    assert!(err.to_string().contains("is an entry of the pack `theirs`"), "{err}");
}

#[test]
fn importing_a_pack_again_updates_it_and_keeps_what_a_sheet_uses() {
    let mut tome = Tome::open_in_memory().unwrap();
    let v1 = format!("{}{}{}", weapon("Alpha", ""), weapon("Bravo", ""), weapon("Charlie", ""));
    let dir = pack_dir(&[("pack.toml", MANIFEST), ("ars-magica/w.toml", &v1)]);
    tome.import_pack(dir.path()).unwrap();
    let mut c = tome.create_character("ars-magica", "Aldo").unwrap();
    c.items = vec![tome.character_item("ars-magica/weapon/mine--bravo").unwrap()];
    let c = tome.save_character(&c).unwrap();

    let v2 = weapon("Alpha", "").replace("A house weapon.", "Sharper now.") + &weapon("Delta", "");
    std::fs::write(dir.path().join("ars-magica/w.toml"), v2).unwrap();
    std::fs::write(dir.path().join("pack.toml"), MANIFEST.replace("version = \"1\"", "version = \"2\"")).unwrap();
    let report = tome.import_pack(dir.path()).unwrap();
    assert_eq!(report.replaced.as_deref(), Some("1"));
    assert_eq!((report.added, report.updated, report.removed, report.retired), (1, 1, 1, 1));
    assert_eq!(tome.show("ars-magica/weapon/mine--alpha").unwrap().summary, "Sharper now.");
    assert!(tome.show("ars-magica/weapon/mine--charlie").unwrap_err().is_not_found(), "dropped and unused: deleted");
    let listed: Vec<_> = tome
        .list(Kind::Weapon, Some("ars-magica"))
        .unwrap()
        .into_iter()
        .filter(|w| w.pack.is_some())
        .map(|w| w.name)
        .collect();
    assert_eq!(listed, ["Alpha", "Delta"]);
    let sheet = tome.character(c.id).unwrap();
    assert!(sheet.items[0].retired, "dropped but on a sheet: kept, flagged retired");
    assert_eq!(tome.packs().unwrap()[0].version, "2");
}

/// Problems as `file-suffix:line: message`, for comparing.
fn problems(err: &Error) -> Vec<String> {
    err.problems()
        .unwrap_or_else(|| panic!("not a content error: {err}"))
        .iter()
        .map(|p| {
            let file = p.file.as_deref().unwrap_or_else(|| panic!("a pack problem names its file: {p}"));
            format!("{}:{}: {}", file.rsplit("broken/").next().unwrap(), p.line.unwrap_or(0), p.message)
        })
        .collect()
}

#[test]
fn a_broken_pack_is_refused_whole_with_every_problem_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let mut tome = Tome::open(&dir.path().join("tome.db")).unwrap();
    let before = entry_count(&tome);
    let err = tome.import_pack(&fixture("broken")).unwrap_err();
    assert_eq!(err.code(), ErrorCode::ContentInvalid);
    assert!(err.to_string().contains("nothing was changed"), "{err}");
    let got = problems(&err);
    let want = [
        "ars-magica/armor.toml:9: armor `Twice Made`: link `ars-magica/armor/no-such-armour` does not resolve",
        "ars-magica/armor.toml:9: duplicate id `ars-magica/armor/broken--twice-made`",
        "ars-magica/syntax.toml:2: ",
        "ars-magica/weapons.toml:13: unknown field `sharpness`",
        "ars-magica/weapons.toml:16: weapon `Word Club`: invalid type: string \"high\"",
        "ars-magica/weapons.toml:30: weapon `Giant Club`: 99 is out of range: expected -10 to 20",
        "ars-magica/weapons.toml:44: weapon `Sourceless Club`: missing field `section`",
        "mythcraft/conditions.toml:1: condition `Woozy`: implies `mythcraft/rule/damage`, which is not another mythcraft condition",
        "mythcraft/conditions.toml:7: condition `Lost`: `summary` is required and must not be empty",
        "pack.toml:1: system `pathfinder` is not one Tome has",
        "primal-wild/rules.toml:0: folder `primal-wild` is not one of the systems pack.toml lists",
        "stray.toml:0: content files belong in a folder named after their system",
    ];
    for w in want {
        assert!(got.iter().any(|g| g.starts_with(w)), "missing {w:?} in\n{}", got.join("\n"));
    }
    assert_eq!(got.len(), want.len(), "{}", got.join("\n"));
    assert_eq!(entry_count(&tome), before, "nothing was written");
    assert!(tome.packs().unwrap().is_empty());
    assert!(!dir.path().join("backups").exists(), "not even a backup: the pack was refused before anything");
}

/// A manifest and one rule, for cases that break one thing.
fn single(extra_manifest: &str, body: &str) -> String {
    format!("[pack]\nname = \"case\"\nversion = \"1\"\nauthor = \"Me\"\nsystems = [\"mythcraft\"]\n{extra_manifest}\n{body}")
}

const RULE: &str = "[[rule]]\nname = \"Fine\"\nsection = \"House\"\nsummary = \"Fine.\"\n";

/// Malformed single-file packs: each must be refused with a problem naming the file
/// (and never panic), quickly.
fn malformed_cases() -> Vec<(&'static str, Vec<u8>, &'static str)> {
    let deep_arrays = format!("[pack]\nx = {}{}\n", "[".repeat(50_000), "]".repeat(50_000));
    let deep_tables = format!("a = {}1{}\n", "{b = ".repeat(20_000), "}".repeat(20_000));
    let deep_keys = format!("{} = 1\n", vec!["a"; 20_000].join("."));
    let mut huge = single("", RULE).into_bytes();
    huge.extend(std::iter::repeat_n(b'#', 2 << 20));
    let many_rows: String = (1..=1500).map(|i| format!("  {{ cells = [\"{i}\"] }},\n")).collect::<String>();
    vec![
        ("empty file", Vec::new(), "empty"),
        ("only whitespace", b"  \n\t\n".to_vec(), "empty"),
        ("not UTF-8", b"[pack]\nname = \"caf\xe9\"\n".to_vec(), "not UTF-8"),
        ("binary", vec![0, 159, 146, 150, 0, 1, 2], "not UTF-8"),
        ("too large", huge, "the limit is 1 MiB"),
        ("deeply nested arrays", deep_arrays.into_bytes(), ""),
        ("deeply nested tables", deep_tables.into_bytes(), ""),
        ("deeply dotted keys", deep_keys.into_bytes(), ""),
        ("TOML syntax", b"[pack\nname = 1".to_vec(), ""),
        ("no manifest", RULE.as_bytes().to_vec(), "no `[pack]` table"),
        ("manifest misses fields", b"[pack]\nname = \"x\"\n".to_vec(), "missing field"),
        ("unknown manifest field", single("colour = \"red\"", RULE).into_bytes(), "unknown field `colour`"),
        ("systems of the wrong type", b"[pack]\nname=\"x\"\nversion=\"1\"\nauthor=\"a\"\nsystems=\"mythcraft\"\n".to_vec(), "invalid type"),
        ("no systems", b"[pack]\nname=\"x\"\nversion=\"1\"\nauthor=\"a\"\nsystems=[]\n".to_vec(), "at least one"),
        ("unknown system", b"[pack]\nname=\"x\"\nversion=\"1\"\nauthor=\"a\"\nsystems=[\"gurps\"]\n".to_vec(), "not one Tome has"),
        ("two systems in one file", b"[pack]\nname=\"x\"\nversion=\"1\"\nauthor=\"a\"\nsystems=[\"mlaf\", \"mythcraft\"]\n".to_vec(), "single-file pack adds to one system"),
        ("name with a double dash", single("", RULE).replace("\"case\"", "\"a--b\"").into_bytes(), "pack name"),
        ("name in capitals", single("", RULE).replace("\"case\"", "\"Case\"").into_bytes(), "pack name"),
        ("name too long", single("", RULE).replace("\"case\"", &format!("\"{}\"", "a".repeat(41))).into_bytes(), "pack name"),
        ("empty author", single("", RULE).replace("\"Me\"", "\"  \"").into_bytes(), "`author` is required"),
        ("unknown kind", single("", "[[wand]]\nname = \"Stick\"\n").into_bytes(), "unknown field `wand`"),
        ("kind not an array", format!("rule = 3\n{}", single("", "")).into_bytes(), "expected a sequence"),
        ("integer overflow", single("", "[[table]]\nname=\"T\"\nsection=\"S\"\nsummary=\"s\"\ncolumns=[\"a\"]\nrows=[{key={from=99999999999999999999}, cells=[\"x\"]}]\n").into_bytes(), ""),
        ("extreme roll range", single("", "[[table]]\nname=\"T\"\nsection=\"S\"\nsummary=\"s\"\ndice=\"1d6\"\ncolumns=[\"a\"]\nrows=[{roll=[-9223372036854775808, 9223372036854775807], cells=[\"x\"]}]\n").into_bytes(), "outside what 1d6 can roll"),
        ("absurd dice", single("", "[[table]]\nname=\"T\"\nsection=\"S\"\nsummary=\"s\"\ndice=\"4000000000d6\"\ncolumns=[\"a\"]\nrows=[{roll=[1,1], cells=[\"x\"]}]\n").into_bytes(), "dice"),
        ("too many rows", single("", &format!("[[table]]\nname=\"T\"\nsection=\"S\"\nsummary=\"s\"\ncolumns=[\"a\"]\nrows=[\n{many_rows}]\n")).into_bytes(), "at most 20 columns and 1000 rows"),
        ("body too long", single("", &format!("{RULE}body = \"{}\"\n", "x".repeat(100_001))).into_bytes(), "`body` is longer"),
        ("too many aliases", single("", &format!("{RULE}aliases = [{}]\n", (0..60).map(|i| format!("\"a{i}\"")).collect::<Vec<_>>().join(","))).into_bytes(), "aliases"),
        ("terminal escape in a name", single("", "[[rule]]\nname = \"Red\\u001b[31m\"\nsection = \"S\"\nsummary = \"s\"\n").into_bytes(), "control character U+001B"),
        // Issue 58: the name rule of characters, adversaries and parties.
        ("direction override in a name", single("", "[[rule]]\nname = \"Evil\\u202Etxt\"\nsection = \"S\"\nslug = \"evil\"\nsummary = \"s\"\n").into_bytes(), "the name cannot hold direction overrides"),
        ("a name only of zero-width spaces", single("", "[[rule]]\nname = \"\\u200B\\u200B\"\nsection = \"S\"\nslug = \"blank\"\nsummary = \"s\"\n").into_bytes(), "the name needs something that shows"),
        ("direction override in an alias", single("", &format!("{RULE}aliases = [\"Fi\\u202Ene\"]\n")).into_bytes(), "cannot hold direction overrides"),
        ("direction override in the title", single("title = \"Case\\u202E\"", RULE).into_bytes(), "`title` cannot hold direction overrides"),
        ("NUL in a summary", single("", "[[rule]]\nname = \"Nul\"\nsection = \"S\"\nsummary = \"a\\u0000b\"\n").into_bytes(), "control character U+0000"),
        ("not-a-number stat", b"[pack]\nname=\"x\"\nversion=\"1\"\nauthor=\"a\"\nsystems=[\"ars-magica\"]\n[[weapon]]\nname=\"W\"\nsection=\"S\"\nsummary=\"s\"\ngroup=\"melee\"\nability=\"Single\"\ninit=nan\natk=inf\ndfn=0\ndam=0\nstr=0\nload=0\ncost=\"standard\"\n".to_vec(), "invalid type"),
        ("link to nothing", single("", &format!("{RULE}links = [\"mythcraft/rule/nope\"]\n")).into_bytes(), "does not resolve"),
        ("link to itself", single("", &format!("{RULE}links = [\"mythcraft/rule/fine\"]\n")).into_bytes(), "links to itself"),
        ("slug not ASCII", single("", "[[rule]]\nname = \"Ärger\"\nsection = \"S\"\nsummary = \"s\"\n").into_bytes(), "not plain ASCII"),
        ("duplicate entries", single("", &format!("{RULE}{RULE}")).into_bytes(), "duplicate id"),
        ("duplicate keys", single("", "[[rule]]\nname = \"A\"\nname = \"B\"\nsection = \"S\"\nsummary = \"s\"\n").into_bytes(), ""),
        ("manifest twice", format!("{}\n[pack]\nname = \"y\"\n", single("", RULE)).into_bytes(), ""),
    ]
}

#[test]
fn an_import_shows_problems_from_the_folder_the_pack_was_picked_in() {
    let dir = tempfile::tempdir().unwrap();
    let mut tome = Tome::open(&dir.path().join("tome.db")).unwrap();
    let pack = fixture("broken");
    let base = pack.parent().unwrap();
    let whole = tome.import_pack(&pack).unwrap_err();
    let short = tome.import_pack_shown_from(&pack, Some(base)).unwrap_err();
    assert_eq!(short.code(), ErrorCode::ContentInvalid);
    let text = short.to_string();
    assert!(text.starts_with("pack broken cannot be imported; nothing was changed:"), "{text}");
    let prefix = format!("{}{}", base.display(), std::path::MAIN_SEPARATOR);
    assert!(!text.contains(&prefix), "no whole paths: {text}");
    // The same problems, in the same order, each file (and a file a message names) shown
    // from the folder the pack was picked in.
    let (whole, short) = (whole.problems().unwrap(), short.problems().unwrap());
    assert_eq!(whole.len(), short.len());
    for (w, s) in whole.iter().zip(short.iter()) {
        assert_eq!(s.file.as_deref().map(|f| format!("{prefix}{f}")), w.file, "{s}");
        assert!(s.file.as_deref().unwrap().starts_with("broken/"), "{s}");
        assert_eq!((s.line, &s.field), (w.line, &w.field));
        assert_eq!(s.message, w.message.replace(&prefix, ""));
    }
    assert!(short.iter().any(|p| p.message.contains("first defined at broken/")), "{short}");

    // A single file shows as its name.
    let file = dir.path().join("one.toml");
    std::fs::write(&file, single("", "[[rule]]\nname = \"A\"\n")).unwrap();
    let err = tome.import_pack_shown_from(&file, Some(dir.path())).unwrap_err();
    assert!(err.to_string().starts_with("pack one.toml cannot be imported"), "{err}");
    assert!(err.problems().unwrap().iter().all(|p| p.file.as_deref() == Some("one.toml")), "{err}");
}

#[test]
fn malformed_packs_are_refused_with_a_clear_problem_and_never_a_panic() {
    let shipped = SeedFiles::embedded().load().unwrap();
    let known = Known::from_content(&shipped);
    let cases = malformed_cases();
    for (what, bytes, expect) in &cases {
        let start = Instant::now();
        let result = tome::packs::check_bytes("case.toml", bytes, &known);
        let problems = match result {
            Ok(p) => panic!("{what}: accepted {} entries", p.entries.len()),
            Err(p) => p,
        };
        assert!(!problems.is_empty(), "{what}");
        let text = problems.to_string();
        assert!(
            problems.iter().all(|p| p.file.as_deref().is_some_and(|f| f.ends_with("case.toml"))),
            "{what}: every problem names the file: {text}"
        );
        assert!(text.contains(expect), "{what}: expected {expect:?} in {text}");
        assert!(start.elapsed().as_secs() < 5, "{what} took {:?}", start.elapsed());
    }
    eprintln!("{} malformed pack cases refused", cases.len());
}

#[test]
fn pack_folders_that_are_too_big_deep_or_linked_are_refused_without_reading_them() {
    let tome = Tome::open_in_memory().unwrap();
    let dir = pack_dir(&[("pack.toml", MANIFEST)]);
    // A 100 MB file (sparse: nothing is really written) is refused by its size alone.
    let f = std::fs::File::create(dir.path().join("ars-magica.toml")).unwrap();
    f.set_len(100 << 20).unwrap();
    std::fs::create_dir_all(dir.path().join("ars-magica")).unwrap();
    std::fs::rename(dir.path().join("ars-magica.toml"), dir.path().join("ars-magica/huge.toml")).unwrap();
    let start = Instant::now();
    let err = tome.check_pack(dir.path()).unwrap_err();
    assert!(start.elapsed().as_millis() < 2000);
    assert!(err.to_string().contains("the file is 104857600 bytes (100 MiB); the limit is 1 MiB"), "{err}");

    // The same file given alone.
    let err = tome.check_pack(&dir.path().join("ars-magica/huge.toml")).unwrap_err();
    assert!(err.to_string().contains("the limit is 1 MiB"), "{err}");

    // Folders nested too deep, and symbolic links (a loop), are not followed.
    let deep = pack_dir(&[("pack.toml", MANIFEST), ("ars-magica/a/b/c/d/e/f/g/h.toml", RULE)]);
    let err = tome.check_pack(deep.path()).unwrap_err();
    assert!(err.to_string().contains("deeper than 6"), "{err}");
    #[cfg(unix)]
    {
        let looped = pack_dir(&[("pack.toml", MANIFEST)]);
        std::os::unix::fs::symlink(looped.path(), looped.path().join("ars-magica")).unwrap();
        let err = tome.check_pack(looped.path()).unwrap_err();
        assert!(err.to_string().contains("symbolic link"), "{err}");
    }
    // An empty folder, a missing path.
    let empty = tempfile::tempdir().unwrap();
    assert!(tome.check_pack(empty.path()).unwrap_err().to_string().contains("no .toml files"));
    assert!(tome.check_pack(Path::new("/no/such/pack.toml")).unwrap_err().to_string().contains("no such file"));
}

#[test]
fn hostile_content_is_imported_and_kept_as_text() {
    let mut tome = Tome::open_in_memory().unwrap();
    let report = tome.import_pack(&fixture("hostile")).unwrap();
    assert_eq!(report.pack.entries, 4);
    assert_eq!(report.pack.author, "<img src=x onerror=alert('author')>");
    let id = "ars-magica/weapon/hostile--b-onmouseover-alert-name-cursed-blade-b";
    let e = tome.show(id).unwrap();
    assert_eq!(e.name, "<b onmouseover=alert('name')>Cursed Blade</b>");
    assert_eq!(e.source.section, "<script>alert('section')</script>");
    let file = std::fs::read_to_string(fixture("hostile/ars-magica/weapons.toml")).unwrap();
    for line in e.body.lines().filter(|l| !l.is_empty()) {
        assert!(file.contains(line), "the body is stored byte for byte: {line}");
    }
    assert!(e.body.contains("<script>alert('body script')</script>"));
    assert!(e.aliases.contains(&"<svg onload=alert('alias')>".to_string()));
    // Search over markup words works and returns the same text.
    let hits = search(&tome, "onerror");
    assert!(!hits.is_empty());
    let hits = search(&tome, "cursed blade");
    assert_eq!(hits[0].id, id);
    let table = tome.table("mythcraft/table/hostile--hostile-table", Some(2)).unwrap();
    assert_eq!(table.rows[0].cells[1], "<img src=x onerror=alert('cell')>");
}

#[test]
fn a_shipped_content_refresh_leaves_packs_and_imported_documents_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tome.db");
    {
        let mut tome = Tome::open(&path).unwrap();
        tome.import_pack(&example("hearth-and-blade")).unwrap();
        tome.import_text_file(&root().join("tests/fixtures/text/markdown-rules.md"), "mythcraft", None).unwrap();
    }
    // A build whose shipped content lost most of its entries, then this build again.
    let seed = SeedFiles::embedded();
    let mut content = seed.load().unwrap();
    content.entries.retain(|e| e.system == "ars-magica");
    {
        let mut db = tome::db::Db::open(&path).unwrap();
        let report = db.refresh_shipped(&content, "another build").unwrap();
        assert!(report.retired > 100);
        let pack_rows: i64 = db
            .connection()
            .query_row("SELECT count(*) FROM entry WHERE pack IS NOT NULL AND NOT retired", [], |r| r.get(0))
            .unwrap();
        assert_eq!(pack_rows, 6, "no pack entry retired");
    }
    let tome = Tome::open(&path).unwrap();
    assert_eq!(tome.packs().unwrap()[0].entries, 6);
    assert_eq!(tome.show(SOAKED).unwrap().pack.as_deref(), Some("hearth-and-blade"));
    assert!(search(&tome, "crossbar").iter().any(|h| h.id == BOAR_SPEAR), "pack bodies still in the full-text index");
    assert_eq!(tome.docs().unwrap().len(), 1);
    assert!(search(&tome, "cart low wall").iter().any(|h| h.kind == Kind::Section), "sections still searchable");
    assert_eq!(tome.db().integrity_problems().unwrap(), Vec::<String>::new());
}

// ---- The command line ----

#[test]
fn cli_imports_lists_shows_and_removes_packs() {
    let cli = Cli::new();
    let pack = example("hearth-and-blade");
    let out = cli.cmd(&["pack", "import", pack.to_str().unwrap()]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Imported pack hearth-and-blade 1.0.0"), "{text}");
    let list = cli.json(&["pack", "list"]);
    assert_eq!(list[0]["name"], "hearth-and-blade");
    assert_eq!(list[0]["entries"], 6);
    let out = cli.cmd(&["show", BOAR_SPEAR]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("weapon · ars-magica · pack hearth-and-blade"), "{text}");
    let out = cli.cmd(&["list", "weapon", "-s", "ars-magica"]).env("COLUMNS", "200").output().unwrap();
    assert!(String::from_utf8(out.stdout).unwrap().contains("Boar Spear [hearth-and-blade]"));
    let hits = cli.json(&["search", "soaked"]);
    assert_eq!(hits[0]["id"], SOAKED);
    assert_eq!(hits[0]["pack"], "hearth-and-blade");
    let removed = cli.json(&["pack", "remove", "hearth-and-blade"]);
    assert_eq!(removed["entries"], 6);
    cli.cmd(&["pack", "remove", "hearth-and-blade"]).assert().code(3);
}

#[test]
fn cli_reports_every_problem_of_a_broken_pack_as_json_with_exit_4() {
    let cli = Cli::new();
    let out = cli.cmd(&["--json", "pack", "import", fixture("broken").to_str().unwrap()]).output().unwrap();
    assert_eq!(out.status.code(), Some(4));
    let err: Value = serde_json::from_slice(&out.stderr).unwrap();
    assert_eq!(err["code"], "content_invalid");
    let problems = err["problems"].as_array().unwrap();
    assert_eq!(problems.len(), 12);
    assert!(problems.iter().all(|p| p["file"].as_str().unwrap().contains("broken") && p["message"].is_string()));
    assert!(problems.iter().any(|p| p["line"] == 30 && p["message"].as_str().unwrap().contains("out of range")));
    // The same shape as the app's: a problem in a file has no field.
    assert!(problems.iter().all(|p| p["field"].is_null()), "{err}");
    let check = cli.cmd(&["pack", "check", example("fireside-tables.toml").to_str().unwrap()]).output().unwrap();
    assert!(String::from_utf8(check.stdout).unwrap().contains("no problems"));
}

#[test]
fn cli_shows_hostile_text_without_terminal_escapes() {
    let cli = Cli::new();
    // A document with raw escape sequences: import keeps the text, drops the controls.
    let dir = tempfile::tempdir().unwrap();
    let doc = dir.path().join("escapes.txt");
    std::fs::write(&doc, "# Blinking\n\nThis text tries \x1b[5mto blink\x1b[0m and \x1b]0;retitle\x07the terminal.\n")
        .unwrap();
    cli.cmd(&["import-text", doc.to_str().unwrap(), "--system", "mlaf"]).assert().success();
    let out = cli.cmd(&["show", "mlaf/section/escapes--blinking"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!out.stdout.contains(&0x1b) && !out.stdout.contains(&0x07), "{:?}", String::from_utf8_lossy(&out.stdout));
    let pack = fixture("hostile");
    cli.cmd(&["pack", "import", pack.to_str().unwrap()]).assert().success();
    let out = cli.cmd(&["show", "mlaf/spell/hostile--script-kiddies-hex"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Succeeds on: 3+ <script>alert('success')</script>"), "shown as text: {text}");
}

/// The app open on a database while `tome pack add` runs in another process: once the
/// app notices the other process's commit (as it does several times a second), its
/// search finds the new pack's entries, and after `tome pack remove` no longer does.
#[test]
fn a_pack_added_by_another_process_is_found_by_the_open_apps_search() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tome.db");
    let mut app = Tome::open(&db).unwrap();
    assert!(search(&app, "boar spear").iter().all(|h| h.id != BOAR_SPEAR), "not there yet");
    let mut cli = Tome::open(&db).unwrap();
    cli.import_pack(&example("hearth-and-blade")).unwrap();
    assert!(app.notice_other_processes().unwrap());
    assert!(search(&app, "boar spear").iter().any(|h| h.id == BOAR_SPEAR), "the new pack is searched");
    cli.remove_pack("hearth-and-blade").unwrap();
    assert!(app.notice_other_processes().unwrap());
    assert!(search(&app, "boar spear").iter().all(|h| h.id != BOAR_SPEAR), "the removed pack is gone");
    // A commit that changes no content (another process's fight) keeps the index.
    let e = cli.create_encounter("mythcraft", "Bridge").unwrap().id;
    cli.encounter_add_npc(e, "Goblin", 1, std::collections::BTreeMap::new()).unwrap();
    assert!(app.notice_other_processes().unwrap());
    assert!(search(&app, "prone").iter().any(|h| h.id == "mythcraft/condition/prone"));
}

/// Issue 40, defect 5: a number past what a whole number holds is said so in words, not
/// in the parser's types (`as i128, expected i64`).
#[test]
fn a_number_too_large_in_a_pack_is_said_in_words() {
    let text = std::fs::read_to_string(example("fireside-tables.toml")).unwrap();
    let text = text.replace("{ roll = [10, 10]", "{ roll = [10, 99999999999999999999]");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("big.toml");
    std::fs::write(&file, text).unwrap();
    let mut tome = Tome::open_in_memory().unwrap();
    let err = tome.import_pack(&file).unwrap_err();
    let shown = err.to_string();
    assert!(shown.contains("the number 99999999999999999999 is too large"), "{shown}");
    assert!(!shown.contains("i128") && !shown.contains("i64"), "{shown}");
}
