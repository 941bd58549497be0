//! No read of the database on the command line's or the API's paths drops its error
//! (issue 73): a lookup that fails is the read's failure (or the damaged row named),
//! never a fallback to an id, a number or nothing. Drawn from the code: every call of a
//! fallible method of `Tome`, `Db` or the `Rulebook` (on `tome`, `self`, `self.db`, …)
//! whose `Result` is turned into an `Option` or a default (`.ok()`, `.unwrap_or…`,
//! `.is_ok()`, `if let Ok(…)`, a `match` with `Err(_) =>`) is named, unless it is in
//! [`ALLOWED`] with the reason its error may go.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Swallowed results kept on purpose: (file under `src/`, a piece of the expression, why).
/// Each must still be found, so a line fixed or removed leaves the list.
const ALLOWED: &[(&str, &str, &str)] = &[
    (
        "api/foundry.rs",
        "self.system_name(",
        "the words of a refusal already made (no Foundry system for it): a system whose name does not read is said by its id",
    ),
    (
        "api/encounters.rs",
        "drop_encounter_checkpoint",
        "a write, not a read: a checkpoint is a cache, and one not dropped is passed over again next time",
    ),
    (
        "api/encounters.rs",
        "put_encounter_checkpoint",
        "a write, not a read: a checkpoint is a cache, and a file that cannot take one (read-only) is replayed",
    ),
    (
        "api/encounters.rs",
        "rewrite_encounter_event",
        "a write, not a read: an older Add's stats, read from the revisions again next time to the same result",
    ),
    (
        "api/mod.rs",
        "store_index",
        "a write, not a read: the kept search index saves time only, and a read-only file is searched all the same",
    ),
    (
        "api/mod.rs",
        "self.search(raw, &filter)",
        "the \"did you mean\" of a refusal already made (`Rulebook::close_names` answers names, not a result)",
    ),
    (
        "api/encounters.rs",
        "self.index().map(|index| crate::search::names",
        "the \"did you mean\" of a refusal already made (an unknown condition)",
    ),
];

/// The code of a Rust file with comments, strings and character literals blanked (line
/// breaks kept), and the tests at its end (`#[cfg(test)]`) left out.
fn code_of(text: &str) -> String {
    let text = text.split("#[cfg(test)]").next().unwrap_or_default();
    let b: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(b.len());
    let mut i = 0;
    let blank = |out: &mut String, c: char| out.push(if c == '\n' { '\n' } else { ' ' });
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                blank(&mut out, b[i]);
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            while i < b.len() && !(b[i] == '*' && b.get(i + 1) == Some(&'/')) {
                blank(&mut out, b[i]);
                i += 1;
            }
            out.push_str("  ");
            i += 2;
        } else if c == '"' || (c == 'r' && (next == Some('"') || next == Some('#')) && !ident(b.get(i.wrapping_sub(1))))
        {
            // A string, raw or not: blanked to its end.
            let mut hashes = 0;
            let raw = c == 'r';
            if raw {
                i += 1;
                while b.get(i) == Some(&'#') {
                    hashes += 1;
                    i += 1;
                }
                if b.get(i) != Some(&'"') {
                    out.push('r');
                    out.extend(std::iter::repeat_n('#', hashes));
                    continue;
                }
                out.push(' ');
                out.extend(std::iter::repeat_n(' ', hashes));
            }
            out.push('"');
            i += 1;
            while i < b.len() {
                if !raw && b[i] == '\\' {
                    blank(&mut out, b[i]);
                    blank(&mut out, b.get(i + 1).copied().unwrap_or(' '));
                    i += 2;
                    continue;
                }
                if b[i] == '"' && (0..hashes).all(|h| b.get(i + 1 + h) == Some(&'#')) {
                    out.push('"');
                    out.extend(std::iter::repeat_n(' ', hashes));
                    i += 1 + hashes;
                    break;
                }
                blank(&mut out, b[i]);
                i += 1;
            }
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{1F}'), not a lifetime ('a).
            let end = if next == Some('\\') {
                (i + 2..b.len()).find(|&j| b[j] == '\'')
            } else if b.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match end {
                Some(end) => {
                    out.push_str("' ");
                    out.extend(std::iter::repeat_n(' ', end - i - 2));
                    out.push('\'');
                    i = end + 1;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident(c: Option<&char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || *c == '_')
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                if name != "tests" {
                    stack.push(path);
                }
            } else if name.ends_with(".rs") && !name.starts_with("tests") && !name.ends_with("_tests.rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The methods that read the database and may fail: every `fn` of `src/api/`, `src/db/`
/// and the rulebook taking `&self` and returning a `Result`; and the functions anywhere
/// that take the API, the database or a rulebook and return a `Result` (the rules'
/// `resolve_entry`), keyed `fn NAME`.
fn fallible_reads() -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let home = [rust_files(&src().join("api")), rust_files(&src().join("db")), vec![src().join("rulebook.rs")]];
    let home: BTreeSet<PathBuf> = home.into_iter().flatten().collect();
    for path in rust_files(&src()) {
        let code = code_of(&std::fs::read_to_string(&path).unwrap());
        let mut rest = code.as_str();
        while let Some(at) = rest.find("fn ") {
            let before = rest[..at].chars().last();
            rest = &rest[at + 3..];
            if ident(before.as_ref()) {
                continue;
            }
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            let end = rest.find(['{', ';']).unwrap_or(rest.len());
            let signature = &rest[..end];
            if !signature.contains("Result<") {
                continue;
            }
            if signature.contains("self") && home.contains(&path) {
                names.insert(name);
            } else if !signature.contains("self")
                && ["Rulebook", "&Tome", "&Db", "&mut Tome"].iter().any(|t| signature.contains(t))
            {
                names.insert(format!("fn {name}"));
            }
        }
    }
    names
}

/// What a fallible read may be called on: the API, the database, and the API's own `self`.
const RECEIVERS: &[&str] =
    &["tome", "self", "self.db", "tome.db", "tome.db()", "self.db()", "db", "again", "book", "rulebook"];

/// Whether `expr` calls one of `reads` on one of [`RECEIVERS`] and does not pass its error
/// on with `?` at once.
fn reads_in(expr: &str, reads: &BTreeSet<String>) -> Option<String> {
    let c: Vec<char> = expr.chars().collect();
    for (i, _) in expr.char_indices().filter(|(_, ch)| *ch == '.') {
        let i = expr[..i].chars().count();
        let name: String = c[i + 1..].iter().take_while(|c| c.is_alphanumeric() || **c == '_').collect();
        let open = i + 1 + name.chars().count();
        if c.get(open) != Some(&'(') || !reads.contains(&name) {
            continue;
        }
        // The receiver: the words and `.`/`()` just before the dot.
        let mut start = i;
        while start > 0 && (ident(c.get(start - 1)) || matches!(c[start - 1], '.' | '(' | ')')) {
            if c[start - 1] == '(' && c.get(start) != Some(&')') {
                break;
            }
            start -= 1;
        }
        let receiver: String = c[start..i].iter().collect();
        let receiver = receiver.trim_start_matches(['(', ')', '.']).trim_start_matches('&');
        if !RECEIVERS.contains(&receiver) {
            continue;
        }
        let close = closing(&c, open);
        let after: String = c[(close + 1).min(c.len())..].iter().take(9).collect();
        if after.starts_with('?') || after.starts_with(".found()?") {
            continue;
        }
        return Some(format!("{receiver}.{name}"));
    }
    // A function given the API or the database as its first argument.
    for (i, _) in expr.char_indices().filter(|(_, ch)| *ch == '(') {
        let i = expr[..i].chars().count();
        let mut start = i;
        while start > 0 && ident(c.get(start - 1)) {
            start -= 1;
        }
        let name: String = c[start..i].iter().collect();
        if name.is_empty() || c.get(start.wrapping_sub(1)) == Some(&'.') || !reads.contains(&format!("fn {name}")) {
            continue;
        }
        let close = closing(&c, i);
        let args: String = c[i + 1..close.min(c.len())].iter().collect();
        let first = args.split(',').next().unwrap_or_default().trim().trim_start_matches('&');
        if RECEIVERS.contains(&first) && c.get(close + 1) != Some(&'?') {
            return Some(format!("{name}({first}, …)"));
        }
    }
    None
}

/// The index of the bracket closing the one at `open`.
fn closing(c: &[char], open: usize) -> usize {
    let mut depth = 0;
    for (j, ch) in c.iter().enumerate().skip(open) {
        match ch {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => {
                depth -= 1;
                if depth == 0 {
                    return j;
                }
            }
            _ => {}
        }
    }
    c.len()
}

/// The expression ending at `end` (the receiver of a method called there): back to the
/// bracket, separator or assignment that begins it.
fn expression_before(c: &[char], end: usize) -> usize {
    let mut depth = 0i32;
    let mut j = end;
    while j > 0 {
        let ch = c[j - 1];
        match ch {
            '}' if depth == 0 => return j,
            ')' | ']' | '}' => depth += 1,
            '(' | '[' | '{' => {
                if depth == 0 {
                    return j;
                }
                depth -= 1;
            }
            ';' | ',' | '|' if depth == 0 => return j,
            '=' if depth == 0
                && !matches!(c.get(j), Some('='))
                && !matches!(c.get(j - 2), Some('=' | '!' | '<' | '>')) =>
            {
                return j;
            }
            _ => {}
        }
        j -= 1;
    }
    0
}

/// The expression starting at `start`, to the `{` that opens the block after it.
fn expression_to_block(c: &[char], start: usize) -> usize {
    let mut depth = 0;
    for (j, ch) in c.iter().enumerate().skip(start) {
        match ch {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            '{' if depth == 0 => return j,
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
    }
    c.len()
}

struct Swallow {
    file: String,
    line: usize,
    expr: String,
    read: String,
}

fn swallows(path: &Path, reads: &BTreeSet<String>) -> Vec<Swallow> {
    let code = code_of(&std::fs::read_to_string(path).unwrap());
    let c: Vec<char> = code.chars().collect();
    let file = path.strip_prefix(src()).unwrap_or(path).to_string_lossy().into_owned();
    let line_of = |at: usize| c[..at].iter().filter(|ch| **ch == '\n').count() + 1;
    let find_all = |needle: &str| {
        let n: Vec<char> = needle.chars().collect();
        (0..c.len().saturating_sub(n.len())).filter(|&i| c[i..i + n.len()] == n[..]).collect::<Vec<_>>()
    };
    let mut spans = Vec::new();
    // A result turned into an option or a default where it stands.
    for token in [
        ".ok()",
        ".unwrap_or(",
        ".unwrap_or_default()",
        ".unwrap_or_else(",
        ".is_ok()",
        ".is_err()",
        ".map_or(",
        ".map_or_else(",
        ".is_ok_and(",
    ] {
        for at in find_all(token) {
            spans.push((expression_before(&c, at), at));
        }
    }
    // `if let Ok(…) = EXPR {`, `while let Ok(…) = EXPR {`, `let Ok(…) = EXPR else {`.
    for at in find_all("let Ok(") {
        let Some(eq) = (at..c.len()).find(|&j| c[j] == '=') else { continue };
        let end = expression_to_block(&c, eq + 1);
        spans.push((eq + 1, end));
    }
    // `match EXPR { … Err(_) => … }`, unless an arm before passes damage on.
    for at in find_all("match ") {
        if ident(at.checked_sub(1).and_then(|j| c.get(j))) {
            continue;
        }
        let open = expression_to_block(&c, at + 6);
        let close = closing(&c, open);
        let arms: String = c[open..close.min(c.len())].iter().collect();
        let catch_all = arms.find("Err(_)").or_else(|| arms.find("Err(_e)"));
        if catch_all.is_some_and(|at| !arms[..at].contains("is_damage()")) {
            spans.push((at + 6, open));
        }
    }
    let mut found = Vec::new();
    for (from, to) in spans {
        let expr: String = c[from..to].iter().collect();
        if let Some(read) = reads_in(&expr, reads) {
            let expr = expr.split_whitespace().collect::<Vec<_>>().join(" ");
            found.push(Swallow { file: file.clone(), line: line_of(from), expr, read });
        }
    }
    found.sort_by_key(|s| s.line);
    found
}

/// Issue 73: `tome show` printed "See also: …, mythcraft/rule/abbreviations" when the
/// name of a related entry did not read, and `encounter show` "from stat block #46" when
/// that adversary was damaged, both with exit 0.
#[test]
fn no_read_of_the_database_drops_its_error() {
    let reads = fallible_reads();
    for known in ["show", "adversary", "character", "entry"] {
        assert!(reads.contains(known), "{known} is a fallible read: {reads:?}");
    }
    let mut files = rust_files(&src().join("cli"));
    files.extend(rust_files(&src().join("api")));
    let found: Vec<Swallow> = files.iter().flat_map(|f| swallows(f, &reads)).collect();
    let mut used = vec![false; ALLOWED.len()];
    let mut wrong = Vec::new();
    for s in &found {
        match ALLOWED.iter().position(|(file, piece, _)| *file == s.file && s.expr.contains(piece)) {
            Some(k) => used[k] = true,
            None => wrong.push(format!("src/{}:{}: `{}` drops the error of {}", s.file, s.line, s.expr, s.read)),
        }
    }
    for (k, (file, piece, _)) in ALLOWED.iter().enumerate() {
        if !used[k] {
            wrong.push(format!("ALLOWED names `{piece}` in src/{file}, which no longer drops a read's error there"));
        }
    }
    assert!(wrong.is_empty(), "database reads whose errors are dropped:\n{}", wrong.join("\n"));
}

/// The scanner itself finds the shapes it looks for, and passes `?`.
#[test]
fn the_scanner_finds_each_shape() {
    let reads: BTreeSet<String> = ["show", "adversary", "fn resolve"].into_iter().map(String::from).collect();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("x.rs");
    let code = r#"
fn a(tome: &Tome) { let n = tome.show(id).map(|e| e.name).unwrap_or_else(|_| id.to_string()); }
fn b(tome: &Tome) { let n = ids.filter_map(|id| Some((id, tome.adversary(id).ok()?.name))); }
fn c(&self) { if let Ok(a) = self.adversary(1) { x(a) } }
fn d(&self) { match self.show("x") { Ok(e) => e, Err(_) => fallback() } }
fn d2(&self) { match self.show("x") { Ok(e) => e, Err(e) if e.is_damage() => return Err(e), Err(_) => 0 } }
fn d3(&self) { let Ok(rows) = self.show("y") else { return Vec::new() }; }
fn fine(tome: &Tome) { let n = tome.show(id)?.links.first().cloned().unwrap_or_default(); }
fn found(tome: &Tome) { let n = tome.show(id).found()?.map(|e| e.name).unwrap_or_default(); }
fn e(tome: &Tome) { let x = rules::resolve(tome, "a").ok(); let y = rules::resolve(tome, "b")?; }
fn other(layout: &Layout) { layout.show(1).unwrap_or_default(); "tome.show(x).ok()"; }
// tome.show(x).ok()
"#;
    std::fs::write(&file, code).unwrap();
    let found: Vec<String> = swallows(&file, &reads).into_iter().map(|s| format!("{} {}", s.line, s.read)).collect();
    assert_eq!(found.len(), 6, "{found:?}");
    for want in
        ["2 tome.show", "3 tome.adversary", "4 self.adversary", "5 self.show", "7 self.show", "10 resolve(tome, …)"]
    {
        assert!(found.iter().any(|f| f == want), "{want} in {found:?}");
    }
}
