import CRsvg

/// Turns an SVG document into a PDF or a PNG through librsvg and cairo: one drawing (the SVG a
/// page shows) gives the printable file and the picture, with the same fonts and geometry.
public enum SVGRenderer {
    public enum Format: Sendable, Equatable {
        /// Vector PDF, one page the size of the drawing.
        case pdf
        /// A picture at this many pixels per millimetre of the drawing (e.g. 12 ≈ 300 dpi).
        case png(pixelsPerMillimetre: Double)
    }

    public struct RenderError: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// The drawing's width and height must be given in millimetres (`width="210mm"`), as a
    /// printed document's are.
    public static func render(_ svg: String, as format: Format) throws(RenderError) -> [UInt8] {
        let draw = try functions()
        let bytes = Array(svg.utf8)
        var gError: UnsafeMutablePointer<crsvg_error>?
        guard let handle = bytes.withUnsafeBufferPointer({ draw.handle_new_from_data($0.baseAddress, $0.count, &gError) }) else {
            throw RenderError(description: "librsvg: " + takeMessage(gError, draw))
        }
        defer { draw.object_unref(UnsafeMutableRawPointer(handle)) }
        // rsvg answers in pixels at its default 96 dpi: back to millimetres.
        var widthPixels = 0.0, heightPixels = 0.0
        guard draw.handle_get_intrinsic_size_in_pixels(handle, &widthPixels, &heightPixels) != 0, widthPixels > 0, heightPixels > 0 else {
            throw RenderError(description: "the SVG has no width and height")
        }
        let widthMM = widthPixels * 25.4 / 96, heightMM = heightPixels * 25.4 / 96
        let sink = Sink()
        let surface: OpaquePointer?
        let scale: Double
        switch format {
        case .pdf:
            // PDF units are points.
            scale = 72 / 25.4
            surface = draw.pdf_surface_create_for_stream(Sink.write, Unmanaged.passUnretained(sink).toOpaque(), widthMM * scale, heightMM * scale)
        case .png(let perMillimetre):
            guard perMillimetre > 0, widthMM * perMillimetre < 20_000, heightMM * perMillimetre < 20_000 else {
                throw RenderError(description: "a picture of that size is not drawn")
            }
            scale = perMillimetre
            surface = draw.image_surface_create(CRSVG_FORMAT_RGB24, Int32((widthMM * scale).rounded(.up)), Int32((heightMM * scale).rounded(.up)))
        }
        guard let surface, draw.surface_status(surface) == CRSVG_STATUS_SUCCESS else { throw RenderError(description: "cairo could not make a surface") }
        defer { draw.surface_destroy(surface) }
        let cairo = draw.create(surface)
        defer { draw.destroy(cairo) }
        if case .png = format {
            draw.set_source_rgb(cairo, 1, 1, 1)
            draw.paint(cairo)
        }
        var viewport = crsvg_rectangle(x: 0, y: 0, width: widthMM * scale, height: heightMM * scale)
        guard draw.handle_render_document(handle, cairo, &viewport, &gError) != 0 else {
            throw RenderError(description: "librsvg: " + takeMessage(gError, draw))
        }
        switch format {
        case .pdf:
            draw.surface_finish(surface)
        case .png:
            draw.surface_flush(surface)
            guard draw.surface_write_to_png_stream(surface, Sink.write, Unmanaged.passUnretained(sink).toOpaque()) == CRSVG_STATUS_SUCCESS else {
                throw RenderError(description: "cairo could not write the PNG")
            }
        }
        guard draw.surface_status(surface) == CRSVG_STATUS_SUCCESS, !sink.bytes.isEmpty else {
            throw RenderError(description: "cairo could not write the document")
        }
        return sink.bytes
    }

    /// Opens librsvg and cairo now, or says which is missing and the Debian package that installs
    /// it: the server checks as it starts instead of failing its first QR-bill.
    public static func checkLibraries() throws(RenderError) {
        _ = try functions()
    }

    /// librsvg's and cairo's functions, their libraries opened on first use (`crsvg_load`).
    private static func functions() throws(RenderError) -> crsvg_api {
        var error: UnsafePointer<CChar>?
        guard let table = crsvg_load(&error) else {
            throw RenderError(description: error.map { String(cString: $0) } ?? "librsvg could not be loaded")
        }
        return table.pointee
    }

    private static func takeMessage(_ error: UnsafeMutablePointer<crsvg_error>?, _ draw: crsvg_api) -> String {
        guard let error else { return "unknown error" }
        defer { draw.error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }

    /// Where cairo's stream writes land; lives for one call.
    private final class Sink {
        var bytes: [UInt8] = []

        static let write: crsvg_write_function = { closure, data, length in
            guard let closure, let data else { return CRSVG_STATUS_WRITE_ERROR }
            let sink = Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CRSVG_STATUS_SUCCESS
        }
    }
}
