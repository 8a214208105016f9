//! The integration tests' shared kit: the workspace's position builder
//! ([`taikyoku_tests::kit`], independent of the engine's own notation code) with the fast
//! generator's parse on top, checked to read back as written and to be consistent.

// Each test crate that includes the kit uses part of it.
#![allow(dead_code, unused_imports)]

use std::sync::Arc;

use taikyoku_movegen::{Position, Variant};
pub use taikyoku_tests::kit::{
    coords, position_text, square_name, CHU_CORNER_KINGS, CHU_READING_POSITIONS,
};

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
        variant.geometry().files(),
        variant.geometry().ranks(),
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

/// The square named `sq` (see [`coords`]) on `pos`'s board.
pub fn square<const N: usize>(pos: &Position<N>, sq: &str) -> taikyoku_movegen::Square {
    let (c, r) = coords(sq, pos.variant().geometry().files());
    pos.variant().geometry().square(c, r)
}

/// A set of move or square texts, for comparing move lists whatever their order.
pub fn set(list: &[&str]) -> std::collections::BTreeSet<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// The piece on a square as positions write it, without parentheses (`""` when empty).
pub fn at<const N: usize>(pos: &Position<N>, sq: &str) -> String {
    let p = pos.piece_at(square(pos, sq));
    if p.is_piece() {
        pos.variant().piece_code(p).replace(['(', ')'], "")
    } else {
        String::new()
    }
}

/// Parses and plays a move, checking the position's redundant structures afterwards.
pub fn play<const N: usize>(pos: &mut Position<N>, mv: &str) -> taikyoku_movegen::Move {
    let m = pos.parse_move(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    pos.make(m);
    pos.check_consistency().unwrap();
    m
}

/// The name of a square of `pos`'s board.
pub fn sq_name<const N: usize>(pos: &Position<N>, s: taikyoku_movegen::Square) -> String {
    pos.variant().geometry().square_name(s)
}

/// The moves of the piece on `from`.
pub fn moves_of<const N: usize>(pos: &Position<N>, from: &str) -> Vec<taikyoku_movegen::Move> {
    let f = square(pos, from);
    pos.moves().into_iter().filter(|m| m.from() == f).collect()
}

/// The moves of the piece on `from` as move strings, sorted (checked to be distinct).
pub fn move_strings<const N: usize>(
    pos: &Position<N>,
    from: &str,
) -> std::collections::BTreeSet<String> {
    let list: Vec<String> = moves_of(pos, from)
        .into_iter()
        .map(|m| pos.move_to_string(m))
        .collect();
    let set: std::collections::BTreeSet<String> = list.iter().cloned().collect();
    assert_eq!(set.len(), list.len(), "duplicate move strings: {list:?}");
    set
}
