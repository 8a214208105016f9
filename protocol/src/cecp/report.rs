//! CECP's side of the search reports: thinking output (`depth score time nodes pv`) written by
//! the search thread, and the search's final move handed back to the protocol loop, which plays
//! it on its own board before writing `move ...`.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::mpsc::Sender;
use std::sync::Arc;

use taikyoku_movegen::{AnyPosition, Move};

use super::Event;
use crate::dialect::Dialect;
use crate::engine::{Output, Reporter, Score, Thinking};

/// Mate scores in thinking output: a mate in N moves is `MATE_SCORE + N`, being mated in N is
/// `-(MATE_SCORE + N)` (XBoard's usual convention, which it shows as a mate distance).
pub const MATE_SCORE: i32 = 100_000;

/// A score as CECP thinking output writes it: centipawns, or a mate distance
/// beyond [`MATE_SCORE`]. Centipawns stay below it (a Taikyoku lead can be larger, and would
/// read as a mate).
pub fn xboard_score(score: Score) -> i32 {
    match score {
        Score::Cp(c) => c.clamp(-(MATE_SCORE - 1), MATE_SCORE - 1),
        Score::Mate(n) if n > 0 => MATE_SCORE + n,
        Score::Mate(n) => -MATE_SCORE + n,
    }
}

/// One thinking-output line: `depth score time nodes pv`, time in centiseconds, the pv in the
/// dialect's move text (legs joined by commas), stopping at the first move that no longer fits.
pub fn thinking_line(dialect: &Dialect, pos: &AnyPosition, t: &Thinking) -> String {
    let mut line = format!(
        "{} {} {} {}",
        t.depth,
        xboard_score(t.score),
        t.time.as_millis() / 10,
        t.nodes
    );
    let mut p = pos.clone();
    for &m in t.pv {
        if !p.is_pseudo_legal(m) {
            break;
        }
        let text = dialect.move_text(&p, m);
        if text.is_empty() {
            break;
        }
        line.push(' ');
        line.push_str(&text);
        p.make(m);
    }
    line
}

/// The reporter of one CECP search: writes thinking output when posting is on, and sends the
/// final move back to the loop tagged with the search's id (so a result of a search the loop
/// has abandoned is recognised and dropped).
pub(super) struct CecpReporter {
    pub(super) out: Output,
    pub(super) events: Sender<Event>,
    pub(super) id: u64,
    pub(super) dialect: Dialect,
    pub(super) pos: AnyPosition,
    /// `post` / `nopost` as the loop sets it, read at each iteration.
    pub(super) post: Arc<AtomicBool>,
    /// Analysis always posts.
    pub(super) analysis: bool,
}

impl Reporter for CecpReporter {
    fn thinking(&mut self, t: &Thinking) {
        // XBoard shows one line per depth: MultiPV's further lines are not posted.
        if t.multipv.is_some_and(|k| k > 1) {
            return;
        }
        if self.analysis || self.post.load(Relaxed) {
            self.out.line(&thinking_line(&self.dialect, &self.pos, t));
        }
    }

    fn finished(&mut self, best: Option<Move>, _ponder: Option<Move>) {
        let _ = self.events.send(Event::Done { id: self.id, best });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores() {
        assert_eq!(xboard_score(Score::Cp(-35)), -35);
        assert_eq!(xboard_score(Score::Cp(180_000)), 99_999);
        assert_eq!(xboard_score(Score::Cp(-180_000)), -99_999);
        assert_eq!(xboard_score(Score::Mate(3)), 100_003);
        assert_eq!(xboard_score(Score::Mate(-2)), -100_002);
        assert_eq!(xboard_score(Score::Mate(0)), -100_000);
    }
}
