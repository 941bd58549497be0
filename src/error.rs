//! Tome's error type: one enum with a stable [`ErrorCode`] for every variant, so callers
//! (the CLI's exit status, the UI) branch on the code, never on the message.

use std::path::PathBuf;

use serde::Serialize;
use ts_rs::TS;

use crate::seed::Problems;

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("no {what} with id `{id}`{}", did_you_mean(suggestions))]
    NotFound { what: &'static str, id: String, suggestions: Vec<String> },

    #[error("{0}")]
    InvalidInput(String),

    #[error("content is invalid:\n{0}")]
    Content(Problems),

    #[error("database {path}: {source}")]
    Database {
        path: String,
        #[source]
        source: rusqlite::Error,
    },

    #[error("database {path}: could not bring the schema up to date: {source}")]
    Migration {
        path: String,
        #[source]
        source: rusqlite_migration::Error,
    },

    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

fn did_you_mean(suggestions: &[String]) -> String {
    match suggestions {
        [] => String::new(),
        [one] => format!("; did you mean `{one}`?"),
        many => format!("; did you mean one of: {}?", many.join(", ")),
    }
}

/// Stable, machine-readable error codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    NotFound,
    InvalidInput,
    ContentInvalid,
    Database,
    Io,
}

impl Error {
    pub fn code(&self) -> ErrorCode {
        match self {
            Error::NotFound { .. } => ErrorCode::NotFound,
            Error::InvalidInput(_) => ErrorCode::InvalidInput,
            Error::Content(_) => ErrorCode::ContentInvalid,
            Error::Database { .. } | Error::Migration { .. } => ErrorCode::Database,
            Error::Io { .. } => ErrorCode::Io,
        }
    }

    pub fn is_not_found(&self) -> bool {
        self.code() == ErrorCode::NotFound
    }

    pub(crate) fn not_found(what: &'static str, id: &str) -> Error {
        Error::NotFound { what, id: id.to_string(), suggestions: Vec::new() }
    }
}

/// An error as it crosses a process boundary (the desktop shell's IPC): a stable code
/// to branch on and a message to show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct ErrorPayload {
    pub code: ErrorCode,
    pub message: String,
}

impl From<Error> for ErrorPayload {
    fn from(e: Error) -> Self {
        ErrorPayload { code: e.code(), message: e.to_string() }
    }
}
