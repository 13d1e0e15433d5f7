use tessel::*;

type R = LogicalDivide<layout!("(6,4):(4,1)"), layout!("4:1")>;

fn main() {
    let _ = R::default();
}
