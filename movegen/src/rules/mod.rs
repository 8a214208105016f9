//! Layer 4, rules beyond movement: the game layer (repetition, legal moves, game result:
//! [`game`]) and chu shogi's rules on generated moves ([`chu`]).

pub mod chu;
pub mod game;
