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
        let bytes = Array(svg.utf8)
        var gError: UnsafeMutablePointer<GError>?
        guard let handle = bytes.withUnsafeBufferPointer({ rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &gError) }) else {
            throw RenderError(description: "librsvg: " + takeMessage(gError))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        // rsvg answers in pixels at its default 96 dpi: back to millimetres.
        var widthPixels = 0.0, heightPixels = 0.0
        guard rsvg_handle_get_intrinsic_size_in_pixels(handle, &widthPixels, &heightPixels) != 0, widthPixels > 0, heightPixels > 0 else {
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
            surface = cairo_pdf_surface_create_for_stream(Sink.write, Unmanaged.passUnretained(sink).toOpaque(), widthMM * scale, heightMM * scale)
        case .png(let perMillimetre):
            guard perMillimetre > 0, widthMM * perMillimetre < 20_000, heightMM * perMillimetre < 20_000 else {
                throw RenderError(description: "a picture of that size is not drawn")
            }
            scale = perMillimetre
            surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32((widthMM * scale).rounded(.up)), Int32((heightMM * scale).rounded(.up)))
        }
        guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { throw RenderError(description: "cairo could not make a surface") }
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)
        defer { cairo_destroy(cairo) }
        if case .png = format {
            cairo_set_source_rgb(cairo, 1, 1, 1)
            cairo_paint(cairo)
        }
        var viewport = RsvgRectangle(x: 0, y: 0, width: widthMM * scale, height: heightMM * scale)
        guard rsvg_handle_render_document(handle, cairo, &viewport, &gError) != 0 else {
            throw RenderError(description: "librsvg: " + takeMessage(gError))
        }
        switch format {
        case .pdf:
            cairo_surface_finish(surface)
        case .png:
            cairo_surface_flush(surface)
            guard cairo_surface_write_to_png_stream(surface, Sink.write, Unmanaged.passUnretained(sink).toOpaque()) == CAIRO_STATUS_SUCCESS else {
                throw RenderError(description: "cairo could not write the PNG")
            }
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, !sink.bytes.isEmpty else {
            throw RenderError(description: "cairo could not write the document")
        }
        return sink.bytes
    }

    private static func takeMessage(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }

    /// Where cairo's stream writes land; lives for one call.
    private final class Sink {
        var bytes: [UInt8] = []

        static let write: cairo_write_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            let sink = Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }
    }
}
