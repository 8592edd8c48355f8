import CBarcode
import CZBar
import ScanbookCore
import ScanbookVision

/// Finds and decodes QR codes and EAN-13/EAN-8/UPC barcodes (ZXing, then zbar); several per image.
public enum BarcodeReader {
    /// Every QR code and retail barcode on the image. ZXing reads first: it finds small, dense,
    /// rotated and inverted codes (QR-bills of ~3 px per module) that zbar misses; zbar, at full and
    /// half size, is the fallback when ZXing finds nothing.
    public static func decode(_ image: Image) throws -> [Barcode] {
        let gray = try image.channels == 1 ? image : image.grayscale()
        let zxing = try readWithZXing(gray)
        if !zxing.isEmpty { return zxing }
        var found = try scan(gray)
        // zbar misses large, blurred phone-photo codes at full size more often than at half size.
        if found.isEmpty, max(gray.width, gray.height) > 1200 {
            let half = try gray.resized(width: gray.width / 2, height: gray.height / 2)
            found = try scan(half).map { code in
                var scaled = code
                scaled.corners = code.corners.map { $0.map { $0 * 2 } }
                return scaled
            }
        }
        return found
    }

    /// ZXing on the gray pixels, then (nothing found) on them stretched to full contrast (a bill
    /// photographed in dim light), then inverted (light modules on a dark ground).
    private static func readWithZXing(_ gray: Image) throws -> [Barcode] {
        let (pixels, width, height) = gray.withPixels { buffer -> ([UInt8], Int, Int) in
            guard let base = buffer.base else { return ([], 0, 0) }
            var rows: [UInt8] = []
            rows.reserveCapacity(buffer.width * buffer.height)
            for y in 0..<buffer.height { rows.append(contentsOf: UnsafeBufferPointer(start: base + y * buffer.stride, count: buffer.width)) }
            return (rows, buffer.width, buffer.height)
        }
        guard !pixels.isEmpty else { return [] }
        let variants: [() -> [UInt8]] = [{ pixels }, { stretched(pixels) }, { pixels.map { 255 - $0 } }]
        for variant in variants {
            let found = try zxing(variant(), width: width, height: height)
            if !found.isEmpty { return found }
        }
        return []
    }

    /// The 1st to 99th percentile of brightness spread over 0–255.
    static func stretched(_ pixels: [UInt8]) -> [UInt8] {
        var histogram = [Int](repeating: 0, count: 256)
        for value in pixels { histogram[Int(value)] += 1 }
        let cut = pixels.count / 100
        var low = 0, high = 255, seen = 0
        while low < 255, seen + histogram[low] <= cut { seen += histogram[low]; low += 1 }
        seen = 0
        while high > low, seen + histogram[high] <= cut { seen += histogram[high]; high -= 1 }
        guard high - low > 8, high - low < 200 else { return pixels }
        let range = high - low
        return pixels.map { UInt8(clamping: (Int($0) - low) * 255 / range) }
    }

    private static func zxing(_ pixels: [UInt8], width: Int, height: Int) throws -> [Barcode] {
        try pixels.withUnsafeBufferPointer { buffer -> [Barcode] in
            guard let base = buffer.baseAddress else { return [] }
            var codes: UnsafeMutablePointer<cb_code>?
            var message = [CChar](repeating: 0, count: 256)
            let count = cb_read(base, Int32(width), Int32(height), Int32(width), &codes, &message, Int32(message.count))
            guard count >= 0 else { throw OCRError("ZXing: " + String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
            defer { cb_free(codes, count) }
            guard let codes else { return [] }
            return (0..<Int(count)).map { index in
                let code = codes[index]
                let payload = code.text.map { text in
                    text.withMemoryRebound(to: UInt8.self, capacity: Int(code.length)) {
                        String(decoding: UnsafeBufferPointer(start: $0, count: Int(code.length)), as: UTF8.self)
                    }
                } ?? ""
                let points = withUnsafeBytes(of: code.corners) { Array($0.bindMemory(to: Int32.self)) }
                let corners = stride(from: 0, to: 8, by: 2).map { [Int(points[$0]), Int(points[$0 + 1])] }
                return Barcode(symbology: symbology(code.symbology), payload: payload, corners: corners)
            }
        }
    }

    private static func symbology(_ code: Int32) -> Barcode.Symbology {
        switch Int(code) {
        case CB_QR_CODE: .qrCode
        case CB_EAN_13: .ean13
        case CB_EAN_8: .ean8
        case CB_UPC_A: .upcA
        case CB_UPC_E: .upcE
        default: .other
        }
    }

    private static func scan(_ gray: Image) throws -> [Barcode] {
        try gray.withPixels { pixels -> [Barcode] in
            guard pixels.stride == pixels.width, let base = pixels.base else {
                throw OCRError("barcode scanning needs contiguous gray pixels")
            }
            let zbar = try Self.zbar()
            guard let scanner = zbar.image_scanner_create() else { throw OCRError("zbar could not be created") }
            defer { zbar.image_scanner_destroy(scanner) }
            _ = zbar.image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 1)
            // GS1 DataBar is never on bills or groceries here, and its decoder floods stderr with assertions.
            _ = zbar.image_scanner_set_config(scanner, ZBAR_DATABAR, ZBAR_CFG_ENABLE, 0)
            _ = zbar.image_scanner_set_config(scanner, ZBAR_DATABAR_EXP, ZBAR_CFG_ENABLE, 0)
            guard let zimage = zbar.image_create() else { throw OCRError("zbar could not be created") }
            defer { zbar.image_destroy(zimage) }
            let y800: UInt = 0x30303859  // fourcc "Y800": 8-bit gray
            zbar.image_set_format(zimage, y800)
            zbar.image_set_size(zimage, UInt32(pixels.width), UInt32(pixels.height))
            zbar.image_set_data(zimage, base, UInt(pixels.width * pixels.height), nil)
            guard zbar.scan_image(scanner, zimage) >= 0 else { throw OCRError("zbar failed to scan the image") }

            var codes: [Barcode] = []
            var symbol = zbar.image_first_symbol(zimage)
            while let current = symbol {
                let length = Int(zbar.symbol_get_data_length(current))
                let payload = zbar.symbol_get_data(current).map { pointer in
                    pointer.withMemoryRebound(to: UInt8.self, capacity: length) { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) }
                } ?? ""
                let corners = (0..<zbar.symbol_get_loc_size(current)).map { index in
                    [Int(zbar.symbol_get_loc_x(current, index)), Int(zbar.symbol_get_loc_y(current, index))]
                }
                codes.append(Barcode(symbology: symbology(zbar.symbol_get_type(current)), payload: payload, corners: corners))
                symbol = zbar.symbol_next(current)
            }
            return codes
        }
    }

    /// zbar's functions, its library opened on first use (`czbar_load`).
    static func zbar() throws -> czbar_api {
        var error: UnsafePointer<CChar>?
        guard let table = czbar_load(&error) else {
            throw OCRError(error.map { String(cString: $0) } ?? "zbar's library could not be loaded")
        }
        return table.pointee
    }

    private static func symbology(_ type: zbar_symbol_type_t) -> Barcode.Symbology {
        switch type {
        case ZBAR_QRCODE: .qrCode
        case ZBAR_EAN13: .ean13
        case ZBAR_EAN8: .ean8
        case ZBAR_UPCA: .upcA
        case ZBAR_UPCE: .upcE
        default: .other
        }
    }
}
