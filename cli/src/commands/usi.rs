//! `taikyoku` / `taikyoku usi`: the USI loop on standard input and output.

use clap::Args;
use taikyoku_engine::backend::Backend;
use taikyoku_movegen::Variant;
use taikyoku_protocol::engine::Output;
use taikyoku_protocol::usi::Session;

use super::CliError;

/// Arguments of `usi`.
#[derive(Args, Debug, Default)]
pub struct UsiArgs {
    /// Variant to start with (the USI_Variant option changes it).
    #[arg(long)]
    variant: Option<String>,
}

/// Runs the loop until `quit` or the end of input.
pub fn run(a: &UsiArgs) -> Result<(), CliError> {
    let id = a.variant.as_deref().unwrap_or("taikyoku");
    let variant = Variant::builtin(id).map_err(|e| e.to_string())?;
    let out = Output::new(Box::new(std::io::stdout()));
    let mut session = Session::new(Backend::new(variant.clone()), out, variant);
    session.run(std::io::stdin().lock());
    Ok(())
}
