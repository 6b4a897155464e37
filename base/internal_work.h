// Work the runtime does for itself on a caller's thread (graph memory allocated or freed, a
// module load moving __managed__ variables into managed memory): not the caller's call, so a
// stream capture neither refuses it as "unsafe" nor records it.
#pragma once

namespace unihip {

inline thread_local bool t_internalWork = false;

class InternalWork {
 public:
  InternalWork() : previous_(t_internalWork) { t_internalWork = true; }
  ~InternalWork() { t_internalWork = previous_; }
  InternalWork(const InternalWork&) = delete;
  InternalWork& operator=(const InternalWork&) = delete;

 private:
  bool previous_;
};

}  // namespace unihip
