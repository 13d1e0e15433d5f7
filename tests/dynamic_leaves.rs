//! A runtime integer sits where a static one does: CuTe's `(M,_128):(_1,ldA)` in one Layout.

use tessel::{Layout, C};

#[test]
fn a_layout_mixes_static_and_runtime_leaves() {
    let (m, ld) = (100usize, 136isize);
    let l = Layout::new((m, C::<128>::default()), (C::<1>::default(), ld));
    assert_eq!(l.to_string(), "(100,128):(1,136)");
    assert_eq!(l.size(), 100 * 128);
    assert_eq!(l.cosize(), 99 + 127 * 136 + 1);
    assert_eq!(l.call_signed((3, 2)), 3 + 2 * 136);
    assert_eq!(l.call_signed(100 * 5 + 7), 7 + 5 * 136);
    assert_eq!(l.to_dynamic().to_string(), "(100,128):(1,136)");
    // The static leaves stay zero-sized: only the two runtime values are stored.
    assert_eq!(
        core::mem::size_of_val(&l),
        2 * core::mem::size_of::<usize>()
    );
}
