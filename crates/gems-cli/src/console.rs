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

/// The longest line a console reads, in bytes (a command is a few words).
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// Reads the next line (with its line ending) into `line`, replacing its content; [`Stop::Eof`]
/// when the input has ended.
pub fn next_line(input: &mut impl BufRead, line: &mut String) -> Result<(), Stop> {
    if read_line(input, line)? == 0 {
        return Err(Stop::Eof);
    }
    Ok(())
}

/// Reads the next line (with its line ending) into `line`, replacing its content, as
/// `BufRead::read_line` does (0 at the end of the input), except that a line longer than
/// [`MAX_LINE_BYTES`] or not UTF-8 is skipped with a notice on standard error (the console's
/// output stays what its spec says), and the line after it is read instead.
pub fn read_line(input: &mut impl BufRead, line: &mut String) -> io::Result<usize> {
    loop {
        line.clear();
        match gems_rules::storage::read_line_bounded(input, line, MAX_LINE_BYTES) {
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                eprintln!("gems-cli: {e}; that line was ignored");
            }
            read => return read,
        }
    }
}
