import Foundation

/// This machine's processor as /proc/cpuinfo's first processor describes it.
enum ProcessorInfo {
    /// Its "vendor_id", "model name" and "flags" lines; empty when /proc/cpuinfo cannot be read.
    static let describingLines: [Substring] = {
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return [] }
        let firstProcessor = info.components(separatedBy: "\n\n").first ?? ""
        return firstProcessor.split(separator: "\n").filter { line in
            ["vendor_id", "model name", "flags"].contains { line.hasPrefix($0) }
        }
    }()

    /// Its instruction set flags ("avx2", "avx512_vnni", …).
    static let flags: Set<String> = flags(inFlagsLine: describingLines.first { $0.hasPrefix("flags") })

    /// "flags\t\t: fpu vme avx2" → ["fpu", "vme", "avx2"].
    static func flags(inFlagsLine line: Substring?) -> Set<String> {
        guard let line, let colon = line.firstIndex(of: ":") else { return [] }
        return Set(line[line.index(after: colon)...].split(separator: " ").map(String.init))
    }
}
