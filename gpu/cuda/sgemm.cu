// The SGEMM of gpu/kernels/sm80/src/sgemm.rs (CuTe's sgemm_1 NT), hand-indexed (its CUDA twin): (128,128,8) block
// tiles, (32,8) threads copy A and B to shared memory, (16,16) threads compute 8x8 each.
// A m x k, B n x k, C m x n, column-major; C = alpha A B^T + beta C.
#include <type_traits>
extern "C" __global__ void __launch_bounds__(256, 2) sgemm_nt(unsigned m, unsigned n, unsigned k,
    float alpha, const float* __restrict__ a, const float* __restrict__ b, float beta,
    float* __restrict__ c) {
  __shared__ float sa[128 * 8], sb[128 * 8];
  unsigned tid = threadIdx.x, bm = blockIdx.x, bn = blockIdx.y;
  unsigned cr = tid % 32, ck = tid / 32;   // copy thread (32,8)
  unsigned tm = tid % 16, tn = tid / 16;   // math thread (16,16)
  float acc[8][8] = {};
  bool interior = (bm + 1) * 128 <= m && (bn + 1) * 128 <= n && k % 8 == 0;
  auto main_loop = [&](auto predicate) {
  constexpr bool predicated = decltype(predicate)::value;
  for (unsigned kt = 0; kt < (k + 7) / 8; ++kt) {
    unsigned kk = kt * 8 + ck;
    for (unsigned i = 0; i < 4; ++i) {
      unsigned r = cr + 32 * i, ra = bm * 128 + r, rb = bn * 128 + r;
      sa[r + 128 * ck] = (!predicated || (ra < m && kk < k)) ? a[ra + (size_t)m * kk] : 0.f;
      sb[r + 128 * ck] = (!predicated || (rb < n && kk < k)) ? b[rb + (size_t)n * kk] : 0.f;
    }
    __syncthreads();
#pragma unroll
    for (unsigned p = 0; p < 8; ++p) {
      float ra[8], rb[8];
#pragma unroll
      for (unsigned i = 0; i < 8; ++i) { ra[i] = sa[tm + 16 * i + 128 * p]; rb[i] = sb[tn + 16 * i + 128 * p]; }
#pragma unroll
      for (unsigned i = 0; i < 8; ++i)
#pragma unroll
        for (unsigned j = 0; j < 8; ++j) acc[i][j] = fmaf(ra[i], rb[j], acc[i][j]);
    }
    __syncthreads();
  }
  };
  // Blocks inside the matrices load without predicates: the loop twice, one test.
  if (interior) main_loop(std::false_type{}); else main_loop(std::true_type{});
#pragma unroll
  for (unsigned i = 0; i < 8; ++i)
#pragma unroll
    for (unsigned j = 0; j < 8; ++j) {
      unsigned r = bm * 128 + tm + 16 * i, col = bn * 128 + tn + 16 * j;
      if (r < m && col < n) {
        float* p = c + r + (size_t)m * col;
        *p = fmaf(alpha, acc[i][j], beta * *p);
      }
    }
}

// TN: A and B K-major (row-major m x k and n x k), the shared tiles K-major (128,8):(8,1) and the
// copy threads (32,8):(8,1), as sgemm_1's gemm_tn.
extern "C" __global__ void __launch_bounds__(256, 2) sgemm_tn(unsigned m, unsigned n, unsigned k,
    float alpha, const float* __restrict__ a, const float* __restrict__ b, float beta,
    float* __restrict__ c) {
  __shared__ float sa[128 * 8], sb[128 * 8];
  unsigned tid = threadIdx.x, bm = blockIdx.x, bn = blockIdx.y;
  unsigned cr = tid / 8, ck = tid % 8;     // copy thread (32,8):(8,1)
  unsigned tm = tid % 16, tn = tid / 16;   // math thread (16,16)
  float acc[8][8] = {};
  for (unsigned kt = 0; kt < (k + 7) / 8; ++kt) {
    unsigned kk = kt * 8 + ck;
    float va[4], vb[4];
#pragma unroll
    for (unsigned i = 0; i < 4; ++i) {
      unsigned r = cr + 32 * i, ra = bm * 128 + r, rb = bn * 128 + r;
      va[i] = (ra < m && kk < k) ? a[(size_t)ra * k + kk] : 0.f;
      vb[i] = (rb < n && kk < k) ? b[(size_t)rb * k + kk] : 0.f;
    }
#pragma unroll
    for (unsigned i = 0; i < 4; ++i) {
      sa[(cr + 32 * i) * 8 + ck] = va[i];
      sb[(cr + 32 * i) * 8 + ck] = vb[i];
    }
    __syncthreads();
#pragma unroll
    for (unsigned p = 0; p < 8; ++p) {
      float ra[8], rb[8];
#pragma unroll
      for (unsigned i = 0; i < 8; ++i) { ra[i] = sa[(tm + 16 * i) * 8 + p]; rb[i] = sb[(tn + 16 * i) * 8 + p]; }
#pragma unroll
      for (unsigned i = 0; i < 8; ++i)
#pragma unroll
        for (unsigned j = 0; j < 8; ++j) acc[i][j] = fmaf(ra[i], rb[j], acc[i][j]);
    }
    __syncthreads();
  }
#pragma unroll
  for (unsigned i = 0; i < 8; ++i)
#pragma unroll
    for (unsigned j = 0; j < 8; ++j) {
      unsigned r = bm * 128 + tm + 16 * i, col = bn * 128 + tn + 16 * j;
      if (r < m && col < n) {
        float* p = c + r + (size_t)m * col;
        *p = fmaf(alpha, acc[i][j], beta * *p);
      }
    }
}
