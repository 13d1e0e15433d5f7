//! Atoms with state: a TiledMma or TiledCopy holds its atom's value, each thread's slice runs a
//! copy of it, and `gemm` and `copy` call the instruction with that state (what wgmma's
//! accumulate flag and a TMA descriptor need). Two atoms of a user's own, with state, show it.

use tessel::atom::copy::{CopyAtom, CopyOp, IsRef};
use tessel::atom::exec::{copy, gemm, CopyExec, MmaExec, MmaRegisters};
use tessel::tensor::{Access, AccessMut};
use tessel::*;

/// `c += by * a * b`: a scalar atom whose factor is state.
#[derive(Clone, Copy, Default, Debug)]
struct Scaled {
    by: f32,
}

impl MmaAtom for Scaled {
    type ValTypeD = f32;
    type ValTypeA = f32;
    type ValTypeB = f32;
    type ValTypeC = f32;
    type ShapeMNK = tessel::layout::int_tuple::Tuple<shape!("(1,1,1)")>;
    type ThrId = layout!("1:0");
    type ALayout = layout!("(1,1):(0,0)");
    type BLayout = layout!("(1,1):(0,0)");
    type CLayout = layout!("(1,1):(0,0)");
}
impl MmaRegisters for Scaled {
    type ElemA = f32;
    type ElemB = f32;
    type FragA = [f32; 1];
    type FragB = [f32; 1];
    type FragC = [f32; 1];
    type RegA = f32;
    type RegB = f32;
    fn pack(a: &[f32; 1], b: &[f32; 1]) -> (f32, f32) {
        (a[0], b[0])
    }
}
impl MmaExec for Scaled {
    unsafe fn fma(&self, c: &mut [f32; 1], a: f32, b: f32) {
        c[0] += self.by * a * b;
    }
}

type Mma = MakeTiledMma<Scaled, shape!("(2,2,1)")>;

/// Thread `t`'s C of `A (2x3) * B (3x2)`, both column-major, with the slice's atom scaled by
/// `by` (set on the TiledMma) and then by `then` (set on the slice, for the second gemm).
fn c_of(t: usize, by: f32, then: f32) -> f32 {
    let a: [f32; 6] = core::array::from_fn(|i| i as f32 + 1.);
    let b: [f32; 6] = core::array::from_fn(|i| 10. - i as f32);
    let mut thr = Mma::new(Scaled { by }).get_thread_slice(t);
    let ta = thr.partition_A(Tensor::new(&a, layout!("(2,3)")));
    let tb = thr.partition_B(Tensor::new(&b, layout!("(2,3)")));
    let mut c = thr.partition_fragment_C::<f32, _, _>(&Tensor::new(&[0f32; 4], layout!("(2,2)")));
    // SAFETY: Scaled runs on one thread and has no precondition.
    unsafe { gemm(&thr, &ta, &tb, &mut c) };
    thr.atom_mut().by = then;
    // SAFETY: as above.
    unsafe { gemm(&thr, &ta, &tb, &mut c) };
    c[0usize]
}

#[test]
fn gemm_runs_the_state_of_the_slices_atom() {
    for t in 0..4 {
        let (m, n) = (t % 2, t / 2);
        let dot: f32 = (0..3)
            .map(|k| (m + 2 * k + 1) as f32 * (10 - (n + 2 * k)) as f32)
            .sum();
        assert_eq!(c_of(t, 2., 0.), 2. * dot, "thread {t}");
        assert_eq!(c_of(t, 2., -1.), dot, "thread {t}");
        assert_eq!(c_of(t, 0., 3.), 3. * dot, "thread {t}");
    }
    // `get_slice` runs the atom in its default state: a factor of 0.
    let thr = Mma::get_slice(1);
    assert_eq!(thr.atom().by, 0.);
}

/// A one-thread copy that adds its state to each value it moves.
#[derive(Clone, Copy, Default, Debug)]
struct AddOp {
    add: f32,
}
impl CopyOp for AddOp {
    type ThrId = layout!("1:0");
    type SrcLayout = layout!("(1,32):(0,1)");
    type DstLayout = layout!("(1,32):(0,1)");
    type RefLayout = layout!("(1,32):(0,1)");
    type SrcKind = IsRef;
    type DstKind = IsRef;
}
impl<S: Access<Elem = f32>, D: AccessMut<Elem = f32>> CopyExec<S, D> for AddOp {
    const VALUES: usize = 1;
    unsafe fn call(&self, src: &S, s: usize, dst: &mut D, d: usize, pred: bool) {
        if pred {
            dst.store(d, src.load(s) + self.add);
        }
    }
}

#[test]
fn copy_runs_the_state_of_the_slices_atom() {
    type Cp = MakeTiledCopy<layout!("(4,2)"), layout!("(2,1)"), CopyAtom<AddOp, f32>>;
    let tiled = Cp::new(CopyAtom::new(AddOp { add: 0.5 }));
    let src: [f32; 64] = core::array::from_fn(|i| i as f32);
    let mut dst = [0f32; 64];
    for t in 0..8 {
        let mut thr = tiled.get_thread_slice(t);
        let s = thr.partition_S(Tensor::new(&src, layout!("(8,8)")));
        let mut d = thr.partition_D(TensorMut::new(&mut dst, layout!("(8,8)")));
        if t == 7 {
            *thr.atom_mut() = CopyAtom::new(AddOp { add: 100. });
        }
        // SAFETY: one thread; the partitions index inside the arrays.
        unsafe { copy(&thr, &s, &mut d) };
    }
    // Thread t of the (4,2) threads holds rows 2(t%4), 2(t%4)+1 of column t/4 (and each 2 columns on).
    for (i, x) in dst.iter().enumerate() {
        let (m, n) = (i % 8, i / 8);
        let t = (m / 2) % 4 + 4 * (n % 2);
        let add = if t == 7 { 100. } else { 0.5 };
        assert_eq!(*x, i as f32 + add, "element ({m},{n})");
    }
}
