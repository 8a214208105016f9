//! The `taikyoku` binary: command line of the engine for the giant shogi variants.
#![forbid(unsafe_code)]

mod commands;

use std::io::{BufRead, BufReader, Cursor, Read};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use taikyoku_engine::backend::Backend;
use taikyoku_movegen::Variant;
use taikyoku_protocol::dialect::Dialect;
use taikyoku_protocol::{cecp, engine, input, usi};

use commands::CliError;

/// Engine for the giant shogi variants: Taikyoku, Maka dai dai and Dai dai shogi.
///
/// Without a command, speaks USI on standard input and output (Taikyoku by default; the
/// `USI_Variant` option picks another variant), or CECP (the XBoard protocol) when the first
/// command is `xboard`.
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
    /// Speak CECP (the XBoard protocol) on standard input and output.
    Xboard(XboardArgs),
    /// Speak ATSI, the Taikyoku site's protocol (modern Taikyoku), on standard input and
    /// output or as a WebSocket server (`--listen`).
    Atsi(commands::atsi::AtsiArgs),
    /// Search fixed positions of the four giant variants to a fixed depth: node count, speed and time to depth.
    Bench(commands::bench::BenchArgs),
    /// Show a position's static evaluation term by term.
    Eval(commands::eval::EvalArgs),
    /// Serve the web GUI: play every variant in a browser against a USI engine.
    Gui(Box<commands::gui::GuiArgs>),
    /// Play a match between two USI or CECP engines, refereed by the move generator.
    Match(Box<commands::matchcmd::MatchArgs>),
    /// Random balanced opening lines for matches (`startpos moves ...`, one per line).
    Openings(commands::openings::OpeningsArgs),
    /// Count the leaf nodes of the move tree (move generator check and speed test).
    Perft(commands::perft::PerftArgs),
    /// Print a variant's piece table: code, name, promotion, movement.
    Pieces(commands::pieces::PiecesArgs),
    /// Print a position as a board.
    Show(commands::show::ShowArgs),
}

/// Arguments of `xboard`.
#[derive(Args, Debug)]
pub struct XboardArgs {
    /// The variant `new` starts (a CECP variant name or one of ours; `variant` changes it).
    #[arg(long, default_value = "taikyoku")]
    pub variant: String,
    /// Milliseconds a result waits after the engine's own move under QBoard (default: what
    /// QBoard needs, `cecp::RESULT_HOLD`; for measuring it).
    #[arg(long, value_name = "MS")]
    pub result_hold: Option<u64>,
}

/// The CECP loop on standard input and output, `first` being input already read.
fn run_cecp(variant: &str, result_hold: Option<u64>, first: Vec<u8>) -> Result<(), CliError> {
    let dialect = Dialect::for_cecp_variant(variant)?;
    let out = engine::Output::new(Box::new(std::io::stdout()));
    let engine = Backend::new(dialect.variant.clone());
    let mut session = cecp::Session::new(engine, out, dialect);
    if let Some(ms) = result_hold {
        session.set_result_hold(std::time::Duration::from_millis(ms));
    }
    session.run(Cursor::new(first).chain(BufReader::new(std::io::stdin())));
    Ok(())
}

/// No command: the first non-blank line chooses the protocol. `xboard` starts CECP; anything
/// else starts USI (Taikyoku), which then handles that line as usual.
///
/// The first line is read as bytes, at most [`input::MAX_LINE`] of them (the rest of a longer
/// line stays in the input, so the chosen loop sees the whole line and reports it); blank lines
/// before it are dropped (both loops ignore them), so no input can make this wait grow.
fn run_auto() -> Result<(), CliError> {
    let stdin = std::io::stdin();
    let mut first = Vec::new();
    loop {
        first.clear();
        let limit = input::MAX_LINE as u64 + 1;
        if stdin.lock().take(limit).read_until(b'\n', &mut first)? == 0 {
            break;
        }
        if !first.trim_ascii().is_empty() {
            break;
        }
    }
    if first.trim_ascii() == b"xboard" {
        return run_cecp("taikyoku", None, first);
    }
    let variant = Variant::builtin("taikyoku").map_err(|e| e.to_string())?;
    let out = engine::Output::new(Box::new(std::io::stdout()));
    let mut session = usi::Session::new(Backend::new(variant.clone()), out, variant);
    session.run(Cursor::new(first).chain(stdin.lock()));
    Ok(())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None => run_auto(),
        Some(Command::Usi(a)) => commands::usi::run(&a),
        Some(Command::Xboard(a)) => run_cecp(&a.variant, a.result_hold, Vec::new()),
        Some(Command::Atsi(a)) => commands::atsi::run(&a),
        Some(Command::Bench(a)) => commands::bench::run(&a),
        Some(Command::Eval(a)) => commands::eval::run(&a),
        Some(Command::Gui(a)) => commands::gui::run(&a),
        Some(Command::Match(a)) => commands::matchcmd::run(&a),
        Some(Command::Openings(a)) => commands::openings::run(&a),
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
