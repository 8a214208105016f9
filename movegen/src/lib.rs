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
// The modules keep their paths inside the crate (`crate::variant`, `crate::zone_promotion`, ...)
// through these crate-private re-exports.
mod board;
mod definition;
mod generation;
mod rules;
mod text;

mod any;
mod attacks;

pub(crate) use board::{bitboard, geometry, moves, position};
pub(crate) use definition::{betza, program, variant, variant_file};
pub(crate) use generation::interp;
pub(crate) use generation::zone_promotion;
pub(crate) use rules::{game, lion_trading};
pub(crate) use text::notation;

// The public surface (docs/architecture.md, "The public surface of the core").
// The facade the protocols, the referee and the GUI use: a position of any board width.
pub use any::{AnyPosition, EmptyBoardMoves, MoveSquares, PlacedPiece};
// Variants: the compiled rules, built in or read from a file, and what their readers ask.
pub use variant::{
    builtin_text, known_names, ChuRules, FormId, Piece, PieceKind, Variant, BUILTIN, READINGS,
    READING_KEYS,
};
pub use variant_file::{KindId, PromotionRule, RepetitionRule, VariantError};
// The evaluation's mobility tables: what a movement atom is and where a piece reaches.
pub use attacks::{empty_board_reach, Danger, EmptyBoardReach, ROYAL_EXCHANGE_VALUE};
pub use betza::{AtomKind, ShotClass};
// Positions, squares and moves; the search plays them.
pub use bitboard::Bitboard;
pub use geometry::{rank_letters, Colour, DenseSquare, Geometry, Square};
pub use moves::{Counter, Move, MoveSink, Promotion};
pub use position::{MoveObserver, Position};
// The game layer and notation.
pub use game::{EndReason, GameResult, Outcome};
pub use notation::{Effect, NotationError};
