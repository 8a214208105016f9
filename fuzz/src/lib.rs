//! The fuzz targets' checks, in [`checks`]: the same file is compiled into the workspace's
//! stable test that replays the committed corpora (`engine/tests/fuzz_corpus.rs`).

pub mod checks;
