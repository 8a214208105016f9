//! The rules of the giant shogi variants (Taikyoku, Maka dai dai, Dai dai shogi): board
//! geometry, wide bitboards, variant definitions as data, positions with make/unmake and
//! incremental hashing, move generation, notation and perft.
//!
//! Everything rule-specific lives in the variant files (`variants/*.var`, see
//! `docs/variant-format.md`) and in one move generator (the `movegen` module); nothing else re-implements
//! a rule.

#![forbid(unsafe_code)]

// The tree follows the layers (docs/architecture.md). Every module is private: the other crates
// use the items re-exported below, so the internals (the movement interpreter, the compiled
// programs, the attack tables, the variant file's definition) can change without breaking them.
// Inside the crate, paths name the real place (`crate::definition::variant`), so the imports
// show the dependency graph.
mod board;
mod definition;
mod generation;
mod rules;
mod text;

mod any;

// The public surface (docs/architecture.md, "The public surface of the core").
// The facade the protocols, the referee and the GUI use: a position of any board width.
pub use any::{AnyPosition, EmptyBoardMoves, MoveSquares, PlacedPiece};
// Variants: the compiled rules, built in or read from a file, and what their readers ask.
pub use definition::piece::{FormId, Piece};
pub use definition::variant::{
    builtin_text, known_names, ChuRules, PieceKind, Variant, BUILTIN, READINGS, READING_KEYS,
};
pub use definition::variant_file::{KindId, PromotionRule, RepetitionRule, VariantError};
// The evaluation's mobility tables: what a movement atom is and where a piece reaches.
pub use definition::betza::{AtomKind, ShotClass};
pub use generation::attacks::{empty_board_reach, Danger, EmptyBoardReach, ROYAL_EXCHANGE_VALUE};
// Positions, squares and moves; the search plays them.
pub use board::bitboard::Bitboard;
pub use board::geometry::{rank_letters, Colour, DenseSquare, Geometry, Square};
pub use board::moves::{Counter, Move, MoveSink, Promotion};
pub use board::position::{MoveObserver, Position};
// The game layer and notation.
pub use rules::game::{EndReason, GameResult, Outcome};
pub use text::notation::{Effect, NotationError};
