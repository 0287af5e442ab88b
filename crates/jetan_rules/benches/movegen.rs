//! Move generation benchmarks: perft from each variant's start (the speed goals: classic
//! perft(4), Sarang perft(3), Jeddara perft(2)) and from a mid-game, the legal moves of a busy
//! mid-game, playing and taking back each of its moves, and loading each variant's file (what a
//! live reload costs): `cargo bench -p jetan_rules`.

mod common;

use std::hint::black_box;

use common::{VARIANTS, midgame, variant};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use jetan_rules::perft;

/// Mid-games are this many plies in.
const MIDGAME_PLIES: usize = 30;

fn perft_from_the_start(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft_start");
    group.sample_size(10);
    for ((name, file), depth) in VARIANTS.into_iter().zip([4, 3, 2]) {
        let start = jetan_rules::Position::start(variant(file));
        group.throughput(Throughput::Elements(perft(&mut start.clone(), depth)));
        group.bench_function(BenchmarkId::new(name, depth), |b| b.iter(|| perft(&mut start.clone(), black_box(depth))));
    }
    group.finish();
}

fn perft_from_a_midgame(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft_midgame");
    group.sample_size(10);
    for ((name, file), depth) in VARIANTS.into_iter().zip([3, 2, 2]) {
        let position = midgame(&variant(file), MIDGAME_PLIES);
        group.throughput(Throughput::Elements(perft(&mut position.clone(), depth)));
        group.bench_function(BenchmarkId::new(name, depth), |b| {
            b.iter(|| perft(&mut position.clone(), black_box(depth)))
        });
    }
    group.finish();
}

fn legal_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_moves_midgame");
    for (name, file) in VARIANTS {
        let position = midgame(&variant(file), MIDGAME_PLIES);
        group.throughput(Throughput::Elements(position.legal_moves().len() as u64));
        group.bench_function(name, |b| b.iter(|| black_box(&position).legal_moves()));
    }
    group.finish();
}

fn play_and_undo(c: &mut Criterion) {
    let mut group = c.benchmark_group("play_undo_midgame");
    for (name, file) in VARIANTS {
        let mut position = midgame(&variant(file), MIDGAME_PLIES);
        let moves = position.legal_moves();
        group.throughput(Throughput::Elements(moves.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                for &mv in &moves {
                    let undo = position.play(black_box(mv));
                    position.undo(undo);
                }
            })
        });
    }
    group.finish();
}

fn variant_load(c: &mut Criterion) {
    let mut group = c.benchmark_group("variant_load");
    group.sample_size(10);
    for (name, file) in VARIANTS {
        group.bench_function(name, |b| b.iter(|| variant(black_box(file))));
    }
    group.finish();
}

criterion_group!(benches, perft_from_the_start, perft_from_a_midgame, legal_moves, play_and_undo, variant_load);
criterion_main!(benches);
