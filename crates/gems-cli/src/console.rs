//! What the text front ends share: why a console stopped, and reading a line of input.

use std::io::{self, BufRead};

/// Why a console stopped: end of input, or an I/O error on its input or output.
#[derive(Debug)]
pub enum Stop {
    /// No more input.
    Eof,
    /// Reading or writing failed.
    Io(io::Error),
}

impl From<io::Error> for Stop {
    fn from(e: io::Error) -> Self {
        Stop::Io(e)
    }
}

/// Reads the next line (with its line ending) into `line`, replacing its content; [`Stop::Eof`]
/// when the input has ended.
pub fn next_line(input: &mut impl BufRead, line: &mut String) -> Result<(), Stop> {
    line.clear();
    if input.read_line(line)? == 0 {
        return Err(Stop::Eof);
    }
    Ok(())
}
