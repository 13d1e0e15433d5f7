use tessel::layout;

type Smem = layout!("(32,32):(32,1)");
type DownAColumn = layout!("32:1");

tessel::assert_conflict_free!(Smem, f32, DownAColumn, 1);

fn main() {}
