//! Dots: connect same-colour dots, close loops to clear a colour, gravity and a seeded refill
//! (`../shared/specs/dots.txt`). Rules and AI.
