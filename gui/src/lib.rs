//! The web GUI (`taikyoku gui`): a local web server whose one page shows and plays every
//! variant, 36x36 Taikyoku included, against a USI engine run as a child process (our own
//! binary unless told otherwise). Every move a person makes is checked by the move generator
//! before the engine hears of it.
//!
//! - [`server`]: the HTTP server and one WebSocket per page;
//! - [`session`]: one page's game, settings and engine, driven by events;
//! - [`engine`]: the engine process and its pipes;
//! - [`game`], [`record`]: a game and its record;
//! - [`moves`], [`pieces`]: what the page draws (legal moves in words, the piece table,
//!   a piece's movement);
//! - [`messages`], [`info`]: the page's messages and the engine's `info` lines;
//! - [`assets`]: the page itself (plain JavaScript and CSS embedded in the binary).

pub mod assets;
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

/// Starts the server, prints its address, and serves until the process is ended.
pub fn run(cfg: Config) -> Result<(), String> {
    let server = Server::start(cfg)?;
    println!(
        "taikyoku gui: open {} in a browser (Ctrl-C ends)",
        server.url()
    );
    use std::io::Write;
    let _ = std::io::stdout().flush();
    server.wait();
    Ok(())
}
