//! Encounters with nothing stored: the same steps as `encounter_events`, each the event
//! the API would store, applied to the state in memory (`tome::fuzzing::encounter_rules`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    tome::fuzzing::encounter_rules(data);
});
