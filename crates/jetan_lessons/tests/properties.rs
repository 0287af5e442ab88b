//! Properties: judging agrees with the goal for any legal move of any shipped step, and a
//! Glicko-2 win never lowers a rating nor a loss raises it.

use std::path::Path;
use std::sync::OnceLock;

use jetan_lessons::{Course, Rating, Verdict, judge};
use proptest::prelude::*;

fn courses() -> &'static Vec<Course> {
    static COURSES: OnceLock<Vec<Course>> = OnceLock::new();
    COURSES.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/lessons");
        ["jetan", "jetan_sarang", "jetan_jeddara"]
            .iter()
            .map(|name| Course::load_file(&dir.join(format!("{name}.lessons.ron"))).unwrap())
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn judging_agrees_with_the_goal(course in 0usize..3, lesson in any::<usize>(), step in any::<usize>(), pick in any::<usize>()) {
        let course = &courses()[course];
        let lesson = &course.lessons[lesson % course.lessons.len()];
        let step = &lesson.steps[step % lesson.steps.len()];
        let moves = step.start.legal_moves();
        let mv = moves[pick % moves.len()];
        match judge(step, &step.start, mv) {
            Verdict::Met => prop_assert!(step.goal.is_met(&step.start, mv)),
            Verdict::NotTheGoal { hint, reach } => {
                prop_assert!(!step.goal.is_met(&step.start, mv));
                prop_assert!(!hint.is_empty());
                if mv.is_simple() {
                    let to = course.variant.geometry().name(mv.steps[0].to).to_string();
                    prop_assert!(reach.contains(&to), "{} not in {:?}", to, reach);
                }
            }
            Verdict::Illegal(reason) => prop_assert!(false, "a legal move judged illegal: {}", reason),
        }
    }

    #[test]
    fn a_win_raises_and_a_loss_lowers(
        r in 800.0f64..2500.0, d in 30.0f64..350.0, o in 800.0f64..2500.0, od in 30.0f64..350.0,
    ) {
        let player = Rating::new(r, d, 0.06);
        let opponent = Rating::new(o, od, 0.06);
        let won = player.update(&[(opponent, 1.0)], 0.5);
        let lost = player.update(&[(opponent, 0.0)], 0.5);
        prop_assert!(won.rating > player.rating && lost.rating < player.rating);
        // A game narrows the deviation widened by the new volatility (a surprise may raise it):
        // φ' = 1/√(1/φ*² + 1/v) ≤ φ* = √(φ² + σ'²), on Glicko-2's scale (× 173.7178).
        prop_assert!(won.deviation <= (d * d + (won.volatility * 173.7178).powi(2)).sqrt() + 1e-9);
        prop_assert!(won.volatility > 0.0 && won.volatility.is_finite());
    }
}
