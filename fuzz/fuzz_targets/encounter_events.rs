//! Encounters: arbitrary sequences of changes, system actions, undos and redos through
//! every system's rules (`tome::fuzzing::encounter_events`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    tome::fuzzing::encounter_events(data);
});
