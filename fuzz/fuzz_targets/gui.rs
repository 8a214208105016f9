//! Fuzz target `gui`: see [`taikyoku_fuzz::checks::gui`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| taikyoku_fuzz::checks::gui(data));
