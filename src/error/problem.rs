//! What is wrong with an input, each problem with its place: the seed and pack loaders
//! report them by file and line, the character checks by field, and [`crate::Error`]
//! carries them across every boundary (the CLI's `--json`, the desktop shell's IPC).

use std::fmt;

use serde::Serialize;
use ts_rs::TS;

/// One thing wrong with an input: where it is, and why.
///
/// Where is a file and line for seed and pack files (`hearth-and-blade/pack.toml:3`), a
/// field for a character or a character file (`character.values.strength`, or
/// `items[2].coverage` in a save), or neither when the input is wrong as a whole. Each
/// part is `null` when it does not apply.
// `Problem::location` writes the parts as one (`file:line`, the field's path).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, TS)]
pub struct Problem {
    /// The file, as the input's files are shown: under `seed/` for the shipped content,
    /// as given for a pack, or from the folder the pack was picked in when the import
    /// was asked to show them so.
    pub file: Option<String>,
    /// The line in `file`, from 1.
    pub line: Option<usize>,
    /// A JSON path to the field: into the file for a character file
    /// (`character.items[2].coverage`), into the character for a save
    /// (`items[2].coverage`).
    pub field: Option<String>,
    /// Why it is wrong.
    pub message: String,
}

impl Problem {
    /// A problem with a whole file.
    pub fn file(file: &str, message: impl Into<String>) -> Problem {
        Problem { file: Some(file.to_string()), line: None, field: None, message: message.into() }
    }

    /// A problem at a line of a file.
    pub fn at(file: &str, line: usize, message: impl Into<String>) -> Problem {
        Problem { file: Some(file.to_string()), line: Some(line), field: None, message: message.into() }
    }

    /// A problem with a field (a JSON path); an empty path is the input as a whole.
    pub fn field(path: impl Into<String>, message: impl Into<String>) -> Problem {
        let path = path.into();
        Problem { file: None, line: None, field: (!path.is_empty()).then_some(path), message: message.into() }
    }

    /// Where, as one piece of text: `file:line`, `file`, the field's path, or (both a
    /// file and a field) `file:line: field`; empty when the input is wrong as a whole.
    pub fn location(&self) -> String {
        let file = match (&self.file, self.line) {
            (Some(file), Some(line)) => Some(format!("{file}:{line}")),
            (Some(file), None) => Some(file.clone()),
            (None, _) => None,
        };
        match (file, &self.field) {
            (Some(file), Some(field)) => format!("{file}: {field}"),
            (Some(file), None) => file,
            (None, Some(field)) => field.clone(),
            (None, None) => String::new(),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let location = self.location();
        if location.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{location}: {}", self.message)
        }
    }
}

/// Everything wrong with an input (a seed tree, a pack, a character), one per line when
/// shown.
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

impl From<Vec<Problem>> for Problems {
    fn from(problems: Vec<Problem>) -> Self {
        Problems(problems)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_location_names_what_applies() {
        assert_eq!(Problem::at("pack/gear.toml", 3, "bad").to_string(), "pack/gear.toml:3: bad");
        assert_eq!(Problem::file("pack/gear.toml", "empty").to_string(), "pack/gear.toml: empty");
        assert_eq!(Problem::field("values.strength", "too big").to_string(), "values.strength: too big");
        assert_eq!(Problem::field("", "not JSON").to_string(), "not JSON");
        assert_eq!(Problem::field("", "not JSON").field, None);
        let both = Problem { field: Some("character.name".into()), ..Problem::at("a.json", 2, "missing") };
        assert_eq!(both.location(), "a.json:2: character.name");
    }

    #[test]
    fn problems_serialize_every_part_with_null_for_what_does_not_apply() {
        let json = serde_json::to_value(Problem::file("a.toml", "empty")).unwrap();
        assert_eq!(json, serde_json::json!({ "file": "a.toml", "line": null, "field": null, "message": "empty" }));
    }
}
