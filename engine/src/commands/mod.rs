//! One module per subcommand of the binary.

pub mod perft;
pub mod pieces;
pub mod show;
