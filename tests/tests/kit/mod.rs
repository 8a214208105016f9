//! The integration tests' shared kit: the workspace's position builder
//! ([`taikyoku_tests::kit`], independent of the engine's own notation code) with the fast
//! generator's parse on top, checked to read back as written and to be consistent.

// Each test crate that includes the kit uses part of it.
#![allow(dead_code, unused_imports)]

use std::sync::Arc;

use taikyoku_movegen::{Position, Variant};
pub use taikyoku_tests::kit::{coords, position_text, square_name};

/// A position of `variant` with the given pieces (`(square, code)`; upper case Black, lower case
/// White, a leading `+` for a promoted piece), `side` (`b` or `w`) to move and the extra field
/// `extra`. The position must print back exactly as built, and be consistent.
pub fn build_in<const N: usize>(
    variant: Arc<Variant>,
    side: char,
    extra: &str,
    pieces: &[(&str, &str)],
) -> Position<N> {
    let text = position_text(
        variant.geo.files(),
        variant.geo.ranks(),
        pieces,
        side,
        extra,
    );
    let pos = Position::<N>::parse(variant, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(pos.to_notation(), text);
    pos.check_consistency().unwrap();
    pos
}

/// A position of the built-in variant `id` with the given pieces (see [`build_in`]), `side` to
/// move and an empty extra field.
pub fn build<const N: usize>(id: &str, side: char, pieces: &[(&str, &str)]) -> Position<N> {
    build_in(Variant::builtin(id).unwrap(), side, "-", pieces)
}
