//! Criterion benchmarks live in `benches/`; this crate has no library code.

#![forbid(unsafe_code)]
