//! The rules-document importer (decoding, splitting by headings, section ids) on
//! arbitrary bytes. It must never panic, and the sections it makes must be well formed.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    tome::fuzzing::text_import(data);
});
