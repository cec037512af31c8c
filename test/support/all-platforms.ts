// Every platform loaded before a test file's modules, as the library's entries load them: a test that
// wants a run's own loading (issue 44) starts from a fresh registry (`vi.resetModules()`).
import "../../src/platforms/all-platforms.js";
