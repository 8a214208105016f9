// QBoard's moves of the first player (Black) in a start position, one per line in the project's
// notation (`13y13m`): an outside cross-check of our move generation (docs/testing.md, "Tai
// shogi"). Build it against QBoard's source (github.com/fire-lizard/QBoard; its board classes
// are plain C++ without Qt), from a directory holding Board.{h,cpp}, Common.h and the
// {Chu,Dai,MakaDaiDai,DaiDai,Tai}ShogiBoard.{h,cpp} files:
//   g++ -std=c++20 -O1 -I. -o qboard-start-moves qboard-start-moves.cpp Board.cpp \
//     ChuShogiBoard.cpp DaiShogiBoard.cpp MakaDaiDaiShogiBoard.cpp DaiDaiShogiBoard.cpp \
//     TaiShogiBoard.cpp
//   ./qboard-start-moves tai | sort -u
// QBoard's row y is Black's rank y+1 (our rank letter counted from the top), its column x file
// x+1. The list is the destinations QBoard offers a piece (`GetMoves`), not whole moves: no
// double captures, and a lion's pass only where QBoard lists the piece's own square.
#include <cstdio>
#include <cstring>
#include <memory>
#include "TaiShogiBoard.h"

int main(int argc, char** argv) {
    std::unique_ptr<Board> b;
    const char* v = argc > 1 ? argv[1] : "";
    if (!strcmp(v, "tai")) b = std::make_unique<TaiShogiBoard>();
    else if (!strcmp(v, "daidai")) b = std::make_unique<DaiDaiShogiBoard>();
    else if (!strcmp(v, "maka")) b = std::make_unique<MakaDaiDaiShogiBoard>();
    else if (!strcmp(v, "dai")) b = std::make_unique<DaiShogiBoard>();
    else {
        fprintf(stderr, "usage: qboard-start-moves tai|daidai|maka|dai\n");
        return 2;
    }
    const int w = b->GetWidth(), h = b->GetHeight();
    for (int x = 0; x < w; x++) {
        for (int y = 0; y < h; y++) {
            auto p = b->GetData(x, y);
            if (!p || p->Colour != Black) continue;
            b->GetMoves(p, x, y);
            for (auto [tx, ty] : b->Moves()) {
                printf("%d%c%d%c\n", x + 1, 'a' + (h - 1 - y), tx + 1, 'a' + (h - 1 - ty));
            }
        }
    }
    return 0;
}
