//! Learning in the game without a window: a lesson started from the title is played on the
//! board, each move judged by the coach (a wrong try is not played and gets a hint, the answer
//! after two), its stars kept in the player's folder; a puzzle solved raises the puzzle rating;
//! a broken lessons file in the mods folder is named at its place; nothing is autosaved.

mod common;

use bevy::prelude::*;
use common::{app_launching, app_on, repo_assets, settle, temp_dir, update_until};
use jetan::Launch;
use jetan::game::{Game, MoveChosen};
use jetan::learning::{Coaching, Exercise, LessonCatalog, Progress, PuzzleCatalog, Stage, Task};
use jetan::places::Places;
use jetan::screen::Screen;
use jetan_rules::Move;

const COURSE: &str = "lessons/jetan.lessons.ron";
const PUZZLES: &str = "puzzles/jetan.puzzles.ron";

/// The app on the title screen, saving to `saves`, once the lessons and puzzles have loaded.
fn on_the_title(saves: &std::path::Path) -> App {
    let mut app = app_launching(&repo_assets(), Launch::default(), saves);
    update_until(&mut app, "the lessons and puzzles", |world| {
        *world.resource::<State<Screen>>().get() == Screen::Title
            && world.resource::<LessonCatalog>().good(COURSE).is_some()
            && world.resource::<PuzzleCatalog>().good(PUZZLES).is_some()
    });
    app
}

/// Runs frames until the exercise stands at a stage other than `Replying`, the board still.
fn until_judged(app: &mut App) -> Stage {
    for _ in 0..50 {
        settle(app);
        app.update();
        let stage = app.world().resource::<Exercise>().stage;
        if stage != Stage::Replying {
            return stage;
        }
    }
    panic!("the replies never ended");
}

fn choose(app: &mut App, mv: Move) {
    app.world_mut().write_message(MoveChosen(mv));
    app.update();
}

fn step_answer(app: &App) -> (Move, Option<Move>) {
    let exercise = app.world().resource::<Exercise>();
    let game = app.world().resource::<Game>();
    let Task::Lesson(at) = &exercise.task else { panic!("a lesson") };
    let step = at.step().expect("a step");
    let answer = step.answer_in(game.position()).expect("an answer");
    let wrong = game.legal_moves().iter().copied().find(|&mv| !step.goal.is_met(game.position(), mv));
    (answer, wrong)
}

#[test]
fn a_lesson_from_the_title_is_judged_move_by_move_and_its_stars_are_kept() {
    let saves = temp_dir("learning-lesson").join("saves");
    let mut app = on_the_title(&saves);
    // The Thoat: its second lesson.
    app.world_mut().write_message(Coaching::Lesson { course: COURSE.into(), lesson: 1 });
    update_until(&mut app, "the lesson on the board", |world| {
        *world.resource::<State<Screen>>().get() == Screen::Playing && world.contains_resource::<Exercise>()
    });
    settle(&mut app);
    assert!(app.world().resource::<Game>().coached);

    // Two wrong tries: neither is played; a hint each, then the answer is shown.
    let (answer, wrong) = step_answer(&app);
    let wrong = wrong.expect("the first step has a wrong move");
    for tries in 1..=2 {
        choose(&mut app, wrong);
        let (game, exercise) = (app.world().resource::<Game>(), app.world().resource::<Exercise>());
        assert!(game.history.is_empty(), "a wrong try is not played");
        assert_eq!(exercise.wrong, tries);
        assert!(exercise.said.as_ref().is_some_and(|said| !said.is_empty()), "a hint");
        assert!(!exercise.reach.is_empty(), "the piece's reach is told");
        assert_eq!(exercise.shown, (tries == 2).then_some(answer), "the answer after two wrong tries");
    }

    // Every step played by its answer, going on at each step done.
    loop {
        let (answer, _) = step_answer(&app);
        choose(&mut app, answer);
        match until_judged(&mut app) {
            Stage::StepDone => {
                app.world_mut().write_message(Coaching::Next);
            }
            Stage::Over => break,
            stage => panic!("the answer was judged {stage:?}"),
        }
        app.update();
        settle(&mut app);
    }
    let exercise = app.world().resource::<Exercise>();
    assert!(exercise.said.as_ref().unwrap().contains("Lesson done"), "{:?}", exercise.said);
    let stars = app.world().resource::<Progress>().stars_of(COURSE, "The Thoat");
    assert_eq!(stars, 1, "an answer was shown: one star");
    app.update();
    let kept = std::fs::read_to_string(saves.parent().unwrap().join("learning.ron")).expect("progress is kept");
    assert!(kept.contains("The Thoat"), "{kept}");
    let saved = std::fs::read_dir(&saves).map_or(0, |files| files.count());
    assert_eq!(saved, 0, "a lesson's game is not autosaved");
}

#[test]
fn a_puzzle_solved_raises_the_rating_and_a_wrong_move_is_not_played() {
    let saves = temp_dir("learning-puzzle").join("saves");
    let mut app = on_the_title(&saves);
    app.world_mut().write_message(Coaching::Puzzle { set: PUZZLES.into(), themes: Vec::new() });
    update_until(&mut app, "the puzzle on the board", |world| {
        *world.resource::<State<Screen>>().get() == Screen::Playing && world.contains_resource::<Exercise>()
    });
    settle(&mut app);
    let before = app.world().resource::<Progress>().rating(PUZZLES).rating;
    loop {
        let solution = {
            let (game, exercise) = (app.world().resource::<Game>(), app.world().resource::<Exercise>());
            let Task::Puzzle(at) = &exercise.task else { panic!("a puzzle") };
            let plies = game.position().parse_turn(&at.puzzle.solution[at.turn]).unwrap();
            plies[0]
        };
        choose(&mut app, solution);
        let stage = until_judged(&mut app);
        assert!(!app.world().resource::<Game>().history.is_empty(), "the solution is played");
        if stage == Stage::Over {
            break;
        }
        assert_eq!(stage, Stage::Trying, "the puzzle goes on after the reply");
    }
    let progress = app.world().resource::<Progress>();
    let after = progress.rating(PUZZLES).rating;
    assert!(after > before, "solved: {before} → {after}");
    assert_eq!(progress.solved.len(), 1);

    // The next puzzle: a wrong move is not played, fails it once, and shows the solution.
    app.world_mut().write_message(Coaching::Next);
    app.update();
    app.update();
    settle(&mut app);
    let (wrong, solution) = {
        let (game, exercise) = (app.world().resource::<Game>(), app.world().resource::<Exercise>());
        let Task::Puzzle(at) = &exercise.task else { panic!("a puzzle") };
        let first = game.position().parse_turn(&at.puzzle.solution[0]).unwrap()[0];
        let wrong = game.legal_moves().iter().copied().find(|&mv| !at.puzzle.accepts(game.position(), 0, mv));
        (wrong.unwrap(), first)
    };
    choose(&mut app, wrong);
    let (game, exercise) = (app.world().resource::<Game>(), app.world().resource::<Exercise>());
    assert!(game.history.is_empty(), "a wrong move is not played");
    assert_eq!(exercise.shown, Some(solution), "the solution is shown");
    assert!(app.world().resource::<Progress>().rating(PUZZLES).rating < after, "a failed puzzle lowers the rating");
}

#[test]
fn a_broken_lessons_file_of_a_mod_is_named_at_its_place_and_the_rest_load() {
    let dir = temp_dir("learning-mods");
    let mods = dir.join("mods");
    std::fs::create_dir_all(mods.join("lessons")).unwrap();
    std::fs::write(
        mods.join("lessons/mine.lessons.ron"),
        "Course(\n    variant: \"../variants/jetan.ron\",\n    lessons: [(title: \"T\", intro: \"\", steps: [(position: Start, task: \"x\", goal: Captures(\"wizard\"))])],\n)\n",
    )
    .unwrap();
    let places = Places { assets: repo_assets(), mods: Some(mods.clone()) };
    let mut app = app_on(places, Launch::default(), &dir.join("saves"));
    let path = "mods://lessons/mine.lessons.ron";
    update_until(&mut app, "the mod's lessons file", |world| {
        let catalog = world.resource::<LessonCatalog>();
        catalog.error(path).is_some() && catalog.good(COURSE).is_some()
    });
    let error = app.world().resource::<LessonCatalog>().error(path).unwrap().to_string();
    let place = format!("{}:3:", mods.join("lessons/mine.lessons.ron").display());
    assert!(error.starts_with(&place) && error.contains("wizard"), "{error}");
}
