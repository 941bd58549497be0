//! The guide's encounter examples run as written (they stood in README until the guide
//! took them): every `text` block of docs/guide/src/encounters.md that
//! starts with `$ tome encounter new` is played, command by command, against a fresh
//! database, and what the guide shows under a command is what it prints (each shown line
//! in order among the printed ones; `…` stands for anything, a line of `…` alone for any
//! lines).

use crate::common;

use common::Cli;

/// A command line of the guide (after `$ tome `) split as a shell would: words, with
/// double quotes keeping spaces.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let (mut quoted, mut any) = (false, false);
    for ch in line.chars() {
        match ch {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    out.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            c => {
                word.push(c);
                any = true;
            }
        }
    }
    assert!(!quoted, "an unclosed quote in the guide's `{line}`");
    if any {
        out.push(word);
    }
    out
}

/// One command of a block and the lines the guide shows under it.
struct Step {
    command: String,
    shown: Vec<String>,
}

/// The encounter blocks of the guide, each as its steps.
fn encounter_blocks() -> Vec<Vec<Step>> {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/guide/src/encounters.md")).unwrap();
    let mut blocks = Vec::new();
    let mut lines = readme.lines();
    while let Some(line) = lines.next() {
        if line.trim_end() != "```text" {
            continue;
        }
        let body: Vec<&str> = lines.by_ref().take_while(|l| l.trim_end() != "```").collect();
        if !body.first().is_some_and(|l| l.starts_with("$ tome encounter new")) {
            continue;
        }
        let mut steps: Vec<Step> = Vec::new();
        for l in body {
            match l.strip_prefix("$ tome ") {
                Some(command) => steps.push(Step { command: command.to_string(), shown: Vec::new() }),
                None => match steps.last_mut() {
                    Some(step) if !l.trim().is_empty() => step.shown.push(l.trim_end().to_string()),
                    Some(_) => {}
                    None => panic!("the guide's block shows `{l}` before any command"),
                },
            }
        }
        blocks.push(steps);
    }
    blocks
}

/// Whether a printed line is the one the guide shows, `…` standing for any text.
fn matches(shown: &str, printed: &str) -> bool {
    let parts: Vec<&str> = shown.split('…').collect();
    if parts.len() == 1 {
        return shown == printed;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !printed.starts_with(first) || !printed[first.len()..].ends_with(last) {
        return false;
    }
    let mut rest = &printed[first.len()..printed.len() - last.len()];
    for middle in &parts[1..parts.len() - 1] {
        match rest.find(middle) {
            Some(at) => rest = &rest[at + middle.len()..],
            None => return false,
        }
    }
    true
}

/// Each line the guide shows is printed, in the guide's order.
fn check_shown(command: &str, shown: &[String], printed: &str) {
    let mut printed_lines = printed.lines().map(str::trim_end);
    for line in shown.iter().filter(|l| l.trim() != "…") {
        assert!(
            printed_lines.any(|p| matches(line, p)),
            "the guide shows under `tome {command}`:\n{line}\nbut it printed (in that order):\n{printed}"
        );
    }
}

/// Every encounter example of the guide, run in order on a fresh database each: every
/// command succeeds and prints what the guide shows beneath it.
#[test]
fn readme_encounter_examples_run_as_written() {
    let blocks = encounter_blocks();
    let systems: Vec<String> = blocks
        .iter()
        .filter_map(|b| words(&b[0].command).windows(2).find(|w| w[0] == "--system").map(|w| w[1].clone()))
        .collect();
    assert_eq!(systems, ["ars-magica", "mlaf", "primal-wild", "amtgard"], "the guide's encounter blocks");
    for steps in &blocks {
        let cli = Cli::new();
        for step in steps {
            let args = words(&step.command);
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let printed = cli.text(&args);
            check_shown(&step.command, &step.shown, &printed);
        }
    }
}

/// The Ars Magica example's numbers, read from the tracker rather than its words:
/// Polandrus (Defense 9, Soak 6, Size -1) botches his Defense against Ignatio's Attack 12
/// with a 0; Damage 7 + 12 = 19, 13 past Soak, is Incapacitating at Size -1 (document
/// 001: lines 37-42 for the botch, 86-101 for damage past Soak by Size); undone, he is unhurt.
#[test]
fn readme_ars_magica_botch_gives_the_documents_numbers() {
    let steps = &encounter_blocks()[0];
    let cli = Cli::new();
    let mut at_undo = None;
    for (i, step) in steps.iter().enumerate() {
        if step.command.starts_with("encounter undo") {
            at_undo = Some(i);
            break;
        }
        let args = words(&step.command);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        cli.text(&args);
    }
    let show = cli.json(&["encounter", "show", "1"]);
    let wolf = show["combatants"].as_array().unwrap().iter().find(|c| c["name"] == "Polandrus").unwrap();
    assert_eq!(wolf["wounds"]["incapacitating"], 1, "{wolf}");
    let log = cli.json(&["encounter", "log", "1"]);
    let attack = log.as_array().unwrap().last().unwrap();
    let terms = serde_json::to_string(&attack["terms"]).unwrap();
    for (label, value) in [("Attack Total", 12), ("Damage Total", 19), ("Damage past Soak", 13)] {
        let term = attack["terms"].as_array().unwrap().iter().find(|t| t["label"] == label);
        assert_eq!(term.map(|t| &t["value"]), Some(&serde_json::json!(value)), "{label}: {terms}");
    }
    let undo = &steps[at_undo.expect("the guide undoes the attack")];
    let args = words(&undo.command);
    cli.text(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let show = cli.json(&["encounter", "show", "1"]);
    let wolf = show["combatants"].as_array().unwrap().iter().find(|c| c["name"] == "Polandrus").unwrap();
    assert_eq!(wolf["wounds"]["incapacitating"], 0, "{wolf}");
}
