//! Tab completion at the `share>` prompt, from the same clap definitions the console and
//! the command line parse with (issue 74): the command's words, its `--options`, and the
//! names the evening uses (combatants of the fight shown, characters, encounters,
//! adversaries, devices), a name with spaces quoted as the console reads it.

use clap::CommandFactory;
use tome::share::Share;
use tome::shared::SharedTome;

use super::console::{names, Line, FIGHT_VERBS};

/// What completion knows of the evening, read after every command (a Tab never waits on
/// the database).
#[derive(Debug, Clone, Default)]
pub struct Known {
    /// Combatants of the fight shown, characters, encounters, adversaries, devices.
    pub names: Vec<String>,
    /// The fight shown's system's actions, each with its `--options`.
    pub actions: Vec<(String, Vec<String>)>,
}

/// What Tab may complete the word at `pos` of `line` with: where the word starts, and
/// each whole replacement (with the space after it).
pub fn complete(line: &str, pos: usize, known: &Known) -> (usize, Vec<String>) {
    let typed = &line[..pos];
    let start = word_start(typed);
    let current = &typed[start..];
    let before = shlex::split(&typed[..start]).unwrap_or_default();
    let bare = current.trim_start_matches('"').to_lowercase();
    let mut found: Vec<String> = Vec::new();
    match before.split_first() {
        None => found.extend(names().into_iter().filter(|n| n.starts_with(current))),
        Some((first, rest)) => {
            let command = command_for(first, rest);
            // `act ACTION` and `encounter act ENC ACTION`: the system's actions and their
            // options, which the rules define rather than clap.
            let acting = match (first.as_str(), rest) {
                ("act", _) => Some(rest),
                ("encounter", [act, _, more @ ..]) if act == "act" => Some(more),
                _ => None,
            };
            if let Some(words) = acting {
                let action = words.first().and_then(|w| known.actions.iter().find(|(a, _)| a.eq_ignore_ascii_case(w)));
                match action {
                    None if words.is_empty() => {
                        found.extend(known.actions.iter().map(|(a, _)| a.clone()).filter(|a| a.starts_with(current)));
                    }
                    Some((_, options)) if current.starts_with('-') => {
                        found.extend(options.iter().filter(|o| o.starts_with(current)).cloned());
                    }
                    _ => found.extend(names_like(known, &bare)),
                }
            } else if current.starts_with('-') {
                let flags = command.iter().flat_map(|c| c.get_arguments()).filter_map(|a| a.get_long());
                found.extend(flags.map(|f| format!("--{f}")).filter(|f| f.starts_with(current)));
            } else {
                let subcommands = command.iter().flat_map(|c| c.get_subcommands()).map(|c| c.get_name().to_string());
                found.extend(subcommands.filter(|n| n != "help" && n.starts_with(current)));
                if found.is_empty() {
                    found.extend(names_like(known, &bare));
                }
            }
        }
    }
    found.sort();
    found.dedup();
    (start, found.into_iter().map(|f| f + " ").collect())
}

/// The evening's names starting with `bare` (case aside), quoted when spaced.
fn names_like<'a>(known: &'a Known, bare: &'a str) -> impl Iterator<Item = String> + 'a {
    known.names.iter().filter(move |n| n.to_lowercase().starts_with(bare)).map(|n| quoted(n))
}

/// Where the word being typed starts: after the last space outside quotes.
fn word_start(typed: &str) -> usize {
    let mut start = 0;
    let mut quoted = false;
    for (i, c) in typed.char_indices() {
        match c {
            '"' => {
                quoted = !quoted;
                if quoted {
                    start = i;
                }
            }
            c if c.is_whitespace() && !quoted => start = i + c.len_utf8(),
            _ => {}
        }
    }
    start
}

/// `name` as the console reads it back: quoted when it holds a space.
fn quoted(name: &str) -> String {
    if name.contains(char::is_whitespace) {
        format!("\"{name}\"")
    } else {
        name.to_string()
    }
}

/// The clap command the words `first` and `rest` reach: the console's own, a `tome`
/// command, or a fight verb as the `tome encounter` command it stands for.
fn command_for(first: &str, rest: &[String]) -> Option<clap::Command> {
    let console = Line::command();
    let tome = crate::cli::Cli::command();
    let mut command = match console.find_subcommand(first) {
        Some(c) if !c.is_allow_external_subcommands_set() => c.clone(),
        _ if FIGHT_VERBS.contains(&first) => {
            let verb = if first == "board" { "show" } else { first };
            tome.find_subcommand("encounter")?.find_subcommand(verb)?.clone()
        }
        _ => tome.find_subcommand(first)?.clone(),
    };
    for word in rest {
        match command.find_subcommand(word) {
            Some(sub) => command = sub.clone(),
            None => break,
        }
    }
    Some(command)
}

/// The names the evening uses, for completion: the fight shown's combatants, the saved
/// characters, encounters and adversaries, the devices. Read again after every command.
pub fn known(sharing: &Share, tome: &SharedTome) -> Known {
    let shown = sharing.status().ok().and_then(|s| s.showing).map(|s| s.id);
    let mut names: Vec<String> = sharing.devices().into_iter().map(|d| d.name).collect();
    let read = tome.run("share completion", |t| {
        let mut names = Vec::new();
        let mut actions = Vec::new();
        if let Some(id) = shown {
            let fight = t.encounter(id)?;
            names.extend(fight.combatants.iter().filter_map(|c| c["name"].as_str().map(str::to_string)));
            for a in t.encounter_actions(id)? {
                let options = a.params.iter().map(|p| format!("--{}", p.name)).chain(["--seed".into()]).collect();
                actions.push((a.name.to_string(), options));
            }
        }
        names.extend(t.characters()?.into_iter().map(|c| c.name));
        names.extend(t.encounters()?.into_iter().map(|e| e.name));
        names.extend(t.adversaries()?.into_iter().map(|a| a.name));
        Ok((names, actions))
    });
    // Completion is a convenience: a read that fails offers fewer names, never an error.
    let (more, actions) = read.unwrap_or_default();
    names.extend(more);
    names.sort();
    names.dedup();
    Known { names, actions }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known() -> Known {
        Known {
            names: ["Goblin 1", "Goblin 2", "Vex", "Bridge fight"].map(String::from).to_vec(),
            actions: vec![
                ("attack".into(), vec!["--target".into(), "--with".into(), "--roll".into()]),
                ("dodge".into(), vec!["--seed".into()]),
            ],
        }
    }

    fn completed(line: &str) -> Vec<String> {
        complete(line, line.len(), &known()).1
    }

    #[test]
    fn the_first_word_completes_to_the_consoles_and_tomes_commands() {
        assert_eq!(completed("prop"), ["proposals "]);
        assert_eq!(completed("enc"), ["encounter "]);
    }

    #[test]
    fn a_tome_commands_subcommands_and_options_complete() {
        assert_eq!(completed("encounter ne"), ["new ", "next ", "next-fight "]);
        assert_eq!(completed("encounter act 1 attack Vex --ta"), ["--target "]);
        assert_eq!(completed("act attack Vex --wi"), ["--with "]);
        assert_eq!(completed("act at"), ["attack "]);
        assert_eq!(completed("encounter act 1 d"), ["dodge "]);
        assert_eq!(completed("act attack Vex --target Gob"), ["\"Goblin 1\" ", "\"Goblin 2\" "]);
    }

    #[test]
    fn names_complete_quoted_when_spaced() {
        assert_eq!(completed("damage gob"), ["\"Goblin 1\" ", "\"Goblin 2\" "]);
        assert_eq!(completed("damage \"Goblin 2"), ["\"Goblin 2\" "]);
        assert_eq!(completed("assign Ann v"), ["Vex "]);
        let (start, _) = complete("next \"Bri", 9, &known());
        assert_eq!(start, 5, "the quote is replaced with the word");
    }
}
