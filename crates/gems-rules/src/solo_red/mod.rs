//! Solo Red, the Red7 card solitaire (`../shared/specs/solo-red.txt`). Rules, text view and AI.
