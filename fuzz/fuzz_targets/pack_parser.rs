//! The pack parser and validator (the seed loader with a manifest and a namespace), on
//! arbitrary bytes: as a single-file pack, and as a pack folder whose files are the
//! input cut at `\n%%\n`. It must never panic, and what it accepts must be well formed.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    tome::fuzzing::pack_parser(data);
});
