//! What several integration tests share: the `tome` command on a throwaway database, the
//! encounter tests' helpers (`fight`), and the one system of the seeds made up in a test.

#![allow(dead_code)] // each test binary uses a different part

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

/// The `systems.toml` of a seed made up in a test: one system, `demo`.
pub const DEMO_SYSTEMS: &str = r#"
[[system]]
id = "demo"
name = "Demo"
document = "demo.txt"
title = "Demo rules"
"#;
