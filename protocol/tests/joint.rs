//! Chu's two readings joined by their move sets (`taikyoku_protocol::joint`): what `both`
//! leaves out and `either` lets in, the game kept in each reading's own state, the game's end,
//! and the joint's perft against the counts of the readings' keys combined one by one (how
//! `both` and `either` were computed before they became move-set operations).

use std::sync::Arc;

use taikyoku_movegen::{AnyPosition, EndReason, Variant};
use taikyoku_protocol::joint::{ChuPlay, Joint};
use taikyoku_tests::kit;

fn chu() -> Arc<Variant> {
    Variant::builtin("chu").unwrap()
}

/// The game in `play`'s main reading, Black to move, with `extra` and the kings; its joint.
fn game(play: ChuPlay, extra: &[(&str, &str)]) -> (AnyPosition, Joint) {
    let mut pieces = kit::CHU_CORNER_KINGS.to_vec();
    pieces.extend_from_slice(extra);
    let text = kit::position_text(12, 12, &pieces, 'b', "-");
    let pos = AnyPosition::parse(play.variant(&chu()).unwrap(), &text).unwrap();
    let joint = Joint::new(play, &pos).expect("chu has two readings");
    (pos, joint)
}

/// The joint's moves in notation.
fn moves(pos: &mut AnyPosition, joint: &mut Joint) -> Vec<String> {
    joint
        .legal_moves(pos)
        .into_iter()
        .map(|m| pos.move_to_string(m))
        .collect()
}

#[test]
fn single_readings_have_no_joint() {
    for play in [ChuPlay::Lishogi, ChuPlay::Hachu] {
        let pos = AnyPosition::startpos(play.variant(&chu()).unwrap());
        assert!(Joint::new(play, &pos).is_none(), "{play:?}");
    }
    // Nor a variant with one reading.
    let dai = AnyPosition::startpos(Variant::builtin("dai-dai").unwrap());
    assert!(Joint::new(ChuPlay::Both, &dai).is_none());
    assert_eq!(
        ChuPlay::parse("sometimes").unwrap_err(),
        "chu rules 'sometimes' is not lishogi, hachu, both or either"
    );
}

#[test]
fn both_leaves_out_what_one_reading_forbids_and_either_lets_it_in() {
    // The white go-between on 6g guards the lion on 6f: lishogi judges the guard before the
    // move (the lion stays protected), HaChu after (the go-between is gone).
    let bridge = [("6h", "LN"), ("6f", "ln"), ("6g", "gb")];
    let (mut p, mut j) = game(ChuPlay::Both, &bridge);
    assert!(!moves(&mut p, &mut j).contains(&"6h6g6f".to_string()));
    let (mut p, mut j) = game(ChuPlay::Either, &bridge);
    assert!(moves(&mut p, &mut j).contains(&"6h6g6f".to_string()));
    // A pawn a step from the last rank inside the zone: lishogi may promote or decline
    // (`=`), HaChu can only make the plain move. None of the three is legal under both (the
    // declined promotion leaves a dead pawn, which XBoard refuses); under either, the
    // promotion and the plain move (lishogi's `=`, the same move).
    let (mut p, mut j) = game(ChuPlay::Both, &[("7b", "P")]);
    assert!(!moves(&mut p, &mut j).iter().any(|m| m.starts_with("7b7a")));
    let (mut p, mut j) = game(ChuPlay::Either, &[("7b", "P")]);
    let to_last: Vec<String> = moves(&mut p, &mut j)
        .into_iter()
        .filter(|m| m.starts_with("7b7a"))
        .collect();
    assert_eq!(to_last, ["7b7a+", "7b7a="]);
    // Entering the zone onto the last rank: both promote, so `both` keeps the promotion only.
    let (mut p, mut j) = game(ChuPlay::Both, &[("7e", "L")]);
    let ms = moves(&mut p, &mut j);
    assert!(ms.contains(&"7e7a+".to_string()) && !ms.iter().any(|m| m == "7e7a=" || m == "7e7a"));
}

#[test]
fn each_reading_keeps_its_own_counter_strike() {
    // Black's kirin jumps onto White's lion and promotes; the rook on 12d may take it back on
    // the recorded square in lishogi, not in HaChu. The joint's other copy of the game records
    // its own reading's state: `both` (game in HaChu's reading) refuses the recapture,
    // `either` (game in lishogi's) allows it.
    for (play, allowed) in [(ChuPlay::Both, false), (ChuPlay::Either, true)] {
        let (mut p, mut j) = game(play, &[("6f", "KR"), ("6d", "ln"), ("12d", "r")]);
        let m = p.parse_move("6f6d+").unwrap();
        p.make(m);
        j.make(m);
        assert_eq!(
            moves(&mut p, &mut j).contains(&"12d6d".to_string()),
            allowed,
            "{play:?}"
        );
        // Taken back in both copies: the kirin's jump is there again.
        p.take_back();
        j.take_back();
        assert!(moves(&mut p, &mut j).contains(&"6f6d+".to_string()));
    }
}

#[test]
fn a_move_only_the_other_reading_allows_is_read_and_played() {
    // Under `either` (game in lishogi's reading) the bridge capture only HaChu allows: read in
    // the reading that allows it, and played on in both copies of the game.
    let bridge = [("6h", "LN"), ("6f", "ln"), ("6g", "gb")];
    let (mut p, mut j) = game(ChuPlay::Either, &bridge);
    // lishogi (the main reading of `either`) does not generate the bridge capture.
    assert!(p.parse_move("6h6g6f").is_err());
    let m = j.read(&p, |q| q.parse_move("6h6g6f")).unwrap();
    assert!(!j.forbidden_by_history(&mut p, m));
    p.make(m);
    j.make(m);
    assert_eq!(
        p.to_notation(),
        "kgs9/12/12/12/12/6(LN)5/12/12/12/12/12/9SGK w - 2"
    );
    assert_eq!(p.to_notation(), j.other().to_notation());
    // A move neither reading allows is refused with the main reading's error.
    assert!(j.read(&p, |q| q.parse_move("6f6a")).is_err());
}

#[test]
fn a_game_ends_only_where_both_readings_end_it() {
    // A bare king: over for lishogi, not for HaChu, so not for `both` or `either`.
    let text = "6k5/12/12/12/12/12/12/12/12/12/5S1G4/6K5 w - 1";
    let mut lishogi = AnyPosition::parse(chu(), text).unwrap();
    assert!(lishogi.legal_moves().is_empty());
    assert_eq!(
        lishogi.game_result(&[]).unwrap().reason,
        EndReason::BareKing
    );
    for play in [ChuPlay::Both, ChuPlay::Either] {
        let mut p = AnyPosition::parse(play.variant(&chu()).unwrap(), text).unwrap();
        let mut j = Joint::new(play, &p).unwrap();
        assert!(j.game_result(&mut p, &[]).is_none(), "{play:?}");
        assert_eq!(j.legal_moves(&mut p).len(), 5, "{play:?}");
        assert_eq!(j.perft(&mut p, 2), 65, "{play:?}");
    }
    // A royal taken ends it for both.
    let text = "12/12/12/12/12/12/12/12/12/12/5S1G4/6K5 w - 1";
    for play in [ChuPlay::Both, ChuPlay::Either] {
        let mut p = AnyPosition::parse(play.variant(&chu()).unwrap(), text).unwrap();
        let mut j = Joint::new(play, &p).unwrap();
        let r = j.game_result(&mut p, &[]).unwrap();
        assert_eq!(r.reason, EndReason::ObjectiveCaptured, "{play:?}");
    }
}

/// perft(2) and perft(3) of [`kit::CHU_READING_POSITIONS`] under `both` and `either` as the
/// readings' keys combined one by one counted them (`taikyoku perft --variant chu --chu-rules
/// R`, before these became move-set operations; that combination was checked against the
/// intersection and union one ply deep).
const JOINT_PERFT: [[[u64; 2]; 2]; 6] = [
    [[1296, 48315], [1296, 48315]],
    [[2248, 78550], [2387, 88473]],
    [[899, 27937], [907, 28209]],
    [[1180, 30637], [1227, 32169]],
    [[65, 442], [65, 442]],
    [[120, 1984], [128, 2160]],
];

#[test]
fn the_joint_counts_as_the_combined_keys_did() {
    for (text, counts) in kit::CHU_READING_POSITIONS.into_iter().zip(JOINT_PERFT) {
        for (i, play) in [ChuPlay::Both, ChuPlay::Either].into_iter().enumerate() {
            let v = play.variant(&chu()).unwrap();
            let mut p = AnyPosition::parse_with_moves(v, text).unwrap();
            let mut j = Joint::new(play, &p).unwrap();
            for (d, &n) in counts[i].iter().enumerate() {
                let depth = d as u32 + 2;
                assert_eq!(j.perft(&mut p, depth), n, "{play:?} {text} {depth}");
            }
        }
    }
}
