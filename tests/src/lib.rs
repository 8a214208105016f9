//! Test support for the taikyoku workspace.
//!
//! [`reference`](mod@reference) is a slow move generator written straight from the rules text (the seeds and
//! `docs/rules-decisions.md`), independently of `movegen/` and of the variant files. The
//! integration tests in `tests/tests/` compare it with the fast generator.
//!
//! [`kit`] is the one position builder of the workspace's tests: position text from a list of
//! pieces, written without the engine's notation code. [`processes`] finds processes a test
//! expects to be gone.

#![forbid(unsafe_code)]

pub mod kit;
pub mod processes;
pub mod reference;
