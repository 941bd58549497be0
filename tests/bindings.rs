//! The UI's TypeScript types are generated from the Rust types, and its typed command
//! map (`commands.ts`) from the shell's command list (`tome::ipc_commands!`). This test
//! fails when `ui/src/lib/bindings/` is stale; run `UPDATE_BINDINGS=1 cargo test --test
//! bindings` (or `make bindings`) to regenerate them. Another checks that the shell's
//! command functions take and answer what the list says.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;
use std::path::{Path, PathBuf};

use ts_rs::{Config, TypeVisitor, TS};

fn generate(dir: &Path) {
    let cfg = Config::new().with_out_dir(dir).with_large_int("number");
    tome::model::System::export_all(&cfg).unwrap();
    tome::model::Entry::export_all(&cfg).unwrap();
    tome::model::ListItem::export_all(&cfg).unwrap();
    tome::model::Table::export_all(&cfg).unwrap();
    tome::model::SearchHit::export_all(&cfg).unwrap();
    tome::model::TableRoll::export_all(&cfg).unwrap();
    tome::rules::Calculator::export_all(&cfg).unwrap();
    tome::rules::Outcome::export_all(&cfg).unwrap();
    tome::dice::DiceRoll::export_all(&cfg).unwrap();
    tome::Kind::export_all(&cfg).unwrap();
    // Errors, with the problems of a refused input.
    tome::ErrorPayload::export_all(&cfg).unwrap();
    tome::error::Problem::export_all(&cfg).unwrap();
    // Homebrew packs and imported rules documents.
    tome::packs::PackInfo::export_all(&cfg).unwrap();
    tome::packs::PackImport::export_all(&cfg).unwrap();
    tome::textdocs::DocInfo::export_all(&cfg).unwrap();
    tome::textdocs::DocImport::export_all(&cfg).unwrap();
    // Characters and their sheets.
    tome::characters::CharacterSummary::export_all(&cfg).unwrap();
    tome::characters::Character::export_all(&cfg).unwrap();
    tome::characters::CharacterRevision::export_all(&cfg).unwrap();
    tome::characters::CharacterChange::export_all(&cfg).unwrap();
    tome::sheets::SheetLayout::export_all(&cfg).unwrap();
    tome::sheets::Derived::export_all(&cfg).unwrap();
    tome::sheets::CharacterView::export_all(&cfg).unwrap();
    // Printable sheets.
    tome::pdf::PdfOptions::export_all(&cfg).unwrap();
    // The commands, with every type they take and answer.
    let commands = commands(&cfg);
    std::fs::write(dir.join("commands.ts"), commands_ts(&commands)).unwrap();
}

/// A type a command takes or answers: as the list writes it in Rust, and in TypeScript
/// with the exported types it names (their files are written as they are found).
struct Ty {
    rust: &'static str,
    ts: String,
    names: BTreeSet<String>,
}

/// Visits a type and its type arguments, exporting every one that has a file of its own.
struct Exports<'a> {
    cfg: &'a Config,
    names: BTreeSet<String>,
}

impl TypeVisitor for Exports<'_> {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        if T::output_path().is_some() {
            T::export_all(self.cfg).unwrap();
            self.names.insert(T::ident(self.cfg));
        }
    }
}

fn ty<T: TS + 'static>(cfg: &Config, rust: &'static str) -> Ty {
    let mut exports = Exports { cfg, names: BTreeSet::new() };
    exports.visit::<T>();
    T::visit_generics(&mut exports);
    Ty { rust, ts: T::name(cfg), names: exports.names }
}

struct Command {
    name: &'static str,
    docs: Vec<&'static str>,
    args: Vec<(&'static str, Ty)>,
    answer: Ty,
}

/// `commands(cfg)`: every command of the list, described.
macro_rules! describe {
    ($($(#[doc = $doc:literal])* $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty;)*) => {
        fn commands(cfg: &Config) -> Vec<Command> {
            vec![$(Command {
                name: stringify!($name),
                docs: vec![$($doc),*],
                args: vec![$((stringify!($arg), ty::<$ty>(cfg, stringify!($ty)))),*],
                answer: ty::<$ret>(cfg, stringify!($ret)),
            }),*]
        }
    };
}

tome::ipc_commands!(describe);

/// `entry_id` → `entryId`: how Tauri expects a command's argument from the page.
fn camel(name: &str) -> String {
    let mut out = String::new();
    let mut upper = false;
    for c in name.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

fn js_doc(out: &mut String, indent: &str, lines: &[&str]) {
    let _ = writeln!(out, "{indent}/**");
    for line in lines {
        let line = line.strip_prefix(' ').unwrap_or(line);
        let _ = writeln!(out, "{indent} *{}{line}", if line.is_empty() { "" } else { " " });
    }
    let _ = writeln!(out, "{indent} */");
}

/// The typed command map: for each command, the arguments the page sends and the answer.
fn commands_ts(commands: &[Command]) -> String {
    let names: BTreeSet<&String> =
        commands.iter().flat_map(|c| c.args.iter().map(|(_, t)| t).chain([&c.answer])).flat_map(|t| &t.names).collect();
    let mut out = String::from(
        "// This file was generated by tests/bindings.rs from the command list in src/ipc.rs (`tome::ipc_commands!`). \
         Do not edit this file manually.\n",
    );
    for name in names {
        let _ = writeln!(out, "import type {{ {name} }} from \"./{name}\";");
    }
    out.push('\n');
    js_doc(
        &mut out,
        "",
        &[
            " Every command the desktop shell registers, by name: the arguments the page sends (named",
            " as Tauri expects them, in camelCase) and what it answers. A command that fails rejects",
            " with an `ErrorPayload`.",
        ],
    );
    out.push_str("export type Commands = {\n");
    for c in commands {
        js_doc(&mut out, "  ", &c.docs);
        let args = if c.args.is_empty() {
            "Record<string, never>".to_string()
        } else {
            let fields: Vec<String> = c.args.iter().map(|(name, t)| format!("{}: {}", camel(name), t.ts)).collect();
            format!("{{ {} }}", fields.join("; "))
        };
        let _ = writeln!(out, "  {}: {{ args: {args}; answer: {} }};", c.name, c.answer.ts);
    }
    out.push_str("};\n\n");
    js_doc(&mut out, "", &[" Every command's name, in the order the shell registers them."]);
    let list: Vec<String> = commands.iter().map(|c| format!("\"{}\"", c.name)).collect();
    let _ = writeln!(
        out,
        "export const commandNames = [{}] as const satisfies ReadonlyArray<keyof Commands>;",
        list.join(", ")
    );
    out
}

fn read_dir(dir: &Path) -> BTreeMap<String, String> {
    let Ok(entries) = std::fs::read_dir(dir) else { return BTreeMap::new() };
    entries
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "ts"))
        .map(|e| (e.file_name().to_string_lossy().into_owned(), std::fs::read_to_string(e.path()).unwrap()))
        .collect()
}

#[test]
fn ui_bindings_are_up_to_date() {
    let committed: PathBuf = [env!("CARGO_MANIFEST_DIR"), "ui", "src", "lib", "bindings"].iter().collect();
    let fresh = tempfile::tempdir().unwrap();
    generate(fresh.path());
    let want = read_dir(fresh.path());
    assert!(want.contains_key("Entry.ts"), "{:?}", want.keys());
    if std::env::var_os("UPDATE_BINDINGS").is_some() {
        std::fs::create_dir_all(&committed).unwrap();
        for old in read_dir(&committed).keys() {
            std::fs::remove_file(committed.join(old)).unwrap();
        }
        for (name, text) in &want {
            std::fs::write(committed.join(name), text).unwrap();
        }
        return;
    }
    let have = read_dir(&committed);
    assert_eq!(
        have.keys().collect::<Vec<_>>(),
        want.keys().collect::<Vec<_>>(),
        "ui/src/lib/bindings is stale: run `make bindings`"
    );
    for (name, text) in &want {
        assert_eq!(&have[name], text, "ui/src/lib/bindings/{name} is stale: run `make bindings`");
    }
}

/// A type as written, for comparing: no spaces, no paths (`tome::dice::DiceRoll` and
/// `$crate::dice::DiceRoll` are both `DiceRoll`).
fn plain(t: &str) -> String {
    let mut out = String::new();
    let mut word = String::new();
    let mut chars = t.chars().filter(|c| !c.is_whitespace()).peekable();
    while let Some(c) = chars.next() {
        if c.is_alphanumeric() || c == '_' || c == '$' {
            word.push(c);
        } else if c == ':' && chars.peek() == Some(&':') {
            chars.next();
            word.clear();
        } else {
            out.push_str(&word);
            word.clear();
            out.push(c);
        }
    }
    out + &word
}

/// `text` split at the commas outside `<…>` and `(…)`.
fn top_level(text: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0, 0);
    for (i, c) in text.char_indices() {
        match c {
            '<' | '(' => depth += 1,
            '>' | ')' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts.into_iter().filter(|p| !p.trim().is_empty()).collect()
}

/// A command as the shell's function declares it.
#[derive(Debug, PartialEq)]
struct Declared {
    name: String,
    /// The arguments the page sends: the shell's own parameters (its state, the window)
    /// left out.
    args: Vec<(String, String)>,
    /// What it answers: the `T` of its `Reply<T>`.
    answer: String,
}

/// Every `#[tauri::command]` function in the shell's source.
fn shell_commands() -> Vec<Declared> {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "src-tauri", "src", "main.rs"].iter().collect();
    let text = std::fs::read_to_string(path).unwrap();
    let own = ["State<", "WebviewWindow", "Window", "AppHandle"];
    text.split("#[tauri::command]")
        .skip(1)
        .map(|chunk| {
            let rest = &chunk[chunk.find("fn ").expect("a command is a function") + 3..];
            let open = rest.find('(').unwrap();
            let mut depth = 0;
            let close = open
                + rest[open..]
                    .char_indices()
                    .find(|&(_, c)| {
                        depth += match c {
                            '(' | '<' => 1,
                            ')' | '>' => -1,
                            _ => 0,
                        };
                        depth == 0
                    })
                    .unwrap()
                    .0;
            let args = top_level(&rest[open + 1..close])
                .into_iter()
                .map(|p| p.split_once(':').unwrap())
                .filter(|(_, t)| !own.iter().any(|o| t.trim().starts_with(o)))
                .map(|(n, t)| (n.trim().to_string(), plain(t)))
                .collect();
            let after = &rest[close + 1..];
            let answer = plain(after[..after.find('{').unwrap()].trim().trim_start_matches("->"));
            let answer = answer
                .strip_prefix("Reply<")
                .and_then(|a| a.strip_suffix('>'))
                .unwrap_or_else(|| panic!("the shell's commands answer Reply<T> (the core's ErrorPayload): {answer}"));
            Declared { name: rest[..open].trim().to_string(), args, answer: answer.to_string() }
        })
        .collect()
}

#[test]
fn the_shell_commands_take_and_answer_what_the_list_says() {
    let cfg = Config::new().with_out_dir(tempfile::tempdir().unwrap().path()).with_large_int("number");
    let listed: Vec<Declared> = commands(&cfg)
        .into_iter()
        .map(|c| Declared {
            name: c.name.to_string(),
            args: c.args.iter().map(|(n, t)| (n.to_string(), plain(t.rust))).collect(),
            // Raw bytes: the shell answers a `tauri::ipc::Response`.
            answer: match plain(c.answer.rust).as_str() {
                "Bytes" => "Response".to_string(),
                other => other.to_string(),
            },
        })
        .collect();
    let mut declared = shell_commands();
    assert!(declared.len() > 20, "{declared:?}");
    // The shell registers the list (`tome::ipc_commands!` makes its `invoke_handler`), so
    // each listed command must be a function there, and each function listed.
    declared.sort_by_key(|d| listed.iter().position(|l| l.name == d.name).unwrap_or(usize::MAX));
    for (l, d) in listed.iter().zip(&declared) {
        assert_eq!(d, l, "src-tauri/src/main.rs declares `{}` unlike src/ipc.rs", l.name);
    }
    assert_eq!(
        declared.iter().map(|d| &d.name).collect::<Vec<_>>(),
        listed.iter().map(|l| &l.name).collect::<Vec<_>>(),
        "the shell's commands and src/ipc.rs's list differ"
    );
}
