//! The rules of the giant shogi variants (Taikyoku, Maka dai dai, Dai dai shogi): board
//! geometry, wide bitboards, variant definitions as data, positions with make/unmake and
//! incremental hashing, move generation, notation and perft.
//!
//! Everything rule-specific lives in the variant files (`variants/*.var`, see
//! `docs/variant-format.md`) and in one move generator ([`movegen`]); nothing else re-implements
//! a rule.

pub mod any;
pub mod attacks;
pub mod betza;
pub mod bitboard;
pub mod chu;
pub mod game;
pub mod geometry;
pub(crate) mod interp;
pub mod ko;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod position;
pub mod program;
pub mod variant;
pub mod variant_file;

pub use any::{AnyPosition, EmptyBoardMoves, MoveSquares, PlacedPiece};
pub use attacks::{Danger, ROYAL_EXCHANGE_VALUE};
pub use bitboard::Bitboard;
pub use game::{EndReason, GameResult, Outcome};
pub use geometry::{Colour, Geometry, Square};
pub use moves::{Counter, Move, MoveSink, Promotion};
pub use notation::{Effect, NotationError};
pub use position::{Position, Weights};
pub use variant::{ChuRules, Piece, Variant};
pub use variant_file::{PromotionRule, RepetitionRule, VariantError};
