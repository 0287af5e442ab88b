//! The lessons file as written: the RON schema, read with serde before anything is checked.

use serde::Deserialize;

use crate::goal::Sort;
use jetan_rules::Text;

/// A lessons file: `Course(variant: "…", lessons: [ … ])`.
#[derive(Debug, Deserialize)]
#[serde(rename = "Course", deny_unknown_fields)]
pub(crate) struct CourseFile {
    /// The variant file, relative to the lessons file.
    pub variant: Text,
    /// The course's name.
    #[serde(default)]
    pub title: Option<Text>,
    /// Rule options chosen for every lesson: `[("charge", "on")]`.
    #[serde(default)]
    pub options: Vec<(Text, Text)>,
    pub lessons: Vec<LessonFile>,
}

/// One lesson as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LessonFile {
    pub title: Text,
    pub intro: Text,
    pub steps: Vec<StepFile>,
}

/// One step as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct StepFile {
    #[serde(default)]
    pub position: Option<PositionFile>,
    #[serde(default)]
    pub side: Option<SideFile>,
    pub task: Text,
    pub goal: GoalFile,
    #[serde(default)]
    pub answer: Option<Text>,
    #[serde(default)]
    pub hints: Vec<Text>,
    #[serde(default)]
    pub reply: Option<Text>,
    #[serde(default)]
    pub done: Option<Text>,
}

/// Where a step starts, as written.
#[derive(Debug, Deserialize)]
pub(crate) enum PositionFile {
    /// A position text of jetan_rules.
    Text(Text),
    /// The variant's start position.
    Start,
    /// The start position, then these turns (comma-separated, as `--moves` takes them).
    Played(Text),
}

/// A side as written.
#[derive(Clone, Copy, Debug, Deserialize)]
pub(crate) enum SideFile {
    South,
    North,
}

/// A goal as written: kinds by id, squares by name.
#[derive(Debug, Deserialize)]
pub(crate) enum GoalFile {
    Captures(Text),
    Reaches {
        square: Text,
        #[serde(default)]
        kind: Option<Text>,
    },
    Wins,
    Escapes,
    DeclaresCharge,
    CompletesCharge,
    OneOf(Vec<Text>),
    MovesKind(Text),
    Plays(Sort),
    BringsBack(Text),
    All(Vec<GoalFile>),
    Any(Vec<GoalFile>),
    Not(Box<GoalFile>),
}
