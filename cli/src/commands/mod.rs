//! One module per subcommand of the binary.

pub mod atsi;
pub mod bench;
pub mod eval;
pub mod gui;
pub mod matchcmd;
pub mod openings;
pub mod perft;
pub mod pieces;
pub mod show;
pub mod usi;
