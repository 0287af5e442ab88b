//! Standard output and error of the command-line tools (the game's and the examples'): when the
//! reader has gone (`perft … | head -1`) the tool ends quietly, as command-line tools do, and a
//! standard error that can't be written (closed, or a full disk) never panics.

/// Prints one line to standard output; ends the process quietly when the reader has gone, and
/// with a message and exit code 1 on any other failure to write.
pub fn say(line: impl std::fmt::Display) {
    use std::io::Write;
    if let Err(error) = writeln!(std::io::stdout().lock(), "{line}") {
        if error.kind() != std::io::ErrorKind::BrokenPipe {
            complain(format_args!("cannot write to standard output: {error}"));
            std::process::exit(1);
        }
        std::process::exit(0);
    }
}

/// Prints one line to standard error, if it can be written: a tool whose standard error is
/// closed or full has nowhere else to say it, and ends by its exit code alone.
pub fn complain(line: impl std::fmt::Display) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// [`say`] with `format!`'s arguments: `say!("{nodes} nodes")`.
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::say(format_args!($($arg)*))
    };
}
