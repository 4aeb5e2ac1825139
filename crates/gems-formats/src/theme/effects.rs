//! The juice part of a theme: shards, score pop-ups, celebrations and hover feedback, with every
//! amount and timing as data. Reduced motion turns all of it off.

use serde::{Deserialize, Serialize};

use super::fields::theme_section;

theme_section! {
    /// How much the games celebrate, and how it moves. Sizes and distances are in board cells,
    /// so they scale with the board; times are in seconds.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(default)]
    pub struct Effects {
        /// Shards thrown by each gem, dot or card that leaves (bigger groups throw more in all).
        pub shards_per_piece: u32 = 6 => "Shards per piece", 0..=64,
        /// Most shards alive at once, whatever the group: the cap that keeps a 100×100 board
        /// clear within the frame budget. 0 turns shards off.
        pub max_shards: u32 = 1200 => "Most shards at once", 0..=20000,
        /// How long a shard lives.
        pub shard_life: f32 = 0.7 => "Shard life (s)", 0.0..=5.0,
        /// A shard's starting speed, in cells per second.
        pub shard_speed: f32 = 4.0 => "Shard speed", 0.0..=50.0,
        /// A shard's size, in cells.
        pub shard_size: f32 = 0.2 => "Shard size", 0.0..=2.0,
        /// Pull on shards, in cells per second squared.
        pub gravity: f32 = 14.0 => "Gravity", -100.0..=100.0,
        /// How long a floating score stays.
        pub popup_time: f32 = 1.0 => "Pop-up time (s)", 0.0..=5.0,
        /// How far a floating score rises, in cells.
        pub popup_rise: f32 = 1.5 => "Pop-up rise", -10.0..=10.0,
        /// Text size of a floating score, in points.
        pub popup_size: f32 = 30.0 => "Pop-up size", 6.0..=96.0,
        /// How long a celebration (a cleared board, a win, a new best) lasts.
        pub celebration_time: f32 = 2.5 => "Celebration (s)", 0.0..=10.0,
        /// Bursts of shards in a celebration.
        pub celebration_bursts: u32 = 7 => "Celebration bursts", 0..=40,
        /// How much a hovered gem or tile swells and breathes, as a fraction of its size.
        pub hover_pulse: f32 = 0.08 => "Hover pulse", 0.0..=0.5,
        /// Breaths per second of the hovered piece.
        pub hover_speed: f32 = 2.0 => "Hover breaths per second", 0.0..=10.0,
    }
}

impl Effects {
    /// The same effects with all motion off: no shards, pop-ups, celebrations or breathing.
    pub fn off() -> Self {
        Self {
            shards_per_piece: 0,
            max_shards: 0,
            popup_time: 0.0,
            celebration_time: 0.0,
            celebration_bursts: 0,
            hover_pulse: 0.0,
            ..Self::default()
        }
    }

    /// How much a hovered or selected piece is swollen at `seconds` into the game: 1 plus a
    /// breath between 0 and the hover pulse.
    pub fn breath(&self, seconds: f32) -> f32 {
        let wave = (seconds * self.hover_speed * std::f32::consts::TAU).sin();
        1.0 + self.hover_pulse * 0.5 * (1.0 + wave)
    }
}
