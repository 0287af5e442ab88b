//! Checks lessons files and prints each step: its task, its answer, and how many legal moves
//! meet its goal (a clear step has few).
//!
//! ```text
//! cargo run --release -p jetan_lessons --example lessons -- assets/lessons/jetan.lessons.ron
//! ```

use std::process::ExitCode;

use jetan_lessons::Course;

fn main() -> ExitCode {
    let mut failed = false;
    for path in std::env::args().skip(1) {
        match Course::load_file(std::path::Path::new(&path)) {
            Ok(course) => {
                println!("{path}: {} ({} lessons)", course.title, course.lessons.len());
                for lesson in &course.lessons {
                    println!("  {}", lesson.title);
                    for step in &lesson.steps {
                        let legal = step.start.legal_moves();
                        let meeting = legal.iter().filter(|&&mv| step.goal.is_met(&step.start, mv)).count();
                        let answer = step.start.move_text(step.answer);
                        println!("    {} -> {answer} ({meeting} of {} moves meet it)", step.task, legal.len());
                    }
                }
            }
            Err(errors) => {
                eprintln!("{errors}");
                failed = true;
            }
        }
    }
    if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}
