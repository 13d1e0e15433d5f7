//! The usage sketch's vector add: 1,003 elements over 251 threads, 4 each, the last thread
//! taking the 3-element tail on the scalar path. The threads run one after another here; on a
//! GPU each is one CUDA thread. `cargo run --example vector_add`.

use tessel::tensor::Underscore as _x;
use tessel::{Tensor, TensorMut};

/// c = a + b, computed by 251 "threads" in a loop; the loop body is the kernel.
pub fn vector_add(a: &[f32], b: &[f32], c: &mut [f32]) {
    let threads = a.len().div_ceil(4);
    for tid in 0..threads {
        let g_a = Tensor::from_slice(a).zipped_divide::<4>();
        let g_b = Tensor::from_slice(b).zipped_divide::<4>();
        let g_c = TensorMut::from_disjoint_slice(&mut *c).zipped_divide::<4>();

        let t_a = g_a.slice((_x, tid));
        let t_b = g_b.slice((_x, tid));
        let mut t_c = g_c.slice((_x, tid));

        if t_a.is_full() {
            // Safety: the tile is full, so every element is in the slices.
            let sum = unsafe { t_a.load() } + unsafe { t_b.load() };
            unsafe { t_c.store(sum) };
        } else {
            let mut k = t_a.base();
            while k < a.len() {
                // Safety: k < a.len() == c.len().
                unsafe { t_c.store_at(k, a[k] + b[k]) };
                k += 1;
            }
        }
    }
}

fn main() {
    let n = 1003;
    let a: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let b: Vec<f32> = (0..n).map(|i| (2 * i) as f32).collect();
    let mut c = vec![0.0; n];
    vector_add(&a, &b, &mut c);
    assert!(c.iter().enumerate().all(|(i, &x)| x == (3 * i) as f32));
    let tail = Tensor::from_slice(&a)
        .zipped_divide::<4>()
        .slice((_x, 250usize));
    println!("thread 250: base {}, full {}", tail.base(), tail.is_full());
    println!("c[1000..] = {:?}", &c[1000..]);
}
