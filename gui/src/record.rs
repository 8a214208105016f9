//! Game records: written with every move in our notation and in Hodges notation, read back
//! from that form, from a list of moves in either notation, or from a USI-style
//! `<position> moves <m>...` line. Every move is checked by the move generator; a record with
//! any bad move or header is refused whole, with the line and move named.
//!
//! ```text
//! # taikyoku game record: move number, our notation, Hodges notation
//! Variant: chu
//! Start: startpos
//! Result: Black wins (objective captured)
//! 1 3i3h P-3h
//! 2 3d3e P-3e
//! ```

use std::sync::Arc;

use taikyoku_movegen::Variant;

use crate::game::Game;

/// The most moves a record may hold.
pub const MAX_MOVES: usize = 20_000;

/// A record in our format.
pub fn write(game: &Game) -> String {
    let mut s =
        String::from("# taikyoku game record: move number, our notation, Hodges notation\n");
    s.push_str(&format!("Variant: {}\n", game.variant().id()));
    s.push_str(&format!("Start: {}\n", game.start_text()));
    let mut last = game.clone();
    last.goto(usize::MAX);
    if let Some(e) = last.ending() {
        s.push_str(&format!("Result: {}\n", e.describe()));
    }
    for (i, p) in game.moves().iter().enumerate() {
        s.push_str(&format!("{} {} {}\n", i + 1, p.text, p.hodges));
    }
    s
}

/// What the header of a record names.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    /// `Variant:`, if given.
    pub variant: Option<String>,
}

/// Reads the `Variant:` header of a record without checking anything else, so that the caller
/// can pick the variant before [`read`].
pub fn header(text: &str) -> Header {
    let mut h = Header::default();
    for line in text.lines() {
        if let Some(v) = line.trim().strip_prefix("Variant:") {
            h.variant = Some(v.trim().to_string());
        }
    }
    h
}

/// Reads a record of `variant`'s game (see the module's documentation for the forms); the
/// error names the line and what is wrong.
pub fn read(variant: &Arc<Variant>, text: &str) -> Result<Game, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("the record is empty".into());
    }
    let one_line = text.lines().filter(|l| !l.trim().is_empty()).count() == 1;
    let usi_like = ["position ", "startpos", "sfen "]
        .iter()
        .any(|p| text.starts_with(p))
        || text.contains(" moves")
        || text
            .split_whitespace()
            .next()
            .is_some_and(|w| w.contains('/'));
    if one_line && usi_like {
        return read_usi_line(variant, text);
    }
    let mut start = "startpos".to_string();
    let mut body = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some((key, value)) = line.split_once(':') {
            if key.chars().all(|c| c.is_ascii_alphabetic()) {
                let value = value.trim();
                match key {
                    "Variant" if value != variant.id() => {
                        return Err(format!(
                            "line {n}: the record is of {value}, not {}",
                            variant.id()
                        ));
                    }
                    "Start" if !body.is_empty() => {
                        return Err(format!("line {n}: 'Start:' after the first move"));
                    }
                    "Start" => start = value.to_string(),
                    _ => {}
                }
                continue;
            }
        }
        body.push((n, line));
    }
    let mut game = Game::new(variant.clone(), &start).map_err(|e| format!("Start: {e}"))?;
    for (n, line) in body {
        let words: Vec<&str> = line.split_whitespace().collect();
        let numbered = words[0].trim_end_matches('.').parse::<usize>().is_ok();
        if numbered {
            // `<number> <move> [<Hodges>]`: one move, the Hodges form checked against it.
            match words.len() {
                2 => play_word(&mut game, words[1]).map_err(|e| format!("line {n}: {e}"))?,
                3 => {
                    play_word(&mut game, words[1]).map_err(|e| format!("line {n}: {e}"))?;
                    let h = &game.moves().last().expect("just played").hodges;
                    if h != words[2] {
                        return Err(format!(
                            "line {n}: '{}' is {h} in Hodges notation, not {}",
                            words[1], words[2]
                        ));
                    }
                }
                _ => {
                    return Err(format!(
                        "line {n}: expected '<number> <move> [<Hodges move>]'"
                    ))
                }
            }
        } else {
            for w in words {
                play_word(&mut game, w).map_err(|e| format!("line {n}: {e}"))?;
            }
        }
        if game.moves().len() > MAX_MOVES {
            return Err(format!(
                "line {n}: a record holds at most {MAX_MOVES} moves"
            ));
        }
    }
    Ok(game)
}

/// `[position] startpos|sfen <position>|<position> [moves <m>...]`.
fn read_usi_line(variant: &Arc<Variant>, text: &str) -> Result<Game, String> {
    let text = text.strip_prefix("position ").unwrap_or(text).trim();
    let text = text.strip_prefix("sfen ").unwrap_or(text);
    let (start, moves) = match text.split_once(" moves") {
        Some((s, m)) => (s.trim(), m),
        None => (text, ""),
    };
    let mut game = Game::new(variant.clone(), start)?;
    let words: Vec<&str> = moves.split_whitespace().collect();
    if words.len() > MAX_MOVES {
        return Err(format!("a record holds at most {MAX_MOVES} moves"));
    }
    for w in words {
        play_word(&mut game, w)?;
    }
    Ok(game)
}

/// Plays one move written in our notation or in Hodges notation.
fn play_word(game: &mut Game, word: &str) -> Result<(), String> {
    let n = game.moves().len() + 1;
    let ours = match game.play(word) {
        Ok(_) => return Ok(()),
        Err(e) => e,
    };
    if word.starts_with(|c: char| c.is_ascii_digit()) {
        return Err(format!("move {n}: {ours}"));
    }
    // Hodges: the move whose Hodges form is this word. Only moves to a square the word names
    // can match, which keeps the search short on big boards.
    let mut pos = game.shown().clone();
    let found: Vec<_> = pos
        .legal_moves()
        .into_iter()
        .filter(|&m| {
            pos.move_squares(m)
                .path
                .iter()
                .any(|sq| word.contains(sq.as_str()))
        })
        .filter(|&m| pos.hodges(m) == word)
        .collect();
    match found.as_slice() {
        [m] => game
            .play_move(*m)
            .map_err(|e| format!("move {n} '{word}': {e}")),
        [] => Err(format!(
            "move {n} '{word}' is not a legal move in our notation or in Hodges notation"
        )),
        _ => Err(format!("move {n} '{word}' is ambiguous")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chu() -> Arc<Variant> {
        Variant::builtin("chu").unwrap()
    }

    #[test]
    fn records_round_trip() {
        let mut g = Game::new(chu(), "startpos").unwrap();
        for m in ["3i3h", "3d3e", "5i5h"] {
            g.play(m).unwrap();
        }
        g.goto(1);
        let text = write(&g);
        assert!(
            text.contains("Variant: chu\nStart: startpos\n1 3i3h P-3h\n"),
            "{text}"
        );
        let back = read(&chu(), &text).unwrap();
        assert_eq!(back.moves().len(), 3);
        assert_eq!(back.shown().to_notation(), {
            let mut end = g.clone();
            end.goto(9);
            end.shown().to_notation()
        });
        assert_eq!(header(&text).variant.as_deref(), Some("chu"));
    }

    #[test]
    fn hodges_lists_and_usi_lines_are_read() {
        let g = read(&chu(), "P-3h P-3e\n5i5h").unwrap();
        assert_eq!(g.moves().len(), 3);
        assert_eq!(g.moves()[1].text, "3d3e");
        let g = read(&chu(), "position startpos moves 3i3h 3d3e").unwrap();
        assert_eq!(g.moves().len(), 2);
        let g = read(&chu(), "1. 3i3h\n2. 3d3e P-3e").unwrap();
        assert_eq!(g.moves().len(), 2);
    }

    #[test]
    fn bad_records_are_refused_with_the_line_named() {
        for (bad, says) in [
            ("", "empty"),
            ("Variant: dai-dai\n1 3i3h", "not chu"),
            ("Start: nonsense\n1 3i3h", "Start:"),
            ("1 3i3h P-3h\n2 3i3h", "line 2: move 2"),
            ("1 3i3h G-3h", "is P-3h in Hodges"),
            ("1 3i3h P-3h extra", "expected"),
            ("P-3h Q-9z", "move 2 'Q-9z'"),
            ("startpos moves 3i3h zz", "zz"),
            ("1 3i3h\nStart: startpos", "after the first move"),
        ] {
            let e = read(&chu(), bad).unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }
}
