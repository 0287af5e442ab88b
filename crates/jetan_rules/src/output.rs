//! Standard output of the command-line tools (the game's and the examples'): when the reader
//! has gone (`perft … | head -1`) the tool ends quietly, as command-line tools do.

/// Prints one line to standard output; ends the process quietly when the reader has gone, and
/// with a message and exit code 1 on any other failure to write.
pub fn say(line: impl std::fmt::Display) {
    use std::io::Write;
    if let Err(error) = writeln!(std::io::stdout().lock(), "{line}") {
        if error.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("cannot write to standard output: {error}");
            std::process::exit(1);
        }
        std::process::exit(0);
    }
}

/// [`say`] with `format!`'s arguments: `say!("{nodes} nodes")`.
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::say(format_args!($($arg)*))
    };
}
