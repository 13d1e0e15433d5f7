//! Prints the shared-memory accesses of BENCHMARKS.md's bank-conflict table, one a line: a name,
//! the bytes each lane reads, tessel's wavefront count, and the 32 lanes' byte addresses (each
//! lane's first element under the layout). `gpu/bank_conflicts.cu` replays them on the GPU under
//! Nsight Compute. Usage: cargo run --example bank_cases > gpu/bank_cases.txt

use tessel::bank::wavefronts;
use tessel::const_layout::ConstLayout;
use tessel::layout;

fn case<Smem: ConstLayout, T, Thr: ConstLayout, const V: usize>(name: &str) {
    let elem = std::mem::size_of::<T>();
    let addresses: Vec<String> = (0..32)
        .map(|lane| (Smem::MAP.index(Thr::MAP.index(lane)) * elem).to_string())
        .collect();
    let model = wavefronts::<Smem, T, Thr, V>();
    println!("{name} {} {model} {}", elem * V, addresses.join(" "));
}

fn main() {
    type Swizzled = layout!("Sw<3,3,3> o 0 o (8,64):(64,1)");
    type Plain = layout!("(8,64):(64,1)");
    type RowWise = layout!("(8,4):(64,1)");
    type ColumnWise = layout!("(8,4):(1,64)");
    case::<Swizzled, u16, RowWise, 8>("sw333_8x64_half_rows_16B");
    case::<Swizzled, u16, ColumnWise, 8>("sw333_8x64_half_columns_16B");
    case::<Plain, u16, RowWise, 8>("8x64_half_rows_16B");
    case::<Plain, u16, ColumnWise, 8>("8x64_half_columns_16B");
    type Padded = layout!("(32,32):(33,1)");
    type Unpadded = layout!("(32,32):(32,1)");
    case::<Padded, f32, layout!("32:32"), 1>("32x33_float_rows");
    case::<Padded, f32, layout!("32:1"), 1>("32x33_float_columns");
    case::<Unpadded, f32, layout!("32:32"), 1>("32x32_float_rows");
    case::<Unpadded, f32, layout!("32:1"), 1>("32x32_float_columns");
    case::<Unpadded, f32, layout!("32:0"), 1>("32x32_float_broadcast");
    type Wide = layout!("(16,64):(64,1)");
    case::<Wide, f32, layout!("(16,2):(32,1)"), 2>("16x64_float_rows_8B");
    case::<Wide, f32, layout!("(16,2):(1,128)"), 2>("16x64_float_columns_8B");
    case::<layout!("(64,64):(64,1)"), u16, layout!("32:1"), 1>("64x64_half_columns_2B");
}
