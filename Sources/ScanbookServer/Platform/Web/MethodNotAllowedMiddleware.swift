import Vapor

/// A path that exists but not for the request's method is a 405 naming the methods it has
/// (`Allow`), not the router's 404 (RFC 9110 §15.5.6).
struct MethodNotAllowedMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        // A route whose parameter took a word another method's route has as a constant
        // ("PUT /form-templates/import" met "PUT /form-templates/:templateID"): the request is for
        // the constant path, which does not have this method, whatever its body holds.
        if let route = request.route, route.path.contains(where: { if case .constant = $0 { false } else { true } }) {
            let constant = request.application.routeMethods.methods(forConstantPath: request.url.path)
            if !constant.isEmpty, !constant.contains(request.method.rawValue) {
                throw Abort(.methodNotAllowed, headers: ["Allow": constant.joined(separator: ", ")])
            }
        }
        do {
            return try await next.respond(to: request)
        } catch let abort as any AbortError where abort.status == .notFound {
            // No route for this method; or one whose parameter took a word another method's route
            // has as a constant ("PATCH /receipts/manual" met "PATCH /receipts/:receiptID", while
            // "/receipts/manual" is POST only).
            // Unrouted, a constant path is what the request named: the router prefers a constant
            // segment and does not fall back to a parameter ("GET /payments/slips" walks into
            // "/payments/slips/:captureID" and never reaches "GET /payments/:paymentID").
            let methods = request.application.routeMethods
            let constant = methods.methods(forConstantPath: request.url.path)
            let allowed = request.route == nil && constant.isEmpty ? methods.methods(for: request.url.path) : constant
            guard !allowed.isEmpty, !allowed.contains(request.method.rawValue) else { throw abort }
            throw Abort(.methodNotAllowed, headers: ["Allow": allowed.joined(separator: ", ")])
        }
    }
}

/// Which methods each registered path answers, for `MethodNotAllowedMiddleware`; built once after
/// the routes are registered.
struct RouteMethods: Sendable {
    private let paths: [(path: [PathComponent], methods: [String])]

    init(_ routes: [Route]) {
        var methods: [String: (path: [PathComponent], methods: Set<String>)] = [:]
        for route in routes {
            let key = route.path.map(\.description).joined(separator: "/")
            methods[key, default: (route.path, [])].methods.insert(route.method.rawValue)
        }
        paths = methods.values.map { entry in
            (entry.path, (entry.methods.contains("GET") ? entry.methods.union(["HEAD"]) : entry.methods).sorted())
        }
    }

    func methods(for path: String) -> [String] {
        let segments = path.split(separator: "/").map(String.init)
        return Array(Set(paths.filter { Self.matches($0.path, segments) }.flatMap(\.methods))).sorted()
    }

    /// The methods of routes that name this path with constants only.
    func methods(forConstantPath path: String) -> [String] {
        let segments = path.split(separator: "/").map(String.init)
        let constant = paths.filter { entry in
            entry.path.count == segments.count && zip(entry.path, segments).allSatisfy { component, segment in
                if case .constant(let text) = component { return text == segment }
                return false
            }
        }
        return Array(Set(constant.flatMap(\.methods))).sorted()
    }

    private static func matches(_ components: [PathComponent], _ segments: [String]) -> Bool {
        for (index, component) in components.enumerated() {
            switch component {
            case .catchall: return index < segments.count
            case .constant(let text): guard index < segments.count, segments[index] == text else { return false }
            case .parameter, .anything: guard index < segments.count else { return false }
            }
        }
        return components.count == segments.count
    }
}

extension Application {
    private struct RouteMethodsKey: StorageKey { typealias Value = RouteMethods }

    var routeMethods: RouteMethods {
        get { storage[RouteMethodsKey.self] ?? RouteMethods([]) }
        set { storage[RouteMethodsKey.self] = newValue }
    }
}
