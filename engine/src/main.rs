//! The `taikyoku` binary: command line of the engine for the giant shogi variants.

mod commands;

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use std::sync::Arc;
use taikyoku_movegen::{Variant, VariantError};

/// Engine for the giant shogi variants: Taikyoku, Maka dai dai and Dai dai shogi.
///
/// Without a command, speaks USI on standard input and output (Taikyoku by default; the
/// `USI_Variant` option picks another variant).
#[derive(Parser, Debug)]
#[command(name = "taikyoku", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Speak USI on standard input and output (the default).
    Usi(commands::usi::UsiArgs),
    /// Search fixed positions of every variant to a fixed depth: node count and speed.
    Bench(commands::bench::BenchArgs),
    /// Show a position's static evaluation term by term.
    Eval(commands::eval::EvalArgs),
    /// Play a match between two USI engines, refereed by the move generator.
    Match(Box<commands::matchcmd::MatchArgs>),
    /// Count the leaf nodes of the move tree (move generator check and speed test).
    Perft(commands::perft::PerftArgs),
    /// Print a variant's piece table: code, name, promotion, movement.
    Pieces(commands::pieces::PiecesArgs),
    /// Print a position as a board.
    Show(commands::show::ShowArgs),
}

/// Which variant to use: a built-in one by name, or a variant file.
#[derive(Args, Debug, Clone)]
pub struct VariantArgs {
    /// Variant name: taikyoku, maka-dai-dai, dai-dai or ko.
    #[arg(long, default_value = "taikyoku")]
    pub variant: String,
    /// Load the variant from this file instead (see docs/variant-format.md).
    #[arg(long, value_name = "PATH")]
    pub variant_file: Option<String>,
}

impl VariantArgs {
    /// Loads the chosen variant.
    pub fn load(&self) -> Result<Arc<Variant>, VariantError> {
        match &self.variant_file {
            Some(path) => Variant::from_file(path),
            None => Variant::builtin(&self.variant),
        }
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

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None => commands::usi::run(&commands::usi::UsiArgs::default()),
        Some(Command::Usi(a)) => commands::usi::run(&a),
        Some(Command::Bench(a)) => commands::bench::run(&a),
        Some(Command::Eval(a)) => commands::eval::run(&a),
        Some(Command::Match(a)) => commands::matchcmd::run(&a),
        Some(Command::Perft(a)) => commands::perft::run(&a),
        Some(Command::Pieces(a)) => commands::pieces::run(&a),
        Some(Command::Show(a)) => commands::show::run(&a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(CliError::Io(e)) => {
            eprintln!("error: cannot write output: {e}");
            ExitCode::FAILURE
        }
        Err(CliError::Msg(e)) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
