//! Builds the Hopper GEMMs (`gpu/kernels/hopper`) and the attention kernels
//! (`gpu/kernels/attention`) to PTX with `gpu/ptx.sh`, into `OUT_DIR/hopper.ptx` and
//! `OUT_DIR/attention.ptx`, which `gemm::PTX` and `attention::PTX` embed: one `cargo build`
//! builds all. With `TESSEL_HOPPER_PTX=FILE` or `TESSEL_ATTENTION_PTX=FILE` it takes that PTX
//! instead (`bash gpu/build.sh` writes `gpu/out/hopper.ptx` and `gpu/out/attention.ptx`).
//!
//! The kernels need a rustc that builds `core` for nvptx64 (gpu-recipe.md): Debian's rustc-web
//! (`/usr/bin/rustc` with its library sources), else rustup's nightly with `rust-src`.
use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    build("hopper", "TESSEL_HOPPER_PTX");
    build("attention", "TESSEL_ATTENTION_PTX");
}

/// `gpu/kernels/FAMILY` to `OUT_DIR/FAMILY.ptx`, or the PTX file the variable `var` names.
fn build(family: &str, var: &str) {
    let out =
        PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR")).join(format!("{family}.ptx"));
    println!("cargo:rerun-if-env-changed={var}");
    if let Ok(ptx) = std::env::var(var) {
        println!("cargo:rerun-if-changed={ptx}");
        std::fs::copy(&ptx, &out).unwrap_or_else(|e| panic!("{var}={ptx}: {e}"));
        return;
    }
    let gpu = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let kernels = format!("kernels/{family}");
    for input in [
        &format!("{kernels}/src"),
        &format!("{kernels}/Cargo.toml"),
        "ptx.sh",
        "../src",
    ] {
        println!("cargo:rerun-if-changed={}", gpu.join(input).display());
    }
    let mut ptx_sh = Command::new("bash");
    ptx_sh
        .arg(gpu.join("ptx.sh"))
        .arg(gpu.join(&kernels))
        .arg(&out);
    // The outer build's settings are not the kernels': its compiler, flags and target.
    for (key, _) in std::env::vars() {
        let outer = key.starts_with("CARGO_") && key != "CARGO_HOME";
        if outer
            || key.starts_with("RUSTC")
            || key.starts_with("RUSTFLAGS")
            || key == "RUSTUP_TOOLCHAIN"
        {
            ptx_sh.env_remove(key);
        }
    }
    let target = out.with_file_name(format!("{family}-target"));
    ptx_sh.env("CARGO_TARGET_DIR", target);
    if !debian_rustc() {
        let (rustc, cargo) = nightly().unwrap_or_else(|| {
            panic!(
                "tessel-cuda builds its {family} kernels to PTX and needs a rustc that can build \
                 `core` for nvptx64-nvidia-cuda. Install one of:\n  \
                 rustup toolchain install nightly --component rust-src\n  \
                 apt-get install rustc-web cargo-web rust-web-src   (Debian)\n\
                 or set {var} to a PTX file built by `bash gpu/build.sh`."
            )
        });
        ptx_sh.env("PTX_RUSTC", rustc).env("PTX_CARGO", cargo);
    }
    let status = ptx_sh.status().expect("bash gpu/ptx.sh");
    assert!(
        status.success(),
        "gpu/ptx.sh gpu/kernels/{family} failed: {status}"
    );
}

/// Debian's rustc-web: `/usr/bin/rustc` with the library's sources.
fn debian_rustc() -> bool {
    Path::new("/usr/bin/rustc").exists() && Path::new("/usr/lib/rustlib/src/rust/library").is_dir()
}

/// rustup's nightly rustc and cargo, where its sysroot has `rust-src`.
fn nightly() -> Option<(String, String)> {
    let which = |tool: &str| {
        let out = Command::new("rustup")
            .args(["which", "--toolchain", "nightly", tool])
            .output()
            .ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
    };
    let (rustc, cargo) = (which("rustc")?, which("cargo")?);
    let sysroot = Command::new(&rustc)
        .args(["--print", "sysroot"])
        .output()
        .ok()?;
    let sysroot = String::from_utf8_lossy(&sysroot.stdout).trim().to_string();
    Path::new(&sysroot)
        .join("lib/rustlib/src/rust/library")
        .is_dir()
        .then_some((rustc, cargo))
}
