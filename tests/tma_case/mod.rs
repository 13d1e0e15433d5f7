//! One golden TMA case: tessel's descriptor arguments for tile `S` of `T` over a global layout,
//! printed as the stand-in driver of scripts/golden_tma.py prints CuTe's, and the TMA
//! coordinates' strides as CuTe prints its TMA tensor's (without underscores, flattened).

use tessel::atom::tma::{TensorMap, TmaElement, TmaGmem, TmaParams, TmaTile};

fn list<T: ToString>(xs: &[T]) -> String {
    xs.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

pub fn case<T: TmaElement, S: TmaTile, G: TmaGmem>(
    gmem: &G,
    multicast: u32,
    args: &str,
    coords: &str,
) {
    let p = TmaParams::new::<T, S, G>(0x10000, gmem, multicast).unwrap();
    assert_eq!(arguments(&p), args, "the driver's arguments");
    check_coords(gmem, &p, coords);
}

/// A case where CuTe's box grows past the shared tile's box across a static leaf of a nested
/// global mode: every argument is CuTe's but the box, which is 1 in each mode where CuTe's
/// differs, so the tile's boxes copy the same bytes in as many more boxes as the growth.
pub fn case_grown<T: TmaElement, S: TmaTile, G: TmaGmem>(
    gmem: &G,
    multicast: u32,
    args: &str,
    coords: &str,
) {
    let p = TmaParams::new::<T, S, G>(0x10000, gmem, multicast).unwrap();
    let (got, want) = (arguments(&p), args.to_string());
    let field = |s: &str, name: &str| -> Vec<u32> {
        let v = s.split(' ').find_map(|f| f.strip_prefix(name)).unwrap();
        v.split(',').map(|x| x.parse().unwrap()).collect()
    };
    let (mine, cutes) = (field(&got, "box="), field(&want, "box="));
    let grown: u32 = mine
        .iter()
        .zip(&cutes)
        .map(|(&m, &c)| {
            if m == c {
                1
            } else {
                assert_eq!(m, 1);
                c
            }
        })
        .product();
    assert!(grown > 1, "the box is CuTe's: a plain case");
    let boxes = |b: &[u32]| S::MAP.size() / b.iter().product::<u32>() as usize;
    assert_eq!(
        TensorMap::<T, S>::BOXES.len(),
        boxes(&cutes) * grown as usize
    );
    let without_box = |s: &str| {
        s.split(' ')
            .filter(|f| !f.starts_with("box="))
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(
        without_box(&got),
        without_box(&want),
        "the driver's arguments"
    );
    check_coords(gmem, &p, coords);
}

fn arguments(p: &TmaParams) -> String {
    let r = p.rank as usize;
    format!(
        "type={} rank={} address={} dim={} strides={} box={} estrides={} interleave={} swizzle={} l2={} oob={}",
        p.data_type,
        p.rank,
        p.global_address,
        list(&p.global_dim[..r]),
        list(&p.global_strides[..r - 1]),
        list(&p.box_dim[..r]),
        list(&p.element_strides[..r]),
        p.interleave,
        p.swizzle as u32,
        p.l2_promotion,
        p.oob_fill
    )
}

fn check_coords<G: TmaGmem>(gmem: &G, p: &TmaParams, coords: &str) {
    let n = gmem.gmem_modes().modes().unwrap().len();
    let strides: Vec<String> = p.coord_map[..n]
        .iter()
        .map(|m| {
            if m.scale == 0 {
                "0".into()
            } else {
                format!("{}@{}", m.scale, m.dim)
            }
        })
        .collect();
    // One stride a leaf of the global tensor: CuTe's nesting of them flattened.
    let got = format!("({})", strides.join(","));
    let flat: String = coords.chars().filter(|c| !"_()".contains(*c)).collect();
    assert_eq!(got, format!("({flat})"), "the TMA tensor's strides");
}
