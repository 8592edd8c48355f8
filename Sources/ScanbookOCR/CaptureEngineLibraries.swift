/// The native libraries the capture engine opens when it first needs them (Tesseract, zbar).
public enum CaptureEngineLibraries {
    /// Opens them now, or says which is missing and the Debian package that installs it: a server
    /// checks before it takes jobs, so a machine without them fails as it starts, not at its
    /// first photo.
    public static func check() throws {
        _ = try TesseractLibrary.functions()
        _ = try BarcodeReader.zbar()
    }
}
