#include "core/handles.h"

namespace unihip {

// Never destroyed: handles may be touched from atexit handlers.
HandleTable<ihipStream_t>& streamTable() {
  static auto* table = new HandleTable<ihipStream_t>();
  return *table;
}

HandleTable<ihipEvent_t>& eventTable() {
  static auto* table = new HandleTable<ihipEvent_t>();
  return *table;
}

HandleTable<ihipModule_t>& moduleTable() {
  static auto* table = new HandleTable<ihipModule_t>();
  return *table;
}

}  // namespace unihip
