// Two warpgroups' accumulators (rows 0..64 and 64..128) read as the A operand of one
// warpgroup's wgmmas over all 128 rows: rows 64 on are in the other warpgroup's registers.
use tessel::atom::acc::AccAsALayout;
use tessel::mma::{SM90_64x64x16_F32BF16BF16_RS, SM90_64x64x16_F32BF16BF16_SS};
use tessel::{shape, MakeTiledMma};

type S = MakeTiledMma<SM90_64x64x16_F32BF16BF16_SS, shape!("(2,1,1)")>;
type Pv = MakeTiledMma<SM90_64x64x16_F32BF16BF16_RS, shape!("(1,1,1)")>;

fn main() {
    let _ = AccAsALayout::<S, Pv, shape!("(128,64)")>::default();
}
