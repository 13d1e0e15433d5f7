//! The worked examples of the layout-algebra chapter ("A layout: shape and stride") and of CuTe's
//! 01_layout documentation, each checked on the static layer and on the runtime layer. The expected
//! values are copied from those texts, not from tessel's output.

use std::fmt::Write;
use tessel::coord::{crd2idx, idx2crd};
use tessel::dynamic::{self, IntTuple};
use tessel::{layout, shape, DynLayout, StaticLayout, C};

fn dynl(text: &str) -> DynLayout {
    text.parse().unwrap()
}

fn tup(text: &str) -> IntTuple {
    text.parse().unwrap()
}

/// The chapter's `show`: row i, column j holds L(i, j), each as `{:3d}` after two spaces.
fn show(at: impl Fn(usize, usize) -> usize, rows: usize, cols: usize) -> String {
    let mut out = String::new();
    for i in 0..rows {
        out.push_str("  ");
        let cells: Vec<String> = (0..cols).map(|j| format!("{:3}", at(i, j))).collect();
        writeln!(out, "{}", cells.join(" ")).unwrap();
    }
    out
}

#[test]
fn self_test_question_1() {
    type H = layout!("(4,(2,4)):(2,(1,8))");
    let h = H::default();
    assert_eq!(h.call((1, 5)), 19);
    assert_eq!(h.call((1, (1, 2))), 19);
    assert_eq!(h.call(5), 3);
    assert_eq!((H::SIZE, H::COSIZE, H::RANK), (32, 32, 2));
    assert_eq!(h.get::<C<1>>().to_string(), "(2,4):(1,8)");
    let one_d: Vec<usize> = (0..8).map(|i| h.call(i)).collect();
    assert_eq!(one_d, [0, 2, 4, 6, 1, 3, 5, 7]);

    let d = dynl("(4,(2,4)):(2,(1,8))");
    assert_eq!(d.call(&tup("(1,5)")), Ok(19));
    assert_eq!(d.call(&tup("(1,(1,2))")), Ok(19));
    assert_eq!(d.call(&5.into()), Ok(3));
    assert_eq!((d.size(), d.cosize(), d.rank()), (32, 32, 2));
    assert_eq!(d.get(&[1]).unwrap().to_string(), "(2,4):(1,8)");
}

const COL_MAJOR: &str = "  0   4   8  12  16  20  24  28
    1   5   9  13  17  21  25  29
    2   6  10  14  18  22  26  30
    3   7  11  15  19  23  27  31
";
const ROW_MAJOR: &str = "  0   1   2   3   4   5   6   7
    8   9  10  11  12  13  14  15
   16  17  18  19  20  21  22  23
   24  25  26  27  28  29  30  31
";
const TILED: &str = "  0   1   8   9  16  17  24  25
    2   3  10  11  18  19  26  27
    4   5  12  13  20  21  28  29
    6   7  14  15  22  23  30  31
";

#[test]
fn layout_basics_tables() {
    let col = layout!("(4,8)");
    let row = layout!("(4,8):(8,1)");
    let tiled = layout!("(4,(2,4)):(2,(1,8))");
    assert_eq!(col.to_string(), "(4,8):(1,4)");
    // The chapter's tables start with two spaces and `{:3}`: compare after the first line's
    // leading spaces, which its listing trims.
    let expect = |t: &str| format!("  {t}");
    assert_eq!(show(|i, j| col.call((i, j)), 4, 8), expect(COL_MAJOR));
    assert_eq!(show(|i, j| row.call((i, j)), 4, 8), expect(ROW_MAJOR));
    assert_eq!(show(|i, j| tiled.call((i, j)), 4, 8), expect(TILED));

    for (text, table) in [
        ("(4,8)", COL_MAJOR),
        ("(4,8):(8,1)", ROW_MAJOR),
        ("(4,(2,4)):(2,(1,8))", TILED),
    ] {
        let d = dynl(text);
        let at = |i: usize, j: usize| {
            let c = IntTuple::Tuple(vec![IntTuple::Int(i as i64), IntTuple::Int(j as i64)]);
            d.call(&c).unwrap() as usize
        };
        assert_eq!(show(at, 4, 8), expect(table), "{text}");
    }
}

/// A row of the idx2crd table: the 1-D, 2-D and natural coordinates of one point.
type Row = (usize, (usize, usize), (usize, (usize, usize)));

/// CuTe's idx2crd table for shape (3,(2,3)).
const IDX2CRD: [Row; 18] = [
    (0, (0, 0), (0, (0, 0))),
    (1, (1, 0), (1, (0, 0))),
    (2, (2, 0), (2, (0, 0))),
    (3, (0, 1), (0, (1, 0))),
    (4, (1, 1), (1, (1, 0))),
    (5, (2, 1), (2, (1, 0))),
    (6, (0, 2), (0, (0, 1))),
    (7, (1, 2), (1, (0, 1))),
    (8, (2, 2), (2, (0, 1))),
    (9, (0, 3), (0, (1, 1))),
    (10, (1, 3), (1, (1, 1))),
    (11, (2, 3), (2, (1, 1))),
    (12, (0, 4), (0, (0, 2))),
    (13, (1, 4), (1, (0, 2))),
    (14, (2, 4), (2, (0, 2))),
    (15, (0, 5), (0, (1, 2))),
    (16, (1, 5), (1, (1, 2))),
    (17, (2, 5), (2, (1, 2))),
];

#[test]
fn idx2crd_table_of_shape_3_2_3() {
    let s = <shape!("(3,(2,3))")>::default();
    let ds = tup("(3,(2,3))");
    for (one, two, natural) in IDX2CRD {
        assert_eq!(idx2crd(one, s), natural);
        assert_eq!(idx2crd(two, s), natural);
        assert_eq!(idx2crd(natural, s), natural);
        let (i, (j, k)) = natural;
        let dn = tup(&format!("({i},({j},{k}))"));
        assert_eq!(
            dynamic::coord::idx2crd(&(one as i64).into(), &ds),
            Ok(dn.clone())
        );
        let two = tup(&format!("({},{})", two.0, two.1));
        assert_eq!(dynamic::coord::idx2crd(&two, &ds), Ok(dn));
    }
}

#[test]
fn index_mapping_of_3_2_3_with_stride_3_12_1() {
    // 01_layout, "Index Mapping": crd2idx(16), (1,5) and (1,(1,2)) are all 17, and the table.
    let (s, d) = (
        <shape!("(3,(2,3))")>::default(),
        <shape!("(3,(12,1))")>::default(),
    );
    assert_eq!(crd2idx(16, s, d), 17);
    assert_eq!(crd2idx((1, 5), s, d), 17);
    assert_eq!(crd2idx((1, (1, 2)), s, d), 17);
    let l = layout!("(3,(2,3)):(3,(12,1))");
    let rows: Vec<Vec<usize>> = (0..3)
        .map(|i| (0..6).map(|j| l.call((i, j))).collect())
        .collect();
    assert_eq!(
        rows,
        [
            [0, 12, 1, 13, 2, 14],
            [3, 15, 4, 16, 5, 17],
            [6, 18, 7, 19, 8, 20]
        ]
    );
}

/// 01_layout's print2D: `%3d  ` per cell.
fn print2d(at: impl Fn(usize, usize) -> usize, rows: usize, cols: usize) -> String {
    let mut out = String::new();
    for m in 0..rows {
        for n in 0..cols {
            write!(out, "{:3}  ", at(m, n)).unwrap();
        }
        out.push('\n');
    }
    out
}

/// 01_layout's print1D: `%3d  ` per index.
fn print1d(at: impl Fn(usize) -> usize, size: usize) -> String {
    (0..size).map(|i| format!("{:3}  ", at(i))).collect()
}

#[test]
fn print_1d_and_2d_of_01_layout() {
    let s2xs4 = layout!("(2,4)");
    let s2xd4_a = layout!("(2,4):(12,1)");
    let s2xh4_col = layout!("(2,(2,2))");
    let s2xh4 = layout!("(2,(2,2)):(4,(2,1))");
    assert_eq!(s2xs4.to_string(), "(2,4):(1,2)");
    assert_eq!(s2xh4_col.to_string(), "(2,(2,2)):(1,(2,4))");

    let two_d = [
        (
            print2d(|m, n| s2xs4.call((m, n)), 2, 4),
            "  0    2    4    6  \n  1    3    5    7  \n",
        ),
        (
            print2d(|m, n| s2xd4_a.call((m, n)), 2, 4),
            "  0    1    2    3  \n 12   13   14   15  \n",
        ),
        (
            print2d(|m, n| s2xh4_col.call((m, n)), 2, 4),
            "  0    2    4    6  \n  1    3    5    7  \n",
        ),
        (
            print2d(|m, n| s2xh4.call((m, n)), 2, 4),
            "  0    2    1    3  \n  4    6    5    7  \n",
        ),
    ];
    for (got, want) in two_d {
        assert_eq!(got, want);
    }
    let one_d = [
        (
            print1d(|i| s2xs4.call(i), 8),
            "  0    1    2    3    4    5    6    7  ",
        ),
        (
            print1d(|i| s2xd4_a.call(i), 8),
            "  0   12    1   13    2   14    3   15  ",
        ),
        (
            print1d(|i| s2xh4_col.call(i), 8),
            "  0    1    2    3    4    5    6    7  ",
        ),
        (
            print1d(|i| s2xh4.call(i), 8),
            "  0    4    2    6    1    5    3    7  ",
        ),
    ];
    for (got, want) in one_d {
        assert_eq!(got, want);
    }
}

#[test]
fn print_layout_of_01_layout() {
    // CuTe's print_layout ends the column header with a space; its documentation trims it.
    let want = "(2,(2,2)):(4,(2,1))
      0   1   2   3 
    +---+---+---+---+
 0  | 0 | 2 | 1 | 3 |
    +---+---+---+---+
 1  | 4 | 6 | 5 | 7 |
    +---+---+---+---+
";
    assert_eq!(
        layout!("(2,(2,2)):(4,(2,1))").print_layout().to_string(),
        want
    );
    let d = dynl("(2,(2,2)):(4,(2,1))");
    assert_eq!(d.print_layout().unwrap().to_string(), want);
}

#[test]
fn vector_layouts_of_01_layout() {
    let cases: [(&str, [usize; 8]); 4] = [
        ("8:1", [0, 1, 2, 3, 4, 5, 6, 7]),
        ("8:2", [0, 2, 4, 6, 8, 10, 12, 14]),
        ("((4,2)):((2,1))", [0, 2, 4, 6, 1, 3, 5, 7]),
        ("((4,2)):((1,4))", [0, 1, 2, 3, 4, 5, 6, 7]),
    ];
    let statics: [Vec<usize>; 4] = [
        (0..8).map(|i| layout!("8:1").call(i)).collect(),
        (0..8).map(|i| layout!("8:2").call(i)).collect(),
        (0..8).map(|i| layout!("((4,2)):((2,1))").call(i)).collect(),
        (0..8).map(|i| layout!("((4,2)):((1,4))").call(i)).collect(),
    ];
    for ((text, want), got) in cases.iter().zip(statics) {
        assert_eq!(got, want, "{text}");
        let d = dynl(text);
        let dyn_got: Vec<usize> = (0..8)
            .map(|i| d.call(&i.into()).unwrap() as usize)
            .collect();
        assert_eq!(dyn_got, want, "{text}");
        assert_eq!(d.rank(), 1);
    }
    assert_eq!(layout!("((4,2)):((2,1))").to_string(), "((4,2)):((2,1))");
    assert_eq!(<layout!("((4,2)):((2,1))") as StaticLayout>::RANK, 1);
}

#[test]
fn matrix_examples_of_01_layout() {
    let l = layout!("((2,2),2):((4,1),2)");
    let rows: Vec<[usize; 2]> = (0..4).map(|m| [l.call((m, 0)), l.call((m, 1))]).collect();
    assert_eq!(rows, [[0, 2], [4, 6], [1, 3], [5, 7]]);
}

#[test]
fn construction_examples_of_01_layout() {
    // `print` of each layout of "Constructing a Layout", static integers only.
    assert_eq!(layout!("8").to_string(), "8:1");
    assert_eq!(layout!("(2,4)").to_string(), "(2,4):(1,2)");
    assert_eq!(layout!("(2,4):(12,1)").to_string(), "(2,4):(12,1)");
    assert_eq!(
        tessel::RowMajor::<2, 4>::default().to_string(),
        "(2,4):(4,1)"
    );
    assert_eq!(
        tessel::ColMajor::<2, 4>::default().to_string(),
        "(2,4):(1,2)"
    );
    assert_eq!(layout!("(2,(2,2))").to_string(), "(2,(2,2)):(1,(2,4))");
    type Right = tessel::compact::LayoutRight<shape!("(2,(2,2))")>;
    static_assertions::assert_type_eq_all!(Right, shape!("(4,(2,1))"));
    assert_eq!(dynl("(2,(2,2))").to_string(), "(2,(2,2)):(1,(2,4))");
}

#[test]
fn sublayout_examples_of_01_layout() {
    let a = layout!("(4,(3,6))");
    assert_eq!(a.to_string(), "(4,(3,6)):(1,(4,12))");
    assert_eq!(a.get::<C<0>>().to_string(), "4:1");
    assert_eq!(a.get::<C<1>>().to_string(), "(3,6):(4,12)");
    assert_eq!(a.get::<(C<1>, C<0>)>().to_string(), "3:4");
    assert_eq!(a.get::<(C<1>, C<1>)>().to_string(), "6:12");

    let b = layout!("(2,3,5,7)");
    assert_eq!(b.to_string(), "(2,3,5,7):(1,2,6,30)");
    assert_eq!(b.select::<(C<1>, C<3>)>().to_string(), "(3,7):(2,30)");
    assert_eq!(
        b.select::<(C<0>, C<1>, C<3>)>().to_string(),
        "(2,3,7):(1,2,30)"
    );
    assert_eq!(b.select::<(C<2>,)>().to_string(), "(5):(6)");
    assert_eq!(b.take::<1, 3>().to_string(), "(3,5):(2,6)");
    assert_eq!(b.take::<1, 4>().to_string(), "(3,5,7):(2,6,30)");

    let g = b.group::<0, 2>();
    assert_eq!(g.to_string(), "((2,3),5,7):((1,2),6,30)");
    let c = g.group::<1, 3>();
    assert_eq!(c.to_string(), "((2,3),(5,7)):((1,2),(6,30))");
    assert_eq!(g.flatten().to_string(), "(2,3,5,7):(1,2,6,30)");
    assert_eq!(c.flatten().to_string(), "(2,3,5,7):(1,2,6,30)");

    let d = dynl("(2,3,5,7)");
    assert_eq!(
        d.select(&[0, 1, 3]).unwrap().to_string(),
        "(2,3,7):(1,2,30)"
    );
    assert_eq!(d.select(&[2]).unwrap().to_string(), "(5):(6)");
    let dg = d.group(0, 2).unwrap();
    assert_eq!(
        dg.group(1, 3).unwrap().to_string(),
        "((2,3),(5,7)):((1,2),(6,30))"
    );
    assert_eq!(dg.flatten().to_string(), "(2,3,5,7):(1,2,6,30)");
    let empty = d.take(1, 1).unwrap_err();
    assert_eq!(
        empty.to_string(),
        "take/group: the range 1..1 of modes is empty"
    );
    let past = d.get(&[4]).unwrap_err();
    assert_eq!(
        past.to_string(),
        "get: there is no mode 4: this (sub)layout has 4 modes"
    );
}

#[test]
fn concatenation_examples_of_01_layout() {
    use tessel::sublayout::make_layout;
    let (a, b) = (layout!("3:1"), layout!("4:3"));
    let row = make_layout((a, b));
    let col = make_layout((b, a));
    assert_eq!(row.to_string(), "(3,4):(1,3)");
    assert_eq!(col.to_string(), "(4,3):(3,1)");
    assert_eq!(
        make_layout((row, col)).to_string(),
        "((3,4),(4,3)):((1,3),(3,1))"
    );
    let aa = make_layout((a,));
    assert_eq!(aa.to_string(), "(3):(1)");
    assert_eq!(make_layout((aa,)).to_string(), "((3)):((1))");
    assert_eq!(make_layout((a, aa, a)).to_string(), "(3,(3),3):(1,(1),1)");

    let ab = a.append(b);
    assert_eq!(ab.to_string(), "(3,4):(1,3)");
    assert_eq!(a.prepend(b).to_string(), "(4,3):(3,1)");
    let c = ab.append(ab);
    assert_eq!(c.to_string(), "(3,4,(3,4)):(1,3,(1,3))");
    assert_eq!(c.replace::<2, _>(b).to_string(), "(3,4,4):(1,3,3)");

    let (da, db) = (dynl("3:1"), dynl("4:3"));
    let dab = da.append(&db).unwrap();
    assert_eq!(dab.to_string(), "(3,4):(1,3)");
    assert_eq!(da.prepend(&db).unwrap().to_string(), "(4,3):(3,1)");
    let dc = dab.append(&dab).unwrap();
    assert_eq!(dc.to_string(), "(3,4,(3,4)):(1,3,(1,3))");
    assert_eq!(dc.replace(2, &db).unwrap().to_string(), "(3,4,4):(1,3,3)");
    let wrapped = dynamic::sublayout::make_layout(std::slice::from_ref(&da)).unwrap();
    let dm = dynamic::sublayout::make_layout(&[da.clone(), wrapped, da]);
    assert_eq!(dm.unwrap().to_string(), "(3,(3),3):(1,(1),1)");
}

#[test]
fn coalesce_examples_are_the_same_function() {
    // The chapter's coalesce examples hold as functions of the 1-D coordinate: the layouts on
    // each side map every i to the same index (coalesce itself arrives with the algebra).
    let pairs = [("(2,(1,6)):(1,(6,2))", "12:1"), ("(4,8):(1,4)", "32:1")];
    for (a, b) in pairs {
        let (a, b) = (dynl(a), dynl(b));
        for i in 0..a.size() {
            assert_eq!(a.call(&i.into()), b.call(&i.into()));
        }
    }
}
