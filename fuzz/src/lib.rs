//! The fuzz targets' checks, in [`checks`]: the same file is compiled into the workspace's
//! stable test that replays the committed corpora (`cli/tests/fuzz_corpus.rs`).

// The workspace's lints do not reach this crate (it is outside the workspace).
#![deny(missing_docs)]

pub mod checks;
