//! Counts: a static count walks every value once, in order, whether it is unrolled (up to
//! `MAX_UNROLL`) or a loop past it; a runtime count likewise; products are static exactly when
//! both factors are; a partition's counts follow its shape.

use tessel::num::count::{Count, CountMul, MAX_UNROLL};
use tessel::tensor::Walk;
use tessel::{layout, local_partition, Tensor};
use typenum::{Unsigned, U1, U12, U255, U256, U257, U3, U4, U7, U700};

fn walked<N: Count>(n: N) -> Vec<usize> {
    let mut seen = Vec::new();
    n.each(|i| seen.push(i));
    seen
}

#[test]
fn a_static_count_walks_each_value_once_in_order() {
    fn check<N: Count + Unsigned + Default>() {
        assert_eq!(
            walked(N::default()),
            (0..N::USIZE).collect::<Vec<_>>(),
            "{}",
            N::USIZE
        );
        assert_eq!(N::default().get(), N::USIZE);
    }
    check::<U1>();
    check::<U3>();
    check::<U7>();
    check::<U255>();
    check::<U256>(); // the last unrolled
    check::<U257>(); // a loop
    check::<U700>();
    const { assert!(U256::USIZE == MAX_UNROLL) };
    assert_eq!(walked(5usize), [0, 1, 2, 3, 4]);
}

#[test]
fn a_product_is_static_when_both_factors_are() {
    let s: U12 = U3::default().mul(U4::default());
    assert_eq!(s.get(), 12);
    let r: usize = U3::default().mul(4usize);
    assert_eq!(r, 12);
    let r: usize = 3usize.mul(U4::default());
    assert_eq!(r, 12);
}

#[test]
fn a_partitions_counts_follow_its_shape() {
    let data = [0f32; 64 * 64];
    let s = Tensor::new(&data[..], layout!("(64,64)"));
    // A thread's (4,4) of a (16,16) thread layout: both modes static.
    let t = local_partition(s, layout!("(16,16)"), 17);
    let counts: (U4, U4, U1) = t.counts();
    assert_eq!(walked(counts.0), [0, 1, 2, 3]);
    // A runtime extent gives a runtime count.
    let m = 64usize;
    let r = Tensor::new(&data[..], layout!("(M,64)"; M = m));
    let (v, p, q): (usize, typenum::U64, U1) = r.counts();
    assert_eq!((v, p.get(), q.get()), (64, 64, 1));
}
