//! `tome character recover`: the recovery track as text.

use std::fmt::Write;

use tome::api::{RecoveryDue, RecoveryReport};

/// What is due, one line per wound level.
pub fn due_text(d: &RecoveryDue) -> String {
    let mut out = format!("{} (character {}), Stamina {:+}\n", d.name, d.character, d.stamina);
    if d.wounds.is_empty() {
        out.push_str("No wounds: nothing to recover from.\n");
        return out;
    }
    for w in &d.wounds {
        let ease = match w.stable_ease {
            Some(s) => format!("holds at {s}, improves at {}", w.improvement_ease),
            None => format!("improves at {}, dies at 0 or less", w.improvement_ease),
        };
        let carried = w.carried.iter().map(|b| format!("{b:+}")).collect::<Vec<_>>().join(" ");
        let _ = writeln!(out, "  {} ×{}: roll every {}; {ease}; carried {}", w.level, w.count, w.interval, carried);
    }
    if let Some(next) = &d.next {
        let _ = writeln!(out, "Next: {next} (`tome character recover {} --wound {next}`)", d.character);
    }
    out
}

/// One roll: its terms, what it did and the track after it.
pub fn report_text(report: &RecoveryReport) -> String {
    let r = &report.roll;
    let article = if r.level == "incapacitating" { "an" } else { "a" };
    let mut out = format!("Recovery roll for {article} {} wound\n", r.level);
    if let Some(rolled) = &r.rolled {
        let faces = rolled.faces.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
        let _ = writeln!(out, "  Tome rolled the stress die: {faces} → {}", rolled.total);
    }
    for t in &r.terms {
        let _ = writeln!(out, "  {}", t.line());
    }
    let _ = writeln!(out, "Total {}: {} ({} → {})", r.total, r.result, r.level, r.new_level);
    for i in &r.interpretations {
        let _ = writeln!(out, "{i}");
    }
    if report.changed {
        let _ = writeln!(out, "Saved as revision {}: {}", report.revision, r.note);
    } else {
        let _ = writeln!(out, "{} (the sheet is unchanged: still revision {})", r.note, report.revision);
    }
    out.push_str(&due_text(&report.due));
    out
}
