//! What several integration tests share: the `tome` command on a throwaway database, the
//! encounter tests' helpers (`fight`), the table tests' HTTP client (`client`), and the
//! one system of the seeds made up in a test. Every test binary loads it as its `common`
//! module (DESIGN.md, "Tests").

#![allow(dead_code)] // each test binary uses a different part

pub mod client;
pub mod fight;

use assert_cmd::Command;
use serde_json::Value;

/// The `tome` binary pointed at a database in a temporary folder of its own.
pub struct Cli {
    pub dir: tempfile::TempDir,
    pub db: std::path::PathBuf,
}

impl Cli {
    pub fn new() -> Cli {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("tome.db");
        Cli { dir, db }
    }

    pub fn cmd(&self, args: &[&str]) -> Command {
        let mut c = Command::cargo_bin("tome").unwrap();
        c.arg("--db").arg(&self.db).args(args);
        c
    }

    /// The JSON a command that must succeed prints.
    pub fn json(&self, args: &[&str]) -> Value {
        let out = self.cmd(args).arg("--json").output().unwrap();
        assert!(out.status.success(), "tome {args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("tome {args:?}: not JSON: {e}"))
    }

    /// The text a command that must succeed prints.
    pub fn text(&self, args: &[&str]) -> String {
        let out = self.cmd(args).output().unwrap();
        assert!(out.status.success(), "tome {args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    }

    /// The exit code and the JSON error of a command that must fail.
    pub fn fails(&self, args: &[&str]) -> (i32, Value) {
        let out = self.cmd(args).arg("--json").output().unwrap();
        assert!(!out.status.success(), "tome {args:?} should fail");
        let err = serde_json::from_slice(&out.stderr)
            .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
        (out.status.code().unwrap(), err)
    }
}

/// The name the test harness knows `test` by, for re-running this binary filtered to it
/// (`--exact`): the caller's `module_path!()` without the binary's name, so that
/// `rules_and_fights::encounters` and `crash_child` give `encounters::crash_child`.
pub fn test_name(module_path: &str, test: &str) -> String {
    match module_path.split_once("::") {
        Some((_, within)) => format!("{within}::{test}"),
        None => test.to_string(),
    }
}

/// The `systems.toml` of a seed made up in a test: one system, `demo`.
pub const DEMO_SYSTEMS: &str = r#"
[[system]]
id = "demo"
name = "Demo"
document = "demo.txt"
title = "Demo rules"
"#;
