//! Static evaluation of positions of the giant shogi variants.
//!
//! Not written yet: it arrives with the playable engine (issue 4), which derives every piece's
//! value from its movement as defined in the variant files.
