// Virtual functions in device code: an abstract base class's vtable holds __cxa_pure_virtual,
// which neither vendor's device libraries define; unihip's headers give the device passes a
// trapping one, so the program links for NVIDIA and AMD (issue 35).
#include <hip/hip_runtime.h>

struct Shape {
  __device__ virtual float area() const = 0;
  __device__ virtual ~Shape() {}
};
struct Square : Shape {
  float side;
  __device__ explicit Square(float s) : side(s) {}
  __device__ float area() const override { return side * side; }
};

__global__ void areaKernel(float* out) {
  Square sq(out[0]);
  const Shape* shape = &sq;
  out[1] = shape->area();
}

int main() { return 0; }
