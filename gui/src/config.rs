//! How the server is set up: where it listens, which engine it starts, which variants the page
//! offers.

use std::sync::Arc;
use std::time::Duration;

use taikyoku_movegen::Variant;

/// A variant the page offers.
#[derive(Clone, Debug)]
pub struct VariantChoice {
    /// What the page selects it by (the variant's id; `file:<id>` for a variant file).
    pub key: String,
    /// The compiled variant.
    pub variant: Arc<Variant>,
    /// The `USI_Variant` value that makes the engine play it (the id, or the file's path).
    pub usi_value: String,
    /// Further engine options it needs (chu's `ChuRules` reading).
    pub options: Vec<(String, String)>,
}

impl VariantChoice {
    /// A built-in variant by id, read with its default rules.
    pub fn builtin(id: &str) -> Result<VariantChoice, String> {
        Ok(VariantChoice {
            key: id.to_string(),
            variant: Variant::builtin(id).map_err(|e| e.to_string())?,
            usi_value: id.to_string(),
            options: Vec::new(),
        })
    }
}

/// The server's settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// Address to listen on (`127.0.0.1` unless the user asks otherwise).
    pub host: String,
    /// Port (0: any free port).
    pub port: u16,
    /// The USI engine: program and arguments.
    pub engine: Vec<String>,
    /// The variants the page offers.
    pub variants: Vec<VariantChoice>,
    /// Index of the variant a new page starts with.
    pub initial: usize,
    /// How long the engine may take beyond what it was asked (the handshake, answering
    /// `stop`, a move under a time limit) before it counts as stalled.
    pub engine_timeout: Duration,
    /// The most pages (each with its own game and engine process) served at once.
    pub max_sessions: usize,
    /// The most connections open at once (pages, their assets, WebSockets); a further one is
    /// closed at once.
    pub max_connections: usize,
    /// How long a client has to send a request's header (and a kept-alive connection may sit
    /// idle between requests).
    pub header_timeout: Duration,
}

impl Config {
    /// Listening on 127.0.0.1 at `port`, running `engine`, offering the built-in
    /// variants with `initial` (a built-in id) first selected; an `initial` that is a reading
    /// of one of them (`chu-hachu`, [`taikyoku_movegen::READINGS`]) is offered too.
    pub fn new(port: u16, engine: Vec<String>, initial: &str) -> Result<Config, String> {
        use taikyoku_movegen::{known_names, BUILTIN, READINGS};
        let offered = BUILTIN
            .iter()
            .chain(READINGS.iter().filter(|&&r| r == initial));
        let variants = offered
            .map(|id| VariantChoice::builtin(id))
            .collect::<Result<Vec<_>, _>>()?;
        let initial = variants
            .iter()
            .position(|v| v.key == initial)
            .ok_or_else(|| {
                format!(
                    "unknown variant '{initial}' (known: {})",
                    known_names().join(", ")
                )
            })?;
        Ok(Config {
            host: "127.0.0.1".into(),
            port,
            engine,
            variants,
            initial,
            engine_timeout: Duration::from_secs(10),
            max_sessions: 16,
            max_connections: 256,
            header_timeout: Duration::from_secs(10),
        })
    }

    /// Offers `choice` too (a variant file, or a built-in variant read with other rules) and
    /// selects it; a choice with the same key replaces the existing one.
    pub fn select(&mut self, choice: VariantChoice) {
        match self.variants.iter().position(|v| v.key == choice.key) {
            Some(i) => {
                self.variants[i] = choice;
                self.initial = i;
            }
            None => {
                self.variants.push(choice);
                self.initial = self.variants.len() - 1;
            }
        }
    }

    /// Splits an `--engine` command line into program and arguments (shell-style quoting).
    pub fn parse_engine(command: &str) -> Result<Vec<String>, String> {
        let words =
            shell_words::split(command).map_err(|e| format!("--engine '{command}': {e}"))?;
        if words.is_empty() {
            return Err("--engine needs a command".into());
        }
        Ok(words)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_commands_are_split_like_a_shell() {
        assert_eq!(
            Config::parse_engine("sh -c 'exec taikyoku usi'").unwrap(),
            ["sh", "-c", "exec taikyoku usi"]
        );
        assert!(Config::parse_engine("  ").is_err());
        assert!(Config::parse_engine("sh -c 'unterminated").is_err());
    }

    #[test]
    fn variants_are_offered_and_selected() {
        let mut c = Config::new(0, vec!["x".into()], "chu").unwrap();
        assert_eq!(c.variants.len(), 8);
        assert_eq!(c.variants[c.initial].key, "chu");
        assert_eq!(
            Config::new(0, vec![], "chess").unwrap_err(),
            "unknown variant 'chess' (known: taikyoku, maka-dai-dai, dai-dai, ko, chu, taikyoku-atsa, dai, tai, chu-hachu)"
        );
        // Dai shogi is a built-in variant like the others.
        let d = Config::new(0, vec![], "dai").unwrap();
        assert_eq!(d.variants[d.initial].key, "dai");
        assert_eq!(d.variants[d.initial].variant.geometry().files(), 15);
        // So is Tai shogi.
        let t = Config::new(0, vec![], "tai").unwrap();
        assert_eq!(t.variants[t.initial].key, "tai");
        assert_eq!(t.variants[t.initial].variant.geometry().files(), 25);
        // HaChu's reading of chu is offered when asked for.
        let h = Config::new(0, vec![], "chu-hachu").unwrap();
        assert_eq!(h.variants.len(), 9);
        assert_eq!(h.variants[h.initial].key, "chu-hachu");
        assert_eq!(h.variants[h.initial].usi_value, "chu-hachu");
        assert_eq!(h.variants[h.initial].variant.id(), "chu-hachu");
        let mut other = VariantChoice::builtin("ko").unwrap();
        other.key = "file:ko".into();
        c.select(other);
        assert_eq!(c.variants.len(), 9);
        assert_eq!(c.variants[c.initial].key, "file:ko");
    }
}
