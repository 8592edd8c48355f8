import Foundation

/// The message as it crosses the wire after DATA (RFC 5322 with MIME): CRLF line ends, a
/// non-ASCII subject or sender name as RFC 2047 encoded words, the UTF-8 body in quoted-printable
/// (so no line is too long and no 8-bit support is needed), and dot-stuffing.
extension MailMessage {
    func wireFormat(from sender: MailAddress, date: Date, messageID: String) -> String {
        let headers = [
            "Date: \(Self.rfc5322Date(date))",
            "From: \(sender.name.map { "\(Self.headerWord($0)) <\(sender.address)>" } ?? sender.address)",
            "To: \(to)",
            "Subject: \(Self.headerWord(subject))",
            "Message-ID: <\(messageID)>",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: quoted-printable",
            // Tells vacation responders not to answer a machine.
            "Auto-Submitted: auto-generated",
        ]
        return Self.dotStuffed(headers.joined(separator: "\r\n") + "\r\n\r\n" + Self.quotedPrintable(text))
    }

    /// A line that starts with "." gets a second one, so it cannot end the DATA section (RFC 5321 4.5.2).
    static func dotStuffed(_ text: String) -> String {
        text.components(separatedBy: "\r\n").map { $0.hasPrefix(".") ? "." + $0 : $0 }.joined(separator: "\r\n")
    }

    /// ASCII text as is; anything else as base64 encoded words of at most 75 characters, folded
    /// onto continuation lines, each word holding whole characters.
    static func headerWord(_ text: String) -> String {
        let flat = text.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
        if flat.unicodeScalars.allSatisfy({ $0.value >= 32 && $0.value < 127 }) && !flat.contains("=?") { return flat }
        var words: [[UInt8]] = []
        var chunk: [UInt8] = []
        for character in flat {
            let bytes = Array(String(character).utf8)
            // 45 bytes make 60 base64 characters: "=?UTF-8?B?" + 60 + "?=" is 72.
            if chunk.count + bytes.count > 45, !chunk.isEmpty {
                words.append(chunk)
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append(chunk) }
        return words.map { "=?UTF-8?B?\(Data($0).base64EncodedString())?=" }.joined(separator: "\r\n ")
    }

    /// RFC 2045 quoted-printable with CRLF hard breaks and soft breaks keeping lines under 77.
    static func quotedPrintable(_ text: String) -> String {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        return lines.map { line in
            var output = "", current = 0
            let bytes = Array(line.utf8)
            for (index, byte) in bytes.enumerated() {
                let isLast = index == bytes.count - 1
                let literal = ((33...126).contains(byte) && byte != UInt8(ascii: "=")) || ((byte == 32 || byte == 9) && !isLast)
                let token = literal ? String(UnicodeScalar(byte)) : String(format: "=%02X", byte)
                if current + token.count > 75 {
                    output += "=\r\n"
                    current = 0
                }
                output += token
                current += token.count
            }
            return output
        }.joined(separator: "\r\n")
    }

    static func rfc5322Date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}
