//! ProbCut (step 7b of the main search, Stockfish's step 11): at a non-PV node not in check,
//! `depth` >= 5, a capture whose static exchange lifts the static evaluation to beta plus a
//! margin, and whose search four plies shallower still scores beta plus that margin, is taken
//! as proof that the full-depth search would fail high too. Each candidate is first tried in
//! quiescence (cheap), and only the best few captures are tried.

use super::to_tt;
use super::tree::Thread;
use crate::tt::Bound;

/// ProbCut's margin over beta.
pub const PROBCUT_MARGIN: i32 = 200;
/// Captures tried at most.
const PROBCUT_MOVES: usize = 3;

impl<const N: usize> Thread<'_, N> {
    /// Some(score) when one of the best few captures of the node at `ply` (static evaluation
    /// `eval`), whose static exchange gains at least `pc_beta - eval`, scores `pc_beta` or more
    /// in quiescence and then in a search `depth - 4` deep; the result is stored as a lower
    /// bound of depth `depth - 3`.
    pub fn probcut(
        &mut self,
        depth: i32,
        ply: usize,
        pc_beta: i32,
        eval: i32,
        cut_node: bool,
    ) -> Option<i32> {
        let start = self.list.0.len();
        self.pos.generate_into::<_, true>(&mut self.list);
        let end = self.list.0.len();
        self.score_captures(start, end);
        let filtering = self.shared.limits.moves.is_active();
        let mut tried = 0;
        let mut found = None;
        for i in start..end {
            if tried >= PROBCUT_MOVES {
                break;
            }
            let (_, m) = self.pick(i, end, i - start);
            if filtering && !self.shared.limits.moves.allows(ply, m) {
                continue;
            }
            if !self.see_at_least(m, pc_beta - eval) {
                continue;
            }
            tried += 1;
            self.pos.make(m);
            // A capture that leaves the own sole royal to be taken proves nothing.
            if self.hangs_royal(None, m) {
                self.pos.unmake();
                continue;
            }
            let check = self.features.checks && self.pos.in_check();
            let mut score = -self.quiescence(ply + 1, -pc_beta, -pc_beta + 1, 0, check);
            if score >= pc_beta && !self.aborted {
                score = -self.search(depth - 4, ply + 1, -pc_beta, -pc_beta + 1, !cut_node, true);
            }
            self.pos.unmake();
            if self.aborted {
                break;
            }
            if score >= pc_beta {
                let key = self.pos.hash();
                self.shared
                    .tt
                    .store(key, Some(m), to_tt(score, ply), depth - 3, Bound::Lower);
                found = Some(score);
                break;
            }
        }
        self.list.0.truncate(start);
        found
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicU64;
    use std::sync::Arc;
    use std::time::Instant;

    use taikyoku_eval::Evaluator;
    use taikyoku_movegen::{Position, Variant};

    use super::PROBCUT_MARGIN;
    use crate::search::tree::Thread;
    use crate::search::{Control, Deadlines, Features, Limits, Memory, Shared};
    use crate::tt::{Bound, Tt};

    /// ProbCut at depth 5 on a hand-built Dai dai position (Black to move), with beta at the
    /// static evaluation: the score found, the move and bound it stored, and the nodes it
    /// searched.
    fn probcut(pieces: &[(&str, &str)]) -> (Option<i32>, Option<(String, Bound)>, u64) {
        let v = Variant::builtin("dai-dai").unwrap();
        let text = taikyoku_tests::kit::position_text(17, 17, pieces, 'b', "-");
        let pos = Position::<5>::parse(v.clone(), &text).unwrap();
        let eval = Evaluator::new(v.clone());
        let shared = Shared {
            tt: Arc::new(Tt::new(1)),
            control: Control::new(Deadlines::unlimited()),
            nodes: vec![AtomicU64::new(0)],
            qnodes: vec![AtomicU64::new(0)],
            start: Instant::now(),
            limits: Limits::default(),
            history_attacks: Vec::new(),
        };
        let mut memory = Memory::new();
        let tables = memory.tables(1, v.piece_index_count(), v.geometry().squares());
        let mut t = Thread::new(0, &pos, &eval, &shared, Features::default(), &mut tables[0]);
        let e = t.evaluate();
        let found = t.probcut(5, 0, e + PROBCUT_MARGIN, e, true);
        assert!(found.is_none_or(|s| s >= e + PROBCUT_MARGIN), "{found:?}");
        let stored = shared.tt.probe(pos.hash()).map(|entry| {
            let m = entry.mv.and_then(|k| pos.move_from_key(k)).unwrap();
            (pos.move_to_string(m), entry.bound)
        });
        (found, stored, t.nodes)
    }

    #[test]
    fn a_free_queen_cuts_and_is_stored_as_a_lower_bound() {
        // Black's rook on 9i takes White's undefended queen on 9d.
        let (found, stored, nodes) = probcut(&[
            ("9i", "R"),
            ("9d", "q"),
            ("1a", "k"),
            ("17q", "K"),
            ("15a", "p"),
        ]);
        assert!(found.is_some());
        assert_eq!(stored, Some(("9i9d".to_string(), Bound::Lower)));
        assert!(nodes > 0);
    }

    #[test]
    fn a_capture_that_loses_material_is_not_tried() {
        // The gold on 9d is defended by a silver on 9c: rook for gold loses by static exchange.
        let (found, stored, nodes) = probcut(&[
            ("9i", "R"),
            ("9d", "g"),
            ("9c", "s"),
            ("1a", "k"),
            ("17q", "K"),
        ]);
        assert_eq!((found, stored, nodes), (None, None, 0));
    }

    #[test]
    fn a_capture_that_hangs_the_royal_proves_nothing() {
        // Black's rook on 10p shields its king on 9q from White's bishop on 13m (a diagonal the
        // rook cannot take along): taking the queen on 10d (free by static exchange) leaves the
        // king to be taken: it is taken back unsearched.
        let (found, stored, nodes) = probcut(&[
            ("9q", "K"),
            ("10p", "R"),
            ("13m", "b"),
            ("10d", "q"),
            ("1a", "k"),
        ]);
        assert_eq!((found, stored, nodes), (None, None, 0));
    }
}
