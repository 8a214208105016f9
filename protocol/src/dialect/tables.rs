//! The piece-code tables of the CECP GUIs, as data: for each QBoard variant, every code QBoard's
//! FEN uses and the piece of ours it denotes, and the XBoard/HaChu chu letters.
//!
//! Provenance (docs/cecp-dialects.md, "Piece codes"): the QBoard codes and type names are those
//! QBoard 1.2.0.2's source produces (`GetStringCode`/`Promote`). Each unpromoted code was
//! matched to our piece by aligning QBoard's own start position with ours square by square (they
//! agree on every square except Ko's extra patrol units, which are QBoard's `V` = our `PU`
//! elsewhere in the same row), and checked against QBoard's type name; a promoted code maps to
//! the promoted form of the piece whose promotion QBoard lists it as (QBoard's promoted type
//! names match what our promoted forms move as). The chu letters are docs/chu.md §2's.

/// What a table entry is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The code of an unpromoted piece: read and written.
    Base,
    /// QBoard's code for a promoted piece (QBoard's own output): read, and written unless the
    /// code reads back as another piece (then `+<base code>` is written).
    Promoted,
    /// Another name QBoard has for a promoted piece (a stand-alone type code): only read.
    Alias,
}

/// One GUI piece code.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The code as the GUI writes it for the first player (upper case; `+` prefix included).
    pub code: &'static str,
    /// The GUI's name for the piece type (documentation and provenance).
    pub name: &'static str,
    /// Our piece: its kind's code, with `+` in front for the promoted form.
    pub ours: &'static str,
    /// What the entry is for.
    pub role: Role,
}

/// QBoard's start position for `variant daidai` (as QBoard's code writes it).
pub const DAI_DAI_START: &str = "ly!d~rh~dp'r~kl~qu'hg~t!j'l/am'n!c~f'x'ogb~gxzi~o!nk'a/1b1e~1a~1sq~s1w!1f~1v1/j~o'g'c'w'ujcp~cjuw'b'h'n'k~/r'mv'a'wn~fo~y'o~fn~wa'v'ml'/ppppppppppppppppp/5m~5m~5/17/17/17/5M~5M~5/PPPPPPPPPPPPPPPPP/L'MV'A'WN~FO~Y'O~FN~WA'V'MR'/K~N'H'B'W'UJCP~CJUW'C'G'O'J~/1V1F~1W!1SQ~S1A~1E~1B1/AK'NO!I~ZXGB~GOX'F'C~N!M'A/LJ'T!G~HU'QL~KR~P'DH~RD~Y!L w";

/// QBoard's start position for `variant maka`.
pub const MAKA_START: &str = "le'ut'jcsgg!ka!gscjt'ue'l/a1z1m!1j!ftetfi!1k!1z1a/1o!1a'1l!1wxnow1l!1a'1o!1/u!1y1v'1f't!r!n!p!s!f'1v'1y1u!/rr'mz!vbhdy!qx!dhbvz!ml'r/ppppppppppppppppppp/5i7i5/19/19/19/19/19/5I7I5/PPPPPPPPPPPPPPPPPPP/RL'MZ!VBHDX!QY!DHBVZ!MR'R/U!1Y1V'1F'S!P!N!R!T!F'1V'1Y1U!/1O!1A'1L!1WONXW1L!1A'1O!1/A1Z1K!1I!FTETFJ!1M!1Z1A/LE'UT'JCSGA!KG!GSCJT'UE'L w";

/// QBoard's start position for `variant koshogi` (a patrol unit on each side's rank 5 where the
/// seed has a pawn).
pub const KO_START: &str = "a't'cfsgnexkoengsfcs'a'/r'h1d1q1tlmut1q1d1hr'/bic'l'bic'l'bjbl'c'ibl'c'ib/w1y1y1y1y1y1y1y1y1w/1v1p1p1p1v1p1p1p1v1/ru'azazazau'azazazau'r/9v'9/19/19/19/19/19/9V'9/RU'AZAZAZAU'AZAZAZAU'R/1V1P1P1P1V1P1P1P1V1/W1Y1Y1Y1Y1Y1Y1Y1Y1W/BIC'L'BIC'L'BJBL'C'IBL'C'IB/R'H1D1Q1TUMLT1Q1D1HR'/A'S'CFSGNEOKXENGSFCT'A' w";

/// XBoard's (and HaChu's, lishogi's, QBoard's) chu start position.
pub const CHU_START: &str =
    "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w";

/// The chu letters of XBoard, HaChu and lishogi (docs/chu.md §2); a promoted piece is `+` and
/// its letter.
#[rustfmt::skip]
pub const CHU: &[Entry] = &[
    Entry { code: "K", name: "King", ours: "K", role: Role::Base },
    Entry { code: "E", name: "DrunkElephant", ours: "DE", role: Role::Base },
    Entry { code: "G", name: "Gold", ours: "G", role: Role::Base },
    Entry { code: "S", name: "Silver", ours: "S", role: Role::Base },
    Entry { code: "C", name: "Copper", ours: "C", role: Role::Base },
    Entry { code: "F", name: "Leopard", ours: "FL", role: Role::Base },
    Entry { code: "L", name: "Lance", ours: "L", role: Role::Base },
    Entry { code: "A", name: "ReverseChariot", ours: "RV", role: Role::Base },
    Entry { code: "T", name: "BlindTiger", ours: "BT", role: Role::Base },
    Entry { code: "O", name: "Kirin", ours: "KR", role: Role::Base },
    Entry { code: "X", name: "Phoenix", ours: "PH", role: Role::Base },
    Entry { code: "M", name: "SideMover", ours: "SM", role: Role::Base },
    Entry { code: "V", name: "VerticalMover", ours: "VM", role: Role::Base },
    Entry { code: "B", name: "Bishop", ours: "B", role: Role::Base },
    Entry { code: "R", name: "Rook", ours: "R", role: Role::Base },
    Entry { code: "H", name: "DragonHorse", ours: "DH", role: Role::Base },
    Entry { code: "D", name: "DragonKing", ours: "DK", role: Role::Base },
    Entry { code: "Q", name: "FreeKing", ours: "Q", role: Role::Base },
    Entry { code: "N", name: "Lion", ours: "LN", role: Role::Base },
    Entry { code: "I", name: "GoBetween", ours: "GB", role: Role::Base },
    Entry { code: "P", name: "Pawn", ours: "P", role: Role::Base },
];

/// QBoard's Dai shogi codes (`variant dai`): chu's letters (QBoard's `GetStringCode`, the same
/// as [`CHU`]) and eight more for Dai's own pieces (QBoard's `StringCode2PieceType` for
/// `DaiShogi`); a promoted piece is `+` and its letter, as QBoard writes every Dai promotion.
#[rustfmt::skip]
pub const DAI: &[Entry] = &[
    Entry { code: "K", name: "King", ours: "K", role: Role::Base },
    Entry { code: "E", name: "Elephant", ours: "DE", role: Role::Base },
    Entry { code: "G", name: "Gold", ours: "G", role: Role::Base },
    Entry { code: "S", name: "Silver", ours: "S", role: Role::Base },
    Entry { code: "C", name: "Copper", ours: "C", role: Role::Base },
    Entry { code: "F", name: "Leopard", ours: "FL", role: Role::Base },
    Entry { code: "L", name: "Lance", ours: "L", role: Role::Base },
    Entry { code: "A", name: "ReverseChariot", ours: "RV", role: Role::Base },
    Entry { code: "T", name: "Tiger", ours: "BT", role: Role::Base },
    Entry { code: "O", name: "Kylin", ours: "KR", role: Role::Base },
    Entry { code: "X", name: "Phoenix", ours: "PH", role: Role::Base },
    Entry { code: "M", name: "SideMover", ours: "SM", role: Role::Base },
    Entry { code: "V", name: "VerticalMover", ours: "VM", role: Role::Base },
    Entry { code: "B", name: "Bishop", ours: "B", role: Role::Base },
    Entry { code: "R", name: "Rook", ours: "R", role: Role::Base },
    Entry { code: "H", name: "DragonHorse", ours: "DH", role: Role::Base },
    Entry { code: "D", name: "DragonKing", ours: "DK", role: Role::Base },
    Entry { code: "Q", name: "Queen", ours: "Q", role: Role::Base },
    Entry { code: "N", name: "Lion", ours: "LN", role: Role::Base },
    Entry { code: "I", name: "GoBetween", ours: "GB", role: Role::Base },
    Entry { code: "P", name: "Pawn", ours: "P", role: Role::Base },
    Entry { code: "J", name: "Iron", ours: "I", role: Role::Base },
    Entry { code: "U", name: "Stone", ours: "SG", role: Role::Base },
    Entry { code: "A'", name: "AngryBoar", ours: "AB", role: Role::Base },
    Entry { code: "V'", name: "ViolentOx", ours: "VO", role: Role::Base },
    Entry { code: "F'", name: "FlyingDragon", ours: "FD", role: Role::Base },
    Entry { code: "W", name: "EvilWolf", ours: "EW", role: Role::Base },
    Entry { code: "Z", name: "CatSword", ours: "CS", role: Role::Base },
    Entry { code: "Y", name: "Knight", ours: "N", role: Role::Base },
];

/// QBoard's Dai shogi start position (`DaiShogiBoard`'s setup written with [`DAI`]'s codes).
pub const DAI_START: &str = "lyujcsgkgscjuyl/a1z1f1tet1f1z1a/1v'1a'1wxnow1a'1v'1/rf'mvbhdqdhbvmf'r/ppppppppppppppp/4i5i4/15/15/15/4I5I4/PPPPPPPPPPPPPPP/RF'MVBHDQDHBVMF'R/1V'1A'1WONXW1A'1V'1/A1Z1F1TET1F1Z1A/LYUJCSGKGSCJUYL w";

/// HaChu 0.21's Dai shogi letters (its `daiIDs`), which differ from QBoard's: the lion is `L!`,
/// the knight `N`, the iron general `I`, the go-between `P'`, the cat sword `C'`, the violent
/// ox `X'`; a promoted piece is `+` and its letter. What `setboard` must carry to HaChu.
#[rustfmt::skip]
pub const DAI_HACHU: &[Entry] = &[
    Entry { code: "K", name: "K", ours: "K", role: Role::Base },
    Entry { code: "E", name: "DE", ours: "DE", role: Role::Base },
    Entry { code: "G", name: "G", ours: "G", role: Role::Base },
    Entry { code: "S", name: "S", ours: "S", role: Role::Base },
    Entry { code: "C", name: "C", ours: "C", role: Role::Base },
    Entry { code: "F", name: "FL", ours: "FL", role: Role::Base },
    Entry { code: "L", name: "L", ours: "L", role: Role::Base },
    Entry { code: "A", name: "RV", ours: "RV", role: Role::Base },
    Entry { code: "T", name: "BT", ours: "BT", role: Role::Base },
    Entry { code: "O", name: "KN", ours: "KR", role: Role::Base },
    Entry { code: "X", name: "PH", ours: "PH", role: Role::Base },
    Entry { code: "M", name: "SM", ours: "SM", role: Role::Base },
    Entry { code: "V", name: "VM", ours: "VM", role: Role::Base },
    Entry { code: "B", name: "B", ours: "B", role: Role::Base },
    Entry { code: "R", name: "R", ours: "R", role: Role::Base },
    Entry { code: "H", name: "DH", ours: "DH", role: Role::Base },
    Entry { code: "D", name: "DK", ours: "DK", role: Role::Base },
    Entry { code: "Q", name: "FK", ours: "Q", role: Role::Base },
    Entry { code: "L!", name: "LN", ours: "LN", role: Role::Base },
    Entry { code: "P'", name: "GB", ours: "GB", role: Role::Base },
    Entry { code: "P", name: "P", ours: "P", role: Role::Base },
    Entry { code: "I", name: "I", ours: "I", role: Role::Base },
    Entry { code: "U", name: "SG", ours: "SG", role: Role::Base },
    Entry { code: "A'", name: "AB", ours: "AB", role: Role::Base },
    Entry { code: "X'", name: "VO", ours: "VO", role: Role::Base },
    Entry { code: "F'", name: "FD", ours: "FD", role: Role::Base },
    Entry { code: "W", name: "EW", ours: "EW", role: Role::Base },
    Entry { code: "C'", name: "CS", ours: "CS", role: Role::Base },
    Entry { code: "N", name: "N", ours: "N", role: Role::Base },
];

/// HaChu 0.21's Dai shogi start position (its `daiArray`), with the side field.
pub const DAI_HACHU_START: &str = "lnuicsgkgsciunl/a1c'1f1tet1f1c'1a/1x'1a'1wxl!ow1a'1x'1/rf'mvbhdqdhbvmf'r/ppppppppppppppp/4p'5p'4/15/15/15/4P'5P'4/PPPPPPPPPPPPPPP/RF'MVBHDQDHBVMF'R/1X'1A'1WOL!XW1A'1X'1/A1C'1F1TET1F1C'1A/LNUICSGKGSCIUNL w";

/// QBoard's Dai dai codes (`variant daidai`).
#[rustfmt::skip]
pub const DAI_DAI: &[Entry] = &[
    Entry { code: "K", name: "King", ours: "K", role: Role::Base },
    Entry { code: "N", name: "Lion", ours: "LN", role: Role::Base },
    Entry { code: "+N", name: "FuriousFiend", ours: "+LN", role: Role::Promoted },
    Entry { code: "W!", name: "WaterBuffalo", ours: "WB", role: Role::Base },
    Entry { code: "+W!", name: "FreeDreamEater", ours: "+WB", role: Role::Promoted },
    Entry { code: "Q", name: "Queen", ours: "Q", role: Role::Base },
    Entry { code: "H", name: "DragonHorse", ours: "DH", role: Role::Base },
    Entry { code: "D", name: "DragonKing", ours: "DK", role: Role::Base },
    Entry { code: "Z", name: "CatSword", ours: "CS", role: Role::Base },
    Entry { code: "+Z", name: "DragonHorse", ours: "+CS", role: Role::Promoted },
    Entry { code: "F'", name: "FlyingDragon", ours: "FD", role: Role::Base },
    Entry { code: "+F'", name: "DragonKing", ours: "+FD", role: Role::Promoted },
    Entry { code: "X", name: "Phoenix", ours: "PH", role: Role::Base },
    Entry { code: "+X", name: "GoldenBird", ours: "+PH", role: Role::Promoted },
    Entry { code: "O", name: "Kylin", ours: "KR", role: Role::Base },
    Entry { code: "+O", name: "GreatDragon", ours: "+KR", role: Role::Promoted },
    Entry { code: "B", name: "Bishop", ours: "B", role: Role::Base },
    Entry { code: "R", name: "Rook", ours: "R", role: Role::Base },
    Entry { code: "M", name: "SideMover", ours: "SM", role: Role::Base },
    Entry { code: "V", name: "VerticalMover", ours: "VM", role: Role::Base },
    Entry { code: "A", name: "ReverseChariot", ours: "RV", role: Role::Base },
    Entry { code: "V'", name: "ViolentOx", ours: "VO", role: Role::Base },
    Entry { code: "L", name: "Lance", ours: "L", role: Role::Base },
    Entry { code: "A'", name: "AngryBoar", ours: "AB", role: Role::Base },
    Entry { code: "G", name: "Gold", ours: "G", role: Role::Base },
    Entry { code: "S", name: "Silver", ours: "S", role: Role::Base },
    Entry { code: "F", name: "Leopard", ours: "FL", role: Role::Base },
    Entry { code: "C", name: "Copper", ours: "C", role: Role::Base },
    Entry { code: "J", name: "Iron", ours: "I", role: Role::Base },
    Entry { code: "U", name: "Stone", ours: "SG", role: Role::Base },
    Entry { code: "W", name: "EvilWolf", ours: "EW", role: Role::Base },
    Entry { code: "P", name: "Pawn", ours: "P", role: Role::Base },
    Entry { code: "C~", name: "BlindMonkey", ours: "BM", role: Role::Base },
    Entry { code: "+M!", name: "MountainWitch", ours: "+BM", role: Role::Promoted },
    Entry { code: "K~", name: "BlueDragon", ours: "BD", role: Role::Base },
    Entry { code: "D~", name: "Dove", ours: "DO", role: Role::Base },
    Entry { code: "C'", name: "EasternBarbarian", ours: "EA", role: Role::Base },
    Entry { code: "+C'", name: "Lion", ours: "+EA", role: Role::Promoted },
    Entry { code: "B'", name: "WesternBarbarian", ours: "WBR", role: Role::Base },
    Entry { code: "+B'", name: "LionDog", ours: "+WBR", role: Role::Promoted },
    Entry { code: "G'", name: "SouthernBarbarian", ours: "SO", role: Role::Base },
    Entry { code: "+G'", name: "WhiteElephant", ours: "+SO", role: Role::Promoted },
    Entry { code: "H'", name: "NorthernBarbarian", ours: "NO", role: Role::Base },
    Entry { code: "+H'", name: "FragrantElephant", ours: "+NO", role: Role::Promoted },
    Entry { code: "E~", name: "EnchantedBadger", ours: "EB", role: Role::Base },
    Entry { code: "+E~", name: "Dove", ours: "+EB", role: Role::Promoted },
    Entry { code: "F~", name: "EnchantedFox", ours: "EF", role: Role::Base },
    Entry { code: "+F~", name: "Yaksha", ours: "+EF", role: Role::Promoted },
    Entry { code: "N'", name: "FragrantElephant", ours: "FE", role: Role::Base },
    Entry { code: "U'", name: "FreeDemon", ours: "FR", role: Role::Base },
    Entry { code: "P'", name: "FreeDreamEater", ours: "FT", role: Role::Base },
    Entry { code: "P~", name: "GoldenBird", ours: "GB", role: Role::Base },
    Entry { code: "Q~", name: "GreatDragon", ours: "GD", role: Role::Base },
    Entry { code: "Y!", name: "HookMover", ours: "HM", role: Role::Base },
    Entry { code: "M~", name: "HowlingDog", ours: "HD", role: Role::Base },
    Entry { code: "L'", name: "LeftChariot", ours: "LC", role: Role::Base },
    Entry { code: "R'", name: "RightChariot", ours: "RC", role: Role::Base },
    Entry { code: "L~", name: "LeftGeneral", ours: "LG", role: Role::Base },
    Entry { code: "R~", name: "RightGeneral", ours: "RG", role: Role::Base },
    Entry { code: "J'", name: "Tengu", ours: "LO", role: Role::Base },
    Entry { code: "B~", name: "NeighboringKing", ours: "NK", role: Role::Base },
    Entry { code: "+B~", name: "StandardBearer", ours: "+NK", role: Role::Promoted },
    Entry { code: "K'", name: "OldKite", ours: "OK", role: Role::Base },
    Entry { code: "+K'", name: "Tengu", ours: "+OK", role: Role::Promoted },
    Entry { code: "O!", name: "OldRat", ours: "OR", role: Role::Base },
    Entry { code: "+K!", name: "WizardStork", ours: "+OR", role: Role::Promoted },
    Entry { code: "M'", name: "PoisonousSnake", ours: "PO", role: Role::Base },
    Entry { code: "+M'", name: "HookMover", ours: "+PO", role: Role::Promoted },
    Entry { code: "I~", name: "PrancingStag", ours: "PS", role: Role::Base },
    Entry { code: "+I~", name: "SquareMover", ours: "+PS", role: Role::Promoted },
    Entry { code: "G~", name: "RacingChariot", ours: "RA", role: Role::Base },
    Entry { code: "X'", name: "RushingBird", ours: "RB", role: Role::Base },
    Entry { code: "+X'", name: "FreeDemon", ours: "+RB", role: Role::Promoted },
    Entry { code: "O~", name: "SavageTiger", ours: "ST", role: Role::Base },
    Entry { code: "T!", name: "Yaksha", ours: "SD", role: Role::Base },
    Entry { code: "H~", name: "SquareMover", ours: "SQ", role: Role::Base },
    Entry { code: "Y'", name: "StandardBearer", ours: "SB", role: Role::Base },
    Entry { code: "N~", name: "ViolentBear", ours: "VB", role: Role::Base },
    Entry { code: "O'", name: "WhiteElephant", ours: "WE", role: Role::Base },
    Entry { code: "J~", name: "WhiteTiger", ours: "WT", role: Role::Base },
    Entry { code: "W'", name: "Wood", ours: "W", role: Role::Base },
    Entry { code: "N!", name: "LionDog", ours: "LD", role: Role::Base },
    Entry { code: "+N!", name: "GreatElephant", ours: "+LD", role: Role::Promoted },
    Entry { code: "A~", name: "FlyingHorse", ours: "FH", role: Role::Base },
    Entry { code: "+A~", name: "Queen", ours: "+FH", role: Role::Promoted },
];
/// QBoard's Maka dai dai codes (`variant maka`).
#[rustfmt::skip]
pub const MAKA: &[Entry] = &[
    Entry { code: "K", name: "King", ours: "K", role: Role::Base },
    Entry { code: "+K", name: "Emperor", ours: "+K", role: Role::Promoted },
    Entry { code: "G", name: "Gold", ours: "G", role: Role::Base },
    Entry { code: "+G", name: "FreeGold", ours: "+G", role: Role::Promoted },
    Entry { code: "S", name: "Silver", ours: "S", role: Role::Base },
    Entry { code: "+S", name: "FreeSilver", ours: "+S", role: Role::Promoted },
    Entry { code: "C", name: "Copper", ours: "C", role: Role::Base },
    Entry { code: "+C", name: "FreeCopper", ours: "+C", role: Role::Promoted },
    Entry { code: "J", name: "Iron", ours: "I", role: Role::Base },
    Entry { code: "+J", name: "FreeIron", ours: "+I", role: Role::Promoted },
    Entry { code: "T'", name: "Tile", ours: "T", role: Role::Base },
    Entry { code: "+T'", name: "FreeTile", ours: "+T", role: Role::Promoted },
    Entry { code: "U", name: "Stone", ours: "ST", role: Role::Base },
    Entry { code: "+U", name: "FreeStone", ours: "+ST", role: Role::Promoted },
    Entry { code: "E'", name: "Earth", ours: "E", role: Role::Base },
    Entry { code: "+E'", name: "FreeEarth", ours: "+E", role: Role::Promoted },
    Entry { code: "E", name: "Elephant", ours: "DE", role: Role::Base },
    Entry { code: "+E", name: "Prince", ours: "+DE", role: Role::Promoted },
    Entry { code: "P`", name: "Prince", ours: "+DE", role: Role::Alias },
    Entry { code: "T", name: "Tiger", ours: "BT", role: Role::Base },
    Entry { code: "+T", name: "FreeTiger", ours: "+BT", role: Role::Promoted },
    Entry { code: "F", name: "Leopard", ours: "FL", role: Role::Base },
    Entry { code: "+F", name: "FreeLeopard", ours: "+FL", role: Role::Promoted },
    Entry { code: "Z", name: "CatSword", ours: "CS", role: Role::Base },
    Entry { code: "+Z", name: "FreeCat", ours: "+CS", role: Role::Promoted },
    Entry { code: "N", name: "Lion", ours: "LN", role: Role::Base },
    Entry { code: "+N", name: "FuriousFiend", ours: "+LN", role: Role::Promoted },
    Entry { code: "X", name: "Phoenix", ours: "PH", role: Role::Base },
    Entry { code: "+X", name: "GoldenBird", ours: "+PH", role: Role::Promoted },
    Entry { code: "O", name: "Kylin", ours: "KR", role: Role::Base },
    Entry { code: "+O", name: "GreatDragon", ours: "+KR", role: Role::Promoted },
    Entry { code: "W", name: "EvilWolf", ours: "EW", role: Role::Base },
    Entry { code: "+W", name: "FreeWolf", ours: "+EW", role: Role::Promoted },
    Entry { code: "A'", name: "AngryBoar", ours: "AB", role: Role::Base },
    // QBoard lists `+A` as the angry boar's promotion, but its parser reads `+A` as the promoted
    // reverse chariot (below), and also lists the free boar as `+M` (the promoted side mover):
    // both clash, so the promoted angry boar is written `+A'` (see docs/cecp-dialects.md).
    Entry { code: "+A", name: "FreeBoar", ours: "+AB", role: Role::Promoted },
    Entry { code: "Q", name: "Queen", ours: "FK", role: Role::Base },
    Entry { code: "H", name: "DragonHorse", ours: "DH", role: Role::Base },
    Entry { code: "D", name: "DragonKing", ours: "DK", role: Role::Base },
    Entry { code: "L", name: "Lance", ours: "L", role: Role::Base },
    Entry { code: "+L", name: "Gold", ours: "+L", role: Role::Promoted },
    Entry { code: "A", name: "ReverseChariot", ours: "RV", role: Role::Base },
    Entry { code: "+A", name: "Gold", ours: "+RV", role: Role::Promoted },
    Entry { code: "F'", name: "FlyingDragon", ours: "FD", role: Role::Base },
    Entry { code: "+F'", name: "Gold", ours: "+FD", role: Role::Promoted },
    Entry { code: "Y", name: "Knight", ours: "N", role: Role::Base },
    Entry { code: "+Y", name: "Gold", ours: "+N", role: Role::Promoted },
    Entry { code: "B", name: "Bishop", ours: "B", role: Role::Base },
    Entry { code: "+B", name: "Gold", ours: "+B", role: Role::Promoted },
    Entry { code: "R", name: "Rook", ours: "R", role: Role::Base },
    Entry { code: "+R", name: "Gold", ours: "+R", role: Role::Promoted },
    Entry { code: "M", name: "SideMover", ours: "SM", role: Role::Base },
    Entry { code: "+M", name: "Gold", ours: "+SM", role: Role::Promoted },
    Entry { code: "V", name: "VerticalMover", ours: "VM", role: Role::Base },
    Entry { code: "+V", name: "Gold", ours: "+VM", role: Role::Promoted },
    Entry { code: "P", name: "Pawn", ours: "P", role: Role::Base },
    Entry { code: "+P", name: "Tokin", ours: "+P", role: Role::Promoted },
    Entry { code: "A!", name: "Deva", ours: "DV", role: Role::Base },
    Entry { code: "+A!", name: "TeachingKing", ours: "+DV", role: Role::Promoted },
    Entry { code: "G!", name: "DarkSpirit", ours: "DS", role: Role::Base },
    Entry { code: "+G!", name: "BuddhistSpirit", ours: "+DS", role: Role::Promoted },
    Entry { code: "I!", name: "CoiledSerpent", ours: "CO", role: Role::Base },
    Entry { code: "+I!", name: "FreeSerpent", ours: "+CO", role: Role::Promoted },
    Entry { code: "J!", name: "RecliningDragon", ours: "RD", role: Role::Base },
    Entry { code: "+J!", name: "FreeDragon", ours: "+RD", role: Role::Promoted },
    Entry { code: "K!", name: "ChineseCock", ours: "CC", role: Role::Base },
    Entry { code: "+K!", name: "WizardStork", ours: "+CC", role: Role::Promoted },
    Entry { code: "M!", name: "OldMonkey", ours: "OM", role: Role::Base },
    Entry { code: "+M!", name: "MountainWitch", ours: "+OM", role: Role::Promoted },
    Entry { code: "L!", name: "BlindBear", ours: "BB", role: Role::Base },
    Entry { code: "+L!", name: "FreeBear", ours: "+BB", role: Role::Promoted },
    Entry { code: "P!", name: "Wrestler", ours: "W", role: Role::Base },
    Entry { code: "+P!", name: "Gold", ours: "+W", role: Role::Promoted },
    Entry { code: "R!", name: "Guardian", ours: "GG", role: Role::Base },
    Entry { code: "+R!", name: "Gold", ours: "+GG", role: Role::Promoted },
    Entry { code: "O!", name: "OldRat", ours: "OR", role: Role::Base },
    Entry { code: "+O!", name: "Bat", ours: "+OR", role: Role::Promoted },
    Entry { code: "U!", name: "Donkey", ours: "DN", role: Role::Base },
    Entry { code: "+U!", name: "Gold", ours: "+DN", role: Role::Promoted },
    Entry { code: "X!", name: "Capricorn", ours: "CA", role: Role::Base },
    Entry { code: "+X!", name: "Gold", ours: "+CA", role: Role::Promoted },
    Entry { code: "Y!", name: "HookMover", ours: "HM", role: Role::Base },
    Entry { code: "+Y!", name: "Gold", ours: "+HM", role: Role::Promoted },
    Entry { code: "Z!", name: "SideFlier", ours: "SF", role: Role::Base },
    Entry { code: "+Z!", name: "Gold", ours: "+SF", role: Role::Promoted },
    Entry { code: "L'", name: "LeftChariot", ours: "LC", role: Role::Base },
    Entry { code: "+L'", name: "Gold", ours: "+LC", role: Role::Promoted },
    Entry { code: "R'", name: "RightChariot", ours: "RC", role: Role::Base },
    Entry { code: "+R'", name: "Gold", ours: "+RC", role: Role::Promoted },
    Entry { code: "E`", name: "Emperor", ours: "+K", role: Role::Alias },
    Entry { code: "N!", name: "LionDog", ours: "LD", role: Role::Base },
    Entry { code: "+N!", name: "Gold", ours: "+LD", role: Role::Promoted },
    Entry { code: "Q~", name: "GreatDragon", ours: "+KR", role: Role::Alias },
    Entry { code: "I", name: "GoBetween", ours: "GB", role: Role::Base },
    Entry { code: "+I", name: "FreeGo", ours: "+GB", role: Role::Promoted },
    Entry { code: "P~", name: "GoldenBird", ours: "+PH", role: Role::Alias },
    Entry { code: "V'", name: "ViolentOx", ours: "VO", role: Role::Base },
    Entry { code: "+V'", name: "Gold", ours: "+VO", role: Role::Promoted },
    Entry { code: "T!", name: "Yaksha", ours: "SD", role: Role::Base },
    Entry { code: "+T!", name: "Gold", ours: "+SD", role: Role::Promoted },
    Entry { code: "S!", name: "BuddhistDevil", ours: "BD", role: Role::Base },
    Entry { code: "+S!", name: "Gold", ours: "+BD", role: Role::Promoted },
];
/// QBoard's Ko shogi codes (`variant koshogi`).
#[rustfmt::skip]
pub const KO: &[Entry] = &[
    Entry { code: "K", name: "King", ours: "G", role: Role::Base },
    Entry { code: "Q", name: "Queen", ours: "DU", role: Role::Base },
    Entry { code: "+Q", name: "RisingDragon", ours: "+DU", role: Role::Promoted },
    Entry { code: "R", name: "Rook", ours: "CU", role: Role::Base },
    Entry { code: "+R", name: "Queen", ours: "+CU", role: Role::Promoted },
    Entry { code: "B", name: "Bishop", ours: "E", role: Role::Base },
    Entry { code: "G", name: "Gold", ours: "SR", role: Role::Base },
    Entry { code: "+G", name: "FlyingStag", ours: "+SR", role: Role::Promoted },
    Entry { code: "S", name: "Silver", ours: "GH", role: Role::Base },
    Entry { code: "+S", name: "CompanyCommander", ours: "+GH", role: Role::Promoted },
    Entry { code: "C", name: "Copper", ours: "EN", role: Role::Base },
    Entry { code: "+C", name: "PoisonFlame", ours: "+EN", role: Role::Promoted },
    Entry { code: "V", name: "VerticalMover", ours: "PU", role: Role::Base },
    Entry { code: "+V", name: "FlyingOx", ours: "+PU", role: Role::Promoted },
    Entry { code: "H", name: "DragonHorse", ours: "FH", role: Role::Base },
    Entry { code: "+H", name: "FlyingHawk", ours: "+FH", role: Role::Promoted },
    Entry { code: "D", name: "DragonKing", ours: "Q", role: Role::Base },
    Entry { code: "+D", name: "WingedTiger", ours: "+Q", role: Role::Promoted },
    Entry { code: "P", name: "Pawn", ours: "P", role: Role::Base },
    Entry { code: "+P", name: "VerticalMover", ours: "+P", role: Role::Promoted },
    Entry { code: "Z", name: "CatSword", ours: "SP", role: Role::Base },
    Entry { code: "+Z", name: "ShieldCaptain", ours: "+SP", role: Role::Promoted },
    Entry { code: "F", name: "Leopard", ours: "CS", role: Role::Base },
    Entry { code: "+F", name: "ViceCommissioner", ours: "+CS", role: Role::Promoted },
    Entry { code: "T", name: "Tiger", ours: "SN", role: Role::Base },
    Entry { code: "+T", name: "DragonHorse", ours: "+SN", role: Role::Promoted },
    Entry { code: "E", name: "Elephant", ours: "A", role: Role::Base },
    Entry { code: "+E", name: "DragonKing", ours: "+A", role: Role::Promoted },
    Entry { code: "X", name: "Phoenix", ours: "PL", role: Role::Base },
    Entry { code: "+X", name: "DoublePhoenix", ours: "+PL", role: Role::Promoted },
    Entry { code: "O", name: "Kylin", ours: "SC", role: Role::Base },
    Entry { code: "+O", name: "DoubleKylin", ours: "+SC", role: Role::Promoted },
    Entry { code: "Y", name: "Knight", ours: "HS", role: Role::Base },
    Entry { code: "+Y", name: "KnightCaptain", ours: "+HS", role: Role::Promoted },
    Entry { code: "M", name: "MiddleTroop", ours: "MA", role: Role::Base },
    Entry { code: "+M", name: "Prince", ours: "+MA", role: Role::Promoted },
    Entry { code: "U", name: "Drum", ours: "D", role: Role::Base },
    Entry { code: "+U", name: "Thunderclap", ours: "+D", role: Role::Promoted },
    Entry { code: "L", name: "Flag", ours: "B", role: Role::Base },
    Entry { code: "+L", name: "RoamingAssault", ours: "+B", role: Role::Promoted },
    Entry { code: "N", name: "Lion", ours: "WR", role: Role::Base },
    Entry { code: "T'", name: "TaoistPriest", ours: "TB", role: Role::Base },
    Entry { code: "+T'", name: "ExtensiveFog", ours: "+TB", role: Role::Promoted },
    Entry { code: "S'", name: "SpiritualMonk", ours: "SM", role: Role::Base },
    Entry { code: "+S'", name: "HolyLight", ours: "+SM", role: Role::Promoted },
    Entry { code: "A'", name: "AdvanceGuard", ours: "FD", role: Role::Base },
    Entry { code: "+A'", name: "SkywardNet", ours: "+FD", role: Role::Promoted },
    Entry { code: "R'", name: "RearGuard", ours: "R", role: Role::Base },
    Entry { code: "+R'", name: "EarthwardNet", ours: "+R", role: Role::Promoted },
    Entry { code: "L'", name: "Longbow", ours: "LB", role: Role::Base },
    Entry { code: "+L'", name: "LongbowKnight", ours: "+LB", role: Role::Promoted },
    Entry { code: "C'", name: "Crossbow", ours: "SB", role: Role::Base },
    Entry { code: "+C'", name: "CrossbowKnight", ours: "+SB", role: Role::Promoted },
    Entry { code: "I", name: "Cannon", ours: "C", role: Role::Base },
    Entry { code: "+I", name: "CannonCarriage", ours: "+C", role: Role::Promoted },
    Entry { code: "J", name: "FrankishCannon", ours: "FW", role: Role::Base },
    Entry { code: "+J", name: "DivineCarriage", ours: "+FW", role: Role::Promoted },
    Entry { code: "W", name: "KnightCaptain", ours: "CA", role: Role::Base },
    Entry { code: "+W", name: "WingedHorse", ours: "+CA", role: Role::Promoted },
    Entry { code: "U'", name: "ShieldCaptain", ours: "SU", role: Role::Base },
    // The promoted shield unit is QBoard's free boar type, whose code has no `+`.
    Entry { code: "F'", name: "FreeBoar", ours: "+SU", role: Role::Promoted },
    Entry { code: "A", name: "Chariot", ours: "CH", role: Role::Base },
    Entry { code: "+A", name: "Rook", ours: "+CH", role: Role::Promoted },
    Entry { code: "V'", name: "Vanguard", ours: "VA", role: Role::Base },
    // QBoard writes the promoted vanguard `+V`, which its parser reads as the promoted vertical
    // mover (our promoted patrol unit, the same movement): written `+V'` here.
    Entry { code: "+V", name: "FlyingOx", ours: "+VA", role: Role::Promoted },
];
