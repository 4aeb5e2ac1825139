//! Grid Duel, the 9×9 digit-grid scoring duel against the computer
//! (`../shared/specs/grid-duel.txt`). Rules and the computer player.
