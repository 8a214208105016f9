//! One module per subcommand of the binary, and what they share: the variant arguments
//! ([`VariantArgs`]) and the error a command returns ([`CliError`]).

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

use std::sync::Arc;

use clap::Args;
use taikyoku_movegen::{Variant, VariantError};
use taikyoku_protocol::joint::ChuPlay;

/// Which variant to use: a built-in one by name, or a variant file.
#[derive(Args, Debug, Clone)]
pub struct VariantArgs {
    /// Variant name: taikyoku, taikyoku-atsa, maka-dai-dai, dai-dai, ko, chu, dai or tai (or
    /// chu-hachu, chu as HaChu reads it).
    #[arg(long, default_value = "taikyoku")]
    pub variant: String,
    /// Load the variant from this file instead (see docs/variant-format.md).
    #[arg(long, value_name = "PATH")]
    pub variant_file: Option<String>,
    /// Chu shogi's rule reading: lishogi (default) or hachu; or both (moves legal under both
    /// readings) or either (moves legal under either: the referee of a match against HaChu),
    /// which join the two readings' moves in perft, match and the protocols. See docs/chu.md.
    #[arg(long, value_name = "READING", default_value = "lishogi")]
    pub chu_rules: String,
}

impl VariantArgs {
    /// How chu's rule readings are played (`--chu-rules`): one reading, or two joined by their
    /// move sets (`both`, `either`: see `taikyoku_protocol::joint`).
    pub fn chu_play(&self) -> Result<ChuPlay, VariantError> {
        ChuPlay::parse(&self.chu_rules).map_err(|message| VariantError {
            source: "--chu-rules".into(),
            line: 0,
            message,
        })
    }

    /// Loads the chosen variant, read by `--chu-rules` (under `both` or `either`, in the
    /// joint's main reading, [`ChuPlay::reading`]).
    pub fn load(&self) -> Result<Arc<Variant>, VariantError> {
        let v = match &self.variant_file {
            Some(path) => Variant::from_file(path),
            None => Variant::builtin(&self.variant),
        }?;
        let play = self.chu_play()?;
        if play == ChuPlay::Lishogi {
            return Ok(v);
        }
        if !v.has_rule_readings() {
            return Err(VariantError {
                source: "--chu-rules".into(),
                line: 0,
                message: format!("{} has no chu rules to read differently", v.id()),
            });
        }
        v.with_chu_rules(play.reading())
    }
}

/// Why a command failed: a message for the user, or an output error.
#[derive(Debug)]
pub enum CliError {
    /// Bad input or a failed operation, explained.
    Msg(String),
    /// Writing the output failed (a closed pipe is not reported).
    Io(std::io::Error),
}

impl From<String> for CliError {
    fn from(s: String) -> Self {
        CliError::Msg(s)
    }
}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> Self {
        CliError::Io(e)
    }
}
