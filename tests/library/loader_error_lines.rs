//! Where the problems of the second and later entries of a broken file are reported:
//! at their entry, or at the field when the entry may not have that field.

use tome::seed::{SeedFile, SeedFiles};

const SYSTEMS: &str = "[[system]]\nid = \"demo\"\nname = \"Demo\"\ndocument = \"demo.txt\"\ntitle = \"Demo rules\"\n";

fn weapon(name: &str, extra: &str) -> String {
    format!(
        "[[weapon]]\nname = \"{name}\"\nsection = \"Weapons\"\nsummary = \"A stick.\"\ngroup = \"melee\"\nability = \"Single\"\ninit = 1\natk = 2\ndfn = 1\ndam = 3\nstr = -2\nload = 1\ncost = \"inexpensive\"\n{extra}"
    )
}

/// The problems of one content file, as `line: message`.
fn problems(text: &str) -> Vec<String> {
    let files = vec![
        SeedFile { path: "systems.toml".into(), text: SYSTEMS.into() },
        SeedFile { path: "demo/a.toml".into(), text: text.into() },
    ];
    match (SeedFiles { root: "fx".into(), files }).load() {
        Ok(_) => panic!("should not load"),
        Err(p) => p.iter().map(|p| format!("{}: {}", p.line.unwrap_or(0), p.message)).collect(),
    }
}

fn has(got: &[String], want: &str) {
    assert!(got.iter().any(|g| g.starts_with(want)), "missing {want:?} in {got:#?}");
}

#[test]
fn a_later_entry_with_an_unknown_field_is_reported_at_the_field() {
    let text = format!("{}\n{}", weapon("Club", "weight = 3\n"), weapon("Mace", "\nheft = 4\n"));
    let got = problems(&text);
    has(&got, "14: unknown field `weight`");
    has(&got, "30: weapon `Mace`: unknown field `heft`");
    assert_eq!(got.len(), 2, "{got:#?}");
}

#[test]
fn later_entries_with_bad_values_or_missing_fields_are_reported_at_their_entry() {
    let text = format!(
        "{}\n{}\n{}",
        weapon("Club", "").replace("atk = 2", "atk = 99"),
        weapon("Mace", "").replace("dam = 3", "dam = \"three\""),
        weapon("Flail", "").replace("section = \"Weapons\"\n", "")
    );
    let got = problems(&text);
    has(&got, "8: 99 is out of range");
    has(&got, "15: weapon `Mace`: invalid type: string \"three\"");
    has(&got, "29: weapon `Flail`: missing field `section`");
    assert_eq!(got.len(), 3, "{got:#?}");
}

#[test]
fn unknown_kinds_and_kinds_that_are_not_arrays_are_reported_at_their_key() {
    let text = format!("rule = 3\n\n{}\n[[wand]]\nname = \"Stick\"\n", weapon("Club", ""));
    let got = problems(&text);
    has(&got, "1: invalid type: integer `3`, expected a sequence");
    has(&got, "17: unknown kind `wand`");
    assert_eq!(got.len(), 2, "{got:#?}");
}

#[test]
fn entries_written_inline_are_reported_at_their_own_line() {
    let text = "weapon = [\n  { name = \"Club\" },\n  { name = \"Mace\", section = \"W\" },\n]\n";
    let got = problems(text);
    has(&got, "2: missing field `section`");
    has(&got, "3: weapon `Mace`: missing field `summary`");
    assert_eq!(got.len(), 2, "{got:#?}");
}

#[test]
fn a_manifest_in_shipped_content_is_checked_after_the_first_problem() {
    let text = "[[armor]]\nname = \"Coat\"\n\n[pack]\nname = \"p\"\ncolour = \"red\"\n";
    let got = problems(text);
    has(&got, "1: missing field `section`");
    has(&got, "6: [pack]: unknown field `colour`");
    assert_eq!(got.len(), 2, "{got:#?}");
}
