//! One module per subcommand of the binary.

pub mod bench;
pub mod eval;
pub mod perft;
pub mod pieces;
pub mod show;
pub mod usi;
