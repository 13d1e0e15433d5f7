//! Launches tessel's GPU kernels (gpu/out/sm80.ptx; gpu/out/hopper.ptx with `hopper`) through the CUDA driver with
//! runtime sizes, and checks each result against the CPU: the transpose exactly, the SGEMM to a
//! relative 1e-4, the f16 GEMM (inputs multiples of 1/16, so exact in f16) to 1e-4. `gpu-host PTX` on the GPU machine (built here by `gpu/build.sh --host`; it
//! loads libcuda at run time).

use cudarc::driver::sys::CUfunction_attribute;
use cudarc::driver::{CudaContext, LaunchConfig, PushKernelArg};
use cudarc::nvrtc::Ptx;

use tessel_cuda::attention_check;
use tessel_cuda::hopper::{self, f16_bits, random};
use tessel_cuda::hopper_ws;

/// The largest relative error of a column-major `m x n` result against `want(i, j)`.
fn worst_error(c: &[f32], m: usize, n: usize, want: impl Fn(usize, usize) -> f32) -> f32 {
    let mut worst = 0f32;
    for i in 0..m {
        for j in 0..n {
            let w = want(i, j);
            worst = worst.max((c[i + m * j] - w).abs() / (1.0 + w.abs()));
        }
    }
    worst
}

/// `M,N,K;M,N,K...`.
fn shapes(list: &str) -> Vec<(u32, u32, u32)> {
    let shape = |t: &str| {
        let v: Vec<u32> = t
            .split(',')
            .map(|x| x.trim().parse().expect("M,N,K"))
            .collect();
        (v[0], v[1], v[2])
    };
    list.split(';').map(shape).collect()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let ptx = std::env::args().nth(1).unwrap_or("gpu/out/sm80.ptx".into());
    let ctx = CudaContext::new(0)?;
    let stream = ctx.default_stream();
    // `gpu-host PTX gemm "M,N,K;..."`: the host call's pick at each shape, checked and timed.
    if std::env::args().nth(2).as_deref() == Some("gemm") {
        let shapes = shapes(&std::env::args().nth(3).expect("gpu-host PTX gemm SHAPES"));
        let ptx = Ptx::from_file(&ptx);
        let equal = hopper_ws::host_call(&ctx, &stream, ptx, &shapes, random)?;
        assert!(
            equal,
            "the host call gave a wrong element (the lines with WRONG)"
        );
        return Ok(());
    }
    // `gpu-host ATTENTION_PTX attention check`: the attention kernels against the CPU (with
    // TESSEL_DUMP, their cases' tensors); `... attention bench [SEQLENS]`: their speed.
    if std::env::args().nth(2).as_deref() == Some("attention") {
        let attn = tessel_cuda::attention::Attention::with_ptx(&stream, Ptx::from_file(&ptx))?;
        if std::env::args().nth(3).as_deref() == Some("bench") {
            let seqlens: Vec<usize> = std::env::args()
                .nth(4)
                .unwrap_or("1024,4096,16384".into())
                .split(',')
                .map(|s| s.parse().expect("seqlens: 1024,4096,..."))
                .collect();
            attention_check::bench(&ctx, &stream, &attn, &seqlens)?;
        } else {
            let equal = attention_check::check(&ctx, &stream, &attn)?;
            assert!(equal, "an attention case was wrong (the lines with WRONG)");
        }
        return Ok(());
    }
    let module = ctx.load_module(Ptx::from_file(ptx))?;
    // `gpu-host PTX sweep "M,N,K;..." NAME,NAME...`: those kernels at those shapes.
    if std::env::args().nth(2).as_deref() == Some("sweep") {
        let arg = |i: usize| {
            std::env::args()
                .nth(i)
                .expect("gpu-host PTX sweep SHAPES NAMES")
        };
        let shapes = shapes(&arg(3));
        let mut ws = Vec::new();
        for name in arg(4).split(',') {
            let name: &'static str = Box::leak(name.to_string().into_boxed_str());
            ws.push((name, module.load_function(name)?));
        }
        let equal = hopper_ws::sweep(&ctx, &stream, ws, &shapes, random)?;
        assert!(equal, "a GEMM gave a wrong element (the lines with WRONG)");
        return Ok(());
    }
    // `gpu-host PTX hopper`: only the Hopper GEMMs; `gpu-host PTX hopper NAME`: that one alone.
    if std::env::args().nth(2).as_deref() == Some("hopper") {
        let only = std::env::args().nth(3);
        let wanted = |name: &str| only.as_deref().is_none_or(|o| o == name);
        let mut kernels = Vec::new();
        for name in ["gemm_tn_tma_bf16", "gemm_tn_tma_f16"]
            .into_iter()
            .filter(|n| wanted(n))
        {
            let bits = if name.contains("bf16") {
                hopper::bf16_bits
            } else {
                f16_bits
            };
            kernels.push((name, module.load_function(name)?, bits as fn(f32) -> u16));
        }
        let check = module.load_function("check_tma_copy")?;
        for nested in 0..3 {
            hopper::check_copy(&stream, &check, nested, random)?;
        }
        let mut ws = Vec::new();
        for name in [
            "gemm_tn_ws_bf16",
            "gemm_tn_ws_f16",
            "gemm_tn_ws_e4m3",
            "gemm_tn_ws_bf16_splitk",
            "gemm_tn_ws_e4m3_splitk",
            "gemm_tn_ws_bf16_solo",
            "gemm_tn_ws_bf16_3s",
            "gemm_tn_ws_bf16_noreg",
            "gemm_tn_ws_bf16_tma_store",
            "gemm_tn_ws_bf16_pairs",
            "gemm_tn_ws_bf16_bias_gelu",
            "gemm_tn_ws_bf16_alpha_beta",
            "gemm_tn_ws_f32_bias_relu",
            "gemm_tn_ws_f16_silu_tma_store",
            "gemm_tn_ws_bf16_pingpong",
            "gemm_tn_ws_bf16_e4m3_amax",
        ] {
            if wanted(name) {
                ws.push((name, module.load_function(name)?));
            }
        }
        let equal = hopper_ws::run(&ctx, &stream, ws, random)?;
        if !kernels.is_empty() {
            hopper::run(&ctx, &stream, kernels, random)?;
        }
        assert!(
            equal,
            "a warp-specialized GEMM gave a wrong element (the lines with WRONG)"
        );
        return Ok(());
    }
    let (transpose, sgemm) = (
        module.load_function("transpose")?,
        module.load_function("sgemm_nt")?,
    );

    for (m, n) in [(8192u32, 8192u32), (1000, 37), (1, 1)] {
        let x = random((m * n) as usize, 7);
        let dx = stream.memcpy_stod(&x)?;
        let mut dy = stream.alloc_zeros::<f32>((m * n) as usize)?;
        let cfg = LaunchConfig {
            grid_dim: (n.div_ceil(32), m.div_ceil(32), 1),
            block_dim: (32, 8, 1),
            shared_mem_bytes: 0,
        };
        unsafe {
            stream
                .launch_builder(&transpose)
                .arg(&dx)
                .arg(&mut dy)
                .arg(&m)
                .arg(&n)
                .launch(cfg)?
        };
        let y = stream.memcpy_dtov(&dy)?;
        let (m, n) = (m as usize, n as usize);
        let wrong = (0..m * n)
            .filter(|&p| y[(p % n) * m + p / n] != x[p])
            .count();
        assert_eq!(wrong, 0, "transpose {m}x{n}: {wrong} elements wrong");
        println!("transpose {m}x{n}: equal to the CPU's");
    }

    for (m, n, k) in [(1000u32, 700u32, 333u32), (256, 256, 64), (1, 1, 1)] {
        let (a, b, c0) = (
            random((m * k) as usize, 1),
            random((n * k) as usize, 2),
            random((m * n) as usize, 3),
        );
        let (alpha, beta) = (1.5f32, -0.5f32);
        let (da, db) = (stream.memcpy_stod(&a)?, stream.memcpy_stod(&b)?);
        let mut dc = stream.memcpy_stod(&c0)?;
        let cfg = LaunchConfig {
            grid_dim: (m.div_ceil(128), n.div_ceil(128), 1),
            block_dim: (256, 1, 1),
            shared_mem_bytes: 0,
        };
        unsafe {
            stream
                .launch_builder(&sgemm)
                .arg(&m)
                .arg(&n)
                .arg(&k)
                .arg(&alpha)
                .arg(&da)
                .arg(&db)
                .arg(&beta)
                .arg(&mut dc)
                .launch(cfg)?
        };
        let c = stream.memcpy_dtov(&dc)?;
        let (m, n, k) = (m as usize, n as usize, k as usize);
        let worst = worst_error(&c, m, n, |i, j| {
            let dot: f32 = (0..k).map(|p| a[i + m * p] * b[j + n * p]).sum();
            alpha * dot + beta * c0[i + m * j]
        });
        assert!(worst < 1e-4, "sgemm {m}x{n}x{k}: relative error {worst}");
        println!("sgemm NT {m}x{n}x{k}: equal to the CPU's (relative error {worst:.1e})");
    }

    // f16 in, f32 out, 96 KiB of dynamic shared memory: C (m x n, column-major) = A B^T, A and B
    // K-major; k a multiple of 8.
    // The 256-thread kernel and sgemm_sm80's 128-thread tiling.
    let shared = 3 * 2 * 128 * 64 * 2;
    let sizes = [(1000u32, 700u32, 328u32), (256, 256, 64), (1, 1, 8)];
    for ((name, threads), (m, n, k)) in [("hgemm_tn_k64", 256), ("hgemm_tn_k64_128", 128)]
        .into_iter()
        .flat_map(|kernel| sizes.map(|size| (kernel, size)))
    {
        let hgemm = module.load_function(name)?;
        hgemm.set_attribute(
            CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
            shared as i32,
        )?;
        let sixteenths =
            |v: Vec<f32>| -> Vec<f32> { v.iter().map(|x| (x * 16.0).floor() / 16.0).collect() };
        let (a, b) = (
            sixteenths(random((m * k) as usize, 4)),
            sixteenths(random((n * k) as usize, 5)),
        );
        let half = |v: &[f32]| -> Vec<u16> { v.iter().map(|&x| f16_bits(x)).collect() };
        let (da, db) = (
            stream.memcpy_stod(&half(&a))?,
            stream.memcpy_stod(&half(&b))?,
        );
        let mut dc = stream.alloc_zeros::<f32>((m * n) as usize)?;
        let cfg = LaunchConfig {
            grid_dim: (m.div_ceil(128), n.div_ceil(128), 1),
            block_dim: (threads, 1, 1),
            shared_mem_bytes: shared,
        };
        unsafe {
            stream
                .launch_builder(&hgemm)
                .arg(&m)
                .arg(&n)
                .arg(&k)
                .arg(&da)
                .arg(&db)
                .arg(&mut dc)
                .launch(cfg)?
        };
        let c = stream.memcpy_dtov(&dc)?;
        let (m, n, k) = (m as usize, n as usize, k as usize);
        let worst = worst_error(&c, m, n, |i, j| {
            (0..k).map(|p| a[i * k + p] * b[j * k + p]).sum()
        });
        assert!(worst < 1e-4, "{name} {m}x{n}x{k}: relative error {worst}");
        println!("{name} {m}x{n}x{k}: equal to the CPU's (relative error {worst:.1e})");
    }
    Ok(())
}
