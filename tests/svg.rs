//! The pictures: every cell of the grid drawn once, with the label and colour its definition
//! gives (a layout's index, a TV layout's `T{t}V{v}` coloured by thread, a divide's tile).

use tessel::atom::print::tiled_mma_svg;
use tessel::dynamic::svg::{composed_svg, divide_svg, layout_svg, tv_svg, PALETTE};
use tessel::dynamic::{DynLayout, Error, IntTuple};
use tessel::mma::SM80_16x8x16_F32F16F16F32_TN;
use tessel::{shape, MakeTiledMma};

/// A drawn cell: `(m, n)`, its fill and its label (`None` for a blank cell).
type Cell = ((usize, usize), String, Option<String>);

/// The cells of an SVG picture, read back from its text.
fn cells(svg: &str) -> Vec<Cell> {
    let field = |s: &str, key: &str| -> String {
        let at = s.find(key).unwrap_or_else(|| panic!("{key} in {s}")) + key.len();
        s[at..].split('"').next().unwrap().to_string()
    };
    svg.lines()
        .filter(|l| l.starts_with("<g class=\"cell"))
        .map(|l| {
            let at = (
                field(l, "data-m=\"").parse().unwrap(),
                field(l, "data-n=\"").parse().unwrap(),
            );
            let label = l
                .find("\">")
                .and_then(|_| l.split("<text").nth(1))
                .map(|t| t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()].to_string());
            (at, field(l, "fill=\""), label)
        })
        .collect()
}

fn layout(s: &str) -> DynLayout {
    s.parse().unwrap()
}

#[test]
fn a_layout_shows_each_index_coloured_by_it() {
    for text in [
        "(4,8):(1,4)",
        "(4,8):(8,1)",
        "((2,2),(2,4)):((1,8),(2,16))",
        "8:3",
        "(2,3,4)",
    ] {
        let l = layout(text);
        let svg = layout_svg(&l).unwrap();
        let got = cells(&svg);
        assert_eq!(got.len() as i64, l.size(), "{text}: one cell a coordinate");
        let rows = l.as_rank2().shape().modes()[0].size().unwrap() as usize;
        for ((m, n), fill, label) in got {
            let want = l.call(&IntTuple::Int((m + rows * n) as i64)).unwrap();
            assert_eq!(
                label.as_deref(),
                Some(want.to_string().as_str()),
                "{text} ({m},{n})"
            );
            assert_eq!(fill, PALETTE[want as usize % 8], "{text} ({m},{n})");
        }
    }
}

#[test]
fn a_swizzled_tile_shows_its_swizzled_indices() {
    let c = "Sw<3,3,3> o 0 o (8,64):(64,1)".parse().unwrap();
    let svg = composed_svg(&c).unwrap();
    assert!(svg.contains("Sw&lt;3,3,3&gt;"), "the title escaped");
    let got = cells(&svg);
    assert_eq!(got.len(), 512);
    // Row 1's first 8-element chunk moves to chunk 1: (1, 0) is 64 + 8.
    let at = |m, n| {
        got.iter()
            .find(|c| c.0 == (m, n))
            .unwrap()
            .2
            .clone()
            .unwrap()
    };
    assert_eq!(at(1, 0), "72");
    assert_eq!(at(0, 0), "0");
}

#[test]
fn a_tiled_mma_c_partition_covers_its_tile_once() {
    type Mma = MakeTiledMma<SM80_16x8x16_F32F16F16F32_TN, shape!("(2,2,1)")>;
    let [a, b, c] = tiled_mma_svg::<Mma>().unwrap();
    let got = cells(&c);
    assert_eq!(got.len(), 32 * 16, "every cell of the 32x16 tile");
    let mut labels: Vec<String> = got
        .iter()
        .map(|c| c.2.clone().expect("no blank cell"))
        .collect();
    labels.sort();
    labels.dedup();
    assert_eq!(labels.len(), 128 * 4, "each of 128 threads' 4 values once");
    for (_, fill, label) in &got {
        let t: usize = label.as_ref().unwrap()[1..]
            .split('V')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(fill, PALETTE[t % 8], "coloured by thread");
    }
    assert!(!c.contains("class=\"note\""), "nothing to say about C");
    // A and B: each value of the tile is held by two threads (a warp's rows or columns).
    assert_eq!(cells(&a).len(), 32 * 16);
    assert!(a.contains("more (thread, value) pairs reach cells already shown"));
    assert_eq!(cells(&b).len(), 16 * 16);
}

#[test]
fn a_tv_layout_leaves_cells_no_thread_reaches_blank() {
    // Two threads, two values, in a 2x4 tile: columns 0 and 2 only.
    let svg = tv_svg(&layout("(2,2):(1,4)"), (2, 4)).unwrap();
    let got = cells(&svg);
    assert_eq!(got.len(), 8);
    assert_eq!(got.iter().filter(|c| c.2.is_none()).count(), 4);
    assert!(svg.contains("4 cells no thread reaches (blank)"));
    assert_eq!(
        got.iter().find(|c| c.0 == (1, 2)).unwrap().2.as_deref(),
        Some("T1V1")
    );
    assert_eq!(
        tv_svg(&layout("(2,2):(1,4)"), (2, 2)),
        Err(Error::OutsideShape)
    );
}

#[test]
fn a_divide_colours_each_tile() {
    let (l, tiler) = (layout("(8,8):(8,1)"), "(2,4)".parse().unwrap());
    let svg = divide_svg(&l, &tiler).unwrap();
    let got = cells(&svg);
    assert_eq!(got.len(), 64);
    for ((m, n), fill, label) in &got {
        // Tile (m / 2, n / 4), numbered column-major over the 4x2 tiles.
        let tile = m / 2 + 4 * (n / 4);
        assert_eq!(fill, PALETTE[tile % 8], "({m},{n})");
        assert_eq!(label.as_deref(), Some((8 * m + n).to_string().as_str()));
    }
    assert!(svg.contains("8 tiles of 8 cells"));
}

#[test]
fn the_readme_picture_is_the_tiled_mmas() {
    type Mma = MakeTiledMma<SM80_16x8x16_F32F16F16F32_TN, shape!("(2,2,1)")>;
    let [_, _, c] = tiled_mma_svg::<Mma>().unwrap();
    let file = include_str!("../docs/pictures/sm80-tiled-mma-c.svg");
    assert!(
        c.trim_end() == file.trim_end(),
        "docs/pictures differs: bash scripts/pictures.sh"
    );
}

#[test]
fn a_tiled_copy_draws_its_source_and_destination() {
    use tessel::atom::copy::{CopyAtom, SM75_U32x4_LDSM_N};
    use tessel::atom::element::F16;
    use tessel::atom::print::tiled_copy_svg;
    use tessel::atom::tiled_copy::MakeTiledCopyA;
    use tessel::{layout, MakeTiledCopy};
    // A copy of one atom, both sides the reference: the two pictures are one.
    type Plain = MakeTiledCopy<layout!("(16,8):(8,1)"), layout!("(1,8)")>;
    let [s, d] = tiled_copy_svg::<Plain>().unwrap();
    assert_eq!(s, d);
    assert_eq!(cells(&s).len(), 16 * 64);
    assert!(cells(&s).iter().all(|c| c.2.is_some()), "every cell once");
    // ldmatrix for an SM80 MMA's A: the destination is the MMA's registers, the source the rows
    // the lanes give the addresses of.
    type Mma = MakeTiledMma<SM80_16x8x16_F32F16F16F32_TN, shape!("(2,4,1)")>;
    type Ldsm = MakeTiledCopyA<CopyAtom<SM75_U32x4_LDSM_N, F16>, Mma>;
    let [s, d] = tiled_copy_svg::<Ldsm>().unwrap();
    assert_ne!(s, d);
    let label = |svg: &str, at: (usize, usize)| {
        cells(svg)
            .into_iter()
            .find(|c| c.0 == at)
            .unwrap()
            .2
            .unwrap()
    };
    // Lane 1 points at row 1 of the first 8x8 matrix: its source values are that row's 8
    // elements, while the MMA's registers put (1, 0) with lane 4.
    for k in 0..8 {
        assert_eq!(label(&s, (1, k)), format!("T1V{k}"));
    }
    assert_eq!(label(&d, (1, 0)), "T4V0");
}
