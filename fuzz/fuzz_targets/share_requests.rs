//! What a device at the table sends the sharing server: a join request's body, a cookie
//! header and a character upload (`tome::fuzzing::share_requests`), against an in-memory
//! database.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    tome::fuzzing::share_requests(data);
});
