//! The static and the runtime layer agree: for every layout below, Display, SIZE, COSIZE,
//! MIN_INDEX, RANK, DEPTH, and the index of every coordinate (1-D, R-D and natural), on both.

use tessel::coord::{idx2crd, Coord, Idx2Crd};
use tessel::dynamic::{coord, IntTuple as DynTuple};
use tessel::int_tuple::IntTuple;
use tessel::{layout, DynLayout, StaticLayout};

/// The R-D coordinate of the 1-D coordinate `i`: one integer per top-level mode.
trait RdCoord: Copy {
    type Rd: Copy + IntTuple;
    fn rd(self, i: usize) -> Self::Rd;
}

impl<U: Copy, B: Copy> RdCoord for tessel::typenum::UInt<U, B> {
    type Rd = usize;
    fn rd(self, i: usize) -> usize {
        i
    }
}

impl<A: IntTuple> RdCoord for (A,) {
    type Rd = (usize,);
    fn rd(self, i: usize) -> (usize,) {
        (i,)
    }
}

impl<A: IntTuple, B: IntTuple> RdCoord for (A, B) {
    type Rd = (usize, usize);
    fn rd(self, i: usize) -> (usize, usize) {
        let a = self.0.size();
        (i % a, i / a)
    }
}

impl<A: IntTuple, B: IntTuple, C: IntTuple> RdCoord for (A, B, C) {
    type Rd = (usize, usize, usize);
    fn rd(self, i: usize) -> (usize, usize, usize) {
        let (a, b) = (self.0.size(), self.1.size());
        (i % a, i / a % b, i / a / b)
    }
}

impl<A: IntTuple, B: IntTuple, C: IntTuple, D: IntTuple> RdCoord for (A, B, C, D) {
    type Rd = (usize, usize, usize, usize);
    fn rd(self, i: usize) -> (usize, usize, usize, usize) {
        let (a, b, c) = (self.0.size(), self.1.size(), self.2.size());
        (i % a, i / a % b, i / a / b % c, i / a / b / c)
    }
}

fn check<L>(text: &str)
where
    L: StaticLayout,
    L::Shape: RdCoord,
    usize: Coord<L::Shape, L::Stride> + Idx2Crd<L::Shape>,
    <L::Shape as RdCoord>::Rd: Coord<L::Shape, L::Stride>,
    <usize as Idx2Crd<L::Shape>>::Natural: Coord<L::Shape, L::Stride> + IntTuple,
{
    let l = L::default();
    let d: DynLayout = text.parse().unwrap();
    assert_eq!(L::dynamic(), d, "{text}");
    assert_eq!(l.to_string(), d.to_string(), "{text}");
    assert_eq!(L::SIZE as i64, d.size(), "{text}");
    assert_eq!(L::COSIZE as i64, d.cosize(), "{text}");
    assert_eq!(L::MIN_INDEX as i64, d.min_index(), "{text}");
    assert_eq!((L::RANK, L::DEPTH), (d.rank(), d.depth()), "{text}");
    for i in 0..L::SIZE {
        let one = l.call_signed(i) as i64;
        let rd = <L::Shape>::default().rd(i);
        let natural = idx2crd(i, <L::Shape>::default());
        assert_eq!(l.call_signed(rd) as i64, one, "{text} at {i}");
        assert_eq!(l.call_signed(natural) as i64, one, "{text} at {i}");
        assert_eq!(d.call(&(i as i64).into()), Ok(one), "{text} at {i}");
        assert_eq!(d.call(&rd.dynamic()), Ok(one), "{text} at {i}");
        let dyn_natural = coord::idx2crd(&DynTuple::Int(i as i64), d.shape()).unwrap();
        assert_eq!(dyn_natural, natural.dynamic(), "{text} at {i}");
        assert_eq!(d.call(&dyn_natural), Ok(one), "{text} at {i}");
    }
}

macro_rules! agree {
    ($($text:literal)*) => {$( check::<layout!($text)>($text); )*};
}

#[test]
fn static_and_runtime_layers_agree() {
    agree! {
        "1" "8" "8:1" "8:2" "8:0" "8:-1" "(8)" "(8):(3)" "((4,2)):((2,1))" "((4,2)):((1,4))"
        "(4,8)" "(4,8):(8,1)" "(4,(2,4)):(2,(1,8))" "(3,(2,3)):(3,(12,1))" "(2,(2,2)):(4,(2,1))"
        "(1,8)" "(8,1)" "(1,1)" "(2,1,3)" "(2,1,3):(3,0,1)" "(4,8):(-8,1)" "(4,8):(0,1)"
        "(2,3,5,7)" "(2,3,5,7):(105,35,7,1)" "((2,3),(5,7)):((1,2),(6,30))"
        "((2,2),2):((4,1),2)" "(((2,2),2),3):(((1,12),6),2)" "((2,(2,2)),(3,(1,2)))"
        "(3,(2,(2,2)),5):(1,(3,(6,12)),24)" "(2,2,2,2):(1,-2,4,-8)"
        "(16,8):(1,16)" "(32,32):(1,33)" "(32,32):(32,1)" "(8,64):(64,1)" "(128,64):(64,1)"
        "(1024,2):(1,1048576)" "(3,5,7):(35,-7,1)" "((3,5),(7,2)):((1,3),(15,-105))"
        "(_4,_8):(_1,_4)" "(2,(3,(4,(5))))"
    }
}

/// `max_common_vector` and `max_common_layout` of static layouts equal the runtime layer's; with
/// a runtime leaf they are CuTe's `_1` and `_1:_0` (cute-oracle, `#8` a runtime 8), where the
/// runtime layer, which sees only values, finds the whole vector.
#[test]
fn max_common_agrees_across_layers() {
    use tessel::dynamic::inverse;
    use tessel::{max_common_layout, max_common_vector, Int};
    macro_rules! both {
        ($a:literal, $b:literal) => {{
            let (a, b) = (layout!($a), layout!($b));
            let (da, db): (DynLayout, DynLayout) = ($a.parse().unwrap(), $b.parse().unwrap());
            let vector = max_common_vector(a, b).value() as i64;
            assert_eq!(
                vector,
                inverse::max_common_vector(&da, &db).unwrap(),
                "{} {}",
                $a,
                $b
            );
            let common = max_common_layout(a, b).to_string();
            assert_eq!(
                common,
                inverse::max_common_layout(&da, &db).unwrap().to_string()
            );
        }};
    }
    both!("(4,8):(1,4)", "(4,8):(1,4)");
    both!("(4,8):(1,4)", "(4,8):(8,1)");
    both!("(8,4):(1,8)", "((4,2),4):((1,16),4)");
    both!("((2,4),3):((1,6),2)", "(8,3):(1,8)");
    both!("(4,(2,3)):(1,(4,8))", "(8,3):(1,8)"); // 24:1
    let m = 8usize;
    let mixed = layout!("(M,4):(1,M)"; M = m);
    let fixed = layout!("(8,4):(1,8)");
    assert_eq!(max_common_vector(mixed, fixed).value(), 1);
    assert_eq!(format!("{:#}", max_common_layout(mixed, fixed)), "_1:_0");
}

/// `filter` of static layouts equals the runtime layer's; of a runtime extent or stride it is
/// CuTe's (cute-oracle: a runtime stride is kept, a runtime extent of static stride 0 dropped).
#[test]
fn filter_agrees_across_layers() {
    use tessel::dynamic::complement;
    use tessel::{filter, filter_zeros};
    macro_rules! both {
        ($l:literal) => {{
            let d: DynLayout = $l.parse().unwrap();
            assert_eq!(
                filter(layout!($l)).to_string(),
                complement::filter(&d).to_string(),
                "{}",
                $l
            );
        }};
    }
    both!("((4,2),3):((1,0),4)");
    both!("(2,(1,6)):(1,(6,2))");
    both!("(4,2,3):(0,0,0)");
    both!("((2,2),(3,2)):((0,1),(4,0))");
    both!("(8,4):(-1,8)");
    let (m, s) = (4usize, 0isize);
    // cute-oracle --cpp 'filter(make_layout(make_shape(4,_2{},_3{}), make_stride(0,_0{},_4{})))'
    let runtime_zero = layout!("(M,2,3):(S,0,4)"; M = m, S = s);
    assert_eq!(format!("{:#}", filter(runtime_zero)), "(4,_3):(0,_4)");
    assert_eq!(
        format!("{:#}", filter_zeros(runtime_zero)),
        "(4,_1,_3):(0,_0,_4)"
    );
    // CuTe has no filter of a composed layout (cute-oracle: no matching function); nor has tessel.
    use tessel::dynamic::algebra::{run, RunError};
    for op in ["filter", "filter_zeros"] {
        let swizzled = run(op, &["Sw<3,3,3> o 0 o (8,64):(64,1)"]);
        assert!(
            matches!(swizzled, Err(RunError::Usage(_))),
            "{op}: {swizzled:?}"
        );
    }
}
