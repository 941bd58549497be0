//! The character file importer (`Tome::check_character_file`, then `import_character`
//! when the check passes) on arbitrary bytes, against an in-memory database.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    tome::fuzzing::character_import(data);
});
