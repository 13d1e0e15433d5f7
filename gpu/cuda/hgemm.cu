// The tensor-core GEMMs of gpu/kernels/sm80/src/hgemm.rs, hand-indexed (their CUDA twins): C (m x n, column-major, f32)
// = A (m x k) B^T (n x k), A and B row-major f16; (128,128,BK) block tiles, cp.async into
// swizzled K-major shared tiles (Sw<2,3,3> o (128,32):(32,1) or Sw<3,3,3> o (128,64):(64,1)),
// three stages, ldmatrix x4 (A, and B two atoms 8*WN rows apart), mma.sync m16n8k16 over
// 2 x WN warps (WN = 4: 256 threads; WN = 2: 128 threads, sgemm_sm80's tiling).
#include <cuda_fp16.h>
#include <cstdint>

__device__ __forceinline__ void cp_async_16(uint32_t dst, const void* src, uint32_t bytes) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" :: "r"(dst), "l"(src), "r"(bytes));
}

// K step 32: bits 6-7 of a half's index (row bits 1-2) XORed into bits 3-4 (its 16-byte chunk);
// K step 64: bits 6-8 (row bits 0-2) into bits 3-5.
template <unsigned BK> __device__ __forceinline__ unsigned sw(unsigned i) {
  return BK == 32 ? i ^ ((i & 0xC0u) >> 3) : i ^ ((i & 0x1C0u) >> 3);
}

constexpr unsigned STAGES = 3;

template <unsigned BK, unsigned WN>
__device__ __forceinline__ void hgemm(unsigned m, unsigned n, unsigned k, const __half* __restrict__ a,
    const __half* __restrict__ b, float* __restrict__ c, __half* sa, __half* sb) {
  constexpr unsigned THREADS = 64 * WN, CPR = BK / 8;  // copy threads a row, 8 halves each
  constexpr unsigned NJ = 16 / WN;  // a warp's N atoms, 8 * WN rows apart
  unsigned tid = threadIdx.x, bm = blockIdx.x, bn = blockIdx.y;
  unsigned warp = tid / 32, lane = tid % 32, g = lane / 4, t = lane % 4;
  unsigned wm = warp % 2, wn = warp / 2;   // warps (2,WN)
  unsigned cr = tid / CPR, ck = (tid % CPR) * 8;
  uint32_t sa0 = (uint32_t)__cvta_generic_to_shared(sa), sb0 = (uint32_t)__cvta_generic_to_shared(sb);
  float acc[4][NJ][4] = {};
  unsigned tiles = (k + BK - 1) / BK;
  auto load = [&](unsigned kt, unsigned s) {
    for (unsigned r = 0; r < 128 * CPR / THREADS; ++r) {
      unsigned row = cr + (THREADS / CPR) * r, kk = kt * BK + ck;
      unsigned ra = bm * 128 + row, rb = bn * 128 + row;
      bool ia = ra < m && kk < k, ib = rb < n && kk < k;
      uint32_t dst = 2 * (s * 128 * BK + sw<BK>(row * BK + ck));
      cp_async_16(sa0 + dst, ia ? a + (size_t)ra * k + kk : a, ia ? 16 : 0);
      cp_async_16(sb0 + dst, ib ? b + (size_t)rb * k + kk : b, ib ? 16 : 0);
    }
  };
  for (unsigned s = 0; s < STAGES - 1; ++s) {
    if (s < tiles) load(s, s);
    asm volatile("cp.async.commit_group;");
  }
  for (unsigned kt = 0; kt < tiles; ++kt) {
    asm volatile("cp.async.wait_group %0;" :: "n"(STAGES - 2));
    __syncthreads();
    unsigned next = kt + STAGES - 1;
    if (next < tiles) load(next, next % STAGES);
    asm volatile("cp.async.commit_group;");
    uint32_t ta = sa0 + 2 * (kt % STAGES) * 128 * BK, tb = sb0 + 2 * (kt % STAGES) * 128 * BK;
#pragma unroll
    for (unsigned kk = 0; kk < BK / 16; ++kk) {
      uint32_t fa[4][4], fb[NJ][2];
#pragma unroll
      for (unsigned i = 0; i < 4; ++i) {
        unsigned row = wm * 16 + 32 * i + lane % 16, col = kk * 16 + 8 * (lane / 16);
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
                     : "=r"(fa[i][0]), "=r"(fa[i][1]), "=r"(fa[i][2]), "=r"(fa[i][3])
                     : "r"(ta + 2 * sw<BK>(row * BK + col)));
      }
#pragma unroll
      for (unsigned j = 0; j < NJ / 2; ++j) {
        unsigned nrow = wn * 8 + 16 * WN * j + 8 * WN * (lane / 16) + lane % 8, ncol = kk * 16 + 8 * ((lane / 8) % 2);
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
                     : "=r"(fb[2 * j][0]), "=r"(fb[2 * j][1]), "=r"(fb[2 * j + 1][0]), "=r"(fb[2 * j + 1][1])
                     : "r"(tb + 2 * sw<BK>(nrow * BK + ncol)));
      }
#pragma unroll
      for (unsigned i = 0; i < 4; ++i)
#pragma unroll
        for (unsigned j = 0; j < NJ; ++j)
          asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                       : "+f"(acc[i][j][0]), "+f"(acc[i][j][1]), "+f"(acc[i][j][2]), "+f"(acc[i][j][3])
                       : "r"(fa[i][0]), "r"(fa[i][1]), "r"(fa[i][2]), "r"(fa[i][3]), "r"(fb[j][0]), "r"(fb[j][1]));
    }
  }
#pragma unroll
  for (unsigned i = 0; i < 4; ++i)
#pragma unroll
    for (unsigned j = 0; j < NJ; ++j)
#pragma unroll
      for (unsigned v = 0; v < 4; ++v) {
        unsigned row = bm * 128 + wm * 16 + 32 * i + g + 8 * (v / 2);
        unsigned col = bn * 128 + wn * 8 + 8 * WN * j + 2 * t + (v % 2);
        if (row < m && col < n) c[row + (size_t)m * col] = acc[i][j][v];
      }
}

extern "C" __global__ void __launch_bounds__(256, 2) hgemm_tn(unsigned m, unsigned n, unsigned k,
    const __half* __restrict__ a, const __half* __restrict__ b, float* __restrict__ c) {
  __shared__ __align__(128) __half sa[STAGES * 128 * 32], sb[STAGES * 128 * 32];
  hgemm<32, 4>(m, n, k, a, b, c, sa, sb);
}

// 96 KiB of dynamic shared memory.
extern "C" __global__ void __launch_bounds__(256, 2) hgemm_tn_k64(unsigned m, unsigned n, unsigned k,
    const __half* __restrict__ a, const __half* __restrict__ b, float* __restrict__ c) {
  extern __shared__ __align__(128) __half dynamic[];
  hgemm<64, 4>(m, n, k, a, b, c, dynamic, dynamic + STAGES * 128 * 64);
}

// 128 threads, 96 KiB of dynamic shared memory.
extern "C" __global__ void __launch_bounds__(128, 2) hgemm_tn_k64_128(unsigned m, unsigned n, unsigned k,
    const __half* __restrict__ a, const __half* __restrict__ b, float* __restrict__ c) {
  extern __shared__ __align__(128) __half dynamic[];
  hgemm<64, 2>(m, n, k, a, b, c, dynamic, dynamic + STAGES * 128 * 64);
}
