import CLlama
import Foundation

/// Process-wide llama.cpp set-up: backend initialisation and log routing, done once.
public enum LlamaRuntime {
    private static let initialized: Void = {
        // llama.cpp logs every load step to stderr; keep it quiet unless asked.
        if ProcessInfo.processInfo.environment["NOTELEDGER_LLAMA_LOG"] == nil {
            llama_log_set({ _, _, _ in }, nil)
        }
        llama_backend_init()
    }()

    /// Initialises the backend once; safe to call from any thread, any number of times.
    public static func initialize() {
        _ = initialized
    }

    /// The pinned llama-cpp-python version and the llama.cpp commit it vendors.
    public static var version: String {
        "llama.cpp \(NOTELEDGER_LLAMA_CPP_COMMIT) (from llama-cpp-python \(NOTELEDGER_LLAMA_CPP_PYTHON_VERSION))"
    }

    /// CPU features llama.cpp was built with, as it reports them.
    public static var systemInfo: String {
        initialize()
        return String(cString: llama_print_system_info()).trimmingCharacters(in: .whitespaces)
    }
}
