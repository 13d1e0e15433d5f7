//! One golden TMA case: tessel's descriptor arguments for tile `S` of `T` over a global layout,
//! printed as the stand-in driver of scripts/golden_tma.py prints CuTe's, and the TMA
//! coordinates' strides as CuTe prints its TMA tensor's (without underscores).

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
    let r = p.rank as usize;
    let got = format!(
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
    );
    assert_eq!(got, args, "the driver's arguments");
    let (_, n) = gmem.gmem_modes();
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
    let got = format!("({})", strides.join(","));
    assert_eq!(got, coords.replace('_', ""), "the TMA tensor's strides");
}
