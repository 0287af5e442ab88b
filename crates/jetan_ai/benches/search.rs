//! AI benchmarks: fixed-depth searches from each variant's start and from a mid-game, with a
//! fresh searcher each time (reported per search and in nodes per second), and the time to
//! reach a depth with one thread and with two: `cargo bench -p jetan_ai`.

#[path = "../../jetan_rules/benches/common/mod.rs"]
mod common;

use std::sync::atomic::AtomicBool;

use common::{VARIANTS, midgame, variant};
use criterion::{BatchSize, BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use jetan_ai::{Limits, Searcher};
use jetan_rules::Position;

/// The depth searched in each variant (classic, Sarang, Jeddara): about a tenth of a second.
const DEPTHS: [u32; 3] = [5, 3, 2];
/// Mid-games are this many plies in.
const MIDGAME_PLIES: usize = 30;
/// The transposition table of each search, in megabytes: small, so that making a fresh
/// searcher costs little beside the search.
const TABLE_MEGABYTES: usize = 16;
const SEED: u64 = 7;

fn fixed_depth(c: &mut Criterion) {
    let mut group = c.benchmark_group("search_fixed_depth");
    group.sample_size(10);
    let cancel = AtomicBool::new(false);
    for ((name, file), depth) in VARIANTS.into_iter().zip(DEPTHS) {
        let variant = variant(file);
        for (at, position) in
            [("start", Position::start(variant.clone())), ("midgame", midgame(&variant, MIDGAME_PLIES))]
        {
            let limits = Limits::depth(depth);
            let nodes = Searcher::with_table_megabytes(TABLE_MEGABYTES).think(&position, &limits, &cancel, SEED).nodes;
            group.throughput(Throughput::Elements(nodes));
            group.bench_function(BenchmarkId::new(format!("{name}_{at}"), depth), |b| {
                b.iter_batched(
                    || Searcher::with_table_megabytes(TABLE_MEGABYTES),
                    |mut searcher| searcher.think(&position, &limits, &cancel, SEED),
                    BatchSize::PerIteration,
                )
            });
        }
    }
    group.finish();
}

/// The depths the thread benchmark searches classic Jetan's and Jetan Sarang's mid-games to
/// (a few tenths of a second with one thread).
const THREAD_DEPTHS: [u32; 2] = [7, 4];

fn time_to_depth(c: &mut Criterion) {
    let mut group = c.benchmark_group("search_time_to_depth");
    group.sample_size(10);
    let cancel = AtomicBool::new(false);
    for ((name, file), depth) in VARIANTS.into_iter().zip(THREAD_DEPTHS) {
        let position = midgame(&variant(file), MIDGAME_PLIES);
        let limits = Limits::depth(depth);
        for threads in [1, 2] {
            group.bench_function(
                BenchmarkId::new(format!("{name}_midgame_d{depth}"), format!("{threads}_threads")),
                |b| {
                    b.iter_batched(
                        || Searcher::with_table_megabytes(TABLE_MEGABYTES).with_threads(threads),
                        |mut searcher| searcher.think(&position, &limits, &cancel, SEED),
                        BatchSize::PerIteration,
                    )
                },
            );
        }
    }
    group.finish();
}

criterion_group!(benches, fixed_depth, time_to_depth);
criterion_main!(benches);
