//! `taikyoku atsi`: the engine for the Taikyoku site (taikyoku-shogi.github.io), speaking its
//! protocol ATSI v0 on standard input and output (for websocketd) or, with `--listen`, as a
//! WebSocket server of its own (docs/atsa.md).

use std::net::SocketAddr;

use clap::Args;
use taikyoku_engine::backend::Backend;
use taikyoku_movegen::Variant;
use taikyoku_protocol::atsi::{self, ws, HostReading};
use taikyoku_protocol::engine::Output;

use super::CliError;

/// Arguments of `atsi`.
#[derive(Args, Debug)]
pub struct AtsiArgs {
    /// Serve ATSI over WebSocket on this address (`127.0.0.1:8765`) instead of standard input
    /// and output: the site's play page connects to `ws://ADDRESS`. A non-loopback address
    /// lets other computers connect too.
    #[arg(long, value_name = "ADDR:PORT")]
    listen: Option<SocketAddr>,
    /// A page allowed to connect besides the Taikyoku site and pages on this computer (its
    /// origin, `https://example.org`); may be repeated.
    #[arg(long, value_name = "ORIGIN")]
    allow_origin: Vec<String>,
    /// Most games served at once over WebSocket (each has its own search and hash table).
    #[arg(long, value_name = "N", default_value_t = 4)]
    max_sessions: usize,
    /// Whose reading of the rules to play by: `site` (the site's host referees: play only
    /// moves it accepts and follows as the rules do, and apply the opponent's moves as it did)
    /// or `rules` (a host that referees by the rules, such as `taikyoku match`).
    #[arg(long, value_name = "READING", default_value = "site")]
    host: String,
}

/// Runs the session on standard input and output, or serves sessions over WebSocket.
pub fn run(a: &AtsiArgs) -> Result<(), CliError> {
    let reading = match a.host.as_str() {
        "site" => HostReading::Site,
        "rules" => HostReading::Rules,
        other => return Err(format!("--host '{other}' is not 'site' or 'rules'").into()),
    };
    let variant = Variant::builtin(atsi::VARIANT).map_err(|e| e.to_string())?;
    match a.listen {
        None => {
            let out = Output::new(Box::new(std::io::stdout()));
            let input = std::io::BufReader::new(std::io::stdin());
            atsi::run(Backend::new(variant), input, out, reading);
            Ok(())
        }
        Some(addr) => {
            let listen = ws::Listen {
                addr,
                allowed_origins: a.allow_origin.clone(),
                max_sessions: a.max_sessions.max(1),
                reading,
            };
            ws::serve(listen, move || Backend::new(variant.clone()))?;
            Ok(())
        }
    }
}
