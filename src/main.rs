//! The Modern Gems game binary.

fn main() {}
