// compact_order takes an order of the shape's profile, leaf for leaf.
use tessel::ordered::CompactOrder;
use tessel::shape;

fn main() {
    let _: CompactOrder<shape!("(2,4)"), shape!("(1,(2,3))")> = Default::default();
}
