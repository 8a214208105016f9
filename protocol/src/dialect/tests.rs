//! Tests of the CECP dialects: squares, tables, start positions, FEN, moves both ways (a
//! property test over random playouts of every variant), edit mode, and bad input.

use super::*;
use taikyoku_movegen::Promotion;

fn d(name: &str) -> Dialect {
    Dialect::for_cecp_variant(name).unwrap_or_else(|e| panic!("{e}"))
}

/// A small deterministic generator (xorshift64*), so the playouts are the same every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn legal(pos: &AnyPosition) -> Vec<Move> {
    let mut q = pos.clone();
    if q.game_result(&[]).is_some() {
        Vec::new()
    } else {
        q.legal_moves()
    }
}

fn play(pos: &mut AnyPosition, m: Move) {
    pos.make(m);
}

/// Positions: the start, then every `every` plies of a random game of up to `plies` plies.
fn playout(start: &AnyPosition, seed: u64, plies: usize, every: usize) -> Vec<AnyPosition> {
    let mut rng = Rng(seed);
    let mut pos = start.clone();
    let mut out = vec![pos.clone()];
    for ply in 1..=plies {
        let moves = legal(&pos);
        if moves.is_empty() {
            break;
        }
        // Prefer captures now and then, so that the games reach multi-leg captures and shots.
        let caps: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| !pos.effect(m).captured.is_empty())
            .collect();
        let m = if !caps.is_empty() && rng.below(3) == 0 {
            caps[rng.below(caps.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        play(&mut pos, m);
        if ply % every == 0 {
            out.push(pos.clone());
        }
    }
    out
}

fn fen_err(d: &Dialect, text: &str) -> String {
    match d.parse_fen(text) {
        Ok(p) => panic!("'{text}' was read as {}", p.to_notation()),
        Err(e) => e,
    }
}

fn sq(d: &Dialect, ours: &str) -> taikyoku_movegen::Square {
    d.variant.geometry().parse_square(ours).unwrap()
}

#[test]
fn squares_convert_as_chu_shogi_md_says() {
    let chu = d("chu");
    let geo = chu.variant.geometry();
    for (ours, cecp) in [
        ("7l", "f1"),
        ("7j", "f3"),
        ("12l", "a1"),
        ("1a", "l12"),
        ("7g", "f6"),
    ] {
        assert_eq!(moves::cecp_square_name(geo, sq(&chu, ours)), cecp);
        assert_eq!(moves::parse_cecp_square(geo, cecp), Ok(sq(&chu, ours)));
    }
    let dd = d("daidai");
    let geo = dd.variant.geometry();
    assert_eq!(moves::cecp_square_name(geo, sq(&dd, "17q")), "a1");
    assert_eq!(moves::cecp_square_name(geo, sq(&dd, "1a")), "q17");
    for bad in ["", "a", "1a", "a0", "a01", "m1", "a13", "A1", "a1x", "é1"] {
        assert!(
            moves::parse_cecp_square(chu.variant.geometry(), bad).is_err(),
            "{bad}"
        );
    }
}

#[test]
fn variant_names() {
    for (cecp, ours, native) in [
        ("daidai", "dai-dai", false),
        ("maka", "maka-dai-dai", false),
        ("koshogi", "ko", false),
        ("chu", "chu", false),
        ("chu-hachu", "chu-hachu", false),
        ("dai", "dai", false),
        ("tai", "tai", false),
        ("taikyoku", "taikyoku", true),
        ("dai-dai", "dai-dai", true),
        ("maka-dai-dai", "maka-dai-dai", true),
        ("ko", "ko", true),
    ] {
        let x = d(cecp);
        assert_eq!(x.variant.id(), ours);
        assert_eq!(x.cecp_name, cecp);
        assert_eq!(x.is_native(), native, "{cecp}");
    }
    let e = Dialect::for_cecp_variant("tenjiku").unwrap_err();
    assert_eq!(
        e,
        "unknown variant 'tenjiku' (known: daidai, maka, koshogi, chu, dai, tai, taikyoku, \
         maka-dai-dai, dai-dai, ko, taikyoku-atsa, chu-hachu)"
    );
    // Our name for chu with HaChu's rules comes last, after every name the GUIs send.
    assert_eq!(
        Dialect::announced_variants().join(","),
        "daidai,maka,koshogi,chu,dai,tai,taikyoku,maka-dai-dai,dai-dai,ko,taikyoku-atsa,chu-hachu"
    );
    // chu-hachu speaks chu's dialect: the same start position, FEN and move texts.
    let (chu, hachu) = (d("chu"), d("chu-hachu"));
    let (p, q) = (chu.start_position(), hachu.start_position());
    assert_eq!(chu.to_fen(&p), hachu.to_fen(&q));
    assert_eq!(p.to_notation(), q.to_notation());
    let m = chu.parse_move(&p, "f4f5").unwrap();
    assert_eq!(hachu.parse_move(&q, "f4f5").unwrap(), m);
    assert_eq!(hachu.move_text(&q, m), "f4f5");
    assert!(hachu.qboard_relay().is_none());
    // A dialect built by hand under a GUI name but for another variant speaks our notation.
    let odd = Dialect {
        cecp_name: "daidai".to_string(),
        variant: d("ko").variant,
    };
    assert!(odd.is_native());
}

/// Every code of every table names a piece of its variant, every piece that can occur has a
/// code, and every written code reads back as the same piece.
#[test]
fn tables_cover_every_piece_both_ways() {
    for g in GUIS {
        let dialect = d(g.cecp);
        let v = &dialect.variant;
        for e in g.table {
            assert!(
                codes::CodeMap::new(v, std::slice::from_ref(e))
                    .read(e.code)
                    .is_some(),
                "{}: {} -> {} does not resolve",
                g.cecp,
                e.code,
                e.ours
            );
        }
        let map = dialect.codes(g);
        let mut written = std::collections::HashMap::new();
        for (kind, k) in v.kind_ids().zip(v.kinds()) {
            for promoted in [false, true] {
                let form = Variant::form_of(kind, promoted).index();
                let occurs =
                    v.form_moves_as(kind, promoted).is_some() && (promoted || !k.promoted_only());
                if !occurs {
                    continue;
                }
                let code = map.write(v, kind, promoted);
                assert_eq!(
                    map.read(&code),
                    Some((kind, promoted)),
                    "{}: {}{} is written '{code}'",
                    g.cecp,
                    if promoted { "+" } else { "" },
                    k.code()
                );
                if let Some(other) = written.insert(code.clone(), form) {
                    panic!("{}: '{code}' written for forms {other} and {form}", g.cecp);
                }
            }
        }
    }
}

#[test]
fn qboard_clashes_are_resolved_as_documented() {
    let maka = d("maka");
    let map = maka.codes(maka.gui().unwrap());
    let v = &maka.variant;
    let k = |c: &str| v.kind_by_code(c).unwrap();
    assert_eq!(map.read("+A"), Some((k("RV"), true)));
    assert_eq!(map.read("+A'"), Some((k("AB"), true)));
    assert_eq!(map.read("+M"), Some((k("SM"), true)));
    assert_eq!(map.write(v, k("AB"), true), "+A'");
    assert_eq!(map.read("E`"), Some((k("K"), true)));
    let dd = d("daidai");
    let map = dd.codes(dd.gui().unwrap());
    let v = &dd.variant;
    let k = |c: &str| v.kind_by_code(c).unwrap();
    assert_eq!(map.write(v, k("BM"), true), "+M!");
    assert_eq!(map.read("+M!"), Some((k("BM"), true)));
    assert_eq!(map.read("+C~"), Some((k("BM"), true)));
    assert_eq!(map.write(v, k("OR"), true), "+K!");
    let ko = d("koshogi");
    let map = ko.codes(ko.gui().unwrap());
    let v = &ko.variant;
    let k = |c: &str| v.kind_by_code(c).unwrap();
    assert_eq!(map.read("+V"), Some((k("PU"), true)));
    assert_eq!(map.write(v, k("VA"), true), "+V'");
    assert_eq!(map.write(v, k("SU"), true), "F'");
    assert_eq!(map.read("+U'"), Some((k("SU"), true)));
}

#[test]
fn qboard_start_positions() {
    for name in ["daidai", "maka", "chu", "dai", "tai"] {
        let x = d(name);
        let ours = AnyPosition::startpos(x.variant.clone()).to_notation();
        assert_eq!(x.start_position().to_notation(), ours, "{name}");
        assert_eq!(
            x.parse_fen(x.gui().unwrap().start).unwrap().to_notation(),
            ours
        );
    }
    // QBoard's Ko setup has a patrol unit on each side's rank 5 where the seed has a pawn:
    // the first player's 18o, and 2e, the same square turned through 180 degrees.
    let ko = d("koshogi");
    let q = ko.start_position();
    let s = AnyPosition::startpos(ko.variant.clone());
    let v = ko.variant.clone();
    let mut differ = Vec::new();
    let (qc, sc) = (q.piece_codes(), s.piece_codes());
    for ((sq, a), b) in v.geometry().all_squares().zip(qc).zip(sc) {
        if a != b {
            differ.push(format!(
                "{}:{}/{}",
                v.geometry().square_name(sq),
                a.unwrap_or_default(),
                b.unwrap_or_default()
            ));
        }
    }
    assert_eq!(differ, ["2e:(pu)/p", "18o:(PU)/P"]);
    assert_eq!(
        d("ko").start_position().to_notation(),
        s.to_notation(),
        "native ko starts from our setup"
    );
    // Writing QBoard's own start positions gives back QBoard's strings exactly.
    for g in GUIS {
        let x = d(g.cecp);
        assert_eq!(x.to_fen(&x.start_position()), g.start, "{}", g.cecp);
    }
}

/// Dai: QBoard's letters and HaChu's differ (the lion `N` / `L!`, the knight `Y` / `N`, the
/// iron general `J` / `I`, ...), both start positions are ours, and HaChu's `setboard` gets
/// HaChu's letters.
#[test]
fn dai_speaks_qboard_and_hachu() {
    let x = d("dai");
    let g = x.gui().unwrap();
    let ours = AnyPosition::startpos(x.variant.clone());
    let hachu = fen::parse(
        &x.variant,
        &CodeMap::new(&x.variant, tables::DAI_HACHU),
        tables::DAI_HACHU_START,
    )
    .unwrap();
    assert_eq!(hachu.to_notation(), ours.to_notation());
    assert_eq!(x.to_hachu_fen(&ours), tables::DAI_HACHU_START);
    assert_eq!(x.to_fen(&ours), g.start);
    // A promoted knight (QBoard `+Y`, HaChu `+N`): Black's knight 14o (b1) jumps to 13m (c3)
    // and is set promoted by editing the notation.
    let text =
        ours.to_notation()
            .replacen("LN(SG)", "L1(SG)", 1)
            .replacen("1(VO)1(AB)", "1(VO)+N(AB)", 1);
    let pos = AnyPosition::parse(x.variant.clone(), &text).unwrap();
    let (qb, hc) = (x.to_fen(&pos), x.to_hachu_fen(&pos));
    assert!(
        qb.ends_with("/1V'+YA'1WONXW1A'1V'1/A1Z1F1TET1F1Z1A/L1UJCSGKGSCJUYL w"),
        "{qb}"
    );
    assert!(
        hc.ends_with("/1X'+NA'1WOL!XW1A'1X'1/A1C'1F1TET1F1C'1A/L1UICSGKGSCIUNL w"),
        "{hc}"
    );
    assert_eq!(x.parse_fen(&qb).unwrap().to_notation(), text);
    // Moves are squares only: the same text for both.
    let m = x.parse_move(&ours, "b1c3").unwrap();
    assert_eq!(ours.move_to_string(m), "14o13m");
    assert_eq!(x.qboard_relay(), Some(relay::QboardRelay::DAI));
    // A dialect without HaChu letters writes its own FEN for HaChu (chu).
    let chu = d("chu");
    let start = chu.start_position();
    assert_eq!(chu.to_hachu_fen(&start), chu.to_fen(&start));
}

#[test]
fn fen_round_trips_and_reads_the_side_and_extra_fields() {
    let chu = d("chu");
    let p = chu
        .parse_fen(
            "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - - 0 1",
        )
        .unwrap();
    assert_eq!(p.side_to_move(), Colour::White);
    assert!(chu.to_fen(&p).ends_with(" b"));
    let p = chu
        .parse_fen("12/12/12/12/12/5+O6/12/6+p5/12/12/12/5K6 w")
        .unwrap();
    assert_eq!(
        p.to_notation(),
        "12/12/12/12/12/5+(KR)6/12/6+p5/12/12/12/5K6 b - 1"
    );
    assert_eq!(chu.to_fen(&p), "12/12/12/12/12/5+O6/12/6+p5/12/12/12/5K6 w");
    // Ko: the guards' zone state is inferred from the board.
    let ko = d("koshogi");
    let p = ko
        .parse_fen("19/A'18/19/19/19/19/19/19/19/19/19/19/19/19/19/19/18r'/19/K17k w")
        .unwrap();
    assert_eq!(p.to_notation().split(' ').nth(2), Some("Ar"));
    // Positions after random play round-trip.
    for g in GUIS {
        let x = d(g.cecp);
        for pos in playout(&x.start_position(), 7, 80, 20) {
            let fen = x.to_fen(&pos);
            let back = x.parse_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(x.to_fen(&back), fen);
            let board = |p: &AnyPosition| {
                let n = p.to_notation();
                let f: Vec<&str> = n.split(' ').collect();
                format!("{} {}", f[0], f[1])
            };
            assert_eq!(board(&back), board(&pos), "{}", g.cecp);
        }
    }
}

#[test]
fn bad_fens_are_explained_not_panicked_on() {
    let chu = d("chu");
    for (bad, needle) in [
        ("", "empty"),
        ("12/12", "no side"),
        ("12/12 w", "12 rows"),
        ("12/12/12/12/12/12/12/12/12/12/12/12 x", "side to move 'x'"),
        ("12/12/12/12/12/12/12/12/12/12/12/13 w", "row 1: '13'"),
        (
            "12/12/12/12/12/12/12/12/12/12/12/11 w",
            "row 1 has 11 squares",
        ),
        ("12/12/12/12/12/12/12/12/12/12/12/11KK w", "more than 12"),
        (
            "12/12/12/12/12/12/12/12/12/12/12/11Z w",
            "'Z' is not a piece code",
        ),
        (
            "12/12/12/12/12/12/12/12/12/12/12/11+K w",
            "'+K' is not a piece code",
        ),
        ("12/12/12/12/12/12/12/12/12/12/12/11K+ w", "'+' at the end"),
        (
            "12/12/12/12/12/12/12/12/12/12/12/11P' w",
            "unexpected character '''",
        ),
        ("12/12/12/12/12/12/12/12/12/12/12/0K11 w", "'0'"),
    ] {
        let e = fen_err(&chu, bad);
        assert!(e.contains(needle), "{bad}: {e}");
    }
    let dd = d("daidai");
    let e = fen_err(
        &dd,
        "17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/16Z~ w",
    );
    assert!(e.contains("'Z~' is not a piece code"), "{e}");
    for junk in [
        "/",
        "//// w",
        "+",
        "9999999999999999999999 w",
        "é/ü w",
        "1/1/1 b 5",
    ] {
        for name in ["daidai", "maka", "koshogi", "chu", "taikyoku"] {
            assert!(d(name).parse_fen(junk).is_err(), "{name} {junk}");
        }
    }
}

#[test]
fn moves_from_the_guis() {
    let chu = d("chu");
    let start = chu.start_position();
    let ours = |t: &str| {
        let m = chu
            .parse_move(&start, t)
            .unwrap_or_else(|e| panic!("{t}: {e}"));
        start.move_to_string(m)
    };
    assert_eq!(ours("f4f5"), "7i7h");
    assert_eq!(ours("usermove f4f5"), "7i7h");
    assert_eq!(ours("  usermove   f4f5 "), "7i7h");
    // The lion's jump, and the same written as two steps through an empty square.
    assert_eq!(ours("f3f5"), "7j7h");
    assert_eq!(ours("f3f4,f4f5"), "7j7h");
    assert_eq!(ours("f3e4,e4e5"), "7j8h");
    for (bad, needle) in [
        ("", "empty"),
        ("usermove", "empty"),
        ("f4", "no destination"),
        ("f4f5,", "leg 2 is empty"),
        ("f4f5,f6f7", "leg 2 starts on f6"),
        ("f4+f5", "may only end"),
        ("f4-f5", "expected a square at '-f5'"),
        ("f4f9", "not a legal move"),
        ("f5f6", "no piece"),
        ("f9f8", "not the side to move"),
        ("f4f5+", "cannot promote"),
        ("z4z5", "file 'z'"),
        ("f44f45", "rank 44"),
        ("@@@@", "no piece can pass"),
        ("f3xf9", "not a legal move"),
    ] {
        let e = chu.parse_move(&start, bad).unwrap_err();
        assert!(e.contains(needle), "{bad}: {e}");
    }
    // Lion: capture on the first step, igui, pass, promotion choices.
    let pos = chu
        .parse_fen("12/12/12/12/12/12/5p6/5N6/12/12/12/K10k w")
        .unwrap();
    let text = |t: &str| {
        let m = chu
            .parse_move(&pos, t)
            .unwrap_or_else(|e| panic!("{t}: {e}"));
        (
            pos.move_to_string(m),
            chu.move_text(&pos, m),
            chu.move_lines(&pos, m),
        )
    };
    assert_eq!(
        text("f5f6,f6f7"),
        (
            "7h7g7f".to_string(),
            "f5f6,f6f7".to_string(),
            vec!["f5f6,".to_string(), "f6f7".to_string()]
        )
    );
    assert_eq!(text("f5f6,f6f5").0, "7h7g7h");
    assert_eq!(text("f5f6,f6f5").1, "f5f6,f6f5");
    assert_eq!(text("@@@@").0, "7h7h");
    assert_eq!(text("@@@@").1, "@@@@");
    assert_eq!(
        text("usermove @@@64").0,
        "7h7h",
        "QBoard relays a pass garbled"
    );
    assert_eq!(
        text("f5e6,e6f5").0,
        "7h7h",
        "out to an empty square and back is the pass"
    );
    assert_eq!(text("f5f7").1, "f5f7");
    assert_eq!(
        text("f5e6,e6e7").1,
        "f5e7",
        "an empty first leg is not named"
    );
    // Promotion: a pawn entering the zone may promote; bare or '=' declines.
    let pos = chu
        .parse_fen("12/12/12/12/5P6/12/12/12/12/12/12/K10k w")
        .unwrap();
    let promo = |t: &str| chu.parse_move(&pos, t).map(|m| m.promotion());
    assert_eq!(promo("f8f9+"), Ok(Promotion::Promote));
    assert_eq!(promo("f8f9"), Ok(Promotion::Decline));
    assert_eq!(promo("f8f9="), Ok(Promotion::Decline));
    let m = chu.parse_move(&pos, "f8f9").unwrap();
    assert_eq!(chu.move_text(&pos, m), "f8f9");
    let m = chu.parse_move(&pos, "f8f9+").unwrap();
    assert_eq!(chu.move_text(&pos, m), "f8f9+");
}

#[test]
fn a_turn_on_an_empty_square_is_the_single_leg_move() {
    // Dai dai's hook mover (QBoard `Y!`) turning on an empty square, sent as two legs.
    let dd = d("daidai");
    let pos = dd
        .parse_fen("k16/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/Y!15K w")
        .unwrap();
    let m = dd.parse_move(&pos, "a1a5,a5e5").unwrap();
    assert_eq!(pos.move_to_string(m), "17q13m");
    assert_eq!(dd.move_text(&pos, m), "a1e5");
    assert_eq!(dd.parse_move(&pos, "a1e1,e1e5"), Ok(m));
}

#[test]
fn ko_shots_and_one_line_legs() {
    let ko = d("koshogi");
    // A cannon (QBoard `I`) on j5 with an enemy pawn four squares up the diagonal: it shoots it
    // without moving, or steps to k6 and shoots from there.
    let pos = ko
        .parse_fen("k18/19/19/19/19/19/19/19/19/19/13p5/19/19/19/9I9/19/19/19/K18 w")
        .unwrap();
    let ours = |t: &str| {
        let m = ko
            .parse_move(&pos, t)
            .unwrap_or_else(|e| panic!("{t}: {e}"));
        (
            pos.move_to_string(m),
            ko.move_text(&pos, m),
            ko.move_lines(&pos, m),
        )
    };
    let (n, t, l) = ours("j5xn9");
    assert_eq!(n, "10o10o*6k");
    assert_eq!(t, "j5xn9");
    assert_eq!(l, vec!["j5xn9".to_string()]);
    assert_eq!(ours("usermove j5j5xn9").0, "10o10o*6k");
    let (n, t, _) = ours("j5k6xn9");
    assert_eq!(n, "10o9n*6k");
    assert_eq!(t, "j5k6xn9");
    assert!(ko.parse_move(&pos, "j5xn10").is_err());
    assert!(ko.parse_move(&pos, "j5xn9x").is_err());
    assert!(ko.parse_move(&pos, "j5,j5xn9").is_err());
}

/// The property: for every legal move `m` of many positions of every dialect,
/// `parse_move(move_text(m)) == m` (a pass may come back as another piece's pass that leads to
/// the same position), and the `move` lines join back to the text.
#[test]
fn every_legal_move_round_trips() {
    let mut seen = std::collections::BTreeMap::new();
    let mut checked = 0usize;
    for (name, games, plies) in [
        ("daidai", 8, 160),
        ("maka", 8, 160),
        ("koshogi", 8, 120),
        ("chu", 10, 200),
        ("dai", 6, 200),
        ("tai", 2, 80),
        ("dai-dai", 1, 60),
        ("ko", 1, 60),
    ] {
        let x = d(name);
        for seed in 1..=games {
            for pos in playout(&x.start_position(), seed * 7919, plies, 10) {
                for m in legal(&pos) {
                    let t = x.move_text(&pos, m);
                    let back = x
                        .parse_move(&pos, &t)
                        .unwrap_or_else(|e| panic!("{name} {}: '{t}': {e}", pos.to_notation()));
                    if back != m {
                        assert!(
                            moves::is_pass(&pos, m) && moves::is_pass(&pos, back),
                            "{name} {}: '{t}' read back as another move",
                            pos.to_notation()
                        );
                    }
                    checked += 1;
                    let lines = x.move_lines(&pos, m);
                    assert_eq!(lines.concat(), t);
                    let kinds = [
                        (t.contains(','), "multi-leg"),
                        (t.contains('x'), "shot"),
                        (t == "@@@@", "pass"),
                        (t.ends_with('+'), "promotion"),
                        (lines.len() > 1, "multi-line"),
                    ];
                    for (hit, what) in kinds {
                        if hit {
                            *seen.entry((name, what)).or_insert(0) += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 50_000, "only {checked} moves checked");
    for must in [
        ("daidai", "multi-leg"),
        ("daidai", "pass"),
        ("daidai", "promotion"),
        ("daidai", "multi-line"),
        ("maka", "multi-leg"),
        ("maka", "promotion"),
        ("koshogi", "shot"),
        ("koshogi", "multi-leg"),
        ("chu", "multi-leg"),
        ("chu", "promotion"),
        ("dai", "multi-leg"),
        ("dai", "promotion"),
        ("dai", "pass"),
        ("tai", "promotion"),
    ] {
        assert!(seen.contains_key(&must), "never saw {must:?}: {seen:?}");
    }
}

#[test]
fn native_dialect_speaks_our_notation() {
    let x = d("dai-dai");
    let start = x.start_position();
    assert_eq!(x.to_fen(&start), start.to_notation());
    let m = x.parse_move(&start, "9l9k").unwrap();
    assert_eq!(x.move_text(&start, m), "9l9k");
    assert_eq!(x.move_lines(&start, m), vec!["9l9k".to_string()]);
    assert_eq!(x.parse_move(&start, "usermove 9l9k"), Ok(m));
    assert!(x.parse_move(&start, "i4i5").is_err());
    let p = x.parse_fen(&start.to_notation()).unwrap();
    assert_eq!(p.to_notation(), start.to_notation());
    assert!(x.parse_fen("startpos").is_ok());
    let t = d("taikyoku");
    let s = t.start_position();
    let m = legal(&s)[0];
    assert_eq!(t.parse_move(&s, &t.move_text(&s, m)), Ok(m));
}

#[test]
fn dai_dai_refuses_repetitions() {
    let x = d("daidai");
    let mut pos = x.start_position();
    // The lions step out and back; the last step would recreate the start position.
    for t in ["c2c3", "o16o15", "c3c2"] {
        let m = x.parse_move(&pos, t).unwrap_or_else(|e| panic!("{t}: {e}"));
        play(&mut pos, m);
    }
    let e = x.parse_move(&pos, "o15o16").unwrap_err();
    assert!(e.contains("repeats an earlier position"), "{e}");
}

#[test]
fn edit_mode() {
    let chu = d("chu");
    let mut b = chu.edit(&chu.start_position());
    for l in [
        "#", "Kf1", "Pa4", "+Oe5", "c", "Kg12", "Pf8", "x f1", "xa4", "Ka4",
    ] {
        let r = b.command(l);
        if l == "x f1" {
            assert!(r.is_err());
        } else {
            r.unwrap_or_else(|e| panic!("{l}: {e}"));
        }
    }
    let p = b.finish(false).unwrap();
    assert_eq!(
        chu.to_fen(&p),
        "6k5/12/12/12/5p6/12/12/4+O7/k11/12/12/5K6 b"
    );
    for (bad, needle) in [
        ("Zf1", "'Z' is not a piece code"),
        ("Kz1", "file 'z'"),
        ("K", "does not start with a file letter"),
        ("1", "expected a piece code"),
        ("+Kf1", "'+K' is not a piece code"),
    ] {
        let e = b.command(bad).unwrap_err();
        assert!(e.contains(needle) && e.contains(bad), "{bad}: {e}");
    }
    // QBoard codes with suffixes, and the native dialect's codes.
    let dd = d("daidai");
    let mut b = dd.edit(&dd.start_position());
    b.command("#").unwrap();
    b.command("Kq1").unwrap();
    b.command("c").unwrap();
    b.command("Ka17").unwrap();
    b.command("+M!h8").unwrap();
    b.command("C~i9").unwrap();
    let p = b.finish(true).unwrap();
    assert_eq!(
        dd.to_fen(&p),
        "k16/17/17/17/17/17/17/17/8c~8/7+m!9/17/17/17/17/17/17/16K w"
    );
    let n = d("dai-dai");
    let mut b = n.edit(&n.start_position());
    for l in ["#", "K1q", "c", "K17a", "(BM)9i", "+BM8h"] {
        b.command(l).unwrap_or_else(|e| panic!("{l}: {e}"));
    }
    assert!(b
        .command("+K5e")
        .unwrap_err()
        .contains("cannot be promoted"));
    let p = b.finish(true).unwrap();
    assert_eq!(
        p.to_notation(),
        "k16/17/17/17/17/17/17/9+(bm)7/8(bm)8/17/17/17/17/17/17/17/16K b - 1"
    );
}

#[test]
fn junk_never_panics() {
    let inputs = [
        "",
        " ",
        ",",
        ",,",
        "x",
        "xx",
        "a",
        "a1",
        "a1a",
        "a1x",
        "a1xa",
        "a1a1a1a1a1",
        "@",
        "@@@@+",
        "+",
        "=",
        "a1a2+=",
        "a1,a2",
        "a1a2,,a2a3",
        "a99999999999999999999a1",
        "é1a1",
        "a1é1",
        "usermove",
        "usermove ",
        "usermovea1a2",
        "1a1b",
        "(FK)",
        "7g7f+",
        "\u{0}",
        "a1a2 a2a3",
    ];
    for name in [
        "daidai", "maka", "koshogi", "chu", "dai-dai", "ko", "taikyoku",
    ] {
        let x = d(name);
        let pos = x.start_position();
        for i in inputs {
            let _ = x.parse_move(&pos, i);
            let _ = x.parse_fen(i);
            let mut b = x.edit(&pos);
            let _ = b.command(i);
            let _ = b.finish(true);
        }
    }
}

/// Whether a leg's text is a lone square (`f5` in `f5xf15`: shots without moving).
fn lone_square(leg: &str) -> bool {
    let mut c = leg.chars();
    c.next().is_some_and(|f| f.is_ascii_lowercase()) && {
        let rest = c.as_str();
        !rest.is_empty() && rest.chars().all(|d| d.is_ascii_digit())
    }
}

/// The relay limits judge a move from the move alone; here they are checked against the text
/// QBoard receives: `relay::legs` is the number of comma-separated legs, `moves_then_shoots`
/// means a shot after a leg that moves, and in Dai dai (compulsory promotion) a multi-leg
/// promotion read without its `+` is still the same move, which is why it is carried.
#[test]
fn relay_limits_agree_with_the_text_qboard_receives() {
    let mut seen = std::collections::BTreeSet::new();
    for (name, games, plies) in [("daidai", 10, 200), ("maka", 6, 160), ("koshogi", 6, 120)] {
        let x = d(name);
        let relay = x.qboard_relay().expect("QBoard plays it");
        for seed in 1..=games {
            for pos in playout(&x.start_position(), seed * 7919 + 1, plies, 10) {
                for m in legal(&pos) {
                    let t = x.move_text(&pos, m);
                    let body = t.trim_end_matches('+');
                    assert_eq!(relay::legs(m), body.split(',').count(), "{name} '{t}'");
                    let first = body.split(',').next().unwrap_or("");
                    let moved_and_shot =
                        body.contains('x') && !lone_square(first.split('x').next().unwrap_or(""));
                    assert_eq!(relay::moves_then_shoots(m), moved_and_shot, "{name} '{t}'");
                    let multi_promo = body.contains(',') && t.ends_with('+');
                    if multi_promo && name == "daidai" {
                        assert_eq!(x.parse_move(&pos, body), Ok(m), "{name} '{t}'");
                    }
                    let lossy = (multi_promo && name != "daidai")
                        || (moved_and_shot && name == "koshogi")
                        || relay::legs(m) > relay.max_legs;
                    assert_eq!(relay.carries(m), !lossy, "{name} '{t}'");
                    for (hit, what) in [
                        (multi_promo, "multi-leg promotion"),
                        (moved_and_shot, "move then shoot"),
                        (body.contains('x') && !moved_and_shot, "shot without moving"),
                    ] {
                        if hit {
                            seen.insert((name, what));
                        }
                    }
                }
            }
        }
    }
    for must in [
        ("daidai", "multi-leg promotion"),
        ("maka", "multi-leg promotion"),
        ("koshogi", "move then shoot"),
        ("koshogi", "shot without moving"),
    ] {
        assert!(seen.contains(&must), "no {must:?} met; seen {seen:?}");
    }
}
