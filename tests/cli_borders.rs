//! The command-line tools at their borders: a reader that goes away (`| head`), files that
//! aren't regular files, records naming a variant outside the game's assets, and the look files a
//! variant names (checked by `validate`).

use std::io::Read;
mod common;

use std::path::Path;
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

/// A fresh folder for one test.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("jetan-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn an_atomic_write_spares_other_files_and_leaves_nothing_behind() {
    let dir = scratch("atomic");
    let path = dir.join("game.ron");
    // A player's file with the name the temporary file once had.
    std::fs::write(dir.join("game.ron.partial"), "mine").unwrap();
    jetan::atomic_file::write(&path, b"new").unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
    assert_eq!(std::fs::read_to_string(dir.join("game.ron.partial")).unwrap(), "mine");
    let failed = jetan::atomic_file::write_with(&path, |_| Err(std::io::Error::other("disk full")));
    assert!(failed.is_err());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "new", "the old content stays");
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left.len(), 2, "no temporary file is left: {left:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn settings_that_dont_read_are_kept_when_settings_are_saved() {
    use jetan::settings::Settings;
    let dir = scratch("settings");
    let path = dir.join("settings.ron");
    let broken = "// my notes\n(animation_speed: oops)\n";
    std::fs::write(&path, broken).unwrap();
    assert!(Settings::load(&path).is_err());
    std::fs::write(dir.join("settings.ron.broken"), "an older one").unwrap();
    let kept = Settings::default().save(&path).unwrap();
    assert_eq!(kept, Some(dir.join("settings.ron.broken-2")), "the first free name");
    assert_eq!(std::fs::read_to_string(dir.join("settings.ron.broken-2")).unwrap(), broken);
    assert_eq!(std::fs::read_to_string(dir.join("settings.ron.broken")).unwrap(), "an older one");
    assert_eq!(Settings::load(&path).unwrap(), Settings::default());
    assert_eq!(Settings::default().save(&path).unwrap(), None, "settings that read are simply replaced");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_result_the_moves_dont_reach_is_noted() {
    let text = "(variant: \"variants/jetan.ron\", variant_name: \"Jetan\", rules: \"\", options: [], \
                players: (south: \"human\", north: \"human\"), started: 0, moves: [\"A b2-b3\"], result: RESULT)";
    let variant = jetan_rules::Variant::load_file(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/variants/jetan.ron"),
    )
    .unwrap();
    let note = |result: &str| {
        let record = GameRecord::from_text(&text.replace("RESULT", result)).unwrap();
        record.result_note(&record.replay(&variant).unwrap())
    };
    assert_eq!(note("None"), None);
    assert_eq!(note("Some(\"Orange wins: Black resigned\")"), None, "a resignation is not in the moves");
    let claimed = note("Some(\"Black wins: reached the Princess\")").expect("a note");
    assert!(claimed.contains("its moves don't end the game"), "{claimed}");
}

#[test]
fn validate_checks_the_look_files_a_variant_names() {
    let assets = scratch("validate-looks").join("assets");
    for folder in ["variants", "looks"] {
        std::fs::create_dir_all(assets.join(folder)).unwrap();
    }
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    // A modder's copy of the Malagors, its look file renamed: no shipped file stands in for it.
    let text = std::fs::read_to_string(repo.join("variants/jetan_malagor.ron")).unwrap();
    std::fs::write(
        assets.join("variants/jetan_malagor.ron"),
        text.replace("looks/malagor.look.ron", "looks/mine.look.ron"),
    )
    .unwrap();
    std::fs::copy(repo.join("looks/barsoom.look.ron"), assets.join("looks/barsoom.look.ron")).unwrap();
    let variant = assets.join("variants/jetan_malagor.ron");
    let validate = || jetan().arg("validate").arg(&variant).output().unwrap();

    // Missing, then broken: refused with the look file's place.
    let output = validate();
    assert!(!output.status.success());
    let errors = String::from_utf8_lossy(&output.stderr).to_string();
    assert!(errors.contains("assets/looks/mine.look.ron:1:1: cannot read the file"), "{errors}");
    let broken = "Looks(kinds: {\n  \"malagor\": (parts: [Pedestal, Crown(points: 3, height: 0.1, flare: 0)]),\n})\n";
    std::fs::write(assets.join("looks/mine.look.ron"), broken).unwrap();
    let errors = String::from_utf8_lossy(&validate().stderr).to_string();
    assert!(errors.contains("assets/looks/mine.look.ron:2:3: look \"malagor\": item 2 (Crown)"), "{errors}");

    // Without a look for the new kind: valid, and the kind is named.
    std::fs::write(assets.join("looks/mine.look.ron"), "Looks(kinds: {})").unwrap();
    let output = validate();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(String::from_utf8_lossy(&output.stdout).contains("no look for malagor"));
}

#[test]
fn a_standard_error_that_cant_be_written_ends_a_tool_by_its_exit_code_not_a_panic() {
    let full = || std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
    let bad_move = jetan().args(["legal", "--moves", "garbage"]).stderr(full()).status().unwrap();
    assert_eq!(bad_move.code(), Some(1), "a tool's error");
    let bad_flag = jetan().args(["legal", "--no-such-flag"]).stderr(full()).status().unwrap();
    assert_eq!(bad_flag.code(), Some(2), "a usage error");
}

#[test]
fn a_variant_is_named_by_its_name_or_its_file() {
    let legal = |variant: &str| {
        let output = jetan().args(["legal", "--variant", variant]).output().unwrap();
        assert!(output.status.success(), "{variant}: {}", String::from_utf8_lossy(&output.stderr));
        String::from_utf8(output.stdout).unwrap()
    };
    assert_eq!(legal("jetan_sarang"), legal("assets/variants/jetan_sarang.ron"));
    assert_ne!(legal("jetan_sarang"), legal("jetan"));
    let unknown = jetan().args(["legal", "--variant", "no_such_game"]).output().unwrap();
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("no_such_game.ron"), "the file looked for is named");
    assert_eq!(jetan::variant_asset::asset_path("jetan_jeddara"), Ok("variants/jetan_jeddara.ron".into()));
    assert_eq!(jetan::variant_asset::asset_path("assets/variants/jetan.ron"), Ok("variants/jetan.ron".into()));
}

/// The `jetan` command run from `dir` as a player's: no repository in sight, `HOME` and the XDG
/// folders in `home`. Its standard output and error, and whether it succeeded.
fn run_as_player(dir: &Path, home: &Path, args: &[&str]) -> (bool, String, String) {
    let output = jetan()
        .args(args)
        .current_dir(dir)
        .env_remove("CARGO_MANIFEST_DIR")
        .env_remove("BEVY_ASSET_ROOT")
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env("XDG_DATA_HOME", home.join(".local/share"))
        .output()
        .unwrap();
    let text = |bytes: Vec<u8>| String::from_utf8_lossy(&bytes).into_owned();
    (output.status.success(), text(output.stdout), text(output.stderr))
}

#[test]
fn the_tools_play_the_shipped_games_from_any_folder() {
    let dir = scratch("outside");
    let home = scratch("outside-home");
    let run = |args: &[&str]| {
        let (ok, said, errors) = run_as_player(&dir, &home, args);
        assert!(ok, "{args:?}: {said}{errors}");
        said
    };
    assert!(run(&["legal", "--moves", "A b2-b3"]).lines().count() > 10, "classic Jetan's replies");
    assert!(run(&["perft", "--variant", "jetan_jeddara", "--depth", "1"]).contains("perft 1:"));
    assert!(run(&["validate", "assets/variants/jetan_sarang.ron"]).contains("Jetan Sarang is valid"));
    std::fs::write(dir.join("game.txt"), "1. A b2-b3\n1... a i9-i8\n").unwrap();
    run(&["import", "game.txt", "-o", "game.ron"]);
    assert!(run(&["replay", "game.ron"]).contains("2 moves of Jetan, all legal"));
    let mut left: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    left.sort();
    assert_eq!(left, ["game.ron", "game.txt"], "nothing else written");
    assert_eq!(std::fs::read_dir(&home).unwrap().count(), 0, "nothing written in the player's folders");
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::remove_dir_all(&home).unwrap();
}

#[test]
fn a_variant_in_the_mods_folder_is_listed_and_plays_and_a_broken_one_is_reported_and_left_out() {
    let dir = scratch("modding");
    let home = scratch("modding-home");
    let mods = home.join(".local/share/jetan/mods");
    common::modding::write_mod(&mods);
    let (ok, listed, _) = run_as_player(&dir, &home, &["variants"]);
    assert!(ok, "{listed}");
    let birds = mods.join("variants/birds.ron");
    assert!(listed.contains("variants/jetan_sarang.ron: Jetan Sarang"), "{listed}");
    assert!(listed.contains(&format!("mods://variants/birds.ron: Birds of Barsoom ({})", birds.display())), "{listed}");
    let broken = format!(
        "mods://variants/broken.ron: left out, it doesn't load:\n{}:",
        mods.join("variants/broken.ron").display()
    );
    assert!(listed.contains(&broken), "the broken mod with its place: {listed}");
    // It plays by its name, as the shipped ones do, and checks with its look from the mods folder.
    let (ok, moves, errors) = run_as_player(&dir, &home, &["legal", "--variant", "birds"]);
    assert!(ok && moves.lines().count() > 10, "{moves}{errors}");
    let (ok, said, errors) = run_as_player(&dir, &home, &["validate", &birds.display().to_string()]);
    assert!(ok && said.contains("Birds of Barsoom is valid") && !said.contains("no look for"), "{said}{errors}");
    // A game of it is recorded by its place in the mods folder, and replays from any folder.
    std::fs::write(dir.join("game.txt"), "1. A b2-b3\n").unwrap();
    let (ok, said, errors) =
        run_as_player(&dir, &home, &["import", "--variant", "birds", "game.txt", "-o", "game.ron"]);
    assert!(ok, "{said}{errors}");
    assert!(std::fs::read_to_string(dir.join("game.ron")).unwrap().contains("\"mods://variants/birds.ron\""));
    let (ok, said, errors) = run_as_player(&dir, &home, &["replay", "game.ron"]);
    assert!(ok && said.contains("1 moves of Birds of Barsoom, all legal"), "{said}{errors}");
    // The broken one is refused at its place.
    let (ok, _, errors) = run_as_player(&dir, &home, &["legal", "--variant", "broken"]);
    assert!(!ok && errors.contains(&format!("{}:", mods.join("variants/broken.ron").display())), "{errors}");
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::remove_dir_all(&home).unwrap();
}

#[test]
fn jetan_think_answers_with_the_whole_turn_its_line_and_score() {
    let think = |args: &[&str]| {
        let output = jetan().arg("think").args(args).output().unwrap();
        assert!(output.status.success(), "{args:?}: {}", String::from_utf8_lossy(&output.stderr));
        String::from_utf8(output.stdout).unwrap()
    };
    let said = think(&["--nodes", "20000", "--level", "3"]);
    assert!(said.contains("\nmove: ") && said.contains("\nline: ") && said.contains("\nscore: "), "{said}");
    // A Charge that wins: every sub-move of the turn, and the win.
    let said = think(&["--variant", "jetan_jeddara", "--moves", "BC m1-g6; D m2-g7", "--nodes", "400000"]);
    let turn = said.lines().find(|line| line.starts_with("move: ")).unwrap();
    assert!(turn.starts_with("move: charge; ") && turn.ends_with("; end"), "{said}");
    assert!(said.contains("score: win in"), "{said}");
    let bad = jetan().args(["think", "--moves", "A e2-e9"]).output().unwrap();
    assert!(!bad.status.success() && String::from_utf8_lossy(&bad.stderr).contains("e2-e9"));
}

/// `jetan sound -o PATH` looks at what is at PATH before writing: a pipe or a device is refused
/// without being opened (it hung on a pipe, and read 4 GB through a link to /dev/zero).
#[cfg(unix)]
#[test]
fn a_sound_is_not_written_over_a_pipe_or_a_device() {
    let dir = scratch("sound-over");
    let fifo = dir.join("pipe.wav");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let zero = dir.join("zero.wav");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    for path in [&fifo, &zero] {
        let output = jetan().args(["sound", "win", "-o"]).arg(path).output().unwrap();
        let errors = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success() && errors.contains("a device or a pipe"), "{}: {errors}", path.display());
        assert!(errors.contains("it is not written over"), "{errors}");
    }
}

/// `jetan import -` reads standard input up to the limit of a move list, no further.
#[test]
fn a_move_list_on_standard_input_is_read_within_its_limit() {
    let dir = scratch("import-stdin");
    let mut child = jetan()
        .args(["import", "--variant", "jetan", "-", "-o"])
        .arg(dir.join("game.ron"))
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    // 17 MiB of a comment: more than the 16 MiB a move list may be.
    let line = vec![b'#'; 1 << 20];
    std::thread::spawn(move || {
        for _ in 0..17 {
            if std::io::Write::write_all(&mut input, &line).is_err() {
                break;
            }
        }
    });
    let output = child.wait_with_output().unwrap();
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success() && errors.contains("standard input holds more than"), "{errors}");
}

/// A mods folder's variant whose file name isn't text is named as such, not as a missing file.
#[cfg(target_os = "linux")]
#[test]
fn a_mod_variant_whose_name_is_not_text_is_named_so() {
    use std::os::unix::ffi::OsStrExt;
    let (dir, home) = (scratch("non-utf8"), scratch("non-utf8-home"));
    let variants = home.join(".local/share/jetan/mods/variants");
    std::fs::create_dir_all(&variants).unwrap();
    let name = std::ffi::OsStr::from_bytes(b"caf\xe9.ron");
    std::fs::write(variants.join(name), "Variant()").unwrap();
    let (ok, out, err) = run_as_player(&dir, &home, &["variants"]);
    assert!(ok, "{err}");
    assert!(out.contains("its name isn't UTF-8 text (rename it)") && !out.contains("No such file"), "{out}");
}
