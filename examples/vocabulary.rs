//! Writes `vocabulary/<system>.toml`: for each shipped entry, the distinctive words its
//! source section in the rules document uses that Tome's own text for the entry does
//! not ("exhausted" and "exhaustion" for Ars Magica's Fatigue), so search finds the
//! entry by the document's vocabulary. Words only, never sentences, in alphabetical
//! order: the document's prose is not copied.
//!
//!     cargo run --example vocabulary -- ../shared/rules
//!
//! The output is a starting point to review: delete a word that would mislead, then
//! commit the files. Running it again overwrites them.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use tome::search::{root, words};
use tome::{Kind, Tome};

/// The most words kept for one entry.
const PER_ENTRY: usize = 12;
/// Words shorter than this say little on their own.
const MIN_LEN: usize = 4;

/// Words the rules documents use everywhere, beyond the common English ones.
const STOP: &[&str] = &[
    "able",
    "additional",
    "amount",
    "apply",
    "applies",
    "based",
    "case",
    "cases",
    "chapter",
    "character",
    "characters",
    "condition",
    "effect",
    "effects",
    "example",
    "following",
    "given",
    "means",
    "normal",
    "normally",
    "number",
    "page",
    "pages",
    "point",
    "points",
    "result",
    "results",
    "roll",
    "rolls",
    "rule",
    "rules",
    "specific",
    "specified",
    "table",
    "time",
    "times",
    "total",
    "type",
    "types",
    "usual",
    "usually",
];

/// What review took out: words that say nothing about any one rule (the documents'
/// connecting words, their typos, page furniture). An entry id here would drop that
/// entry, when its text was not where the tool looked.
const REJECTED: &[&str] = &[
    "account",
    "accounting",
    "acquire",
    "adjusted",
    "adopt",
    "albeit",
    "altogether",
    "alternative",
    "analogous",
    "assign",
    "assumed",
    "awkardness",
    "bility",
    "cadence",
    "central",
    "characterized",
    "concepts",
    "conferred",
    "considered",
    "consist",
    "consists",
    "consult",
    "consumed",
    "correct",
    "decreasing",
    "deem",
    "defied",
    "definite",
    "denote",
    "denoted",
    "derived",
    "disagreement",
    "duplicates",
    "elect",
    "endswhen",
    "ensure",
    "ensured",
    "ensures",
    "error",
    "establish",
    "expend",
    "expended",
    "expends",
    "explain",
    "finite",
    "flows",
    "fortunately",
    "future",
    "generate",
    "generates",
    "genre",
    "heard",
    "impart",
    "imparted",
    "inclusive",
    "ineffective",
    "insisting",
    "intended",
    "intentionally",
    "invariably",
    "labeled",
    "language",
    "lends",
    "listen",
    "magica",
    "manner",
    "mentioned",
    "mimic",
    "mistake",
    "modification",
    "mythcraft",
    "navigation",
    "online",
    "opportunity",
    "ordinate",
    "outer",
    "pertaining",
    "previous",
    "proceeds",
    "process",
    "realizes",
    "reflecting",
    "reform",
    "remainder",
    "remember",
    "render",
    "rendered",
    "renders",
    "requested",
    "resolution",
    "restarted",
    "reverting",
    "search",
    "searching",
    "securely",
    "select",
    "simplify",
    "smoothly",
    "soonest",
    "specifies",
    "statement",
    "subsequent",
    "sufficient",
    "summary",
    "summer",
    "suppose",
    "task",
    "tendency",
    "tests",
    "thhis",
    "translate",
    "translates",
    "undertake",
    "undertaken",
    "unreasonable",
    "utility",
    "varies",
    "vary",
    "varying",
    "wouldve",
    "yields",
];

/// An anchor more entries share than this gives words that tell none of them apart
/// (a roster's shared section).
const MAX_SHARING: usize = 2;

struct Section {
    system: String,
    heading: String,
    /// Each root's count, and the word form most often written for it.
    roots: HashMap<String, (usize, HashMap<String, usize>)>,
}

fn main() {
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "../shared/rules".into()));
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("vocabulary");
    let tome = Tome::open_in_memory().expect("the shipped content opens");
    let mut stop: HashSet<String> =
        stop_words::get(stop_words::Language::English).iter().map(|w| w.to_string()).collect();
    stop.extend(STOP.iter().map(|w| w.to_string()));

    // Every shipped entry, with its own words' roots.
    let mut entries = Vec::new();
    for kind in Kind::ALL {
        for item in tome.list(kind, None).expect("list") {
            if item.pack.is_some() {
                continue;
            }
            let e = tome.show(&item.id).expect("show");
            let own: HashSet<String> = [e.name.as_str(), e.summary.as_str(), e.body.as_str()]
                .into_iter()
                .chain(e.aliases.iter().map(String::as_str))
                .flat_map(words)
                .map(|w| root(&w))
                .collect();
            entries.push((e, own));
        }
    }

    // A word Tome's text already uses somewhere finds that text; the document's words
    // that Tome never uses are the ones search would otherwise miss.
    let tomes_words: HashSet<&String> = entries.iter().flat_map(|(_, own)| own.iter()).collect();

    // Each document cut where an entry's text starts: a line that is the entry's name
    // or begins with it as a label ("Granting Sensory Magic: …"), else its section's
    // heading the same ways.
    let mut anchors: BTreeMap<(String, String), Vec<Vec<String>>> = BTreeMap::new();
    for (e, _) in &entries {
        let list = anchors.entry((e.source.file.clone(), e.system.clone())).or_default();
        list.push(vec![e.name.clone(), e.source.section.clone()]);
    }
    let mut sections: Vec<Section> = Vec::new();
    let mut anchor_of: HashMap<String, String> = HashMap::new();
    for ((file, system), wanted) in &anchors {
        let path = dir.join(file);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let (cut_sections, found) = cut(&text, system, wanted, &stop);
        sections.extend(cut_sections);
        for (names, anchor) in wanted.iter().zip(found) {
            if let Some(a) = anchor {
                anchor_of.insert(format!("{system}\u{1f}{}", names[0]), a);
            }
        }
    }

    // How many sections use each root: a word most sections use tells none apart.
    let mut df: HashMap<&str, usize> = HashMap::new();
    for s in &sections {
        for r in s.roots.keys() {
            *df.entry(r).or_default() += 1;
        }
    }
    let n = sections.len() as f64;

    let mut sharing: HashMap<(&str, &str), usize> = HashMap::new();
    for (key, a) in &anchor_of {
        let system = key.split('\u{1f}').next().unwrap_or_default();
        *sharing.entry((system, a.as_str())).or_default() += 1;
    }

    let mut files: BTreeMap<String, String> = BTreeMap::new();
    let mut missing = Vec::new();
    for (e, own) in &entries {
        let Some(anchor) = anchor_of.get(&format!("{}\u{1f}{}", e.system, e.name)) else {
            missing.push(format!("{} (section \"{}\")", e.id, e.source.section));
            continue;
        };
        if sharing[&(e.system.as_str(), anchor.as_str())] > MAX_SHARING || REJECTED.contains(&e.id.as_str()) {
            continue;
        }
        let mut scored: Vec<(f64, String)> = sections
            .iter()
            .filter(|s| s.system == e.system && &s.heading == anchor)
            .flat_map(|s| s.roots.iter())
            .filter(|(r, _)| !own.contains(*r) && !tomes_words.contains(r))
            .filter_map(|(r, (count, forms))| {
                let users = df[r.as_str()] as f64;
                if users > n / 8.0 {
                    return None;
                }
                let form = forms.iter().max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0)))?.0.clone();
                Some(((*count as f64).sqrt() * (n / users).ln(), form))
            })
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut kept: Vec<String> =
            scored.into_iter().map(|(_, w)| w).filter(|w| !REJECTED.contains(&w.as_str())).take(PER_ENTRY).collect();
        if kept.is_empty() {
            continue;
        }
        kept.sort();
        kept.dedup();
        let file = files.entry(e.system.clone()).or_insert_with(|| header(&e.system));
        let list: Vec<String> = kept.iter().map(|w| format!("\"{w}\"")).collect();
        writeln!(file, "\"{}\" = [{}]", e.id, list.join(", ")).unwrap();
    }

    std::fs::create_dir_all(&out).expect("vocabulary folder");
    for (system, text) in &files {
        let path = out.join(format!("{system}.toml"));
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        println!("wrote {}", path.display());
    }
    for m in missing {
        eprintln!("no heading found in the document for {m}");
    }
}

fn header(system: &str) -> String {
    format!(
        "# {system}: words the rules document uses for each entry that Tome's own text does not.\n\
         # Generated by `cargo run --example vocabulary -- ../shared/rules`, then reviewed.\n\
         # Search finds an entry by these below its name, aliases and summary. Words, not\n\
         # sentences, in alphabetical order.\n\n[terms]\n"
    )
}

/// The document's text from each anchor to the next one found. For each entry (its
/// name, then its section's heading), the first line that reads as one of those (case
/// and punctuation aside) or begins with it followed by a colon is its anchor.
fn cut(
    text: &str,
    system: &str,
    wanted: &[Vec<String>],
    stop: &HashSet<String>,
) -> (Vec<Section>, Vec<Option<String>>) {
    let lines: Vec<&str> = text.lines().collect();
    let norm = |s: &str| words(s).collect::<Vec<_>>().join(" ");
    let normed: Vec<String> = lines.iter().map(|l| norm(l)).collect();
    let labels: Vec<String> =
        lines.iter().map(|l| l.split_once(':').map(|(a, _)| norm(a)).unwrap_or_default()).collect();
    let find = |name: &str| {
        let want = norm(name);
        (!want.is_empty()).then(|| (0..lines.len()).find(|&i| normed[i] == want || labels[i] == want)).flatten()
    };
    let mut found = Vec::new();
    let mut starts: Vec<(usize, String)> = Vec::new();
    for names in wanted {
        let hit = names.iter().find_map(|n| find(n).map(|i| (i, n.clone())));
        if let Some((i, n)) = &hit {
            if !starts.iter().any(|(j, _)| j == i) {
                starts.push((*i, n.clone()));
            }
        }
        found.push(hit.map(|(i, _)| starts.iter().find(|(j, _)| *j == i).expect("pushed").1.clone()));
    }
    starts.sort();
    let mut out = Vec::new();
    for (k, (start, heading)) in starts.iter().enumerate() {
        let end = starts.get(k + 1).map_or(lines.len(), |(i, _)| *i);
        let mut roots: HashMap<String, (usize, HashMap<String, usize>)> = HashMap::new();
        // An inline label's line is the entry's own text too.
        let first = if labels[*start].is_empty() { start + 1 } else { *start };
        for line in &lines[first.min(end)..end] {
            for w in words(line) {
                if w.chars().count() < MIN_LEN || !w.chars().all(char::is_alphabetic) || stop.contains(&w) {
                    continue;
                }
                let entry = roots.entry(root(&w)).or_default();
                entry.0 += 1;
                *entry.1.entry(w).or_default() += 1;
            }
        }
        out.push(Section { system: system.to_string(), heading: heading.clone(), roots });
    }
    (out, found)
}
