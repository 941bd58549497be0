//! What a device at the table sends the sharing server (`tome::fuzzing::share_requests`):
//! a join's body and cookie, a `Host` header, a character upload, a search, an entry's
//! id, and an action or its preview at two tables that differ only in a hidden goblin.
//! Run without AddressSanitizer (the Makefile says why); `share_parsers` keeps it.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    tome::fuzzing::share_requests(data);
});
