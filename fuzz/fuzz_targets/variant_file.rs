//! Fuzz target `variant_file`: see [`taikyoku_fuzz::checks::variant_file`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| taikyoku_fuzz::checks::variant_file(data));
