// C entry points to CuTe's tutorials (sgemm_1.cu and sgemm_sm80.cu of the nvidia-cutlass wheel,
// carried in gpu/vendor, never committed), so that gpu/bench.py launches them through ctypes and
// times them in the same loop as tessel's kernels and their twins. Built by bench.py as a shared
// library with -DTUTORIAL='"file"' and -DSGEMM_1, or -DACC=<the accumulator and C's type> for
// sgemm_sm80. Each entry calls the tutorial's own host function, as its main does.
#define main tutorial_main
#include TUTORIAL
#undef main

#if defined(SGEMM_1)
// A m x k, B n x k, C m x n, column-major (NT) or A, B K-major (TN).
extern "C" void cute_sgemm_nt(int m, int n, int k, float alpha, const float* a, const float* b,
                              float beta, float* c) {
  gemm_nt(m, n, k, alpha, a, m, b, n, beta, c, m);
}
extern "C" void cute_sgemm_tn(int m, int n, int k, float alpha, const float* a, const float* b,
                              float beta, float* c) {
  gemm_tn(m, n, k, alpha, a, k, b, k, beta, c, m);
}
#else
// C (m x n, column-major) = A B^T, A and B K-major f16; alpha and beta of C's type, as main has them.
extern "C" void cute_hgemm_tn(int m, int n, int k, const cute::half_t* a, const cute::half_t* b, ACC* c) {
  gemm_tn(m, n, k, ACC(1.0f), a, k, b, k, ACC(0.0f), c, m);
}
#endif
