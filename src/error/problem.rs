//! What is wrong with an input, each problem with its place: the seed and pack loaders
//! report them (file and line), and [`crate::Error`] carries them.

use std::fmt;

/// One thing wrong with the content: where and why.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
pub struct Problem {
    pub file: String,
    pub line: Option<usize>,
    pub message: String,
}

impl Problem {
    pub fn file(file: &str, message: impl Into<String>) -> Problem {
        Problem { file: file.to_string(), line: None, message: message.into() }
    }

    pub fn at(file: &str, line: usize, message: impl Into<String>) -> Problem {
        Problem { file: file.to_string(), line: Some(line), message: message.into() }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{}: {}", self.file, line, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

/// Everything wrong with a seed tree, sorted by file and line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Problems(pub Vec<Problem>);

impl Problems {
    pub fn push(&mut self, p: Problem) {
        self.0.push(p);
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn iter(&self) -> impl Iterator<Item = &Problem> {
        self.0.iter()
    }
}

impl fmt::Display for Problems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Problems {}
