import CZBar
import ScanbookCore
import ScanbookVision

/// Finds and decodes QR codes and EAN-13/EAN-8/UPC barcodes with zbar; several per image.
public enum BarcodeReader {
    public static func decode(_ image: Image) throws -> [Barcode] {
        let gray = try image.channels == 1 ? image : image.grayscale()
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

    private static func scan(_ gray: Image) throws -> [Barcode] {
        try gray.withPixels { pixels -> [Barcode] in
            guard pixels.stride == pixels.width, let base = pixels.base else {
                throw OCRError("barcode scanning needs contiguous gray pixels")
            }
            guard let scanner = zbar_image_scanner_create() else { throw OCRError("zbar could not be created") }
            defer { zbar_image_scanner_destroy(scanner) }
            zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 1)
            guard let zimage = zbar_image_create() else { throw OCRError("zbar could not be created") }
            defer { zbar_image_destroy(zimage) }
            let y800: UInt = 0x30303859  // fourcc "Y800": 8-bit gray
            zbar_image_set_format(zimage, y800)
            zbar_image_set_size(zimage, UInt32(pixels.width), UInt32(pixels.height))
            zbar_image_set_data(zimage, base, UInt(pixels.width * pixels.height), nil)
            guard zbar_scan_image(scanner, zimage) >= 0 else { throw OCRError("zbar failed to scan the image") }

            var codes: [Barcode] = []
            var symbol = zbar_image_first_symbol(zimage)
            while let current = symbol {
                let length = Int(zbar_symbol_get_data_length(current))
                let payload = zbar_symbol_get_data(current).map { pointer in
                    pointer.withMemoryRebound(to: UInt8.self, capacity: length) { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) }
                } ?? ""
                let corners = (0..<zbar_symbol_get_loc_size(current)).map { index in
                    [Int(zbar_symbol_get_loc_x(current, index)), Int(zbar_symbol_get_loc_y(current, index))]
                }
                codes.append(Barcode(symbology: symbology(zbar_symbol_get_type(current)), payload: payload, corners: corners))
                symbol = zbar_symbol_next(current)
            }
            return codes
        }
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
