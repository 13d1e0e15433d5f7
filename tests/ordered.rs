//! The static `CompactOrder` / `FragmentLike` and the runtime `compact_order` /
//! `make_fragment_like` give the same answer: the same rule ([`tessel::rules::precedes`]) on
//! typenum numbers and on `i64`s, ties, zero, negative and runtime strides included; with
//! runtime extents and orders, the typed answer is the runtime layer's on CuTe's order (a
//! runtime order after every static one).

use tessel::dynamic::ordered::{make_fragment_like, make_ordered_layout};
use tessel::ordered::{FragmentLike, MakeFragmentLike, OrderedLayout};
use tessel::{layout, DynLayout, StaticLayout};

fn runtime(text: &str) -> String {
    make_fragment_like(&text.parse::<DynLayout>().unwrap())
        .unwrap()
        .to_string()
}

macro_rules! fragments_agree {
    ($($text:literal),+ $(,)?) => {$(
        assert_eq!(
            <FragmentLike<layout!($text)> as StaticLayout>::INSTANCE.to_string(),
            runtime($text),
            $text
        );
    )+};
}

/// The static fragment of a layout value's type.
fn fragment<L: MakeFragmentLike>(_: &L) -> String
where
    L::Output: StaticLayout,
{
    <L::Output as StaticLayout>::INSTANCE.to_string()
}

/// `shape:order`, written as a layout, ordered both ways.
macro_rules! orders_agree {
    ($($text:literal),+ $(,)?) => {$({
        type L = layout!($text);
        let l: DynLayout = $text.parse().unwrap();
        assert_eq!(
            <OrderedLayout<<L as StaticLayout>::Shape, <L as StaticLayout>::Stride> as StaticLayout>::INSTANCE.to_string(),
            make_ordered_layout(l.shape(), l.stride()).unwrap().to_string(),
            $text
        );
    })+};
}

#[test]
fn static_and_runtime_fragments_agree() {
    fragments_agree!(
        "((2,2,2),4,4):((1,512,8),2048,16)",
        "((2,2),4,1,3):((0,1),0,7,5)",
        "(2,(4,2),1):(1,(16,4),0)",
        "(2,4,2):(1,16,16)",
        "(2,4,2):(1,-16,16)",
        "(4,8):(8,1)",
        "(4,(8,2)):(8,(1,32))",
        "(8,2):(0,2)",
        "8:2",
        "(8):(3)",
        "((4,2),(2,3),5):((0,-1),(7,7),7)",
    );
}

#[test]
fn static_and_runtime_orders_agree() {
    orders_agree!(
        "(2,4,3):(5,3,9)",
        "(2,4,3):(1,1,1)",
        "(2,(4,2),1):(9,(1,4),0)",
        "((2,2),3,4):((-3,8),0,-3)",
        "8:5",
    );
}

/// A runtime stride orders after every static one, runtime ones by position (CuTe's rule).
#[test]
fn runtime_strides_come_last() {
    let f = |l: &str| {
        make_fragment_like(&l.parse::<DynLayout>().unwrap())
            .unwrap()
            .to_string()
    };
    let l = layout!("((2,2),4,8,2):((1,2),r0,1,r1)"; r0 = 1, r1 = 0);
    // CuTe's answer (cute-oracle, `#1` and `#0` runtime strides).
    assert_eq!(fragment(&l), "((2,2),4,8,2):((1,2),32,4,128)");
    // The runtime layer knows the numbers: 0 comes first, then the tie of 1s by position.
    assert_eq!(
        f("((2,2),4,8,2):((1,2),1,1,0)"),
        "((2,2),4,8,2):((1,2),8,32,4)"
    );
}

/// An order coarser than the shape: each of its leaves orders a whole sub-shape, column-major
/// inside (CuTe's `product_like`; the answers are CuTe's, cute-oracle).
#[test]
fn a_coarser_order_orders_sub_shapes() {
    use tessel::dynamic::ordered::compact_order;
    use tessel::ordered::CompactOrder;
    use tessel::shape;
    static_assertions::assert_type_eq_all!(
        CompactOrder<shape!("((2,4),3)"), shape!("(2,1)")>,
        shape!("((3,6),1)")
    );
    static_assertions::assert_type_eq_all!(
        CompactOrder<shape!("(2,((2,2),3))"), shape!("(5,(3,2))")>,
        shape!("(12,((3,6),1))")
    );
    let order = |s: &str, o: &str| compact_order(&s.parse().unwrap(), &o.parse().unwrap());
    assert_eq!(
        order("((2,4),3)", "(2,1)").unwrap().to_string(),
        "((3,6),1)"
    );
    assert_eq!(
        order("(2,((2,2),3))", "(5,(3,2))").unwrap().to_string(),
        "(12,((3,6),1))"
    );
}

/// `make_layout_like`, static and runtime, against CuTe's answers (`cute-oracle
/// make_layout_like L`), and where strides tie, the left leaf first (CuTe gives
/// `((2,2),3,4):((3,8),0,3)` the strides `((1,8),0,1)`, two coordinates on one element).
#[test]
fn layouts_like_a_layout_match_cute() {
    use tessel::dynamic::ordered::make_layout_like;
    use tessel::ordered::LayoutLike;
    macro_rules! like {
        ($($text:literal => $want:literal),+ $(,)?) => {$(
            let l: DynLayout = $text.parse().unwrap();
            assert_eq!(make_layout_like(&l).unwrap().to_string(), $want, $text);
            assert_eq!(<LayoutLike<layout!($text)>>::default().to_string(), $want, $text);
        )+};
    }
    like!(
        "((2,4),3):((1,0),8)" => "((2,4),3):((1,0),2)",
        "(8,4,2):(16,1,4)" => "(8,4,2):(8,1,4)",
        "(1,4):(0,3)" => "(1,4):(0,1)",
        "(2,(4,2),1):(9,(1,4),0)" => "(2,(4,2),1):(8,(1,4),0)",
        "(4,8):(8,1)" => "(4,8):(8,1)",
        "8:5" => "8:1",
        "(8,2):(0,2)" => "(8,2):(0,1)",
        "(2,4,2):(1,-16,16)" => "(2,4,2):(4,1,8)",
        "((2,2),3,4):((3,8),0,3)" => "((2,2),3,4):((1,8),0,2)",
    );
    // A runtime stride orders after every static one (CuTe: `(4,8):(#32,1)` gives `(4,8):(8,1)`).
    let l = tessel::Layout::new(
        (tessel::C::<4>::default(), tessel::C::<8>::default()),
        (32isize, tessel::C::<1>::default()),
    );
    assert_eq!(
        tessel::ordered::make_layout_like(l).to_string(),
        "(4,8):(8,1)"
    );
}

/// The order the typed layer gives mixed leaves, as numbers the runtime layer orders by value:
/// each static order as it is, each runtime one after every static one, the left first.
fn effective(orders: &[Option<i64>]) -> Vec<i64> {
    let last = orders.iter().flatten().max().copied().unwrap_or(0);
    let mut late = last;
    orders
        .iter()
        .map(|o| {
            o.unwrap_or_else(|| {
                late += 1;
                late
            })
        })
        .collect()
}

/// A typed mixed layout and a runtime one are the same function on every index.
fn same_function<L: core::fmt::Display>(
    typed: &L,
    call: impl Fn(usize) -> isize,
    want: &DynLayout,
) {
    assert_eq!(
        typed.to_string().parse::<DynLayout>().unwrap().size(),
        want.size()
    );
    for i in 0..want.size() {
        let at = tessel::dynamic::IntTuple::Int(i);
        assert_eq!(
            call(i as usize) as i64,
            want.call(&at).unwrap(),
            "{typed} against {want} at {i}"
        );
    }
}

/// `make_ordered_layout`'s post-conditions, checked by brute force on the typed answer `l`
/// against the orders its leaves have (`effective`): its indices are `0..size`, each once, and of
/// two leaves of size 2 or more the one of smaller order, or of equal order and to the left, has
/// the smaller stride.
fn compact_in_order<L: core::fmt::Display>(l: &L, call: impl Fn(usize) -> isize, orders: &[i64]) {
    let d: DynLayout = l.to_string().parse().unwrap();
    let mut seen: Vec<isize> = (0..d.size() as usize).map(call).collect();
    seen.sort_unstable();
    assert_eq!(
        seen,
        (0..d.size() as isize).collect::<Vec<_>>(),
        "{l}: not one to one"
    );
    let leaves: Vec<(i64, i64, i64)> = d
        .shape()
        .leaves()
        .zip(d.stride().leaves())
        .zip(orders)
        .map(|((s, t), &o)| (s, t, o))
        .collect();
    for (j, &(sj, tj, oj)) in leaves.iter().enumerate() {
        for (i, &(si, ti, oi)) in leaves.iter().enumerate() {
            if sj > 1 && si > 1 && (oj < oi || (oj == oi && j < i)) {
                assert!(
                    tj < ti,
                    "{l}: leaf {j} (order {oj}) against leaf {i} (order {oi})"
                );
            }
        }
    }
}

proptest::proptest! {
    /// `make_ordered_layout` and `make_layout_like` of runtime extents, orders and strides: the
    /// typed answer is the runtime layer's on the orders of `effective` (CuTe's rule), whatever
    /// the values (a runtime extent of 1 included, whose stride CuTe keeps).
    #[test]
    fn mixed_compact_orders_are_the_runtime_rule(
        m in 1usize..7, n in 1usize..7, o0 in -9isize..9, o2 in -9isize..9,
    ) {
        use tessel::{make_layout_like, make_ordered_layout, Layout, C};
        let shape = ((m, C::<2>::default()), n, C::<3>::default());
        let text = format!("(({m},2),{n},3)");
        let want = |orders: &[Option<i64>]| {
            let o = effective(orders);
            let order = format!("(({},{}),{},{})", o[0], o[1], o[2], o[3]);
            tessel::dynamic::ordered::make_ordered_layout(&text.parse().unwrap(), &order.parse().unwrap()).unwrap()
        };
        // Static orders tie and cross the runtime ones' values; runtime orders come last.
        let orders = ((o0, C::<1>::default()), C::<4>::default(), o2);
        let l = make_ordered_layout(shape, orders);
        same_function(&l, |i| l.call_signed(i), &want(&[None, Some(1), Some(4), None]));
        compact_in_order(&l, |i| l.call_signed(i), &effective(&[None, Some(1), Some(4), None]));
        let orders = ((C::<2>::default(), o0), C::<2>::default(), C::<0>::default());
        let l = make_ordered_layout(shape, orders);
        same_function(&l, |i| l.call_signed(i), &want(&[Some(2), None, Some(2), Some(0)]));
        compact_in_order(&l, |i| l.call_signed(i), &effective(&[Some(2), None, Some(2), Some(0)]));
        // make_layout_like: a layout's own strides are its order; a static 0 stays 0.
        let like = make_layout_like(Layout::new(shape, ((o0, C::<0>::default()), C::<4>::default(), o2)));
        let kept = format!("(({m},1),{n},3)");
        let o = effective(&[None, Some(0), Some(4), None]);
        let order = format!("(({},{}),{},{})", o[0], o[1], o[2], o[3]);
        let strides = tessel::dynamic::ordered::compact_order(&kept.parse().unwrap(), &order.parse().unwrap()).unwrap();
        let want = DynLayout::new(text.parse().unwrap(), strides).unwrap();
        same_function(&like, |i| like.call_signed(i), &want);
    }
}

/// The register layout of a partition of a runtime-strided tensor (a global tile with a runtime
/// leading dimension): mode 0 column-major, the rest by their strides, a runtime stride after
/// every static one, as CuTe's (`cute-oracle --raw --batch`: `make_fragment_like
/// ((2,2,2),4,4):((1,#512,8),#2048,16)` and the two below).
#[test]
fn fragments_of_runtime_strides_match_cute() {
    use tessel::{make_fragment_like, Layout, Tensor, C};
    let data = [0f32; 1 << 15];
    let two = C::<2>::default();
    let t = Tensor::new(
        &data,
        Layout::new(
            ((two, two, two), C::<4>::default(), C::<4>::default()),
            (
                (C::<1>::default(), 512isize, C::<8>::default()),
                2048isize,
                C::<16>::default(),
            ),
        ),
    );
    let got = format!("{:#}", make_fragment_like(&t).layout());
    assert_eq!(got, "((_2,_2,_2),_4,_4):((_1,_2,_4),_32,_8)");
    let t = Tensor::new(
        &data,
        Layout::new(
            (C::<4>::default(), (two, C::<3>::default())),
            (7isize, (C::<1>::default(), 100isize)),
        ),
    );
    let got = format!("{:#}", make_fragment_like(&t).layout());
    assert_eq!(got, "(_4,((_2,_3))):(_1,((_4,_8)))");
    let t = Tensor::new(
        &data,
        Layout::new((C::<8>::default(), C::<4>::default()), (3isize, 1isize)),
    );
    let got = format!("{:#}", make_fragment_like(&t).layout());
    assert_eq!(got, "(_8,(_4)):(_1,(_8))");
}
