//! Loads the PTX `bash gpu/ptx.sh gpu/example/kernel example.ptx` built, launches `axpy` on a
//! ragged 1000 x 37 matrix and checks it against the CPU: `example-host example.ptx`.

use cudarc::driver::{CudaContext, DriverError, LaunchConfig, PushKernelArg};
use cudarc::nvrtc::Ptx;

fn main() -> Result<(), DriverError> {
    let ptx = std::env::args().nth(1).unwrap_or("example.ptx".into());
    let ctx = CudaContext::new(0)?;
    let stream = ctx.default_stream();
    let axpy = ctx
        .load_module(Ptx::from_file(ptx))?
        .load_function("axpy")?;
    let (m, n, a) = (1000u32, 37u32, 2.5f32);
    let x: Vec<f32> = (0..m * n).map(|i| (i % 17) as f32).collect();
    let y: Vec<f32> = (0..m * n).map(|i| (i % 5) as f32).collect();
    let dx = stream.memcpy_stod(&x)?;
    let mut dy = stream.memcpy_stod(&y)?;
    let cfg = LaunchConfig {
        grid_dim: (m.div_ceil(32), n.div_ceil(32), 1),
        block_dim: (256, 1, 1),
        shared_mem_bytes: 0,
    };
    let mut launch = stream.launch_builder(&axpy);
    launch.arg(&m).arg(&n).arg(&a).arg(&dx).arg(&mut dy);
    // SAFETY: the arguments are the kernel's, and x and y hold m * n floats.
    unsafe { launch.launch(cfg)? };
    let got = stream.memcpy_dtov(&dy)?;
    let wrong = (0..x.len()).filter(|&i| got[i] != a * x[i] + y[i]).count();
    assert_eq!(wrong, 0, "axpy {m}x{n}: {wrong} elements wrong");
    println!("axpy {m}x{n}: equal to the CPU's");
    Ok(())
}
