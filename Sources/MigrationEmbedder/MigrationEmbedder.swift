import Foundation

/// Usage: MigrationEmbedder OUTPUT.swift FILE.sql...
/// Writes a Swift file holding each migration's file name and SQL text, in the order given.
#if FUZZING
// The fuzz build (`make fuzz`, `-D FUZZING`) links every executable, this build tool too, with
// libFuzzer, whose `main` calls this first: the tool does its work here and exits.
@_cdecl("LLVMFuzzerInitialize")
public func embedMigrationsUnderLibFuzzer(_ argc: UnsafeMutablePointer<CInt>,
                                          _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    MigrationEmbedder.main()
    exit(0)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func migrationEmbedderIsNoFuzzTarget(_ start: UnsafeRawPointer, _ count: Int) -> CInt { 0 }
#endif

#if !FUZZING
@main
#endif
enum MigrationEmbedder {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let output = arguments.first else {
            FileHandle.standardError.write(Data("usage: MigrationEmbedder OUTPUT.swift FILE.sql...\n".utf8))
            exit(64)
        }
        var source = "// Generated at build time from Migrations/*.sql by the EmbedMigrations plugin. Do not edit.\n\n"
        source += "let embeddedMigrations: [(name: String, sql: String)] = [\n"
        for path in arguments.dropFirst() {
            let url = URL(fileURLWithPath: path)
            guard let sql = try? String(contentsOf: url, encoding: .utf8) else {
                FileHandle.standardError.write(Data("MigrationEmbedder: cannot read \(path)\n".utf8))
                exit(1)
            }
            // A raw string delimited by enough # that the SQL cannot end it.
            var hashes = "#"
            while sql.contains("\"" + hashes) { hashes += "#" }
            source += "    (name: \"\(url.lastPathComponent)\", sql: \(hashes)\"\"\"\n\(sql)\n\"\"\"\(hashes)),\n"
        }
        source += "]\n"
        do {
            try source.write(toFile: output, atomically: true, encoding: .utf8)
        } catch {
            FileHandle.standardError.write(Data("MigrationEmbedder: cannot write \(output): \(error)\n".utf8))
            exit(1)
        }
    }
}
