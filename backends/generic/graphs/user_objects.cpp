// Generic graphs: user objects, destroyed (their destructor called) when the last reference,
// the caller's or a graph's, goes.
#include "generic/graphs/generic_graphs.h"

namespace unihip {

using generic_graphs::Graph;
using generic_graphs::UserObject;

Status GenericGraphs::changeRefs(UserObject* o, long long count) {
  o->refs += count;
  if (o->refs <= 0) {
    if (o->destroy != nullptr) o->destroy(o->ptr);
    delete o;
  }
  return kOk;
}

Status GenericGraphs::userObjectCreate(int, void* ptr, hipHostFn_t destroy,
                                       unsigned int refcount, unsigned int,
                                       NativeUserObject* object) {
  *object = new UserObject{ptr, destroy, static_cast<long long>(refcount)};
  return kOk;
}

Status GenericGraphs::userObjectRefs(int, NativeUserObject object, long long count) {
  std::lock_guard lock(mutex_);
  return changeRefs(static_cast<UserObject*>(object), count);
}

Status GenericGraphs::graphUserObjectRefs(int, NativeGraph graph, NativeUserObject object,
                                          long long count, unsigned int flags) {
  std::lock_guard lock(mutex_);
  auto* o = static_cast<UserObject*>(object);
  long long& held = static_cast<Graph*>(graph)->objects[o];
  if (count < 0 && held < -count) return hipErrorInvalidValue;
  held += count;
  if (held == 0) static_cast<Graph*>(graph)->objects.erase(o);
  // A moved reference is the caller's, now the graph's: no change in the total.
  if (count > 0 && flags == hipGraphUserObjectMove) return kOk;
  return changeRefs(o, count);
}

}  // namespace unihip
