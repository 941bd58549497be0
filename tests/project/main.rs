//! The project holds together: its layers point one way, and every relative link and
//! image in the README and the guide resolves.
//!
//! One test binary: each file here is a module of it (DESIGN.md, "Tests"), so a change
//! to the library compiles and links these tests once, not once a file.

mod docs_links;
mod layers;
mod swallowed;
