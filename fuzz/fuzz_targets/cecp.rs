//! Fuzz target `cecp`: see [`taikyoku_fuzz::checks::cecp`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| taikyoku_fuzz::checks::cecp(data));
