use tessel::*;

type R = TileToShape<layout!("(8,8):(8,1)"), shape!("(12,16)")>;

fn main() {
    let _ = R::default();
}
