//! The front page and the user guide hold together: every relative link and image in
//! README.md and in the guide's chapters (docs/guide/src/) names a file that exists,
//! and a `#fragment` a heading of the page it points at; the guide's SUMMARY.md lists
//! every chapter there is, and only those (the layout mdBook reads: `make guide`).
//! Links to other sites (`https:`, `mailto:`) are not followed: Tome works offline.

use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn guide_src() -> PathBuf {
    root().join("docs/guide/src")
}

/// The pages checked: README.md and every Markdown file of the guide.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md")];
    let mut chapters: Vec<PathBuf> = std::fs::read_dir(guide_src())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    chapters.sort();
    pages.extend(chapters);
    pages
}

/// A page's text with its fenced blocks and code spans blanked out, so that a
/// `[x](y)` shown as code is not taken for a link. Lines keep their numbers.
fn prose(text: &str) -> Vec<String> {
    let mut fenced = false;
    text.lines()
        .map(|line| {
            if line.trim_start().starts_with("```") {
                fenced = !fenced;
                return String::new();
            }
            if fenced {
                return String::new();
            }
            let mut out = String::new();
            let mut in_code = false;
            for ch in line.chars() {
                if ch == '`' {
                    in_code = !in_code;
                } else if !in_code {
                    out.push(ch);
                }
            }
            out
        })
        .collect()
}

/// The targets of a line's inline links and images (`[text](target)`,
/// `![alt](target "title")`) and of its HTML `src="…"`/`href="…"`.
fn targets(line: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let Some(end) = after.find(')') else { break };
        let target = after[..end].split_whitespace().next().unwrap_or("");
        found.push(target.trim_matches(['<', '>']).to_string());
        rest = &after[end..];
    }
    for attr in ["src=\"", "href=\""] {
        let mut rest = line;
        while let Some(at) = rest.find(attr) {
            let after = &rest[at + attr.len()..];
            let Some(end) = after.find('"') else { break };
            found.push(after[..end].to_string());
            rest = &after[end..];
        }
    }
    found
}

/// The anchors a Markdown page's headings give, as GitHub and mdBook write them:
/// lower case, spaces to hyphens, punctuation other than `-` and `_` dropped.
fn anchors(text: &str) -> BTreeSet<String> {
    prose(text)
        .iter()
        .filter_map(|l| l.strip_prefix('#'))
        .map(|h| {
            h.trim_start_matches('#')
                .trim()
                .to_lowercase()
                .chars()
                .filter_map(|c| match c {
                    ' ' => Some('-'),
                    c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                    _ => None,
                })
                .collect()
        })
        .collect()
}

/// `a/b/../c` as `a/c`, without asking the file system (the target may not exist).
fn normal(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// What is wrong with one link of `page`, if anything.
fn problem(page: &Path, target: &str) -> Option<String> {
    if target.is_empty() {
        return Some("an empty link".into());
    }
    if target.contains("://") || target.starts_with("mailto:") {
        return None;
    }
    if target.starts_with('/') {
        return Some(format!("`{target}` is absolute: a link must be relative to its page"));
    }
    let (path, fragment) = match target.split_once('#') {
        Some((p, f)) => (p, Some(f)),
        None => (target, None),
    };
    let file = if path.is_empty() { page.to_path_buf() } else { normal(&page.parent().unwrap().join(path)) };
    if !file.starts_with(root()) {
        return Some(format!("`{target}` leaves the repository"));
    }
    if !file.exists() {
        return Some(format!("`{target}`: no such file"));
    }
    if let Some(fragment) = fragment.filter(|_| file.extension().is_some_and(|x| x == "md")) {
        let text = std::fs::read_to_string(&file).unwrap();
        if !anchors(&text).contains(fragment) {
            return Some(format!("`{target}`: {} has no heading `#{fragment}`", file.display()));
        }
    }
    None
}

/// Every relative link and image in README and the guide resolves.
#[test]
fn every_relative_link_and_image_resolves() {
    let mut problems = Vec::new();
    let mut links = 0;
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        for (n, line) in prose(&text).iter().enumerate() {
            for target in targets(line) {
                links += 1;
                if let Some(p) = problem(&page, &target) {
                    problems.push(format!("{}:{}: {p}", page.strip_prefix(root()).unwrap().display(), n + 1));
                }
            }
        }
    }
    assert!(links > 40, "only {links} links found: is the scan reading the pages?");
    assert!(problems.is_empty(), "links that do not resolve:\n{}", problems.join("\n"));
}

/// SUMMARY.md, mdBook's table of contents, names each chapter file once, and every
/// chapter file is named in it (mdBook builds only what SUMMARY lists).
#[test]
fn the_guide_summary_lists_every_chapter() {
    let summary = std::fs::read_to_string(guide_src().join("SUMMARY.md")).unwrap();
    let mut listed = Vec::new();
    for line in prose(&summary) {
        listed.extend(targets(&line));
    }
    let unique: BTreeSet<&String> = listed.iter().collect();
    assert_eq!(unique.len(), listed.len(), "SUMMARY.md names a chapter twice: {listed:?}");
    let files: BTreeSet<String> = pages()
        .iter()
        .filter(|p| p.starts_with(guide_src()) && !p.ends_with("SUMMARY.md"))
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    let listed: BTreeSet<String> = listed.into_iter().collect();
    assert_eq!(listed, files, "SUMMARY.md and the chapters in docs/guide/src/ differ");
}

/// README stays a front page, and the guide's chapters are where the rest went.
#[test]
fn readme_is_a_front_page() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(lines <= 300, "README.md has {lines} lines: the detail belongs in docs/guide/");
    for needed in ["make run", "make test", "docs/guide/"] {
        assert!(readme.contains(needed), "README.md should mention `{needed}`");
    }
}

/// The checker itself: it finds a broken link, a broken image, a missing heading and
/// skips code.
#[test]
fn the_checker_catches_what_it_is_for() {
    let page = root().join("README.md");
    assert_eq!(targets("see [a](b.md#c) and ![x](img/y.png \"t\")"), ["b.md#c", "img/y.png"]);
    assert!(prose("`[a](nowhere.md)`")[0].is_empty());
    assert!(problem(&page, "DESIGN.md").is_none());
    assert!(problem(&page, "no-such-file.md").is_some());
    assert!(problem(&page, "docs/guide/src/images/nothing.png").is_some());
    assert!(problem(&page, "docs/guide/src/content.md#the-shipped-content").is_none());
    assert!(problem(&page, "docs/guide/src/content.md#no-such-heading").is_some());
    assert!(problem(&page, "../outside.md").is_some());
    assert!(problem(&page, "https://example.org/").is_none());
}
