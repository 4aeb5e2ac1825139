//! K in a row on an R×R board with unavailable squares, human against computer
//! (`../shared/specs/k-in-a-row.txt`). Rules and the game-tree search.
