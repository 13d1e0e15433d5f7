use tessel::{layout, shape, ColMajor, Layout, RowMajor, StaticLayout, C};
type H = layout!("(4,(2,4)):(2,(1,8))");
#[test]
fn smoke() {
    let h = H::default();
    println!(
        "{h} {} {} {}",
        h.call((1usize, 5usize)),
        h.call((1usize, (1usize, 2usize))),
        h.call(5usize)
    );
    println!("{} {} {} {}", H::SIZE, H::COSIZE, H::RANK, H::DEPTH);
    let v = layout!("(4,8)");
    println!("{v} {}", RowMajor::<128, 64>::default());
    println!("{}", ColMajor::<1536, 3>::default());
    println!("{}", layout!("(1,8)"));
    let n = layout!("8:-1");
    println!("{n} {}", n.call_signed(3));
    println!("{}", <Layout<(C<2>, (C<2>, C<2>))>>::default());
    let _s: shape!("(3,(2,3))") = Default::default();
}
#[test]
fn tables() {
    let l = layout!("(2,(2,2)):(4,(2,1))");
    print!("{}", l.print_layout());
    let d: tessel::DynLayout = "(2,(2,2)):(4,(2,1))".parse().unwrap();
    print!("{}", d.print_layout().unwrap());
    assert_eq!(l.to_dynamic(), d);
    let e = "(4,8):(1,4,".parse::<tessel::DynLayout>().unwrap_err();
    println!("{e}");
}
