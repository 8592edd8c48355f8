/// The version shown by `scanbook version` and the `/healthz` endpoint.
public enum ScanbookVersion {
    public static let current = "0.1.0"
}
