// A register fragment is partitioned through a view (`frag.as_view_mut()`), not by value.
use tessel::{layout, local_partition, shape, tensor::FragmentOf};

fn main() {
    let frag = FragmentOf::<f32, shape!("(8,8)")>::default();
    let _ = local_partition(frag, layout!("(2,2)"), 1);
}
