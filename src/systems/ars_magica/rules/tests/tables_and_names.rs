//! The Damage Table past its printed Sizes (line 119), and unknown armour and weapon
//! names answered with the close ones.

use super::*;

/// Lines 101–117 print Sizes −4 to +3; the rule that builds them (each band 5 + Size wide)
/// gives back every printed row.
#[test]
fn the_damage_table_rule_rebuilds_every_printed_row() {
    let tome = tome();
    let printed = tome.table(T_DAMAGE, None).unwrap();
    for row in &printed.rows[1..] {
        let size = row.key.unwrap().from.unwrap();
        assert_eq!(damage_table_cells(size), row.cells, "Size {size}");
    }
    // Size −4 or less: one point a band (line 103).
    assert_eq!(damage_table_cells(-4)[1..], printed.rows[0].cells[1..]);
}

/// Line 119: each further +1 Size adds +1 to each wound range, so `--roll 4` is a row,
/// not an error.
#[test]
fn the_damage_table_goes_on_past_size_plus_3() {
    let tome = tome();
    let plus4 = tome.table(T_DAMAGE, Some(4)).unwrap();
    assert_eq!(plus4.rows.len(), 1);
    assert_eq!(plus4.rolled, Some(4));
    assert_eq!(plus4.rows[0].cells, ["+4", "1-9", "10-18", "19-27", "28-36", "37+"]);
    assert_eq!(plus4.rows[0].parts[5][0].text, "37+");
    let plus10 = tome.table(T_DAMAGE, Some(10)).unwrap();
    assert_eq!(plus10.rows[0].cells, ["+10", "1-15", "16-30", "31-45", "46-60", "61+"]);
    // The same ranges the wound calculator uses.
    assert_eq!(wound_level(37, 4), WoundLevel::Dead);
    assert_eq!(wound_level(36, 4), WoundLevel::Incapacitating);
    // Printed rows are read as printed, and Sizes past Tome's range still say so.
    assert_eq!(tome.table(T_DAMAGE, Some(3)).unwrap().rows[0].cells[5], "33+");
    assert!(tome.table(T_DAMAGE, Some(21)).unwrap_err().to_string().contains("no row of Damage Table covers 21"));
    // Other tables are not stretched.
    assert!(tome.table("ars-magica/table/wound-table", Some(99)).is_err());
}

/// An armour or weapon name Tome does not know is answered with the close names, or,
/// when nothing is close, with the names there are.
#[test]
fn an_unknown_armour_or_weapon_name_suggests_close_ones() {
    let tome = tome();
    let e = calc(&tome, "soak", &[("stamina", "1"), ("armor", "Mithril"), ("coverage", "full")]).unwrap_err();
    let text = e.to_string();
    assert!(text.starts_with("no armor named `Mithril`; did you mean one of:"), "{text}");
    assert!(text.contains("Chain Mail"), "{text}");
    let e = calc(&tome, "soak", &[("stamina", "1"), ("armor", "chain mial"), ("coverage", "full")]).unwrap_err();
    assert_eq!(e.to_string(), "no armor named `chain mial`; did you mean `Chain Mail`?");
    let e = calc(&tome, "attack", &[("dexterity", "1"), ("ability", "2"), ("weapon", "sward")]).unwrap_err();
    assert!(e.to_string().contains("Sword, Long"), "{e}");
    // An id keeps its wording.
    let e = calc(&tome, "soak", &[("stamina", "1"), ("armor", "ars-magica/armor/mithril"), ("coverage", "full")]);
    assert!(e.unwrap_err().to_string().contains("with id `ars-magica/armor/mithril`"));
}
