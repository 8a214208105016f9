"""Reading the game records that `taikyoku match --records` writes (a helper module of the
scripts beside it): each game is a block of `[Tag "value"]` lines followed by its moves in the
project's notation on one line and a numbered line for people."""


def read_records(path):
    """Yields (tags, moves) for each game of the file: tags as a dict, moves as a list."""
    tags, moves, expect_moves = {}, None, False
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line.startswith("[") and line.endswith("]") and " " in line:
                key, value = line[1:-1].split(" ", 1)
                if key == "Game" and tags:
                    yield tags, moves or []
                    tags, moves = {}, None
                tags[key] = value.strip('"')
                expect_moves = True
            elif expect_moves and line:
                moves = line.split()
                expect_moves = False
    if tags:
        yield tags, moves or []
