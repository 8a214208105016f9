//! Fuzz target `usi`: see [`taikyoku_fuzz::checks::usi`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| taikyoku_fuzz::checks::usi(data));
