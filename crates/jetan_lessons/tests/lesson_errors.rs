//! A lessons file is checked at the border: each problem is an error at its place, FILE:LINE:COL.

use std::path::Path;

use jetan_lessons::Course;
use jetan_rules::Variant;

const POSITION: &str = "r8c/10/10/1a8/10/5a4/4A5/10/7A2/C8R s - - 0";

fn load(steps: &str) -> Result<Course, String> {
    let text = format!(
        "Course(\n    variant: \"jetan.ron\",\n    lessons: [\n        (\n            title: \"T\",\n            intro: \"I\",\n            steps: [\n{steps}\n            ],\n        ),\n    ],\n)\n"
    );
    let variant = |name: &str| {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/variants").join(name);
        Variant::load_file(&path).map_err(|e| e.to_string())
    };
    Course::load(&text, "t.lessons.ron", variant).map_err(|e| e.to_string())
}

fn step(fields: &str) -> String {
    format!("                (\n{fields}\n                ),")
}

#[test]
fn a_good_step_loads() {
    let course = load(&step(&format!(
        "position: Text(\"{POSITION}\"), task: \"Take it\", goal: Captures(\"panthan\"), reply: \"a b7-b6\","
    )))
    .unwrap();
    assert_eq!(course.lessons[0].steps.len(), 1);
    assert_eq!(course.title, "Jetan");
}

#[test]
fn an_unknown_key_is_an_error_at_its_place() {
    let error =
        load(&step(&format!("position: Text(\"{POSITION}\"), task: \"x\", goal: Wins, colour: 3,"))).unwrap_err();
    assert!(error.starts_with("t.lessons.ron:9:"), "{error}");
    assert!(error.contains("colour"), "{error}");
}

#[test]
fn a_bad_square_is_an_error_at_its_literal() {
    let error = load(&step(&format!("position: Text(\"{POSITION}\"), task: \"x\",\ngoal: Reaches(square: \"z11\"),")))
        .unwrap_err();
    assert_eq!(error, "t.lessons.ron:10:24: `z11` is not a square of this board");
}

#[test]
fn a_sort_of_move_is_a_kind_of_the_engine_or_one_of_the_lessons() {
    let sort = |name: &str| load(&step(&format!("position: Start, task: \"x\",\ngoal: Plays({name}),")));
    assert!(sort("Normal").is_ok());
    // Read, but classic Jetan has no group move.
    assert!(sort("Group").unwrap_err().contains("no legal move meets the goal (move several pieces at once)"));
    let error = sort("Castle").unwrap_err();
    assert!(error.starts_with("t.lessons.ron:10:"), "{error}");
    assert!(error.contains("`Castle`") && error.contains("`BanthStep`") && error.contains("`Removal`"), "{error}");
}

#[test]
fn an_unknown_kind_is_an_error_at_its_literal() {
    let error =
        load(&step(&format!("position: Text(\"{POSITION}\"), task: \"x\",\ngoal: Captures(\"queen\"),"))).unwrap_err();
    assert!(error.starts_with("t.lessons.ron:10:17: no piece kind `queen`"), "{error}");
}

#[test]
fn an_illegal_position_is_an_error_at_its_literal() {
    let error =
        load(&step("position: Text(\"10/10/10/10/10/10/10/10/10/10 s - - 0\"), task: \"x\", goal: Wins,")).unwrap_err();
    assert!(error.starts_with("t.lessons.ron:9:17: the position:"), "{error}");
}

#[test]
fn a_goal_no_move_meets_is_an_error_at_the_task() {
    let error = load(&step(&format!("position: Text(\"{POSITION}\"),\ntask: \"Win now\", goal: Wins,"))).unwrap_err();
    assert_eq!(error, "t.lessons.ron:10:8: no legal move meets the goal (win the game with this move)");
}

#[test]
fn an_illegal_reply_is_an_error_at_its_literal() {
    let error = load(&step(&format!(
        "position: Text(\"{POSITION}\"), task: \"x\", goal: Captures(\"panthan\"),\nreply: \"a b7-b3\","
    )))
    .unwrap_err();
    assert!(error.starts_with("t.lessons.ron:10:9: after `A e4-f5`: "), "{error}");
}

#[test]
fn an_answer_that_misses_the_goal_is_an_error() {
    let error = load(&step(&format!(
        "position: Text(\"{POSITION}\"), task: \"x\", goal: Captures(\"panthan\"),\nanswer: \"A e4-e5\","
    )))
    .unwrap_err();
    assert!(error.starts_with("t.lessons.ron:10:10: the answer doesn't meet the goal"), "{error}");
}

#[test]
fn a_first_step_without_a_position_is_an_error() {
    let error = load(&step("task: \"x\", goal: Wins,")).unwrap_err();
    assert!(error.contains("needs a `position`"), "{error}");
}

#[test]
fn a_continuing_step_starts_after_the_reply() {
    let first =
        step(&format!("position: Text(\"{POSITION}\"), task: \"x\", goal: Captures(\"panthan\"), reply: \"a b7-b6\","));
    let second = step("task: \"y\", goal: MovesKind(\"panthan\"),");
    let course = load(&format!("{first}\n{second}")).unwrap();
    let steps = &course.lessons[0].steps;
    assert!(!steps[1].resets);
    assert_eq!(steps[1].start.to_text(), "r8c/10/10/10/1a8/5A4/10/10/7A2/C8R s - - 2");
}
