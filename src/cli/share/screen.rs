//! The game master's screen under `tome share`: a line editor (history, editing, and the
//! commands completed from the console's own definitions) when the input is a terminal,
//! and one printer that every reply and every arrival goes through, so a line printed
//! from another thread lands above the prompt without breaking what is being typed.

use std::io::{BufRead, IsTerminal};
use std::sync::{mpsc, Arc, Mutex};

use rustyline::completion::{Completer, Pair};
use rustyline::{Context, Helper, Highlighter, Hinter, Validator};

/// Where the console's lines go.
#[derive(Clone)]
pub struct Say {
    /// The line editor's printer, while one edits the input.
    editor: Arc<Mutex<Option<Box<dyn rustyline::ExternalPrinter + Send>>>>,
}

impl Say {
    /// Prints `text` (one or more lines) above the prompt, or plainly.
    pub fn out(&self, text: &str) {
        let mut editor = self.editor.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(printer) = editor.as_mut() {
            if printer.print(text.trim_end_matches('\n').to_string()).is_ok() {
                return;
            }
        }
        drop(editor);
        super::super::emit(&format!("{}\n", text.trim_end_matches('\n')));
    }

    /// An error, on standard error when no editor holds the screen.
    pub fn problem(&self, text: &str) {
        let editing = self.editor.lock().unwrap_or_else(std::sync::PoisonError::into_inner).is_some();
        if editing {
            self.out(text);
        } else {
            eprintln!("{text}");
        }
    }
}

/// Completes the word being typed: commands, their options, and the evening's names
/// ([`super::complete`]).
#[derive(Helper, Hinter, Highlighter, Validator)]
struct Commands {
    /// The names read after the last command (`known`): a Tab never waits on the database.
    known: Arc<Mutex<super::complete::Known>>,
}

impl Completer for Commands {
    type Candidate = Pair;

    fn complete(&self, line: &str, pos: usize, _: &Context<'_>) -> rustyline::Result<(usize, Vec<Pair>)> {
        let known = self.known.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone();
        let (start, found) = super::complete::complete(line, pos, &known);
        let pairs = found.into_iter().map(|f| Pair { display: f.trim_end().to_string(), replacement: f }).collect();
        Ok((start, pairs))
    }
}

/// The game master's lines, one by one, and where to print. On a terminal they come
/// from a line editor; otherwise (a script's input) line by line as they are written.
/// Ctrl-C, Ctrl-D on an empty line, SIGTERM (a system shutting down, `kill`) and SIGHUP
/// (the terminal closed) each send `stop`, so every phone is told sharing stopped; a
/// script's input ending does not.
pub fn console(known: Arc<Mutex<super::complete::Known>>) -> (mpsc::Receiver<String>, Say) {
    let (tx, rx) = mpsc::channel();
    let say = Say { editor: Arc::new(Mutex::new(None)) };
    let typed = tx.clone();
    if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
        let (ready, made) = mpsc::channel();
        let holder = say.editor.clone();
        std::thread::spawn(move || {
            let Ok(mut editor) = rustyline::Editor::<Commands, rustyline::history::DefaultHistory>::new() else {
                let _ = ready.send(());
                return plain_lines(&typed);
            };
            editor.set_helper(Some(Commands { known }));
            if let Ok(printer) = editor.create_external_printer() {
                *holder.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(Box::new(printer));
            }
            let _ = ready.send(());
            loop {
                match editor.readline("share> ") {
                    Ok(line) => {
                        if !line.trim().is_empty() {
                            let _ = editor.add_history_entry(line.as_str());
                        }
                        // After `stop` the terminal is given back as it was (no prompt
                        // left waiting in raw mode), and what follows is printed plainly.
                        let stopping = line.split_whitespace().next() == Some("stop");
                        if typed.send(line).is_err() || stopping {
                            break;
                        }
                    }
                    Err(rustyline::error::ReadlineError::Interrupted | rustyline::error::ReadlineError::Eof) => {
                        let _ = typed.send("stop".into());
                        break;
                    }
                    Err(_) => break,
                }
            }
            *holder.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = None;
        });
        let _ = made.recv();
    } else {
        std::thread::spawn(move || plain_lines(&typed));
    }
    std::thread::spawn(move || {
        let Ok(rt) = tokio::runtime::Builder::new_current_thread().enable_io().build() else { return };
        if rt.block_on(ended()) {
            let _ = tx.send("stop".into());
        }
    });
    (rx, say)
}

fn plain_lines(typed: &mpsc::Sender<String>) {
    for line in std::io::stdin().lock().lines().map_while(std::result::Result::ok) {
        if typed.send(line).is_err() {
            return;
        }
    }
}

/// Waits for Ctrl-C, SIGTERM or SIGHUP; `false` when none can be listened for.
async fn ended() -> bool {
    use tokio::signal::unix::{signal, SignalKind};
    let (Ok(mut term), Ok(mut hup)) = (signal(SignalKind::terminate()), signal(SignalKind::hangup())) else {
        return tokio::signal::ctrl_c().await.is_ok();
    };
    tokio::select! {
        c = tokio::signal::ctrl_c() => c.is_ok(),
        _ = term.recv() => true,
        _ = hup.recv() => true,
    }
}
