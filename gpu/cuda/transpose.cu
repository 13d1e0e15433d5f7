// The transpose kernel of gpu/kernels/sm80/src/transpose.rs, hand-indexed: a (32,32) tile through
// shared memory, columns XOR-swizzled by the row (no padding), a (32,8) block.
extern "C" __global__ void transpose(const float* __restrict__ in, float* __restrict__ out,
                                     unsigned m, unsigned n) {
  __shared__ float tile[32 * 32];
  unsigned tx = threadIdx.x, ty = threadIdx.y, bx = blockIdx.x, by = blockIdx.y;
  for (unsigned j = 0; j < 4; ++j) {
    unsigned r = ty + 8 * j, i = by * 32 + r, c = bx * 32 + tx;
    if (i < m && c < n) tile[r * 32 + (tx ^ r)] = in[i * n + c];
  }
  __syncthreads();
  for (unsigned j = 0; j < 4; ++j) {
    unsigned r = ty + 8 * j, i = bx * 32 + r, c = by * 32 + tx;
    if (i < n && c < m) out[i * m + c] = tile[tx * 32 + (r ^ tx)];
  }
}

// The same with a (32,4) block: each thread moves 8 rows.
extern "C" __global__ void transpose_r8(const float* __restrict__ in, float* __restrict__ out,
                                        unsigned m, unsigned n) {
  __shared__ float tile[32 * 32];
  unsigned tx = threadIdx.x, ty = threadIdx.y, bx = blockIdx.x, by = blockIdx.y;
  for (unsigned j = 0; j < 8; ++j) {
    unsigned r = ty + 4 * j, i = by * 32 + r, c = bx * 32 + tx;
    if (i < m && c < n) tile[r * 32 + (tx ^ r)] = in[i * n + c];
  }
  __syncthreads();
  for (unsigned j = 0; j < 8; ++j) {
    unsigned r = ty + 4 * j, i = bx * 32 + r, c = by * 32 + tx;
    if (i < n && c < m) out[i * m + c] = tile[tx * 32 + (r ^ tx)];
  }
}
