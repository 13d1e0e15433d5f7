//! One golden TMA case: tessel's descriptor arguments for tile `S` of `T` over a global layout,
//! printed as the stand-in driver of scripts/golden_tma.py prints CuTe's, and the TMA
//! coordinates' strides as CuTe prints its TMA tensor's (without underscores, flattened).

use tessel::atom::tma::{TmaElement, TmaGmem, TmaParams, TmaTile};

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
