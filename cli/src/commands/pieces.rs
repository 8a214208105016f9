//! `taikyoku pieces`: the piece table of a variant.

use clap::Args;

use std::io::Write;

use super::{CliError, VariantArgs};

/// Arguments of `pieces`.
#[derive(Args, Debug)]
pub struct PiecesArgs {
    #[command(flatten)]
    variant: VariantArgs,
}

/// Prints one line per kind: code, name, promotion (code or `-`), movement, flags.
pub fn run(a: &PiecesArgs) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    let v = a.variant.load().map_err(|e| e.to_string())?;
    let name_w = v
        .kinds()
        .map(|k| k.name().chars().count())
        .max()
        .unwrap_or(0);
    for k in v.kinds() {
        let promotes = k.promotes_to().map_or("-", |p| v.kind(p).code());
        let mut flags = Vec::new();
        if k.is_royal() {
            flags.push("royal".to_string());
        }
        if k.rank() > 0 {
            flags.push(format!("rank={}", k.rank()));
        }
        if k.last_rank_capture_only() {
            flags.push("last-rank-capture-only".into());
        }
        if k.converts() > 0 {
            flags.push(format!("converts={}", k.converts()));
        }
        if k.promoted_only() {
            flags.push("promoted-only".into());
        }
        let line = format!(
            "{:<4} {:<name_w$}  {:<4} {:<24} {}",
            k.code(),
            k.name(),
            promotes,
            k.movement(),
            flags.join(" ")
        );
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}
