// The tensor-core GEMM of gpu/kernels/src/hgemm.rs, hand-indexed: C (m x n, column-major, f32)
// = A (m x k) B^T (n x k), A and B row-major f16; (128,128,32) block tiles, cp.async into padded
// K-major shared tiles (40 halves a row), two stages, mma.sync m16n8k16 over 2x4 warps.
#include <cuda_fp16.h>
#include <cstdint>

__device__ __forceinline__ void cp_async_16(uint32_t dst, const void* src, uint32_t bytes) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" :: "r"(dst), "l"(src), "r"(bytes));
}

extern "C" __global__ void __launch_bounds__(256) hgemm_tn(unsigned m, unsigned n, unsigned k,
    const __half* __restrict__ a, const __half* __restrict__ b, float* __restrict__ c) {
  __shared__ __align__(16) __half sa[2][128 * 40], sb[2][128 * 40];
  unsigned tid = threadIdx.x, bm = blockIdx.x, bn = blockIdx.y;
  unsigned warp = tid / 32, lane = tid % 32, g = lane / 4, t = lane % 4;
  unsigned wm = warp % 2, wn = warp / 2;   // warps (2,4)
  unsigned cr = tid / 4, ck = (tid % 4) * 8;  // copy threads (64,4):(4,1), 8 halves each
  float acc[4][4][4] = {};
  unsigned tiles = (k + 31) / 32;
  auto load = [&](unsigned kt, unsigned s) {
    for (unsigned r = 0; r < 2; ++r) {
      unsigned row = cr + 64 * r, kk = kt * 32 + ck;
      unsigned ra = bm * 128 + row, rb = bn * 128 + row;
      bool ia = ra < m && kk < k, ib = rb < n && kk < k;
      cp_async_16((uint32_t)__cvta_generic_to_shared(&sa[s][row * 40 + ck]), ia ? a + (size_t)ra * k + kk : a, ia ? 16 : 0);
      cp_async_16((uint32_t)__cvta_generic_to_shared(&sb[s][row * 40 + ck]), ib ? b + (size_t)rb * k + kk : b, ib ? 16 : 0);
    }
    asm volatile("cp.async.commit_group;");
  };
  load(0, 0);
  for (unsigned kt = 0; kt < tiles; ++kt) {
    unsigned s = kt % 2;
    if (kt + 1 < tiles) { load(kt + 1, 1 - s); asm volatile("cp.async.wait_group 1;"); }
    else asm volatile("cp.async.wait_group 0;");
    __syncthreads();
#pragma unroll
    for (unsigned kk = 0; kk < 2; ++kk) {
      uint32_t fa[4][4], fb[4][2];
#pragma unroll
      for (unsigned i = 0; i < 4; ++i) {
        unsigned row = wm * 16 + 32 * i + g, col = kk * 16 + 2 * t;
        fa[i][0] = *(const uint32_t*)&sa[s][row * 40 + col];
        fa[i][1] = *(const uint32_t*)&sa[s][(row + 8) * 40 + col];
        fa[i][2] = *(const uint32_t*)&sa[s][row * 40 + col + 8];
        fa[i][3] = *(const uint32_t*)&sa[s][(row + 8) * 40 + col + 8];
        unsigned nrow = wn * 8 + 32 * i + g;
        fb[i][0] = *(const uint32_t*)&sb[s][nrow * 40 + col];
        fb[i][1] = *(const uint32_t*)&sb[s][nrow * 40 + col + 8];
      }
#pragma unroll
      for (unsigned i = 0; i < 4; ++i)
#pragma unroll
        for (unsigned j = 0; j < 4; ++j)
          asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                       : "+f"(acc[i][j][0]), "+f"(acc[i][j][1]), "+f"(acc[i][j][2]), "+f"(acc[i][j][3])
                       : "r"(fa[i][0]), "r"(fa[i][1]), "r"(fa[i][2]), "r"(fa[i][3]), "r"(fb[j][0]), "r"(fb[j][1]));
    }
    __syncthreads();
  }
#pragma unroll
  for (unsigned i = 0; i < 4; ++i)
#pragma unroll
    for (unsigned j = 0; j < 4; ++j)
#pragma unroll
      for (unsigned v = 0; v < 4; ++v) {
        unsigned row = bm * 128 + wm * 16 + 32 * i + g + 8 * (v / 2);
        unsigned col = bn * 128 + wn * 8 + 32 * j + 2 * t + (v % 2);
        if (row < m && col < n) c[row + (size_t)m * col] = acc[i][j][v];
      }
}
