//! The rules of the giant shogi variants (Taikyoku, Maka dai dai, Dai dai shogi): board
//! geometry, wide bitboards, variant definitions as data, positions with make/unmake and
//! incremental hashing, move generation, notation and perft.
//!
//! Everything rule-specific lives in the variant files (`variants/*.var`, see
//! `docs/variant-format.md`) and in one move generator ([`movegen`]); nothing else re-implements
//! a rule.

// The tree follows the layers (docs/architecture.md); each module keeps its path at the crate
// root through the re-exports below.
mod board;
mod definition;
mod generation;
mod rules;
mod text;

pub mod any;
pub mod attacks;

pub use board::{bitboard, geometry, moves, position};
pub use definition::{betza, program, variant, variant_file};
pub(crate) use generation::interp;
pub use generation::{movegen, zone_promotion};
pub use rules::{bare_king, game, lion_trading};
pub use text::{notation, perft};

pub use any::{AnyPosition, EmptyBoardMoves, MoveSquares, PlacedPiece};
pub use attacks::{Danger, ROYAL_EXCHANGE_VALUE};
pub use bitboard::Bitboard;
pub use game::{EndReason, GameResult, Outcome};
pub use geometry::{Colour, Geometry, Square};
pub use moves::{Counter, Move, MoveSink, Promotion};
pub use notation::{Effect, NotationError};
pub use position::{MoveObserver, Position};
pub use variant::{ChuRules, Piece, Variant};
pub use variant_file::{PromotionRule, RepetitionRule, VariantError};
