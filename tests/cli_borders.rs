//! The command-line tools at their borders: a reader that goes away (`| head`), files that
//! aren't regular files, and records naming a variant outside the game's assets.

use std::io::Read;
use std::process::{Command, Stdio};

use jetan::records::GameRecord;

fn jetan() -> Command {
    Command::new(env!("CARGO_BIN_EXE_jetan"))
}

#[test]
fn a_tool_whose_reader_goes_away_ends_quietly() {
    let mut child =
        jetan().args(["perft", "--depth", "4"]).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut first = [0u8; 8];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // The pipe is closed here: the rest of the output has nowhere to go.
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(!String::from_utf8_lossy(&output.stderr).contains("panicked"));
}

#[cfg(unix)]
#[test]
fn a_pipe_given_as_a_file_is_refused_at_once() {
    let dir = std::env::temp_dir().join(format!("jetan-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("game.ron");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    for args in [vec!["replay"], vec!["validate"], vec!["export"]] {
        let output = jetan().args(&args).arg(&fifo).output().unwrap();
        assert!(!output.status.success());
        assert!(String::from_utf8_lossy(&output.stderr).contains("not a regular file"), "{args:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_record_names_only_a_variant_under_assets() {
    let good = "(variant: \"variants/jetan.ron\", variant_name: \"Jetan\", rules: \"\", options: [], \
                players: (south: \"human\", north: \"human\"), started: 0, moves: [], result: None)";
    assert!(GameRecord::from_text(good).is_ok());
    for bad in ["/etc/shadow", "../../etc/passwd.ron", "variants/../../x.ron", "/abs/jetan.ron"] {
        let error = GameRecord::from_text(&good.replace("variants/jetan.ron", bad)).unwrap_err();
        assert!(error.message.contains("must be a .ron file under the game's assets/"), "{bad}: {error}");
        assert_eq!((error.line, error.column), (1, 2), "{bad}");
    }
}
