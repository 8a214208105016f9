//! `taikyoku eval`: a position's static evaluation, term by term.

use std::io::Write;

use clap::Args;
use taikyoku_eval::{Evaluator, Params};
use taikyoku_movegen::{with_position, AnyPosition, Variant};

use super::{CliError, VariantArgs};

/// Arguments of `eval`.
#[derive(Args, Debug)]
pub struct EvalArgs {
    #[command(flatten)]
    variant: VariantArgs,
    /// Position in notation, or `startpos`, optionally followed by `moves <move>...`.
    #[arg(long, default_value = "startpos")]
    position: String,
    /// Also list every piece kind's derived value.
    #[arg(long)]
    values: bool,
    /// Evaluation parameters, as the engine's `EvalParams` option takes them
    /// (`name=value`, separated by commas; eval/src/params.rs names them).
    #[arg(long, default_value = "")]
    params: String,
}

/// Prints the breakdown (and optionally the piece values).
pub fn run(a: &EvalArgs) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    let variant = a.variant.load().map_err(|e| e.to_string())?;
    let pos = AnyPosition::parse_with_moves(variant.clone(), &a.position)?;
    let mut params = Params::default();
    params
        .apply(&a.params)
        .map_err(|e| format!("--params: {e}"))?;
    let e = Evaluator::with_params(variant.clone(), params);
    if a.values {
        for (k, kind) in variant.kind_ids().zip(variant.kinds()) {
            let promoted = kind.promotes_to().map_or(String::from("-"), |_| {
                e.values.by_form[Variant::form_of(k, true).index()].to_string()
            });
            writeln!(
                out,
                "{:<4} {:<28} {:>6} {:>6}",
                kind.code(),
                kind.name(),
                e.values.by_form[Variant::form_of(k, false).index()],
                promoted
            )?;
        }
    }
    let b = with_position!(&pos, p => e.breakdown(p));
    writeln!(out, "{b}")?;
    Ok(())
}
