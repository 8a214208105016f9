//! Fuzz target `position`: see [`taikyoku_fuzz::checks::position`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| taikyoku_fuzz::checks::position(data));
