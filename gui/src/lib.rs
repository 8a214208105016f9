//! The web GUI (`taikyoku gui`): a local web server whose one page shows and plays every
//! variant, 36x36 Taikyoku included, against a USI engine run as a child process (our own
//! binary unless told otherwise). Every move a person makes is checked by the move generator
//! before the engine hears of it.
//!
//! - [`server`]: the HTTP server and one WebSocket per page; [`access`]: whom it answers;
//! - [`session`]: one page's game, settings and engine, driven by events;
//! - [`engine`]: the engine process and its pipes;
//! - [`game`], [`record`]: a game and its record; [`clock`]: its clocks;
//! - [`moves`], [`pieces`]: what the page draws (legal moves in words, the piece table,
//!   a piece's movement);
//! - [`messages`], [`info`]: the page's messages and the engine's `info` lines;
//! - [`assets`]: the page itself (plain JavaScript and CSS embedded in the binary).

pub mod access;
pub mod assets;
pub mod clock;
pub mod config;
pub mod engine;
pub mod game;
pub mod info;
pub mod messages;
pub mod moves;
pub mod pieces;
pub mod record;
pub mod server;
pub mod session;

pub use config::{Config, VariantChoice};
pub use server::Server;

/// Starts the server, prints its address, and serves until the process gets SIGINT (Ctrl-C) or
/// SIGTERM; then it stops serving and ends every engine's process group before it returns (an
/// engine runs in a group of its own, so the terminal's Ctrl-C does not reach it).
pub fn run(cfg: Config) -> Result<(), String> {
    let signals = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()
        .map_err(|e| format!("cannot wait for signals: {e}"))?;
    let ended = signals.block_on(async {
        use tokio::signal::unix::{signal, SignalKind};
        let interrupt = signal(SignalKind::interrupt());
        let terminate = signal(SignalKind::terminate());
        match (interrupt, terminate) {
            (Ok(i), Ok(t)) => Ok((i, t)),
            (Err(e), _) | (_, Err(e)) => Err(format!("cannot wait for signals: {e}")),
        }
    });
    let (mut interrupt, mut terminate) = ended?;
    let server = Server::start(cfg)?;
    println!(
        "taikyoku gui: open {} in a browser (Ctrl-C ends)",
        server.url()
    );
    use std::io::Write;
    let _ = std::io::stdout().flush();
    let why = signals.block_on(async {
        tokio::select! {
            _ = interrupt.recv() => "interrupted",
            _ = terminate.recv() => "terminated",
        }
    });
    server.stop();
    // The terminal may be gone (a closed pipe): the message is not worth a panic.
    let _ = writeln!(
        std::io::stdout(),
        "taikyoku gui: {why}; the engines were ended"
    );
    Ok(())
}
