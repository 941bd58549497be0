//! The requests of `share_requests` whose bytes reach `unsafe` or C code (a join's body,
//! a cookie header, a `Host` header, a search, an entry's id), for a run under
//! AddressSanitizer (`tome::fuzzing::share_parsers`), from the same seeds.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    tome::fuzzing::share_parsers(data);
});
