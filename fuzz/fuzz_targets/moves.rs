//! Fuzz target `moves`: see [`taikyoku_fuzz::checks::moves`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| taikyoku_fuzz::checks::moves(data));
