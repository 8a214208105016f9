//! `taikyoku gui`: the web GUI's server (the `taikyoku-gui` crate), with our own binary as the
//! default engine.

use std::time::Duration;

use clap::Args;
use taikyoku_gui::{Config, VariantChoice};

use super::{CliError, VariantArgs};

/// Arguments of `gui`.
#[derive(Args, Debug)]
pub struct GuiArgs {
    #[command(flatten)]
    variant: VariantArgs,
    /// Port to listen on (0: any free port; the address is printed).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Address to listen on. The default serves this computer only; another address lets
    /// other computers play (and start engine processes) too.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// The USI engine to play, as a command line (shell-style quoting): our own binary by
    /// default.
    #[arg(long, value_name = "CMD ARGS")]
    engine: Option<String>,
    /// Seconds an engine may take beyond what it was asked (handshake, `stop`, a move under a
    /// time limit) before the page reports it stalled.
    #[arg(long, value_name = "SECONDS", default_value_t = 10)]
    engine_timeout: u64,
    /// Most pages served at once (each has its own game and engine process).
    #[arg(long, value_name = "N", default_value_t = 16)]
    max_pages: usize,
}

/// Starts the server and serves until the process is ended.
pub fn run(a: &GuiArgs) -> Result<(), CliError> {
    let engine = match &a.engine {
        Some(cmd) => Config::parse_engine(cmd)?,
        None => {
            let me = std::env::current_exe()
                .map_err(|e| format!("cannot find this program to run as the engine: {e}"))?;
            vec![me.to_string_lossy().into_owned(), "usi".into()]
        }
    };
    let builtin = if a.variant.variant_file.is_some() {
        "taikyoku"
    } else {
        a.variant.variant.as_str()
    };
    let mut cfg = Config::new(a.port, engine, builtin)?;
    cfg.host = a.host.clone();
    cfg.engine_timeout = Duration::from_secs(a.engine_timeout.max(1));
    cfg.max_sessions = a.max_pages.max(1);
    let variant = a.variant.load().map_err(|e| e.to_string())?;
    match &a.variant.variant_file {
        Some(path) => {
            let path = std::fs::canonicalize(path)
                .map_err(|e| format!("{path}: {e}"))?
                .to_string_lossy()
                .into_owned();
            cfg.select(VariantChoice {
                key: format!("file:{}", variant.id()),
                variant,
                usi_value: path,
                options: Vec::new(),
            });
        }
        None if a.variant.chu_rules != "lishogi" => cfg.select(VariantChoice {
            key: variant.id().to_string(),
            variant,
            usi_value: a.variant.variant.clone(),
            options: vec![("ChuRules".into(), a.variant.chu_rules.clone())],
        }),
        None => {}
    }
    taikyoku_gui::run(cfg)?;
    Ok(())
}
