//! Walks every shipped lessons file: each loads; each step's position is legal; its answer is
//! legal and meets its goal; some legal wrong move is refused with a hint and the moved piece's
//! reach; the answer is known after two wrong tries; scripted replies are legal.

use std::path::{Path, PathBuf};

use jetan_lessons::{Attempt, Course, LessonRun, Verdict, judge, judge_text};
use jetan_rules::Position;

fn lessons_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/lessons")
}

fn shipped() -> Vec<(PathBuf, Course)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(lessons_dir())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.to_string_lossy().ends_with(".lessons.ron"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let course = Course::load_file(&path).unwrap_or_else(|e| panic!("{e}"));
            (path, course)
        })
        .collect()
}

#[test]
fn every_variant_has_a_lessons_file() {
    let names: Vec<String> =
        shipped().iter().map(|(path, _)| path.file_name().unwrap().to_string_lossy().into_owned()).collect();
    for expected in ["jetan.lessons.ron", "jetan_sarang.lessons.ron", "jetan_jeddara.lessons.ron"] {
        assert!(names.iter().any(|n| n == expected), "{expected} missing from {names:?}");
    }
}

#[test]
fn every_step_is_legal_answerable_and_refuses_a_wrong_move() {
    for (path, course) in shipped() {
        assert!(!course.lessons.is_empty(), "{}", path.display());
        for lesson in &course.lessons {
            let mut position: Option<Position> = None;
            for (i, step) in lesson.steps.iter().enumerate() {
                let place = format!("{}: {} step {}", path.display(), lesson.title, i + 1);
                assert!(!lesson.intro.is_empty() && !step.task.is_empty(), "{place}");
                // The position reads back from its own text: it is a legal position.
                let text = step.start.to_text();
                let again =
                    Position::from_text(course.variant.clone(), &text).unwrap_or_else(|e| panic!("{place}: {e}"));
                assert_eq!(again.to_text(), text, "{place}");
                assert!(step.start.decided().is_none(), "{place}: the game is over");
                assert_eq!(step.side, step.start.to_move(), "{place}");
                if !step.resets {
                    assert_eq!(position.as_ref().map(Position::to_text), Some(text.clone()), "{place}");
                }
                // The answer is legal and meets the goal, also written as text.
                assert!(step.start.is_legal(step.answer), "{place}");
                assert_eq!(judge(step, &step.start, step.answer), Verdict::Met, "{place}");
                let answer_text = step.start.move_text(step.answer);
                assert_eq!(judge_text(step, &step.start, &answer_text), Verdict::Met, "{place}");
                // Some legal move misses the goal, and is refused with a hint.
                let wrong = step
                    .start
                    .legal_moves()
                    .into_iter()
                    .find(|&mv| !step.goal.is_met(&step.start, mv))
                    .unwrap_or_else(|| panic!("{place}: every legal move meets the goal"));
                match judge(step, &step.start, wrong) {
                    Verdict::NotTheGoal { hint, reach } => {
                        assert!(!hint.is_empty(), "{place}");
                        if wrong.lead().is_some() {
                            assert!(!reach.is_empty(), "{place}: no reach for {}", step.start.move_text(wrong));
                        }
                    }
                    other => panic!("{place}: a wrong move was judged {other:?}"),
                }
                // Two wrong tries make the answer known.
                let mut attempt = Attempt::new(step, step.start.clone());
                assert_eq!(attempt.answer(), None, "{place}");
                attempt.try_move(wrong);
                attempt.try_move(wrong);
                let known = attempt.answer().unwrap_or_else(|| panic!("{place}: no answer after two tries"));
                assert!(step.goal.is_met(&step.start, known), "{place}");
                // The scripted reply is legal after the answer.
                let mut after = step.start.clone();
                after.play(step.answer);
                if let Some(reply) = &step.reply {
                    after.parse_turn(reply).unwrap_or_else(|e| panic!("{place}: reply {reply}: {e}"));
                }
                position = Some(step.after(&step.start, step.answer));
            }
        }
    }
}

#[test]
fn illegal_moves_are_refused_with_a_reason() {
    let (_, course) = shipped().into_iter().find(|(p, _)| p.ends_with("jetan.lessons.ron")).unwrap();
    let step = &course.lessons[0].steps[0];
    match judge_text(step, &step.start, "e4-e6") {
        Verdict::Illegal(reason) => assert!(!reason.is_empty()),
        other => panic!("{other:?}"),
    }
    let mut illegal = step.answer;
    illegal.steps = jetan_rules::List::new();
    illegal.steps.push(jetan_rules::Step { from: step.answer.steps[0].from, to: step.answer.steps[0].from });
    assert!(matches!(judge(step, &step.start, illegal), Verdict::Illegal(_)));
}

#[test]
fn classic_lessons_cover_every_piece_and_ending() {
    let (_, course) = shipped().into_iter().find(|(p, _)| p.ends_with("jetan.lessons.ron")).unwrap();
    let titles: Vec<&str> = course.lessons.iter().map(|l| l.title.as_str()).collect();
    for title in [
        "The Panthan",
        "The Thoat",
        "The Warrior",
        "The Padwar",
        "The Dwar",
        "The Flier",
        "The Chief",
        "The Princess",
        "The Princess's escape",
        "Winning",
        "Draws",
    ] {
        assert!(titles.contains(&title), "{title} missing from {titles:?}");
    }
}

#[test]
fn sarang_and_jeddara_lessons_cover_their_mechanics() {
    let courses = shipped();
    let titles = |name: &str| -> Vec<String> {
        let (_, course) = courses.iter().find(|(p, _)| p.ends_with(name)).unwrap();
        course.lessons.iter().map(|l| l.title.clone()).collect()
    };
    let sarang = titles("jetan_sarang.lessons.ron");
    for title in ["The escort", "Squads", "Promotion", "Rapid Deployment", "The Charge"] {
        assert!(sarang.iter().any(|t| t == title), "{title} missing from {sarang:?}");
    }
    let jeddara = titles("jetan_jeddara.lessons.ron");
    for title in
        ["Airships", "Zitidar trains", "Wild Banths", "Thuvia and the banths", "The Sorak strike", "The Charge"]
    {
        assert!(jeddara.iter().any(|t| t == title), "{title} missing from {jeddara:?}");
    }
}

#[test]
fn every_lesson_plays_through_by_its_answers_and_wrong_tries() {
    for (path, course) in shipped() {
        for lesson in &course.lessons {
            let mut run = LessonRun::new(lesson);
            while let Some(step) = run.step() {
                let place = format!("{}: {} step {}", path.display(), lesson.title, run.index() + 1);
                let position = run.position().unwrap().clone();
                // A wrong try first, where there is one; then the answer, known after two.
                if let Some(wrong) = position.legal_moves().into_iter().find(|&mv| !step.goal.is_met(&position, mv)) {
                    assert!(matches!(run.play(wrong), Verdict::NotTheGoal { .. }), "{place}");
                    assert!(matches!(run.play(wrong), Verdict::NotTheGoal { .. }), "{place}");
                }
                let answer = run.attempt().and_then(|a| a.answer()).unwrap_or_else(|| panic!("{place}: no answer"));
                assert_eq!(run.play(answer), Verdict::Met, "{place}");
            }
            assert!(run.is_done());
        }
    }
}
