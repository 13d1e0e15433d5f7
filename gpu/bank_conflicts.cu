// Replays the shared-memory accesses of gpu/bank_cases.txt (written by
// `cargo run --example bank_cases`): one warp, one load per lane of the given width at the given
// byte address, one kernel launch per case, in file order, so that Nsight Compute's shared-load
// wavefronts of launch i are case i's. Usage: bank_conflicts gpu/bank_cases.txt
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

constexpr int kSmem = 48 * 1024;

template <int W>
__global__ void probe(const unsigned* addr, unsigned* out) {
  __shared__ __align__(16) unsigned char smem[kSmem];
  for (int i = threadIdx.x; i < kSmem / 4; i += blockDim.x) reinterpret_cast<unsigned*>(smem)[i] = i;
  __syncthreads();
  const unsigned char* p = smem + addr[threadIdx.x];
  unsigned r;
  if constexpr (W == 16) { uint4 v = *reinterpret_cast<const uint4*>(p); r = v.x ^ v.y ^ v.z ^ v.w; }
  else if constexpr (W == 8) { uint2 v = *reinterpret_cast<const uint2*>(p); r = v.x ^ v.y; }
  else if constexpr (W == 4) { r = *reinterpret_cast<const unsigned*>(p); }
  else { r = *reinterpret_cast<const unsigned short*>(p); }
  out[threadIdx.x] = r;
}

int main(int argc, char** argv) {
  FILE* f = fopen(argc > 1 ? argv[1] : "gpu/bank_cases.txt", "r");
  if (!f) { perror("cases"); return 1; }
  unsigned *addr, *out;
  cudaMalloc(&addr, 32 * sizeof(unsigned));
  cudaMalloc(&out, 32 * sizeof(unsigned));
  char name[128];
  int width, model;
  while (fscanf(f, "%127s %d %d", name, &width, &model) == 3) {
    unsigned host[32];
    for (int i = 0; i < 32; ++i)
      if (fscanf(f, "%u", &host[i]) != 1) return 1;
    cudaMemcpy(addr, host, sizeof host, cudaMemcpyHostToDevice);
    switch (width) {
      case 16: probe<16><<<1, 32>>>(addr, out); break;
      case 8: probe<8><<<1, 32>>>(addr, out); break;
      case 4: probe<4><<<1, 32>>>(addr, out); break;
      default: probe<2><<<1, 32>>>(addr, out); break;
    }
    cudaError_t e = cudaDeviceSynchronize();
    printf("%s width=%d model=%d %s\n", name, width, model, cudaGetErrorString(e));
  }
  return 0;
}
